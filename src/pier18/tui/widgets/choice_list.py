"""Option lists whose keys say what Enter does, so the footer reads in the game's words."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import OptionList


class CoverList(OptionList):
    """How many sections the placed card covers; ↑/↓ or a click previews, Enter places."""

    BINDINGS = [
        Binding("up", "cursor_up", "Cover less", show=True),
        Binding("down", "cursor_down", "Cover more", show=True),
        Binding("enter", "select", "Place it", show=True),
    ]


class KeepList(OptionList):
    """The legal Plan + Foundation pairs of a set-up hand."""

    BINDINGS = [
        Binding("up", "cursor_up", "Previous", show=False),
        Binding("down", "cursor_down", "Next", show=False),
        Binding("enter", "select", "Keep these two", show=True),
    ]
