"""How many players a table of Pier 18 may have: the one place that says "2 or 3".

Kept apart, importing nothing but the errors, so that the command line's argument
definitions can name the sizes without loading the rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import _
from .errors import SetupError

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Sized

#: The cards each player is dealt at set-up (a Plan, a Foundation, one sent back).
HAND_SIZE = 3

#: How many players a table of Pier 18 may have.
TABLE_SIZES: tuple[int, ...] = (2, 3)


def table_sizes_text() -> str:
    """"2 or 3": the allowed table sizes, as a sentence says them."""
    *rest, last = (str(n) for n in TABLE_SIZES)
    return _("{numbers} or {last}").format(numbers=", ".join(rest), last=last) if rest else last


def check_table_size(players: object) -> int:
    """`players` if Pier 18 can be played by that many, else SetupError."""
    if type(players) is not int or players not in TABLE_SIZES:
        raise SetupError(_("Pier 18 is played by {sizes} players, not {players}").format(sizes=table_sizes_text(), players=players))

    return players


def pile_size(deck: Sized, players: int) -> int:
    """How many cards the pile holds when it is reshuffled after set-up."""
    return len(deck) - (HAND_SIZE - 1) * players


def rounds_of(deck: Sized, players: int) -> int:
    """How many rounds a game has: each reveals a card per player and one more, the
    round's Patron (4 with 2 players, 3 with 3, on an 18-card deck)."""
    return pile_size(deck, players) // (players + 1)
