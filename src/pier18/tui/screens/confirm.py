"""A yes/no question over the game, answered with y/n, Escape or a click.

Quit, take back and resume all ask this way; each subclass says only its words and
its keys. As on every screen, an arrow points (at the other answer) and Enter answers
with the one pointed at, which is "no" on a fresh question. The box's look is this
screen's DEFAULT_CSS (`.confirm-box`), which a subclass may add to.
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static
from textual.widgets.button import ButtonVariant

from ...speech.keys import with_key
from .closing import ModalClosesOnce
from ..widgets.footer import Footer
from ...i18n import N_, _


class ConfirmScreen(ModalClosesOnce[bool]):
    """Dismisses with True for yes, False for no."""

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen .confirm-box {
        width: 70;
        height: auto;
        border: thick $error;
        padding: 1 2;
        background: $surface;
    }
    ConfirmScreen .confirm-buttons { height: auto; margin-top: 1; }
    ConfirmScreen .confirm-buttons Button { margin-right: 2; }
    """
    AUTO_FOCUS = "#no"  # Enter on a fresh question never does the irreversible thing
    BINDINGS = [
        Binding("y", "answer(True)", N_("Yes")),
        Binding("n,escape", "answer(False)", N_("No")),
        Binding("left,right", "app.focus_next", N_("Point at the other answer"), show=False),
    ]
    YES = N_("Yes")  # the label (marked N_), with its key at compose
    NO = N_("No")  # the label (marked N_), with its key at compose
    YES_VARIANT: ClassVar[ButtonVariant] = "error"
    NO_VARIANT: ClassVar[ButtonVariant] = "primary"

    def __init__(self, *lines: RenderableType) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        with Vertical(classes="confirm-box"):
            for line in self.lines:
                yield Static(line, classes="confirm-line")
            with Horizontal(classes="confirm-buttons"):
                yield Button(with_key(self.YES, "y"), id="yes", variant=self.YES_VARIANT)
                yield Button(with_key(self.NO, "n"), id="no", variant=self.NO_VARIANT)
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
