"""`e` on the table: why every character on a pier scores what it does.

Drawn from the table's `TableView` only, so it explains exactly the piers everyone may
see (a Plan placed face down is not on them until the end). The reasons are the
engine's (`engine.explain`), worded by `speech.why.explanation`; the pier is drawn with each
character that scores marked. ←/→ go to another seat's pier.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.reactive import reactive
from textual.widgets import Static

from ...engine import Character, TableView
from ...engine.cards import Card
from ...engine.explain import Reason, Slot, explain
from ...render import FittedPier
from ...i18n import N_, _
from ...speech.keys import KEY_CLOSE
from ...speech.why import explanation
from ..widgets.footer import Footer
from .closing import ModalClosesOnce, unless_leaving


def scoring_marks(reasons: Sequence[Reason]) -> dict[Character, set[Slot]]:
    """The slots to mark on the pier: every character of a reason that gives points."""
    marks: dict[Character, set[Slot]] = {}
    for reason in reasons:
        if reason.points:
            marks.setdefault(reason.category, set()).update(reason.slots)
    return marks


def reason_lines(reasons: Sequence[Reason], cards: Sequence[Card]) -> Text:
    """One line per reason, a reason worth nothing dimmed; card names are plain text."""
    lines = Text()
    for reason in reasons:
        if lines:
            lines.append("\n")
        lines.append(f"• {explanation(reason, cards)}", style="" if reason.points else "dim")
    return lines


class ExplainScreen(ModalClosesOnce[None]):
    DEFAULT_CSS = """
    ExplainScreen { align: center middle; }
    ExplainScreen #explain-box {
        width: 96;
        height: auto;
        max-height: 100%;
        border: round $accent;
        padding: 0 1;
        background: $surface;
    }
    ExplainScreen #explain-title { margin-bottom: 1; }
    ExplainScreen #explain-body { height: auto; }
    ExplainScreen #explain-pier { width: 46; height: auto; }
    ExplainScreen #explain-reasons { width: 1fr; height: auto; padding-left: 1; }
    ExplainScreen #explain-note { margin-top: 1; }
    """
    BINDINGS = [
        Binding("escape", "close", KEY_CLOSE),
        Binding("e", "close", KEY_CLOSE, show=False),
        Binding("right", "other(1)", N_("Other pier")),
        Binding("left", "other(-1)", N_("Other pier"), show=False),
        Binding("tab", "other(1)", N_("Other pier"), show=False),
    ]

    #: Whose pier is explained.
    seat: reactive[int] = reactive(0, init=False)

    def __init__(self, view: TableView, names: Sequence[str], seat: int) -> None:
        super().__init__()
        self.view = view
        self.names = list(names)
        self.set_reactive(ExplainScreen.seat, seat % view.players)

    def refill(self, view: TableView, names: Sequence[str], seat: int) -> None:
        """Opened again (the app keeps it, `closing.kept`): the piers as they are now
        (drawn anew only if that is not what it shows)."""
        seat %= view.players
        if view is self.view and list(names) == self.names and seat == self.seat:
            return
        self.view = view
        self.names = list(names)
        self.set_reactive(ExplainScreen.seat, seat)
        if self.is_mounted:
            self.draw()
            self.query_one("#explain-box", VerticalScroll).scroll_home(animate=False)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="explain-box"):
            yield Static("", id="explain-title")
            with Horizontal(id="explain-body"):
                yield Static("", id="explain-pier")
                yield Static("", id="explain-reasons")
            yield Static(Text(_("Marked on the pier: every character that scores. ←/→ show another pier, Escape closes."), style="italic dim"), id="explain-note")
        yield Footer()

    @unless_leaving
    def on_mount(self) -> None:
        self.draw()

    def watch_seat(self) -> None:
        self.draw()

    def draw(self) -> None:
        visible = self.view.piers[self.seat].visible()
        reasons = explain([v.section for v in visible])
        cards = [v.card for v in visible]
        title = Text(_("Why {name}'s pier scores what it does (total now {total})").format(name=self.names[self.seat], total=self.view.score(self.seat).total), style="bold")
        self.query_one("#explain-title", Static).update(title)
        self.query_one("#explain-pier", Static).update(FittedPier(visible, scoring_marks(reasons)))
        listed = reason_lines(reasons, cards) if reasons else Text(_("No characters on this pier yet: nothing scores."), style="italic")
        self.query_one("#explain-reasons", Static).update(Group(listed))

    def action_other(self, step: int) -> None:
        self.seat = (self.seat + step) % self.view.players

    def action_close(self) -> None:
        self.dismiss(None)
