"""The command line's argument parser: every argument error is one line, exit status 2."""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, NoReturn

from ..engine.text import printable, quote

from .errors import EXIT_BAD_INPUT, EXIT_OUTPUT_FAILED, drop, say

if TYPE_CHECKING:
    from _typeshed import SupportsWrite


class Parser(argparse.ArgumentParser):
    """Argument errors in one line, plus where to read more; exit status 2.

    Sub-command parsers are made of the same class, so each names its own --help.
    """

    def parse_command(self, args: Sequence[str]) -> argparse.Namespace:
        """Like `parse_args`, with an unknown argument reported by the sub-command."""
        parsed, extras = self.parse_known_args(args)
        if extras:
            from ..words import unrecognized

            command = getattr(parsed, "command", None)
            self.fail(unrecognized(quote(extras[0]), len(extras) - 1), f"{self.prog} {command}" if command else None)
        return parsed

    def format_help(self) -> str:
        """`--help` opens with the one line saying what the command does, then usage."""
        summary = self.description
        if not summary:
            return super().format_help()
        self.description = None
        try:
            return f"{summary}\n\n{super().format_help()}"
        finally:
            self.description = summary

    def print_help(self, file: SupportsWrite[str] | None = None) -> None:
        """As argparse prints --help, but output that cannot be written (a closed or full
        file, a pipe nobody reads: unbuffered, the write itself fails) is exit status 1,
        never a success; argparse's own printing drops the error and exits 0."""
        write_out(self.format_help(), file)

    def error(self, message: str) -> NoReturn:
        self.fail(message)

    def fail(self, message: str, prog: str | None = None) -> NoReturn:
        # argparse quotes a bad value with repr(), or shows a bad choice as it is (a number
        # of 4,300 digits): show at most ~60 characters of any of them.
        message = re.sub(r"'([^']{60,})'", lambda m: quote(m.group(1)), printable(message))
        message = re.sub(r"[^\s']{61,}", lambda m: m.group()[:59] + "…", message)
        from ..words import about, try_help
        prog = prog or self.prog
        self.exit(EXIT_BAD_INPUT, f"{about(prog, message)}\n{try_help(prog)}\n")

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        """As argparse exits, but a standard error that cannot be written loses the
        message, never the status (older Pythons' argparse let that error through)."""
        if message:
            say(message)
        raise SystemExit(status)



class _OldDeckName(argparse.Action):
    """`--cards PATH` on a command where the deck is now `--deck PATH`: the same deck,
    and one line on standard error saying so (kept for one release, then gone)."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[object] | None,
        option_string: str | None = None,
    ) -> None:
        setattr(namespace, self.dest, values)
        if getattr(namespace, "_told_old_deck", False):
            return  # said once, however often it is given
        setattr(namespace, "_told_old_deck", True)
        from ..words import OLD_DECK_OPTION, prog_line

        say(prog_line(OLD_DECK_OPTION) + "\n")  # an unwritable stderr loses the notice, not the command


def add_deck_option(parser: argparse.ArgumentParser, help: str, old_name: bool = True) -> None:
    """`--deck PATH`, the one name of a deck file on every command; with `old_name`,
    `--cards PATH` too, as this command named it before (hidden from --help, and
    told on standard error when used)."""
    parser.add_argument("--deck", metavar="PATH", help=help)
    if old_name:
        parser.add_argument("--cards", dest="deck", metavar="PATH", action=_OldDeckName, help=argparse.SUPPRESS)


class _Version(argparse.Action):
    """`pier18 --version`: the version on standard output, exit status 0."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=str(kwargs.get("help", "")))

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[object] | None,
        option_string: str | None = None,
    ) -> None:
        from .. import __version__
        from ..words import version_line

        import sys

        write_out(version_line(__version__) + "\n")
        parser.exit(0)


def write_out(text: str, file: SupportsWrite[str] | None = None) -> None:
    """Write what an option prints before the command runs (--help, --version) and flush
    it; if it cannot be written, drop it and end with exit status 1, without a traceback."""
    import sys

    stream = file if file is not None else sys.stdout
    try:
        stream.write(text)
        flush = getattr(stream, "flush", None)
        if flush is not None:
            flush()
    except (OSError, ValueError):
        drop(stream, sys.__stdout__)
        raise SystemExit(EXIT_OUTPUT_FAILED) from None


def add_version_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--version", action=_Version, help="print the version of pier18 and exit")
