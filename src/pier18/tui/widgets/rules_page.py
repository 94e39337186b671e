"""The rules page (`r`): the whole of the rules text, drawn from lines made once.

Textual's Markdown viewer builds a widget for every paragraph, list item and table
cell of the rules (hundreds of them) each time the page opens: over a second. Here
Rich's Markdown draws the text once per width and process into lines (`rules_lines`,
kept), and the page shows the lines in its view, Textual's line API: opening the page
draws one screenful of lines already made. `prepare` makes them ahead, in a thread,
for the width the page will have, so even the first `r` finds them made (Markdown itself
is imported there too, off the app's thread).
"""

from __future__ import annotations

import io
import threading

from rich.console import Console
from rich.padding import Padding
from rich.segment import Segment
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ...i18n import language
from ..resources import rules_text

#: Textual's vertical scroll bar (the page's own is always there: the rules never fit).
SCROLLBAR = 2

_made: dict[tuple[str, int], tuple[Strip, ...]] = {}  # by language and width
_lock = threading.Lock()


def page_width(terminal_width: int) -> int:
    """The width the rules are drawn at on a terminal this wide (the page fills the width)."""
    return max(1, terminal_width - SCROLLBAR)


def rules_lines(width: int) -> tuple[Strip, ...]:
    """The rules drawn `width` cells wide in the language spoken, each line a `Strip`
    (made once per language and width)."""
    key = (language(), width)
    with _lock:
        made = _made.get(key)
        if made is None:
            # Imported here, in `prepare`'s thread: Rich's Markdown (with markdown-it and
            # Pygments) is a fifth of `pier18 play`'s start-up, and right after the first
            # paint the app's own thread must be free for the first keys.
            from rich.markdown import Markdown

            console = Console(width=width, file=io.StringIO(), color_system="truecolor", force_terminal=True, legacy_windows=False)
            page = Padding(Markdown(rules_text(), hyperlinks=False), (0, 1))
            lines = console.render_lines(page, console.options.update_width(width), pad=True)
            made = _made[key] = tuple(Strip(Segment.simplify(line), width) for line in lines)
        return made


def prepare(terminal_width: int) -> None:
    """Make the lines for a terminal this wide in a thread of their own (nothing waits on it)."""
    width = page_width(terminal_width)
    if (language(), width) not in _made:
        threading.Thread(target=rules_lines, args=(width,), name="pier18-rules", daemon=True).start()


class RulesPage(ScrollView, can_focus=True):
    """Scrolls with ↑/↓, PgUp/PgDn, Home/End and the wheel (ScrollView's own keys)."""

    DEFAULT_CSS = f"""
    RulesPage {{
        height: 1fr;
        overflow-y: scroll;
        overflow-x: hidden;
        scrollbar-size-vertical: {SCROLLBAR};
    }}
    """

    lines: tuple[Strip, ...] = ()

    def on_resize(self) -> None:
        self.draw()

    def on_mount(self) -> None:
        self.draw()

    def draw(self) -> None:
        width = self.scrollable_content_region.width
        if width <= 0:
            return
        lines = rules_lines(width)
        if lines is not self.lines:
            self.lines = lines
            self.virtual_size = Size(width, len(lines))
            self.refresh()

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        index = scroll_y + y
        style = self.rich_style
        if index >= len(self.lines):
            return Strip.blank(width, style)
        return self.lines[index].crop_extend(scroll_x, scroll_x + width, style).apply_style(style)
