"""`--lang LANG` on every command, and `--help` in the language chosen.

The help is checked against the catalog, not against written-down Dutch: every help
message of a command (its description, epilog and each option's help), built by the
parser in Dutch, must differ from the English one, and be what `--help` prints; and so
must argparse's own words ("usage:", "show this help message and exit").
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pier18 import cli, i18n

from helpers import child_env

#: argparse's own words that every `--help` prints.
ARGPARSE_WORDS = ("usage: ", "show this help message and exit")


def _flat(text: str) -> str:
    """Text with its runs of white space made one space: argparse wraps help to the width."""
    return " ".join(text.split())


def _messages(command: str) -> list[str]:
    """Every help message `pier18 COMMAND --help` prints, in the language spoken now."""
    parser = cli.build_parser(command)
    sub = next(action for action in parser._actions if action.dest == "command").choices[command]
    found = [sub.description or "", sub.epilog or ""]
    found += [action.help for action in sub._actions if action.help and action.help != "==SUPPRESS=="]
    return [message for message in found if message]


def _help_in_dutch(command: str, speaking) -> tuple[list[str], list[str]]:
    """The command's help messages and argparse's words: (English, Dutch)."""
    english = _messages(command) + list(ARGPARSE_WORDS)
    speaking("nl")
    dutch = _messages(command) + [i18n._(word) for word in ARGPARSE_WORDS]
    speaking("en")
    return english, dutch


def _check_dutch_help(output: str, english: list[str], dutch: list[str]) -> None:
    untranslated = [message for message, translated in zip(english, dutch) if translated == message]
    assert untranslated == [], "no Dutch in the catalog for these help messages (the catalog is merged later?)"
    shown = _flat(output)
    missing = [translated for translated in dutch if _flat(translated) not in shown]
    assert missing == [], "the Dutch help lacks these messages"
    assert "show this help message and exit" not in output


def test_pier18_lang_nl_score_help_is_dutch(speaking):
    english, dutch = _help_in_dutch("score", speaking)
    done = subprocess.run(
        [sys.executable, "-m", "pier18", "--lang", "nl", "score", "--help"],
        capture_output=True, text=True, env=child_env(LANGUAGE="en", COLUMNS="200"), timeout=120,
    )
    assert done.returncode == 0, done.stderr
    _check_dutch_help(done.stdout, english, dutch)


def test_language_nl_play_help_is_dutch(speaking):
    english, dutch = _help_in_dutch("play", speaking)
    done = subprocess.run(
        [sys.executable, "-m", "pier18", "play", "--help"],
        capture_output=True, text=True, env=child_env(LANGUAGE="nl", COLUMNS="200"), timeout=120,
    )
    assert done.returncode == 0, done.stderr
    _check_dutch_help(done.stdout, english, dutch)


@pytest.fixture
def own_language(monkeypatch, speaking):
    """`--lang` sets LANGUAGE for the process (gettext's own lookups read it): put it back."""
    monkeypatch.setenv("LANGUAGE", "en")
    yield
    speaking("en")


@pytest.mark.parametrize("where", ["after", "before"])
@pytest.mark.parametrize("command", cli.COMMANDS)
def test_every_command_takes_lang(command, where, own_language, capsys):
    """`pier18 COMMAND --lang nl --help` and `pier18 --lang nl COMMAND --help`: no
    unknown option, the help printed; a language pier18 does not speak is English."""
    argv = [command, "--lang", "xx", "--help"] if where == "after" else ["--lang", "xx", command, "--help"]
    with pytest.raises(SystemExit) as exit:
        cli.main(argv)
    out, err = capsys.readouterr()
    assert exit.value.code == 0, err
    assert "--lang LANG" in out and "show this help message and exit" in out
    assert i18n.language() == "en"


@pytest.mark.parametrize("command", cli.COMMANDS)
def test_lang_is_in_every_commands_help(command):
    sub = next(a for a in cli.build_parser(command)._actions if a.dest == "command").choices[command]
    assert "--lang" in sub._option_string_actions
    assert "LANGUAGE" in sub._option_string_actions["--lang"].help


def test_lang_needs_a_value(own_language, capsys):
    with pytest.raises(SystemExit) as exit:
        cli.main(["cards", "--lang"])
    assert exit.value.code == 2
    assert "--lang" in capsys.readouterr().err


def test_score_json_takes_lang_before_or_after_the_command(own_language, capsys):
    """`score --json` takes `--lang` before or after the command; without its value, argparse says so."""
    example = str(Path(__file__).resolve().parents[1] / "examples" / "pier.txt")  # the checkout's, installed or not
    for argv in (["score", example, "--json", "--lang", "en"], ["--lang=en", "score", "--json", example]):
        assert cli.main(argv) == 0
        assert '"total": 8' in capsys.readouterr().out
    for argv in (["score", example, "--json", "--lang"], ["score", example, "--json", "--lang", "--explain"]):
        with pytest.raises(SystemExit) as exit:
            cli.main(argv)
        assert exit.value.code == 2
        assert "--lang" in capsys.readouterr().err


def test_an_unknown_option_after_lang_is_said_by_its_command(own_language, capsys):
    """`pier18 --lang nl score --jsn`: the language's value is no command, so the
    unknown option is still found in the command's own options."""
    with pytest.raises(SystemExit) as exit:
        cli.main(["--lang", "en", "score", "--jsn"])
    assert exit.value.code == 2
    assert capsys.readouterr().err == "pier18 score: unknown option '--jsn' (did you mean '--json'?)\ntry 'pier18 score --help'\n"


def test_cards_in_dutch_shows_each_plan_goal_in_dutch(own_language, speaking, capsys, monkeypatch, deck):
    """`pier18 cards --lang nl`: every Plan goal as the catalog has it in Dutch (the deck's
    English text was printed raw), and each card's Dutch name."""
    monkeypatch.setenv("COLUMNS", "240")
    assert cli.main(["cards", "--lang", "nl"]) == 0
    shown = _flat(capsys.readouterr().out)
    speaking("nl")
    goals = {goal.text: i18n.pgettext("goal", goal.text) for card in deck.values() for goal in (card.plan.two, card.plan.three)}
    names = [i18n.pgettext("card", card.name) for card in deck.values()]
    speaking("en")
    assert [english for english, dutch in goals.items() if dutch == english] == [], "the catalog lacks these goals"
    assert [dutch for dutch in goals.values() if _flat(dutch) not in shown] == []
    assert [english for english in goals if _flat(english) in shown] == []
    assert [name for name in names if name not in shown] == []


def test_score_plan_in_dutch_names_the_goal_in_dutch(own_language, speaking, capsys, deck):
    """`pier18 score --plan N --lang nl`: the Plan goal's line quotes the goal in Dutch."""
    card = next(card for card in deck.values() if not card.plan.split)
    assert cli.main(["score", "--cards", "1 2", "--plan", str(card.id), "--lang", "nl"]) == 0
    out = capsys.readouterr().out
    speaking("nl")
    dutch = i18n.pgettext("goal", card.plan.two.text)
    speaking("en")
    assert dutch != card.plan.two.text and f'"{dutch}"' in out
