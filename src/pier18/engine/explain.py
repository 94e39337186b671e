"""Why a pier scores what it scores: every visible character's points, with the reason
in the rulebook's terms.

`explain(sections)` gives one `Reason` per scoring unit of docs/rules.md: each group
of a side that holds a Flower Seller, each lone Flower Seller, each pair of Poets and
a Poet left without one, each Lovers character, and each side's Fishers. Every visible
character of a kind appears in exactly one reason of its own category (a character in
a Flower Sellers' group also appears in that group's reason). The points of a
category's reasons add up to that category on the pier's `ScoreSheet`, which is
computed separately (`scoring._walk`) and checked against this in the tests.

It is worked out slot by slot in plain Python: it runs when a person asks why (a key
on the table, `pier18 score --explain`), never in a bot's look-ahead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .characters import Character, Section, Side

FLOWER, POET, LOVERS, FISHER = Character.FLOWER, Character.POET, Character.LOVERS, Character.FISHER

#: A slot on the visible pier: (section index from the land end, side).
Slot = tuple[int, Side]

_SIDES: tuple[Side, Side] = (Side.LEFT, Side.RIGHT)


class Why(StrEnum):
    """The rule that gives a reason its points (docs/rules.md, "Scoring")."""

    GROUP = "group"  # a group of 2+ with a Flower Seller: 1 point per member but one Flower Seller
    ALONE = "alone"  # a Flower Seller with no neighbour on its side: nothing
    PAIR = "pair"  # two Poets anywhere on the pier: 1 point
    UNPAIRED = "unpaired"  # the Poet left over when they are counted in pairs: nothing
    QUIET = "quiet"  # a Lovers character with the two slots before and after it empty: 2 points
    COMPANY = "company"  # a Lovers character with someone within two slots: nothing
    FULLER_SIDE = "fuller side"  # the Fishers of the side with more of them: 1 point each
    EMPTIER_SIDE = "emptier side"  # the Fishers of the other side: nothing


@dataclass(frozen=True, slots=True)
class Reason:
    """Points one scoring unit gives, which slots it is made of, and why.

    `slots` run from the land end. For `GROUP` and `ALONE` they are the group's slots
    (all on one side); for `COMPANY`, `near` is the nearest occupied slot that spoils
    the quiet and `near_character` who stands there; for the Fishers, `counts` is
    (left, right).
    """

    category: Character
    why: Why
    points: int
    slots: tuple[Slot, ...]
    near: Slot | None = None
    near_character: Character | None = None
    counts: tuple[int, int] = (0, 0)

    @property
    def side(self) -> Side:
        return self.slots[0][1]


def explain(sections: Sequence[Section]) -> tuple[Reason, ...]:
    """Every reason a visible pier (its sections, land end first) scores what it does."""
    reasons: list[Reason] = []
    for side in _SIDES:
        reasons.extend(_flowers(sections, side))
    reasons.extend(_poets(sections))
    for side in _SIDES:
        reasons.extend(_lovers(sections, side))
    reasons.extend(_fishers(sections))
    return tuple(reasons)


def points_by_category(reasons: Sequence[Reason]) -> dict[Character, int]:
    """What the reasons add up to, per character category."""
    total = {character: 0 for character in Character}
    for reason in reasons:
        total[reason.category] += reason.points
    return total


def _groups(sections: Sequence[Section], side: Side) -> list[list[int]]:
    """The unbroken runs of occupied slots on one side, as lists of section indexes."""
    groups: list[list[int]] = []
    run: list[int] = []
    for index, section in enumerate(sections):
        if section[side] is None:
            if run:
                groups.append(run)
            run = []
        else:
            run.append(index)
    if run:
        groups.append(run)
    return groups


def _flowers(sections: Sequence[Section], side: Side) -> list[Reason]:
    found = []
    for group in _groups(sections, side):
        if not any(sections[i][side] is FLOWER for i in group):
            continue  # no Flower Seller: this group gives no Flower Sellers' points
        slots = tuple((i, side) for i in group)
        if len(group) == 1:
            found.append(Reason(FLOWER, Why.ALONE, 0, slots))
        else:
            found.append(Reason(FLOWER, Why.GROUP, len(group) - 1, slots))
    return found


def _poets(sections: Sequence[Section]) -> list[Reason]:
    poets = [(i, side) for i, section in enumerate(sections) for side in _SIDES if section[side] is POET]
    found = [Reason(POET, Why.PAIR, 1, tuple(poets[n : n + 2])) for n in range(0, len(poets) - 1, 2)]
    if len(poets) % 2:
        found.append(Reason(POET, Why.UNPAIRED, 0, (poets[-1],)))
    return found


def _lovers(sections: Sequence[Section], side: Side) -> list[Reason]:
    found = []
    for index, section in enumerate(sections):
        if section[side] is not LOVERS:
            continue
        near = [j for j in (index - 1, index + 1, index - 2, index + 2)  # nearest first
                if 0 <= j < len(sections) and sections[j][side] is not None]
        if near:
            who = sections[near[0]][side]
            found.append(Reason(LOVERS, Why.COMPANY, 0, ((index, side),), near=(near[0], side), near_character=who))
        else:
            found.append(Reason(LOVERS, Why.QUIET, 2, ((index, side),)))
    return found


def _fishers(sections: Sequence[Section]) -> list[Reason]:
    on = {side: tuple((i, side) for i, section in enumerate(sections) if section[side] is FISHER) for side in _SIDES}
    counts = (len(on[Side.LEFT]), len(on[Side.RIGHT]))
    fuller = Side.LEFT if counts[0] >= counts[1] else Side.RIGHT  # equal: that number once
    found = []
    for side in _SIDES:
        if on[side]:
            scores = side is fuller
            found.append(
                Reason(FISHER, Why.FULLER_SIDE if scores else Why.EMPTIER_SIDE, len(on[side]) if scores else 0, on[side],
                       counts=counts)
            )
    return found
