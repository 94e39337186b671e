"""`pier18 play` (being built)."""

from __future__ import annotations


def add_parser(sub) -> None:
    parser = sub.add_parser("play", help="(being built)")
    parser.set_defaults(run=run)


def run(args) -> int:
    from . import fail

    return fail("'play' is not built yet")
