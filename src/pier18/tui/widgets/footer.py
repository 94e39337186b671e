"""Textual's key footer, rebuilt only when the keys it shows change.

Textual's `Footer` throws its keys away and makes them again every time the screen
says its bindings may have changed: when a screen opens or closes over it, when the
focus moves, when a key is enabled. Most of those times the footer would show the
same keys as before. In a game played by keys, those rebuilds (and the restyling
and layout each one causes) were about a third of the app's time. This footer
remembers what it showed and rebuilds only when that changes.

Each new `FooterKey` also starts out compact (its own default) and is then bound to
the footer's value (not compact): two class changes, each restyling the key, for a
key that ends up as it began. Here each bound key (all but the command palette's) is
given the footer's value before it is mounted, so nothing changes and nothing is
restyled.

Either way the footer looks exactly as Textual's does.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual import widgets
from textual.widget import Widget
from textual.widgets._footer import FooterKey


class Footer(widgets.Footer):
    _showing: tuple[object, ...] | None = None

    def _keys_now(self) -> tuple[object, ...]:
        """Everything Textual's `Footer.compose` reads to make the keys."""
        shown = tuple(
            (key, active.binding, active.enabled, active.tooltip)
            for key, active in self.screen.active_bindings.items()
        )
        return shown, self.compact, self.show_command_palette

    def compose(self) -> Iterable[Widget]:
        self._showing = self._keys_now() if self._bindings_ready else None
        for widget in super().compose():
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):  # that one is not bound
                widget.set_reactive(FooterKey.compact, self.compact)
            yield widget

    async def recompose(self) -> None:
        if self._showing is not None and self.is_attached and self._showing == self._keys_now():
            return
        await super().recompose()
