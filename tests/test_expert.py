"""The expert bot: legal, deterministic, exact where the game's end is known, and its
endgame solver equal to an exhaustive search through the engine.

Strength is measured by benchmarks/ladder.py (docs/bots.md), not here; every test uses
a small iteration budget.
"""

from __future__ import annotations

import random

import pytest

from pier18.bots import ExpertBot, HardBot, Hint, make_bot
from pier18.bots.endgame import Endgame, margin_and_win
from pier18.bots.hard import outcome
from pier18.engine import Draft, Game, Phase, PlacePlan, PlayerView

#: Iterations per decision in tests: enough to walk every part of the search.
FAST = 24


def fast_expert(seed: int) -> ExpertBot:
    return ExpertBot(seed, iterations=FAST)


def to_last_round(deck, players: int, seed: int, drafted: int = 0) -> Game:
    """A game played by greedy and random bots into its last round, `drafted` seats in."""
    game = Game(deck, players, seed)
    chooser = random.Random(seed)
    greedy = make_bot("greedy", seed)
    while not (game.phase is Phase.DRAFT and game.round == game.total_rounds):
        view = PlayerView.of(game, game.current_player)
        game.apply(greedy.choose(view) if chooser.random() < 0.7 else chooser.choice(view.legal))
    for _ in range(drafted):
        game.apply(greedy.choose(PlayerView.of(game, game.current_player)))
    return game


def comparing(game: Game) -> bool:
    """Whether some Plan at the table is judged against the other piers."""
    return any(game.plan_card(s).plan.goal_for(game.players).compares_players for s in range(game.players))


@pytest.mark.parametrize("players", [2, 3])
def test_expert_only_chooses_legal_decisions(deck, players):
    for seed in range(3):
        game = Game(deck, players, seed)
        bots = [fast_expert(seed * 10 + s) if s % 2 == 0 else make_bot("greedy", s) for s in range(players)]
        while not game.is_terminal():
            seat = game.current_player
            decision = bots[seat].choose(PlayerView.of(game, seat))
            assert decision in game.legal_decisions(), f"expert chose illegal {decision}"
            game.apply(decision)
        assert sorted(game.cards_in_play()) == sorted(deck)


# -- the exact end ------------------------------------------------------------------------


def exhaustive(game: Game, seat: int) -> list[float]:
    """Every seat's outcome with best play from here, found by trying every decision
    through the engine itself (`Game.apply`, `Game.ranking`): each drafter takes what is
    best for itself given the best replies after it (the first best, in the engine's
    order, on a tie), and each Plan goes where its owner's total is highest (with no goal
    comparing players, no seat's cover changes another's total, so that is best)."""
    if game.phase is Phase.PLAN:
        best_covers = []
        for owner in range(game.players):
            scores = []
            for cover in range(game.piers[owner].max_cover + 1):
                trial = game.clone()
                for placer in range(game.players):
                    trial.apply(PlacePlan(cover if placer == owner else 0))
                sheet = trial.score(owner)
                scores.append(((sheet.total, sheet.characters), -cover))
            best_covers.append(-max(scores)[1])
        final = game.clone()
        for cover in best_covers:
            final.apply(PlacePlan(cover))
        return [outcome(final, s) for s in range(game.players)]
    mover = game.current_player
    best = None
    for decision in game.legal_decisions():
        trial = game.clone()
        trial.apply(decision)
        values = exhaustive(trial, seat)
        if best is None or values[mover] > best[mover]:
            best = values
    return best


@pytest.mark.parametrize(("players", "drafted"), [(2, 0), (2, 1), (3, 1), (3, 2)])
def test_the_last_round_solve_equals_an_exhaustive_search_through_the_engine(deck, players, drafted):
    checked = 0
    for seed in range(40):
        game = to_last_round(deck, players, seed, drafted)
        if comparing(game):
            continue
        seat = game.current_player
        endgame = Endgame(deck, players, game.plans)
        order = [(seat + step) % players for step in range(players - drafted)]
        _, first = endgame.solve_round(
            game.piers, [len(won) for won in game.patrons], game.revealed, game.drafted, order
        )
        assert [decision for decision, _, _ in first] == game.legal_decisions()
        for decision, values, totals in first:
            trial = game.clone()
            trial.apply(decision)
            assert values == pytest.approx(exhaustive(trial, seat)), (seed, decision)
        checked += 1
        if checked == (3 if players == 3 and drafted == 1 else 6):
            break
    assert checked >= 3


def test_the_outcome_of_a_finished_game_is_the_hard_bots(deck):
    """The endgame's objective, from the engine's `rank`, agrees with `hard.outcome`, from
    `Game.ranking`, on every seat of finished games (ties included)."""
    for players in (2, 3):
        for seed in range(60):
            game = to_last_round(deck, players, seed)
            while not game.is_terminal():
                game.apply(game.legal_decisions()[seed % len(game.legal_decisions())])
            sheets = [game.score(s) for s in range(players)]
            plans = [game.plan_card(s) for s in range(players)]
            assert margin_and_win(sheets, plans) == [outcome(game, s) for s in range(players)]


def test_plans_that_compare_players_are_placed_as_best_answers(deck):
    """With a goal judged against the others, `finals` gives each such seat the cover
    best for its total against the others' final piers, and the sheets the engine
    gives for those covers."""
    checked = 0
    for seed in range(80):
        game = to_last_round(deck, 2, seed)
        while game.phase is not Phase.PLAN:
            game.apply(make_bot("greedy", seed).choose(PlayerView.of(game, game.current_player)))
        if not comparing(game):
            continue
        endgame = Endgame(deck, 2, game.plans)
        patrons = [len(won) for won in game.patrons]
        covers, sheets = endgame.plan_choices(game.piers, patrons)
        assert endgame.finals(game.piers, patrons) == sheets
        finished = game.clone()
        for cover in covers:
            finished.apply(PlacePlan(cover))
        assert [finished.score(s).total for s in range(2)] == [sheet.total for sheet in sheets]
        for seat in range(2):
            if not game.plan_card(seat).plan.goal_for(2).compares_players:
                continue
            for cover in game.piers[seat].covers():
                trial = game.clone()
                for placer in range(2):
                    trial.apply(PlacePlan(cover if placer == seat else covers[placer]))
                assert trial.score(seat).total <= sheets[seat].total, (seed, seat, cover)
        checked += 1
    assert checked >= 5


def test_expert_places_the_last_plan_for_the_best_total(deck):
    """As for `hard`: with a goal that looks only at its own pier, the best cover does not
    depend on the hidden placements, so the expert must find the best total exactly."""
    checked = 0
    for seed in range(40):
        game = to_last_round(deck, 3, seed)
        while game.phase is not Phase.PLAN:
            game.apply(make_bot("greedy", seed).choose(PlayerView.of(game, game.current_player)))
        for seat in range(2):
            game.apply(make_bot("greedy", seat).choose(PlayerView.of(game, seat)))
        seat = game.current_player
        if game.plan_card(seat).plan.goal_for(3).compares_players:
            continue
        totals = {}
        for decision in game.legal_decisions():
            trial = game.clone()
            trial.apply(decision)
            totals[decision] = trial.score(seat).total
        assert totals[fast_expert(seed).choose(PlayerView.of(game, seat))] == max(totals.values())
        checked += 1
    assert checked >= 15


def test_expert_takes_the_best_last_draft_exactly(deck):
    """The last drafter's choice decides its final total and the Patron outright: the
    expert's draft must reach the best outcome an exhaustive search finds."""
    for seed in range(6):
        game = to_last_round(deck, 2, seed, drafted=1)
        if comparing(game):
            continue
        seat = game.current_player
        chosen = fast_expert(seed).choose(PlayerView.of(game, seat))
        values = {}
        for decision in game.legal_decisions():
            trial = game.clone()
            trial.apply(decision)
            values[decision] = exhaustive(trial, seat)[seat]
        assert values[chosen] == pytest.approx(max(values.values()))


def test_expert_hint_is_legal_with_a_gain_alternatives_and_a_reason(deck):
    game = Game(deck, 2, 9)
    greedy = [make_bot("greedy", 1), make_bot("greedy", 2)]
    for _ in range(4):  # into the first draft round
        game.apply(greedy[game.current_player].choose(PlayerView.of(game, game.current_player)))
    view = PlayerView.of(game, game.current_player)
    hint = fast_expert(0).hint(view)
    assert isinstance(hint, Hint)
    assert hint.decision in view.legal and isinstance(hint.decision, Draft)
    assert hint.expected_total is not None and hint.now == view.score(view.seat, with_plan=True).total
    assert hint.expected_gain == pytest.approx(hint.expected_total - hint.now, abs=0.011)
    assert len(hint.alternatives) == 2 and all(d in view.legal for d, _ in hint.alternatives)
    choices = [hint.decision.card] + [d.card for d, _ in hint.alternatives]
    assert len(set(choices)) == 3  # three different cards, never one card twice
    assert [below for _, below in hint.alternatives] == sorted(below for _, below in hint.alternatives)
    assert all(below >= 0 for _, below in hint.alternatives)
    assert "on your pier now" in hint.reason and hint.outcome == view.outcome(hint.decision)
    assert fast_expert(5).hint(view) == hint  # the position, not the bot's own generator, seeds it


@pytest.mark.parametrize("bot", ["hard", "expert"])
def test_a_hint_starts_from_the_one_total_the_table_shows(deck, bot):
    """`now` is the total with a met Plan's bonus, as on the table; a hint that counted
    without it would promise the bonus again as a gain."""
    advisor = HardBot(seed=5, worlds=8, width=5) if bot == "hard" else fast_expert(0)
    greedy = make_bot("greedy", 3)
    for seed in range(40):
        game = Game(deck, 2, seed)
        while not game.is_terminal():
            seat = game.current_player
            view = PlayerView.of(game, seat)
            if view.phase is Phase.DRAFT and view.score(seat, with_plan=True).total != view.score(seat).total:
                hint = advisor.hint(view)
                assert hint.now == view.score(seat, with_plan=True).total
                assert hint.expected_gain == pytest.approx(hint.expected_total - hint.now, abs=0.011)
                return
            game.apply(greedy.choose(view))
    pytest.fail("no position with a Plan met before the end in 40 games")


# -- thinking ahead (bots.ahead) ------------------------------------------------------------


def ahead_game(deck, seed: int, players: int = 2):
    """A game with a greedy "person" in seat 0 and fast experts in the other seats, each
    expert twinned with one seeded alike that never thinks ahead."""
    from pier18.bots.ahead import Foresight

    bots = {seat: fast_expert(seed * 10 + seat) for seat in range(1, players)}
    twins = {seat: fast_expert(seed * 10 + seat) for seat in range(1, players)}
    return Game(deck, players, seed), Foresight(), bots, twins


@pytest.mark.parametrize("players", [2, 3])
def test_thinking_ahead_changes_no_decision(deck, players):
    """While the person chooses, the experts think about each of the person's moves;
    at their turn they make exactly the decisions, and draw exactly the random numbers,
    of twins that never thought ahead, and most replies were ready."""
    import threading

    person = make_bot("greedy", 1)
    ready = asked = 0
    for seed in range(2):
        game, foresight, bots, twins = ahead_game(deck, seed, players)
        while not game.is_terminal():
            seat = game.current_player
            view = PlayerView.of(game, seat)
            if seat == 0:
                stopped = foresight.begin(tuple(game.history))
                foresight.think(game.clone(), bots.get, True, stopped)
                game.apply(person.choose(view))
                continue
            foresight.follow(tuple(game.history))
            taken = foresight.take(bots[seat], view)
            live = twins[seat].choose(view)
            asked += 1
            if taken is not None:
                ready += 1
                assert taken == live
            else:
                assert bots[seat].choose(view) == live
            assert bots[seat].rng.getstate() == twins[seat].rng.getstate()
            game.apply(live)
    assert ready >= asked // 3  # the replies within a round were thought out ahead


def test_thinking_ahead_never_looks_at_a_row_before_it_is_drawn(deck):
    """A person's move that ends the round draws a new row: no bot thinks past it, so
    the bot's first decision on the new row is never ready ahead (and the bots' first
    draft after the set-up neither)."""
    person = make_bot("greedy", 1)
    checked = 0
    for seed in range(3, 6):
        game, foresight, bots, _ = ahead_game(deck, seed, players=3)  # seat 2 may start after seat 0 ends a round
        while not game.is_terminal():
            seat = game.current_player
            view = PlayerView.of(game, seat)
            if seat == 0:
                stopped = foresight.begin(tuple(game.history))
                foresight.think(game.clone(), bots.get, False, stopped)
                drawn = game.round
                game.apply(person.choose(view))
                if game.round != drawn and game.current_player != 0 and game.phase is Phase.DRAFT:
                    checked += 1
                    bot = bots[game.current_player]
                    assert foresight.take(bot, PlayerView.of(game, game.current_player)) is None
                continue
            game.apply(bots[seat].choose(view))
    assert checked


def test_thinking_ahead_stops_when_the_game_leaves_its_line(deck):
    """Work on a line the game has left stops: an expert thinking about the person's
    moves gives up as soon as the game follows another line."""
    import threading

    from pier18.bots.ahead import Foresight

    game = Game(deck, 2, 4)
    while game.phase is Phase.SETUP or game.current_player != 0:
        game.apply(make_bot("greedy", 0).choose(PlayerView.of(game, game.current_player)))
    foresight = Foresight()
    stopped = foresight.begin(tuple(game.history))
    foresight.follow(("another line",))
    slow = {1: ExpertBot(5, iterations=10**6)}  # would take hours if it did not stop
    thinker = threading.Thread(target=foresight.think, args=(game.clone(), slow.get, False, stopped))
    thinker.start()
    thinker.join(60)
    assert not thinker.is_alive()
