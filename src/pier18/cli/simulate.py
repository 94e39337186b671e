"""`pier18 simulate` (being built)."""

from __future__ import annotations


def add_parser(sub) -> None:
    parser = sub.add_parser("simulate", help="(being built)")
    parser.set_defaults(run=run)


def run(args) -> int:
    from . import fail

    return fail("'simulate' is not built yet")
