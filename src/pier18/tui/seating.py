"""Who sits where: human names and bot seats, put together into one list of names.

Bots are named after their level ("Hard bot"), with the seat number added when two
bots share a level, so every name on the table and in a record is different.
"""

from __future__ import annotations

from collections.abc import Sequence

HUMAN = "human"  # the word `pier18.session` uses for a person's seat


def bot_name(seats: Sequence[str], seat: int) -> str:
    """The name a bot seat plays under: "Hard bot", or "Hard bot 3" if the level repeats."""
    level = seats[seat]
    name = f"{level.capitalize()} bot"
    if sum(1 for kind in seats if kind == level) > 1:
        name += f" {seat + 1}"
    return name


def human_seats(seats: Sequence[str]) -> list[int]:
    return [seat for seat, kind in enumerate(seats) if kind == HUMAN]


def seat_names(humans: Sequence[str], seats: Sequence[str]) -> list[str]:
    """Every seat's name, in seat order: the human names in turn, bots by level."""
    given = iter(humans)
    return [next(given) if kind == HUMAN else bot_name(seats, seat) for seat, kind in enumerate(seats)]


def clashes_with_bots(humans: Sequence[str], seats: Sequence[str]) -> str | None:
    """A human name that is also a bot's name here (they must differ), or None."""
    bots = {bot_name(seats, seat).lower() for seat, kind in enumerate(seats) if kind != HUMAN}
    return next((name for name in humans if name.lower() in bots), None)
