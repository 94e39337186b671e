"""Computer opponents for Pier 18, from a `PlayerView` only (they cannot peek).

`make_bot(level, seed)` builds one; `bot.choose(view)` gives its decision for the seat
of the view, which must be the seat to move. The `hard` bot also gives hints.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.errors import Pier18Error
from ..engine.text import quote
from .base import Bot, Hint
from .estimate import describe
from .greedy import GreedyBot
from .hard import HardBot
from .random_bot import RandomBot
from .seats import HUMAN, bot_name, clashes_with_bots, human_seats, seat_kinds, seat_names

#: The bot levels, weakest first.
LEVELS: tuple[str, ...] = ("random", "greedy", "hard")

_BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "greedy": GreedyBot, "hard": HardBot}


def make_bot(level: str, seed: int = 0) -> Bot:
    """A bot of the named level; the same level and seed always play the same way."""
    try:
        factory = _BOTS[level]
    except KeyError:
        raise Pier18Error(f"unknown bot level {quote(level)} (use one of {', '.join(LEVELS)})") from None
    return factory(seed)


__all__ = [
    "HUMAN", "Bot", "GreedyBot", "HardBot", "Hint", "LEVELS", "RandomBot", "bot_name", "clashes_with_bots", "describe",
    "human_seats", "make_bot", "seat_kinds", "seat_names",
]
