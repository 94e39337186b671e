"""`pier18` command line: one sub-command per module, heavy imports only when run.

`pier18 score --json` must start about as fast as Python itself, so this module and the
argument definitions import nothing beyond the standard library.
"""

from __future__ import annotations

import importlib
import os
import sys

from ..engine.errors import Pier18Error  # the engine package itself loads nothing up front
from .errors import EXIT_BAD_INPUT, EXIT_INTERRUPTED, EXIT_OUTPUT_FAILED, CliError, fail

__all__ = ["COMMANDS", "EXIT_BAD_INPUT", "EXIT_INTERRUPTED", "EXIT_OUTPUT_FAILED", "CliError", "build_parser", "fail", "main"]

TYPE_CHECKING = False
if TYPE_CHECKING:  # pragma: no cover
    import argparse

    from types import SimpleNamespace

    from .parser import Parser
    from collections.abc import Sequence

#: Sub-commands, each a module of this package with add_parser(sub) and run(args).
COMMANDS = ("play", "score", "cards", "replay", "simulate", "games", "stats", "host", "join")



def build_parser(only: str | None = None) -> Parser:
    """The argument parser; with `only`, just that sub-command (quicker to start)."""
    from .parser import Parser

    parser = Parser(
        prog="pier18",
        description="Pier 18, the 18-card pier-building drafting game, in your terminal.",
    )
    # Giving `prog` keeps argparse from measuring the terminal (importing shutil) up front.
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True, prog="pier18")
    for name in (only,) if only else COMMANDS:
        importlib.import_module(f".{name}", __name__).add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    only = argv[0] if argv and argv[0] in COMMANDS else None
    args: argparse.Namespace | SimpleNamespace | None = None
    if only == "score":
        from .score import quick_args

        args = quick_args(argv[1:])
    if args is None:
        args = build_parser(only).parse_command(argv)
    try:
        status = int(args.run(args) or 0)
        sys.stdout.flush()  # a full disk shows here, while the error can still be reported
        return status
    except Pier18Error as exc:
        return fail(str(exc))
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader went away (`| head`): stop quietly, as Unix tools do
        _drop_output()
        return EXIT_OUTPUT_FAILED
    except OSError as exc:  # most often the output failing (a full disk); one line either way
        _drop_output()
        if exc.filename:
            return fail(f"{exc.filename}: {exc.strerror or exc}", EXIT_OUTPUT_FAILED)  # whole: the file name is the point
        return fail(f"cannot write the output ({exc.strerror or exc})", EXIT_OUTPUT_FAILED)


def _drop_output() -> None:
    """Point standard output at the null device, so the flush at exit has nowhere to fail."""
    if sys.stdout is not sys.__stdout__ or sys.stdout is None:
        return  # captured (as in tests): nothing is left to flush to the broken file
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError):
        pass


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
