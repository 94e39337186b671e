"""The engine's public view of the table shows what every player may see, and no more."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pier18.engine import Game, Keep, Phase, PlacePlan, Pier, PlayerView, TableView, table_scores


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


@pytest.mark.parametrize("players", [2, 3])
def test_the_table_judges_plans_on_the_piers_it_can_see(deck, players):
    for game, table in _steps(deck, players, 7):
        if game.phase is Phase.SETUP:
            assert all(table.plan_met(seat) is None for seat in range(players))  # no Plan is known yet
            continue
        for seat in range(players):
            visible = [table.piers[s] for s in range(players)]
            seen = table_scores(deck, visible, game.patrons, game.plans)[1][seat]
            assert table.plan_met(seat) == (seen if not game.is_terminal() else game.plan_met(seat))


@pytest.mark.parametrize("players,seed", [(2, 4), (3, 5), (3, 6)])
def test_the_tables_before_the_last_decisions_are_rebuilt_from_the_view_alone(deck, players, seed):
    """A client that joins mid-game has one view: the tables before its last decisions,
    worked out from it step by step, have the fields a move line reads as the real
    earlier views had them, so the last moves are told as by someone who saw them all."""
    from pier18.speech.moves import move_line

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


# -- every field of both views, against what each seat may know, worked out from the game --

def _walk_with_hidden_piers(deck, players, seed):
    """Each state of a game with, per seat, its pier as it was before it placed its Plan."""
    game = Game(deck, players, seed)
    chooser = random.Random(seed)
    before_plan: dict[int, Pier] = {}
    yield game, before_plan
    while not game.is_terminal():
        if game.phase is Phase.PLAN:
            before_plan[game.current_player] = game.piers[game.current_player]
        game.apply(chooser.choice(game.legal_decisions()))
        yield game, before_plan


def _may_see(game, seat, before_plan):
    """(plans, piers, history) as `seat` (None: the table) may see them, from the rules."""
    setup, over = game.phase is Phase.SETUP, game.is_terminal()
    plans = tuple(plan if not setup or s == seat else None for s, plan in enumerate(game.plans))
    piers = []
    for s, pier in enumerate(game.piers):
        if setup and s != seat:
            piers.append(Pier())  # Foundations are chosen at the same time
        elif s in before_plan and s != seat and not over:
            piers.append(before_plan[s])  # a placed Plan stays hidden until the game ends
        else:
            piers.append(pier)
    history = []
    for made, decision in game.history:
        hidden = made != seat and (
            (isinstance(decision, Keep) and setup) or (isinstance(decision, PlacePlan) and not over)
        )
        history.append((made, None if hidden else decision))
    return plans, tuple(piers), tuple(history)


def _check_public(view, game, seat, before_plan):
    plans, piers, _ = _may_see(game, seat, before_plan)
    assert view.deck is game.deck and view.players == game.players
    assert (view.phase, view.current_player, view.round, view.round_starter) == (
        game.phase, game.current_player, game.round, game.round_starter,
    )
    assert view.first_player == (None if game.phase is Phase.SETUP else game.first_player)
    assert view.plans == plans and view.piers == piers
    assert view.patrons == tuple(game.patrons) and view.revealed == tuple(game.revealed)
    assert view.drafted == tuple(game.drafted) and view.awards == tuple(game.awards)
    assert view.cards_in_deck == len(game.draw_pile)


@pytest.mark.parametrize("players,seed", [(2, 4), (3, 5)])
def test_the_table_view_shows_exactly_what_the_table_may_see(deck, players, seed):
    rounds = {2: 4, 3: 3}[players]
    for game, before_plan in _walk_with_hidden_piers(deck, players, seed):
        table = TableView.of(game)
        _check_public(table, game, None, before_plan)
        assert table.total_rounds == rounds
        assert table.history == _may_see(game, None, before_plan)[2]
        assert [table.made_by(i) for i in range(len(game.history))] == [s for s, _ in game.history]
        assert table.is_terminal() == game.is_terminal()
        over = game.is_terminal()
        for seat in range(players):
            placed = any(s == seat and isinstance(d, PlacePlan) for s, d in game.history)
            assert table.plan_hidden(seat) == (placed and not over)
            plan = table.plans[seat]
            assert table.plan_card(seat) == (None if plan is None else deck[plan])
            if not over:
                assert table.score(seat) == table.piers[seat].sheet(len(game.patrons[seat]))
        if over:
            assert table.final == tuple(game.score(s) for s in range(players))
            assert table.plans_met == tuple(game.plan_met(s) for s in range(players))
            assert table.standings == tuple(game.ranking()) and len(table.standings) == players
            assert [table.score(s) for s in range(players)] == list(table.final)
        else:
            assert table.final is None and table.plans_met is None and table.standings == ()


def _unseen(game, seat):
    """Cards `seat` has not seen, from where they really are."""
    setup = game.phase is Phase.SETUP
    hidden = set(game.draw_pile)
    for s in range(game.players):
        if s != seat:
            hidden |= set(game.hands[s])
            if setup:
                hidden |= {c for c in (game.plans[s], game.returned[s]) if c is not None}
                hidden |= {p.card.id for p in game.piers[s]}
    return hidden - {game.returned[seat]}


@pytest.mark.parametrize("players,seed", [(2, 6), (3, 7)])
def test_each_player_view_holds_its_own_cards_and_the_table(deck, players, seed):
    for game, before_plan in _walk_with_hidden_piers(deck, players, seed):
        for seat in range(players):
            view = PlayerView.of(game, seat)
            _check_public(view, game, seat, before_plan)
            assert view.seat == seat and view.hand == game.hands[seat] and view.returned == game.returned[seat]
            to_move = seat == game.current_player and not game.is_terminal()
            later = seat > game.current_player  # still to choose, in a simultaneous phase
            if to_move:
                expected = tuple(game.legal_decisions())
            elif later and game.phase is Phase.SETUP:  # its own three cards, kept two ways each
                hand = game.hands[seat]
                expected = tuple(Keep(p, f) for p in hand for f in hand if p != f)
            elif later and game.phase is Phase.PLAN:  # its own Plan card, at every cover
                expected = tuple(PlacePlan(c) for c in range(game.piers[seat].max_cover + 1))
            else:
                expected = ()
            assert sorted(map(str, view.legal)) == sorted(map(str, expected))
            assert view.unseen == _unseen(game, seat)


@pytest.mark.parametrize("players,seed", [(2, 8), (3, 9)])
def test_a_determinized_world_agrees_with_the_view_and_plays_on(deck, players, seed):
    for game, _ in _walk_with_hidden_piers(deck, players, seed):
        if game.is_terminal():
            continue
        for seat in range(players):
            view = PlayerView.of(game, seat)
            world = view.determinize(random.Random(seed))
            again = view.determinize(random.Random(seed))
            assert (world.hands, world.draw_pile, world.deal) == (again.hands, again.draw_pile, again.deal)
            assert world.deck is deck and world.history == [] and world.first_player == view.first_player
            assert sorted(world.cards_in_play()) == sorted(deck)
            # Every field the seat sees is as in the real game, its returned card included.
            assert PlayerView.of(world, seat) == view
            assert world.deal.order == tuple(world.draw_pile)
            if game.phase is Phase.SETUP:
                assert sorted(world.deal.reshuffle) == list(range(len(deck) - 2 * players))
                for s in range(players):  # the seats still to choose hold three cards, the others none
                    assert len(world.hands[s]) == (3 if s >= game.current_player and s != seat else len(game.hands[seat]) if s == seat else 0)
            else:
                assert world.deal.reshuffle == ()
            if game.phase is Phase.PLAN:
                for s in range(game.current_player):  # a hidden Plan is guessed as covering nothing
                    expected = game.piers[s] if s == seat else view.piers[s].place(deck[game.plans[s]])
                    assert world.piers[s] == expected
            while not world.is_terminal():
                world.apply(world.legal_decisions()[0])
            assert sorted(world.cards_in_play()) == sorted(deck)


@pytest.mark.parametrize("players, met", [(2, False), (3, True)])
def test_the_table_judges_a_plan_by_the_goal_for_its_player_count(players, met):
    from pier18.engine import load_deck

    deck = load_deck(Path(__file__).parent / "tui" / "deck.toml")
    # Card 1's Plan: "At least 5 Poets" with 2 players, "At least 4 Poets" with 3.
    game = Game(deck, players, 0)
    game.phase = Phase.DRAFT
    game.plans = [1] + [None] * (players - 1)
    game.piers = [Pier.from_notation("5 15", deck)] + [Pier()] * (players - 1)  # 2 + 2 Poets
    assert TableView.of(game).plan_met(0) is met


def test_a_named_first_player_is_shown_only_once_set_up_is_over(deck):
    game = Game(deck, 3, 1, first_player=2)
    while game.phase is Phase.SETUP:
        assert TableView.of(game).first_player is None and PlayerView.of(game, 2).first_player is None
        game.apply(game.legal_decisions()[0])
    assert TableView.of(game).first_player == 2 and PlayerView.of(game, 0).first_player == 2
