"""One game, one writer: a process playing an autosaved game holds a lock on it.

Two terminals resuming the same game would each save their own moves over the other's.
So the playing process holds an OS-level lock (`filelock`, flock on POSIX) on a file
next to the save, `game.json.lock`, with its pid written inside for the message the
other terminal shows. The operating system drops the lock when the process ends in any
way, SIGKILL included, so a stale lock file never blocks anyone.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from filelock import FileLock, Timeout

from ..engine.errors import Pier18Error
from ..engine.text import shorten

LOCK_SUFFIX = ".lock"


class GameLocked(Pier18Error):
    """The game is being played by another process (`pid`, 0 when it cannot be told)."""

    def __init__(self, save: Path, pid: int) -> None:
        self.save = save
        self.pid = pid
        super().__init__(f"{shorten(save)}: {open_elsewhere(pid)}")


def open_elsewhere(pid: int) -> str:
    """The words for a game another process is playing."""
    return f"this game is open in another terminal (pid {pid})" if pid else "this game is open in another terminal"


def lock_path(save: Path) -> Path:
    return save.with_name(save.name + LOCK_SUFFIX)


def _write_pid(fd: int) -> None:
    """Runs once the lock is ours: put our pid in the lock file for the other terminal."""
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)


class GameLock:
    """The lock on one autosave; `acquire` raises GameLocked if another process holds it.

    OSError from `acquire` means the lock file cannot be made (a read-only folder): the
    caller decides whether to play without autosave.
    """

    def __init__(self, save: Path) -> None:
        self.save = Path(save)
        self._lock = FileLock(lock_path(self.save), timeout=0, thread_local=False, on_acquired=_write_pid)

    @property
    def held(self) -> bool:
        return self._lock.is_locked

    def acquire(self) -> "GameLock":
        try:
            self._lock.acquire(timeout=0)
        except Timeout:
            raise GameLocked(self.save, read_pid(self.save)) from None
        return self

    def release(self) -> None:
        if self._lock.is_locked:
            with contextlib.suppress(OSError):
                self._lock.release(force=True)


def read_pid(save: Path) -> int:
    """The pid written in a save's lock file (0 if there is none or it is unreadable)."""
    try:
        with open(lock_path(save), "rb") as file:
            text = file.read(32).decode("ascii", "replace").strip()
    except OSError:
        return 0
    return int(text) if text.isascii() and text.isdigit() and len(text) < 12 else 0


def holder(save: Path) -> int | None:
    """The pid of the process playing `save` now (0 if unknown), or None if nobody is.

    Found by trying the lock for an instant; a folder where no lock can be made has
    no player either.
    """
    try:
        if not lock_path(save).exists():
            return None
    except OSError:  # a name too long for the system (exists() raises that one): no lock
        return None
    probe = GameLock(save)
    try:
        probe.acquire()
    except GameLocked as locked:
        return locked.pid
    except OSError:
        return None
    probe.release()
    return None
