"""A deck read before a game starts, and parsed when the game wants it.

`pier18 play` reads its deck before Textual starts, so that a missing or broken deck is
one line and exit status 2, never a problem inside the app. Checking a deck in full
(parsing its TOML, checking every card, with the modules that takes) costs about a fifth
of what `play` adds to a minimal Textual app before its first paint. A deck whose bytes
are exactly the shipped deck's, which the tests check in full (tests/test_deck.py), is
parsed after that paint, from the bytes read here; any other deck is checked in full at
once, as `load_deck` checks it.
"""

from __future__ import annotations

import hashlib
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from .deck_file import SHIPPED_DECK_SHA256, default_deck_path, read_deck_bytes
from .text import shorten

if TYPE_CHECKING:  # pragma: no cover
    from .deck import Deck


class LaterDeck:
    """A deck read and found sound before a game starts, parsed when first asked for
    (`deck()`), from the bytes read then: a file changed or removed meanwhile changes
    nothing. `warm()` parses it in a thread, after the first screen is painted."""

    def __init__(self, raw: bytes, path: Path) -> None:
        self._raw, self._path = raw, path
        self._deck: Deck | None = None
        self._lock = threading.Lock()

    def __call__(self) -> Deck:
        with self._lock:
            if self._deck is None:
                from .deck import deck_from_bytes  # the deck's code, with the game

                self._deck = deck_from_bytes(self._raw, self._path)
                self._raw = b""
            return self._deck

    def warm(self) -> None:
        """Parse the deck in a thread of its own, so that the first game need not wait."""
        threading.Thread(target=self, name="pier18-deck", daemon=True).start()


def later_deck(path: str | Path | None = None) -> LaterDeck:
    """The deck for the games about to start (`load_deck`'s, the shipped one by default):
    its file read now, and any problem with it a DeckError now, as `load_deck` says it.
    The shipped deck, byte for byte, is sound (the tests check it), so its parsing waits
    for the first game; any other deck is checked in full here."""
    path = Path(path) if path is not None else default_deck_path()
    raw = read_deck_bytes(path, shorten(path))
    later = LaterDeck(raw, path)
    if hashlib.sha256(raw).hexdigest() != SHIPPED_DECK_SHA256:
        later()  # checked now: a DeckError is said before the game starts
    return later
