"""Ctrl+Q while a game is running: quitting loses it, so ask first."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static


class QuitScreen(ModalScreen[bool]):
    AUTO_FOCUS = "#no"  # Enter must not lose the game by accident
    BINDINGS = [Binding("y", "answer(True)", "Yes, quit"), Binding("n,escape", "answer(False)", "No, keep playing")]

    def compose(self) -> ComposeResult:
        with Vertical(id="quit-box"):
            yield Static("[b]Quit the game in progress?[/b]", id="quit-question")
            with Horizontal(id="quit-buttons"):
                yield Button("Yes, quit (y)", id="yes", variant="error")
                yield Button("No (n)", id="no", variant="primary")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, quit_now: bool) -> None:
        self.dismiss(quit_now)
