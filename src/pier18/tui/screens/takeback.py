"""`u`: take back the last decision, after a confirm that never shows a hidden card.

The question comes from `pier18.words.takeback_prompt`, worded from the engine's
public `TableView`: a choice still hidden is never named, since the next player may
already be holding the laptop.
"""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding

from .confirm import ConfirmScreen


class TakebackScreen(ConfirmScreen):
    """Dismisses with True to take back, False to keep playing."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes, take back"),
        Binding("n,escape", "answer(False)", "No, keep playing"),
    ]
    YES = "Yes, take back (y)"
    YES_VARIANT = "warning"

    def __init__(self, question: str) -> None:
        super().__init__(Text(question, style="bold"))
        self.question = question
