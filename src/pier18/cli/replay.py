"""`pier18 replay` (being built)."""

from __future__ import annotations


def add_parser(sub) -> None:
    parser = sub.add_parser("replay", help="(being built)")
    parser.set_defaults(run=run)


def run(args) -> int:
    from . import fail

    return fail("'replay' is not built yet")
