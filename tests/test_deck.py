"""The game's own deck meets its design constraints; bad deck files fail clearly."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from helpers import child_env
from pier18.engine import CHARACTERS, GOAL_KINDS, DeckError, load_deck


def test_deck_has_eighteen_cards_of_four_sections(deck):
    assert sorted(deck) == list(range(1, 19))
    assert all(len(card) == 4 for card in deck.values())


def test_dates_are_unique(deck):
    assert len({card.date for card in deck.values()}) == 18


def test_patrons_three_singles_per_character_and_every_pair_once(deck):
    singles = Counter(card.patrons[0] for card in deck.values() if len(card.patrons) == 1)
    pairs = Counter(frozenset(card.patrons) for card in deck.values() if len(card.patrons) == 2)
    assert singles == {c: 3 for c in CHARACTERS}
    assert pairs == {frozenset(p): 1 for p in combinations(CHARACTERS, 2)}


def test_characters_per_card_and_per_deck(deck):
    assert all(2 <= card.characters <= 5 for card in deck.values())
    totals = Counter(slot for card in deck.values() for section in card.sections for slot in section if slot)
    assert all(14 <= totals[c] <= 18 for c in CHARACTERS), totals


def test_plan_goals(deck):
    plans = [card.plan for card in deck.values()]
    assert sum(plan.split for plan in plans) >= 6
    texts = [g.text for plan in plans for g in {plan.two, plan.three}]
    assert len(texts) == len(set(texts))
    kinds = {g.kind for plan in plans for g in (plan.two, plan.three)}
    assert len(kinds) >= 8 and kinds <= set(GOAL_KINDS)


#: Goals that total something over the whole pier: a 3-player pier has one card fewer, so
#: the same number is harder there, and each such card needs its own 3-player goal.
COUNTING_KINDS = {"count", "points", "characters", "sections", "patrons"}


def test_every_counting_goal_has_its_own_three_player_goal(deck):
    for card in deck.values():
        two, three = card.plan.two, card.plan.three
        if {two.kind, three.kind} & COUNTING_KINDS:
            assert two != three and two.text != three.text, f"card {card.id}: one {two.kind} goal for both sizes"


GOOD_CARD = """
[[cards]]
id = 1
name = "Bandstand"
date = "01-17"
patron = ["poet"]
sections = [["flower", ""], ["", "poet"]]
[cards.plan]
goal = { text = "At least 5 Poets", kind = "count", character = "poet", at_least = 5 }
"""


@pytest.mark.parametrize(
    "old, new, message",
    [
        ('date = "01-17"', 'date = "02-30"', r"card 1: field 'date'"),
        ('patron = ["poet"]', 'patron = ["poets"]', r"card 1: field 'patron': unknown character 'poets'"),
        ('["", "poet"]]', '["", "poet", "x"]]', r"card 1: field 'sections': section 2"),
        ('["", "poet"]]', '["", "bard"]]', r"card 1: field 'sections': section 2: unknown character 'bard'"),
        ('kind = "count"', 'kind = "vibes"', r"card 1: field 'plan.goal.kind': unknown goal kind 'vibes'"),
        ("at_least = 5", "at_least = -1", r"card 1: field 'plan.goal.at_least'"),
        (", at_least = 5", "", r"card 1: field 'plan.goal': goal kind 'count' needs at_least or at_most"),
        ('sections = [["flower", ""], ["", "poet"]]', 'sections = [["flower", ""]]', r"card 1: field 'sections'"),
        ("id = 1", "id = 40", r"card #1: field 'id'"),
        ("at_least = 5", "at_least = 5, at_most = 4", r"card 1: field 'plan.goal': at_least is more than at_most"),
        ("[cards.plan]", "[cards.plan]\nbonus = -3", r"card 1: field 'plan.bonus'"),
    ],
)
def test_bad_card_fields_name_file_card_and_field(tmp_path, old, new, message):
    path = tmp_path / "deck.toml"
    path.write_text(GOOD_CARD.replace(old, new))
    with pytest.raises(DeckError, match=message) as info:
        load_deck(path)
    assert str(path) in str(info.value)


def test_broken_toml_missing_file_and_short_deck(tmp_path):
    path = tmp_path / "deck.toml"
    path.write_text("[[cards]\nid = 1\n")
    with pytest.raises(DeckError, match="not valid TOML.*line 1"):
        load_deck(path)
    with pytest.raises(DeckError, match="cannot read the deck file"):
        load_deck(tmp_path / "missing.toml")
    path.write_text(GOOD_CARD)
    with pytest.raises(DeckError, match="the deck has 1 cards; Pier 18 needs 18"):
        load_deck(path)


def test_duplicate_ids_and_dates_are_refused(tmp_path):
    path = tmp_path / "deck.toml"
    path.write_text(GOOD_CARD + GOOD_CARD.replace("At least 5", "At least 6"))
    with pytest.raises(DeckError, match="card 1: field 'id': the id is used twice"):
        load_deck(path)
    path.write_text(GOOD_CARD + GOOD_CARD.replace("id = 1", "id = 2").replace("At least 5", "At least 6"))
    with pytest.raises(DeckError, match="card 2: field 'date': 01-17 is also the date of card 1"):
        load_deck(path)


def test_engine_accepts_cards_of_any_length_from_two(tmp_path):
    from helpers import make_deck, random_game

    deck = make_deck(sections=lambda i: [["poet", ""], ["", "lovers"]] + [["fisher", ""]] * (i % 4))
    assert {len(c) for c in deck.values()} == {2, 3, 4, 5}
    game = random_game(deck, 3, 1)
    assert game.is_terminal()


def test_the_deck_is_found_from_any_directory(tmp_path):
    import subprocess
    import sys

    code = "from pier18.engine import load_deck; print(len(load_deck()))"
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, env=child_env(), check=True)
    assert out.stdout.strip() == "18"
