"""How a game is finished when a bot or the judge looks ahead: every seat following the
light greedy policy (`play_out`), the final Plans by best responses (`plan_games`), and
what a finished game is worth to a seat (`outcome`). Shared by the hard bot, which
chooses with it, and the one judge (`bots.judge`), which prices with it.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TypeVar

from ..engine import Phase, PlacePlan, PlayerView
from .base import World, legal_for
from .estimate import draft_values, values_of

#: How much a win is worth next to one point of margin.
WIN_WEIGHT = 4.0

_W = TypeVar("_W", bound=World)


def outcome(game: World, seat: int) -> float:
    """What a finished game is worth to `seat`: margin over the best rival plus a win bonus."""
    standings = game.ranking()
    totals = {s.seat: s.total for s in standings}
    best_rival = max(t for s, t in totals.items() if s != seat)
    winners = [s.seat for s in standings if s.place == 1]
    share = 1.0 / len(winners) if seat in winners else 0.0
    return totals[seat] - best_rival + WIN_WEIGHT * share


@contextmanager
def no_cycle_collection() -> Iterator[None]:
    """Python's cycle collector paused for a batch of play-outs, then as it was.

    Play-outs make no reference cycles (their games, piers and sheets are freed by
    reference counting as soon as they go), but they make millions of objects, and
    each time enough pile up the collector walks everything alive, which in a review
    includes every pier the play-outs built on the record's piers (kept, with their
    scores, for the next decision). Nothing else changes: the play-outs are the same.
    Another thread's batch ending first turns the collector on early: time only.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def play_out(game: _W, light: bool = True) -> _W:
    """Finish a (determinized) game with every seat following the light greedy policy.

    Plans are placed greedily too (best for the seat against the piers as they stand):
    the exact answer matters only for the real decision, not inside thousands of play-outs.
    Returns the finished game.
    """
    over, draft = Phase.OVER, Phase.DRAFT
    while (phase := game.phase) is not over:
        seat = game.current_player
        legal = game.legal_decisions()
        if phase is draft:  # every legal decision a Draft: `values_of` without sorting them out
            values = draft_values(game, seat, legal, light)  # type: ignore[arg-type]
        else:
            values = values_of(game, seat, legal, light)
        game.apply(legal[values.index(max(values))])
    return game


def plan_games(view: PlayerView) -> list[tuple[PlacePlan, World]]:
    """Each of the seat's Plan covers with the finished game it leads to, every other seat
    covering as best for itself.

    Plans are placed at the same time (a view hides the placements already made), so
    each seat's cover is found by best responses: every seat in turn picks the cover
    best for itself (`outcome`) against the others' current picks, a few times over. The
    unseen cards play no part any more, so one world is enough.
    """
    seat = view.seat
    start = view.plan_start()  # every pier without its Plan: placed Plans are hidden
    options = [range(pier.max_cover + 1) for pier in start.piers]

    def finish(profile: list[int]) -> World:
        game = start.clone()
        for cover in profile:
            game.apply(PlacePlan(cover))
        return game

    def best_cover(profile: list[int], s: int) -> int:
        values = [(outcome(finish(profile[:s] + [c] + profile[s + 1 :]), s), -c) for c in options[s]]
        return -max(values)[1]

    profile = [0] * view.players
    others = [s for s in range(view.players) if s != seat]
    for _ in range(3):
        changed = False
        for s in others + [seat]:
            cover = best_cover(profile, s)
            changed |= cover != profile[s]
            profile[s] = cover
        if not changed:
            break
    games = []
    for decision in legal_for(view):
        assert isinstance(decision, PlacePlan)
        games.append((decision, finish(profile[:seat] + [decision.cover] + profile[seat + 1 :])))
    return games
