"""Ctrl+Q while a game is running: ask first, and say where the game is kept."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.binding import Binding

from ...engine.text import printable
from ...words import command
from .confirm import ConfirmScreen


def saved_text(save: Path | None) -> Text:
    """Where the game is saved and how to go on with it; the path is plain text, never markup."""
    if save is None:
        return Text("It is saved as you play: ").append("pier18 play --resume", style="bold").append(" goes on from here.")
    text = Text("It is saved in ")
    text.append(printable(str(save)), style="bold")  # a file name is outside text
    text.append("\n")
    text.append(command("pier18", "play", "--resume", save), style="bold")  # this very file, wherever it is
    return text.append(" goes on from here.")


class QuitScreen(ConfirmScreen):
    BINDINGS = [Binding("y", "answer(True)", "Yes, quit"), Binding("n,escape", "answer(False)", "No, keep playing")]
    YES = "Yes, quit (y)"

    def __init__(self, save: Path | None = None) -> None:
        super().__init__(Text("Quit the game in progress?", style="bold"), saved_text(save))


class LeaveScreen(QuitScreen):
    """Ctrl+Q at a networked table: leave a seat (or, for the host, close the table)."""

    YES = "Yes, leave (y)"

    def __init__(self, question: str, then: str) -> None:
        ConfirmScreen.__init__(self, Text(question, style="bold"), Text(then))
