"""How a command ends: its exit statuses and the one-line error every command prints.

Kept apart from `pier18.cli` so that each sub-command can name them without importing
the package that loads the sub-commands (no import runs back up).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from ..engine.errors import Pier18Error
from ..engine.text import LONGEST_LINE, printable, shorten
from ..i18n import ngettext
from ..speech.notices import in_plain_lines, nowhere_to_write, prog_line, streams
from ..speech.people import players_list

EXIT_OUTPUT_FAILED = 1
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130

#: The standard streams that were closed when pier18 started (by name: "stdin", ...),
#: as `pier18.cli.main` found them.
closed_at_start: frozenset[str] = frozenset()


class CliError(Pier18Error):
    """Bad input on the command line or in a file it names: one line, exit status 2."""

    status = EXIT_BAD_INPUT


class NoTerminal(CliError):
    """A game app cannot start: the terminal it needs is not there. Exit status 1."""

    status = EXIT_OUTPUT_FAILED


class OutputClosed(CliError):
    """Standard output was closed when pier18 started: nowhere to write. Exit status 1."""

    status = EXIT_OUTPUT_FAILED


def need_output() -> None:
    """The one order of checks of every command: its arguments first (argparse's, then
    the command's own, and the files they name), then the streams, then its work. Each
    command calls this once its arguments are checked, before it works or writes:
    OutputClosed if standard output was closed when pier18 started. With standard
    output closed, a bad argument is still the error said (the real culprit, status 2),
    and only then the closed output (status 1), before anything is done."""
    if "stdout" in closed_at_start:

        raise OutputClosed(nowhere_to_write())


def check_terminal() -> None:
    """A game app reads keys from standard input and draws on standard error (as
    Textual does): NoTerminal if either was closed when pier18 started."""
    closed = [name for name in ("stdin", "stderr") if name in closed_at_start]
    if closed:

        raise NoTerminal(no_terminal(closed))


def plain_lines(asked: bool) -> tuple[bool, str | None]:
    """Whether a game front end speaks in plain lines, and why when nobody asked: with
    `--lines` (`asked`), or when standard input or standard error is not a terminal (a
    screen drawn into a pipe or a file would be nothing but escape codes). A stream
    closed at start is NoTerminal, as for every app. The one answer `play`, `learn`,
    `replay`, `join` and `host` ask."""
    if asked:
        return True, None
    check_terminal()
    from ..tui.terminal import not_a_terminal

    missing = not_a_terminal()
    if not missing:
        return False, None

    return True, in_plain_lines(missing)


def fail(message: str, status: int = EXIT_BAD_INPUT) -> int:
    """Print one line on stderr (never a control character, at most
    `engine.text.LONGEST_LINE` characters of `message`) and return `status`.

    A standard error that cannot be written (closed, or a pipe nobody reads) loses the
    line, never the status.
    """

    say(prog_line(shorten(message, LONGEST_LINE)) + "\n")
    return status


def say(text: str) -> None:
    """Write `text` to standard error as it is; one that cannot be written (closed, or a
    pipe nobody reads) loses the text, and nothing is raised."""
    try:
        sys.stderr.write(text)
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        drop(sys.stderr, sys.__stderr__)


def drop(stream: object, real: object) -> None:
    """Point a standard stream's descriptor at the null device, so what it still holds
    goes nowhere and the flush at exit has nothing to fail on ("Exception ignored ...")."""
    if stream is not real or stream is None:
        return  # captured (as in tests): nothing is left to flush to the broken file
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())  # type: ignore[attr-defined]
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass


def say_line(message: str) -> None:
    """A notice of the saves (one that failed, one gone on in a new file), as a line on
    standard output, among the plain lines of a game (`--lines`)."""
    print(printable(message), flush=True)  # file names are outside text


def no_terminal(names: Sequence[str]) -> str:
    """A game app started without the standard streams it needs (by name: 'stdin')."""
    named = [streams()[name] for name in names]
    return ngettext(
        "{streams} is closed: the game needs a terminal", "{streams} are closed: the game needs a terminal", len(named)
    ).format(streams=players_list(named))
