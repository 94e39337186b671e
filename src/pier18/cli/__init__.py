"""`pier18` command line: one sub-command per module, heavy imports only when run.

`pier18 score --json` must start about as fast as Python itself, so this module and the
argument definitions import nothing beyond the standard library.
"""

from __future__ import annotations

import importlib
import sys

from ..engine.errors import Pier18Error  # the engine package itself loads nothing up front

TYPE_CHECKING = False
if TYPE_CHECKING:  # pragma: no cover
    import argparse
    from collections.abc import Sequence

#: Sub-commands, each a module of this package with add_parser(sub) and run(args).
COMMANDS = ("play", "score", "cards", "replay", "simulate", "games", "host", "join")

EXIT_BAD_INPUT = 2


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser; with `only`, just that sub-command (quicker to start)."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="pier18",
        description="Pier 18, the 18-card pier-building drafting game, in your terminal.",
    )
    # Giving `prog` keeps argparse from measuring the terminal (importing shutil) up front.
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True, prog="pier18")
    for name in (only,) if only else COMMANDS:
        importlib.import_module(f".{name}", __name__).add_parser(sub)
    return parser


class CliError(Pier18Error):
    """Bad input on the command line or in a file it names: one line, exit status 2."""


def fail(message: str) -> int:
    """Print one line on stderr and return the bad-input exit status."""
    print(f"pier18: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    only = argv[0] if argv and argv[0] in COMMANDS else None
    args = None
    if only == "score":
        from .score import quick_args

        args = quick_args(argv[1:])
    if args is None:
        args = build_parser(only).parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except Pier18Error as exc:
        return fail(str(exc))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
