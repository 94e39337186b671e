"""The command line's words: `cards` wraps and labels, `score --cards` takes names,
every `--help` opens with what the command does, and colours survive 16 colours."""

from __future__ import annotations

import json
import re
import shutil

import pytest
from rich.color import ColorSystem
from rich.console import Console

from pier18.cli import COMMANDS, main
from pier18.engine import Character
from pier18.render.style import STYLES, character_text
from pier18.speech.scores import category_name


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cards_wraps_a_long_path_only_between_its_parts(capsys, tmp_path, monkeypatch, deck):
    folder = tmp_path / "a-rather-long-folder-name-for-decks" / "another-long-folder-name-here"
    folder.mkdir(parents=True)
    path = folder / "my-own-deck-file.toml"
    shutil.copy(deck.source, path)
    monkeypatch.setenv("COLUMNS", "60")
    code, out, err = run(capsys, "cards", "--deck", str(path))
    assert code == 0 and err == ""
    lines = out.splitlines()
    start = lines.index("The deck file:") + 1
    end = next(i for i, line in enumerate(lines) if line.startswith("Each card"))
    shown = [line.rstrip() for line in lines[start:end]]
    assert "".join(shown) == str(path)  # the whole path, nothing cut out
    assert len(shown) > 1 and all(len(line) <= 60 for line in shown)
    for line in shown[:-1]:  # broken only after a '/': no folder name cut in two, unless longer than a line
        assert line.endswith("/") or len(line) == 60, line
    for part in str(path).split("/"):
        assert len(part) >= 60 or any(part in line for line in shown)


def test_cards_labels_sea_land_and_every_patron_symbol(capsys, deck):
    code, out, _ = run(capsys, "cards")
    assert code == 0
    assert "sea end at the top" in out and "land end at the bottom" in out
    assert out.count("sea ↑") == len(deck) and out.count("land ↓") == len(deck)
    for character in Character:
        assert f"{STYLES[character].token} {category_name(character.value)}" in out


def score(capsys, cards):
    code, out, err = run(capsys, "score", "--cards", cards, "--json")
    return code, (json.loads(out) if code == 0 else None), err


@pytest.mark.parametrize(
    "names",
    [
        "Bandstand, Tea Room:1, Helter Skelter",  # names, commas between
        "bandstand TEA ROOM:1 helter skelter",  # any case, spaces only
        "band, tea:1, helter",  # unambiguous starts
        "1 tea room:1 3",  # ids and names mixed
        "bandstand tea room : 1 helter skelter",  # a cover written apart from its name
    ],
)
def test_score_cards_takes_names_as_well_as_ids(capsys, names):
    code, by_ids, _ = score(capsys, "1 2:1 3")
    assert code == 0
    code, by_names, err = score(capsys, names)
    assert (code, err) == (0, "")
    assert by_names == by_ids


@pytest.mark.parametrize(
    ("cards", "token", "why"),
    [
        ("1 xyzzy 3", "'xyzzy'", "is not a card id or name"),
        ("1, p, 3", "'p'", "could be"),
        ("1 2:x", "'2:x'", "is not a card id or name"),
    ],
)
def test_score_cards_errors_name_the_bad_token_on_one_line(capsys, cards, token, why):
    code, _, err = score(capsys, cards)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("pier18: --cards: ")
    assert token in err and why in err


def test_an_ambiguous_start_lists_the_cards_it_could_be(capsys, deck):
    _, _, err = score(capsys, "p")
    could = [card.name for card in deck.values() if card.name.lower().startswith("p")]
    assert len(could) > 1
    for name in could[:4]:
        assert f"'{name}'" in err


@pytest.mark.parametrize("command", COMMANDS)
def test_every_help_opens_with_what_the_command_does(capsys, command):
    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = capsys.readouterr().out
    first, blank, usage = out.splitlines()[:3]
    assert first and not first.startswith("usage") and first.endswith(".")
    assert blank == "" and usage.startswith(f"usage: pier18 {command}")
    assert out.count(first) == 1  # said once, not again under the usage


def test_every_character_keeps_its_own_colour_with_16_colours():
    numbers = {}
    for character, look in STYLES.items():
        colour = look.style.color
        assert colour is not None
        numbers[character] = colour.downgrade(ColorSystem.STANDARD).number
    assert len(set(numbers.values())) == len(STYLES), numbers
    # And as a 16-colour terminal really gets them: four different escape codes.
    console = Console(color_system="standard", force_terminal=True, width=40, legacy_windows=False)
    codes = set()
    for character in Character:
        with console.capture() as capture:
            console.print(character_text(character), end="")
        codes.add(re.match(r"\x1b\[([0-9;]+)m", capture.get()).group(1))
    assert len(codes) == len(STYLES)
