"""The terminal's cursor follows the pointer, so a screen reader or a braille display follows the choice.

Textual moves the terminal's cursor to `App.cursor_position` (screen cells) with every
frame it draws, but hides the cursor when it takes the terminal, and only its text
inputs set that position. Here every pier18 app shows the cursor (`showing_cursor`:
its driver class, which writes the "show cursor" sequence once it has taken the
terminal) and puts it on what is pointed at (`follow_soon`), after each key that moves
the pointer, each change of focus and each new screen:

- a widget or screen that points at one of several things (the draft row, the set-up
  hand, an option list, the start rules) says where with `pointer_spot`, a `Pointer`;
- in a text input (Textual's `Input`) the cursor is at the insertion point, where
  the input itself puts it as it is typed in;
- else the cursor sits at the start of the focused widget (a button, say), or, with
  nothing focused, at the start of the first thing on the screen: the table's status
  line, the text in a box.

The spot is worked out after the frame that shows the new pointer (the layout is then
known); if it moved, the widget under it is repainted, which carries the cursor to the
terminal in the next frame. Only public Textual API: `App.cursor_position`,
`Widget.content_region`, `Screen.get_style_at`, `App.screen_change_signal`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from textual.css.query import NoMatches
from textual.errors import NoWidget
from textual.geometry import Offset
from textual.widgets import Input, OptionList

if TYPE_CHECKING:
    from textual.app import App
    from textual.driver import Driver
    from textual.screen import Screen
    from textual.widget import Widget

#: What a terminal is sent to show its cursor (DECTCEM on), as Textual's drivers send it
#: when they give the terminal back.
SHOW_CURSOR = "\x1b[?25h"


@runtime_checkable
class Pointer(Protocol):
    """A widget or screen pointing at one of several things: where that thing starts, in
    screen cells (None: nothing of its own is pointed at now)."""

    def pointer_spot(self) -> Offset | None: ...


def showing_cursor(driver: type[Driver]) -> type[Driver]:
    """`driver`, but the terminal's cursor stays shown while the app runs (Textual hides it).

    Only the driver's public start is extended; it writes through the driver, in order
    after Textual's own "hide" and before any frame."""

    def start_application_mode(self: Driver) -> None:
        driver.start_application_mode(self)
        self.write(SHOW_CURSOR)
        self.flush()

    shows: type[Driver] = type(f"ShowsCursor{driver.__name__}", (driver,), {"start_application_mode": start_application_mode})
    return shows


def widget_start(widget: Widget) -> Offset:
    """The first cell of a widget's content (inside its border and padding)."""
    return widget.content_region.offset


def option_spot(options: OptionList) -> Offset:
    """The first line of the highlighted option, read from what is drawn: each line of an
    option list carries its option's number (the `option` meta a click reads too)."""
    area = options.content_region
    if options.highlighted is not None:
        for y in range(area.y, area.bottom):
            if options.screen.get_style_at(area.x, y).meta.get("option") == options.highlighted:
                return Offset(area.x, y)
    return area.offset


def spot(screen: Screen[Any]) -> Offset | None:
    """Where the cursor goes on `screen` (None: nowhere new)."""
    focused = screen.focused
    if isinstance(focused, Input):
        # It places the cursor at its insertion point itself as it is typed in, but as it
        # takes the focus on a new screen it does so before the screen is laid out.
        return focused.cursor_screen_offset
    for pointer in (focused, screen):
        if isinstance(pointer, Pointer):
            found = pointer.pointer_spot()
            if found is not None:
                return found
    if isinstance(focused, OptionList):
        return option_spot(focused)
    if focused is not None:
        return widget_start(focused)
    first: Widget = screen
    while shown := [child for child in first.children if child.display]:
        first = shown[0]  # containers (a box centred on the screen) down to what they hold
    return widget_start(first)


def follow(app: App[object]) -> None:
    """Put the terminal's cursor on what the screen on top points at now."""
    if not app.is_running or not app.screen_stack:
        return
    screen = app.screen
    try:
        found = spot(screen)
    except NoMatches:  # a screen being taken down or built: the next call finds it
        return
    if found is None:
        return
    found = screen.outer_size.clamp_offset(found)
    if app.cursor_position == found:
        return
    app.cursor_position = found
    try:
        under, _ = screen.get_widget_at(*found)
    except NoWidget:
        screen.refresh()
    else:
        under.refresh()  # a frame carries the cursor to the terminal


def follow_soon(app: App[Any]) -> None:
    """`follow` once the frame being made now is drawn (the layout is known then)."""
    app.call_after_refresh(follow, app)
