"""Ctrl+Q while a game is running: ask first, and say that the game is kept."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static


class QuitScreen(ModalScreen[bool]):
    AUTO_FOCUS = "#no"  # Enter must not end the game by accident
    BINDINGS = [Binding("y", "answer(True)", "Yes, quit"), Binding("n,escape", "answer(False)", "No, keep playing")]

    def compose(self) -> ComposeResult:
        with Vertical(id="quit-box"):
            yield Static(
                "[b]Quit the game in progress?[/b]\n"
                "It is saved: [b]pier18 play --resume[/b] goes on from here.",
                id="quit-question",
            )
            with Horizontal(id="quit-buttons"):
                yield Button("Yes, quit (y)", id="yes", variant="error")
                yield Button("No (n)", id="no", variant="primary")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, quit_now: bool) -> None:
        self.dismiss(quit_now)
