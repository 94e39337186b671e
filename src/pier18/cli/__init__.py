"""`pier18` command line: one sub-command per module, heavy imports only when run.

`pier18 score --json` must start about as fast as Python itself, so this module and the
argument definitions import nothing beyond the standard library.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import cards as cards_cmd
from . import play as play_cmd
from . import replay as replay_cmd
from . import score as score_cmd
from . import simulate as simulate_cmd

COMMANDS = (play_cmd, score_cmd, cards_cmd, replay_cmd, simulate_cmd)

EXIT_BAD_INPUT = 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pier18",
        description="Pier 18, the 18-card pier-building drafting game, in your terminal.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for command in COMMANDS:
        command.add_parser(sub)
    return parser


class CliError(Exception):
    """Bad input on the command line or in a file it names: one line, exit status 2."""


def fail(message: str) -> int:
    """Print one line on stderr and return the bad-input exit status."""
    print(f"pier18: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    from ..engine.errors import Pier18Error

    try:
        return args.run(args) or 0
    except (Pier18Error, CliError) as exc:
        return fail(str(exc))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
