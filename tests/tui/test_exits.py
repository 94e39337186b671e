"""What `pier18.tui.crash_hook` and `pier18.tui.exits` rely on, pinned.

`CrashHook` wraps Textual's private `App._handle_exception` (no public hook sees an
exception nothing caught). These tests fail if Textual stops sending an exception of
any origin there, or ends the app otherwise: a handler, `compose`, a message, a timer, a
thread worker and an async worker each raise once, and each time the very exception
reaches `crashed`, the app stops with return code 1 and nothing is printed.
"""

from __future__ import annotations

import asyncio
import os
import signal
import threading

import pytest
from textual import work
from textual.app import ComposeResult
from textual.message import Message
from textual.widgets import Static
from textual.worker import WorkerFailed

from pier18.tui import exits
from pier18.tui.crash_hook import CrashHook


class Boom(RuntimeError):
    pass


class Poke(Message):
    pass


class Raising(CrashHook):
    """Raises `Boom` from one place, named by `where`, and keeps what `crashed` got."""

    def __init__(self, where: str) -> None:
        super().__init__()
        self.where = where
        self.boom = Boom(where)
        self.got: list[BaseException] = []

    def crashed(self, error: BaseException) -> None:
        self.got.append(error)

    def compose(self) -> ComposeResult:
        if self.where == "compose":
            raise self.boom
        yield Static("here")

    def on_mount(self) -> None:
        if self.where == "mount":
            raise self.boom
        if self.where == "message":
            self.post_message(Poke())
        if self.where == "timer":
            self.set_timer(0.01, self.fail)
        if self.where == "thread worker":
            self.run_worker(self.fail, thread=True)
        if self.where == "async worker":
            self.fail_later()

    def on_poke(self, message: Poke) -> None:
        raise self.boom

    def fail(self) -> None:
        raise self.boom

    @work
    async def fail_later(self) -> None:
        raise self.boom


@pytest.mark.parametrize("where", ["compose", "mount", "message", "timer", "thread worker", "async worker"])
async def test_every_unexpected_exception_reaches_crashed_and_ends_the_app_quietly(capsys, where):
    app = Raising(where)
    await asyncio.wait_for(app.run_async(headless=True, size=(80, 24)), 60)
    assert len(app.got) == 1
    got = app.got[0]
    if where.endswith("worker"):
        assert isinstance(got, WorkerFailed) and got.error is app.boom  # Textual's wrapping, kept
    else:
        assert got is app.boom
    assert app.return_code == 1
    out, err = capsys.readouterr()
    assert (out, err) == ("", "")  # no screenful of traceback: the crash report has it


async def test_a_stopped_app_that_cannot_end_is_ended_by_the_last_resort(monkeypatch):
    """Textual blocks for good once its terminal output fails; a signal still gets the
    process out, with 128 + the signal's number, when the app cannot end by itself."""
    stuck = threading.Event()
    ended: list[int] = []

    def last_resort(status: int) -> None:  # os._exit, but telling the test and letting go
        ended.append(status)
        stuck.set()

    monkeypatch.setattr(exits, "LAST_RESORT", 0.05)
    monkeypatch.setattr(exits.os, "_exit", last_resort)

    class Stuck(exits.BaseApp):
        def on_mount(self) -> None:
            self.call_after_refresh(self.hang)

        def hang(self) -> None:
            os.kill(os.getpid(), signal.SIGTERM)
            stuck.wait(60)  # the event loop is blocked here, as in Textual's full output queue

    app = Stuck()
    await asyncio.wait_for(app.run_async(headless=True, size=(80, 24)), 120)
    assert ended == [128 + signal.SIGTERM]
    assert app.stopped_by == signal.SIGTERM and app.return_code == 128 + signal.SIGTERM
    assert exits.ended(app) == 128 + signal.SIGTERM


@pytest.mark.skipif(os.name != "posix", reason="pseudo-terminals")
def test_the_driver_writes_nothing_once_its_terminal_has_hung_up(monkeypatch):
    """Textual's driver would queue writes for a terminal that is gone until its queue is
    full, and then wait for good: once the terminal has hung up (its window closed), the
    app's driver drops what it is given instead."""
    import pty

    master, slave = pty.openpty()
    try:
        monkeypatch.setattr(exits, "_terminal_fd", lambda: slave)
        written: list[str] = []

        class Recording:  # stands for Textual's driver: only `write` is wrapped
            def write(self, data: str) -> None:
                written.append(data)

        driver = exits.quiet_once_gone(Recording)()  # type: ignore[arg-type]
        driver.write("drawn")
        os.close(master)  # the window closes: the terminal hangs up
        master = None
        driver.write("lost")
        driver.write("lost too")
    finally:
        for fd in (master, slave):
            if fd is not None:
                os.close(fd)
    assert written == ["drawn"]


def test_a_driver_on_no_terminal_is_textuals_own(monkeypatch):
    """A browser seat's app draws on pipes: its driver is left as Textual made it."""

    class Driver:
        pass

    monkeypatch.setattr(exits, "_terminal_fd", lambda: None)
    assert exits.quiet_once_gone(Driver) is Driver  # type: ignore[arg-type]


async def test_a_stop_signal_says_at_once_in_the_games_locks_that_the_process_is_ending(tmp_path):
    """Before anything else a stop does, the game locks this process holds say that it is
    ending, so that another terminal's `--resume` waits for it (`persist.lock.holder`)."""
    from pier18.persist.lock import GameLock, GameLocked

    lock = GameLock(tmp_path / "game.json").acquire()
    seen: list[bool] = []

    class Stopped(exits.BaseApp):
        def on_mount(self) -> None:
            os.kill(os.getpid(), signal.SIGTERM)

        def on_unmount(self) -> None:  # the app has ended; the game is still held
            try:
                GameLock(lock.save).acquire()
            except GameLocked as locked:
                seen.append(locked.ending)
            super().on_unmount()

    try:
        app = Stopped()
        await asyncio.wait_for(app.run_async(headless=True, size=(80, 24)), 120)
        assert exits.ended(app) == 128 + signal.SIGTERM
    finally:
        lock.release()
    assert seen == [True]
