"""Read in Dutch: the commands and a whole game show no English sentence of the catalog.

Each run here speaks Dutch (`--lang nl`, or the environment as gettext reads it) and
collects everything a person would read; `dutch.english_in` names any English phrase
of the catalog in it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from dutch import english_in
from helpers import child_env

from pier18 import i18n
from pier18.cli import COMMANDS, main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = str(ROOT / "examples" / "pier.txt")


def test_the_detector_sees_english(speaking):
    message = "Each player needs a different name."
    assert english_in(i18n._(message)) == [message]  # in English: found
    speaking("nl")
    assert english_in(i18n._(message)) == []


@pytest.mark.parametrize("command", COMMANDS)
def test_every_help_is_dutch(command, capsys, speaking):
    with pytest.raises(SystemExit) as done:
        main(["--lang", "nl", command, "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out and english_in(out) == []


def test_score_explain_is_dutch(capsys, speaking):
    assert main(["score", EXAMPLE, "--explain", "--lang", "nl"]) == 0
    out = capsys.readouterr().out
    assert english_in(out) == []


def test_the_environment_chooses_dutch_as_gettext_would():
    """`LANGUAGE=nl pier18 score --explain`, as a Dutch player runs it: the platform's way."""
    for variable, value in (("LANGUAGE", "nl"), ("LC_ALL", "nl_NL.UTF-8"), ("LANG", "nl_BE.UTF-8")):
        env = child_env(**{variable: value})
        for other in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
            if other != variable:
                env.pop(other, None)
        done = subprocess.run([sys.executable, "-m", "pier18", "score", EXAMPLE, "--explain"], env=env,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert english_in(done.stdout) == [], variable
        dutch = subprocess.run([sys.executable, "-m", "pier18", "score", EXAMPLE, "--explain", "--lang", "en"],
                               env=env, capture_output=True, text=True, timeout=120)
        assert english_in(dutch.stdout), "--lang en reads English whatever the environment"


def test_review_and_stats_are_dutch(deck, tmp_path, capsys, speaking):
    from test_review import bots_record, saved

    from pier18.persist import autosave, record

    path = saved(bots_record(deck, ["greedy", "random", "random"], 4, names=["Ann", "Bob", "Cy"],
                             kinds=["human", "human", "human"]), tmp_path / "g.json")
    assert main(["review", path, "--worlds", "2", "--lang", "nl"]) == 0
    out = capsys.readouterr().out
    assert out and english_in(out) == []
    games = autosave.games_dir()
    games.mkdir(parents=True, exist_ok=True)
    for seed in (5, 6, 7):  # several games: a Plan whose name Dutch says otherwise is among them
        record.save(bots_record(deck, ["greedy", "random"], seed, names=["Ann", "Bob"], kinds=["human", "human"]),
                    games / f"2026010{seed}-ann.json")
    assert main(["stats", "--name", "Ann", "--lang", "nl"]) == 0
    out = capsys.readouterr().out
    assert out and english_in(out) == []
    from pier18.speech.moves import card_name

    english_names = [f"#{card.id} {card.name}" for card in deck.values() if card_name(card) != card.name]
    assert english_names and not [name for name in english_names if name in out]  # the Plans kept, in Dutch
    assert "people" not in out.split()  # the opponents' column
    kept = [record_plan for record_plan in (f"#{card.id} {card_name(card)}" for card in deck.values()) if record_plan in out]
    assert kept  # the Plans kept are there, named in Dutch
