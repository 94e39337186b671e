"""Shown instead of a broken layout when the terminal is below the minimum size.

It sits on top of the screen stack, so the game underneath keeps its state and comes
back as soon as the terminal is large enough.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static


class TooSmallScreen(Screen[None]):
    def __init__(self, need: tuple[int, int]) -> None:
        super().__init__()
        self.need = need

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(self.message(), id="too-small-message")

    def message(self) -> str:
        width, height = self.need
        now = self.app.size
        return (
            f"Please enlarge the terminal (needs {width}×{height}, now {now.width}×{now.height}).\n"
            "The game is paused and nothing is lost. Ctrl+Q quits."
        )

    def on_resize(self) -> None:
        self.call_after_refresh(lambda: self.query_one("#too-small-message", Static).update(self.message()))
