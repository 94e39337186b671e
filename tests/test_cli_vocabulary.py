"""One word for one thing on the command line: `--deck PATH` names a deck file on every
command that reads one, the old `--cards PATH` still works there for one release with a
notice, and `pier18 --version` says which pier18 this is."""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
from pathlib import Path

import pytest

import pier18
from helpers import child_env
from pier18.cli import COMMANDS, main
from pier18 import i18n

#: The notice `--cards` gets, as the catalog says it.
OLD_DECK_OPTION = "--cards PATH is now --deck PATH (a deck file); --cards will stop working in the next release"

SRC = Path(pier18.__file__).resolve().parent
MISSING = "/no/such/deck.toml"

#: How each command reads a deck file, with what else it needs to get that far.
DECK_COMMANDS: dict[str, list[str]] = {
    "play": ["play", "--players", "2"],
    "host": ["host", "--no-seat", "--port", "0"],
    "simulate": ["simulate", "--games", "1"],
    "cards": ["cards"],
    "score": ["score", "--cards", "1 2"],  # here --cards is the pier, as it always was
    "replay": ["replay", "RECORD", "--json"],
    "review": ["review", "RECORD", "--json"],
}
#: The commands that named the deck `--cards` before: they still take it, with a notice.
OLD_NAME = ("play", "host", "cards", "replay")


def run(capsys, argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def record(tmp_path, deck):
    from pier18.persist import record as records
    from pier18.session import Session

    path = tmp_path / "game.json"
    records.save(Session(deck, ["Ann", "Bob"], 3), path)
    return str(path)


def _argv(command: str, record: str, *deck: str) -> list[str]:
    return [record if word == "RECORD" else word for word in DECK_COMMANDS[command]] + list(deck)


def test_every_command_that_reads_a_deck_is_listed():
    """A new command that loads a deck file must take `--deck` too (and be listed here)."""
    loads = ("load_deck", "later_deck")  # `later_deck`: read now, the shipped deck parsed later (`play`)
    reads = {name for name in COMMANDS if any(word in (SRC / "cli" / f"{name}.py").read_text() for word in loads)}
    reads |= {"simulate"} if any(word in (SRC / "cli" / "balance.py").read_text() for word in loads) else set()
    reads |= {"score"} if any(word in (SRC / "app" / "scoring.py").read_text() for word in loads) else set()  # its use case
    assert reads == set(DECK_COMMANDS)


@pytest.mark.parametrize("command", DECK_COMMANDS)
def test_deck_names_the_deck_file_on_every_command(capsys, record, command):
    code, out, err = run(capsys, _argv(command, record, "--deck", MISSING))
    assert code == 2 and out == ""
    assert err.startswith("pier18: ") and MISSING in err and "cannot read the deck file" in err
    assert err.count("\n") == 1, err  # no notice: --deck is the name


@pytest.mark.parametrize("command", OLD_NAME)
def test_the_old_cards_option_still_names_the_deck_with_one_notice(capsys, record, command):
    code, out, err = run(capsys, _argv(command, record, "--cards", MISSING, "--cards", MISSING))
    notice, error = err.splitlines()  # said once, however often it is given
    assert notice == f"pier18: {i18n._(OLD_DECK_OPTION)}"
    assert code == 2 and MISSING in error and "cannot read the deck file" in error


def test_cards_with_the_old_option_draws_the_same_deck_as_with_deck(capsys, deck):
    path = str(Path(deck.source))
    code, by_deck, err = run(capsys, ["cards", "--deck", path])
    assert (code, err) == (0, "")
    code, by_cards, err = run(capsys, ["cards", "--cards", path])
    assert code == 0 and by_cards == by_deck
    assert err == f"pier18: {i18n._(OLD_DECK_OPTION)}\n"


def test_score_cards_is_still_the_pier_and_says_nothing(capsys):
    code, out, err = run(capsys, ["score", "--cards", "7 12:1", "--json"])
    assert code == 0 and err == "" and '"total"' in out


@pytest.mark.parametrize("command", DECK_COMMANDS)
def test_help_names_deck_and_never_the_old_name(capsys, command):
    with pytest.raises(SystemExit) as info:
        main([command, "--help"])
    assert info.value.code == 0
    shown = capsys.readouterr().out
    assert "--deck PATH" in shown
    if command != "score":
        assert "--cards" not in shown


def test_version_prints_the_installed_version(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    out, err = capsys.readouterr()
    assert info.value.code == 0 and err == ""
    assert out == f"pier18 {pier18.__version__}\n"
    assert pier18.__version__ == importlib.metadata.version("pier18")  # one version, written once


def test_version_from_the_real_command():
    done = subprocess.run([sys.executable, "-m", "pier18", "--version"], capture_output=True, text=True,
                          env=child_env(), timeout=120)
    assert (done.returncode, done.stdout, done.stderr) == (0, f"pier18 {pier18.__version__}\n", "")
