"""How a command ends: its exit statuses and the one-line error every command prints.

Kept apart from `pier18.cli` so that each sub-command can name them without importing
the package that loads the sub-commands (no import runs back up).
"""

from __future__ import annotations

import sys

from ..engine.errors import Pier18Error
from ..engine.text import printable

EXIT_OUTPUT_FAILED = 1
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130


class CliError(Pier18Error):
    """Bad input on the command line or in a file it names: one line, exit status 2."""


def fail(message: str, status: int = EXIT_BAD_INPUT) -> int:
    """Print one line on stderr (never a control character) and return `status`."""
    print(f"pier18: {printable(message)}", file=sys.stderr)
    return status
