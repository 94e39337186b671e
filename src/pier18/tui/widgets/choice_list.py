"""Option lists whose keys say what Enter does, so the footer reads in the game's words."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import OptionList


class CoverList(OptionList):
    """How many sections the placed card covers; ↑/↓ or a click previews, Enter places."""

    BINDINGS = [
        Binding("up", "cover_less", "Cover less", show=True),
        Binding("down", "cover_more", "Cover more", show=True),
        Binding("enter", "select", "Place it", show=True),
    ]

    # Covers run from none to the most allowed; unlike a plain list they do not wrap
    # round, so ↑ at "covers nothing" never jumps to covering the most.
    def action_cover_less(self) -> None:
        if self.highlighted:
            self.highlighted -= 1

    def action_cover_more(self) -> None:
        if self.highlighted is not None and self.highlighted < self.option_count - 1:
            self.highlighted += 1


class KeepList(OptionList):
    """The legal Plan + Foundation pairs of a set-up hand."""

    BINDINGS = [
        Binding("up", "cursor_up", "Previous", show=False),
        Binding("down", "cursor_down", "Next", show=False),
        Binding("enter", "select", "Keep these two", show=True),
    ]
