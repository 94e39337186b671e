"""Cards, their sections and Plan goals: small immutable values."""

from __future__ import annotations

from dataclasses import dataclass, field

from .characters import Character, Section
from .goals import Goal

DEFAULT_PLAN_BONUS = 4


@dataclass(frozen=True, slots=True)
class Plan:
    """The goal printed on a card, used when the card is kept as a Plan."""

    two: Goal
    three: Goal
    bonus: int = DEFAULT_PLAN_BONUS

    def goal_for(self, players: int) -> Goal:
        return self.two if players == 2 else self.three

    @property
    def split(self) -> bool:
        """True when the card has separate 2- and 3-player goals."""
        return self.two != self.three


@dataclass(frozen=True, slots=True)
class Card:
    """A pier card: sections run from the land end to the sea end."""

    id: int
    name: str
    date: str  # "MM-DD"
    patrons: tuple[Character, ...]
    sections: tuple[Section, ...]
    plan: Plan
    date_key: tuple[int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        month, day = self.date.split("-")
        object.__setattr__(self, "date_key", (int(month), int(day)))

    def __len__(self) -> int:
        return len(self.sections)

    @property
    def characters(self) -> int:
        return sum((left is not None) + (right is not None) for left, right in self.sections)

    def __str__(self) -> str:
        return f"#{self.id} {self.name} ({self.date})"
