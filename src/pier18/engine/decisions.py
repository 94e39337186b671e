"""The decisions a player makes, as small values with a one-line text form.

The text form (`keep 3 11`, `draft 7:1`, `plan 2`) is what game records store.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import NotationError


@dataclass(frozen=True, slots=True)
class Keep:
    """Set-up: keep one dealt card as the Plan and another as the Foundation."""

    plan: int
    foundation: int

    def __str__(self) -> str:
        return f"keep {self.plan} {self.foundation}"


@dataclass(frozen=True, slots=True)
class Draft:
    """A round's turn: take a revealed card and place it covering `cover` sections."""

    card: int
    cover: int = 0

    def __str__(self) -> str:
        return f"draft {self.card}:{self.cover}"


@dataclass(frozen=True, slots=True)
class PlacePlan:
    """Game end: place your Plan card, covering `cover` sections."""

    cover: int = 0

    def __str__(self) -> str:
        return f"plan {self.cover}"


Decision = Keep | Draft | PlacePlan

_DRAFTS: dict[int, tuple[Draft, ...]] = {}


def drafts(card: int, count: int) -> tuple[Draft, ...]:
    """`Draft(card, 0)` to `Draft(card, count - 1)`, made once and shared.

    Decisions are immutable, and listing the legal drafts is the engine's busiest loop
    when bots play thousands of games, so the same values are handed out each time.
    """
    row = _DRAFTS.get(card, ())
    if len(row) < count:
        row = _DRAFTS[card] = tuple(Draft(card, k) for k in range(count))
    return row[:count]


def parse_decision(text: str) -> Decision:
    """Read a decision's text form; NotationError if it is not one."""
    words = text.split()
    try:
        if len(words) == 3 and words[0] == "keep":
            return Keep(int(words[1]), int(words[2]))
        if len(words) == 2 and words[0] == "draft":
            card, _, cover = words[1].partition(":")
            return Draft(int(card), int(cover or 0))
        if len(words) == 2 and words[0] == "plan":
            return PlacePlan(int(words[1]))
    except ValueError:
        pass
    raise NotationError(f"{text!r} is not a decision (expected 'keep P F', 'draft ID:K' or 'plan K')")
