"""The engine's public view of the table shows what every player may see, and no more."""

from __future__ import annotations

import random

import pytest

from pier18.engine import Game, Keep, Phase, PlacePlan, TableView


def _steps(deck, players, seed):
    """Every state of a random game, as (game, its table view)."""
    game = Game(deck, players, seed)
    chooser = random.Random(seed)
    yield game, TableView.of(game)
    while not game.is_terminal():
        game.apply(chooser.choice(game.legal_decisions()))
        yield game, TableView.of(game)


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (3, 3)])
def test_hidden_choices_stay_hidden_until_everyone_has_made_them(deck, players, seed):
    for game, table in _steps(deck, players, seed):
        on_piers = {p.card.id for pier in table.piers for p in pier}
        if game.phase is Phase.SETUP:
            kept = {c for c in game.plans if c is not None} | {p.card.id for pier in game.piers for p in pier}
            assert not kept & (on_piers | {c for c in table.plans if c is not None})
            assert all(d is None for _, d in table.history)
        if game.phase is Phase.PLAN:
            for seat in range(game.current_player):  # these seats have placed their Plan
                assert game.plans[seat] not in {p.card.id for p in table.piers[seat]}
                assert table.plan_hidden(seat)
            assert all(d is None for _, d in table.history if isinstance(d, PlacePlan) or d is None)
            assert not any(isinstance(d, PlacePlan) for _, d in table.history)
        if game.phase is Phase.OVER:
            assert [d for _, d in table.history] == game.decisions  # everything is shown at the end
            assert table.final == tuple(game.score(s) for s in range(players))
        if game.phase is Phase.DRAFT:
            assert sum(isinstance(d, Keep) for _, d in table.history) == players  # set-up is public now


def test_the_table_judges_plans_on_the_piers_it_can_see(deck):
    for game, table in _steps(deck, 3, 7):
        if game.phase is Phase.SETUP:
            assert all(table.plan_met(seat) is None for seat in range(3))  # no Plan is known yet
            continue
        for seat in range(3):
            visible = [table.piers[s] for s in range(3)]
            assert table.plan_met(seat) == (game.plan_met(seat, visible) if not game.is_terminal() else game.plan_met(seat))
