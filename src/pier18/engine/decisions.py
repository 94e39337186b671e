"""The decisions a player makes, as small values with a one-line text form.

The text form (`keep 3 11`, `draft 7:1`, `plan 2`) is what game records store.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..i18n import _
from .errors import NotationError
from .text import quote


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

# Decisions are immutable, and listing the legal ones is the engine's busiest loop when
# bots play thousands of games, so each list below is made once and handed out again.
_DRAFTS: dict[int, tuple[Draft, ...]] = {}
_KEEPS: dict[tuple[int, ...], tuple[Keep, ...]] = {}
_PLACEMENTS: list[PlacePlan] = []


def drafts(card: int, count: int) -> tuple[Draft, ...]:
    """`Draft(card, 0)` to `Draft(card, count - 1)`, made once and shared."""
    row = _DRAFTS.get(card, ())
    if len(row) < count:
        row = _DRAFTS[card] = tuple(Draft(card, k) for k in range(count))
    return row[:count]


def draft_row(cards: Iterable[int], count: int) -> list[Decision]:
    """`drafts(card, count)` for each card in turn, in a fresh list: a turn's legal drafts.

    Calls `drafts` only for a row not made yet: a call per card was a visible part of
    a random game.
    """
    legal: list[Decision] = []
    for card in cards:
        row = _DRAFTS.get(card, ())
        legal += row[:count] if len(row) >= count else drafts(card, count)
    return legal


def keeps(hand: tuple[int, ...]) -> tuple[Keep, ...]:
    """Every way to keep a Plan and a Foundation from a dealt hand, made once and shared."""
    known = _KEEPS.get(hand)
    if known is None:
        known = _KEEPS[hand] = tuple(Keep(p, f) for p in hand for f in hand if p != f)
    return known


def plan_placements(count: int) -> list[PlacePlan]:
    """`PlacePlan(0)` to `PlacePlan(count - 1)`, made once and shared."""
    while len(_PLACEMENTS) < count:
        _PLACEMENTS.append(PlacePlan(len(_PLACEMENTS)))
    return _PLACEMENTS[:count]


def parse_decision(text: str) -> Decision:
    """Read a decision's text form; NotationError if it is not one."""
    words = text.split()
    try:
        if len(words) == 3 and words[0] == "keep":
            return Keep(int(words[1]), int(words[2]))
        if len(words) == 2 and words[0] == "draft":
            card, colon, cover = words[1].partition(":")
            return Draft(int(card), int(cover or 0))
        if len(words) == 2 and words[0] == "plan":
            return PlacePlan(int(words[1]))
    except ValueError:
        pass
    raise NotationError(_("{text} is not a decision (expected 'keep P F', 'draft ID:K' or 'plan K')").format(text=quote(text)))

