"""Who sits where: `--bots N` or `--seats human,human,hard`, and what each seat is called.

A seat is "human" or a bot level. Bots are named after their level ("Hard bot"), with
the seat number added when two bots share a level, so every name on the table and in a
record is different.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..i18n import _
from ..engine.errors import Pier18Error
from ..engine.text import passes_for, printable, quote
from ..speech.notices import seats_for_players
from ..speech.people import bot_seat_name

HUMAN = "human"  # a person's seat; any other seat kind is a bot level
#: The bot levels, weakest first.
LEVELS: tuple[str, ...] = ("random", "greedy", "hard", "expert")
DEFAULT_LEVEL = "hard"


def seat_kinds(players: int, bots: int | None = None, seats: str | None = None, level: str = DEFAULT_LEVEL) -> list[str]:
    """One seat kind per player: "human" or a bot level.

    `--seats` names every seat; `--bots N` makes the last N seats bots of `level`.
    Bad input raises Pier18Error with a one-line message.
    """
    if seats is not None and bots is not None:
        raise Pier18Error(_("give either --seats or --bots, not both"))
    if seats is not None:
        kinds = [word.strip().lower() for word in seats.split(",") if word.strip()]
        for kind in kinds:
            if kind != HUMAN and kind not in LEVELS:
                raise Pier18Error(_("unknown seat {kind} in --seats (use human, {levels})").format(kind=quote(kind), levels=", ".join(LEVELS)))
        if len(kinds) != players:
            raise Pier18Error(seats_for_players(len(kinds), players))
        return kinds
    bots = bots or 0
    if level not in LEVELS:
        raise Pier18Error(_("unknown bot level {level} in --level (use one of {levels})").format(level=quote(level), levels=", ".join(LEVELS)))
    if not 0 <= bots <= players:
        raise Pier18Error(_("--bots must be from 0 to {players} in a {players}-player game").format(players=players))
    return [HUMAN] * (players - bots) + [level] * bots


def bot_name(seats: Sequence[str], seat: int) -> str:
    """The name a bot seat plays under: "Hard bot", or "Hard bot 3" if the level repeats."""
    level = seats[seat]
    return bot_seat_name(level, seat + 1 if sum(1 for kind in seats if kind == level) > 1 else None)


def human_seats(seats: Sequence[str]) -> list[int]:
    return [seat for seat, kind in enumerate(seats) if kind == HUMAN]


def seat_names(humans: Sequence[str], seats: Sequence[str]) -> list[str]:
    """Every seat's name, in seat order: the human names in turn, bots by level.

    This is where typed names (the names screen, `--names`) enter the game, so control
    and escape characters in them become visible stand-ins here, once.
    """
    given = iter(humans)
    return [printable(next(given)) if kind == HUMAN else bot_name(seats, seat) for seat, kind in enumerate(seats)]


def clashes_with_bots(humans: Sequence[str], seats: Sequence[str]) -> str | None:
    """A human name that is also a bot's name here, or passes for one (they must differ:
    `engine.text.same_name`), or None."""
    bots = [bot_name(seats, seat) for seat, kind in enumerate(seats) if kind != HUMAN]
    return next((name for name in humans if passes_for(name, bots) is not None), None)
