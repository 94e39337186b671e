"""Names that pass for one another: look-alikes are one name wherever names are compared.

Case, width and spacing variants were always one name (`name_key`); a name written
with letters of another alphabet or look-alike signs ("Аnn" with a Cyrillic А beside
"Ann", "bоt:hard" with a Cyrillic о, "Hаrd bot", a Unicode hyphen for "-") is one too:
`look_alike_key` is Unicode's confusable skeleton (UTS #39, ICU's). Names that differ in
a letter or an accent stay apart. The club's members are in tests/club/test_look_alike_members.py.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pier18.bots.seats import clashes_with_bots
from pier18.cli import main
from pier18.cli.play import parse_names
from pier18.engine.errors import Pier18Error
from pier18.engine.text import all_differ, look_alike_key, name_key, passes_for, same_name

pytestmark = pytest.mark.usefixtures("at_a_terminal")

CYRILLIC_A, CYRILLIC_O, CYRILLIC_E = "\u0410", "\u043e", "\u0435"
LOOK_ALIKES = [
    ("Ann", f"{CYRILLIC_A}nn"),  # Cyrillic А
    ("bot:hard", f"b{CYRILLIC_O}t:hard"),  # Cyrillic о
    ("Hard bot", "H\u0430rd bot"),  # Cyrillic а
    ("Hard-bot", "Hard\u2010bot"),  # a Unicode hyphen
    ("Hard-bot", "Hard\u2013bot"),  # an en dash
    ("Bob", "\u0412ob"),  # a Cyrillic capital В, whose small letter looks like no b
    ("Peter", f"P{CYRILLIC_E}t{CYRILLIC_E}r"),
    ("Olga", "\u039flga"),  # a Greek capital Omicron
    ("Ian", "lan"),  # a capital I and a small l
    ("Bo1", "Bol"),
    ("Emma", "Ernrna"),
]
DISTINCT = [
    ("Ann", "Anna"), ("José", "Jose"), ("Zoë", "Zoe"), ("Daan", "Dean"), ("Noor", "Noör"),
    ("Eva", "Eve"), ("Ann-Marie", "Annemarie"), ("Anouk", "Anoek"), ("Sem", "Sam"), ("Tim", "Tom"),
]

#: Latin letters and the letters of other alphabets that are drawn the same.
HOMOGLYPHS = {
    "a": "\u0430", "c": "\u0441", "e": "\u0435", "o": "\u043e", "p": "\u0440", "x": "\u0445", "y": "\u0443",
    "A": "\u0410", "B": "\u0412", "E": "\u0415", "H": "\u041d", "K": "\u041a", "M": "\u041c", "O": "\u041e",
    "P": "\u0420", "T": "\u0422", "X": "\u0425", "N": "\u039d", "Z": "\u0396", "i": "\u0456", "j": "\u0458",
}


@pytest.mark.parametrize(("name", "look_alike"), LOOK_ALIKES)
def test_a_look_alike_is_the_same_name(name, look_alike):
    assert name_key(name) != name_key(look_alike)  # not one by case, width or spacing
    assert look_alike_key(name) == look_alike_key(look_alike)
    assert same_name(name, look_alike) and same_name(look_alike, name)
    assert passes_for(look_alike, ["Cy", name]) == name
    assert not all_differ(["Cy", name, look_alike])


@pytest.mark.parametrize(("name", "other"), DISTINCT)
def test_names_that_differ_in_a_letter_or_an_accent_stay_apart(name, other):
    assert not same_name(name, other)
    assert all_differ([name, other]) and passes_for(name, [other]) is None


def test_case_width_and_spacing_are_still_one_name():
    for variant in ["ann", " ANN ", "\uff21nn"]:  # a fullwidth Ａ
        assert same_name("Ann", variant)
    assert same_name("Tea Room", "tea  room") and same_name("Tea Room", "Tea\u00a0Room")  # a no-break space
    assert same_name("IJsbrand", "\u0132sbrand")  # the Dutch ligature Ĳ


@given(st.text(alphabet="".join(HOMOGLYPHS), min_size=1, max_size=12), st.data())
def test_any_name_with_letters_swapped_for_their_homoglyphs_passes_for_it(name, data):
    swapped = "".join(HOMOGLYPHS[c] if data.draw(st.booleans()) else c for c in name)
    assert same_name(name, swapped)
    assert passes_for(swapped, [name]) == name


@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéëïöüáè", min_size=1, max_size=12),
       st.sampled_from("abcdefghijklmnopqrstuvwxyzéëö"))
def test_a_name_and_that_name_with_a_letter_more_are_two_names(name, letter):
    assert not same_name(name, name + letter)  # "Ann" and "Anna"


@pytest.mark.parametrize(("name", "look_alike"), LOOK_ALIKES[:3] + LOOK_ALIKES[5:6])
def test_two_players_may_not_take_look_alike_names(name, look_alike):
    with pytest.raises(Pier18Error, match="must all differ"):
        parse_names(f"{name},{look_alike}", 2)
    assert parse_names(f"{name},{name}a", 2) == [name, f"{name}a"]


@pytest.mark.parametrize("name", ["H\u0430rd bot", "H\u0430rd b\u043et", "h\u0430rd  BOT"])
def test_a_player_may_not_take_a_name_that_passes_for_a_bots(name, capsys):
    assert clashes_with_bots([name], ["human", "hard"]) == name
    assert main(["play", "--players", "2", "--bots", "1", "--names", name]) == 2
    err = capsys.readouterr().err
    assert "is a bot's name in this game" in err and err.count("\n") == 1


def test_the_hosts_seats_may_not_take_look_alike_names(capsys):
    """`host --names` is checked as `play --names` is, before anything is opened."""
    argv = ["host", "--players", "2", "--names", f"Ann,{CYRILLIC_A}nn", "--port", "0", "--bind", "127.0.0.1"]
    assert main(argv) == 2
    assert "--names must all differ" in capsys.readouterr().err


def test_in_dutch_a_bots_name_with_a_look_alike_hyphen_is_the_bots(capsys, speaking):  # English again after it
    """In Dutch the bot plays as "Hard-bot": "Hard‐bot" with a Unicode hyphen is that name."""
    assert main(["--lang", "nl", "play", "--players", "2", "--bots", "1", "--names", "Hard\u2010bot"]) == 2
    assert "is de naam van een bot in dit spel" in capsys.readouterr().err
