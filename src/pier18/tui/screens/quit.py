"""Ctrl+Q while a game is running: ask first, and say that the game is kept."""

from __future__ import annotations

from textual.binding import Binding

from .confirm import ConfirmScreen


class QuitScreen(ConfirmScreen):
    BINDINGS = [Binding("y", "answer(True)", "Yes, quit"), Binding("n,escape", "answer(False)", "No, keep playing")]
    YES = "Yes, quit (y)"

    def __init__(self) -> None:
        super().__init__(
            "[b]Quit the game in progress?[/b]",
            "It is saved: [b]pier18 play --resume[/b] goes on from here.",
        )
