"""`pier18` alone at a terminal: the game's main menu. Each choice leads into the
command that does it (the menu returns that command's words), or shows the rules."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..i18n import N_, _
from .exits import BaseApp
from .screens.rules import RulesScreen

#: The choices in order: id, key, label, and the command's words (None: done in the menu).
CHOICES: tuple[tuple[str, str, str, tuple[str, ...] | None], ...] = (
    ("play", "p", N_("Play here (hot seat)"), ("play",)),
    ("bots", "b", N_("Play against bots"), ("play", "--players", "2", "--bots", "1")),
    ("learn", "l", N_("Learn to play (lesson)"), ("learn",)),
    ("saved", "s", N_("Go on with a saved game"), ("play", "--resume")),
    ("join", "j", N_("Join a table"), None),
    ("host", "h", N_("Host a table"), ("host",)),
    ("club", "c", N_("Open the club"), ("club",)),
    ("rules", "r", N_("Read the rules"), None),
    ("quit", "q", N_("Quit"), None),
)


class MenuApp(BaseApp):
    """Arrow keys and Enter, or each choice's letter; Escape or q quits."""

    #: The command line of the choice made (None: quit).
    chosen: tuple[str, ...] | None = None

    CSS = """
    #menu-box { width: 60; max-width: 100%; height: auto; max-height: 100%; margin: 1 2; }
    #menu-title { text-style: bold; padding: 0 1; }
    #menu-choices { height: auto; max-height: 1fr; }
    #menu-note { padding: 0 1; color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "choose('quit')", N_("Quit")),
        *(Binding(key, f"choose('{name}')", label, show=False) for name, key, label, _words in CHOICES),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-box"):
            yield Static(_("Pier 18: the main menu"), id="menu-title")
            yield OptionList(
                *(Option(Text(f"{key}  {_(label)}"), id=name) for name, key, label, _words in CHOICES), id="menu-choices",
            )
            yield Static(_("Arrow keys and Enter, or a choice's letter."), id="menu-note")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_choose(event.option.id or "quit")

    def action_choose(self, name: str) -> None:
        words = next(words for choice, _key, _label, words in CHOICES if choice == name)
        if words is not None:
            self.chosen = words
            self.exit()
        elif name == "rules":
            self.push_screen(RulesScreen())
        elif name == "join":
            self.query_one("#menu-note", Static).update(_("To join a table, type: pier18 join ADDRESS (the host's HOST:PORT)"))
        else:
            self.exit()
