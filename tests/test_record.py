"""Game records: round-trips through the engine, every bad-file case, and takeback."""

from __future__ import annotations

import hashlib
import json
import random
import shutil

import pytest

from pier18.persist import record
from pier18.engine import Game, Keep, Phase, PlacePlan, load_deck
from pier18.engine.errors import Pier18Error
from pier18.session import Session
from pier18.engine.text import shorten
from helpers import summary, takeback_prompt


def play(session: Session, seed: int, until=None) -> Session:
    """Make random legal decisions (seeded) until the game ends or `until(game)` holds."""
    chooser = random.Random(seed)
    while not session.game.is_terminal() and not (until and until(session.game)):
        session.apply(chooser.choice(session.game.legal_decisions()))
    return session


def state(game: Game) -> tuple:
    """Everything a player could see or that decides what happens next."""
    return (
        game.phase,
        game.current_player,
        game.round,
        tuple(tuple(h) for h in game.hands),
        tuple(game.draw_pile),
        tuple(game.plans),
        tuple(p.notation() for p in game.piers),
        tuple(tuple(p) for p in game.patrons),
        tuple(game.revealed),
        tuple(game.awards),
        game.first_player,
        game.deal,
        game.returns(),
    )


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("seed", range(25))
def test_round_trip_reproduces_the_game_exactly(deck, players, seed):
    names = ["Ann", "Bob", "Cy"][:players]
    first = None if seed % 3 else seed % players
    session = play(Session(deck, names, seed * 31 + 1, first), seed)
    loaded = record.loads(record.dumps(session))
    assert loaded.names == names
    assert loaded.seed == session.seed and loaded.first_player == first
    assert loaded.decisions == session.decisions
    assert state(loaded.game) == state(session.game)
    assert [s.as_dict() for s in map(loaded.game.score, range(players))] == [
        s.as_dict() for s in map(session.game.score, range(players))
    ]
    assert loaded.game.ranking() == session.game.ranking()


@pytest.mark.parametrize("cut", [0, 1, 2, 3, 5, 8, 13])
def test_unfinished_games_round_trip_at_any_point(deck, cut):
    session = Session(deck, ["Ann", "Bob", "Cy"], 99)
    play(session, 4, until=lambda g: len(g.history) >= cut)
    loaded = record.loads(record.dumps(session))
    assert len(loaded.decisions) == cut
    assert state(loaded.game) == state(session.game)
    assert loaded.game.legal_decisions() == session.game.legal_decisions()


def test_record_is_plain_json_with_version_seats_and_decision_text(deck):
    session = Session(deck, ["Ann", "Bob"], 7, seats=["human", "greedy"])
    play(session, 1, until=lambda g: g.phase is Phase.DRAFT)
    data = json.loads(record.dumps(session))
    assert data["format"] == "pier18-record" and data["version"] == record.VERSION
    assert data["players"] == [{"name": "Ann", "seat": "human"}, {"name": "Bob", "seat": "greedy"}]
    assert data["seed"] == 7 and data["finished"] is False
    assert data["decisions"] == [str(d) for d in session.decisions]
    assert all(d.startswith("keep ") for d in data["decisions"])
    assert data["deck"]["sha256"] == deck.digest
    assert hashlib.sha256(data["deck"]["toml"].encode()).hexdigest() == deck.digest
    assert record.loads(record.dumps(session)).seats == ["human", "greedy"]


def test_a_shared_record_replays_without_the_deck_file(deck, tmp_path):
    """The deck's text travels inside the record: move the deck file away and it still loads."""
    deck_file = tmp_path / "mine.toml"
    shutil.copy(deck.source, deck_file)
    mine = load_deck(deck_file)
    session = play(Session(mine, ["Ann", "Bob"], 3), 3)
    saved = tmp_path / "game.json"
    record.save(session, saved)
    deck_file.unlink()
    record._deck_texts.clear()
    loaded = record.load(saved)
    assert loaded.game.returns() == session.game.returns()
    # ...and saving the loaded game again still embeds the deck.
    again = json.loads(record.dumps(loaded))
    assert hashlib.sha256(again["deck"]["toml"].encode()).hexdigest() == mine.digest


def test_record_with_hash_only_finds_the_deck_by_path_or_cards(deck, tmp_path):
    session = play(Session(deck, ["Ann", "Bob"], 11), 2)
    data = json.loads(record.dumps(session, embed_deck=False))
    assert "toml" not in data["deck"]
    text = json.dumps(data)
    assert record.loads(text).game.returns() == session.game.returns()
    assert record.loads(text, deck=deck).game.returns() == session.game.returns()


# -- bad files ------------------------------------------------------------------------


def saved_text(deck) -> str:
    return record.dumps(play(Session(deck, ["Ann", "Bob"], 5), 5))


def write(tmp_path, text: str | bytes):
    path = tmp_path / "bad.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return path


def edit(deck, change) -> str:
    data = json.loads(saved_text(deck))
    change(data)
    return json.dumps(data)


def other_deck_text(deck) -> str:
    text = record.deck_text(deck)
    return text.replace('name = "', 'name = "Old ', 1)


BAD_FILES = {
    "empty": (lambda deck: "", "empty"),
    "truncated": (lambda deck: saved_text(deck)[:400], "cut short"),
    "truncated mid-decisions": (lambda deck: saved_text(deck)[:-60], "cut short"),
    "not JSON": (lambda deck: "pier 18 is fun\n", "bad JSON"),
    "not UTF-8": (lambda deck: b"\xff\xfe\x00junk", "not UTF-8"),
    "a JSON list": (lambda deck: "[1, 2, 3]", "expected a JSON object"),
    "another format": (lambda deck: edit(deck, lambda d: d.update(format="chess")), "not a Pier 18 game record"),
    "newer version": (lambda deck: edit(deck, lambda d: d.update(version=record.VERSION + 1)), "newer Pier 18"),
    "version zero": (lambda deck: edit(deck, lambda d: d.update(version=0)), "unknown record version"),
    "version as text": (lambda deck: edit(deck, lambda d: d.update(version="1")), "unknown record version"),
    "one player": (lambda deck: edit(deck, lambda d: d.update(players=d["players"][:1])), "2 or 3 players"),
    "nameless player": (lambda deck: edit(deck, lambda d: d["players"][0].update(name="")), "player 1"),
    "seed missing": (lambda deck: edit(deck, lambda d: d.pop("seed")), "'seed'"),
    "first player out of range": (lambda deck: edit(deck, lambda d: d.update(first_player=5)), "first_player"),
    "decision not text": (lambda deck: edit(deck, lambda d: d["decisions"].append(7)), "decision"),
    "decision gibberish": (lambda deck: edit(deck, lambda d: d["decisions"].insert(2, "jump 3")), "decision 3"),
    "illegal decision": (
        lambda deck: edit(deck, lambda d: d["decisions"].insert(0, "draft 1:0")),
        "decision 1 (draft 1:0)",
    ),
    "card not dealt": (
        lambda deck: edit(deck, lambda d: d["decisions"].__setitem__(0, "keep 40 41")),
        "decision 1",
    ),
    "decision after the end": (lambda deck: edit(deck, lambda d: d["decisions"].append("plan 0")), "game is over"),
    "authors not a list": (lambda deck: edit(deck, lambda d: d.update(authors="hard")), "field 'authors'"),
    "an author too few": (lambda deck: edit(deck, lambda d: d["authors"].pop()), "one per decision"),
    "an unknown author": (lambda deck: edit(deck, lambda d: d["authors"].__setitem__(2, "superbot")), "authors[2]"),
    "a bot seat played by someone else": (
        lambda deck: edit(deck, lambda d: d["players"][1].update(seat="hard")),
        "field 'authors[1]': a hard bot's seat decides for itself, not 'human'",
    ),
    "deck edited": (
        lambda deck: edit(deck, lambda d: d["deck"].update(toml=other_deck_text(deck))),
        "does not match its sha256",
    ),
    "deck hash wrong": (lambda deck: edit(deck, lambda d: d["deck"].update(sha256="0" * 64)), "does not match"),
    "deck missing": (lambda deck: edit(deck, lambda d: d.pop("deck")), "'deck'"),
    "deck not found": (
        lambda deck: edit(deck, lambda d: d.update(deck={"path": "/nowhere/deck.toml", "sha256": "1" * 64})),
        "no deck file matching it",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_every_bad_file_is_one_clear_record_error(deck, tmp_path, case):
    make, words = BAD_FILES[case]
    path = write(tmp_path, make(deck))
    with pytest.raises(record.RecordError) as caught:
        record.load(path)
    message = str(caught.value)
    assert isinstance(caught.value, Pier18Error)
    assert message.startswith(shorten(path)), message
    assert words in message, message
    assert "\n" not in message


def test_missing_file_and_directory(tmp_path):
    with pytest.raises(record.RecordError, match="no such game record"):
        record.load(tmp_path / "nope.json")
    with pytest.raises(record.RecordError, match="is a directory"):
        record.load(tmp_path)


def test_a_given_deck_that_differs_is_refused(deck, tmp_path):
    session = play(Session(deck, ["Ann", "Bob"], 11), 2)
    text = record.dumps(session, embed_deck=False)
    other_file = tmp_path / "other.toml"
    other_file.write_text(other_deck_text(deck))
    with pytest.raises(record.RecordError, match="does not match the deck this game was played with"):
        record.loads(text, "game.json", deck=load_deck(other_file))


def test_newer_version_is_its_own_kind_of_error(deck):
    with pytest.raises(record.NewerRecordError):
        record.loads(edit(deck, lambda d: d.update(version=record.VERSION + 1)))


# -- takeback -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3])
def test_takeback_step_by_step_back_to_setup_matches_a_replay(deck, players):
    """Every undo gives exactly the game rebuilt from the shorter record, at every phase."""
    session = play(Session(deck, ["Ann", "Bob", "Cy"][:players], 21), 8)
    assert session.game.is_terminal()
    full = list(session.decisions)
    phases = set()
    while session.decisions:
        undone = session.takeback()
        assert len(undone) == 1
        assert undone[0] == full[len(session.decisions)]
        expected = Game.replay(deck, players, 21, full[: len(session.decisions)])
        assert state(session.game) == state(expected)
        phases.add(session.game.phase)
    assert phases == {Phase.SETUP, Phase.DRAFT, Phase.PLAN}
    assert session.game.phase is Phase.SETUP and session.game.current_player == 0
    assert session.takeback() == []


def test_takeback_across_a_patron_phase_removes_the_award(deck):
    session = Session(deck, ["Ann", "Bob"], 13)
    play(session, 6, until=lambda g: len(g.awards) == 1)
    award = session.game.awards[0]
    assert award.card in session.game.patrons[award.winner]
    (undone,) = session.takeback()
    assert session.game.awards == [] and session.game.round == 1
    assert award.card not in session.game.patrons[award.winner]
    assert award.card in session.game.revealed  # the Patron is back in the draft row
    session.apply(undone)  # the same decision again gives the same award
    assert session.game.awards == [award]


def test_takeback_at_the_end_reopens_plan_placement(deck):
    session = play(Session(deck, ["Ann", "Bob", "Cy"], 17), 3)
    final = session.game.returns()
    last = session.decisions[-1]
    assert isinstance(last, PlacePlan)
    session.takeback()
    assert session.game.phase is Phase.PLAN and session.game.current_player == 2
    session.apply(last)
    assert session.game.is_terminal() and session.game.returns() == final


def test_takeback_undoes_bot_moves_back_to_the_last_human_one(deck):
    session = Session(deck, ["Ann", "Bot"], 2, seats=["human", "easy"])
    play(session, 2, until=lambda g: g.phase is Phase.DRAFT and g.round == 2)
    seats = [seat for seat, _ in session.game.history]
    last_human = max(i for i, s in enumerate(seats) if s == 0)
    undone = session.takeback()
    assert len(session.decisions) == last_human
    assert len(undone) == len(seats) - last_human
    assert session.game.current_player == 0


def test_takeback_prompt_never_names_cards_during_setup(deck):
    session = Session(deck, ["Ann", "Bob", "Cy"], 8)
    assert takeback_prompt(session) is None
    session.apply(session.game.legal_decisions()[0])  # Ann keeps a Plan and a Foundation
    kept = session.decisions[0]
    assert isinstance(kept, Keep)
    prompt = takeback_prompt(session)
    assert "Ann" in prompt
    for card_id in (kept.plan, kept.foundation):
        assert str(card_id) not in prompt
        assert deck[card_id].name not in prompt
    play(session, 1, until=lambda g: g.phase is Phase.DRAFT)
    session.apply(session.game.legal_decisions()[0])
    drafted = session.decisions[-1]
    assert deck[drafted.card].name in takeback_prompt(session)


def test_deciders_follow_the_turn_order(deck):
    session = play(Session(deck, ["Ann", "Bob", "Cy"], 4, first_player=1), 4)
    seats = [seat for seat, _ in session.game.history]
    assert seats[:3] == [0, 1, 2]  # set-up goes in seat order
    assert seats[3] == 1  # the first player starts round 1
    assert seats[-3:] == [0, 1, 2]  # Plans are placed in seat order


def test_errors_name_the_decision_number_of_an_illegal_draft(deck):
    session = play(Session(deck, ["Ann", "Bob"], 5), 5, until=lambda g: g.phase is Phase.DRAFT)
    data = json.loads(record.dumps(session))
    data["decisions"].append("draft 99:0")
    with pytest.raises(Pier18Error, match=r"decision 3 \(draft 99:0\)"):
        record.loads(json.dumps(data), "x.json")


def test_summary_names_the_players_phase_and_turn_but_no_card(deck):
    session = Session(deck, ["Ann", "Bob", "Cy"], 8)
    assert summary(session) == "Ann, Bob and Cy: set-up, Ann to choose (0 decisions made)"
    session.apply(session.game.legal_decisions()[0])
    line = summary(session)
    assert line == "Ann, Bob and Cy: set-up, Bob to choose (1 decision made)"
    play(session, 2, until=lambda g: g.phase is Phase.DRAFT)
    assert f"round 1, {session.names[session.game.current_player]} to draft" in summary(session)
    play(session, 2, until=lambda g: g.phase is Phase.PLAN)
    assert "game end, Ann to place the Plan" in summary(session)
    play(session, 2)
    assert "game over" in summary(session)


def test_takeback_prompt_for_a_plan_placement_names_the_cover(deck):
    session = play(Session(deck, ["Ann", "Bob"], 8), 2)
    last = session.decisions[-1]
    prompt = takeback_prompt(session)
    assert prompt.startswith("Take back Bob's last move, place the Plan card")
    assert (f"covering {last.cover} section" in prompt) if last.cover else ("covering nothing" in prompt)
