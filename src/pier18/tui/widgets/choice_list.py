"""Option lists whose keys say what Enter does, so the footer reads in the game's words."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import OptionList

from ...words import KEY_COVER_LESS, KEY_COVER_MORE, KEY_PLACE_IT


class CoverList(OptionList):
    """How many sections the placed card covers; ↑/↓ or a click previews, Enter places."""

    BINDINGS = [
        Binding("up", "cover_less", KEY_COVER_LESS, show=True),
        Binding("down", "cover_more", KEY_COVER_MORE, show=True),
        Binding("enter", "select", KEY_PLACE_IT, show=True),
    ]

    # Covers run from none to the most allowed; unlike a plain list they do not wrap
    # round, so ↑ at "covers nothing" never jumps to covering the most.
    def action_cover_less(self) -> None:
        if self.highlighted:
            self.highlighted -= 1

    def action_cover_more(self) -> None:
        if self.highlighted is not None and self.highlighted < self.option_count - 1:
            self.highlighted += 1

