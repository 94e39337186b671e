"""The tests' second use of a private Textual name (tests/test_textual_public.py's
`ADAPTERS`): how long a pilot waits for the app to go quiet.

Every `Pilot.press` and `Pilot.pause` ends in Textual's `wait_for_idle`, in its private
module `textual._wait`: it sleeps 20 ms at a time (`SLEEP_GRANULARITY`) until a window
in which the process used under 1 ms of CPU (`SLEEP_IDLE`), or a second has passed.
A key press waits twice. The suite presses tens of thousands of keys, so most of its
wall time was these sleeps (a whole game by keys: 9 s of CPU in 95 s at a load of 9),
and on a loaded machine each sleep also waits for a core to come back. Windows of 5 ms
with the same 1 ms of CPU mean "quiet" is a process busy under a fifth of the time
instead of a twentieth, found four times sooner.

No test relies on this for what it checks: a test waits for the state it wants
(tests/waiting.py), and Textual's own `_wait_for_screen` (every queued message handled)
still runs first. `tests/tui/test_textual_pace.py` pins what this relies on. Should a
new Textual move it, that test fails, and the suite only runs slower.
"""

from __future__ import annotations

import sys
from typing import Any

#: Seconds per look at the CPU clock (Textual's own: 0.02).
GRANULARITY = 0.005


def idle_module() -> Any:
    """Textual's module with `wait_for_idle` and its two settings, or None."""
    module = sys.modules.get("textual._wait")
    if module is None:
        try:
            import textual.pilot  # noqa: F401 - imports it
        except ImportError:  # pragma: no cover - Textual is a dependency
            return None
        module = sys.modules.get("textual._wait")
    return module if hasattr(module, "SLEEP_GRANULARITY") and hasattr(module, "SLEEP_IDLE") else None


def quicken() -> None:
    """Look for a quiet app every `GRANULARITY` seconds instead of every 20 ms."""
    module = idle_module()
    if module is not None:
        module.SLEEP_GRANULARITY = GRANULARITY
