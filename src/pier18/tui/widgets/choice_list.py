"""Option lists that speak the game's one key grammar, with keys in the game's words.

On every screen an arrow or a number key only points, and Enter (or a second click on
the thing pointed at) confirms. Textual's `OptionList` chooses an option at the first
click; a `PointingList` makes the first click on another option point at it, and only
a click on the option already pointed at (or Enter) chooses it.
"""

from __future__ import annotations

from textual import events
from textual.binding import Binding
from textual.widgets import OptionList

from ..cursor import follow_soon

from ...i18n import N_
from ...speech.keys import KEY_COVER_LESS, KEY_COVER_MORE, KEY_PLACE_IT


class PointingList(OptionList):
    """↑/↓, Home/End, PgUp/PgDn or a click point; Enter or a second click chooses.

    The option pointed at is bold and underlined, focused or not: Textual marks it by its
    background colour alone (and by bold while focused), which a terminal without colour
    or `NO_COLOR` loses (docs/accessibility.md, "Colour")."""

    DEFAULT_CSS = """
    PointingList > .option-list--option-highlighted { text-style: bold underline; }
    PointingList:focus > .option-list--option-highlighted { text-style: bold underline; }
    """

    BINDINGS = [
        Binding("up", "cursor_up", N_("Point higher"), show=False),
        Binding("down", "cursor_down", N_("Point lower"), show=False),
        Binding("home", "first", N_("Point at the first"), show=False),
        Binding("end", "last", N_("Point at the last"), show=False),
        Binding("pageup", "page_up", N_("A page up"), show=False),
        Binding("pagedown", "page_down", N_("A page down"), show=False),
        Binding("enter", "select", N_("Choose the one pointed at"), show=False),
    ]

    #: While a click is handled: the option pointed at before it (None: no click now).
    pointed_before_click: int | None = None
    clicking = False

    def on_click(self, event: events.Click) -> None:
        """Runs before `OptionList`'s own click handler, which points at the option
        clicked and then selects: remember what was pointed at before."""
        self.clicking = True
        self.pointed_before_click = self.highlighted
        self.call_next(self._click_handled)

    def _click_handled(self) -> None:
        self.clicking = False
        self.pointed_before_click = None

    def on_option_list_option_highlighted(self) -> None:
        """The terminal's cursor goes to the option pointed at (see cursor.py)."""
        follow_soon(self.app)

    def action_select(self) -> None:
        if self.clicking and self.highlighted != self.pointed_before_click:
            return  # the first click on an option points at it
        super().action_select()


class CoverList(PointingList):
    """How many sections the placed card covers; ↑/↓, a number or a click points (and
    previews), Enter or a second click places."""

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
