"""Slow work done beside the screen (a bot's move, a hint), handed back only if still wanted.

A hard bot thinks for a tenth of a second or more; in a worker thread the screen stays
live meanwhile. The answer comes back on the app's thread with the problem, if the work
raised: a bot's bug must not end the people's game.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar

from textual.app import App

from ..engine.text import printable

_T = TypeVar("_T")

#: Gets the work's result and None, or None and what went wrong.
Deliver = Callable[["_T | None", "str | None"], None]


def think_in_background(
    app: App[Any],  # any app: what it returns when it exits plays no part here
    group: str,
    work: Callable[[], _T],
    deliver: Deliver[_T],
    at_least: float = 0.0,
) -> None:
    """Run `work()` in a worker thread, then `deliver(result, problem)` on the app's thread.

    It takes at least `at_least` seconds, so people can see a bot's turn happen. If the
    app has closed by then, the answer is dropped.
    """

    def run() -> None:
        started = time.monotonic()
        result: _T | None = None
        problem: str | None = None
        try:
            result = work()
        except Exception as exc:
            problem = printable(str(exc))[:200] or type(exc).__name__  # shown on screen
        rest = at_least - (time.monotonic() - started)
        if rest > 0:
            time.sleep(rest)
        try:
            app.call_from_thread(deliver, result, problem)
        except RuntimeError:  # the app closed while the work ran
            pass

    app.run_worker(run, thread=True, group=group, exit_on_error=False)
