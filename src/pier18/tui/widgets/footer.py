"""The key footer: Textual's `Footer` with keys of its own, rebuilt only when they change.

Textual's `Footer` throws its keys away and makes them again every time the screen
says its bindings may have changed (its public `bindings_updated_signal`): when a
screen opens or closes over it, when the focus moves, when a key is enabled. Most of
those times the footer would show the same keys as before. In a game played by keys,
those rebuilds (and the restyling and layout each one causes) were about a third of
the app's time. This footer remembers what it showed (`Screen.active_bindings`, its
own `compact` and `show_command_palette`) and rebuilds only when that changes.

Its keys are `FooterKey`s of its own, drawn as Textual's are: Textual's key widget lives
in a private module, and its keys start out compact and are then bound to the footer's
value (not compact), two restyles for a key that ends up as it began. Here a key is
made with the footer's value. The classes keep Textual's names (`FooterKey`,
`KeyGroup`, `FooterLabel`), so the footer's own stylesheet, which is Textual's, styles
them; `tests/tui/test_footer.py` checks, step by step, that the footer draws exactly
what Textual's does.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from itertools import groupby
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import widgets
from textual.binding import Binding
from textual.containers import HorizontalGroup
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Label

from ... import i18n
from ...i18n import N_, _
from ...speech.keys import (
    KEY_BACK_TO_CARDS,
    KEY_BACK_TO_GAME,
    KEY_BACK_TO_PLAN,
    KEY_CHOOSE_CARD,
    KEY_COVER_LESS,
    KEY_COVER_MORE,
    KEY_KEEP_AS_FOUNDATION,
    KEY_KEEP_AS_PLAN,
    KEY_KEEP_PLAYING,
    KEY_NEXT_CARD,
    KEY_NEXT_RULE,
    KEY_NO_KEEP_WAITING,
    KEY_PLACE_IT,
    KEY_PREVIOUS_CARD,
    KEY_PREVIOUS_RULE,
    KEY_RESUME_LAST,
    KEY_START_GAME,
    KEY_TAKE_BACK,
    KEY_YES_BOT_PLAYS,
    KEY_YES_TAKE_BACK,
)

#: Where a footer has no room for every key's label (a narrow terminal, many keys), the
#: short label of each key that has one: fewer words, never a word cut. Keyed by the
#: marked (English) label; both are translated where drawn.
SHORT_KEYS = {
    KEY_BACK_TO_CARDS: N_("Back"),
    KEY_BACK_TO_GAME: N_("Back"),
    KEY_COVER_LESS: N_("Less"),
    KEY_COVER_MORE: N_("More"),
    KEY_PLACE_IT: N_("Place"),
    KEY_TAKE_BACK: N_("Undo"),
    KEY_CHOOSE_CARD: N_("Choose"),
    KEY_PREVIOUS_CARD: N_("Previous"),
    KEY_NEXT_CARD: N_("Next"),
    KEY_KEEP_AS_PLAN: N_("Plan"),
    KEY_KEEP_AS_FOUNDATION: N_("Foundation"),
    KEY_BACK_TO_PLAN: N_("Back"),
    KEY_KEEP_PLAYING: N_("No"),
    KEY_YES_TAKE_BACK: N_("Yes"),
    KEY_YES_BOT_PLAYS: N_("Yes"),
    KEY_NO_KEEP_WAITING: N_("No"),
    KEY_START_GAME: N_("Start"),
    KEY_RESUME_LAST: N_("Resume"),
    KEY_PREVIOUS_RULE: N_("Previous"),
    KEY_NEXT_RULE: N_("Next"),
}


class FooterKey(Widget):
    """One key and what it does; a click presses it (or rings the bell when it is off)."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"footer-key--key", "footer-key--description"}
    DEFAULT_CSS = """
    FooterKey {
        width: auto;
        height: 1;
        text-wrap: nowrap;
        background: $footer-item-background;
        .footer-key--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
            padding: 0 1;
        }

        .footer-key--description {
            padding: 0 1 0 0;
            color: $footer-description-foreground;
            background: $footer-description-background;
        }

        &:hover {
            pointer: pointer;
            color: $footer-key-foreground;
            background: $block-hover-background;
        }

        &.-disabled {
            text-style: dim;
        }

        &.-compact {
            .footer-key--key {
                padding: 0;
            }
            .footer-key--description {
                padding: 0 0 0 1;
            }
        }
    }
    """

    compact: reactive[bool] = reactive(True, toggle_class="-compact")

    def __init__(
        self,
        key: str,
        key_display: str,
        description: str,
        action: str,
        *,
        compact: bool,
        enabled: bool = True,
        tooltip: str = "",
        classes: str = "",
    ) -> None:
        super().__init__(classes=classes)
        self.key = key
        self.key_display = key_display
        self.description = description
        self.action = action
        self.enabled = enabled
        self.set_class(not enabled, "-disabled")
        self.set_reactive(FooterKey.compact, compact)
        self.set_class(compact, "-compact")
        self.set_reactive(Widget.shrink, False)
        if tooltip:
            self.tooltip = tooltip

    def render(self) -> Text:
        key_style = self.get_component_rich_style("footer-key--key")
        description_style = self.get_component_rich_style("footer-key--description")
        key_padding = self.get_component_styles("footer-key--key").padding
        description_padding = self.get_component_styles("footer-key--description").padding
        if self.description:
            text = Text.assemble(
                (" " * key_padding.left + self.key_display + " " * key_padding.right, key_style),
                (" " * description_padding.left + self.description + " " * description_padding.right, description_style),
            )
        else:
            text = Text.assemble((self.key_display, key_style))
        text.stylize_before(self.rich_style)
        return text

    def on_mouse_down(self) -> None:
        if self.enabled:
            self.app.simulate_key(self.key)
        else:
            self.app.bell()


class KeyGroup(HorizontalGroup):
    """The keys of one binding group, side by side."""

    DEFAULT_CSS = """
    KeyGroup {
        width: auto;
    }
    """


class FooterLabel(Label):
    """A binding group's description, after its keys."""


#: What the footer shows: every active key (its binding, whether it is on, its
#: tooltip), then the footer's `compact` and `show_command_palette`, and the width it
#: has (a narrower one may need the keys' short labels).
Shown = tuple[tuple[tuple[str, Binding, bool, str], ...], bool, bool, int]




def key_width(binding: Binding, key_display: str, description: str) -> int:
    """The cells one key takes in a footer that is not compact: " ⏎ Place it "."""
    return cell_len(key_display) + (cell_len(description) + 3 if description else 0)


class Footer(widgets.Footer):
    """Shows the screen's keys as Textual's footer does, and makes them again only when
    what it would show has changed.

    Textual's footer shows no key until its screen says its bindings are ready, after
    the screen's first refresh: its keys come a paint (or several, on a busy screen)
    after the screen itself. `at_once` is for a screen whose keys do not hang on which
    widget has the focus (nothing on it takes the focus: the Patron panel): its footer
    makes its keys with the rest of the screen, so they are in its first paint.
    """

    ready = False  # the screen has said its bindings are ready: until then, no keys
    showing: Shown | None = None  # what the keys were last made from

    def __init__(self, *children: Widget, at_once: bool = False, **options: Any) -> None:
        super().__init__(*children, **options)  # Textual's own options (`compact`...)
        self.at_once = at_once

    def keys_now(self) -> Shown:
        active = tuple((key, b.binding, b.enabled, b.tooltip) for key, b in self.screen.active_bindings.items())
        return active, self.compact, self.show_command_palette, self.app.size.width

    def on_resize(self) -> None:
        if self.ready and self.showing is not None and self.showing[3] != self.app.size.width:
            self.call_after_refresh(self.show_keys)

    def labels(self, shown: list[tuple[Binding, bool, str]]) -> dict[str, str]:
        """Each key's label: its description, or where the footer has no room for them
        all, its short label from `SHORT_KEYS` (a layout that changes, not keys
        cut off at the screen's edge); in the language spoken (a binding's description
        is the English message, marked `N_` where it is bound, and so is a short label)."""
        full = {binding.action: binding.description for binding, _enabled, _tooltip in shown}
        said = {action: _(label) for action, label in full.items()}
        needed = sum(key_width(b, self.app.get_key_display(b), said[b.action]) for b, _enabled, _tooltip in shown)
        if needed <= self.app.size.width:
            return said
        return {action: _(SHORT_KEYS.get(label, label)) for action, label in full.items()}

    def bindings_changed(self, screen: Screen[Any]) -> None:
        """The screen's bindings may have changed (`bindings_updated_signal`).

        While the app has no focus (the player is in another window, or a browser's page
        has not been clicked yet), keys already shown stay as they are, as in Textual's
        footer (the focused widget's keys would go and come back); but a footer showing
        nothing yet shows the screen's keys at once. (Textual's stayed empty: a browser
        seat's key bar was blank until its page was clicked.)
        """
        self.ready = True
        if (screen.app.app_focus or self.showing is None) and self.is_attached and screen is self.screen:
            self.call_after_refresh(self.show_keys)

    async def show_keys(self) -> None:
        if self.is_attached and self.keys_now() != self.showing:
            await self.recompose()

    def compose(self) -> Iterable[Widget]:
        if not self.ready and self.at_once and self.screen is self.app.screen:
            self.ready = True  # the screen on top, its keys known now (see the class)
        if not self.ready:
            return
        self.showing = self.keys_now()
        active = self.screen.active_bindings
        by_action: defaultdict[str, list[tuple[Binding, bool, str]]] = defaultdict(list)
        for _node, binding, enabled, tooltip in active.values():
            if binding.show:
                by_action[binding.action].append((binding, enabled, tooltip))
        self.styles.grid_size_columns = len(by_action)
        compact = self.compact
        label = self.labels([bindings[0] for bindings in by_action.values()])
        for group, in_group in groupby(by_action.values(), lambda bindings: bindings[0][0].group):
            actions = list(in_group)
            if group is not None and len(actions) > 1:
                with KeyGroup(classes="-compact" if group.compact else ""):
                    for binding, enabled, tooltip in (bindings[0] for bindings in actions):
                        yield FooterKey(
                            binding.key, self.app.get_key_display(binding), "", binding.action, compact=compact,
                            enabled=enabled, tooltip=tooltip or _(binding.description), classes="-grouped",
                        ).data_bind(compact=Footer.compact)
                yield FooterLabel(_(group.description))
            else:
                for binding, enabled, tooltip in (bindings[0] for bindings in actions):
                    yield FooterKey(
                        binding.key, self.app.get_key_display(binding), label[binding.action], binding.action,
                        compact=compact, enabled=enabled, tooltip=tooltip,
                    ).data_bind(compact=Footer.compact)
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            palette = active.get(self.app.COMMAND_PALETTE_BINDING)
            if palette is not None:
                _node, binding, enabled, _tooltip = palette
                yield FooterKey(  # not bound to the footer's `compact`: compact always, as Textual's
                    binding.key, self.app.get_key_display(binding), binding.description, binding.action,
                    compact=True, enabled=enabled, tooltip=binding.tooltip or binding.description,
                    classes="-command-palette",
                )
