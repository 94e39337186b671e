"""The table: whose turn and which round, the draft row, and every player's pier."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...engine import Game, Phase
from ...session import Session
from ..widgets.draft_row import DraftRow
from ..widgets.pier_panel import PierPanel


def rounds_in_game(game: Game) -> int:
    """How many draft rounds this game has (from the deck size, not a rule of our own)."""
    dealt = 2 * game.players  # Plans and Foundations stay out of the draw pile
    return (len(game.deck) - dealt) // (game.players + 1)


class PiersScroll(VerticalScroll, can_focus=False):
    """Scrolls with the wheel or PgUp/PgDn; never takes focus from the draft row."""


class TableScreen(Screen):
    """Shows the session's game; the draft row's `Picked` message goes up to the app."""

    BINDINGS = [
        Binding("pageup", "scroll_piers(-1)", "Piers ↑", show=False),
        Binding("pagedown", "scroll_piers(1)", "Piers ↓", show=False),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        yield Static("", id="status")
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

    def show_game(self) -> None:
        """Redraw everything from the session's game."""
        if not self.query("#status"):
            return  # not composed yet: on_mount draws it
        game = self.session.game
        names = self.session.names
        self.query_one("#status", Static).update(self.status(game, names))
        for seat in range(game.players):
            turn = game.phase in (Phase.DRAFT, Phase.PLAN) and game.current_player == seat
            self.query_one(f"#pier-{seat}", PierPanel).show(game, names[seat], turn)
        row = self.query_one(DraftRow)
        if list(game.revealed) != row.cards:
            row.show(game.deck, list(game.revealed))
        row.display = game.phase is Phase.DRAFT
        if game.phase is Phase.DRAFT:
            row.focus()

    @staticmethod
    def status(game: Game, names: list[str]) -> str:
        if game.phase is Phase.DRAFT:
            who = names[game.current_player]
            return (
                f"[b]Round {game.round} of {rounds_in_game(game)}[/b]  ·  [reverse] {who}'s turn [/reverse]  ·  "
                f"pick a card (←/→, 1–{len(game.revealed)}, Enter) · the card left over is the Patron"
            )
        if game.phase is Phase.PLAN:
            return f"[b]Game end[/b]  ·  [reverse] {names[game.current_player]} [/reverse] places the Plan card"
        if game.phase is Phase.OVER:
            return "[b]Game over[/b]"
        return "[b]Set-up[/b]"
