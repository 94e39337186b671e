"""`?`: the keys of the screen it was opened on, built from that screen's bindings.

The list is made from `Screen.active_bindings` of the screen under it (Textual's public
API: every key the focused widget, the screen and the app bind there now, each with the
binding's own description), so it can never say a key the screen does not have, nor
leave one out. Keys with the same description share a line ("1–4  Point at a card").
Under the list, the prose no key's label can hold: how keys work on every screen.
"""

from __future__ import annotations

from itertools import zip_longest
from typing import Any, NamedTuple

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ...render.style import stressed
from ...i18n import _
from ...words import key_names, keys_notes, textual_keys
from ...speech.keys import KEY_CLOSE
from .closing import ModalClosesOnce
from ..widgets.footer import Footer


class KeyLine(NamedTuple):
    """One line of the list: the keys (as bound), what they do, and whether they do it now."""

    keys: tuple[str, ...]
    description: str
    enabled: bool


def description_of(binding: Binding) -> str:
    """A key's description: the binding's own (the game's words), or for a key Textual's
    widgets bind, Textual's description in the game's words; in the language spoken."""
    textual = textual_keys().get(binding.description)
    return textual if textual is not None else _(binding.description)


def key_lines(screen: Screen[Any]) -> list[KeyLine]:
    """Every key active on `screen` now, those with one description on one line, in the
    order Textual looks them up (the focused widget's first, the app's last), the game's
    own keys before the ones Textual's widgets bind (Tab, scrolling). Textual's system
    keys (never shown, not even in its own key panel) are left out."""
    lines: dict[tuple[bool, str, bool], list[str]] = {}
    textuals = textual_keys()
    for key, active in screen.active_bindings.items():
        binding = active.binding
        if binding.system:
            continue
        textual = binding.description in textuals
        lines.setdefault((textual, description_of(binding), active.enabled), []).append(key)
    ordered = sorted(lines.items(), key=lambda line: line[0][0])  # stable: each part keeps its order
    return [KeyLine(tuple(keys), description, enabled) for (_unused, description, enabled), keys in ordered]


def key_name(app: App[Any], key: str) -> str:
    return key_names().get(key) or app.get_key_display(Binding(key, ""))


def keys_shown(app: App[Any], keys: tuple[str, ...]) -> str:
    """'1–4' for a run of number keys, else each key's name: '← →', 'Esc'."""
    if len(keys) > 1 and all(key.isdigit() and len(key) == 1 for key in keys):
        numbers = [int(key) for key in keys]
        if numbers == list(range(numbers[0], numbers[0] + len(numbers))):
            return f"{numbers[0]}–{numbers[-1]}"
    return " ".join(key_name(app, key) for key in keys)


def keys_table(app: App[Any], lines: list[KeyLine]) -> Table:
    """The lines in two columns side by side, read down the left one first."""
    table = Table(box=None, show_header=False, padding=(0, 1, 0, 1), expand=True)
    for _column in range(2):
        table.add_column(style="bold", no_wrap=True)
        table.add_column(ratio=1)
    cells = [
        (keys_shown(app, line.keys), Text(line.description) if line.enabled else Text(line.description + " " + _("(not just now)"), style="dim"))
        for line in lines
    ]
    half = (len(cells) + 1) // 2
    for left, right in zip_longest(cells[:half], cells[half:], fillvalue=("", "")):
        table.add_row(*left, *right)
    return table


class HelpScreen(ModalClosesOnce[None]):
    """The list scrolls (↑/↓, PgUp/PgDn, Home/End, the wheel) where the terminal is too
    short for all of it, as at the 100×30 minimum. `under` is the screen it lists the
    keys of (the one on top when `?` was pressed)."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen #help-box {
        width: 96;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: round $accent;
        padding: 0 2;
        background: $surface;
    }
    """
    BINDINGS = [Binding("escape", "close", KEY_CLOSE), Binding("question_mark", "close", KEY_CLOSE, show=False)]

    def __init__(self, under: Screen[Any]) -> None:
        super().__init__()
        self.lines = key_lines(under)

    def refill(self, under: Screen[Any]) -> None:
        """Opened again (the app keeps it, `closing.kept`): the keys of the screen under it
        now (drawn anew only if they are not the ones shown)."""
        lines = key_lines(under)
        if lines == self.lines:
            return
        self.lines = lines
        if self.is_mounted:
            self.query_one("#help-text", Static).update(self.content())
            self.query_one("#help-box", VerticalScroll).scroll_home(animate=False)

    def content(self) -> Group:
        return Group(Text(_("Keys on this screen"), style="bold"), keys_table(self.app, self.lines), Text(""), stressed(keys_notes()))

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Static(self.content(), id="help-text")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
