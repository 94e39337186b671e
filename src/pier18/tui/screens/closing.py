"""Screens that close once, however fast the keys come.

Textual's `dismiss` pops whatever screen is on top. A second Enter (key repeat, a
double click) can reach a screen after its first one closed it: the option list or
the button had already queued a second "selected". Dismissing again would then close
the screen under it (the table) and could decide twice. Every screen that closes on
a key, a click or a selection is a `ClosesOnce`, which drops such a second close.

`app_leaving` is the other end of a screen's life: once the app is closing, its
screens are being taken down and nothing should draw on them any more.
"""

from __future__ import annotations

from typing import Any, TypeVar

from textual.app import App
from textual.await_complete import AwaitComplete
from textual.screen import ModalScreen, Screen

ResultT = TypeVar("ResultT")


def app_leaving(app: App[Any]) -> bool:
    """The app is closing: quit (it has a return code), or shut down by whatever runs it
    (a test's pilot takes the screens down without quitting first). News that arrives
    now, or a callback of a screen that has just closed, must not draw."""
    return app.return_code is not None or not app.is_running


class ClosesOnce(Screen[ResultT]):
    def dismiss(self, result: ResultT | None = None) -> AwaitComplete:
        if not self.is_active:  # closed already, or another screen is over it
            return AwaitComplete()
        return super().dismiss(result)


class ModalClosesOnce(ClosesOnce[ResultT], ModalScreen[ResultT]):
    """A `ClosesOnce` drawn over the screen below it."""
