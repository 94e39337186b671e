"""The hard bot's hint for the player to move (`h`), and the screens that can show one.

A screen asks for a hint by posting `HintedScreen.HintRequested`; the app thinks in the
background and hands the answer to every `HintedScreen` on the stack (`show_hint`). A
hint line that is drawn anew asks for the turn's hint given already by posting
`HintLine.Shown`; the app answers with `show_known`. Nothing here knows the app.
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Static

from ...engine import Decision
from ...words import KEY_HINT
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
        """Ask for the hint already given for this turn (answered with `show_known`)."""
        self.post_message(self.Shown(self))

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

    BINDINGS: ClassVar[list[BindingType]] = [Binding("h", "hint", KEY_HINT)]

    class HintRequested(Message):
        """The player to move asks for a hint; the app answers through `show_hint`."""

    def action_hint(self) -> None:
        self.post_message(self.HintRequested())

    def show_hint(self, text: str | Text, decision: Decision | None = None) -> None:
        self.query_one(HintLine).show(text)
        self.mark_hint(decision)

    def mark_hint(self, decision: Decision | None) -> None:
        """Tag the hinted choice on screen, where the screen lists choices."""
