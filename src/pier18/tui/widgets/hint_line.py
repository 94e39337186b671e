"""The hard bot's hint for the player to move (`h`), and the screens that can show one.

A screen asks for a hint by posting `HintedScreen.HintRequested`; the app thinks in the
background and hands the answer to every `HintedScreen` on the stack (`show_hint`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, TypeVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from ...engine import Decision
from ..screens.closing import ClosesOnce

if TYPE_CHECKING:
    from ..game_app import GameApp

ResultT = TypeVar("ResultT")


def game_app(node: Static | Screen[object]) -> GameApp | None:
    """The Pier 18 game app `node` runs in, typed; None inside another app (e.g. a test harness)."""
    from ..game_app import GameApp

    app = node.app
    return app if isinstance(app, GameApp) else None


class HintLine(Static):
    """Hidden until a hint is asked for; shows the turn's hint again on the next screen."""

    def on_mount(self) -> None:
        self.show_known()

    def show(self, text: str | Text) -> None:
        """Show a hint; a plain string is plain text (a bot's reason may quote anything)."""
        self.update(Text(text) if isinstance(text, str) else text)
        self.display = True

    def show_known(self) -> None:
        """Show the hint already given for this turn, or hide the line if there is none."""
        app = game_app(self)
        hint = app.known_hint() if app is not None else None
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

    BINDINGS: ClassVar[list[BindingType]] = [Binding("h", "hint", "Hint")]

    class HintRequested(Message):
        """The player to move asks for a hint; the app answers through `show_hint`."""

    def action_hint(self) -> None:
        self.post_message(self.HintRequested())

    def show_hint(self, text: str | Text, decision: Decision | None = None) -> None:
        self.query_one(HintLine).show(text)
        self.mark_hint(decision)

    def mark_hint(self, decision: Decision | None) -> None:
        """Tag the hinted choice on screen, where the screen lists choices."""
