"""`u`: take back the last decision, after a confirm that never shows a hidden card.

The question comes from `pier18.record.takeback_prompt`, which names only the player
for set-up choices: the next player may already be holding the laptop.
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


def request_takeback(app) -> None:
    """Ask, then take back the last decision and show the game from the rebuilt state.

    `app` is the Pier 18 app: it has `session` and `resync()`, which goes back to the
    table and asks the rebuilt game what comes next, so a set-up takeback lands on the
    "pass the laptop" screen and never on a hand.
    """
    from ...record import takeback, takeback_prompt

    from .too_small import TooSmallScreen

    session = getattr(app, "session", None)
    if session is None or isinstance(app.screen, (ConfirmScreen, TooSmallScreen)):
        return  # not over another question, nor over the too-small message
    question = takeback_prompt(session)
    if question is None:
        app.notify("Nothing to take back yet.", severity="warning")
        return

    def answered(yes: bool | None) -> None:
        if yes and app.session is session:
            takeback(session)
            app.resync()

    app.push_screen(TakebackScreen(question), answered)
