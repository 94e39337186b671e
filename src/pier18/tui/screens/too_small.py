"""Shown instead of a broken layout when the terminal (in a browser: the window) is below
the minimum size.

It sits on top of the screen stack, so the game underneath keeps its state and comes
back as soon as the terminal is large enough.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from ...words import too_small
from .closing import unless_leaving

#: Below this size the notice drops its frame and padding, so its words have the room.
TIGHT = (60, 10)


class TooSmallScreen(Screen[None]):
    def __init__(self, need: tuple[int, int]) -> None:
        super().__init__()
        self.need = need

    @unless_leaving
    def on_mount(self) -> None:
        self.show_size()

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(self.message(), id="too-small-message")

    def message(self) -> str:
        now = self.app.size
        return too_small(self.need, (now.width, now.height), web=self.app.is_web)

    def on_resize(self) -> None:
        self.call_after_refresh(self.show_size)

    def show_size(self) -> None:
        """Say the size now; on a terminal too small for the notice's frame, without it.

        Runs after a refresh, when the terminal may have grown back and this screen gone
        (a window dragged quickly): then there is nothing to update.
        """
        size = self.app.size
        for message in self.query("#too-small-message").results(Static):
            message.update(self.message())
            message.set_class(size.width < TIGHT[0] or size.height < TIGHT[1], "-tight")
