"""Reading who sits where: `--bots N` or `--seats human,human,hard` for `pier18 play`."""

from __future__ import annotations

from ..engine.errors import Pier18Error

HUMAN = "human"  # the same word `pier18.session` uses for a person's seat
DEFAULT_LEVEL = "hard"


def seat_kinds(players: int, bots: int | None = None, seats: str | None = None, level: str = DEFAULT_LEVEL) -> list[str]:
    """One seat kind per player: "human" or a bot level.

    `--seats` names every seat; `--bots N` makes the last N seats bots of `level`.
    Bad input raises Pier18Error with a one-line message.
    """
    from . import LEVELS

    if seats is not None and bots is not None:
        raise Pier18Error("give either --seats or --bots, not both")
    if seats is not None:
        kinds = [word.strip().lower() for word in seats.split(",") if word.strip()]
        for kind in kinds:
            if kind != HUMAN and kind not in LEVELS:
                raise Pier18Error(f"unknown seat {kind!r} in --seats (use human, {', '.join(LEVELS)})")
        if len(kinds) != players:
            raise Pier18Error(f"--seats names {len(kinds)} seat(s) but the game has {players} players")
        return kinds
    bots = bots or 0
    if level not in LEVELS:
        raise Pier18Error(f"unknown bot level {level!r} (use one of {', '.join(LEVELS)})")
    if not 0 <= bots <= players:
        raise Pier18Error(f"--bots must be from 0 to {players} in a {players}-player game")
    return [HUMAN] * (players - bots) + [level] * bots
