"""Self-play: bots playing each other, many games at a time, and the records they write.

It sits above `bots` and `persist`: it seats bots at games and may save their records,
so neither of those needs the other (`bots` never saves, `persist` names no bot).
`simulation` plays seeded games between bot levels (`pier18 simulate`); `balance` makes
each Plan card be kept in its own deals and measures what it is worth (`--balance`).
"""

from __future__ import annotations
import os

import os


def cores() -> int:
    """The cores this process may run on (what `--jobs` may ask for)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - not on Linux
        return os.cpu_count() or 1
