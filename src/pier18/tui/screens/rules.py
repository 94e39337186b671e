"""`r`: the rules of Pier 18 (the text ships with the package), drawn from lines made
once (`widgets.rules_page`); the app keeps the screen (`closing.kept`)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding

from ...i18n import N_
from ...speech.keys import KEY_BACK_TO_GAME
from ..widgets.footer import Footer
from ..widgets.rules_page import RulesPage
from .closing import ClosesOnce


class RulesScreen(ClosesOnce[None]):
    BINDINGS = [Binding("escape", "close", KEY_BACK_TO_GAME), Binding("r", "close", N_("Back"), show=False)]
    AUTO_FOCUS = "#rules"

    def refill(self) -> None:
        """Opened again: the page stays where the reader left it."""

    def compose(self) -> ComposeResult:
        yield RulesPage(id="rules")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
