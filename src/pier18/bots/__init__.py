"""Computer opponents for Pier 18, from a `PlayerView` only (they cannot peek).

`make_bot(level, seed)` builds one; `bot.choose(view)` gives its decision for the seat
of the view, which must be the seat to move. The `hard` bot also gives hints.

Names load on first use, as in `pier18.engine`: the names screen needs only who sits
where (`seats`), and `pier18 play` paints it before any bot is asked anything.
"""

from __future__ import annotations

import importlib

from typing import TYPE_CHECKING

# Where each public name lives (a module of this package, or "" for this module itself).
_EXPORTS = {
    "base": ("Bot", "Hint", "LegalBot"),
    "expert": ("ExpertBot",),
    "greedy": ("GreedyBot",),
    "hard": ("HardBot",),
    "random_bot": ("RandomBot",),
    "seats": ("HUMAN", "LEVELS", "bot_name", "clashes_with_bots", "human_seats", "seat_kinds", "seat_names"),
    "levels": ("make_bot", "make_legal_bot"),
}
_WHERE = {name: module for module, names in _EXPORTS.items() for name in names}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> object:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'pier18.bots' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__


if TYPE_CHECKING:  # pragma: no cover
    # `X as X`: re-exported for type checkers, which cannot read the computed __all__.
    from .base import Bot as Bot, Hint as Hint, LegalBot as LegalBot
    from .expert import ExpertBot as ExpertBot
    from .greedy import GreedyBot as GreedyBot
    from .hard import HardBot as HardBot
    from .levels import make_bot as make_bot, make_legal_bot as make_legal_bot
    from .random_bot import RandomBot as RandomBot
    from .seats import (
        HUMAN as HUMAN,
        LEVELS as LEVELS,
        bot_name as bot_name,
        clashes_with_bots as clashes_with_bots,
        human_seats as human_seats,
        seat_kinds as seat_kinds,
        seat_names as seat_names,
    )
