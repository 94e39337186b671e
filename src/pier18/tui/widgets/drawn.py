"""A widget that draws a Rich renderable as cached lines (Textual's line API).

A `Static` draws its content anew at every refresh, and `Static.update` lays the whole
screen out again each time, in case the new content has another height. A key that
only changes what a widget shows (the placement preview's pier for another cover, the
card pointed at) then costs a layout pass and a fresh drawing of everything near it.

`Drawn` draws its content once per width and look (the lines are kept until the content
changes: a card that is pointed at and then left again is not drawn anew), and
`update` asks for a layout pass only when the new content has another height than the
old: otherwise the screen repaints only the lines of this widget that differ. The lines
are made by Textual's own `Visual.to_strips`, so a `Drawn` looks exactly like a
`Static` showing the same content with the same styles.

A widget that shows one of a few contents in turn (the preview of each cover on offer)
keeps each one's lines by a key (`show_kept`): going back to a content shown before draws
nothing, and `prepare` draws one ahead, while the player reads the screen. With
`keep_tallest`, the widget keeps the height of the tallest content it has drawn (blank
lines below a shorter one), so going from one content to another never lays the screen
out again once each has been drawn; `room` caps those blank lines (None: no cap), so
that they never make a scroll around the widget overflow where the content would not.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from rich.console import RenderableType
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget


class Drawn(Widget):
    """Shows `content` (a Rich renderable or plain text, never read as markup) as lines."""

    DEFAULT_CSS = """
    Drawn {
        height: auto;
    }
    """

    #: How many looks (width, style, selection) are kept per content: a card is drawn
    #: plain and pointed at, each once.
    KEEP = 4

    def __init__(
        self,
        content: RenderableType = "",
        *,
        keep_tallest: bool = False,
        room: int | None = None,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes, disabled=disabled)
        self._content: RenderableType = content
        self._lines: dict[tuple[object, ...], list[Strip]] = {}
        #: Contents by key (`show_kept`), each with its lines.
        self._kept: dict[Hashable, tuple[RenderableType, dict[tuple[object, ...], list[Strip]]]] = {}
        self.keep_tallest = keep_tallest
        self._tallest: dict[int, int] = {}  # by width: the most lines drawn at it (`keep_tallest`)
        self._room = room

    @property
    def content(self) -> RenderableType:
        """What the widget shows (as `Static.content`)."""
        return self._content

    def render(self) -> RenderableType:
        """The content (as a `Static` renders it; Textual draws `lines` instead)."""
        return self._content

    def update(self, content: RenderableType = "") -> None:
        """Show `content`: repainted in place when it is as tall as what it replaces, laid
        out again (the screen's layout pass) only when its height differs."""
        self._replace(content, {})

    def show_kept(self, key: Hashable, make: Callable[[], RenderableType]) -> None:
        """Show the content `make()` gives for `key`, made and drawn once per key: the
        same key again shows the lines drawn before (`forget` drops them)."""
        if key not in self._kept:
            self._kept[key] = (make(), {})
        self._replace(*self._kept[key])

    def prepare(self, key: Hashable, make: Callable[[], RenderableType]) -> bool:
        """Make and draw the content for `key` now, at the present width and look, so
        that showing it later draws nothing. False if it was drawn already."""
        kept = self._kept.get(key)
        width = self.size.width
        if kept is None:
            kept = self._kept[key] = (make(), {})
        elif not self.is_mounted or width <= 0 or (width, self.visual_style, self.text_selection) in kept[1]:
            return False
        if self.is_mounted and width > 0:
            before = self.height(width)
            content, lines = self._content, self._lines
            self._content, self._lines = kept
            try:
                self.lines(width)
            finally:
                self._content, self._lines = content, lines
            if self.height(width) != before:  # a taller content is kept room for
                self.refresh(layout=True)
        return True

    def forget(self) -> None:
        """Drop the contents kept by key (and the tallest height)."""
        self._kept.clear()
        self._tallest.clear()

    @property
    def room(self) -> int | None:
        """The most lines `keep_tallest` may take with blank lines (None: no cap)."""
        return self._room

    @room.setter
    def room(self, lines: int | None) -> None:
        if lines != self._room:
            self._room = lines
            self.refresh(layout=True)

    def fit_room(self, scroll: Widget) -> None:
        """Cap `room` at the lines left below the widget's top in `scroll` (one of its
        ancestors; call once the screen is laid out): blank lines kept for a taller
        content then never make `scroll` overflow."""
        top = 0
        node: Widget = self
        while node is not scroll:
            top += node.virtual_region.y
            parent = node.parent
            if not isinstance(parent, Widget):
                return
            node = parent
        self.room = max(0, scroll.scrollable_content_region.height - top - self.styles.margin.bottom)

    def height(self, width: int) -> int:
        """How many lines the widget takes at `width`."""
        drawn = len(self.lines(width))
        tallest = self._tallest.get(width, 0)
        if self._room is not None:
            tallest = min(tallest, self._room)
        return max(drawn, tallest)

    def _replace(self, content: RenderableType, lines: dict[tuple[object, ...], list[Strip]]) -> None:
        width = self.size.width
        old = self.lines(width) if self._lines and width > 0 else None
        before = self.height(width) if old is not None else None
        self._content = content
        self._lines = lines
        if old is None or self.height(width) != before:
            self.refresh(layout=True)
            return
        # As tall as before: repaint the lines that differ, and only those.
        new = self.lines(width)
        changed = [y for y in range(before) if (old[y] if y < len(old) else None) != (new[y] if y < len(new) else None)]
        runs: list[Region] = []
        for y in changed:
            if runs and runs[-1].bottom == y:
                runs[-1] = runs[-1].grow((0, 0, 1, 0))
            else:
                runs.append(Region(0, y, width, 1))
        if runs:
            self.refresh(*runs)

    def lines(self, width: int) -> list[Strip]:
        """The content drawn at `width` in the widget's present look (drawn once)."""
        style = self.visual_style
        key = (width, style, self.text_selection)
        lines = self._lines.get(key)
        if lines is None:
            if len(self._lines) >= self.KEEP:
                self._lines.clear()
            visual = visualize(self, self._content, markup=False)
            lines = self._lines[key] = Visual.to_strips(self, visual, width, None, style)
            if self.keep_tallest and len(lines) > self._tallest.get(width, 0):
                self._tallest[width] = len(lines)
        return lines

    def get_content_width(self, container: Size, viewport: Size) -> int:
        visual = visualize(self, self._content, markup=False)
        # As Textual's own `Widget.get_content_width` passes the styles.
        return visual.get_optimal_width(self.styles, container.width)  # type: ignore[arg-type]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.height(width)

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        lines = self.lines(width)
        if y < len(lines):
            return lines[y]
        return Strip.blank(width, self.visual_style.rich_style)
