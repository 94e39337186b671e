"""A deck file's bytes and where the shipped one is, without the deck's code (no TOML,
no cards): `pier18.engine.deck` reads its files through here, and so does
`pier18.engine.later_deck`, which reads a deck before a game starts and leaves the
shipped deck's parsing for later.
"""

from __future__ import annotations

import errno
from pathlib import Path

from ..i18n import _
from .errors import DeckError
from .reading import read_capped
from .text import shorten

#: A deck is a few kilobytes; anything larger is refused before it is parsed.
MAX_DECK_BYTES = 1 << 20
#: The sha256 of the shipped deck (data/cards.toml), which the tests check in full
#: (tests/test_deck.py fails, naming the new value, when the deck changes without it).
SHIPPED_DECK_SHA256 = "b939e10e362156c1d578f369aa7e04146a051b5de4ba5550d76c56769ae08e2e"


def default_deck_path() -> Path:
    """The deck shipped with the game: inside the package, or in a source checkout."""
    packaged = Path(__file__).resolve().parent.parent / "data" / "cards.toml"
    if packaged.is_file():
        return packaged
    return Path(__file__).resolve().parents[3] / "data" / "cards.toml"


def read_deck_bytes(path: Path, where: str) -> bytes:
    """The deck file's bytes: a regular file of at most MAX_DECK_BYTES, else DeckError
    naming `where`."""
    try:
        return read_capped(path, MAX_DECK_BYTES)
    except OSError as exc:
        if exc.errno == errno.EFBIG:
            raise DeckError(
                _("{deck}: the deck file is over {size} KiB; a deck is a few KiB").format(deck=where, size=MAX_DECK_BYTES // 1024)
            ) from None
        raise DeckError(_("{deck}: cannot read the deck file ({reason})").format(deck=where, reason=exc.strerror or exc)) from None
