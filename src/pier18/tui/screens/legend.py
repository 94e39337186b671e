"""`s`: the legend of every symbol the game draws (the same one the set-up screen shows)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from ...render.legend import legend
from ...speech.keys import KEY_CLOSE
from .closing import ModalClosesOnce
from ..widgets.footer import Footer


class LegendScreen(ModalClosesOnce[None]):
    """Scrolls where the terminal is too short for all of it."""

    DEFAULT_CSS = """
    LegendScreen { align: center middle; }
    LegendScreen #legend-box {
        width: 80;
        height: auto;
        max-height: 100%;
        border: round $accent;
        padding: 0 2;
        background: $surface;
    }
    """
    BINDINGS = [Binding("escape", "close", KEY_CLOSE), Binding("s", "close", KEY_CLOSE, show=False)]

    def refill(self) -> None:
        """Opened again (the app keeps it, `closing.kept`): from the top, as a new one."""
        if self.is_mounted:
            self.query_one("#legend-box", VerticalScroll).scroll_home(animate=False)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="legend-box"):
            yield Static(legend(), id="legend-text")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
