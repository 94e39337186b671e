"""What a placement would do, computed by the engine on a copy of the game.

The placement screen shows this live while a player tries covers: the resulting pier,
the score change per category, whether the Plan goal would be met, and for each card
that may still become this round's Patron, who would lead for it now and after.

Placing the Plan card ends the game for that seat, so its preview is the final score
(Plan bonus included) as the engine's `Game.score_with_plan` judges it on the piers the
placing player may see: the final screen shows the same total for the same pier, unless
the goal compares players and a Plan placed at the same time (still hidden) changes that.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..engine import CATEGORIES, Decision, Draft, Game, Phase, PlacePlan, Pier, PlayerView, ScoreSheet
from ..render.plan import goal_progress


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
    final: bool = False  # placing the Plan card: `after` is the final score, Plan bonus included
    rivals_unknown: bool = False  # the Plan goal compares players, whose Plan cards are unseen or still to come
    plan_why: str = ""  # the numbers the goal is judged on after the placement ("Poets: 3/4")

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


def seat_game(view: PlayerView) -> Game:
    """A game for previewing the seat's placements, made from its view alone.

    The engine's `determinize` deals the cards the seat has not seen (a fixed seed, so a
    screen shows the same thing twice). No preview value depends on them: a placement
    changes only the seat's own pier, its score and the Patron race on the public table,
    and the Plan outlook reads the piers as the seat sees them (`PlayerView.of`).
    """
    return view.determinize(random.Random(0))


def preview(game: Game, decision: Decision) -> Preview:
    """Apply `decision` to a clone of `game` and compare the current player's score."""
    seat = game.current_player
    after_game = game.clone()
    after_game.apply(decision)
    races: list[PatronRace] = []
    if isinstance(decision, PlacePlan):
        return _plan_preview(game, decision, after_game.piers[seat])
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
    return Preview(
        seat=seat,
        decision=decision,
        pier=after_game.piers[seat],
        before=game.score(seat),
        after=after_game.score(seat),
        plan_met=after_game.plan_met(seat),
        races=tuple(races),
        drafted_dates=_drafted_dates(game, decision),
        plan_why=_plan_why(game, seat, list(PlayerView.of(game, seat).piers), after_game.piers[seat]),
    )


def final_outlook(game: Game, seat: int, pier: Pier) -> tuple[ScoreSheet, bool | None]:
    """The seat's final score and Plan verdict with `pier` as its pier, as the seat may know it.

    The other piers are the ones `PlayerView` shows the seat (Plans placed at the same
    time stay hidden), so for goals that do not compare players this is the final score.
    """
    piers = list(PlayerView.of(game, seat).piers)
    piers[seat] = pier
    return game.score_with_plan(seat, piers)


def _plan_preview(game: Game, decision: PlacePlan, pier: Pier) -> Preview:
    """The Plan placement: "now" and "after" are both final scores, Plan bonus included."""
    seat = game.current_player
    before, _ = final_outlook(game, seat, game.piers[seat])
    after, met = final_outlook(game, seat, pier)
    card = game.plan_card(seat)
    # Earlier seats placed their Plans unseen; later seats have still to place theirs.
    unknown = card is not None and card.plan.goal_for(game.players).compares_players
    why = _plan_why(game, seat, list(PlayerView.of(game, seat).piers), pier)
    return Preview(seat, decision, pier, before, after, met, (), final=True, rivals_unknown=unknown, plan_why=why)


def _plan_why(game: Game, seat: int, piers: list[Pier], pier: Pier) -> str:
    """The goal's numbers with `pier` in place of the seat's own, the others as it sees them."""
    card = game.plan_card(seat)
    if card is None:
        return ""
    piers[seat] = pier
    sheets = [piers[p].sheet(len(game.patrons[p])) for p in range(game.players)]
    others = [sheets[p] for p in range(game.players) if p != seat]
    return goal_progress(card.plan.goal_for(game.players), sheets[seat], others)


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
