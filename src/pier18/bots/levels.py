"""A bot of each level, by name: what `--bots`, `--seats` and `--level` build."""

from __future__ import annotations

from collections.abc import Callable

from ..engine.errors import Pier18Error
from ..engine.text import quote
from ..i18n import _
from .base import Bot, LegalBot
from .expert import ExpertBot
from .greedy import GreedyBot
from .hard import HardBot
from .random_bot import RandomBot
from .seats import LEVELS

#: The levels whose bots decide from the legal decisions alone (see `LegalBot`).
_LEGAL_BOTS: dict[str, Callable[[int], LegalBot]] = {"random": RandomBot}
_BOTS: dict[str, Callable[[int], Bot]] = {**_LEGAL_BOTS, "greedy": GreedyBot, "hard": HardBot, "expert": ExpertBot}


def make_bot(level: str, seed: int = 0) -> Bot:
    """A bot of the named level; the same level and seed always play the same way."""
    try:
        factory = _BOTS[level]
    except KeyError:
        raise Pier18Error(_("unknown bot level {level} (use one of {levels})").format(level=quote(level), levels=", ".join(LEVELS))) from None
    return factory(seed)


def make_legal_bot(level: str, seed: int = 0) -> LegalBot | None:
    """The bot `make_bot(level, seed)` builds if that level is a `LegalBot`, else None."""
    factory = _LEGAL_BOTS.get(level)
    return None if factory is None else factory(seed)
