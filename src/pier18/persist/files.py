"""Writing files so that a crash never leaves half of one, and reading files from outside
so that no file (a FIFO, /dev/zero, a huge file) can hang the game or fill its memory."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path


class RefusedFile(OSError):
    """A file from outside that is not read at all: not a regular file, or too large."""


def read_limited(path: str | Path, limit: int) -> bytes:
    """The bytes of `path` if it is a regular file of at most `limit` bytes.

    Checked before opening (a FIFO would block, a device never ends), opened without
    blocking and checked again (it may have been swapped), and read to at most
    `limit + 1` bytes (it may be growing). Other problems raise the usual OSError.
    """
    _check_kind(os.stat(path).st_mode)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        _check_kind(info.st_mode)
        if info.st_size > limit:
            raise RefusedFile(errno.EFBIG, f"larger than {_size(limit)}")
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    if left <= 0:
        raise RefusedFile(errno.EFBIG, f"larger than {_size(limit)}")
    return b"".join(chunks)


def _check_kind(mode: int) -> None:
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, "is a directory")
    kind = "a FIFO" if stat.S_ISFIFO(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a socket"
    raise RefusedFile(errno.EINVAL, f"not a regular file ({kind})")


def _size(limit: int) -> str:
    return f"{limit // 2**20} MiB" if limit >= 2**20 else f"{limit} bytes"


def atomic_write(path: Path, text: str, private: bool = False) -> None:
    """Replace `path` with `text` so that a crash leaves either the old or the new file.

    `private` writes it readable by its owner only (mode 0600): it holds secrets.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        with contextlib.suppress(OSError):
            os.chmod(temp, 0o600 if private else path.stat().st_mode & 0o777 if path.exists() else 0o644)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX only; Windows has no directory fsync)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
