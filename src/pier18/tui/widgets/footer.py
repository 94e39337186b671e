"""Textual's key footer, without restyling each key twice as it is made.

Textual's `Footer` rebuilds its keys every time the screen's bindings change (a screen
opens, the focus moves, a key is enabled). Each new `FooterKey` starts out compact
(its own default), then is made as compact as the footer (not compact): two class
changes, each restyling the key, for a key that ends up exactly as it would have
started. In a game that was a fifth of the app's time. Here each key is given the
footer's value before it is mounted, so nothing changes and nothing is restyled; the
footer looks the same.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual import widgets
from textual.widget import Widget
from textual.widgets._footer import FooterKey


class Footer(widgets.Footer):
    def compose(self) -> Iterable[Widget]:
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.set_reactive(FooterKey.compact, self.compact)
            yield widget
