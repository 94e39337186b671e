"""What a decision does, as plain values: the parts of a bot's reason for its move.

The bots find them (`bots.estimate.reasons`); `speech.why.motive_text` says them. Each is
immutable and holds only the engine's values, so any front end can word it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cards import Card
    from .goals import Goal
    from .scoring import ScoreSheet


@dataclass(frozen=True, slots=True)
class Keeps:
    """A set-up choice: `plan` kept as the Plan (its goal at this table `goal`), the
    pier built on `foundation`, which scores `start` points."""

    plan: Card
    goal: Goal
    foundation: Card
    start: int


@dataclass(frozen=True, slots=True)
class Places:
    """What a placement places: `card` (the seat's Plan if `plan`), covering `cover` sections."""

    card: Card
    plan: bool
    cover: int


@dataclass(frozen=True, slots=True)
class PointsChange:
    """What a placement does to each character's points: the pier's sheet before and after."""

    before: ScoreSheet
    after: ScoreSheet


@dataclass(frozen=True, slots=True)
class PatronChance:
    """What a draft does for the round's Patron: `won` its card (the draft ends the
    round), `sure` whichever card is left, else it leads for the cards of `leads` or ties
    for those of `tied` (cards still to draft may change it)."""

    won: int | None
    sure: bool
    leads: tuple[int, ...]
    tied: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PlanVerdict:
    """The Plan's verdict after placing it; not `sure` when the goal compares the
    players, whose Plans (hidden, or still to come) may change it."""

    met: bool | None
    goal: Goal
    sure: bool = True


@dataclass(frozen=True, slots=True)
class PlanProgress:
    """A draft brings the seat `closer` to its Plan's goal (or further from it)."""

    closer: bool
    goal: Goal


#: One part of what a decision does.
Motive = Keeps | Places | PointsChange | PatronChance | PlanVerdict | PlanProgress
