"""One game, one writer: only the process playing a game writes its files.

Two terminals playing the same game would each save their own moves over the other's,
and one player's decisions would be lost. Two things stop that:

- The lock. The playing process holds an OS-level lock (`filelock`, flock on POSIX) on
  a file next to the save, `game.json.lock`, with its pid written inside for the message
  the other terminal shows ("this game is open in another terminal (pid N)"). The
  operating system drops the lock when the process ends in any way, SIGKILL included,
  so a stale lock file never blocks anyone. A lock file that is deleted is made again
  at the owner's next save (`GameLock.renew`).
- The stamp. A lock file can be deleted or replaced, and then a second process can take
  a lock of its own, so the lock alone proves nothing. Every file a game writes (the
  autosave, `play --record`, `host`'s autosave) is therefore written only over the very
  version this process wrote last, or resumed from: its `Stamp` (device, inode, size,
  modification and change times; `persist.files`). Saves are written by renaming a new
  file into place, so any other writer's save is a new inode and a new stamp. Locking
  the save's own inode would not do: every save replaces it. When the file on disk is
  not the one this process last wrote, it is left alone, the game says so in one line
  and goes on in a new file next to it (`game-2.json`), so the decisions of both
  players are kept, each in a whole record of its own game. The check and the rename
  are made under a lock on the folder, so two Pier 18 processes never both pass it.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from filelock import FileLock, Timeout

from ..engine.errors import Pier18Error
from ..engine.text import shorten
from ..words import open_elsewhere

LOCK_SUFFIX = ".lock"


class GameLocked(Pier18Error):
    """The game is being played by another process (`pid`, 0 when it cannot be told)."""

    def __init__(self, save: Path, pid: int) -> None:
        self.save = save
        self.pid = pid
        super().__init__(f"{shorten(save)}: {open_elsewhere(pid)}")


def lock_path(save: Path) -> Path:
    return save.with_name(save.name + LOCK_SUFFIX)


class GameLock:
    """The lock on one autosave; `acquire` raises GameLocked if another process holds it.

    OSError from `acquire` means the lock file cannot be made (a read-only folder): the
    caller decides whether to play without autosave.
    """

    def __init__(self, save: Path) -> None:
        self.save = Path(save)
        self._lock = self._new_lock()
        self._file: tuple[int, int] | None = None  # the lock file's (device, inode) while held

    def _new_lock(self) -> FileLock:
        return FileLock(lock_path(self.save), timeout=0, thread_local=False, on_acquired=self._acquired)

    def _acquired(self, fd: int) -> None:
        """Runs once the lock is ours: put our pid in the lock file for the other terminal."""
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
        info = os.fstat(fd)
        self._file = (info.st_dev, info.st_ino)

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
        self._file = None

    def intact(self) -> bool:
        """Whether the lock file on disk is still the one this lock holds (not deleted or
        replaced by someone)."""
        try:
            info = os.lstat(lock_path(self.save))
        except OSError:
            return False
        return self.held and self._file == (info.st_dev, info.st_ino)

    def renew(self) -> bool:
        """Take the lock again if its file was deleted or replaced, so that other terminals
        see the game as open again; False if another process has taken it meanwhile (the
        save's stamp still keeps that process from writing over this one's decisions)."""
        if self.intact():
            return True
        self.release()
        self._lock = self._new_lock()
        try:
            self.acquire()
        except (GameLocked, OSError):
            return False
        return True


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
