"""`pier18 simulate`: the JSON object, seat rotation, determinism, records and errors."""

from __future__ import annotations

import errno
import json
import os
import signal

import pytest

from pier18.selfplay.simulation import seats_for_game, simulate
from pier18.cli import main
from pier18.engine.text import shorten

JSON_KEYS = {"games", "wins", "mean_score", "goal_rate", "games_per_second", "decision_ms"}


def run_json(capsys, *args: str) -> dict:
    assert main(["simulate", *args, "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1, "one JSON object on one line"
    return json.loads(out)


def test_json_has_the_documented_shape(capsys, deck):
    data = run_json(capsys, "--players", "3", "--seats", "greedy,random,random", "--games", "12", "--seed", "4")
    assert set(data) == JSON_KEYS
    assert data["games"] == 12
    assert set(data["wins"]) == {"greedy", "random"}
    assert sum(data["wins"].values()) == pytest.approx(12)  # ties are split, never lost
    assert set(data["mean_score"]) == {"greedy", "random"}
    assert all(score > 0 for score in data["mean_score"].values())
    assert data["goal_rate"], "every game has Plans"
    for card, rate in data["goal_rate"].items():
        assert int(card) in deck
        assert 0.0 <= rate <= 1.0
    assert data["games_per_second"] > 0
    for level in ("greedy", "random"):
        timing = data["decision_ms"][level]
        assert set(timing) == {"median", "p95"}
        assert 0 <= timing["median"] <= timing["p95"]


def test_same_seed_gives_the_same_results(capsys):
    args = ("--players", "2", "--seats", "greedy,random", "--games", "10", "--seed", "7")
    first, again = run_json(capsys, *args), run_json(capsys, *args)
    for key in ("games", "wins", "mean_score", "goal_rate"):
        assert first[key] == again[key]
    other = run_json(capsys, "--players", "2", "--seats", "greedy,random", "--games", "10", "--seed", "8")
    assert other["goal_rate"] != first["goal_rate"] or other["mean_score"] != first["mean_score"]


def test_jobs_play_the_same_games_as_one_process(capsys):
    args = ("--players", "3", "--seats", "greedy,random,random", "--games", "9", "--seed", "3")
    alone, split = run_json(capsys, *args), run_json(capsys, *args, "--jobs", "2")
    for key in ("games", "wins", "mean_score", "goal_rate"):
        assert alone[key] == split[key]


def test_seats_rotate_every_game_so_no_level_keeps_the_first_seat():
    seats = ("hard", "greedy", "random")
    orders = [seats_for_game(seats, i) for i in range(3)]
    assert orders == [("hard", "greedy", "random"), ("greedy", "random", "hard"), ("random", "hard", "greedy")]
    assert {order[0] for order in orders} == set(seats)


def test_results_add_up(deck):
    result = simulate(deck, 3, ("greedy", "random", "greedy"), 9, seed=2)
    assert result.levels["greedy"].seat_games == 18 and result.levels["random"].seat_games == 9
    assert sum(result.plan_chosen.values()) == 9 * 3  # every seat keeps one Plan
    assert all(result.plan_met.get(card, 0) <= n for card, n in result.plan_chosen.items())
    assert sum(s.wins for s in result.levels.values()) == pytest.approx(9)
    assert sum(result.category_share().values()) == pytest.approx(1)
    assert len(result.levels["greedy"].decision_seconds) == 9 * 2 * (1 + 3 + 1)  # keep, 3 drafts, plan


def test_record_dir_saves_games_that_replay_to_the_same_scores(tmp_path, capsys, deck):
    from pier18.persist import record

    data = run_json(
        capsys, "--players", "2", "--seats", "greedy,random", "--games", "3", "--seed", "5",
        "--record-dir", str(tmp_path / "games"),
    )
    files = sorted((tmp_path / "games").glob("*.json"))
    assert len(files) == 3
    mean = 0.0
    for path in files:
        session = record.load(path)
        assert session.game.is_terminal()
        assert session.seats in (["greedy", "random"], ["random", "greedy"])
        greedy_seat = session.seats.index("greedy")
        mean += session.game.score(greedy_seat).total / 3
    assert mean == pytest.approx(data["mean_score"]["greedy"], abs=0.01)


def test_the_highest_seeds_simulate_allows_write_records_that_replay(tmp_path, capsys):
    from pier18.persist import record

    run_json(capsys, "--players", "2", "--games", "2", "--seed", str(2**64 - 1), "--record-dir", str(tmp_path))
    assert [record.load(path).seed for path in sorted(tmp_path.glob("*.json"))] == [2**64 - 1, 2**64]


def test_a_record_that_cannot_be_written_is_named(tmp_path, capsys, monkeypatch):
    from pier18.persist import record

    def full_disk(path, text, private=False, **how):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(record, "atomic_write", full_disk)
    code = main(["simulate", "--players", "2", "--games", "2", "--record-dir", str(tmp_path / "games"), "--json"])
    assert code == 1
    assert capsys.readouterr().err == f"pier18: {shorten(tmp_path / 'games' / 'game-00001.json')}: No space left on device\n"


def test_table_output_names_levels_and_plans(capsys):
    assert main(["simulate", "--players", "2", "--seats", "greedy,random", "--games", "4"]) == 0
    out = capsys.readouterr().out
    assert "greedy" in out and "random" in out
    assert "Plan goals" in out and "games per second" in out


@pytest.mark.parametrize(
    "args, message",
    [
        (["--players", "2", "--seats", "greedy,genius"], "unknown bot level 'genius'"),
        (["--players", "3", "--seats", "greedy,random"], "names 2 levels but the game has 3 players"),
        (["--players", "4", "--seats", "greedy,random"], "--players must be 2 or 3"),
        (["--players", "2", "--games", "0"], "--games must be a whole number from 1 to 1,000,000,000, not 0"),
        # A huge --games is blamed on --games (it once read "--seed 0 with --games … use at most 2**64 - 99…")
        (["--players", "2", "--games", "9" * 30], "pier18: --games must be a whole number from 1 to 1,000,000,000, not 9999"),
        (["--players", "2", "--games", "9" * 30, "--seed", "5"], "pier18: --games must be a whole number from 1 to 1,000,000,000"),
        (["--balance", "--players", "2", "--games", "9" * 30], "pier18: --games must be a whole number from 1 to 1,000,000,000"),
        (["--players", "2", "--jobs", "0"], "--jobs must be at least 1"),
        (["--players", "2", "--deck", "/nonexistent/cards.toml"], "cannot read the deck file"),
        (["--players", "2", "--seed", "-1"], "--seed must be a whole number from 0 to 2**64, got -1"),
        (["--players", "2", "--seed", "99999999999999999999999"], "--seed must be a whole number from 0 to 2**64, got 99999999999999999999999"),
        (["--players", "2", "--seed", str(2**64), "--games", "2"], f"--seed {2**64} with --games 2 goes past seed 2**64: use at most 2**64 - 1"),
    ],
)
def test_bad_input_is_one_line_and_exit_status_2(capsys, args, message):
    assert main(["simulate", *args]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_ctrl_c_while_a_finished_game_is_counted_stops_the_run_once_it_is_counted(tmp_path, deck, monkeypatch):
    """Ctrl+C is held back while a finished game is tallied and recorded, and arrives
    as soon as that game is counted whole."""
    from pier18.selfplay import simulation

    tally = simulation._tally

    def tally_interrupted(result, game, levels, timings):
        if result.games == 2:  # the third game: Ctrl+C just before it is tallied
            os.kill(os.getpid(), signal.SIGINT)
        tally(result, game, levels, timings)

    monkeypatch.setattr(simulation, "_tally", tally_interrupted)
    before = signal.signal(signal.SIGINT, signal.default_int_handler)  # as in a terminal
    try:
        result = simulate(deck, 2, ("random", "random"), 10, record_dir=tmp_path)
        assert result.interrupted
        assert result.games == 3
        assert sum(stats.seat_games for stats in result.levels.values()) == 6  # tallied whole
        assert len(list(tmp_path.iterdir())) == 3  # and recorded
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # the run's own handler is gone
    finally:
        signal.signal(signal.SIGINT, before)


@pytest.mark.parametrize("seed", ["-1", str(2**64 + 1)])
def test_play_and_simulate_refuse_a_seed_in_the_same_words(capsys, seed):
    errors = []
    for command in ("play", "simulate"):
        assert main([command, "--players", "2", "--seed", seed]) == 2
        errors.append(capsys.readouterr().err)
    assert errors[0] == errors[1] == f"pier18: --seed must be a whole number from 0 to 2**64, got {seed}\n"
