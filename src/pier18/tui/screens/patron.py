"""The patron phase of a round: each pier's patron score, the winner and why."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from ...engine import Deck, PatronAward
from ...render import draw_card
from ...render.style import patrons_text, stressed
from ...words import (
    ANY_KEY_PATRON,
    CONTINUE,
    ENTER,
    KEY_CONTINUE,
    KEY_HELP,
    KEY_LEGEND,
    KEY_RULES,
    KEY_TAKE_BACK,
    PATRON_CLOSES,
    PATRON_COLUMNS,
    card_with_date,
    patron_heading,
    patron_why,
)
from .closing import ModalClosesOnce, unless_leaving
from ..widgets.footer import Footer


def explain(award: PatronAward, deck: Deck, names: list[str]) -> Group:
    """The award as a table plus one sentence saying why the winner won."""
    card = deck[award.card]
    head = Text(f"{patron_heading(award, card)} ", style="bold")
    head.append_text(patrons_text(card.patrons))
    table = Table(box=None, padding=(0, 2))
    player, score, drafted_now = PATRON_COLUMNS
    table.add_column(player)
    table.add_column(score, justify="right")
    table.add_column(drafted_now)
    for seat, name in enumerate(names):
        drafted = deck[award.drafted[seat]]
        mark = "→ " if seat == award.winner else "  "
        table.add_row(Text(mark + name), str(award.scores[seat]), Text(card_with_date(drafted)))
    why = stressed(patron_why(award, deck, names))
    return Group(head, Text(""), draw_card(card), Text(""), table, Text(""), why)


class _ClosesByItself(ModalClosesOnce[Any]):
    """A panel that closes by itself after `pause` seconds (None: only when asked), but
    not from under a screen opened on top of it (a quit question): it closes once that
    one has gone."""

    def __init__(self, pause: float | None) -> None:
        super().__init__()
        self.pause = pause
        self._done = False
        self._waiting = False  # the pause ended while another screen was on top

    @unless_leaving
    def on_mount(self) -> None:
        if self.pause is not None:
            self.set_timer(self.pause, self.go_on)

    def go_on(self) -> None:
        if self._done or self not in self.app.screen_stack:
            return
        if self.app.screen is not self:
            self._waiting = True
            return
        self._done = True
        self.dismiss(True)

    def on_screen_resume(self) -> None:
        if self._waiting:
            self.go_on()


class LastMoveScreen(_ClosesByItself):
    """A bot's move that ended a round, held on screen before the Patron panel covers
    the table: any key, or `pause` seconds, goes on."""

    DEFAULT_CSS = """
    LastMoveScreen { align: center bottom; background: $background 20%; }
    LastMoveScreen > Static { width: auto; max-width: 90%; height: auto; padding: 0 2; margin-bottom: 2;
        border: round $accent; background: $panel; }
    """

    def __init__(self, line: str, pause: float) -> None:
        super().__init__(pause)
        self.line = line

    def compose(self) -> ComposeResult:
        yield Static(Text.assemble(Text(self.line), "\n", (ANY_KEY_PATRON, "dim")), id="last-move")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        self.go_on()

    def on_click(self) -> None:
        self.go_on()


class PatronScreen(_ClosesByItself):
    """The Patron panel of a round: Enter closes it, and so does `pause` seconds if given
    (someone only watching the table)."""

    # A modal screen hides the app's own bindings, so the keys that work on every game
    # screen are bound here too.
    BINDINGS = [
        Binding("enter", "done", KEY_CONTINUE),
        Binding("escape", "done", KEY_CONTINUE, show=False),
        Binding("u", "app.takeback", KEY_TAKE_BACK),
        Binding("question_mark", "app.help", KEY_HELP),
        Binding("r", "app.rules", KEY_RULES),
        Binding("s", "app.legend", KEY_LEGEND),
    ]

    def __init__(self, award: PatronAward, deck: Deck, names: list[str], pause: float | None = None) -> None:
        super().__init__(pause)
        self.award = award
        self.deck = deck
        self.names = names

    def compose(self) -> ComposeResult:
        go_on = Text.assemble((f" {ENTER} ", "reverse"), f" {CONTINUE}")
        if self.pause is not None:
            go_on.append(f"  ·  {PATRON_CLOSES}", style="dim")
        with Vertical(id="patron-box"):
            yield Static(explain(self.award, self.deck, self.names), id="patron-panel")
            yield Static(go_on, id="patron-continue")
        yield Footer()

    def action_done(self) -> None:
        self.go_on()
