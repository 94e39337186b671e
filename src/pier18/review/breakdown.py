"""Where each seat's points came from: categories, Patrons, the Plan, the tie-breakers.

Read from a `TableView` (what the whole table may see), so the final screen, a seat at
a networked table and `pier18 replay --json` all break a score down the same way. Every
number is the engine's answer (`TableView.score`, `plan_met`, `standings`, the
`PatronAward`s); nothing is added up here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine import CATEGORIES, Character, TableView, TieBreak
from ..engine.game import PatronAward


@dataclass(frozen=True, slots=True)
class PatronWon:
    """A Patron card a seat won, and for what."""

    round: int
    card: int
    characters: tuple[Character, ...]  # the characters the Patron scores
    scores: tuple[int, ...]  # every seat's patron score in them
    by_date: bool  # a tie broken by the earliest date drafted that round

    @classmethod
    def of(cls, award: PatronAward, characters: tuple[Character, ...]) -> "PatronWon":
        return cls(award.round, award.card, characters, award.scores, award.by_date)


@dataclass(frozen=True, slots=True)
class PlanResult:
    """A seat's Plan card and what it brought."""

    card: int
    goal: str  # the goal at this table size, in the deck's words
    met: bool | None  # the final verdict, or whether the goal holds now before the end
    bonus: int  # the points it counts (0 unless met at the end)
    worth: int  # what the card is worth when met


@dataclass(frozen=True, slots=True)
class SeatBreakdown:
    """One seat's score, broken down."""

    seat: int
    categories: dict[str, int]  # points per category (`engine.CATEGORIES`), the Plan bonus included
    total: int
    characters: int  # visible characters: the first tie-breaker
    patrons: tuple[PatronWon, ...]  # in the order won
    plan: PlanResult | None  # None: no Plan chosen yet, or not shown to the table yet
    place: int | None  # 1 = first; None before the end
    decided_by: TieBreak | None  # what put it above the next seat (None: last, level, or before the end)

    def as_json(self) -> dict[str, Any]:
        """The breakdown's part of a player in `pier18 replay --json`."""
        plan = self.plan
        return {
            "place": self.place,
            "decided_by": None if self.decided_by is None else self.decided_by.value,
            "patrons_won": [
                {
                    "round": won.round,
                    "card": won.card,
                    "for": [character.value for character in won.characters],
                    "scores": list(won.scores),
                    "by_date": won.by_date,
                }
                for won in self.patrons
            ],
            "plan": None if plan is None else {
                "card": plan.card, "goal": plan.goal, "met": plan.met, "bonus": plan.bonus, "worth": plan.worth,
            },
        }


def breakdown(table: TableView) -> tuple[SeatBreakdown, ...]:
    """Every seat's score broken down, as the table sees it (final once the game is over)."""
    deck = table.deck
    standings = {standing.seat: standing for standing in table.standings}
    seats = []
    for seat in range(table.players):
        sheet = table.score(seat)
        card = table.plan_card(seat)
        plan = None
        if card is not None:
            plan = PlanResult(card.id, card.plan.goal_for(table.players).text, table.plan_met(seat), sheet.plan, card.plan.bonus)
        standing = standings.get(seat)
        seats.append(
            SeatBreakdown(
                seat=seat,
                categories={name: getattr(sheet, name) for name in CATEGORIES},
                total=sheet.total,
                characters=sheet.characters,
                patrons=tuple(PatronWon.of(a, deck[a.card].patrons) for a in table.awards if a.winner == seat),
                plan=plan,
                place=None if standing is None else standing.place,
                decided_by=None if standing is None else standing.decided_by,
            )
        )
    return tuple(seats)
