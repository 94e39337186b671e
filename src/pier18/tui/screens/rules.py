"""`r`: the rules of Pier 18 in a Markdown viewer (the text ships with the package)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import MarkdownViewer

from ..resources import rules_text
from ...words import KEY_BACK, KEY_BACK_TO_GAME
from .closing import ClosesOnce
from ..widgets.footer import Footer


class RulesScreen(ClosesOnce[None]):
    BINDINGS = [Binding("escape", "close", KEY_BACK_TO_GAME), Binding("r", "close", KEY_BACK, show=False)]

    def compose(self) -> ComposeResult:
        yield MarkdownViewer(rules_text(), show_table_of_contents=False, id="rules")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
