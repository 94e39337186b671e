"""What a placement would do, computed by the engine on a copy of the game.

The placement screen shows this live while a player tries covers: the resulting pier,
the score change per category, whether the Plan goal would be met, and for each card
that may still become this round's Patron, who would lead for it now and after.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import CATEGORIES, Decision, Draft, Game, Phase, PlacePlan, Pier, PlayerView, ScoreSheet


@dataclass(frozen=True, slots=True)
class PatronRace:
    """Who would win one possible Patron card, before and after the placement.

    The winners come from the engine's `Game.patron_contest`: None while the highest
    patron score is tied and a tied seat has still to draft (the date decides then).
    """

    card: int
    before: tuple[int, ...]  # seats with the highest patron score now
    after: tuple[int, ...]
    scores_before: tuple[int, ...]
    scores_after: tuple[int, ...]
    winner_before: int | None = None
    winner_after: int | None = None
    by_date_after: bool = False

    @property
    def changed(self) -> bool:
        return (self.before, self.winner_before) != (self.after, self.winner_after)


@dataclass(frozen=True, slots=True)
class Preview:
    seat: int
    decision: Decision
    pier: Pier
    before: ScoreSheet
    after: ScoreSheet
    plan_met: bool | None
    races: tuple[PatronRace, ...]
    drafted_dates: dict[int, str] = field(default_factory=dict)  # seat -> date of its card this round

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
        # The round may end with this draft, so the "after" table is built here rather
        # than read from `after_game`, which has already moved on to the next round.
        piers = list(game.piers)
        piers[seat] = game.piers[seat].place(game.deck[decision.card], decision.cover)
        drafted = list(game.drafted)
        drafted[seat] = decision.card
        for card_id in game.revealed:
            if card_id == decision.card:
                continue
            now, winner_now, _ = game.patron_contest(card_id)
            then, winner_then, by_date = game.patron_contest(card_id, piers=piers, drafted=drafted)
            races.append(
                PatronRace(card_id, _leaders(now), _leaders(then), now, then, winner_now, winner_then, by_date)
            )
    after, met = after_game.score(seat), after_game.plan_met(seat)
    if isinstance(decision, PlacePlan):  # judged on the piers the placing player may see
        seen = list(PlayerView.of(game, seat).piers)
        seen[seat] = after_game.piers[seat]
        after, met = game.score_with_plan(seat, seen)
    return Preview(
        seat=seat,
        decision=decision,
        pier=after_game.piers[seat],
        before=game.score(seat),
        after=after,
        plan_met=met,
        races=tuple(races),
        drafted_dates=_drafted_dates(game, decision),
    )


def _drafted_dates(game: Game, decision: Decision) -> dict[int, str]:
    """The date of each card drafted this round, counting this draft: ties go by date."""
    if not isinstance(decision, Draft):
        return {}
    dates = {seat: game.deck[card].date for seat, card in enumerate(game.drafted) if card is not None}
    dates[game.current_player] = game.deck[decision.card].date
    return dates


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
