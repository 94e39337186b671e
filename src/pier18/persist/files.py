"""Writing files so that a crash never leaves half of one, and so that nothing written by
someone else is ever written over by mistake. (Reading files from outside is
`pier18.engine.reading.read_capped`.)

Every write goes to a temporary file in the same folder, flushed and fsynced, and then
takes the real name in one step. What that step may replace is said by the caller
(`over`): anything (`Over.ANY`), nothing (`Over.NOTHING`: a file that is there, or
appears meanwhile, is left alone), or one version of the file, named by its `Stamp`
(this process's own last write, or the file as it was when a game was resumed from it).
The check and the rename happen under an exclusive `flock` on the folder itself, so two
Pier 18 processes can never both pass the check and then both rename; a file with no
name yet is put in place with `os.link`, which fails rather than replace a file. Writing
never makes a missing folder: a caller that owns a folder (the data folder) makes it.
"""

from __future__ import annotations

import contextlib
import enum
import errno
import os
import stat as kinds
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
import tempfile

from ..engine.text import shorten
from ..i18n import _

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: the check without the folder lock
    fcntl = None  # type: ignore[assignment]


@dataclass(frozen=True)
class Stamp:
    """One version of a file on disk. Every write here makes a new file (a new inode), so
    a file whose stamp is unchanged is the very version the stamp was taken from.

    The inode's change time is left out: a hard link, a chmod or a backup tool's extended
    attribute changes it without writing a byte, and a game told its save was "written
    by another terminal" over that would split into a second file for nothing."""

    device: int
    inode: int
    size: int
    modified_ns: int


def stamp(path: Path) -> Stamp | None:
    """The stamp of what is at `path` now (the name itself, not what a link points to),
    or None if nothing is there."""
    try:
        info = os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    return Stamp(info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)


class Over(enum.Enum):
    """What a write may replace, when it is not one version of the file (a `Stamp`)."""

    ANY = "any"  # whatever is there
    NOTHING = "nothing"  # nothing: the name must be free


Allowed = Stamp | Over


class FileChanged(FileExistsError):
    """The file on disk is not what the write was allowed to replace; it was left as it is."""

    def __init__(self, path: Path, appeared: bool) -> None:
        self.appeared = appeared
        if appeared:
            why = _("a file appeared there meanwhile; it was not written over")
        else:
            why = _("the file was changed by someone else; it was not written over")
        super().__init__(errno.EEXIST, why, str(path))


def atomic_write(path: Path, text: str, private: bool = False, *, over: Allowed = Over.ANY) -> Stamp:
    """Replace `path` with `text` so that a crash leaves either the old or the new file.

    `private` writes it readable by its owner only (mode 0600): it holds secrets.
    `over` says what may be replaced (see the module's docstring); FileChanged if the
    file there is something else. Returns the stamp of the file written.
    """
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        with contextlib.suppress(OSError):
            os.chmod(temp, 0o600 if private else path.stat().st_mode & 0o777 if path.exists() else 0o644)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    return put_in_place(Path(temp), path, over)


def put_in_place(temp: Path, path: Path, over: Allowed = Over.ANY) -> Stamp:
    """Give the finished (fsynced) file `temp`, in `path`'s folder, the name `path` in one
    step, if what is there now is what `over` allows (FileChanged if not: `temp` is removed
    either way when this fails); the folder is fsynced after. Returns the stamp written."""
    try:
        with _folder_lock(path.parent):
            now = stamp(path)
            if over is Over.ANY or (now is not None and now == over):
                os.replace(temp, path)
            elif now is None:
                _link_new(str(temp), path)
            else:
                raise FileChanged(path, appeared=over is Over.NOTHING)
            written = stamp(path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _fsync_dir(path.parent)
    assert written is not None
    return written


def _link_new(temp: str, path: Path) -> None:
    """Give the finished temporary file the name `path`, which must be free: a hard link
    fails if a file has taken the name meanwhile (unlike a rename, which replaces it)."""
    try:
        os.link(temp, path)
    except FileExistsError:
        raise FileChanged(path, appeared=True) from None
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EMLINK, errno.ENOSYS):
            raise
        os.replace(temp, path)  # no hard links here (FAT, some network disks): checked just now
        return
    os.unlink(temp)


#: How long a write waits for another Pier 18 process's check-and-rename in the same
#: folder (microseconds of work) before going on without the folder lock.
FOLDER_LOCK_WAIT = 10.0


@contextlib.contextmanager
def _folder_lock(folder: Path) -> Iterator[None]:
    """Hold an exclusive flock on `folder` (a folder, not a file in it, so deleting or
    replacing a file cannot undo it) while a write checks and renames. Where folders
    cannot be locked (Windows, some network disks) the check is made without it."""
    if fcntl is None:  # pragma: no cover
        yield
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        yield
        return
    try:
        deadline = time.monotonic() + FOLDER_LOCK_WAIT
        pause = 0.0005
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    break  # a process stopped while holding it: the stamp check still stands
                time.sleep(pause)  # the holder is between a stat and a rename
                pause = min(pause * 2, 0.05)
            except OSError:
                break  # no flock on this folder's file system
        yield
    finally:
        os.close(fd)  # lets go of the lock


def folder_problem(folder: Path) -> str | None:
    """Why `folder` cannot hold files, naming the real culprit in a few words: 'the folder
    X does not exist', or 'Y is a file, not a folder' for the part of the path in the way.
    None when it is a folder. Each path is shortened (`shorten`): a line, however long it is."""
    if folder.is_dir():
        return None
    for part in [folder, *folder.parents]:
        try:
            info = os.stat(part)
        except FileNotFoundError:
            continue
        except OSError as exc:
            return f"{shorten(part)}: {exc.strerror or exc}"
        if kinds.S_ISDIR(info.st_mode):
            return _("the folder {folder} does not exist").format(folder=shorten(folder))
        if kinds.S_ISREG(info.st_mode):
            return _("{part} is a file, not a folder").format(part=shorten(part))
        return _("{part} is not a folder").format(part=shorten(part))
    return _("the folder {folder} does not exist").format(folder=shorten(folder))


def why_not(exc: OSError, folder: Path) -> str:
    """What an error writing into `folder` comes to: the folder's own problem if it has
    one (a file where a folder should be is 'File exists' to the system), else the error."""
    if isinstance(exc, (FileExistsError, NotADirectoryError, FileNotFoundError)) and not isinstance(exc, FileChanged):
        problem = folder_problem(folder)
        if problem is not None:
            return problem
    return exc.strerror or str(exc)


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX only; Windows has no directory fsync)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
