"""`u`: take back the last decision, after a confirm that never shows a hidden card.

The question is decided by `pier18.flow.takeback` from the engine's public
`TableView` and worded by `pier18.words.takeback_prompt`: a choice still hidden is
never named, since the next player may already be holding the laptop.
"""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding

from ...speech.keys import KEY_KEEP_PLAYING, KEY_YES_TAKE_BACK
from .confirm import ConfirmScreen


class TakebackScreen(ConfirmScreen):
    """Dismisses with True to take back, False to keep playing."""

    DEFAULT_CSS = """
    TakebackScreen .confirm-box { border: thick $warning; }
    """
    BINDINGS = [
        Binding("y", "answer(True)", KEY_YES_TAKE_BACK),
        Binding("n,escape", "answer(False)", KEY_KEEP_PLAYING),
    ]
    YES = KEY_YES_TAKE_BACK  # the label (marked N_), with its key at compose
    YES_VARIANT = "warning"

    def __init__(self, question: str) -> None:
        super().__init__(Text(question, style="bold"))
        self.question = question
