"""`pier18 replay FILE --json` and its errors (the Textual replay screen: tests/tui/)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import reference
from helpers import child_env
from pier18.cli import main
from pier18.engine import Phase
from pier18.persist import record
from pier18.session import Session

KEYS = {"flower", "poet", "lovers", "fisher", "patrons", "plan", "total", "characters"}


def saved_game(deck, tmp_path, players=3, seed=7, steps=None, embed=True) -> tuple[Path, Session]:
    session = Session(deck, ["Ann", "Bob", "Cy"][:players], seed)
    chooser = random.Random(seed)
    while not session.game.is_terminal() and (steps is None or len(session.decisions) < steps):
        session.apply(chooser.choice(session.game.legal_decisions()))
    path = tmp_path / "game.json"
    record.save(session, path, embed_deck=embed)
    return path, session


def replay_json(capsys, *argv) -> dict:
    code = main(["replay", *argv, "--json"])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    assert out.count("\n") == 1  # one object on one line
    return json.loads(out)


@pytest.mark.parametrize("players", [2, 3])
def test_json_of_a_finished_game_matches_the_engine(deck, tmp_path, capsys, players):
    path, session = saved_game(deck, tmp_path, players)
    result = replay_json(capsys, str(path))
    assert result["finished"] is True
    assert [p["name"] for p in result["players"]] == session.names
    for seat, player in enumerate(result["players"]):
        assert set(player) == {"name", "pier", "score", "place", "decided_by", "patrons_won", "plan"}
        assert set(player["score"]) == KEYS
        rows = reference.pier_rows(session.game.piers[seat])
        game = session.game
        goal = game.plan_card(seat).plan.goal_for(players)
        others = [reference.pier_rows(game.piers[s]) for s in range(players) if s != seat]
        met = reference.goal_met(goal, rows, len(game.patrons[seat]), others)
        bonus = game.plan_card(seat).plan.bonus if met else 0
        assert player["score"] == reference.reference_total(rows, len(game.patrons[seat]), bonus)
        assert reference.pier_text_rows(player["pier"]) == rows
        assert player["pier"].count("\n") == len(rows)


def test_pier_text_scores_the_same_with_pier18_score(deck, tmp_path, capsys):
    """The `pier` field is the `pier18 score` notation: scoring it there agrees."""
    path, session = saved_game(deck, tmp_path, seed=12)
    result = replay_json(capsys, str(path))
    for seat, player in enumerate(result["players"]):
        pier_file = tmp_path / f"pier{seat}.txt"
        pier_file.write_text(player["pier"])
        patrons = str(len(session.game.patrons[seat]))
        assert main(["score", str(pier_file), "--json", "--patrons", patrons]) == 0
        scored = json.loads(capsys.readouterr().out)
        plan = player["score"]["plan"]
        assert scored["total"] + plan == player["score"]["total"]
        assert {k: v for k, v in scored.items() if k not in ("plan", "total")} == {
            k: v for k, v in player["score"].items() if k not in ("plan", "total")
        }


def test_json_of_an_unfinished_game_is_its_current_state(deck, tmp_path, capsys):
    path, session = saved_game(deck, tmp_path, players=2, seed=3, steps=6)
    assert session.game.phase is Phase.DRAFT
    result = replay_json(capsys, str(path))
    assert result["finished"] is False
    for seat, player in enumerate(result["players"]):
        rows = reference.pier_rows(session.game.piers[seat])
        assert reference.pier_text_rows(player["pier"]) == rows
        assert player["score"] == reference.reference_total(rows, len(session.game.patrons[seat]))
        assert player["score"]["plan"] == 0  # the Plan bonus only counts at the end


def test_json_at_the_very_start_has_empty_piers(deck, tmp_path, capsys):
    path, _ = saved_game(deck, tmp_path, players=2, seed=3, steps=0)
    result = replay_json(capsys, str(path))
    assert result == {
        "finished": False,
        "players": [
            {
                "name": name, "pier": "", "score": dict.fromkeys(KEYS, 0),
                "place": None, "decided_by": None, "patrons_won": [], "plan": None,  # the breakdown: tests/test_breakdown.py
            }
            for name in ("Ann", "Bob")
        ],
    }


def test_a_record_without_its_deck_takes_deck(deck, tmp_path, capsys):
    path, session = saved_game(deck, tmp_path, embed=False)
    data = json.loads(path.read_text())
    data["deck"]["path"] = str(tmp_path / "gone.toml")
    data["deck"]["sha256"] = "f" * 64
    path.write_text(json.dumps(data))
    assert main(["replay", str(path), "--json"]) == 2
    assert "give one with --deck" in capsys.readouterr().err


BAD = {
    "missing": (None, "no such game record"),
    "not json": ("hello", "bad JSON"),
    "truncated": ("{\"format\": \"pier18-record\", \"vers", "cut short"),
    "newer": ('{"format": "pier18-record", "version": 99}', "newer Pier 18"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_files_exit_2_with_one_line_and_no_traceback(tmp_path, case):
    """A real `pier18` process, as a player would run it."""
    text, words = BAD[case]
    path = tmp_path / "game.json"
    if text is not None:
        path.write_text(text)
    env = child_env()
    for extra in (["--json"], [], ["--lines"]):
        done = subprocess.run(
            [sys.executable, "-m", "pier18", "replay", str(path), *extra],
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
        )
        assert done.returncode == 2
        assert done.stdout == ""
        lines = done.stderr.splitlines()
        assert len(lines) == 1 and words in lines[0], done.stderr
        assert "Traceback" not in done.stderr


def test_an_illegal_decision_names_its_number(deck, tmp_path, capsys):
    path, _ = saved_game(deck, tmp_path, players=2, seed=4)
    data = json.loads(path.read_text())
    data["decisions"][3] = "draft 99:0"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path), "--json"]) == 2
    err = capsys.readouterr().err
    assert "decision 4 (draft 99:0)" in err and err.count("\n") == 1
