"""How many players a table of Pier 18 may have: the one place that says "2 or 3".

Kept apart, importing nothing but the errors, so that the command line's argument
definitions can name the sizes without loading the rules.
"""

from __future__ import annotations

from .errors import SetupError

#: How many players a table of Pier 18 may have.
TABLE_SIZES: tuple[int, ...] = (2, 3)


def table_sizes_text() -> str:
    """"2 or 3": the allowed table sizes, as a sentence says them."""
    *rest, last = (str(n) for n in TABLE_SIZES)
    return f"{', '.join(rest)} or {last}" if rest else last


def check_table_size(players: object) -> int:
    """`players` if Pier 18 can be played by that many, else SetupError."""
    if type(players) is not int or players not in TABLE_SIZES:
        raise SetupError(f"Pier 18 is played by {table_sizes_text()} players, not {players}")
    return players
