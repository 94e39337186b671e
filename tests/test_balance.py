"""Forced-Plan balance (`pier18 simulate --balance`): deals, determinism, JSON, and the deck."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from pier18.selfplay.balance import ForcedPlan, balance, forced_deal, play_deal
from pier18.bots.hard import HardBot
from pier18.selfplay.simulation import play_game
from pier18.cli import main
from pier18.engine.deck import Deck
from pier18.engine.game import HAND_SIZE, Deal


@pytest.mark.parametrize("players", [2, 3])
def test_a_forced_deal_gives_the_card_to_the_seat_and_keeps_every_card_once(deck, players):
    for seed in range(30):
        seat, card = seed % players, 1 + seed % 18
        deal = forced_deal(deck, players, seed, seat, card)
        assert deal.problem(deck, players) is None
        assert card in deal.order[HAND_SIZE * seat : HAND_SIZE * (seat + 1)]
        plain = Deal.from_seed(deck, players, seed)
        assert deal.reshuffle == plain.reshuffle
        if card in plain.order[HAND_SIZE * seat : HAND_SIZE * (seat + 1)]:
            assert deal == plain  # nothing to swap: the seed's own deal


def test_the_forced_seat_keeps_the_card_and_the_others_choose_freely(deck):
    for card in (3, 12):
        deal = forced_deal(deck, 2, 5, 1, card)
        game = play_deal(deck, 2, deal, 5, (1, card), worlds=2, width=2)
        assert game.is_terminal() and game.plans[1] == card
    bot = ForcedPlan(HardBot(0, worlds=2, width=2), 7)
    assert bot.level == "hard"


def test_forced_plan_runs_are_deterministic_for_a_seed_whatever_the_jobs(deck):
    first = balance(deck, 3, deals=2, seed=4, worlds=2, width=2, cards=[5, 11])
    again = balance(deck, 3, deals=2, seed=4, worlds=2, width=2, cards=[5, 11], jobs=2)
    assert first.as_json(deck) == again.as_json(deck)
    other = balance(deck, 3, deals=2, seed=5, worlds=2, width=2, cards=[5, 11])
    assert [r.forced_total for r in other.cards.values()] != [r.forced_total for r in first.cards.values()]


def test_a_run_stopped_halfway_goes_on_to_the_same_result(deck):
    """Outcomes saved by an interrupted run are not played again, and change nothing."""
    seen: list[tuple[object, ...]] = []
    whole = balance(deck, 2, deals=3, seed=4, worlds=2, width=2, cards=[5, 11], on_outcome=seen.append)
    assert sorted((o[0], o[1]) for o in seen) == [(c, i) for c in (5, 11) for i in range(3)]
    half = seen[:3] + [seen[0]]  # what a killed run saved, one line twice
    played: list[tuple[object, ...]] = []
    resumed = balance(
        deck, 2, deals=3, seed=4, worlds=2, width=2, cards=[5, 11], saved=half, on_outcome=played.append  # type: ignore[arg-type]
    )
    assert len(played) == 3 and not {(o[0], o[1]) for o in played} & {(o[0], o[1]) for o in half}
    assert resumed.as_json(deck) == whole.as_json(deck)


def test_simulate_balance_json_has_the_documented_shape(capsys, deck, monkeypatch):
    """The shape does not depend on the bots' strength: the CLI's run plays its 18 deals
    with the light bot of the other tests (the full one takes seconds per deal)."""
    import pier18.selfplay.balance as balance_module

    real = balance_module.balance
    monkeypatch.setattr(balance_module, "balance", lambda *args, **kw: real(*args, **kw, worlds=2, width=2))
    assert main(["simulate", "--balance", "--players", "2", "--games", "1", "--seed", "3", "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    data = json.loads(out)
    assert set(data) == {
        "players", "deals", "seed", "bot", "ranges", "met_margin", "mean_worth", "plans", "character_share", "ok",
    }
    assert data["players"] == 2 and data["deals"] == 1 and data["seed"] == 3
    assert data["bot"] == {"level": "hard", "worlds": 2, "width": 2}
    assert set(data["ranges"]) == {"met", "worth_spread", "share"}
    assert set(data["plans"]) == {str(card) for card in deck}
    for card, row in data["plans"].items():
        assert set(row) == {"name", "goal", "deals", "met", "met_rate", "worth", "worth_margin", "free_kept", "ok"}
        assert row["goal"] == deck[int(card)].plan.goal_for(2).text
        assert row["deals"] == 1 and row["met"] in (0, 1) and 0 <= row["free_kept"] <= 1
    assert set(data["character_share"]) == {"flower", "poet", "lovers", "fisher"}
    assert sum(data["character_share"].values()) == pytest.approx(1, abs=1e-3)
    assert isinstance(data["ok"], bool)


def test_the_help_gives_the_default_number_of_deals(capsys):
    from pier18.selfplay.balance import DEFAULT_DEALS

    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    assert f"deals per Plan card (default {DEFAULT_DEALS})" in " ".join(capsys.readouterr().out.split())


def test_simulate_balance_refuses_seats_and_records(capsys):
    assert main(["simulate", "--balance", "--seats", "hard,hard", "--games", "1"]) != 0
    assert "--balance" in capsys.readouterr().err


@pytest.mark.parametrize("players", [2, 3])
def test_every_plan_is_met_sometimes_and_missed_sometimes_when_forced(deck, players):
    """A small sample with a light bot: no goal is a sure thing or out of reach.

    Up to 12 deals per card; a card's deals stop once it has been both met and missed,
    which the later deals could not change (the verdict is the same as after all 12)."""
    deals = 12
    met: dict[int, list[bool]] = {}
    for card in deck:
        for index in range(deals):
            seed = 900 + 1000 * card + index
            seat = index % players
            game = play_deal(deck, players, forced_deal(deck, players, seed, seat, card), seed, (seat, card), 2, 2)
            met.setdefault(card, []).append(bool(game.plan_met(seat)))
            if len(set(met[card])) == 2:
                break
    always = [card for card, results in met.items() if all(results)]
    never = [card for card, results in met.items() if not any(results)]
    assert (always, never) == ([], [])


def test_a_two_player_game_never_reads_the_three_player_goals(deck):
    """docs/balance.md reuses a 2-player run when a new deck changes only 3-player goals.

    That holds only if nothing at a 2-player table reads a card's `three` goal: give every
    card its 2-player goal at both sizes and the same forced deals must play move for move.
    """
    same = Deck(
        [replace(card, plan=replace(card.plan, three=card.plan.two)) for card in deck.cards()],
        deck.source, deck.digest, deck.version,
    )
    assert any(deck[c].plan.three != same[c].plan.three for c in deck)
    for card, seed in ((4, 7), (7, 8), (13, 9)):
        deal = forced_deal(deck, 2, seed, seed % 2, card)
        for forced in ((seed % 2, card), None):  # a forced game and a free one, as balance runs play
            games = [play_deal(d, 2, deal, seed, forced, worlds=2, width=2) for d in (deck, same)]
            assert games[0].history == games[1].history
    for seed in range(40):  # greedy bots weigh every dealt card's goal at set-up
        games = [play_game(d, ("greedy", "greedy"), seed) for d in (deck, same)]
        assert games[0].history == games[1].history
