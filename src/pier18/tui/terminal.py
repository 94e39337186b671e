"""Whether this process has the terminal a full-screen app needs (no Textual here: the
plain-line front ends ask it too, before deciding not to load Textual at all).

Textual reads keys from standard input and draws on standard error. Drawn into a pipe
or a file, a screen is nothing but escape codes, so no app starts unless both are
terminals (`pier18.tui.exits.BaseApp.run_async` checks), and `pier18 join` and
`pier18 host` play in plain lines instead.
"""

from __future__ import annotations

import os


def not_a_terminal() -> list[str]:
    """The standard streams an app needs that are not terminals, by name ("stdin",
    "stderr"); empty when the app can start."""
    return [name for name, fd in (("stdin", 0), ("stderr", 2)) if not _is_terminal(fd)]


def _is_terminal(fd: int) -> bool:
    try:
        return os.isatty(fd)
    except OSError:  # pragma: no cover - a descriptor that is gone is no terminal
        return False
