"""What every bot offers, and the hint the hard bot gives a human player.

A bot decides from a `PlayerView` only: the view holds no deck order and no other
player's hand, so whatever a bot computes, it cannot peek.
"""

from __future__ import annotations

import enum
import hashlib
from dataclasses import dataclass, fields, is_dataclass
from collections.abc import Hashable, Iterable
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from ..engine import Card, Deck, Decision, Draft, IllegalDecision, Outcome, Pier, PlayerView
from ..i18n import _
from ..speech.why import hint_why, seat_numbers

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Sequence

    from ..engine import Deck, Phase, Pier, ScoreSheet, Standing


@dataclass(frozen=True, slots=True)
class Hint:
    """Advice for the player to move: the decision, what it should gain, and why."""

    decision: Decision
    expected_gain: float  # points this decision should add to the player's final score
    reason: str  # what the decision does, in words (the seats named by number)
    expected_total: float | None = None  # the player's expected final total after it
    now: int | None = None  # the player's total now
    #: The next best decisions, best first, each a different choice (never the same card
    #: twice), with how many points it ranks below the best (the value hints are ranked by).
    alternatives: tuple[tuple[Decision, float], ...] = ()
    #: What the decision does, as the engine answers it: the words of the reason come from it.
    outcome: Outcome | None = None


#: How many next best choices a hint lists.
HINT_ALTERNATIVES = 2


def choice_of(decision: Decision) -> Hashable:
    """What makes two decisions different choices for a hint: a draft's card (its covers
    are one choice of card), any other decision itself."""
    return decision.card if isinstance(decision, Draft) else decision


def ranked_hint(
    view: PlayerView, best: Decision, best_value: float, best_total: float,
    others: Iterable[tuple[Decision, float, bool]],
) -> Hint:
    """The hint every searching bot gives, from its candidates best first: `best` with
    the value it was ranked by and the final total it expects; `others` as (decision,
    value, comparable with the best). Alternatives are different choices that were
    searched as far as the best, with how far each ranks below it; the reason comes from
    the engine's outcome, and "now" is the one total the table shows."""
    now = view.score(view.seat, with_plan=True).total
    seen = {choice_of(best)}
    alternatives: list[tuple[Decision, float]] = []
    for decision, value, comparable in others:
        if not comparable or choice_of(decision) in seen:
            continue  # searched less (not comparable), or the same card again
        seen.add(choice_of(decision))
        alternatives.append((decision, round(max(0.0, best_value - value), 2)))
        if len(alternatives) == HINT_ALTERNATIVES:
            break
    outcome = view.outcome(best)
    reason = hint_why(view.deck, view.players, outcome, seat_numbers(view.players))
    return Hint(best, round(best_total - now, 2), reason, round(best_total, 2), now, tuple(alternatives), outcome)


def position_seed(view: PlayerView) -> int:
    """A number that only the position decides: every field of the view (what the table
    shows and the seat's own cards), the deck by its digest, and nothing else.

    The same position gives the same number in any process, whatever was asked before:
    hints seeded from it are the same for the same position.
    """
    digest = hashlib.sha256(repr(_canonical(view)).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _canonical(value: object) -> object:
    """`value` as plain tuples, numbers and strings, the same in every process."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Deck):
        return ("deck", value.digest or tuple(repr(card) for card in value.cards()))  # a deck read from data
    if isinstance(value, Card):
        return ("card", value.id)
    if isinstance(value, Pier):
        return ("pier", tuple((placement.card.id, placement.cover) for placement in value.placements))
    if isinstance(value, (tuple, list)):
        return tuple(_canonical(item) for item in value)
    if is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__, tuple((f.name, _canonical(getattr(value, f.name))) for f in fields(value)))
    raise TypeError(f"no canonical form for a {type(value).__name__} in a view")


@runtime_checkable
class Bot(Protocol):
    level: str

    def choose(self, view: PlayerView) -> Decision:
        """The bot's decision for the seat of `view`; that seat must be the one to move."""
        ...


class LegalBot(Bot, Protocol):
    """A bot that needs nothing of the view but the seat's legal decisions.

    Self-play hands such a bot the legal decisions straight from the engine (what
    `PlayerView.legal` would hold) and builds no view: for a bot this cheap, the view
    would cost more than the choice. `choose(view)` must pick what
    `choose_legal(view.legal)` picks, so both ways play the same games.
    """

    def choose_legal(self, legal: Sequence[Decision]) -> Decision:
        """The bot's pick among the legal decisions of its seat, which is to move."""
        ...


class Table(Protocol):
    """A PlayerView or a dealt game: the public table attributes bots read."""

    @property
    def deck(self) -> Deck: ...
    @property
    def players(self) -> int: ...
    @property
    def round_starter(self) -> int: ...
    @property
    def piers(self) -> Sequence[Pier]: ...
    @property
    def patrons(self) -> Sequence[tuple[int, ...]]: ...
    @property
    def plans(self) -> Sequence[int | None]: ...
    @property
    def revealed(self) -> Sequence[int]: ...
    @property
    def drafted(self) -> Sequence[int | None]: ...


class World(Table, Protocol):
    """A game dealt from a view (`PlayerView.determinize`), as look-ahead plays it out.

    Bots never name the engine's game class: this is all of a dealt game they use.
    """

    phase: Phase
    current_player: int
    round: int
    piers: list[Pier]
    history: list[tuple[int, Decision]]  # (seat, decision), in the order they were made

    @property
    def total_rounds(self) -> int: ...

    def clone(self) -> World: ...

    def legal_decisions(self) -> list[Decision]: ...

    def apply(self, decision: Decision) -> None: ...

    def choose(self, seat: int, decision: Decision) -> list[Decision]: ...

    def score(self, seat: int) -> ScoreSheet: ...

    def ranking(self) -> list[Standing]: ...


def legal_for(view: PlayerView) -> tuple[Decision, ...]:
    """The view's legal decisions, or IllegalDecision when its seat is not to move."""
    if not view.legal:
        raise IllegalDecision(_("it is not player {number}'s turn, so a bot cannot move for them").format(number=view.seat + 1))
    return view.legal
