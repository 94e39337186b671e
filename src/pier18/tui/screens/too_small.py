"""Shown instead of a broken layout when the terminal is below the minimum size.

It sits on top of the screen stack, so the game underneath keeps its state and comes
back as soon as the terminal is large enough.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from ...words import too_small


class TooSmallScreen(Screen[None]):
    def __init__(self, need: tuple[int, int]) -> None:
        super().__init__()
        self.need = need

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(self.message(), id="too-small-message")

    def message(self) -> str:
        now = self.app.size
        return too_small(self.need, (now.width, now.height))

    def on_resize(self) -> None:
        self.call_after_refresh(lambda: self.query_one("#too-small-message", Static).update(self.message()))
