"""The command line's argument parser: every argument error is one line, exit status 2."""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from typing import NoReturn

from ..engine.text import printable, quote

from .errors import EXIT_BAD_INPUT


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

