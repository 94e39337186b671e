"""The table: whose turn and which round, the draft row, and every player's pier."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...engine import Decision, Game, Phase
from ...session import Session
from ..widgets.draft_row import DraftRow
from ..widgets.hint_line import HintLine
from ..widgets.pier_panel import PierPanel


class PiersScroll(VerticalScroll, can_focus=False):
    """Scrolls with the wheel or PgUp/PgDn; never takes focus from the draft row."""


class TableScreen(Screen):
    """Shows the session's game; the draft row's `Picked` message goes up to the app."""

    BINDINGS = [
        Binding("pageup", "scroll_piers(-1)", "Piers ↑", show=False),
        Binding("pagedown", "scroll_piers(1)", "Piers ↓", show=False),
        Binding("h", "hint", "Hint"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.moves: list[str] = []  # the last moves, newest last (set by the app)
        self.thinking = False  # True while a bot decides for the current player

    def compose(self) -> ComposeResult:
        yield Static("", id="status")
        yield Static("", id="moves")
        yield HintLine(id="hint")
        yield DraftRow(id="draft-row")
        with PiersScroll(id="piers-scroll"):
            with Horizontal(id="piers"):
                for seat in range(self.session.players):
                    yield PierPanel(seat, id=f"pier-{seat}", classes="pier-panel")
        yield Footer()

    def on_mount(self) -> None:
        self.show_game()

    def action_scroll_piers(self, direction: int) -> None:
        scroll = self.query_one(PiersScroll)
        scroll.scroll_page_down() if direction > 0 else scroll.scroll_page_up()

    def human_drafting(self) -> bool:
        game = self.session.game
        return game.phase is Phase.DRAFT and not self.thinking

    def action_hint(self) -> None:
        if self.human_drafting():
            self.app.request_hint(self)  # type: ignore[attr-defined]

    def show_hint(self, text: str, decision: Decision | None = None) -> None:
        self.query_one(HintLine).show(text)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "hint":
            return self.human_drafting()
        return True

    def show_game(self) -> None:
        """Redraw everything from the session's game."""
        if not self.query("#status"):
            return  # not composed yet: on_mount draws it
        game = self.session.game
        names = self.session.names
        self.query_one("#status", Static).update(self.status(game, names, self.thinking))
        moves = self.query_one("#moves", Static)
        moves.update(Text("\n".join(self.moves), style="italic", no_wrap=True, overflow="ellipsis"))
        moves.display = bool(self.moves)
        self.query_one(HintLine).show_known()
        for seat in range(game.players):
            turn = game.phase in (Phase.DRAFT, Phase.PLAN) and game.current_player == seat
            self.query_one(f"#pier-{seat}", PierPanel).show(game, names[seat], turn)
        row = self.query_one(DraftRow)
        if list(game.revealed) != row.cards:
            row.show(game.deck, list(game.revealed))
        row.display = game.phase is Phase.DRAFT
        if game.phase is Phase.DRAFT:
            row.focus()
        elif row.has_focus:
            self.set_focus(None)  # a hidden row's keys would only clutter the footer
        self.refresh_bindings()

    @staticmethod
    def status(game: Game, names: list[str], thinking: bool = False) -> str:
        who = names[game.current_player] if not game.is_terminal() else ""
        if game.phase is Phase.DRAFT:
            head = f"[b]Round {game.round} of {game.total_rounds}[/b]  ·  [reverse] {who}'s turn [/reverse]  ·  "
            if thinking:
                return head + f"{who} is choosing a card…"
            return head + f"pick a card (←/→, 1–{len(game.revealed)}, Enter) · the card left over is the Patron"
        if game.phase is Phase.PLAN:
            if thinking:
                return f"[b]Game end[/b]  ·  [reverse] {who} [/reverse] is placing the Plan card…"
            return f"[b]Game end[/b]  ·  [reverse] {who} [/reverse] places the Plan card"
        if game.phase is Phase.OVER:
            return "[b]Game over[/b]"
        if thinking:
            return f"[b]Set-up[/b]  ·  {who} is choosing a Plan and a Foundation…"
        return "[b]Set-up[/b]"
