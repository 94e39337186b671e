"""`pier18 stats`: a player's record from the saved games, each game counted once."""

from __future__ import annotations

import json
import math
import random

import pytest

from pier18.bots import make_bot
from pier18.cli import main
from pier18.engine import PlayerView, load_deck
from pier18.persist import autosave, history, record
from pier18.session import Session
from pier18.speech.people import LEVEL_STRENGTH

from hostile import SAMPLES, hostile_deck


def played(deck, seats: list[str], names: list[str], seed: int, steps: int | None = None) -> Session:
    """A game between the given seats (every seat, a person's too, decides as the greedy
    bot would: only the seat kinds matter here)."""
    session = Session(deck, names, seed, seats=seats)
    bots = [make_bot("greedy", seed * 10 + s) for s in range(len(seats))]
    while not session.game.is_terminal() and (steps is None or len(session.decisions) < steps):
        game = session.game
        session.apply(bots[game.current_player].choose(PlayerView.of(game, game.current_player)))
    return session


def result(session: Session, seat: int) -> tuple[float, int, int | None]:
    """(win share, total, Plan card) of one seat, from the engine."""
    game = session.game
    standings = game.ranking()
    firsts = [s.seat for s in standings if s.place == 1]
    return (1 / len(firsts) if seat in firsts else 0.0), game.score(seat).total, game.plans[seat]


@pytest.fixture
def saved(deck, tmp_path):
    """Saves on this machine: games against hard (2 players) and against greedy and random
    (3 players); one of them also copied elsewhere with `--record`, one saved twice in the
    games folder, one resumed into a second file, one unfinished; and a damaged file."""
    games = autosave.games_dir()
    games.mkdir(parents=True)
    copies = tmp_path / "records"
    copies.mkdir()
    two = [played(deck, ["human", "hard"], ["Ann", "Hard bot"], seed) for seed in (1, 2, 3)]
    three = [played(deck, ["human", "greedy", "random"], ["Ann", "Greedy bot", "Random bot"], seed) for seed in (4, 5)]
    for number, session in enumerate(two + three):
        record.save(session, games / f"2026010{number}-ann.json")
    record.save(two[0], copies / "ann-vs-hard.json")  # play --record: the same game elsewhere
    record.save(three[0], games / "20260109-copy.json")  # the same game twice in the folder
    resumed = played(deck, ["human", "hard"], ["Ann", "Hard bot"], 6)
    start = Session(deck, resumed.names, resumed.seed, seats=resumed.seats, decisions=resumed.decisions[:5])
    record.save(start, games / "20260110-ann.json")  # the save it was resumed from ...
    record.save(resumed, games / "20260110-ann-2.json")  # ... and the file it went on in
    unfinished = played(deck, ["human", "hard"], ["Ann", "Hard bot"], 7, steps=4)
    record.save(unfinished, games / "20260111-ann.json")
    (games / "20260112-broken.json").write_text('{"format": "pier18-record", "version": 2, "players"')
    (copies / "not-a-record.json").write_text("[1, 2, 3]")
    return {"two": two + [resumed], "three": three, "copies": copies}


def test_each_game_counts_once_and_each_damaged_file_is_one_line(capsys, saved):
    assert main(["stats", "--json", str(saved["copies"]), str(saved["copies"] / "ann-vs-hard.json")]) == 0
    out, err = capsys.readouterr()
    found = json.loads(out)
    assert found["games"] == 6 and found["unfinished"] == 1
    tables = {(t["opponents"], t["players"]): t for t in found["tables"]}
    assert set(tables) == {("hard", 2), ("random+greedy", 3)}
    for key, sessions in ((("hard", 2), saved["two"]), (("random+greedy", 3), saved["three"])):
        results = [result(session, 0) for session in sessions]
        assert tables[key]["games"] == len(sessions)
        assert tables[key]["wins"] == pytest.approx(sum(r[0] for r in results), abs=0.001)
        assert tables[key]["mean_score"] == pytest.approx(sum(r[1] for r in results) / len(results), abs=0.01)
    kept: dict[int, int] = {}
    for session in saved["two"] + saved["three"]:
        plan = result(session, 0)[2]
        kept[plan] = kept.get(plan, 0) + 1
    assert {p["card"]: p["kept"] for p in found["plans"]} == kept
    lines = err.splitlines()
    assert len(lines) == 2, lines
    assert any("20260112-broken.json" in line and "cut short" in line for line in lines)
    assert any("not-a-record.json" in line for line in lines)
    assert all(line.startswith("pier18 stats: skipped ") for line in lines)
    assert found["elo"]["results"] == 4 * 1 + 2 * 2  # one result per bot at each table


def test_the_tables_show_the_same_counts(capsys, saved):
    assert main(["stats", str(saved["copies"])]) == 0
    out = " ".join(capsys.readouterr().out.split())  # the lines wrapped where the data folder's path puts them
    assert "6 finished games" in out and "1 unfinished game" in out
    assert "random+greedy" in out and "Elo estimate:" in out


def test_nothing_saved_yet(capsys):
    assert main(["stats"]) == 0
    assert "No finished games saved" in capsys.readouterr().out
    assert main(["stats", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 0


def test_name_counts_only_that_players_seats(deck, capsys):
    games = autosave.games_dir()
    games.mkdir(parents=True)
    record.save(played(deck, ["human", "human", "greedy"], ["Ann", "Bob", "Greedy bot"], 3), games / "a.json")
    record.save(played(deck, ["human", "greedy"], ["Bob", "Greedy bot"], 4), games / "b.json")
    assert main(["stats", "--json", "--name", "ANN"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["games"] == 1 and [t["opponents"] for t in found["tables"]] == ["greedy+people"]
    assert main(["stats", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2


def test_hostile_names_and_cards_are_shown_as_they_are(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "400")  # no wrapping, so every text shows whole
    deck = load_deck(hostile_deck(tmp_path / "deck.toml", SAMPLES))
    games = autosave.games_dir()
    games.mkdir(parents=True)
    sessions = [played(deck, ["human", "random"], ["[b]Ann[/]", "Random bot"], seed) for seed in range(4)]
    for seed, session in enumerate(sessions):
        record.save(session, games / f"{seed}.json")
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "Counted: [b]Ann[/] (4 games) — the names that played alone against bots on this machine." in out
    for session in sessions:  # the card's name as the deck gives it: no markup read, nothing dropped
        card = session.game.plan_card(0)
        assert f"#{card.id} {card.name}" in out, card.name
    assert "\x1b" not in out


def test_the_elo_estimate_is_the_rating_that_fits_the_results():
    """Against one level only, the most likely rating has a closed form: the win rate
    (with the half-weighted draw added) read off the Elo curve."""
    hard = LEVEL_STRENGTH["hard"][0]
    for wins, losses in ((3, 1), (1, 5), (7, 0), (0, 2)):
        results = [("hard", 1.0)] * wins + [("hard", 0.0)] * losses
        rate = (wins + 0.5 * history.PRIOR_WEIGHT) / (wins + losses + history.PRIOR_WEIGHT)
        elo = history.estimate_elo(results)
        assert elo is not None and elo.results == wins + losses
        assert elo.rating == pytest.approx(hard + 400 * math.log10(rate / (1 - rate)), abs=0.01)
        assert elo.low < elo.rating < elo.high
    assert history.estimate_elo([]) is None
    rng = random.Random(1)
    strong = [(level, 1.0 if rng.random() < 0.9 else 0.0) for level in LEVEL_STRENGTH for _ in range(30)]
    weak = [(level, 1.0 if rng.random() < 0.1 else 0.0) for level in LEVEL_STRENGTH for _ in range(30)]
    assert history.estimate_elo(strong).rating > history.estimate_elo(weak).rating + 400


def test_a_file_named_again_or_a_folder_read_twice_is_still_one_game_or_one_line(capsys, saved):
    """The games folder named as a PATH as well, a damaged file named beside its folder, a
    record named twice: each game still counts once, each unreadable file is one line."""
    copies = saved["copies"]
    broken = copies / "not-a-record.json"
    argv = ["stats", "--json", str(autosave.games_dir()), str(copies), str(broken), str(copies / ".." / copies.name / broken.name)]
    assert main(argv + [str(copies / "ann-vs-hard.json")] * 2) == 0
    out, err = capsys.readouterr()
    found = json.loads(out)
    assert found["games"] == 6 and found["unfinished"] == 1
    lines = err.splitlines()
    assert len(lines) == 2, lines
    assert sum("not-a-record.json" in line for line in lines) == 1
    assert sum("20260112-broken.json" in line for line in lines) == 1
    assert len(found["skipped"]) == 2


# -- whose record, the lesson apart, an Elo only when it means something ----------------------


@pytest.fixture
def tables(deck):
    """Ann alone against a bot; Ann and Bob at one laptop with a bot; Bob and Cy at one
    laptop, no bot."""
    games = autosave.games_dir()
    games.mkdir(parents=True)
    record.save(played(deck, ["human", "greedy"], ["Ann", "Greedy bot"], 1), games / "a.json")
    record.save(played(deck, ["human", "human", "greedy"], ["ann", "Bob", "Greedy bot"], 2), games / "b.json")
    record.save(played(deck, ["human", "human"], ["Bob", "Cy"], 3), games / "c.json")


def test_yours_are_the_names_that_played_alone_against_bots(capsys, monkeypatch, tables):
    """Every name ever played here was 'you': a friend at a hot-seat table too. Without
    --name the record is of the names that sat alone among bots, and it says so."""
    monkeypatch.setenv("COLUMNS", "400")  # no wrapping: each line whole
    assert main(["stats", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["you"] == {"names": ["Ann"], "from": "alone_against_bots"}
    assert found["games"] == 2 and found["players"] == {"Ann": 1, "ann": 1}
    assert found["others"] == {"Bob": 2, "Cy": 1}
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "Your record: 2 finished games" in out
    assert "the names that played alone against bots on this machine; not counted: Bob and Cy" in out
    assert "--name NAME" in out


def test_name_may_be_given_once_per_name(capsys, tables):
    assert main(["stats", "--json", "--name", "ANN", "--name", "bob"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["you"]["from"] == "--name"
    assert found["games"] == 3 and found["players"] == {"Ann": 1, "ann": 1, "Bob": 2}
    assert found["others"] == {"Cy": 1}
    assert main(["stats", "--name", "Ann", "--name", " "]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_with_no_game_alone_against_bots_it_asks_for_names(deck, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "400")  # no wrapping: each line whole
    games = autosave.games_dir()
    games.mkdir(parents=True)
    record.save(played(deck, ["human", "human"], ["Bob", "Cy"], 3), games / "c.json")
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "is not known (names in the games: Bob and Cy): give your names with --name NAME" in out
    assert "No finished games saved" not in out  # there are: none is known to be yours
    assert main(["stats", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 0
    assert main(["stats", "--name", "cy"]) == 0
    assert "Your record: 1 finished game saved" in capsys.readouterr().out


def _lesson(steps: int | None = None) -> Session:
    from pier18.persist.lesson import lesson_deck, load_script, new_lesson

    deck = lesson_deck()
    script = load_script(deck)
    session = new_lesson(deck, script)
    bots = [make_bot("greedy", 1), make_bot(script.bot, script.bot_seed)]
    while not session.game.is_terminal() and (steps is None or len(session.decisions) < steps):
        game = session.game
        session.apply(bots[game.current_player].choose(PlayerView.of(game, game.current_player)))
    return session


def test_the_lesson_is_a_line_of_its_own_outside_the_record(capsys, monkeypatch, tables):
    monkeypatch.setenv("COLUMNS", "400")  # no wrapping: each line whole
    from pier18.persist.lesson import lesson_save

    save = lesson_save()
    save.parent.mkdir(parents=True, exist_ok=True)
    record.save(_lesson(steps=5), save)
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "The lesson (not in your record): under way, 5 decisions made; 'pier18 learn' goes on with it." in out
    lesson = _lesson()
    record.save(lesson, save, overwrite=True)
    total = lesson.game.score(0).total
    assert main(["stats", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["lesson"]["finished"] and found["lesson"]["total"] == total
    assert found["games"] == 2 and "Player" not in found["players"]  # the record is as without it
    assert main(["stats"]) == 0
    assert f"The lesson (not in your record): finished, {total} points" in capsys.readouterr().out


def test_no_elo_from_one_game_but_how_many_more_it_takes(deck, capsys, monkeypatch):
    """One game against hard gave 'Elo 1260 (514-2006)': a number that says nothing."""
    monkeypatch.setenv("COLUMNS", "400")  # no wrapping: each line whole
    games = autosave.games_dir()
    games.mkdir(parents=True)
    record.save(played(deck, ["human", "hard"], ["Ann", "Hard bot"], 1), games / "a.json")
    assert main(["stats", "--json"]) == 0
    elo = json.loads(capsys.readouterr().out)["elo"]
    assert elo["results"] == 1 and not elo["shown"] and elo["more_games"] > 5
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "Elo estimate: not yet. From 1 result against bots" in out
    assert f"about {elo['more_games']} more games against bots" in out
    assert "Elo estimate: 1" not in out


def test_the_games_it_says_it_takes_are_about_what_it_takes():
    """Results like the ones so far, as many more as `more_results` says, make the
    interval narrow enough to show (and one fewer than half of them do not)."""
    for pattern in ([1.0, 0.0], [1.0, 1.0, 0.0], [0.5]):
        for start in (1, 4, 10):
            results = [("hard", pattern[i % len(pattern)]) for i in range(start)]
            elo = history.estimate_elo(results)
            more = elo.more_results()
            assert not elo.shown and more > 0
            after = [("hard", pattern[i % len(pattern)]) for i in range(start + more)]
            assert history.estimate_elo(after).shown, (pattern, start, more)
            early = [("hard", pattern[i % len(pattern)]) for i in range(start + more // 2 - 1)]
            assert not history.estimate_elo(early).shown, (pattern, start, more)
    many = [("hard", 1.0), ("hard", 0.0)] * 40
    assert history.estimate_elo(many).shown and history.estimate_elo(many).more_results() == 0
