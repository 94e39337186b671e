"""The game's own deck meets its design constraints; bad deck files fail clearly."""

from __future__ import annotations

import re
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from helpers import child_env
from pier18.engine import CHARACTERS, GOAL_KINDS, DeckError, load_deck
from pier18.engine.characters import Character
from pier18.engine.goals import Goal
from pier18.engine.text import shorten

ROOT = Path(__file__).resolve().parents[1]


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


def style_problems(goal) -> list[str]:
    """How a goal's text leaves the deck's one style, or says other numbers than it checks.

    The style: a capital first letter and no full stop; a bound written "at least N" or
    "at most N" with the goal's own number (never "N+"), and no other number; a goal
    that compares players "More ... than any rival"; the character or category named.
    """
    text = goal.text
    problems = []
    if not text[:1].isupper() or text.endswith("."):
        problems.append("starts with a capital and ends without a full stop")
    if re.search(r"\d\+", text):
        problems.append('writes a bound as "N+"')
    bounds = [n for n in (goal.at_least, goal.at_most) if n is not None]
    if [int(n) for n in re.findall(r"\d+", text)] != bounds:
        problems.append(f"names the numbers {bounds} and no other")
    if goal.at_least is not None and f"at least {goal.at_least}" not in text.lower():
        problems.append(f'says "at least {goal.at_least}"')
    if goal.at_most is not None and f"at most {goal.at_most}" not in text.lower():
        problems.append(f'says "at most {goal.at_most}"')
    if goal.compares_players and not (text.startswith("More ") and text.endswith(" than any rival")):
        problems.append('reads "More ... than any rival"')
    named = goal.character or goal.category
    if named is not None and named.title.removesuffix("s") not in text:
        problems.append(f"names {named.title}")
    return [f"{text!r} {problem}" for problem in problems]


def _goals(deck):
    return [goal for card in deck.values() for goal in dict.fromkeys((card.plan.two, card.plan.three))]


def test_every_plan_goal_reads_in_one_style(deck):
    """"At least 6 Flower Sellers" beside "4+ of every character" read as two styles (deck 4)."""
    assert [problem for goal in _goals(deck) for problem in style_problems(goal)] == []


def test_the_style_check_finds_each_way_out_of_the_style():
    old = load_deck(ROOT / "scripts" / "deck-v4.toml")  # deck 4 wrote "N+" beside "At least N"
    assert sum(bool(style_problems(goal)) for goal in _goals(old)) >= 10
    wrong = [
        Goal("count", "At least 9 Poets", character=Character.POET, at_least=8),  # another number
        Goal("count", "8 Poets or more", character=Character.POET, at_least=8),  # no "at least"
        Goal("sections", "At least 15 visible sections", at_most=15),  # the wrong bound
        Goal("most", "The most Poets", character=Character.POET),
        Goal("count", "At least 8 Lovers", character=Character.POET, at_least=8),  # another character
        Goal("patrons", "at least 3 Patrons.", at_least=3),
    ]
    assert all(style_problems(goal) for goal in wrong)


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
    assert shorten(path) in str(info.value)


def test_broken_toml_missing_file_and_short_deck(tmp_path):
    path = tmp_path / "deck.toml"
    path.write_text("[[cards]\nid = 1\n")
    with pytest.raises(DeckError, match="not valid TOML.*line 1"):
        load_deck(path)
    with pytest.raises(DeckError, match="cannot read the deck file"):
        load_deck(tmp_path / "missing.toml")
    path.write_text(GOOD_CARD)
    with pytest.raises(DeckError, match="the deck has 1 card; Pier 18 needs 18"):
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


# -- every deck error, word for word (a representative of each kind of mistake) ----------

import copy  # noqa: E402
import tomllib  # noqa: E402
from pathlib import Path  # noqa: E402

from pier18.engine.deck import MAX_DECK_BYTES, default_deck_path, parse_deck  # noqa: E402

FROZEN = tomllib.loads((Path(__file__).parent / "tui" / "deck.toml").read_text(encoding="utf-8"))
CARD1 = ("cards", 0)
TWO = (*CARD1, "plan", "two")
CHARACTER_NAMES = "flower, poet, lovers, fisher"
KIND_NAMES = "count, points, patrons, sections, characters, group, each_side, empty_run, variety, most, most_points"


def put(path, value):
    def change(data):
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return change


def drop(path):
    def change(data):
        node = data
        for key in path[:-1]:
            node = node[key]
        del node[path[-1]]

    return change


def changed(change):
    data = copy.deepcopy(FROZEN)
    change(data)
    return data


DATE = "d.toml: card 1: field 'date': expected a date as \"MM-DD\", got "
ID = "d.toml: card #1: field 'id': expected a whole number from 1 to 18"
BONUS = "d.toml: card 1: field 'plan.bonus': expected a whole number of points from 0 to 50, not "
GOAL_NUMBER = "d.toml: card 1: field 'plan.two.{}': expected a whole number from 0 to 999, not "
NAME_LONG = "d.toml: card 1: field 'name': {} characters long; a card's name has at most 32 (a wide character counts as two)"
GOAL_LONG = "d.toml: card 1: field 'plan.{}.text': {} characters long; a goal's text has at most 64 (a wide character counts as two)"
PLAN_NEEDS = "d.toml: card 1: field 'plan': expected `goal`, or both `two` and `three`"


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d.update(cards=[]), "d.toml: no [[cards]] tables found"),
        (lambda d: d.update(cards={"id": 1}), "d.toml: no [[cards]] tables found"),
        (put(("cards", 2), "x"), "d.toml: card #3: not a table"),
        (put((*CARD1, "id"), True), ID),
        (put((*CARD1, "id"), 0), ID),
        (put((*CARD1, "id"), 19), ID),
        (put((*CARD1, "id"), "1"), ID),
        (put((*CARD1, "name"), "  "), "d.toml: card 1: field 'name': expected a non-empty string"),
        (put((*CARD1, "name"), 7), "d.toml: card 1: field 'name': expected a non-empty string"),
        (put((*CARD1, "name"), ""), "d.toml: card 1: field 'name': expected a non-empty string"),
        (put((*CARD1, "name"), "\u3000\u00a0\t\n"), "d.toml: card 1: field 'name': expected a non-empty string"),
        (put((*CARD1, "name"), "\ufe0f\U0001f3fd"), "d.toml: card 1: field 'name': expected a non-empty string"),
        # Only marks drawn on nothing, or the blank Braille cell: it would show as nothing.
        (put((*CARD1, "name"), "\u0301\u0301"), "d.toml: card 1: field 'name': expected a non-empty string"),
        (put((*CARD1, "name"), " \u2800 "), "d.toml: card 1: field 'name': expected a non-empty string"),
        # Deck texts have a length: a 10,000-character name once took every column of `pier18 cards`.
        (put((*CARD1, "name"), "x" * 33), NAME_LONG.format(33)),
        (put((*CARD1, "name"), "x" * 10_000), NAME_LONG.format(10_000)),
        (put((*CARD1, "name"), "中" * 17), NAME_LONG.format(34)),  # two cells each, as drawn
        (put((*CARD1, "name"), "a" + "\u0301" * 40), NAME_LONG.format(40)),  # marks piled on one letter count
        (put((*TWO, "text"), "x" * 65), GOAL_LONG.format("two", 65)),
        (put(("cards", 1, "plan", "goal", "text"), "y" * 10_000), GOAL_LONG.format("goal", 10_000).replace("card 1", "card 2")),
        (put((*CARD1, "date"), "02-30"), DATE + "'02-30'"),
        (put((*CARD1, "date"), "13-01"), DATE + "'13-01'"),
        (put((*CARD1, "date"), "00-10"), DATE + "'00-10'"),
        (put((*CARD1, "date"), "01-00"), DATE + "'01-00'"),
        (put((*CARD1, "date"), "04-31"), DATE + "'04-31'"),
        (put((*CARD1, "date"), "1-17"), DATE + "'1-17'"),
        (put((*CARD1, "date"), "01-7"), DATE + "'01-7'"),
        (put((*CARD1, "date"), "01-17-01"), DATE + "'01-17-01'"),
        (put((*CARD1, "date"), "0117"), DATE + "'0117'"),
        (put((*CARD1, "date"), 117), DATE + "117"),
        (put((*CARD1, "patron"), []), "d.toml: card 1: field 'patron': expected a list of one or two characters"),
        (put((*CARD1, "patron"), ["poet", "flower", "fisher"]), "d.toml: card 1: field 'patron': expected a list of one or two characters"),
        (put((*CARD1, "patron"), ["poet", "poet"]), "d.toml: card 1: field 'patron': the same character is listed twice"),
        (put((*CARD1, "patron"), ["bard"]), f"d.toml: card 1: field 'patron': unknown character 'bard' (use one of {CHARACTER_NAMES})"),
        (put((*CARD1, "patron"), [3]), f"d.toml: card 1: field 'patron': unknown character 3 (use one of {CHARACTER_NAMES})"),
        (put((*CARD1, "sections"), [["poet", ""]]), "d.toml: card 1: field 'sections': expected a list of at least two [left, right] sections"),
        (put((*CARD1, "sections"), "poet"), "d.toml: card 1: field 'sections': expected a list of at least two [left, right] sections"),
        (put((*CARD1, "sections", 1), ["poet", "", ""]), "d.toml: card 1: field 'sections': section 2 must be a [left, right] pair"),
        (put((*CARD1, "sections", 1), "poet"), "d.toml: card 1: field 'sections': section 2 must be a [left, right] pair"),
        (
            put((*CARD1, "sections", 2, 1), "bard"),
            f"d.toml: card 1: field 'sections': section 3: unknown character 'bard' (use one of {CHARACTER_NAMES})",
        ),
        (drop((*CARD1, "plan")), "d.toml: card 1: field 'plan': expected a [cards.plan] table"),
        (put((*CARD1, "plan", "bonus"), -1), BONUS + "-1"),
        (put((*CARD1, "plan", "bonus"), True), BONUS + "True"),
        (put((*CARD1, "plan", "bonus"), "4"), BONUS + "'4'"),
        (put((*CARD1, "plan", "bonus"), 51), BONUS + "51"),
        (put((*CARD1, "plan", "bonus"), 10**400), BONUS + repr(10**400)[:59] + "…"),
        (put((*CARD1, "sections"), [["poet", ""]] * 13), "d.toml: card 1: field 'sections': 13 sections; a card has at most 12"),
        (put((*CARD1, "sections"), [["poet", ""]] * 5000), "d.toml: card 1: field 'sections': 5000 sections; a card has at most 12"),
        (
            put((*CARD1, "plan", "goal"), {"text": "x", "kind": "patrons", "at_least": 1}),
            "d.toml: card 1: field 'plan': give either `goal` or both `two` and `three`, not both",
        ),
        (
            put(("cards", 1, "plan", "two"), {"text": "x", "kind": "patrons", "at_least": 1}),
            "d.toml: card 2: field 'plan': give either `goal` or both `two` and `three`, not both",
        ),
        (
            put(("cards", 1, "plan", "three"), {"text": "x", "kind": "patrons", "at_least": 1}),
            "d.toml: card 2: field 'plan': give either `goal` or both `two` and `three`, not both",
        ),
        (drop((*CARD1, "plan", "three")), PLAN_NEEDS),
        (drop((*CARD1, "plan", "two")), PLAN_NEEDS),
        (put(TWO, "x"), "d.toml: card 1: field 'plan.two': expected a table such as {text = \"...\", kind = \"count\", ...}"),
        (put((*CARD1, "plan", "three"), "x"), "d.toml: card 1: field 'plan.three': expected a table such as {text = \"...\", kind = \"count\", ...}"),
        (put(("cards", 1, "plan", "goal"), "x"), "d.toml: card 2: field 'plan.goal': expected a table such as {text = \"...\", kind = \"count\", ...}"),
        (put((*TWO, "text"), " "), "d.toml: card 1: field 'plan.two.text': expected the goal's text"),
        (put((*TWO, "text"), 5), "d.toml: card 1: field 'plan.two.text': expected the goal's text"),
        (put((*TWO, "kind"), ["count"]), f"d.toml: card 1: field 'plan.two.kind': unknown goal kind ['count'] (known: {KIND_NAMES})"),
        (put((*TWO, "kind"), "vibes"), f"d.toml: card 1: field 'plan.two.kind': unknown goal kind 'vibes' (known: {KIND_NAMES})"),
        (put((*TWO, "colour"), 1), "d.toml: card 1: field 'plan.two': 'colour' is not a setting of goal kind 'count'"),
        (drop((*TWO, "character")), "d.toml: card 1: field 'plan.two.character': goal kind 'count' needs it"),
        (drop((*TWO, "at_least")), "d.toml: card 1: field 'plan.two': goal kind 'count' needs at_least or at_most"),
        (
            put((*TWO, "character"), "bard"),
            f"d.toml: card 1: field 'plan.two.character': unknown character 'bard' (use one of {CHARACTER_NAMES})",
        ),
        (
            put(("cards", 1, "plan", "goal", "category"), "bard"),
            f"d.toml: card 2: field 'plan.goal.category': unknown character 'bard' (use one of {CHARACTER_NAMES})",
        ),
        (put((*TWO, "at_least"), -1), GOAL_NUMBER.format("at_least") + "-1"),
        (put((*TWO, "at_least"), "5"), GOAL_NUMBER.format("at_least") + "'5'"),
        (put((*TWO, "at_least"), 1000), GOAL_NUMBER.format("at_least") + "1000"),
        (put((*TWO, "at_most"), True), GOAL_NUMBER.format("at_most") + "True"),
        (put((*TWO, "at_most"), 10**30), GOAL_NUMBER.format("at_most") + str(10**30)),
        (put((*TWO, "at_most"), 4), "d.toml: card 1: field 'plan.two': at_least is more than at_most: the goal could never be met"),
        (put(("cards", 1, "id"), 1), "d.toml: card 1: field 'id': the id is used twice"),
        (put(("cards", 1, "date"), "01-17"), "d.toml: card 2: field 'date': 01-17 is also the date of card 1"),
        (
            put(("cards", 1, "plan", "goal", "text"), "At least 4 Poets"),
            "d.toml: card 2: field 'plan': goal text 'At least 4 Poets' is used twice",
        ),
        (lambda d: d["cards"].pop(), "d.toml: the deck has 17 cards; Pier 18 needs 18"),
        (lambda d: d.update(version=0), "d.toml: field 'version': expected a whole number from 1 to 9999, not 0"),
        (lambda d: d.update(version=True), "d.toml: field 'version': expected a whole number from 1 to 9999, not True"),
        (lambda d: d.update(version="2"), "d.toml: field 'version': expected a whole number from 1 to 9999, not '2'"),
        (lambda d: d.update(version=10_000), "d.toml: field 'version': expected a whole number from 1 to 9999, not 10000"),
        # A field the deck does not have is a typo, never a silent default (`bonsu` left the bonus at 4).
        (
            put((*CARD1, "plan", "bonsu"), 9),
            "d.toml: card 1: field 'plan.bonsu': not a field here (the fields: bonus, goal, two, three)",
        ),
        (
            put((*CARD1, "nmae"), "Pier"),
            "d.toml: card 1: field 'nmae': not a field here (the fields: id, name, date, patron, sections, plan)",
        ),
        (lambda d: d.update(title="x"), "d.toml: field 'title': not a field here (the fields: version, cards)"),
        (
            put((*CARD1, "x" * 300), 1),
            f"d.toml: card 1: field '{'x' * 39}…': not a field here (the fields: id, name, date, patron, sections, plan)",
        ),
    ],
)
def test_each_deck_mistake_is_one_exact_line(change, message):
    with pytest.raises(DeckError) as info:
        parse_deck(changed(change), "d.toml")
    assert str(info.value) == message


def test_a_control_character_in_the_source_name_is_shown_as_a_stand_in():
    with pytest.raises(DeckError) as info:
        parse_deck({}, "d\x1b.toml")
    assert str(info.value) == "d\u241b.toml: no [[cards]] tables found"


def test_what_a_deck_may_leave_out_or_spell_loosely():
    def loosen(data):
        data["version"] = 2
        first = data["cards"][0]
        first["patron"] = "flower"  # one patron as a plain string
        first["name"] = "  Bandstand \t"
        first["date"] = "02-29"  # there is a 29 February
        del first["plan"]["bonus"]
        first["plan"]["two"]["text"] = " At least 5 Poets "
        first["plan"]["three"] = {"text": "Exactly 3 Poets", "kind": "count", "character": "poet", "at_least": 3, "at_most": 3}
        data["cards"][1]["date"] = "12-31"
        data["cards"][2]["plan"]["bonus"] = 0
        data["cards"][1]["plan"]["bonus"] = 6  # one goal for both counts, its own bonus
        data["cards"][2]["plan"]["three"]["at_least"] = 0  # a bound of 0 is allowed

    deck = parse_deck(changed(loosen), "d.toml", "abc")
    first = deck[1]
    assert (deck.version, deck.source, deck.digest) == (2, "d.toml", "abc")
    assert first.patrons == ("flower",)
    assert first.name == "Bandstand" and first.date == "02-29"
    assert first.plan.bonus == 4  # the rules' default
    assert first.plan.two.text == "At least 5 Poets"
    assert (first.plan.three.at_least, first.plan.three.at_most) == (3, 3)
    assert deck[3].plan.bonus == 0 and deck[3].plan.three.at_least == 0
    assert deck[2].plan.bonus == 6
    assert first.sections[2] == (None, None) and first.sections[3] == ("flower", "lovers")
    one_goal = deck[2].plan
    assert one_goal.two is one_goal.three and one_goal.two.kind == "most_points" and one_goal.two.category == "flower"
    assert parse_deck(FROZEN, "d.toml").version == 1  # no `version`: 1


def test_deck_texts_up_to_their_limits_load_and_the_shipped_deck_fits_easily():
    from pier18.engine.deck import MAX_GOAL_TEXT_LENGTH, MAX_NAME_LENGTH, text_length

    def longest(data):
        data["cards"][0]["name"] = "x" * MAX_NAME_LENGTH
        data["cards"][1]["name"] = "中" * (MAX_NAME_LENGTH // 2)
        data["cards"][0]["plan"]["two"]["text"] = "y" * MAX_GOAL_TEXT_LENGTH
        data["cards"][2]["name"] = "  " + "z" * MAX_NAME_LENGTH + "  "  # the spaces around are not the name's

    deck = parse_deck(changed(longest), "d.toml")
    assert deck[1].name == "x" * MAX_NAME_LENGTH and deck[2].name == "中" * 16 and len(deck[1].plan.two.text) == 64
    shipped = load_deck()
    names = [text_length(card.name) for card in shipped.values()]
    goals = [text_length(goal.text) for card in shipped.values() for goal in (card.plan.two, card.plan.three)]
    assert max(names) * 2 <= MAX_NAME_LENGTH and max(goals) * 1.4 <= MAX_GOAL_TEXT_LENGTH, (max(names), max(goals))


def test_a_plan_with_two_goals_gives_each_its_player_count():
    plan = parse_deck(FROZEN, "d.toml")[1].plan
    assert plan.goal_for(2).text == "At least 5 Poets"
    assert plan.goal_for(3).text == "At least 4 Poets"


def test_deck_files_that_cannot_be_read_say_why_in_one_line(tmp_path):
    path = tmp_path / "d.toml"
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(DeckError) as info:
        load_deck(path)
    assert str(info.value) == f"{shorten(path)}: the deck file is not UTF-8 text"
    path.write_text("x = " + "[" * 100_000 + "]" * 100_000)
    with pytest.raises(DeckError) as info:
        load_deck(path)
    assert str(info.value) == f"{shorten(path)}: not valid TOML: nested too deeply"
    path.write_text("[[cards]\n")
    with pytest.raises(DeckError) as info:
        load_deck(path)
    message = str(info.value)  # the rest is tomllib's own wording, which varies by Python
    assert message.startswith(f"{shorten(path)}: not valid TOML: ") and "(at line 1, column 8)" in message
    with pytest.raises(DeckError) as info:
        load_deck(tmp_path / "none.toml")
    assert str(info.value) == f"{shorten(tmp_path / 'none.toml')}: cannot read the deck file (No such file or directory)"
    with pytest.raises(DeckError) as info:
        load_deck(tmp_path)
    assert str(info.value) == f"{shorten(tmp_path)}: cannot read the deck file (not a regular file)"
    path.write_bytes(b"#" * (MAX_DECK_BYTES + 1))
    with pytest.raises(DeckError) as info:
        load_deck(path)
    assert str(info.value) == f"{shorten(path)}: the deck file is over 1024 KiB; a deck is a few KiB"


def test_a_deck_file_of_exactly_the_size_limit_is_read(tmp_path):
    path = tmp_path / "d.toml"
    path.write_bytes(b"#" * MAX_DECK_BYTES)  # one long comment: read, parsed, and found empty
    with pytest.raises(DeckError) as info:
        load_deck(path)
    assert str(info.value) == f"{shorten(path)}: no [[cards]] tables found"


def test_a_loaded_deck_knows_its_file_and_the_hash_of_its_bytes(tmp_path):
    import hashlib

    path = tmp_path / "d.toml"
    path.write_bytes((Path(__file__).parent / "tui" / "deck.toml").read_bytes())
    deck = load_deck(path)
    assert deck.source == str(path) and deck.version == 1
    assert deck.digest == hashlib.sha256(path.read_bytes()).hexdigest()
    assert [card.id for card in deck.cards()] == list(range(1, 19)) and deck.cards()[4] is deck[5]


def test_a_deck_given_as_data_without_a_name_is_called_deck():
    with pytest.raises(DeckError) as info:
        parse_deck({})
    assert str(info.value) == "<deck>: no [[cards]] tables found"
    with pytest.raises(DeckError) as info:
        parse_deck(["cards"], "d.toml")  # TOML data that is not a table at all
    assert str(info.value) == "d.toml: no [[cards]] tables found"
    deck = parse_deck(FROZEN)
    assert (deck.source, deck.digest, deck.version) == ("<deck>", "", 1)


@pytest.mark.parametrize("field", ["version = 5", "at_least = 5"])
def test_a_number_of_thousands_of_digits_is_one_line(tmp_path, field):
    text = default_deck_path().read_text(encoding="utf-8")
    assert field in text
    path = tmp_path / "d.toml"
    path.write_text(text.replace(field, field.split("=")[0] + "= " + "9" * 5000, 1), encoding="utf-8")
    with pytest.raises(DeckError) as info:  # Python itself will not read it as a number
        load_deck(path)
    assert str(info.value) == f"{shorten(path)}: not valid TOML: a number far too long"


@pytest.mark.parametrize("command", [["cards"], ["simulate", "--games", "1"], ["score", "--cards", "1", "--plan", "1", "--players", "2"]])
def test_a_card_name_of_ten_thousand_characters_is_one_line_naming_card_and_field(capsys, tmp_path, command):
    """It was accepted, and `pier18 cards` then lost every Plan goal column."""
    from pier18.cli import main

    path = tmp_path / "long.toml"
    path.write_text(default_deck_path().read_text(encoding="utf-8").replace('"Tea Room"', '"' + "Tea " * 2500 + '"'), encoding="utf-8")
    assert main([*command, "--deck", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == (
        f"pier18: {shorten(path)}: card 2: field 'name': 9999 characters long; a card's name has at most 32 (a wide character counts as two)\n"
    )


# -- the deck `pier18 play` reads before its first paint (engine.later_deck) -------------


def test_the_shipped_decks_check_may_wait_only_because_it_is_checked_here():
    """`pier18 play` parses the shipped deck after its first paint when the file's bytes
    have SHIPPED_DECK_SHA256; this test is the check that makes that safe."""
    import hashlib

    from pier18.engine.deck_file import SHIPPED_DECK_SHA256

    raw = default_deck_path().read_bytes()
    assert hashlib.sha256(raw).hexdigest() == SHIPPED_DECK_SHA256, (
        "data/cards.toml changed: set SHIPPED_DECK_SHA256 in src/pier18/engine/deck_file.py to "
        + hashlib.sha256(raw).hexdigest()
    )
    assert len(load_deck()) == 18


def test_a_deck_read_for_later_is_checked_at_once_unless_it_is_the_shipped_one(tmp_path, monkeypatch):
    """Any deck but the shipped one, byte for byte, is checked in full when it is read:
    a broken deck is the same one line as `load_deck` says, before any game starts. The
    shipped deck's bytes are parsed when first asked for, from what was read then."""
    from pier18.engine.later_deck import LaterDeck, later_deck

    parsed = []
    real = LaterDeck.__call__
    monkeypatch.setattr(LaterDeck, "__call__", lambda self: parsed.append(self) or real(self))
    shipped = default_deck_path().read_bytes()
    copy = tmp_path / "copy.toml"
    copy.write_bytes(shipped)
    later = later_deck(copy)
    assert parsed == []  # not parsed yet
    copy.write_text("broken = [")  # changed since: the bytes read before are the deck
    deck = later()
    assert deck.digest == load_deck().digest and deck.source == str(copy) and later() is deck

    broken = tmp_path / "broken.toml"
    broken.write_bytes(shipped.replace(b'"Tea Room"', b'"Tea Room" "'))
    with pytest.raises(DeckError) as info:
        later_deck(broken)
    with pytest.raises(DeckError) as again:
        load_deck(broken)
    assert str(info.value) == str(again.value) and shorten(broken) in str(info.value)
    with pytest.raises(DeckError) as info:
        later_deck(tmp_path / "none.toml")
    assert str(info.value) == f"{shorten(tmp_path / 'none.toml')}: cannot read the deck file (No such file or directory)"


def test_a_broken_shipped_deck_stops_play_in_one_line_before_the_game(tmp_path, monkeypatch, capsys):
    """An installation whose deck was damaged: `pier18 play` says so in one line, exit
    status 2, before any screen (the shipped deck's check waits only for its own bytes)."""
    from pier18.cli import main
    from pier18.engine import later_deck

    damaged = tmp_path / "cards.toml"
    damaged.write_bytes(default_deck_path().read_bytes().replace(b"[[cards]]", b"[[cards]", 1))
    monkeypatch.setattr(later_deck, "default_deck_path", lambda: damaged)
    monkeypatch.setenv("PIER18_DATA_DIR", str(tmp_path / "data"))
    assert main(["play", "--players", "2"]) == 2
    out, err = capsys.readouterr()
    assert out == ""  # said before anything else (here: before the plain lines' first words)
    assert err.startswith(f"pier18: {shorten(damaged)}: not valid TOML: ") and err.count("\n") == 1
