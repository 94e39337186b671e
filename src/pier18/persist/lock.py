"""One game, one writer: only the process playing a game writes its files.

Two terminals playing the same game would each save their own moves over the other's,
and one player's decisions would be lost. Two things stop that:

- The lock. The playing process holds an OS-level lock (flock on POSIX) on a file next
  to the save, `game.json.lock`, with its pid written inside for the message the other
  terminal shows ("this game is open in another terminal (pid N)"), and a second one on
  a hidden file beside it, `.game.json.lock` (its guard). A game is taken only by a
  process that holds both, so deleting or replacing one of the two files (a tidy-up of
  `*.lock` files while a game is on) lets nobody in: the next taker gets the file made
  again at that name, finds the other held, lets go and is told who has the game. The
  lock files are there only while the game is played: the process removes them when it
  lets go (the game ended, the process quit, crashed or was stopped by a signal;
  `atexit` catches any exit that forgot to), and the operating system drops the locks
  when the process ends in any way, SIGKILL included, so lock files a killed process left
  behind block nobody: the next process to look at them takes them without a question
  and removes them (`holder`). Removing a lock file is safe because every taker checks,
  once it holds the lock, that the file it locked is still the one at the name
  (`_FlockFile`); one it locked just as its holder removed it is let go and the name
  tried again. A lock file that someone else deletes is made again at the owner's next
  save (`GameLock.renew`).
- The stamp. Both lock files can be deleted or replaced, and then a second process can
  take a lock of its own, so the lock alone proves nothing. Every file a game writes (the
  autosave, `play --record`, `host`'s autosave) is therefore written only over the very
  version this process wrote last, or resumed from: its `Stamp` (device, inode, size,
  modification time; `persist.files`). Saves are written by renaming a new
  file into place, so any other writer's save is a new inode and a new stamp. Locking
  the save's own inode would not do: every save replaces it. When the file on disk is
  not the one this process last wrote, it is left alone, the game says so in one line
  (on its screen) and goes on in a new file next to it (`game-2.json`), so the
  decisions of both players are kept, each in a whole record of its own game. The
  check and the rename are made under a lock on the folder, so two Pier 18 processes
  never both pass it.

A `play --record FILE` is locked the same way while its game is played, so that no
other game (`--force` included) writes over it.

A holder that is ending says so. A game stopped from outside (a closed window's SIGHUP,
SIGTERM, SIGINT) still holds its lock while it writes its last save and ends: a few
tenths of a second, or as long as the app takes to end (`tui.exits`). The stop marks
every lock the process holds as ending (`ending`: "ending" on the line after the pid),
and whoever finds a lock held by an ending process waits for it to go, up to
`ENDING_WAIT` seconds (`holder`), so a `play --resume` typed the moment the window closed
goes on with the game, its last decision included, instead of finding it "open in
another terminal".
"""

from __future__ import annotations

import atexit
import contextlib
import os
import time
import weakref
from collections.abc import Callable
from pathlib import Path
from filelock import FileLock, Timeout

from ..engine.errors import Pier18Error
from ..engine.text import shorten
from ..speech.notices import open_elsewhere

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: filelock's lock, which removes its file too
    fcntl = None  # type: ignore[assignment]

LOCK_SUFFIX = ".lock"

#: How many times a lock file that its holder removed just as this process locked it is
#: tried again (each try is a few system calls; two in a row is already rare).
RETRIES = 20

#: How long a lock held by a process that is ending (`ending`) is waited for, and how
#: often it is tried meanwhile (seconds). A stopped app writes its last save and ends in
#: a few tenths of a second; one that cannot end is ended within `tui.exits.GONE`.
ENDING_WAIT = 10.0
ENDING_TRY_EVERY = 0.02

#: What a lock file holds after its holder's pid once the holder is ending.
ENDING = "ending"


class GameLocked(Pier18Error):
    """The game is being played by another process (`pid`, 0 when it cannot be told)."""

    def __init__(self, save: Path, pid: int, ending: bool = False) -> None:
        self.save = save
        self.pid = pid
        self.ending = ending  # its holder is ending: it lets go in a moment
        super().__init__(f"{shorten(save)}: {open_elsewhere(pid)}")


def lock_path(save: Path) -> Path:
    """The lock file others see, with the holder's pid inside: `game.json.lock`."""
    return save.with_name(save.name + LOCK_SUFFIX)


def guard_path(save: Path) -> Path:
    """The hidden second lock file, `.game.json.lock`: held with the first, so that
    deleting one of them lets nobody in."""
    return save.with_name("." + save.name + LOCK_SUFFIX)


def lock_paths(save: Path) -> tuple[Path, Path]:
    return lock_path(save), guard_path(save)


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

    def intact(self) -> bool:
        """Held, and still the file at its name (not deleted or replaced by someone)."""
        return self.fd is not None and _is_named(self.fd, self.path)

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
        self.path = path
        self._lock = FileLock(path, timeout=0, thread_local=False, on_acquired=on_acquired)

    @property
    def held(self) -> bool:
        return self._lock.is_locked

    def intact(self) -> bool:
        return self.held and self.path.exists()

    def take(self) -> bool:
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
    """The lock on one game's file (its autosave, or a `--record` file): both of its lock
    files (`lock_paths`). `acquire` raises GameLocked if another process holds either.

    OSError from `acquire` means a lock file cannot be made (a read-only folder): the
    caller decides whether to play without autosave. `release` removes the lock files.
    """

    def __init__(self, save: Path) -> None:
        self.save = Path(save)
        self.is_ending = False  # marked by `mark_ending`: this process is ending
        self._parts = [self._new_lock(path) for path in lock_paths(self.save)]

    def _new_lock(self, path: Path) -> _FlockFile | _PortableFile:
        kind = _FlockFile if fcntl is not None else _PortableFile
        return kind(path, self._acquired)

    def _acquired(self, fd: int) -> None:
        """Runs once a lock file is ours: put our pid in it for the other terminal (and,
        once this process is ending, that it is)."""
        os.ftruncate(fd, 0)
        os.pwrite(fd, self._content(), 0)

    def _content(self) -> bytes:
        return (f"{os.getpid()}\n" + (f"{ENDING}\n" if self.is_ending else "")).encode("ascii")

    def mark_ending(self) -> None:
        """This process is ending (stopped from outside): say so in both lock files, so
        another terminal waits a moment for the game instead of being refused it."""
        self.is_ending = True
        for part in self._parts:
            fd = part.fd if isinstance(part, _FlockFile) else None
            if fd is not None:
                with contextlib.suppress(OSError):
                    os.pwrite(fd, self._content(), 0)

    @property
    def held(self) -> bool:
        return all(part.held for part in self._parts)

    def acquire(self) -> "GameLock":
        """Hold both lock files; GameLocked (holding neither) if another process holds one."""
        try:
            taken = self._take_missing()
        except BaseException:
            self.release()
            raise
        if taken is not None:
            self.release()
            pid, ending = _read(taken)
            raise GameLocked(self.save, pid or read_pid(self.save), ending)
        _held.add(self)
        return self

    def _take_missing(self) -> Path | None:
        """Take each lock file not held intact now (made again if it was deleted or
        replaced); the path of the first one another process holds, else None."""
        for number, part in enumerate(self._parts):
            if part.intact():
                continue
            part.let_go()  # a file deleted or replaced under us: nobody finds it any more
            self._parts[number] = part = self._new_lock(part.path)
            if not part.take():
                return part.path
        return None

    def release(self) -> None:
        """Let go, removing the lock files (those still this lock's own)."""
        for part in self._parts:
            part.let_go()
        _held.discard(self)

    def intact(self) -> bool:
        """Whether both lock files on disk are still the ones this lock holds (neither
        deleted nor replaced by someone)."""
        return all(part.intact() for part in self._parts)

    def renew(self) -> bool:
        """Hold the lock again if it was let go (a finished game saved once more), or make
        again a lock file deleted or replaced, so that other terminals see the game as
        open again. False if the game is not this process's any more (another process
        took it meanwhile; the save's stamp still keeps that process from writing over
        this one's decisions). A lock file another process holds for an instant (it
        came to look, found the other one held and lets go) is taken at the next save."""
        if self.intact():
            return True
        try:
            taken = self._take_missing()
        except OSError:
            taken = self.save
        if taken is None:
            _held.add(self)
            return True
        if any(part.intact() for part in self._parts):
            return True  # one still ours: nobody else can hold the game
        self.release()
        return False


def _read(path: Path) -> tuple[int, bool]:
    """The pid written in a lock file (0 if there is none or it is unreadable), and
    whether its holder is ending."""
    try:
        with open(path, "rb") as file:
            lines = file.read(64).decode("ascii", "replace").split("\n")
    except OSError:
        return 0, False
    text = lines[0].strip()
    pid = int(text) if text.isascii() and text.isdigit() and len(text) < 12 else 0
    return pid, ENDING in (line.strip() for line in lines[1:])


def _pid_in(path: Path) -> int:
    """The pid written in a lock file (0 if there is none or it is unreadable)."""
    return _read(path)[0]


def read_pid(save: Path) -> int:
    """The pid written in a save's lock files (0 if there is none or it is unreadable)."""
    return next((pid for pid in map(_pid_in, lock_paths(save)) if pid), 0)


def holder(save: Path) -> int | None:
    """The pid of the process playing `save` now (0 if unknown), or None if nobody is.

    Found by trying the lock for an instant; a folder where no lock can be made has
    no player either. Lock files nobody holds (their process was killed) are taken and
    so removed on the way: nothing is asked, and nothing is left behind. A game whose
    lock file was deleted while it is played still has its player: the guard. A holder
    that is ending (`mark_ending`) is waited for, up to `ENDING_WAIT` seconds: once it
    has let go, nobody plays the game (and its last save is on disk).
    """
    give_up = time.monotonic() + ENDING_WAIT
    while True:
        try:
            if not any(path.exists() for path in lock_paths(save)):
                return None
        except OSError:  # a name too long for the system (exists() raises that one): no lock
            return None
        probe = GameLock(save)
        try:
            probe.acquire()
        except GameLocked as locked:
            if not locked.ending or time.monotonic() >= give_up:
                return locked.pid
            time.sleep(ENDING_TRY_EVERY)  # it lets go in a moment
            continue
        except OSError:
            return None
        probe.release()
        return None


def ending() -> None:
    """This process is ending (a stop signal came): every game lock it holds says so,
    so another terminal waits a moment for those games (`holder`)."""
    for lock in list(_held):
        lock.mark_ending()
