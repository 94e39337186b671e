"""The hard bot's hint for the player to move (`h`), and the screens that can show one.

A screen asks for a hint by posting `HintedScreen.HintRequested`; the app thinks in the
background and hands the answer to every `HintedScreen` on the stack (`show_hint`). A
hint belongs to one turn of one seat: a hint line drawn anew (a new screen, the table
after any decision) forgets what it showed at once and asks the app for the hint given
for the turn now, if any (`HintLine.Shown`, answered with `show_known`). So a hint
never outlives the turn it was asked on, nor reaches the next person at the laptop.
Nothing here knows the app.
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Static

from ...i18n import N_
from ...engine import Decision
from ..screens.closing import ClosesOnce

ResultT = TypeVar("ResultT")


class HintLine(Static):
    """Hidden until a hint is asked for; shows the turn's hint again on the next screen."""

    class Shown(Message):
        """A hint line is drawn anew: the app answers with the turn's hint, if one was given."""

        def __init__(self, line: "HintLine") -> None:
            super().__init__()
            self.line = line

    def on_mount(self) -> None:
        self.display = False
        self.ask_known()

    def ask_known(self) -> None:
        """Forget the hint shown (it may be another turn's, another seat's) and ask for
        the one given for this turn (answered with `show_known`).

        The question goes to the app itself: a screen under another one (the table under
        a set-up or pass screen) handles no messages until it is on top again, and the
        hint it holds must be gone before then.
        """
        self.show_known(None)
        self.app.post_message(self.Shown(self))

    def show(self, text: str | Text) -> None:
        """Show a hint; a plain string is plain text (a bot's reason may quote anything)."""
        self.update(Text(text) if isinstance(text, str) else text)
        self.display = True

    def show_known(self, hint: tuple[Text, Decision | None] | None) -> None:
        """Show the hint already given for this turn, or hide the line if there is none."""
        if hint:
            self.show(hint[0])
            screen = self.screen
            if isinstance(screen, HintedScreen):
                self.call_after_refresh(screen.mark_hint, hint[1])  # once its choice list is there
        else:
            self.update("")
            self.display = False
            screen = self.screen
            if isinstance(screen, HintedScreen):
                screen.mark_hint(None)


class HintedScreen(ClosesOnce[ResultT]):
    """A screen with a `HintLine` where `h` asks the hard bot what to do."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("h", "hint", N_("Hint"))]

    class HintRequested(Message):
        """The player to move asks for a hint; the app answers through `show_hint`."""

    def action_hint(self) -> None:
        self.post_message(self.HintRequested())

    def show_hint(self, text: str | Text, decision: Decision | None = None) -> None:
        self.query_one(HintLine).show(text)
        self.mark_hint(decision)

    def mark_hint(self, decision: Decision | None) -> None:
        """Tag the hinted choice on screen, where the screen lists choices."""
