"""Ctrl+Q while a game is running: ask first, and say where the game is kept."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.binding import Binding

from ...i18n import N_, _
from ...engine.text import printable
from ...render.style import stressed
from ...words import saved_here
from ...speech.keys import KEY_KEEP_PLAYING
from ...speech.notices import play_resume_command
from .confirm import ConfirmScreen


def saved_text(save: Path | None) -> Text:
    """Where the game is saved and how to go on with it; the path is plain text, never markup."""
    if save is None:
        return stressed(saved_here(None))
    # A file name is outside text; the command names this very file, wherever it is.
    return stressed(saved_here(printable(str(save)), play_resume_command(save)))


class QuitScreen(ConfirmScreen):
    DEFAULT_CSS = """
    QuitScreen .confirm-box { width: 96%; max-width: 110; }  /* room for the save's path */
    """
    BINDINGS = [Binding("y", "answer(True)", N_("Yes, quit")), Binding("n,escape", "answer(False)", KEY_KEEP_PLAYING)]
    YES = N_("Yes, quit")  # the label (marked N_), with its key at compose

    def __init__(self, save: Path | None = None) -> None:
        super().__init__(Text(_("Quit the game in progress?"), style="bold"), saved_text(save))


class LeaveScreen(QuitScreen):
    """Ctrl+Q at a networked table: leave a seat (or, for the host, close the table)."""

    YES = N_("Yes, leave")  # the label (marked N_), with its key at compose

    def __init__(self, question: str, then: str) -> None:
        ConfirmScreen.__init__(self, Text(question, style="bold"), Text(then))
