"""Scoring a visible pier: each side on its own, plus patrons and the Plan bonus.

The result is a `ScoreSheet`: points per category, the slots that earned them (so a
front end can highlight them) and the facts that Plan goals are judged on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .characters import Character, Side

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Sequence

    from .characters import Section

    #: Per character category, the scoring slots (for highlighting).
    Highlight = dict[Character, frozenset["Slot"]]
    #: Characters per side: Flower Sellers, Poets, Lovers and Fishers on the left, then on the right.
    Tally = tuple[int, int, int, int, int, int, int, int]
    #: What `_walk` finds: Flower and Lovers points, the largest group, the longest empty
    #: run, the characters per side, and with `collect` the scoring slots.
    _Walk = tuple[int, int, int, int, Tally, Highlight | None]
    #: One side's walk so far (`_side_walk`): Flower Sellers, Poets, Lovers, Fishers; the
    #: empty run, the group being built (size, start), where the last one ended; whether
    #: it has a Flower Seller, is a lone Lovers, one waits for room; then the side's
    #: Flower and Lovers points, largest group and longest empty run.
    _SideState = tuple[int, int, int, int, int, int, int, int, bool, bool, bool, int, int, int, int]

FLOWER, POET, LOVERS, FISHER = Character.FLOWER, Character.POET, Character.LOVERS, Character.FISHER

#: A slot on the visible pier: (section index from the land end, side).
Slot = tuple[int, Side]

#: The categories of a score, in the order they are shown and written in JSON.
CATEGORIES: tuple[str, ...] = ("flower", "poet", "lovers", "fisher", "patrons", "plan")

# Scoring runs in every bot look-ahead: loop over tuples, not the classes.
_CHARACTERS: tuple[Character, ...] = tuple(Character)
_SIDES: tuple[Side, Side] = (Side.LEFT, Side.RIGHT)
# A character's ScoreSheet field, looked up once per character rather than read per slot.
# Keyed by `str` because `points` also takes the other categories' names (kept as they are).
_FIELDS: dict[str, str] = {c: c.value for c in _CHARACTERS}


class ScoreSheet:
    """A score broken down by category, with the slots that scored.

    Besides the points it carries the facts Plan goals are judged on: visible
    characters (the first tie-breaker), sections, counts per kind and side, the largest
    group and the longest run of empty slots. Treat it as immutable.

    The scoring slots (`scoring`) and the counts as dicts (`counts`, `side_counts`) are
    worked out only when asked for: front ends highlight the slots and Plan goals read
    the counts, while bots score thousands of piers and mostly read points.
    """

    FIELDS = (
        "flower", "poet", "lovers", "fisher", "patrons", "plan", "characters", "sections",
        "counts", "side_counts", "largest_group", "longest_empty_run",
    )
    __slots__ = (
        "flower", "poet", "lovers", "fisher", "patrons", "plan", "characters", "sections",
        "largest_group", "longest_empty_run", "_tally", "_counts", "_side_counts", "_visible",
        "_scoring", "_tail", "_cuts",
    )

    def __init__(
        self,
        flower: int,
        lovers: int,
        tally: Tally,
        largest_group: int,
        longest_empty_run: int,
        visible: Sequence[Section],
        patrons: int = 0,
        plan: int = 0,
    ) -> None:
        """A sheet from what the walk found; Poets, Fishers and characters follow from `tally`."""
        left_flowers, left_poets, left_lovers, left_fishers, right_flowers, right_poets, right_lovers, right_fishers = tally
        self.flower = flower
        self.poet = (left_poets + right_poets) // 2
        self.lovers = lovers
        self.fisher = left_fishers if left_fishers >= right_fishers else right_fishers
        self.patrons = patrons
        self.plan = plan
        self.characters = (
            left_flowers + left_poets + left_lovers + left_fishers + right_flowers + right_poets + right_lovers + right_fishers
        )
        self.sections = len(visible)
        self.largest_group = largest_group
        self.longest_empty_run = longest_empty_run
        self._tally = tally
        self._counts: dict[Character, int] | None = None
        self._side_counts: tuple[dict[Character, int], dict[Character, int]] | None = None
        self._visible = visible
        self._scoring: Highlight | None = None
        # The walk's states at the start of the pier's last card and at the end
        # (`score_walked`), so that a pier built on this one is scored from there.
        self._tail: tuple[tuple[_SideState, _SideState], tuple[_SideState, _SideState]] | None = None
        # The walk's states where a card placed on this pier covering K sections starts
        # (`walk_on` of the last card's part left visible), by K: worked out once each.
        self._cuts: dict[int, tuple[_SideState, _SideState]] | None = None

    @property
    def counts(self) -> dict[Character, int]:
        """Visible characters per kind (Flower Seller, Poet, Lovers, Fisher)."""
        counts = self._counts
        if counts is None:
            flowers, poets, lovers, fishers, right_flowers, right_poets, right_lovers, right_fishers = self._tally
            counts = self._counts = {
                FLOWER: flowers + right_flowers, POET: poets + right_poets, LOVERS: lovers + right_lovers,
                FISHER: fishers + right_fishers,
            }
        return counts

    @property
    def side_counts(self) -> tuple[dict[Character, int], dict[Character, int]]:
        """Visible characters per kind on the left side, then on the right."""
        side_counts = self._side_counts
        if side_counts is None:
            flowers, poets, lovers, fishers, right_flowers, right_poets, right_lovers, right_fishers = self._tally
            side_counts = self._side_counts = (
                {FLOWER: flowers, POET: poets, LOVERS: lovers, FISHER: fishers},
                {FLOWER: right_flowers, POET: right_poets, LOVERS: right_lovers, FISHER: right_fishers},
            )
        return side_counts

    @property
    def scoring(self) -> Highlight:
        """The slots that earned points, per character category (for highlighting)."""
        scoring = self._scoring
        if scoring is None:
            scoring = _walk(self._visible, collect=True)[-1]
            assert scoring is not None  # `collect` always gives the slots
            self._scoring = scoring
        return scoring

    def _replace(self, patrons: int, plan: int) -> "ScoreSheet":
        """This sheet with other patron and Plan points (and the same slots and counts).

        Built positionally: every finished game makes such copies, and copying field by
        field with getattr and setattr cost several times as much.
        """
        other = ScoreSheet(
            self.flower, self.lovers, self._tally, self.largest_group, self.longest_empty_run, self._visible,
            patrons, plan,
        )
        other._counts = self._counts
        other._side_counts = self._side_counts
        other._scoring = self._scoring
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ScoreSheet):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.FIELDS)

    # No __hash__: a class that defines __eq__ alone gets `__hash__ = None` from Python,
    # so a ScoreSheet stays unhashable.

    def __repr__(self) -> str:
        return f"ScoreSheet({self.as_dict()})"

    @property
    def total(self) -> int:
        return self.flower + self.poet + self.lovers + self.fisher + self.patrons + self.plan

    def points(self, category: Character | str) -> int:
        """Points in one category: a character, 'patrons' or 'plan'."""
        points: int = getattr(self, _FIELDS.get(category, category))  # the categories' fields are ints
        return points

    def patron_score(self, patrons: Sequence[Character]) -> int:
        """What this pier offers a Patron card: its points in the patron's characters."""
        score = 0
        for character in patrons:  # runs for every seat in every patron phase a bot imagines
            score += getattr(self, _FIELDS[character])
        return score

    def with_plan(self, points: int) -> "ScoreSheet":
        return self._replace(self.patrons, points)

    def with_patrons(self, patrons: int) -> "ScoreSheet":
        return self._replace(patrons, self.plan)

    def as_dict(self) -> dict[str, int]:
        """The `pier18 score --json` object."""
        result = {name: getattr(self, name) for name in CATEGORIES}
        result["total"] = self.total
        result["characters"] = self.characters
        return result


def score_sections(sections: Sequence[Section], patrons: int = 0, plan: int = 0) -> ScoreSheet:
    """Score the visible sections of a pier, listed from the land end."""
    flower, lovers, largest_group, longest_empty, tally, _ = _walk(sections, collect=False)
    return ScoreSheet(flower, lovers, tally, largest_group, longest_empty, sections, patrons, plan)


def _walk(sections: Sequence[Section], collect: bool) -> _Walk:
    """One pass down each side: points for Flower Sellers and Lovers, and the facts.

    With `collect`, also the slots that score in each category. This runs for every
    pier a look-ahead bot imagines, so it walks each side once, slot by slot, keeping
    only counters: the group being built, the empty slots before it, and whether a
    lone Lovers waits to learn if two empty slots follow it (past the pier counts as
    empty at both ends).
    """
    flower_points = lovers_points = largest_group = longest_empty = 0
    sides: list[tuple[int, int, int, int]] = []
    flower_slots: list[Slot] = []
    lovers_slots: list[Slot] = []
    for side in (0, 1):  # plain ints: indexing with an Enum member is slower
        flowers = poets = lovers = fishers = 0
        empty_run = 0  # empty slots since the last occupied one, or since the land end
        size = start = end = 0  # the group being built (size so far, first index); where the last one ended
        has_flower = lone = waiting = False
        for section in sections:
            who = section[side]
            if who is None:
                if size:  # the group ends here
                    if size > largest_group:
                        largest_group = size
                    if has_flower and size > 1:
                        flower_points += size - 1
                        if collect:
                            flower_slots.extend((j, _SIDES[side]) for j in range(start, start + size))
                    waiting = lone and size == 1
                    end = start + size
                    size = 0
                empty_run += 1
                continue
            if not size:  # a group starts here
                if empty_run > longest_empty:
                    longest_empty = empty_run
                if waiting and empty_run >= 2:
                    lovers_points += 2
                    if collect:
                        lovers_slots.append((start, _SIDES[side]))
                # Past the land end counts as empty, so the first group has room before it.
                lone = empty_run >= 2 or end == 0
                start = end + empty_run
                empty_run, has_flower, waiting = 0, False, False
            size += 1
            if who is FLOWER:
                flowers += 1
                has_flower = True
            elif who is POET:
                poets += 1
            elif who is FISHER:
                fishers += 1
            else:
                lovers += 1
                continue
            lone = False  # only a group of one Lovers can score for them
        if size:  # the last group runs to the sea end
            if size > largest_group:
                largest_group = size
            if has_flower and size > 1:
                flower_points += size - 1
                if collect:
                    flower_slots.extend((j, _SIDES[side]) for j in range(start, start + size))
            waiting = lone and size == 1
        elif empty_run > longest_empty:
            longest_empty = empty_run
        if waiting:  # past the sea end counts as empty too
            lovers_points += 2
            if collect:
                lovers_slots.append((start, _SIDES[side]))
        sides.append((flowers, poets, lovers, fishers))
    tally = sides[0] + sides[1]
    slots: Highlight | None = None
    if collect:
        fisher_side = Side.LEFT if tally[3] >= tally[7] else Side.RIGHT
        poet_slots = [(i, side) for i, s in enumerate(sections) for side in _SIDES if s[side] is POET]
        slots = {
            FLOWER: frozenset(flower_slots),
            POET: frozenset(poet_slots[: (tally[1] + tally[5]) // 2 * 2]),
            LOVERS: frozenset(lovers_slots),
            FISHER: frozenset((i, fisher_side) for i, s in enumerate(sections) if s[fisher_side] is FISHER),
        }
    return flower_points, lovers_points, largest_group, longest_empty, tally, slots


#: A side's walk before any section.
_FRESH: "_SideState" = (0, 0, 0, 0, 0, 0, 0, 0, False, False, False, 0, 0, 0, 0)
_FRESH_PAIR = (_FRESH, _FRESH)


def score_walked(
    sections: Sequence[Section], begin: int, start: tuple[_SideState, _SideState] | None, keep: int
) -> ScoreSheet:
    """`score_sections(sections)`, the same sheet, walked from `begin` on: `start` is the
    walk's state after `sections[:begin]` (None with `begin` 0). The sheet keeps, as its
    `_tail`, the states before the last `keep` sections (its own last card's) and after
    all of them: a pier built on it starts from one or the other.

    A pier is its parent's visible sections, less the ones the new card covers, plus the
    new card's: walking from the start of the parent's last card gives the same numbers,
    since each side is walked land end first and the state after a section depends on
    the sections before it alone. Look-ahead scores thousands of new piers a second.
    """
    first = len(sections) - keep
    left, right = _FRESH_PAIR if start is None else start
    if begin < first:
        before = sections[begin:first]
        left = _side_walk(before, 0, left)
        right = _side_walk(before, 1, right)
    last = sections[first:]
    left_end = _side_walk(last, 0, left)
    right_end = _side_walk(last, 1, right)
    flower0, lovers0, group0, empty0, tally0 = _side_end(left_end)
    flower1, lovers1, group1, empty1, tally1 = _side_end(right_end)
    sheet = ScoreSheet(
        flower0 + flower1, lovers0 + lovers1, tally0 + tally1, group0 if group0 >= group1 else group1,
        empty0 if empty0 >= empty1 else empty1, sections,
    )
    sheet._tail = ((left, right), (left_end, right_end))
    return sheet


def walk_on(sections: Sequence[Section], start: tuple[_SideState, _SideState]) -> tuple[_SideState, _SideState]:
    """Both sides' walk states after `sections`, from `start` (for `score_walked`)."""
    return _side_walk(sections, 0, start[0]), _side_walk(sections, 1, start[1])


def _side_walk(sections: Sequence[Section], side: int, state: _SideState) -> _SideState:
    """One side of `_walk` (without the slots), from `state` through `sections`: the state
    after the last one."""
    (flowers, poets, lovers, fishers, empty_run, size, start, end, has_flower, lone, waiting,
     flower_points, lovers_points, largest_group, longest_empty) = state
    for section in sections:
        who = section[side]
        if who is None:
            if size:  # the group ends here
                if size > largest_group:
                    largest_group = size
                if has_flower and size > 1:
                    flower_points += size - 1
                waiting = lone and size == 1
                end = start + size
                size = 0
            empty_run += 1
        else:
            if not size:  # a group starts here
                if empty_run > longest_empty:
                    longest_empty = empty_run
                if waiting and empty_run >= 2:
                    lovers_points += 2
                # Past the land end counts as empty, so the first group has room before it.
                lone = empty_run >= 2 or end == 0
                start = end + empty_run
                empty_run, has_flower, waiting = 0, False, False
            size += 1
            if who is FLOWER:
                flowers += 1
                has_flower = True
                lone = False
            elif who is POET:
                poets += 1
                lone = False
            elif who is FISHER:
                fishers += 1
                lone = False
            else:
                lovers += 1  # only a group of one Lovers can score for them
    return (flowers, poets, lovers, fishers, empty_run, size, start, end, has_flower, lone, waiting,
            flower_points, lovers_points, largest_group, longest_empty)


def _side_end(state: _SideState) -> tuple[int, int, int, int, tuple[int, int, int, int]]:
    """A side's walk finished at the sea end: its Flower and Lovers points, largest group,
    longest empty run and characters (as `_walk` ends each side)."""
    (flowers, poets, lovers, fishers, empty_run, size, start, end, has_flower, lone, waiting,
     flower_points, lovers_points, largest_group, longest_empty) = state
    if size:  # the last group runs to the sea end
        if size > largest_group:
            largest_group = size
        if has_flower and size > 1:
            flower_points += size - 1
        waiting = lone and size == 1
    elif empty_run > longest_empty:
        longest_empty = empty_run
    if waiting:  # past the sea end counts as empty too
        lovers_points += 2
    return flower_points, lovers_points, largest_group, longest_empty, (flowers, poets, lovers, fishers)
