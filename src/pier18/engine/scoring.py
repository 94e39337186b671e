"""Scoring a visible pier: each side on its own, plus patrons and the Plan bonus.

The result is a `ScoreSheet`: points per category, the slots that earned them (so a
front end can highlight them) and the facts that Plan goals are judged on.
"""

from __future__ import annotations

from .characters import Character, Side

TYPE_CHECKING = False  # neither typing nor dataclasses: `pier18 score` must start fast
if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Sequence

    from .cards import Section

FLOWER, POET, LOVERS, FISHER = Character.FLOWER, Character.POET, Character.LOVERS, Character.FISHER

#: A slot on the visible pier: (section index from the land end, side).
Slot = tuple[int, Side]

#: The categories of a score, in the order they are shown and written in JSON.
CATEGORIES: tuple[str, ...] = ("flower", "poet", "lovers", "fisher", "patrons", "plan")

# Iterating an Enum class is slow; scoring runs in every bot look-ahead, so loop over tuples.
_CHARACTERS: tuple[Character, ...] = tuple(Character)
_SIDES: tuple[Side, Side] = (Side.LEFT, Side.RIGHT)


class ScoreSheet:
    """A score broken down by category, with the slots that scored.

    Besides the points it carries the facts Plan goals are judged on: visible
    characters (the first tie-breaker), sections, counts per kind and side, the largest
    group and the longest run of empty slots. Treat it as immutable.
    """

    __slots__ = (
        "flower", "poet", "lovers", "fisher", "patrons", "plan", "characters", "sections",
        "counts", "side_counts", "largest_group", "longest_empty_run", "scoring",
    )

    def __init__(
        self,
        *,
        flower: int,
        poet: int,
        lovers: int,
        fisher: int,
        patrons: int,
        plan: int,
        characters: int,
        sections: int,
        counts: dict[Character, int],
        side_counts: tuple[dict[Character, int], dict[Character, int]],
        largest_group: int,
        longest_empty_run: int,
        scoring: dict[Character, frozenset[Slot]],
    ) -> None:
        self.flower = flower
        self.poet = poet
        self.lovers = lovers
        self.fisher = fisher
        self.patrons = patrons
        self.plan = plan
        self.characters = characters
        self.sections = sections
        self.counts = counts
        self.side_counts = side_counts
        self.largest_group = largest_group
        self.longest_empty_run = longest_empty_run
        self.scoring = scoring

    def _replace(self, **changes: int) -> "ScoreSheet":
        fields = {name: getattr(self, name) for name in self.__slots__}
        fields.update(changes)
        return ScoreSheet(**fields)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ScoreSheet):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.__slots__)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"ScoreSheet({self.as_dict()})"

    @property
    def total(self) -> int:
        return self.flower + self.poet + self.lovers + self.fisher + self.patrons + self.plan

    def points(self, category: Character | str) -> int:
        """Points in one category: a character, 'patrons' or 'plan'."""
        return getattr(self, category.value if isinstance(category, Character) else category)

    def patron_score(self, patrons: Sequence[Character]) -> int:
        """What this pier offers a Patron card: its points in the patron's characters."""
        return sum(getattr(self, c.value) for c in patrons)

    def with_plan(self, points: int) -> "ScoreSheet":
        return self._replace(plan=points)

    def with_patrons(self, patrons: int) -> "ScoreSheet":
        return self._replace(patrons=patrons)

    def as_dict(self) -> dict[str, int]:
        """The `pier18 score --json` object."""
        result = {name: getattr(self, name) for name in CATEGORIES}
        result["total"] = self.total
        result["characters"] = self.characters
        return result


def score_sections(sections: Sequence[Section], patrons: int = 0, plan: int = 0) -> ScoreSheet:
    """Score the visible sections of a pier, listed from the land end."""
    n = len(sections)
    counts = dict.fromkeys(_CHARACTERS, 0)
    side_counts: tuple[dict[Character, int], dict[Character, int]] = (
        dict.fromkeys(_CHARACTERS, 0),
        dict.fromkeys(_CHARACTERS, 0),
    )
    flower_points = lovers_points = 0
    flower_slots: set[Slot] = set()
    lovers_slots: set[Slot] = set()
    largest_group = longest_empty = 0
    for side in _SIDES:
        index = int(side)  # indexing a tuple with a plain int is much faster than with an IntEnum
        column = [section[index] for section in sections]
        tally = side_counts[side]
        run_start = -1
        empty_run = 0
        for i, who in enumerate(column):
            if who is None:
                empty_run += 1
                if empty_run > longest_empty:
                    longest_empty = empty_run
                continue
            empty_run = 0
            tally[who] += 1
            if who is LOVERS:
                lonely = True
                for j in (i - 2, i - 1, i + 1, i + 2):
                    if 0 <= j < n and column[j] is not None:
                        lonely = False
                        break
                if lonely:
                    lovers_points += 2
                    lovers_slots.add((i, side))
        # Flower Seller groups: maximal runs of occupied slots on this side.
        i = 0
        while i < n:
            if column[i] is None:
                i += 1
                continue
            run_start = i
            while i < n and column[i] is not None:
                i += 1
            size = i - run_start
            if size > largest_group:
                largest_group = size
            if size > 1 and FLOWER in column[run_start:i]:
                flower_points += size - 1
                flower_slots.update((j, side) for j in range(run_start, i))
    for tally in side_counts:
        for c, k in tally.items():
            counts[c] += k
    left_fishers, right_fishers = side_counts[0][FISHER], side_counts[1][FISHER]
    fisher_side = Side.LEFT if left_fishers >= right_fishers else Side.RIGHT
    fisher_points = max(left_fishers, right_fishers)
    fisher_index = int(fisher_side)
    fisher_slots = frozenset((i, fisher_side) for i, s in enumerate(sections) if s[fisher_index] is FISHER)
    poet_points = counts[POET] // 2
    poet_slots: list[Slot] = []
    if counts[POET] > 1:
        poet_slots = [(i, side) for i, s in enumerate(sections) for side in _SIDES if s[int(side)] is POET]
    return ScoreSheet(
        flower=flower_points,
        poet=poet_points,
        lovers=lovers_points,
        fisher=fisher_points,
        patrons=patrons,
        plan=plan,
        characters=sum(counts.values()),
        sections=n,
        counts=counts,
        side_counts=side_counts,
        largest_group=largest_group,
        longest_empty_run=longest_empty,
        scoring={
            FLOWER: frozenset(flower_slots),
            POET: frozenset(poet_slots[: poet_points * 2]),
            LOVERS: frozenset(lovers_slots),
            FISHER: fisher_slots,
        },
    )
