"""`j` at the host's own seat: the commands the other players type to join the table.

The host printed them before the game opened; this shows them again over the table.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from ...engine.text import printable
from ...i18n import _
from ...speech.keys import KEY_CLOSE
from .closing import ModalClosesOnce
from ..widgets.footer import Footer


class JoinLinesScreen(ModalClosesOnce[None]):
    DEFAULT_CSS = """
    JoinLinesScreen { align: center middle; }
    JoinLinesScreen #join-box {
        width: 96;
        height: auto;
        border: round $accent;
        padding: 1 2;
        background: $surface;
    }
    JoinLinesScreen #join-lines { margin-top: 1; }
    """
    BINDINGS = [Binding("escape,j,enter", "close", KEY_CLOSE)]

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        with Vertical(id="join-box"):
            yield Static(Text(_("To join this table, each player types their line:"), style="bold"))
            yield Static(Text("\n".join(printable(line) for line in self.lines)), id="join-lines")  # as printed
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
