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


@pytest.mark.parametrize("players,seed", [(2, 4), (3, 5), (3, 6)])
def test_the_tables_before_the_last_decisions_are_rebuilt_from_the_view_alone(deck, players, seed):
    """A client that joins mid-game has one view: the tables before its last decisions,
    worked out from it step by step, have the fields a move line reads as the real
    earlier views had them, so the last moves are told as by someone who saw them all."""
    from pier18.words import move_line

    names = ["Ann", "Bob", "Cy"][:players]
    fields = ("phase", "current_player", "round", "round_starter", "first_player", "plans", "piers",
              "patrons", "awards", "final", "plans_met", "standings")
    seen = []
    for _, now in _steps(deck, players, seed):
        seen.append(now)
        rebuilt = now
        for back in range(1, min(players + 1, len(seen))):
            earlier, rebuilt_before = seen[-1 - back], rebuilt.before_last()
            where = (len(now.history), back)
            assert {f: getattr(rebuilt_before, f) for f in fields} == {f: getattr(earlier, f) for f in fields}, where
            assert len(rebuilt_before.history) == len(earlier.history)
            assert [rebuilt_before.plan_met(s) for s in range(players)] == [earlier.plan_met(s) for s in range(players)]
            told = move_line(earlier, seen[-back], names, None, now)
            assert move_line(rebuilt_before, rebuilt, names, None, now) == told, where
            rebuilt = rebuilt_before
    with pytest.raises(ValueError):
        TableView.of(Game(deck, players, seed)).before_last()
