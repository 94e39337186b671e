"""Record format 2 stores the deal, format 3 who made each decision; version 1 records
(seed only) and version 2 records (no authors) still load, exactly.

The version 1 files in tests/fixtures were written by Pier 18 before format 2, with
their `pier18 replay --json` output and state beside them.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pier18.cli import main
from pier18.engine import Game
from pier18.engine.game import Deal
from pier18.persist import record
from pier18.session import Session

FIXTURES = Path(__file__).parent / "fixtures"
V1 = ["v1-finished-3p", "v1-unfinished-2p"]


def holds(got: object, expected: object) -> bool:
    """`got` has every key of `expected` with the same value, recursively (lists item by item)."""
    if isinstance(expected, dict):
        return isinstance(got, dict) and all(key in got and holds(got[key], value) for key, value in expected.items())
    if isinstance(expected, list):
        return isinstance(got, list) and len(got) == len(expected) and all(map(holds, got, expected))
    return got == expected


def test_holding_the_old_replay_is_all_of_it_and_no_different():
    assert holds({"a": [1, {"b": 2, "c": 3}], "d": 4}, {"a": [1, {"b": 2}]})
    assert not holds({"a": [1, {"b": 5}]}, {"a": [1, {"b": 2}]})  # a value changed
    assert not holds({"a": [1]}, {"a": [1, {"b": 2}]})  # an item lost
    assert not holds({"d": 4}, {"a": 1})  # a key lost


@pytest.mark.parametrize("name", V1)
def test_a_version_1_record_replays_exactly_as_before(capsys, name):
    path = FIXTURES / f"{name}.json"
    assert json.loads(path.read_text())["version"] == 1
    assert main(["replay", str(path), "--json"]) == 0
    replayed = json.loads(capsys.readouterr().out)
    # Everything the replay said then it says now; later versions may say more (the breakdown).
    assert holds(replayed, json.loads((FIXTURES / f"{name}.replay.json").read_text()))
    expected = json.loads((FIXTURES / "v1-expected.json").read_text())[name]
    game = record.load(path).game
    assert game.phase.value == expected["phase"] and game.current_player == expected["current_player"]
    assert game.round == expected["round"] and game.draw_pile == expected["draw_pile"]
    assert game.revealed == expected["revealed"]
    assert [p.notation() for p in game.piers] == expected["piers"]
    assert [list(p) for p in game.patrons] == expected["patrons"]
    assert list(game.returns()) == expected["returns"]
    assert [str(d) for d in game.legal_decisions()] == expected["legal"]


@pytest.mark.parametrize("name", V1)
def test_a_version_1_record_is_saved_again_as_the_current_version_with_its_deal(tmp_path, name):
    session = record.load(FIXTURES / f"{name}.json")
    again = tmp_path / "again.json"
    record.save(session, again)
    data = json.loads(again.read_text())
    assert data["version"] == 3 == record.VERSION
    assert data["deal"]["order"] == list(Deal.from_seed(session.deck, len(session.names), session.seed).order)
    seats = [player["seat"] for player in data["players"]]
    assert data["authors"] == [seats[seat] for seat, _ in session.game.history]  # each seat's own
    reloaded = record.load(again)
    assert reloaded.game.returns() == session.game.returns() and reloaded.decisions == session.decisions
    assert reloaded.stand_ins() == {}


def hosted_with_a_stand_in(deck) -> Session:
    """Ann and a bot seat; a hard bot plays some of Ann's moves while she is away."""
    session = Session(deck, ["Ann", "Greedy bot"], 8, seats=["human", "greedy"])
    chooser = random.Random(8)
    while not session.game.is_terminal():
        seat = session.game.current_player
        away = seat == 0 and len(session.decisions) % 3 == 0
        session.choose(seat, chooser.choice(session.game.legal_decisions()), "hard" if away else None)
    return session


def test_a_version_3_record_keeps_who_made_each_decision(deck):
    session = hosted_with_a_stand_in(deck)
    stand_ins = session.stand_ins()
    assert stand_ins and set(stand_ins.values()) == {"hard"}
    assert all(session.game.history[number - 1][0] == 0 for number in stand_ins)  # only Ann's seat
    data = json.loads(record.dumps(session))
    assert data["version"] == 3 and len(data["authors"]) == len(data["decisions"])
    assert {number for number, who in enumerate(data["authors"], start=1) if who == "hard"} == set(stand_ins)
    again = record.loads(json.dumps(data))
    assert again.stand_ins() == stand_ins and again.authors == session.authors


def test_a_version_2_record_loads_every_decision_as_its_seats_own(deck):
    """A record from before authors were kept: nothing is said to be a stand-in's, and the
    game is the same; saved again, it is version 3 with every author its seat's kind."""
    session = hosted_with_a_stand_in(deck)
    data = json.loads(record.dumps(session))
    data["version"] = 2
    del data["authors"]
    old = record.loads(json.dumps(data))
    assert old.game.returns() == session.game.returns() and old.decisions == session.decisions
    assert old.stand_ins() == {} and old.authors == [old.seats[seat] for seat, _ in old.game.history]
    assert json.loads(record.dumps(old))["version"] == 3
    data["authors"] = ["hard"] * len(data["decisions"])  # a version 2 record has no authors: any is not read
    assert record.loads(json.dumps(data)).stand_ins() == {}


def test_a_version_2_record_replays_from_its_deal_not_its_seed(deck):
    """The deal is the truth: another seed in the file changes nothing."""
    session = Session(deck, ["Ann", "Bob", "Cy"], 31)
    chooser = random.Random(2)
    while not session.game.is_terminal():
        session.apply(chooser.choice(session.game.legal_decisions()))
    data = json.loads(record.dumps(session))
    data["seed"] = 32
    loaded = record.loads(json.dumps(data))
    assert loaded.game.returns() == session.game.returns()
    assert loaded.game.awards == session.game.awards


def test_a_seed_deals_what_it_always_dealt(deck):
    """The deal drawn from a seed matches shuffling with `random` as Pier 18 always did."""
    for seed in range(20):
        rng = random.Random(seed)
        order = sorted(deck)
        rng.shuffle(order)
        game = Game(deck, 3, seed)
        assert list(game.deal.order) == order
        assert [c for hand in game.hands for c in hand] + game.draw_pile == order


def test_determinized_worlds_carry_a_deal_and_clone(deck):
    from pier18.engine import PlayerView

    game = Game(deck, 3, 4)
    world = PlayerView.of(game, 0).determinize(random.Random(1))
    assert isinstance(world.deal, Deal) and len(world.deal.reshuffle) == len(deck) - 2 * 3
    copy = world.clone()
    while not copy.is_terminal():
        copy.apply(copy.legal_decisions()[0])
    assert sorted(copy.cards_in_play()) == sorted(deck)
