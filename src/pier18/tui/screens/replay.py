"""`pier18 replay FILE`: step through a recorded game, one decision at a time.

Each step is the game rebuilt by the engine from the record's first decisions, so what
is shown is exactly what the players saw (minus the hidden set-up hands). Left/right
move one decision, Home/End jump to the start or the end.
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Static

from ...i18n import _
from ...engine import Game, TableView
from ...session import Session, games_by_step
from ...words import patron_went, replay_event
from ...speech.keys import KEY_END, KEY_NEXT, KEY_PREVIOUS, KEY_QUIT, KEY_START
from ...speech.notices import GAME_NAME
from ...speech.people import whose_turn
from ...speech.scores import final_ranking
from ..exits import BaseApp
from ..widgets.footer import Footer
from ..widgets.card_view import CardView
from ..widgets.pier_panel import PierPanel
from .closing import unless_leaving


class ReplayScreen(Screen[None]):
    """The table at one step of a recorded game; it never changes the record."""

    DEFAULT_CSS = """
    ReplayScreen #replay-status { height: auto; padding: 0 1; background: $boost; }
    ReplayScreen #replay-row { height: auto; }
    ReplayScreen #replay-row CardView { width: auto; margin: 0 2 0 1; }
    ReplayScreen #replay-piers { height: auto; }
    ReplayScreen #replay-piers PierPanel { width: 1fr; padding: 0 1; }
    ReplayScreen #replay-event { height: auto; padding: 0 1; }
    """

    BINDINGS = [
        # Priority, so the scrolling container's own arrow keys never shadow stepping.
        Binding("left", "step(-1)", KEY_PREVIOUS, priority=True),
        Binding("right", "step(1)", KEY_NEXT, priority=True),
        Binding("home", "jump(0)", KEY_START, priority=True),
        Binding("end", "jump(-1)", KEY_END, priority=True),
        Binding("q", "app.quit", KEY_QUIT),
        Binding("escape", "app.quit", KEY_QUIT, show=False),
    ]

    #: The decision the table is shown after; assigning it redraws.
    step: reactive[int] = reactive(0, init=False)

    def __init__(self, session: Session, step: int = 0) -> None:
        super().__init__()
        self.session = session
        self.games = games_by_step(session)
        self.set_reactive(ReplayScreen.step, max(0, min(step, self.last)))

    @property
    def last(self) -> int:
        return len(self.session.decisions)

    @property
    def game(self) -> Game:
        return self.games[self.step]

    def compose(self) -> ComposeResult:
        yield Static("", id="replay-status")
        yield Horizontal(id="replay-row")
        with VerticalScroll(id="replay-scroll"):
            yield Static("", id="replay-event")
            with Horizontal(id="replay-piers"):
                for seat in range(self.session.players):
                    yield PierPanel(seat, id=f"replay-pier-{seat}")
        yield Footer()

    @unless_leaving
    def on_mount(self) -> None:
        self.show_step()

    def action_step(self, by: int) -> None:
        self.go(self.step + by)

    def action_jump(self, step: int) -> None:
        """Jump to a step; -1 is the last one (where the record ends)."""
        self.go(self.last if step < 0 else step)

    def go(self, step: int) -> None:
        self.step = max(0, min(step, self.last))  # the same step again draws nothing

    def watch_step(self) -> None:
        self.show_step()

    def show_step(self) -> None:
        game = self.game
        table = TableView.of(game)
        names = self.session.names
        self.query_one("#replay-status", Static).update(self.status())
        self.query_one("#replay-event", Static).update(self.event())
        for seat in range(game.players):
            turn = not game.is_terminal() and game.current_player == seat
            self.query_one(f"#replay-pier-{seat}", PierPanel).show(table, names[seat], turn)
        row = self.query_one("#replay-row", Horizontal)
        row.remove_children()
        row.mount_all(CardView(game.deck[card_id]) for card_id in game.revealed)
        row.display = bool(game.revealed)

    def status(self) -> Text:
        line = Text(_("Replay  decision {step} of {last}").format(step=self.step, last=self.last) + "  ", style="bold")
        line.append(whose_turn(TableView.of(self.game), self.session.names))
        line.append("   " + _("←/→ step  Home/End  q quit"), style="dim")
        return line

    def event(self) -> Group:
        """What the last decision was, and the patron phase or the ranking it led to."""
        if self.step == 0:
            return Group(Text(_("The cards are dealt.")))
        index = self.step - 1
        names = self.session.names
        before, after = self.games[index], self.game
        seat, decision = after.history[index]
        by = self.session.stand_ins().get(index + 1)  # a bot's move for an away player is the bot's
        parts: list[Text] = [Text(replay_event(after.deck, seat, decision, names, by), style="bold")]
        for award in after.awards[len(before.awards) :]:
            parts.append(Text(patron_went(names[award.winner], after.deck[award.card], award.by_date)))
        if after.is_terminal():
            parts.append(Text(final_ranking(after.ranking(), names), style="bold"))
        return Group(*parts)


class ReplayApp(BaseApp):
    """A small app around `ReplayScreen`, sharing the game's stylesheet when it exists.

    It only reads the record: after a crash or a stop there is nothing to save."""

    CSS_PATH = [p for p in [Path(__file__).parents[1] / "pier18.tcss"] if p.is_file()]

    def __init__(self, session: Session, step: int = 0) -> None:
        super().__init__()
        self.title = _("{game} replay").format(game=GAME_NAME)  # in the language spoken, not at import
        self.session = session
        self.start_step = step

    def on_mount(self) -> None:
        self.push_screen(ReplayScreen(self.session, self.start_step))
