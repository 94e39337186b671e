"""The Plan placement preview tells the truth: its total is the total the final screen shows.

Engine-level and fast: every cover of every seat's Plan placement in many seeded games.
"""

from __future__ import annotations

import random

import pytest

from pier18.engine import Game, Phase, PlacePlan, PlayerView, load_deck
from pier18.engine.goals import goal_measures

GAMES = 60


def to_plan_phase(deck, players: int, seed: int) -> tuple[Game, random.Random]:
    game = Game(deck, players, seed)
    chooser = random.Random(seed * 31 + players)
    while game.phase is not Phase.PLAN:
        game.apply(chooser.choice(game.legal_decisions()))
    return game, chooser


def finish(game: Game, chooser: random.Random) -> Game:
    while not game.is_terminal():
        game.apply(chooser.choice(game.legal_decisions()))
    return game


@pytest.mark.parametrize("deck_file", [None, "tui"])
def test_plan_preview_total_is_the_final_total(deck_file, tui_deck):
    """Equal for every goal that does not compare players; for those that do, equal for the
    last seat whenever the Plans placed unseen left what the goal compares unchanged."""
    deck = tui_deck if deck_file == "tui" else load_deck()
    checked = compared = 0
    for players in (2, 3):
        counts = check_games(deck, players)
        checked, compared = checked + counts[0], compared + counts[1]
    assert checked > GAMES  # the test looked at many placements, not a handful
    assert compared > 0


def check_games(deck, players: int) -> tuple[int, int]:
    checked = compared = 0
    for seed in range(GAMES):
        game, chooser = to_plan_phase(deck, players, seed)
        while game.phase is Phase.PLAN:
            seat = game.current_player
            goal = game.plan_card(seat).plan.goal_for(players)
            last = seat == players - 1
            for decision in game.legal_decisions():
                assert isinstance(decision, PlacePlan)
                shown = PlayerView.of(game, seat).outcome(decision)
                assert shown.final and shown.plan_after is not None
                assert shown.plan_after.unsettled == goal.compares_players
                final = finish_after(game, decision, chooser)
                if not goal.compares_players:
                    assert shown.sheet_after(plan=True).total == final.score(seat).total, (seed, seat, decision)
                    assert shown.sheet_after(plan=True).plan == final.score(seat).plan
                    assert shown.plan_after.met == final.plan_met(seat)
                    checked += 1
                elif last and unseen_changes_nothing(game, final, goal):
                    # The Plans placed unseen did not change what the goal compares.
                    assert shown.sheet_after(plan=True).total == final.score(seat).total, (seed, seat, decision)
                    compared += 1
            game.apply(chooser.choice(game.legal_decisions()))
    return checked, compared


def unseen_changes_nothing(game: Game, final: Game, goal) -> bool:
    """Whether the other seats measure the same for `goal` on the piers seen and the real ones."""
    seen = PlayerView.of(game, game.current_player)
    return all(
        goal_measures(goal, seen.piers[p].sheet(len(game.patrons[p])))
        == goal_measures(goal, final.piers[p].sheet(len(final.patrons[p])))
        for p in range(game.players)
        if p != game.current_player
    )


def finish_after(game: Game, decision: PlacePlan, chooser: random.Random) -> Game:
    after = game.clone()
    after.apply(decision)
    return finish(after, random.Random(chooser.random()))


def test_plan_preview_before_counts_the_bonus_as_now(tui_deck):
    """'now' in the table is the score if the game ended with the pier as it is: bonus included."""
    game, _ = to_plan_phase(tui_deck, 3, 4)
    seat = game.current_player
    shown = PlayerView.of(game, seat).outcome(game.legal_decisions()[0])
    met_now = game.plan_met(seat)
    bonus = game.plan_card(seat).plan.bonus
    assert shown.sheet_before(plan=True).plan == (bonus if met_now else 0)
    assert shown.sheet_after(plan=True).plan == (bonus if shown.plan_after.met else 0)
