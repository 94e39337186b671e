"""Computer opponents for Pier 18, from a `PlayerView` only (they cannot peek).

`make_bot(level, seed)` builds one; `bot.choose(view)` gives its decision for the seat
of the view, which must be the seat to move. The `hard` bot also gives hints.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.errors import Pier18Error
from ..engine.text import quote
from ..words import unknown_level
from .base import Bot, Hint, LegalBot
from .estimate import describe
from .expert import ExpertBot
from .greedy import GreedyBot
from .hard import HardBot
from .random_bot import RandomBot
from .seats import HUMAN, LEVELS, bot_name, clashes_with_bots, human_seats, seat_kinds, seat_names

#: The levels whose bots decide from the legal decisions alone (see `LegalBot`).
_LEGAL_BOTS: dict[str, Callable[[int], LegalBot]] = {"random": RandomBot}
_BOTS: dict[str, Callable[[int], Bot]] = {**_LEGAL_BOTS, "greedy": GreedyBot, "hard": HardBot, "expert": ExpertBot}


def make_bot(level: str, seed: int = 0) -> Bot:
    """A bot of the named level; the same level and seed always play the same way."""
    try:
        factory = _BOTS[level]
    except KeyError:
        raise Pier18Error(unknown_level(quote(level), LEVELS)) from None
    return factory(seed)


def make_legal_bot(level: str, seed: int = 0) -> LegalBot | None:
    """The bot `make_bot(level, seed)` builds if that level is a `LegalBot`, else None."""
    factory = _LEGAL_BOTS.get(level)
    return None if factory is None else factory(seed)


__all__ = [
    "HUMAN", "Bot", "ExpertBot", "GreedyBot", "HardBot", "Hint", "LEVELS", "LegalBot", "RandomBot", "bot_name", "clashes_with_bots",
    "describe", "human_seats", "make_bot", "make_legal_bot", "seat_kinds", "seat_names",
]
