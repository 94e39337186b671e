"""Screens that close once, however fast the keys come.

Textual's `dismiss` pops whatever screen is on top. A second Enter (key repeat, a
double click) can reach a screen after its first one closed it: the option list or
the button had already queued a second "selected". Dismissing again would then close
the screen under it (the table) and could decide twice. Every screen that closes on
a key, a click or a selection is a `ClosesOnce`, which drops such a second close.

`app_leaving` is the other end of a screen's life: once the app is closing, its
screens are being taken down and nothing should draw on them any more. A screen
pushed just before the app quits can even be mounted after its widgets are gone, so
every screen's `on_mount` is wrapped in `unless_leaving`.

`kept` makes the overlays a game opens and closes again and again (the keys, the
rules, the symbols, the log, why a pier scores) once per app. Textual takes a screen
that is not installed out of the app when it closes, and then lays the screen under it
out again and paints it a second time; and it builds the screen anew on each open.
A kept screen is installed: closing it only uncovers the screen under it, and opening
it again fills in what changed (`Refillable.refill`) instead of building it.
A question (quit, take back) is never kept: a fresh one is not answered by a key
pressed before it was drawn (`GameApp.stale`), and a kept one counts as drawn at once.
The Patron panel is kept, and `GameApp.show_award` makes the app forget it was drawn
before each push, so a refilled panel waits for its paint as a new screen does.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from textual.app import App
from textual.await_complete import AwaitComplete
from textual.screen import ModalScreen, Screen

ResultT = TypeVar("ResultT")
ScreenT = TypeVar("ScreenT", bound=Screen[Any])


def app_leaving(app: App[Any]) -> bool:
    """The app is closing: quit (it has a return code), or shut down by whatever runs it
    (a test's pilot takes the screens down without quitting first). News that arrives
    now, or a callback of a screen that has just closed, must not draw."""
    return app.return_code is not None or not app.is_running


def still_shown(screen: Screen[Any]) -> bool:
    """The screen is on the app's stack and its widgets are still there. A callback
    queued by a screen (after a refresh, on a resize) may run once it has been
    dismissed, while its widgets are being taken down: then it must not draw."""
    return screen.is_attached and not app_leaving(screen.app) and screen in screen.app.screen_stack


def unless_leaving(handler: Callable[[ScreenT], None]) -> Callable[[ScreenT], None]:
    """A screen handler (`on_mount`) that does nothing once the app is leaving: its widgets may be gone."""

    @functools.wraps(handler)
    def guarded(screen: ScreenT) -> None:
        if not app_leaving(screen.app):
            handler(screen)

    return guarded


class ClosesOnce(Screen[ResultT]):
    def dismiss(self, result: ResultT | None = None) -> AwaitComplete:
        if not self.is_active:  # closed already, or another screen is over it
            return AwaitComplete()
        return super().dismiss(result)


class ModalClosesOnce(ClosesOnce[ResultT], ModalScreen[ResultT]):
    """A `ClosesOnce` drawn over the screen below it."""


class Refillable(Protocol):
    """A screen `kept` for its app: `refill` takes what `__init__` takes and shows it."""

    def __init__(self, *args: Any) -> None: ...

    def refill(self, *args: Any) -> None: ...


RefillableT = TypeVar("RefillableT", bound=Refillable)


def kept(app: App[Any], kind: type[RefillableT], *args: Any) -> RefillableT:
    """The app's one `kind` screen, showing `args`: made (and installed) the first time,
    refilled after. The caller pushes it."""
    name = f"pier18-kept-{kind.__module__}.{kind.__qualname__}"
    if app.is_screen_installed(name):
        screen = app.get_screen(name)
        assert isinstance(screen, kind)
        screen.refill(*args)
        return screen
    made = kind(*args)
    app.install_screen(made, name)  # type: ignore[arg-type]
    return made
