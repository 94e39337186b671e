"""How the tests wait: for a state or an event, bounded by the clock, never by a count.

A wait that looks a fixed number of times (400 looks, 10 ms apart) is four seconds on a
quiet machine and far less than that on a loaded one, where each look itself takes
longer: the same test passes alone and fails beside two CPU hogs. Every wait here looks
as often as it likes and gives up only when `LIMIT` seconds have passed, with a message
saying what never happened. `tests/test_waits.py` keeps the tests that way (no
`for _ in range(N)` around a pause or a sleep, no `tries=`).

A loop that plays a game (press keys until the final screen) is bounded the same way,
by the time since it last got anywhere (`Steps(progress=...)`): a whole game may take
minutes under load, but no single step may take `LIMIT` seconds.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

#: Seconds any single wait may take before its test fails: far above anything a loaded
#: 2-core machine needs (a whole 3-player networked game took two minutes at a load of
#: 15), and under pytest's own `timeout` (pyproject.toml), so the failure says what.
LIMIT = 120.0


class Steps:
    """`for _ in Steps("the final screen"):` counts on until `seconds` have passed since
    it began, then fails naming `what` never happened. With `progress` (say, the number
    of decisions made), the bound counts from the last time its value changed: a game
    played step by step fails when one step stalls, not when a long game is slow."""

    def __init__(self, what: str | Callable[[], str], seconds: float = LIMIT,
                 progress: Callable[[], Any] | None = None) -> None:
        self.what, self.seconds, self.progress = what, seconds, progress
        self.count = 0
        self.end = time.monotonic() + seconds
        self.last = progress() if progress is not None else None

    def moved(self) -> None:
        """Something happened: the bound counts from now."""
        self.end = time.monotonic() + self.seconds

    def __iter__(self) -> Iterator[int]:
        while True:
            self.look()
            yield self.count

    def look(self) -> None:
        """One more look, or the failure if the time is up."""
        if self.progress is not None:
            now = self.progress()
            if now != self.last:
                self.last = now
                self.moved()
        if time.monotonic() >= self.end:
            self.fail()
        self.count += 1

    def fail(self) -> None:
        what = self.what() if callable(self.what) else self.what
        raise AssertionError(f"{what}: not within {self.seconds:.0f} s ({self.count} looks)")


async def until(condition: Callable[[], Any], what: str | Callable[[], str],
                pause: Callable[[], Awaitable[Any]] | None = None, seconds: float = LIMIT) -> None:
    """Until `condition()` holds, awaiting `pause()` between looks (a pilot's pause, so the
    app handles its messages and draws; by default 10 ms of the event loop)."""
    steps = Steps(what, seconds)
    while not condition():
        steps.look()
        await (pause() if pause is not None else asyncio.sleep(0.01))


def until_now(condition: Callable[[], Any], what: str | Callable[[], str], step: float = 0.01,
              seconds: float = LIMIT) -> None:
    """`until` for code without an event loop: sleeps `step` between looks."""
    steps = Steps(what, seconds)
    while not condition():
        steps.look()
        time.sleep(step)
