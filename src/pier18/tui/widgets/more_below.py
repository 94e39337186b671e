"""A vertical scroll that says when part of it is out of sight below.

A thin scrollbar is easy to miss on a small terminal: the screen shows a `MoreBelow`
line under the scroll while `more_below` is True, and hides it at the bottom.
"""

from __future__ import annotations

from rich.text import Text
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.widgets import Static

from ...i18n import _


class MoreScroll(VerticalScroll):
    more_below: reactive[bool] = reactive(False)

    def _check_more(self) -> None:
        self.more_below = self.max_scroll_y > 0 and round(self.scroll_y) < self.max_scroll_y

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._check_more()

    def watch_virtual_size(self) -> None:
        self.call_after_refresh(self._check_more)

    def on_resize(self) -> None:
        self.call_after_refresh(self._check_more)


class MoreBelow(Static):
    """One line, shown only while `scroll` has more below: "▼ more below: ..."."""

    def __init__(self, how: str, *, id: str | None = None) -> None:
        super().__init__(Text(_("▼ more below: {how}").format(how=how), style="bold"), id=id, classes="more-below")

    def follow(self, scroll: MoreScroll) -> None:
        self.display = scroll.more_below
        self.watch(scroll, "more_below", self._show)

    def _show(self, more: bool) -> None:
        self.display = more
