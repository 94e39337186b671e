"""Plan goals: the small set of goal kinds a deck file can use, and how each is judged.

A goal is judged on a player's `ScoreSheet` at game end, after the Plan card is placed.
Goals of the kinds `most` and `most_points` compare the player with the others; with no
other piers to look at (as in `pier18 score`) they cannot be judged and give `None`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .cards import Goal
    from .scoring import ScoreSheet


@dataclass(frozen=True, slots=True)
class GoalKind:
    """What a goal kind measures and which settings it takes in a deck file."""

    summary: str
    required: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()
    bound_needed: bool = False  # needs at_least and/or at_most


_BOUNDS = ("at_least", "at_most")

#: Every goal kind a deck may use. The names are the `kind` values in `cards.toml`.
GOAL_KINDS: dict[str, GoalKind] = {
    "count": GoalKind("visible characters of one kind (`character`)", ("character",), _BOUNDS, True),
    "points": GoalKind("points scored in one character category (`category`)", ("category", "at_least")),
    "patrons": GoalKind("Patron cards won", ("at_least",)),
    "sections": GoalKind("visible sections of the pier", (), _BOUNDS, True),
    "characters": GoalKind("visible characters of any kind", (), _BOUNDS, True),
    "group": GoalKind("size of the largest group (adjacent occupied slots on one side)", ("at_least",)),
    "each_side": GoalKind("`character` on the left side AND on the right side", ("character", "at_least")),
    "empty_run": GoalKind("longest run of empty slots on one side", ("at_least",)),
    "variety": GoalKind("visible characters of EVERY kind", ("at_least",)),
    "most": GoalKind("strictly more visible `character` than every other player", ("character",)),
    "most_points": GoalKind("strictly more points in `category` than every other player", ("category",)),
}


def _within(value: int, goal: "Goal") -> bool:
    if goal.at_least is not None and value < goal.at_least:
        return False
    if goal.at_most is not None and value > goal.at_most:
        return False
    return True


def goal_measures(goal: "Goal", sheet: "ScoreSheet") -> tuple[int, ...]:
    """The numbers a goal looks at on one pier.

    For bounded kinds every number must lie within `at_least`/`at_most` (one number for
    most kinds, one per side for `each_side`, one per character for `variety`); for the
    kinds that compare players it is the one number compared. Bots read these too, to
    tell "closer to the goal" from "no change".
    """
    kind = goal.kind
    # The deck loader makes sure each kind has the settings it needs (GOAL_KINDS).
    if kind in ("count", "most"):
        assert goal.character is not None
        return (sheet.counts[goal.character],)
    if kind in ("points", "most_points"):
        assert goal.category is not None
        return (sheet.points(goal.category),)
    if kind == "patrons":
        return (sheet.patrons,)
    if kind == "sections":
        return (sheet.sections,)
    if kind == "characters":
        return (sheet.characters,)
    if kind == "group":
        return (sheet.largest_group,)
    if kind == "empty_run":
        return (sheet.longest_empty_run,)
    if kind == "each_side":
        character = goal.character
        assert character is not None
        return tuple(side[character] for side in sheet.side_counts)
    if kind == "variety":
        return tuple(sheet.counts.values())
    raise ValueError(f"unknown goal kind {kind!r}")  # the deck loader never lets one through


def goal_met(goal: "Goal", sheet: "ScoreSheet", others: Sequence["ScoreSheet"] | None = None) -> bool | None:
    """Whether `sheet` meets `goal`; None when the goal compares players and `others` is None."""
    values = goal_measures(goal, sheet)
    if not goal.compares_players:
        for value in values:  # a loop, not all(...): every finished game judges a Plan per seat
            if not _within(value, goal):
                return False
        return True
    if others is None:
        return None
    (mine,) = values
    for other in others:
        if mine <= goal_measures(goal, other)[0]:
            return False
    return True
