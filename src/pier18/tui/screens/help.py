"""`?`: the keys of every screen, in one short list."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from ...render.style import stressed
from ...words import KEY_CLOSE, KEYS_HELP
from .closing import ModalClosesOnce
from ..widgets.footer import Footer

#: The list, its headings in bold.
KEYS = stressed(KEYS_HELP)


class HelpScreen(ModalClosesOnce[None]):
    """The list scrolls (↑/↓, PgUp/PgDn, Home/End, the wheel) where the terminal is too
    short for all of it, as at the 100×30 minimum."""

    BINDINGS = [Binding("escape", "close", KEY_CLOSE), Binding("question_mark", "close", KEY_CLOSE, show=False)]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Static(KEYS.copy(), id="help-text")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
