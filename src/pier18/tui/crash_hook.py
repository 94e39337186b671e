"""The one place pier18 uses a private name of Textual: `App._handle_exception`.

Textual sends every exception a handler, a timer, a worker or the app's own start-up
raises to `App._handle_exception`, which ends the app with return code 1 and prints a
screenful of traceback once the terminal is back. No public hook sees that exception
(`App.run` only returns, with `return_code` 1), and a crash report needs it. So
`CrashHook` wraps that one method: it hands the exception to `crashed` first, then
lets Textual end the app as it always does, with its error console pointed at
nothing (the report has the traceback; the command prints one line).

`tests/tui/test_exits.py` pins what this relies on: an exception raised in a message
handler, a timer, a thread worker or `compose` reaches `crashed` exactly as raised,
the app stops with return code 1, and nothing is printed.
"""

from __future__ import annotations

import io

from rich.console import Console
from textual.app import App


class CrashHook(App[None]):
    def crashed(self, error: BaseException) -> None:
        """Called with an exception nothing in the app caught, before the app ends."""

    def _handle_exception(self, error: Exception) -> None:
        self.crashed(error)
        self.error_console = Console(file=io.StringIO())  # Textual's traceback goes nowhere
        super()._handle_exception(error)
