"""One game, one writer: only the process playing a game writes its files.

Two terminals playing the same game would each save their own moves over the other's,
and one player's decisions would be lost. Two things stop that:

- The lock. The playing process holds an OS-level lock (flock on POSIX) on a file next
  to the save, `game.json.lock`, with its pid written inside for the message the other
  terminal shows ("this game is open in another terminal (pid N)"). The lock file is
  there only while the game is played: the process removes it when it lets go (the
  game ended, the process quit, crashed or was stopped by a signal; `atexit` catches
  any exit that forgot to), and the operating system drops the lock when the process
  ends in any way, SIGKILL included, so a lock file a killed process left behind blocks
  nobody: the next process to look at it takes it without a question and removes it
  (`holder`). Removing a lock file is safe because every taker checks, once it holds
  the lock, that the file it locked is still the one at the name (`_FlockFile`); one it
  locked just as its holder removed it is let go and the name tried again. A lock file
  that someone else deletes is made again at the owner's next save (`GameLock.renew`).
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

import atexit
import contextlib
import os
import weakref
from collections.abc import Callable
from pathlib import Path

from ..engine.errors import Pier18Error
from ..engine.text import shorten
from ..words import open_elsewhere

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: filelock's lock, which removes its file too
    fcntl = None  # type: ignore[assignment]

LOCK_SUFFIX = ".lock"

#: How many times a lock file that its holder removed just as this process locked it is
#: tried again (each try is a few system calls; two in a row is already rare).
RETRIES = 20


class GameLocked(Pier18Error):
    """The game is being played by another process (`pid`, 0 when it cannot be told)."""

    def __init__(self, save: Path, pid: int) -> None:
        self.save = save
        self.pid = pid
        super().__init__(f"{shorten(save)}: {open_elsewhere(pid)}")


def lock_path(save: Path) -> Path:
    return save.with_name(save.name + LOCK_SUFFIX)


class _FlockFile:
    """POSIX: an exclusive flock on `path`, made if need be and removed when let go.

    Taking it: open (or make) the file, lock it without waiting, then check that the file
    locked is still the one named `path` (not removed or replaced meanwhile by the
    holder letting go); if not, let it go and try the name again. Letting go: remove
    the file while still holding it, then close. So whoever holds the lock holds the
    file at the name, and removing it never lets two processes in.
    """

    def __init__(self, path: Path, on_acquired: Callable[[int], None]) -> None:
        self.path = path
        self.on_acquired = on_acquired
        self.fd: int | None = None

    @property
    def held(self) -> bool:
        return self.fd is not None

    def take(self) -> bool:
        """True once held; False if another process holds it. OSError if it cannot be made."""
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
        for _ in range(RETRIES):
            fd = os.open(self.path, flags, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                return False
            except BaseException:
                os.close(fd)
                raise
            if _is_named(fd, self.path):
                try:
                    self.on_acquired(fd)
                except BaseException:
                    os.close(fd)
                    raise
                self.fd = fd
                return True
            os.close(fd)  # locked just as its holder let go: the name holds another file now
        return False

    def let_go(self) -> None:
        fd, self.fd = self.fd, None
        if fd is None:
            return
        try:
            if _is_named(fd, self.path):  # ours still: nobody else can be holding it
                os.unlink(self.path)
        except OSError:
            pass
        finally:
            os.close(fd)  # lets go of the lock


def _is_named(fd: int, path: Path) -> bool:
    """Whether the open file `fd` is the file at `path` (not removed, not replaced)."""
    try:
        mine, named = os.fstat(fd), os.lstat(path)
    except OSError:
        return False
    return mine.st_nlink > 0 and (mine.st_dev, mine.st_ino) == (named.st_dev, named.st_ino)


class _PortableFile:  # pragma: no cover - where there is no flock (Windows)
    """filelock's lock, which removes its file when let go on Windows."""

    def __init__(self, path: Path, on_acquired: Callable[[int], None]) -> None:
        from filelock import FileLock

        self._lock = FileLock(path, timeout=0, thread_local=False, on_acquired=on_acquired)

    @property
    def held(self) -> bool:
        return self._lock.is_locked

    def take(self) -> bool:
        from filelock import Timeout

        try:
            self._lock.acquire(timeout=0)
        except Timeout:
            return False
        return True

    def let_go(self) -> None:
        if self._lock.is_locked:
            with contextlib.suppress(OSError):
                self._lock.release(force=True)


#: Every lock this process holds, let go at exit (a clean exit, an uncaught exception,
#: SIGINT), so no lock file outlives the process that made it.
_held: weakref.WeakSet[GameLock] = weakref.WeakSet()


@atexit.register
def _let_go_of_all() -> None:
    for lock in list(_held):
        lock.release()


class GameLock:
    """The lock on one autosave; `acquire` raises GameLocked if another process holds it.

    OSError from `acquire` means the lock file cannot be made (a read-only folder): the
    caller decides whether to play without autosave. `release` removes the lock file.
    """

    def __init__(self, save: Path) -> None:
        self.save = Path(save)
        self._lock = self._new_lock()
        self._file: tuple[int, int] | None = None  # the lock file's (device, inode) while held

    def _new_lock(self) -> _FlockFile | _PortableFile:
        kind = _FlockFile if fcntl is not None else _PortableFile
        return kind(lock_path(self.save), self._acquired)

    def _acquired(self, fd: int) -> None:
        """Runs once the lock is ours: put our pid in the lock file for the other terminal."""
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
        info = os.fstat(fd)
        self._file = (info.st_dev, info.st_ino)

    @property
    def held(self) -> bool:
        return self._lock.held

    def acquire(self) -> "GameLock":
        if not self._lock.take():
            raise GameLocked(self.save, read_pid(self.save))
        _held.add(self)
        return self

    def release(self) -> None:
        """Let go, removing the lock file (if it is still this lock's own)."""
        self._lock.let_go()
        self._file = None
        _held.discard(self)

    def intact(self) -> bool:
        """Whether the lock file on disk is still the one this lock holds (not deleted or
        replaced by someone)."""
        try:
            info = os.lstat(lock_path(self.save))
        except OSError:
            return False
        return self.held and self._file == (info.st_dev, info.st_ino)

    def renew(self) -> bool:
        """Hold the lock again if it was let go (a finished game saved once more), or if
        its file was deleted or replaced, so that other terminals see the game as open
        again; False if another process has taken it meanwhile (the save's stamp still
        keeps that process from writing over this one's decisions)."""
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
    no player either. A lock file nobody holds (its process was killed) is taken and
    so removed on the way: nothing is asked, and nothing is left behind.
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
