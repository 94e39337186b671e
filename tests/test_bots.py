"""Computer opponents: legal, deterministic, unable to peek, and stronger by level."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from pier18.bots import LEVELS, ExpertBot, HardBot, Hint, make_bot
from pier18.bots.estimate import plan_progress, reasons
from pier18.speech.why import motive_text, motives_text
from pier18.selfplay.simulation import play_game
from pier18.engine import Draft, Game, Goal, IllegalDecision, Keep, PlacePlan, Phase, Pier18Error, PlayerView
from pier18.engine.game import Deal
from pier18.engine.characters import Character
from pier18.engine.pier import Pier
from pier18.engine.scoring import score_sections

from helpers import assert_view_reveals_only_known

BOTS_DIR = Path(__file__).resolve().parents[1] / "src" / "pier18" / "bots"


def fast_bot(level: str, seed: int):
    """A bot as `make_bot` builds it, but the searching bots with small budgets so tests
    stay quick: a hard bot with few worlds, an expert with few iterations."""
    if level == "hard":
        return HardBot(seed, worlds=4, width=4)
    if level == "expert":
        return ExpertBot(seed, iterations=24)
    return make_bot(level, seed)


def play(deck, players: int, levels, seed: int) -> list:
    """Play a game between bots, checking every decision is legal; returns the decisions."""
    bots = [fast_bot(level, seed * 10 + seat) for seat, level in enumerate(levels)]
    game = Game(deck, players, seed)
    while not game.is_terminal():
        seat = game.current_player
        view = PlayerView.of(game, seat)
        decision = bots[seat].choose(view)
        assert decision in game.legal_decisions(), f"{levels[seat]} chose illegal {decision}"
        game.apply(decision)
    assert sorted(game.cards_in_play()) == sorted(deck)
    return game.history


def test_make_bot_knows_every_level_and_rejects_others():
    for level in LEVELS:
        assert make_bot(level, 1).level == level
    with pytest.raises(Pier18Error, match="unknown bot level 'genius'"):
        make_bot("genius", 1)


@pytest.mark.parametrize("players", [2, 3])
def test_random_and_greedy_bots_only_choose_legal_decisions_over_thousands_of_games(deck, players):
    for seed in range(1000):
        play(deck, players, ["random", "greedy", "random"][:players], seed)
    for seed in range(300):
        play(deck, players, ["greedy"] * players, seed)


@pytest.mark.parametrize("players", [2, 3])
def test_hard_bot_only_chooses_legal_decisions(deck, players):
    for seed in range(6):
        play(deck, players, ["hard", "greedy", "random"][:players], seed)


@pytest.mark.parametrize("level", LEVELS)
def test_bots_are_deterministic_for_a_fixed_seed(deck, level):
    first = play(deck, 3, [level, "random", level], 11)
    again = play(deck, 3, [level, "random", level], 11)
    assert first == again
    if level != "random":  # a different seed still plays legally (and usually differently)
        play(deck, 3, [level, "random", level], 12)


def test_random_bot_picks_every_legal_decision_about_equally_often(deck):
    view = PlayerView.of(Game(deck, 3, 5), 0)  # set-up: six ways to keep two of three cards
    assert len(view.legal) == 6
    bot = make_bot("random", 42)
    counts = dict.fromkeys(view.legal, 0)
    for _ in range(6000):
        counts[bot.choose(view)] += 1
    assert all(850 <= n <= 1150 for n in counts.values()), counts  # 1,000 expected, sd about 29
    firsts = {make_bot("random", seed).choose(view) for seed in range(60)}
    assert len(firsts) == 6  # different seeds start differently


@pytest.mark.parametrize("players", [2, 3])
def test_self_play_handing_bots_only_legal_decisions_plays_the_games_views_would(deck, players):
    """`play_game` gives a `LegalBot` the legal decisions instead of a view: the games
    must be the ones bots choosing from every seat's `PlayerView` play."""
    levels = ["random", "greedy", "random"][:players]
    for seed in range(200):
        assert play_game(deck, levels, seed).history == play(deck, players, levels, seed)


def test_make_bot_hard_is_deterministic_at_full_strength(deck):
    game = Game(deck, 2, 5)
    view = PlayerView.of(game, 0)
    assert make_bot("hard", 3).choose(view) == make_bot("hard", 3).choose(view)


def test_a_bot_cannot_move_for_a_seat_that_is_not_to_move(deck):
    game = Game(deck, 2, 1)
    while game.phase is Phase.SETUP:
        game.apply(game.legal_decisions()[0])
    view = PlayerView.of(game, 1 - game.current_player)  # drafting goes in turn
    for level in LEVELS:
        with pytest.raises(IllegalDecision):
            make_bot(level, 0).choose(view)


def test_a_bot_may_make_a_simultaneous_choice_ahead_of_its_turn(deck):
    game = Game(deck, 2, 1)
    view = PlayerView.of(game, 1)  # seat 0 is first, but set-up choices are made at once
    for level in LEVELS:
        assert make_bot(level, 0).choose(view) in game.legal_decisions_for(1)


# -- no peeking ------------------------------------------------------------------------


def hide_differently(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of `game` that differs only in what `seat` cannot see.

    The draw pile is reshuffled, and the hands of seats still to choose in set-up are
    swapped with cards from the draw pile.
    """
    other = game.clone()
    reshuffle = list(other.deal.reshuffle)
    random.Random(rng.random()).shuffle(reshuffle)
    other.deal = Deal(other.deal.order, tuple(reshuffle))
    hidden = list(other.draw_pile)
    waiting = [s for s in range(game.players) if s != seat and other.hands[s]]
    for s in waiting:
        hidden.extend(other.hands[s])
    rng.shuffle(hidden)
    for s in waiting:
        other.hands[s] = [hidden.pop() for _ in other.hands[s]]
    if hidden == game.draw_pile:
        hidden.reverse()
    other.draw_pile = hidden
    return other


@pytest.mark.parametrize("players", [2, 3])
def test_games_differing_only_in_hidden_cards_give_identical_views_and_decisions(deck, players):
    rng = random.Random(7)
    checked = 0
    for seed in range(12):
        game = Game(deck, players, seed)
        mover = make_bot("greedy", seed)
        while not game.is_terminal():
            seat = game.current_player
            twin = hide_differently(game, seat, rng)
            assert twin.draw_pile != game.draw_pile or len(set(game.draw_pile)) < 2
            view, twin_view = PlayerView.of(game, seat), PlayerView.of(twin, seat)
            assert view == twin_view  # compares the declared fields only; so also:
            assert_view_reveals_only_known(view, game, seat)
            assert_view_reveals_only_known(twin_view, twin, seat)
            if checked % 3 == 0:  # the searching bots are slow: check every third decision
                levels = LEVELS
            else:
                levels = ("random", "greedy")
            for level in levels:
                bot, same = fast_bot(level, seed), fast_bot(level, seed)
                assert bot.choose(view) == same.choose(twin_view), level
            checked += 1
            game.apply(mover.choose(view))
    assert checked > 100


def test_a_view_holds_no_deck_order_and_no_other_hand(deck):
    game = Game(deck, 3, 4)
    view = PlayerView.of(game, 1)
    for secret in ("draw_pile", "hands", "rng", "history"):
        assert not hasattr(view, secret)
    assert view.hand == tuple(game.hands[1])
    assert set(game.hands[0]) <= view.unseen and set(game.hands[2]) <= view.unseen


@pytest.mark.parametrize("players", [2, 3])
def test_no_view_reaches_a_card_its_seat_may_not_know(deck, players):
    """Every attribute, however named, of every seat's view at every step of a game."""
    for seed in range(8):
        game = Game(deck, players, seed)
        chooser = random.Random(seed)
        while True:
            for seat in range(players):
                view = PlayerView.of(game, seat)
                assert_view_reveals_only_known(view, game, seat)
                view.unseen  # worked out and cached on the view: checked as well
                assert_view_reveals_only_known(view, game, seat)
            if game.is_terminal():
                break
            game.apply(chooser.choice(game.legal_decisions()))


@pytest.mark.parametrize("where", ["dealt", "piers"])
def test_the_view_check_catches_a_hand_hidden_under_any_name(deck, where):
    """The check itself: another seat's hand smuggled into a view must be found."""
    game = Game(deck, 3, 4)
    view = PlayerView.of(game, 1)
    assert_view_reveals_only_known(view, game, 1)
    if where == "dealt":
        object.__setattr__(view, "dealt", {0: list(game.hands[0])})
    else:
        foundation = Pier().place(deck[game.hands[2][0]])
        object.__setattr__(view, "piers", (view.piers[0], view.piers[1], foundation))
    with pytest.raises(AssertionError, match="may not know"):
        assert_view_reveals_only_known(view, game, 1)


def test_bot_modules_never_import_game_internals():
    """Bots may use only the public view (and games dealt from it), never a real game's secrets."""
    for path in sorted(BOTS_DIR.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                assert not module.endswith("engine.game"), f"{path.name} imports {module}"
                assert not module.endswith("engine.deck") or path.name == "simulation.py"
                names = {alias.name for alias in node.names}
                # The simulators (self-play and forced-Plan balance runs) deal real games; bots never do.
                if path.name not in ("simulation.py", "balance.py"):
                    assert "Game" not in names, f"{path.name} imports Game"
            if isinstance(node, ast.Attribute):
                assert node.attr not in ("draw_pile", "hands"), f"{path.name} reads .{node.attr}"


# -- strength and judgement ------------------------------------------------------------


def test_greedy_beats_random_over_200_games(deck):
    wins = 0.0
    for index in range(200):
        levels = ("greedy", "random") if index % 2 == 0 else ("random", "greedy")
        game = play_game(deck, levels, 1000 + index)
        winners = [s.seat for s in game.ranking() if s.place == 1]
        wins += sum(1 / len(winners) for seat in winners if levels[seat] == "greedy")
    assert wins >= 160, f"greedy won only {wins} of 200"


def finished_draft(deck, players: int, seed: int) -> Game:
    """A game played by greedy bots up to its Plan phase."""
    game = Game(deck, players, seed)
    bots = [make_bot("greedy", seed + s) for s in range(players)]
    while game.phase is not Phase.PLAN:
        game.apply(bots[game.current_player].choose(PlayerView.of(game, game.current_player)))
    return game


def test_hard_bot_places_the_last_plan_for_the_best_total(deck):
    """With a goal that looks only at its own pier, the best cover does not depend on the
    others' hidden placements, so the hard bot must find the best total exactly."""
    checked = 0
    for seed in range(40):
        game = finished_draft(deck, 3, seed)
        for seat in range(2):
            game.apply(make_bot("greedy", seat).choose(PlayerView.of(game, seat)))
        seat = game.current_player
        if game.plan_card(seat).plan.goal_for(3).compares_players:
            continue
        checked += 1
        totals = {}
        for decision in game.legal_decisions():
            trial = game.clone()
            trial.apply(decision)
            totals[decision] = trial.score(seat).total
        chosen = make_bot("hard", seed).choose(PlayerView.of(game, seat))
        assert totals[chosen] == max(totals.values())
    assert checked >= 15


def test_hard_hint_is_legal_with_a_gain_and_a_reason(deck):
    game = Game(deck, 2, 9)
    bots = [make_bot("greedy", 1), make_bot("greedy", 2)]
    for _ in range(4):  # into the first draft round
        game.apply(bots[game.current_player].choose(PlayerView.of(game, game.current_player)))
    view = PlayerView.of(game, game.current_player)
    hint = make_bot("hard", 0).hint(view)
    assert isinstance(hint, Hint)
    assert hint.decision in view.legal and isinstance(hint.decision, Draft)
    assert isinstance(hint.expected_gain, float)
    assert "on your pier now" in hint.reason and deck[hint.decision.card].name not in hint.reason  # not the move again
    assert hint.outcome == view.outcome(hint.decision)


def test_the_reasons_name_the_points_a_draft_scores(deck):
    game = Game(deck, 2, 3)
    bots = [make_bot("greedy", 1), make_bot("greedy", 2)]
    for _ in range(2):
        game.apply(bots[game.current_player].choose(PlayerView.of(game, game.current_player)))
    seat = game.current_player
    view = PlayerView.of(game, seat)
    for decision in view.legal:
        before = game.piers[seat].sheet()
        after = game.piers[seat].place(deck[decision.card], decision.cover).sheet()
        text = motives_text(reasons(view, seat, decision))
        for character in Character:
            delta = after.points(character) - before.points(character)
            if delta:
                assert f"{delta:+d} {character.title}" in text
        if all(after.points(c) == before.points(c) for c in Character):
            assert "no points change" in text
    assert "keeps" in motives_text(reasons(PlayerView.of(Game(deck, 2, 3), 0), 0, Keep(*PlayerView.of(Game(deck, 2, 3), 0).hand[:2])))


def test_plan_progress_gives_partial_credit_and_full_credit_when_met():
    sheet = score_sections(
        [(Character.POET, None), (Character.POET, Character.FISHER), (None, Character.POET)]
    )
    goal = Goal("count", "At least 4 Poets", character=Character.POET, at_least=4)
    assert plan_progress(goal, sheet, None) == pytest.approx(0.75)
    goal_met = Goal("count", "At least 3 Poets", character=Character.POET, at_least=3)
    assert plan_progress(goal_met, sheet, None) == 1.0
    over = Goal("sections", "At most 1 section", at_most=1)
    assert 0 < plan_progress(over, sheet, None) < 1
    most = Goal("most", "More Poets than any rival", character=Character.POET)
    fewer = score_sections([(Character.POET, None)])
    assert plan_progress(most, sheet, [fewer]) == 1.0
    assert plan_progress(most, fewer, [sheet]) < 0.5
    assert plan_progress(most, sheet, None) == 0.5


def test_greedy_keeps_and_places_like_its_own_judgement(deck):
    """Greedy picks a decision of maximal immediate worth (checked at the Plan phase,
    where the worth is simply the final total)."""
    for seed in range(10):
        game = finished_draft(deck, 2, seed)
        seat = game.current_player
        view = PlayerView.of(game, seat)
        chosen = make_bot("greedy", 0).choose(view)
        assert isinstance(chosen, PlacePlan)
        card = game.plan_card(seat)
        goal = card.plan.goal_for(2)

        def total(decision):
            pier = game.piers[seat].place(card, decision.cover)
            sheet = pier.sheet().with_patrons(len(game.patrons[seat]))
            others = [game.piers[1 - seat].sheet().with_patrons(len(game.patrons[1 - seat]))]
            from pier18.engine import goal_met

            return sheet.total + (card.plan.bonus if goal_met(goal, sheet, others) else 0)

        assert total(chosen) == max(total(d) for d in view.legal)


# -- seats for `pier18 play` -------------------------------------------------------------


def test_seat_kinds_from_bots_or_seats():
    from pier18.bots import seat_kinds

    assert seat_kinds(3, bots=1) == ["human", "human", "hard"]
    assert seat_kinds(2, bots=2, level="greedy") == ["greedy", "greedy"]
    assert seat_kinds(2) == ["human", "human"]
    assert seat_kinds(3, seats="human, Hard,random") == ["human", "hard", "random"]
    for kwargs, message in (
        ({"bots": 4}, "--bots must be from 0 to 3"),
        ({"seats": "human,hard"}, r"names 2 seats but"),
        ({"seats": "human,hard,wizard"}, "unknown seat 'wizard'"),
        ({"seats": "human,hard,hard", "bots": 1}, "either --seats or --bots"),
    ):
        with pytest.raises(Pier18Error, match=message):
            seat_kinds(3, **kwargs)


def test_a_plan_placed_against_the_rivals_says_its_verdict_is_for_now(deck):
    """A Plan goal that compares the players ('More Poets than any rival') is judged, as
    the Plan is placed, against rival piers without their Plans (hidden, or still to
    come): the bot's reason says 'for now', so a 'Plan met' is never contradicted by the
    final 'not met'; a goal of the seat's own pier keeps its plain verdict."""
    from pier18.bots.estimate import bot_reason, plan_goal
    from pier18.engine import TableView
    from pier18.engine.motives import PlanVerdict

    seen = set()
    for seed in range(200):
        game = Game(deck, 2, seed)
        chooser = random.Random(seed)
        while game.phase is not Phase.PLAN:
            game.apply(chooser.choice(PlayerView.of(game, game.current_player).legal))
        table = TableView.of(game)
        seat = game.current_player
        placing = plan_goal(table, seat)
        assert placing is not None
        found = bot_reason(table, seat, PlayerView.of(game, seat).legal[0])
        assert isinstance(found, PlanVerdict) and found.sure is not placing[1].compares_players
        reason = motive_text(found)
        compares = placing[1].compares_players
        assert (" for now: " in reason) == compares, reason
        seen.add(compares)
        if seen == {True, False}:
            break
    assert seen == {True, False}
