"""`u`: take back the last decision, after a confirm that never shows a hidden card.

The question comes from `pier18.record.takeback_prompt`, which names only the player
for set-up choices: the next player may already be holding the laptop.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static


class TakebackScreen(ModalScreen[bool]):
    """Dismisses with True to take back, False to keep playing."""

    DEFAULT_CSS = """
    TakebackScreen { align: center middle; }
    TakebackScreen #takeback-box { width: 70; height: auto; border: thick $warning; padding: 1 2; background: $panel; }
    TakebackScreen #takeback-buttons { height: auto; margin-top: 1; }
    TakebackScreen Button { margin-right: 2; }
    """

    BINDINGS = [
        Binding("y", "answer(True)", "Yes, take back"),
        Binding("n,escape", "answer(False)", "No, keep playing"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="takeback-box"):
            yield Static(Text(self.question, style="bold"), id="takeback-question")
            with Horizontal(id="takeback-buttons"):
                yield Button("Yes, take back (y)", id="yes", variant="warning")
                yield Button("No (n)", id="no", variant="primary")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


def request_takeback(app) -> None:
    """Ask, then take back the last decision and show the game from the rebuilt state.

    `app` is the Pier 18 app: it has `session` and `resync()`, which goes back to the
    table and asks the rebuilt game what comes next, so a set-up takeback lands on the
    "pass the laptop" screen and never on a hand.
    """
    from ...record import takeback, takeback_prompt

    from .quit import QuitScreen
    from .resume import ResumeScreen
    from .too_small import TooSmallScreen

    session = getattr(app, "session", None)
    if session is None or isinstance(app.screen, (TakebackScreen, QuitScreen, ResumeScreen, TooSmallScreen)):
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
