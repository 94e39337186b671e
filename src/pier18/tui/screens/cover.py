"""`b` at the host's own seat: hand an away player's seat to a bot, after a confirm.

The question comes from `pier18.words.cover_question`: who the bot will play for, and
that its moves will be told as the bot's. No answers no.
"""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding

from ...words import cover_question
from ...speech.keys import KEY_NO_KEEP_WAITING, KEY_YES_BOT_PLAYS
from .confirm import ConfirmScreen


class CoverScreen(ConfirmScreen):
    """Dismisses with True to let the bot play the seat, False to keep waiting."""

    BINDINGS = [
        Binding("y", "answer(True)", KEY_YES_BOT_PLAYS),
        Binding("n,escape", "answer(False)", KEY_NO_KEEP_WAITING),
    ]
    YES = KEY_YES_BOT_PLAYS  # the label (marked N_), with its key at compose
    NO = KEY_NO_KEEP_WAITING  # the label (marked N_), with its key at compose
    YES_VARIANT = "warning"

    def __init__(self, name: str, level: str) -> None:
        question, then = cover_question(name, level)
        super().__init__(Text(question, style="bold"), Text(then))
        self.seat_name = name
