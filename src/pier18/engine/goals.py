"""Plan goals: the closed set of goal kinds a deck file can use, and how each is judged.

A goal is judged on a player's `ScoreSheet` at game end, after the Plan card is placed.
Each kind is one member of `GoalKind` with one row in `_KINDS`: the settings a deck
file gives it, what it measures on a sheet, whether it compares players and whether it
reads the Patrons won. Goals that compare players (`most`, `most_points`) need the other
piers; with none to look at (as in `pier18 score`) they cannot be judged and give `None`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from ..i18n import N_
from .characters import Character

if TYPE_CHECKING:  # pragma: no cover
    from .characters import Section
    from .scoring import ScoreSheet


class GoalKind(StrEnum):
    """Every goal kind a deck may use; the values are the `kind` names in `cards.toml`."""

    COUNT = "count"
    POINTS = "points"
    PATRONS = "patrons"
    SECTIONS = "sections"
    CHARACTERS = "characters"
    GROUP = "group"
    EACH_SIDE = "each_side"
    EMPTY_RUN = "empty_run"
    VARIETY = "variety"
    MOST = "most"
    MOST_POINTS = "most_points"

    @property
    def spec(self) -> "KindSpec":
        return _KINDS[self]


@dataclass(frozen=True, slots=True)
class Goal:
    """One Plan goal: a `GoalKind` and its numbers.

    `text` is what players read; the other fields are what the engine checks.
    """

    kind: GoalKind
    text: str
    character: Character | None = None
    category: Character | None = None
    at_least: int | None = None
    at_most: int | None = None
    #: True for goals judged against the other players' piers. A field worked out once,
    #: not a property: every finished game asks it for each seat's Plan.
    compares_players: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        kind = GoalKind(self.kind)  # a kind's name is its value too: ValueError names an unknown one
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "compares_players", kind.spec.compares_players)


#: What a kind measures on one sheet: one number for most kinds, one per side for
#: `each_side`, one per character for `variety`.
Measure = Callable[[Goal, "ScoreSheet"], tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class KindSpec:
    """One goal kind: its deck-file settings, its measure, and how it is judged."""

    summary: str  # what it measures, for the deck file's documentation (marked with N_: `_()` where shown)
    measure: Measure
    required: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()
    bound_needed: bool = False  # needs at_least and/or at_most
    compares_players: bool = False  # met by strictly more than every other player
    reads_patrons: bool = False  # the Patrons won count (a pier alone does not say)


_BOUNDS = ("at_least", "at_most")


def _count(goal: Goal, sheet: "ScoreSheet") -> tuple[int, ...]:
    assert goal.character is not None  # the deck loader makes sure each kind has its settings
    return (sheet.counts[goal.character],)


def _points(goal: Goal, sheet: "ScoreSheet") -> tuple[int, ...]:
    assert goal.category is not None
    return (sheet.points(goal.category),)


def _each_side(goal: Goal, sheet: "ScoreSheet") -> tuple[int, ...]:
    character = goal.character
    assert character is not None
    return tuple(side[character] for side in sheet.side_counts)


_KINDS: dict[GoalKind, KindSpec] = {
    GoalKind.COUNT: KindSpec(N_("visible characters of one kind (`character`)"), _count, ("character",), _BOUNDS, True),
    GoalKind.POINTS: KindSpec(N_("points scored in one character category (`category`)"), _points, ("category", "at_least")),
    GoalKind.PATRONS: KindSpec(N_("Patron cards won"), lambda g, s: (s.patrons,), ("at_least",), reads_patrons=True),
    GoalKind.SECTIONS: KindSpec(N_("visible sections of the pier"), lambda g, s: (s.sections,), (), _BOUNDS, True),
    GoalKind.CHARACTERS: KindSpec(N_("visible characters of any kind"), lambda g, s: (s.characters,), (), _BOUNDS, True),
    GoalKind.GROUP: KindSpec(
        N_("size of the largest group (adjacent occupied slots on one side)"), lambda g, s: (s.largest_group,), ("at_least",)
    ),
    GoalKind.EACH_SIDE: KindSpec(N_("`character` on the left side AND on the right side"), _each_side, ("character", "at_least")),
    GoalKind.EMPTY_RUN: KindSpec(
        N_("longest run of empty slots on one side"), lambda g, s: (s.longest_empty_run,), ("at_least",)
    ),
    GoalKind.VARIETY: KindSpec(N_("visible characters of EVERY kind"), lambda g, s: tuple(s.counts.values()), ("at_least",)),
    GoalKind.MOST: KindSpec(
        N_("strictly more visible `character` than every other player"), _count, ("character",), compares_players=True
    ),
    GoalKind.MOST_POINTS: KindSpec(
        N_("strictly more points in `category` than every other player"), _points, ("category",), compares_players=True
    ),
}

#: Every goal kind a deck may use, by its name in `cards.toml`.
GOAL_KINDS: dict[str, KindSpec] = {kind.value: spec for kind, spec in _KINDS.items()}


def _within(value: int, goal: Goal) -> bool:
    if goal.at_least is not None and value < goal.at_least:
        return False
    if goal.at_most is not None and value > goal.at_most:
        return False
    return True


def goal_measures(goal: Goal, sheet: "ScoreSheet") -> tuple[int, ...]:
    """The numbers a goal looks at on one pier.

    For bounded kinds every number must lie within `at_least`/`at_most`; for the kinds
    that compare players it is the one number compared. Bots read these too, to tell
    "closer to the goal" from "no change".
    """
    return _KINDS[goal.kind].measure(goal, sheet)


#: Where each character's count lies in a sheet's tally (left side; the right side 4 on),
#: as `ScoreSheet.counts` adds them up.
_TALLY_PLACES = {Character.FLOWER: 0, Character.POET: 1, Character.LOVERS: 2, Character.FISHER: 3}


def measure_reader(goal: Goal, patrons: int | None = None) -> Callable[["ScoreSheet"], tuple[int, ...]]:
    """`goal_measures(goal, sheet)` as a function of the sheet alone: the same numbers,
    read straight from the sheet's counters (no dictionary of counts built per sheet).
    With `patrons`, the sheet is taken to have won that many Patrons (as
    `sheet.with_patrons(patrons)`), without making that sheet. For bots, which measure
    the piers they imagine by the thousand; tests/test_goals.py checks every kind."""
    kind = goal.kind
    character = goal.character
    if kind is GoalKind.COUNT or kind is GoalKind.MOST:
        assert character is not None
        left = _TALLY_PLACES[character]
        right = left + 4
        return lambda sheet: (sheet._tally[left] + sheet._tally[right],)
    if kind is GoalKind.EACH_SIDE:
        assert character is not None
        left = _TALLY_PLACES[character]
        right = left + 4
        return lambda sheet: (sheet._tally[left], sheet._tally[right])
    if kind is GoalKind.VARIETY:
        def variety(sheet: "ScoreSheet") -> tuple[int, ...]:
            tally = sheet._tally
            return (tally[0] + tally[4], tally[1] + tally[5], tally[2] + tally[6], tally[3] + tally[7])
        return variety
    if kind is GoalKind.PATRONS and patrons is not None:
        counted = (patrons,)
        return lambda sheet: counted
    if kind is GoalKind.SECTIONS:
        return lambda sheet: (sheet.sections,)
    if kind is GoalKind.CHARACTERS:
        return lambda sheet: (sheet.characters,)
    if kind is GoalKind.GROUP:
        return lambda sheet: (sheet.largest_group,)
    if kind is GoalKind.EMPTY_RUN:
        return lambda sheet: (sheet.longest_empty_run,)
    measure = kind.spec.measure
    if patrons is not None and kind.spec.reads_patrons:  # a kind added later that reads the Patrons
        return lambda sheet: measure(goal, sheet.with_patrons(patrons))
    return lambda sheet: measure(goal, sheet)


def goal_met(goal: Goal, sheet: "ScoreSheet", others: Sequence["ScoreSheet"] | None = None) -> bool | None:
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


def can_still_be_met(
    goal: Goal, sheet: "ScoreSheet", placements: int, patrons: int, last_sections: int,
    cards: Iterable[Sequence["Section"]],
) -> bool | None:
    """Whether the pier of `sheet` can still meet `goal` when it is judged, at the end.

    `placements`: the cards still to be placed on the pier (the Plan card included);
    `patrons`: the Patron cards still to be awarded in the game; `last_sections`: how
    many sections the pier's last card has (0: an empty pier); `cards`: the sections of
    each card the placements come from (the deck). False only when no choice of cards and covers can
    bring a measure within the goal's bounds: bounds that hold whatever is drafted (a
    card adds at most its own characters; covering leaves a section of the card below,
    so `k` placements add at least `k` plus the last card's length less the current
    last card's to the visible sections). None for goals that compare players.
    """
    if goal.compares_players:
        return None
    if placements <= 0 and patrons <= 0:
        return bool(goal_met(goal, sheet))
    deck = tuple(cards)
    if not deck:
        return True
    k = max(placements, 0)
    longest = max(len(card) for card in deck)

    def on_cards(character: Character | None, side: int | None = None) -> int:
        """The most characters one card shows (of one kind, on one side)."""
        sides = (0, 1) if side is None else (side,)
        return max(
            sum(slot is not None and (character is None or slot is character) for section in card for slot in
                (section[s] for s in sides))
            for card in deck
        )

    values = goal_measures(goal, sheet)
    bounds: list[tuple[int | None, int | None]]  # the lowest and highest each measure can end at (None: no bound known)
    kind = goal.kind
    if kind is GoalKind.COUNT:
        assert goal.character is not None
        bounds = [(None, values[0] + k * on_cards(goal.character))]
    elif kind is GoalKind.PATRONS:
        bounds = [(values[0], values[0] + max(patrons, 0))]
    elif kind is GoalKind.SECTIONS:
        fewest = values[0] + (min(len(card) for card in deck) - max(last_sections, 1) + k if k else 0)
        bounds = [(fewest, values[0] + k * longest)]
    elif kind is GoalKind.CHARACTERS:
        bounds = [(None, values[0] + k * on_cards(None))]
    elif kind in (GoalKind.GROUP, GoalKind.EMPTY_RUN):
        bounds = [(None, values[0] + k * longest)]
    elif kind is GoalKind.EACH_SIDE:
        assert goal.character is not None
        bounds = [(None, value + k * on_cards(goal.character, side)) for side, value in enumerate(values)]
    elif kind is GoalKind.VARIETY:
        bounds = [(None, value + k * on_cards(character)) for character, value in zip(Character, values, strict=True)]
    else:  # points can rise or fall with any card: no bound known
        return True
    for low, high in bounds:
        if goal.at_least is not None and high is not None and high < goal.at_least:
            return False
        if goal.at_most is not None and low is not None and low > goal.at_most:
            return False
    return True
