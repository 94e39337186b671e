"""Screens that close once, however fast the keys come.

Textual's `dismiss` pops whatever screen is on top. A second Enter (key repeat, a
double click) can reach a screen after its first one closed it: the option list or
the button had already queued a second "selected". Dismissing again would then close
the screen under it (the table) and could decide twice. Every screen that closes on
a key, a click or a selection is a `ClosesOnce`, which drops such a second close.
"""

from __future__ import annotations

from typing import TypeVar

from textual.await_complete import AwaitComplete
from textual.screen import ModalScreen, Screen

ResultT = TypeVar("ResultT")


class ClosesOnce(Screen[ResultT]):
    def dismiss(self, result: ResultT | None = None) -> AwaitComplete:
        if not self.is_active:  # closed already, or another screen is over it
            return AwaitComplete()
        return super().dismiss(result)


class ModalClosesOnce(ClosesOnce[ResultT], ModalScreen[ResultT]):
    """A `ClosesOnce` drawn over the screen below it."""
