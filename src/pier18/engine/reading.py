"""Reading a file from outside (a deck, a pier, a record) so that no file can hang or flood us.

Kept apart from `deck` so that `pier18 score` can read a pier without loading the deck
code: it imports nothing but `os`, `stat` and `errno`.
"""

from __future__ import annotations

import errno
import os
import stat
from typing import TYPE_CHECKING

from ..i18n import _, ngettext

if TYPE_CHECKING:  # pragma: no cover
    from pathlib import Path


def read_capped(path: str | Path, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes, else OSError.

    Checked before opening (opening some devices does something) and again on the file
    opened without blocking (it may have been swapped in between), so a FIFO, a device
    such as /dev/zero or a directory is refused at once ("not a regular file"; a
    directory as IsADirectoryError) instead of hanging or filling memory; a file over
    `limit` bytes, or one that grows past it while being read, is refused with errno
    EFBIG. Every file from outside is read through here: decks, piers, game records.
    """
    _check_kind(os.stat(path).st_mode)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        _check_kind(info.st_mode)
        if info.st_size > limit:
            raise _too_big(limit)
        raw = os.read(fd, limit + 1)
        while len(raw) <= limit and (more := os.read(fd, limit + 1 - len(raw))):
            raw += more
    finally:
        os.close(fd)
    if len(raw) > limit:  # grew while being read
        raise _too_big(limit)
    return raw


def _check_kind(mode: int) -> None:
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, _("not a regular file"))
    if not stat.S_ISREG(mode):
        raise OSError(errno.EINVAL, _("not a regular file"))


def _too_big(limit: int) -> OSError:
    if limit >= 2**20 and limit % 2**20 == 0:
        return OSError(errno.EFBIG, _("larger than {size} MiB").format(size=limit // 2**20))
    return OSError(errno.EFBIG, ngettext("larger than {count} byte", "larger than {count} bytes", limit).format(count=limit))

