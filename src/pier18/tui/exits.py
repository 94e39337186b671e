"""How every pier18 app ends: when asked, on a crash, or stopped from outside.

Every Textual app of pier18 (`play`'s `Pier18App`, `join`'s and `host`'s `SeatApp`,
`replay`'s `ReplayApp`) is a `BaseApp` and is run by `run_app` or `run_app_async`,
so they all end the same way:

- asked to (Ctrl+Q, q): exit status 0 (or the app's own `return_code`);
- an exception nothing caught: a crash report in `crashes/` (`pier18.persist.crash`),
  one line on stderr saying where it is and how to go on, exit status 1;
- SIGTERM, SIGHUP or SIGINT sent from outside (`kill`, a terminal closed under it):
  the app is asked to exit, so Textual puts the terminal back as it found it (main
  screen, mouse and key modes off, cursor shown); one line on stderr; exit status
  128 + the signal's number (143, 129, 130). (Ctrl+C typed in the app is a key, not
  a signal: Textual says how to quit.) A terminal closed under the app is gone: the
  driver writes nothing more (`quiet_once_gone`), so the app ends at once, and the
  game's locks say at the signal that it is ending, so a `--resume` in another
  terminal waits the moment it takes (`persist.lock`).

Either way the autosave is as the last decision left it: each decision's save is
taken from the game as it is made (and written on a save thread, `persist.writer`), and
the exit a signal asks for is handled on the app's thread between two messages, never in
the middle of one. The caller (`Autosaving.release`) waits for the save in flight, then
lets go of the game's lock.

Textual's command palette (Ctrl+P) is off: the project does not test it.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import threading
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import AutopilotCallbackType

from ..engine.errors import Pier18Error
from ..persist.lock import ending
from ..persist.writer import settle
from .crash_hook import CrashHook
from .terminal import not_a_terminal

if TYPE_CHECKING:
    from textual.driver import Driver

#: The signals that stop an app from outside, each ending it with status 128 + its number.
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP", "SIGINT") if hasattr(signal, name))

#: Seconds a stopped app has to end before the process ends without it (it could not
#: draw or give anything back anyway). Ending takes milliseconds. `GONE` when its
#: terminal has gone (a closed window): nothing is left to give back, and another
#: terminal may be waiting to resume the game (`persist.lock.ENDING_WAIT`, longer).
LAST_RESORT = 15.0
GONE = 2.0


class NotATerminal(Pier18Error):
    """An app was to start where standard input or standard error is no terminal (a pipe,
    a file): it would draw its screen as escape codes into it. One line, exit status 1."""

    status = 1


class BaseApp(CrashHook):
    """What every pier18 app shares about ending; see the module's notes."""

    ENABLE_COMMAND_PALETTE = False

    async def run_async(
        self,
        *,
        headless: bool = False,
        inline: bool = False,
        inline_no_clear: bool = False,
        mouse: bool = True,
        size: tuple[int, int] | None = None,
        auto_pilot: AutopilotCallbackType | None = None,
    ) -> Any:
        """Textual's `run_async` (which `run` calls too), but never onto a pipe or a file:
        NotATerminal, before anything is drawn, unless `headless` (nothing is drawn) or
        drawn by Textual's web driver (a browser seat: the pipes are its terminal)."""
        # A WebDriver exists only once its module is loaded: not loaded for it (json with it).
        web = sys.modules.get("textual.drivers.web_driver")
        drawn_by_web = web is not None and issubclass(self.driver_class, web.WebDriver)
        missing = [] if headless or drawn_by_web else not_a_terminal()
        if missing:
            from ..i18n import _
            from ..speech.notices import not_terminals

            raise NotATerminal(_("{not_terminals}: the game needs one").format(not_terminals=not_terminals(missing)))
        return await super().run_async(
            headless=headless, inline=inline, inline_no_clear=inline_no_clear, mouse=mouse, size=size,
            auto_pilot=auto_pilot,
        )

    # -- the terminal's cursor on what is pointed at (see cursor.py) ---------------------

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver for this terminal, showing the cursor (Textual hides it) and
        writing nothing once the terminal has gone (`quiet_once_gone`)."""
        from .cursor import showing_cursor

        return quiet_once_gone(showing_cursor(super().get_driver_class()))

    def on_mount(self) -> None:
        from .cursor import follow_soon

        self.screen_change_signal.subscribe(self, lambda screen: follow_soon(self))

    def on_descendant_focus(self) -> None:
        from .cursor import follow_soon

        follow_soon(self)

    def on_descendant_blur(self) -> None:
        from .cursor import follow_soon

        follow_soon(self)

    def on_resize(self, event: events.Resize) -> None:
        from .cursor import follow_soon

        follow_soon(self)

    #: The unexpected exception that ended the app, and where its crash report was written.
    crash: BaseException | None = None
    crash_report: Path | None = None
    #: The signal that stopped the app, if one did, and the timer that ends the process
    #: if the app cannot end by itself (see `stop`).
    stopped_by: int | None = None
    last_resort: threading.Timer | None = None
    #: Whether the app started on a terminal (so a stop can tell that it has gone).
    on_terminal = False

    def save_path(self) -> Path | None:
        """Where the game is saved on this computer, if it is (named in a crash report)."""
        return None

    def how_to_go_on(self) -> str | None:
        """The sentence after a crash or a stop: how to get back to the game, if there is one."""
        return None

    def crash_line(self) -> str:
        """The one line on stderr after a crash."""
        from ..persist import crash

        assert self.crash is not None
        return crash.crash_line(self.crash, self.crash_report, self.how_to_go_on())

    def stop_line(self) -> str:
        """The one line on stderr after a signal stopped the app."""
        from ..words import stopped_by

        assert self.stopped_by is not None
        return stopped_by(signal.Signals(self.stopped_by).name, self.how_to_go_on())

    # -- crashes -----------------------------------------------------------------------

    def crashed(self, error: BaseException) -> None:
        """The first unexpected exception: keep it and write its crash report (the
        autosave is not written here; it stays as the last decision saved it)."""
        if self.crash is not None:
            return
        from ..persist import crash

        self.crash = error
        try:
            self.crash_report = crash.write_report(error, self.save_path())
        except OSError:
            self.crash_report = None

    # -- signals -----------------------------------------------------------------------

    def on_load(self) -> None:
        """Before Textual takes the terminal over: from now on a stop signal ends the app
        through Textual, which gives the terminal back."""
        loop = asyncio.get_running_loop()
        self.on_terminal = _terminal_fd() is not None

        def handler(number: int, frame: object) -> None:
            self.stop(loop, number)

        self._signals_before: dict[int, Any] = {}
        for number in STOP_SIGNALS:
            try:
                self._signals_before[number] = signal.signal(number, handler)
            except (OSError, ValueError):  # not the main thread: whoever runs it handles signals
                continue

    def on_unmount(self) -> None:
        """The terminal is given back by now: the signals go back to what they did before."""
        for number, before in getattr(self, "_signals_before", {}).items():
            signal.signal(number, signal.SIG_DFL if before is None else before)
        self._signals_before = {}

    def stop(self, loop: asyncio.AbstractEventLoop, number: int) -> None:
        """A stop signal came: exit with status 128 + its number (a second one changes nothing).

        This is a plain signal handler, not the event loop's: it runs even while the app
        is stuck (Textual blocks for good on terminal output nobody reads, a pipe, or
        one that was already waiting when its terminal went), and then `LAST_RESORT`
        (`GONE` once the terminal has gone) ends the process if the app has not ended by
        then, once the save in flight is on disk. First of all, the game locks of this
        process say that it is ending, so that another terminal's `--resume` waits for
        them rather than being refused the game (`persist.lock.ending`).
        """
        if self.stopped_by is None:
            self.stopped_by = number
            ending()
            wait = GONE if self.on_terminal and _terminal_fd() is None else LAST_RESORT
            self.last_resort = threading.Timer(wait, last_resort, (128 + number, wait))
            self.last_resort.daemon = True
            self.last_resort.start()
        try:
            loop.call_soon_threadsafe(partial(self.exit, return_code=128 + self.stopped_by))
        except RuntimeError:  # the loop has closed: the app is over already
            pass


def last_resort(status: int, wait: float) -> None:
    """The process ends now, with `status`, its app stuck: once the save in flight is
    written (waited for as long again as the app was), without the app's own ending."""
    settle(wait)
    os._exit(status)


def quiet_once_gone(driver: type[Driver]) -> type[Driver]:
    """`driver`, but writing nothing once its terminal has gone (its window closed).

    A closed window hangs its terminal up: from then on every write to it fails. Textual's
    terminal driver writes on a thread of its own, through a queue of a few dozen writes;
    that thread ends at its first failed write, and the app would then wait for good for
    room in the queue, in its next write or in its own ending, its game's lock held all
    the while. So before each write the driver asks whether the terminal it started on is
    still a terminal (a hung-up one is not); once it is not, it drops what it is given,
    and the app stopped by the hang-up's SIGHUP ends at once: there is nothing to give
    back to a terminal that is gone. A driver that started on no terminal (a browser
    seat's pipes) writes as Textual's does.
    """

    terminal = _terminal_fd()
    if terminal is None:  # pipes (a browser seat's): written as Textual writes them
        return driver
    gone = False

    def write(self: Driver, data: str) -> None:
        nonlocal gone
        gone = gone or not os.isatty(terminal)
        if not gone:
            driver.write(self, data)

    quiet: type[Driver] = type(driver.__name__, (driver,), {"write": write})
    return quiet


def _terminal_fd() -> int | None:
    """The terminal a driver writes to (standard error's), if it is one."""
    stream = sys.__stderr__
    try:
        fd = stream.fileno() if stream is not None else -1
    except (OSError, ValueError):  # closed, or no file at all
        return None
    return fd if fd >= 0 and os.isatty(fd) else None


def run_app(app: BaseApp) -> int:
    """Run `app` in this thread until it ends; its exit status (see the module's notes).
    NotATerminal (nothing drawn, nothing to report) if there is no terminal to draw on."""
    settle_the_heap()
    try:
        app.run()
    except NotATerminal:
        raise
    except Exception as error:  # outside Textual's own handlers (starting or closing)
        app.crashed(error)
    return ended(app)


async def run_app_async(app: BaseApp) -> int:
    """Run `app` on the running event loop until it ends; its exit status (NotATerminal
    as `run_app`)."""
    settle_the_heap()
    try:
        await app.run_async()
    except NotATerminal:
        raise
    except Exception as error:  # outside Textual's own handlers (starting or closing)
        app.crashed(error)
    return ended(app)


def settle_the_heap() -> None:
    """Leave what is loaded so far (the modules, the deck, the game) out of the garbage
    collector's full passes: scanning it all took 100–200 ms, a pause a key could land
    in. Only a process that runs one app does this (tests run many in one process)."""
    import gc

    gc.freeze()


def ended(app: BaseApp) -> int:
    """The exit status of an app that has ended, with its one line on stderr if it crashed
    or was stopped. A standard error that cannot be written loses the line, not the status."""
    if app.last_resort is not None:
        app.last_resort.cancel()  # it has ended by itself
    if app.crash is not None:
        status, line = 1, app.crash_line()
    elif app.stopped_by is not None:
        status, line = 128 + app.stopped_by, app.stop_line()
    else:
        return app.return_code or 0
    try:
        print(line, file=sys.stderr, flush=True)
    except (OSError, ValueError):  # a terminal that has gone (SIGHUP), a closed stderr
        pass
    return status
