"""What a placement would do, computed by the engine on a copy of the game.

The placement screen shows this live while a player tries covers: the resulting pier,
the score change per category, whether the Plan goal would be met, and for each card
that may still become this round's Patron, who would lead for it now and after.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import CATEGORIES, Decision, Draft, Game, Phase, PlacePlan, Pier, ScoreSheet


@dataclass(frozen=True, slots=True)
class PatronRace:
    """Who leads for one possible Patron card, before and after the placement."""

    card: int
    before: tuple[int, ...]  # seats with the highest patron score now
    after: tuple[int, ...]
    scores_before: tuple[int, ...]
    scores_after: tuple[int, ...]

    @property
    def changed(self) -> bool:
        return self.before != self.after


@dataclass(frozen=True, slots=True)
class Preview:
    seat: int
    decision: Decision
    pier: Pier
    before: ScoreSheet
    after: ScoreSheet
    plan_met: bool | None
    races: tuple[PatronRace, ...]

    def change(self, category: str) -> int:
        return self.after.points(category) - self.before.points(category)

    @property
    def categories(self) -> tuple[str, ...]:
        return CATEGORIES

    @property
    def total_change(self) -> int:
        return self.after.total - self.before.total


def _leaders(scores: tuple[int, ...]) -> tuple[int, ...]:
    best = max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best)


def preview(game: Game, decision: Decision) -> Preview:
    """Apply `decision` to a clone of `game` and compare the current player's score."""
    seat = game.current_player
    after_game = game.clone()
    after_game.apply(decision)
    races: list[PatronRace] = []
    if isinstance(decision, Draft):
        for card_id in game.revealed:
            if card_id == decision.card:
                continue
            characters = game.deck[card_id].patrons
            now = tuple(game.score(p).patron_score(characters) for p in range(game.players))
            then = tuple(after_game.score(p).patron_score(characters) for p in range(game.players))
            races.append(PatronRace(card_id, _leaders(now), _leaders(then), now, then))
    return Preview(
        seat=seat,
        decision=decision,
        pier=after_game.piers[seat],
        before=game.score(seat),
        after=after_game.score(seat),
        plan_met=after_game.plan_met(seat),
        races=tuple(races),
    )


def placing_card(game: Game, decision: Decision) -> int:
    """The id of the card a decision places."""
    if isinstance(decision, Draft):
        return decision.card
    if isinstance(decision, PlacePlan):
        plan = game.plans[game.current_player]
        assert plan is not None
        return plan
    raise ValueError(f"{decision} places no card")


def is_placing(game: Game) -> bool:
    return game.phase in (Phase.DRAFT, Phase.PLAN)
