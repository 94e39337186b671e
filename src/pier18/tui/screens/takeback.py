"""`u`: take back the last decision, after a confirm that never shows a hidden card.

The question comes from `pier18.words.takeback_prompt`, worded from the engine's
public `TableView`: a choice still hidden is never named, since the next player may
already be holding the laptop.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.binding import Binding

from ...engine import TableView
from ...words import takeback_prompt
from .confirm import ConfirmScreen
from .too_small import TooSmallScreen

if TYPE_CHECKING:
    from ..app import Pier18App


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


def request_takeback(app: Pier18App) -> None:
    """Ask, then take back and show the game from the rebuilt state.

    On a person's turn screen in a hot-seat game it reaches back to that person's own
    last decision (`Session.takeback_count`); a hidden choice of someone else it must
    take back on the way is only counted, and its maker gets a pass screen first.

    `app` is the Pier 18 app: it has `session` and `resync()`, which goes back to the
    table and asks the rebuilt game what comes next, so a set-up takeback lands on the
    "pass the laptop" screen and never on a hand.
    """
    session = app.session
    if session is None or isinstance(app.screen, (ConfirmScreen, TooSmallScreen)):
        return  # not over another question, nor over the too-small message
    at_keys = app.at_keys()
    count = session.takeback_count(at_keys)
    bots = [session.is_bot(seat) for seat in range(session.players)]
    question = takeback_prompt(TableView.of(session.game), session.names, count, bots, at_keys)
    if question is None:
        app.notify("Nothing to take back yet.", severity="warning")
        return

    def answered(yes: bool | None) -> None:
        if yes and app.session is session and session.takeback_count(at_keys) == count:
            session.takeback(count)
            app.resync()

    app.push_screen(TakebackScreen(question), answered)
