"""A pier: the Foundation card, each drafted card, and at the end the Plan card.

Each new card may cover the last k sections (the sea end) of the card before it, as
long as at least one of that card's sections stays visible. Cards are never rotated.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass

from ..i18n import _
from .cards import Card
from .characters import Section
from .errors import IllegalOverlap, NotationError
from .text import quote
from .scoring import ScoreSheet, score_walked, walk_on


@dataclass(frozen=True, slots=True)
class Placement:
    """A card in a pier and how many sections of the card before it it covers."""

    card: Card
    cover: int = 0


@dataclass(frozen=True, slots=True)
class VisibleSection:
    """A section that can be seen, with the card it belongs to (for drawing)."""

    section: Section
    card: Card
    index: int  # the section's place on its card, from the land end


#: Placements are immutable and a game makes one per card placed, so each (card id,
#: cover) is made once and shared (made again if another deck's card has that id).
_PLACEMENTS: dict[tuple[int, int], Placement] = {}


#: The Foundation piers by card id while `shared_foundations` is on (in this thread).
_FOUNDATIONS: ContextVar[dict[int, "Pier"] | None] = ContextVar("pier18_foundations", default=None)


class shared_foundations:
    """While on (`with shared_foundations():`), placing a Foundation gives this thread
    the same `Pier` for the same card each time, then a fresh one again.

    A pier remembers the piers built on it (with their scores), so look-ahead that plays
    many games from the set-up, each choosing Foundations again, meets the piers of the
    earlier games instead of building and scoring them anew. Outside it a Foundation is
    a new pier each time, so nothing built on one outlives its game. The piers are the
    same either way (a pier is its placements); only the work of building them is saved.
    """

    __slots__ = ("_token",)

    def __enter__(self) -> None:
        shared = _FOUNDATIONS.get()  # within another: the same piers
        self._token = _FOUNDATIONS.set({} if shared is None else shared)

    def __exit__(self, *exc: object) -> None:
        _FOUNDATIONS.reset(self._token)


class Pier:
    """An immutable pier; `place` returns a new one."""

    __slots__ = ("placements", "_visible", "_sheet", "_with_patrons", "_next", "_parent_sheet")

    def __init__(self, placements: tuple[Placement, ...] = ()) -> None:
        self.placements = placements
        self._visible: tuple[Section, ...] | None = None
        self._sheet: ScoreSheet | None = None
        self._with_patrons: ScoreSheet | None = None
        # Piers already built from this one by `place`, by (card id, cover): look-ahead
        # bots try the same placements over and over, and each keeps its cached score.
        self._next: dict[tuple[int, int], Pier] | None = None
        # The sheet of the pier this one was built on, while this one is not scored: its
        # walk's states at the start of its last card and at its end let `sheet` walk on
        # from there (`score_walked`) instead of from the land end.
        self._parent_sheet: ScoreSheet | None = None

    def __repr__(self) -> str:
        return f"Pier({self.notation()!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pier) and self.placements == other.placements

    def __hash__(self) -> int:
        return hash(self.placements)

    def __len__(self) -> int:
        return len(self.placements)

    def __iter__(self) -> Iterator[Placement]:
        return iter(self.placements)

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(p.card for p in self.placements)

    @property
    def max_cover(self) -> int:
        """How many sections the next card may cover (0 on an empty pier)."""
        return len(self.placements[-1].card.sections) - 1 if self.placements else 0

    def covers(self) -> range:
        """The legal cover values for the next card."""
        return range(self.max_cover + 1)

    def place(self, card: Card, cover: int = 0) -> "Pier":
        """The pier with `card` added at the sea end, covering `cover` sections."""
        following = self._next
        if following is not None:  # built before (so legal): look-ahead asks again and again
            known = following.get((card.id, cover))
            if known is not None and known.placements[-1].card is card:
                return known
        placements = self.placements
        if not (0 <= cover < len(placements[-1].card.sections) if placements else cover == 0):
            if not placements:
                raise IllegalOverlap(
                    _("card {card} is the first card of the pier and cannot cover anything").format(card=card.id)
                )
            last = placements[-1].card
            raise IllegalOverlap(_(
                "card {card} cannot cover {cover} sections of card {last}: "
                "0 to {most} allowed, so at least one section stays visible"
            ).format(card=card.id, cover=quote(cover), last=last.id, most=self.max_cover))
        key = (card.id, cover)
        placement = _PLACEMENTS.get(key)
        if placement is None or placement.card is not card:
            placement = _PLACEMENTS[key] = Placement(card, cover)
        if not placements:  # a Foundation: kept only inside `shared_foundations`, so no pier grows for ever
            shared = _FOUNDATIONS.get()
            if shared is not None:
                pier = shared.get(card.id)
                if pier is not None and pier.placements[0] is placement:
                    return pier
            pier = Pier((placement,))
            pier._visible = card.sections
            if shared is not None:
                shared[card.id] = pier
            return pier
        if following is None:
            following = self._next = {}
        pier = following[key] = Pier(placements + (placement,))
        pier._parent_sheet = self._sheet
        visible = self._visible
        if visible is not None:  # extend what is known rather than walk every card again
            pier._visible = visible[: len(visible) - cover] + card.sections
        return pier

    def visible(self) -> tuple[VisibleSection, ...]:
        """Every visible section with the card it belongs to, land end first."""
        result: list[VisibleSection] = []
        for i, placement in enumerate(self.placements):
            card = placement.card
            covered = self.placements[i + 1].cover if i + 1 < len(self.placements) else 0
            for index in range(len(card.sections) - covered):
                result.append(VisibleSection(card.sections[index], card, index))
        return tuple(result)

    def visible_sections(self) -> tuple[Section, ...]:
        """The visible sections, land end first (what scoring looks at)."""
        if self._visible is None:
            sections: list[Section] = []
            placements = self.placements
            for i, placement in enumerate(placements):
                card_sections = placement.card.sections
                covered = placements[i + 1].cover if i + 1 < len(placements) else 0
                sections.extend(card_sections[: len(card_sections) - covered])
            self._visible = tuple(sections)
        return self._visible

    def sheet(self, patrons: int = 0) -> ScoreSheet:
        """The visible pier's score with `patrons` patrons and no Plan bonus, kept.

        Piers never change, and look-ahead bots score the same pier many times.
        """
        sheet = self._sheet
        if sheet is None:
            visible = self._visible
            if visible is None:
                visible = self.visible_sections()
            placements = self.placements
            keep = len(placements[-1].card.sections) if placements else 0
            parent = self._parent_sheet
            tail = parent._tail if parent is not None else None
            if parent is not None and tail is not None:  # walk on from the end of the parent, or where this card covers it
                cover = placements[-1].cover
                first = len(visible) - keep
                if cover:  # the parent's walk to the start of its last card, then its part left visible
                    cuts = parent._cuts
                    if cuts is None:
                        cuts = parent._cuts = {}
                    start = cuts.get(cover)
                    if start is None:  # once per cover: every card placed so meets the same sections
                        start = cuts[cover] = walk_on(visible[first - len(placements[-2].card.sections) + cover : first], tail[0])
                    sheet = score_walked(visible, first, start, keep)
                else:
                    sheet = score_walked(visible, first, tail[1], keep)
            else:
                sheet = score_walked(visible, 0, None, keep)
            self._sheet = sheet
            self._parent_sheet = None
        if patrons == 0:
            return sheet
        if self._with_patrons is None or self._with_patrons.patrons != patrons:
            self._with_patrons = sheet.with_patrons(patrons)
        return self._with_patrons

    def notation(self) -> str:
        """The card notation: ids land first, `ID:K` where a card covers K sections."""
        return " ".join(f"{p.card.id}:{p.cover}" if p.cover else str(p.card.id) for p in self.placements)

    @classmethod
    def from_notation(cls, text: str, deck: Mapping[int, Card]) -> "Pier":
        """Read the card notation, e.g. ``"7 12:1 3:2 9"``, against a deck."""
        pier = cls()
        seen: set[int] = set()
        tokens = text.replace(",", " ").split()
        if not tokens:
            raise NotationError(_("the pier has no cards"))
        for token in tokens:
            id_text, colon, cover_text = token.partition(":")
            try:
                card_id = int(id_text)
                cover = int(cover_text) if cover_text else 0
            except ValueError:
                raise NotationError(_("{token} is not a card id (write ID or ID:K)").format(token=quote(token))) from None
            if card_id not in deck:
                raise NotationError(_("card {card} is not in the deck").format(card=quote(card_id)))
            if card_id in seen:
                raise NotationError(_("card {card} appears twice").format(card=card_id))

            seen.add(card_id)
            try:
                pier = pier.place(deck[card_id], cover)
            except IllegalOverlap as exc:
                raise NotationError(str(exc)) from None
        return pier
