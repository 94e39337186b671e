"""The deck's own words, a card's name and a goal's text, are read from the catalog
(contexts "card" and "goal") wherever they are shown; a custom deck's words the catalog
does not know are shown as its file writes them."""

from __future__ import annotations

import pytest

from pier18 import words
from pier18.speech.moves import card_label, card_name, goal_text
from pier18.engine import load_deck
from pier18.engine.motives import Keeps, Places
from pier18.speech.why import motive_text
from pier18.engine.deck import parse_deck, read_toml
from tiny_catalog import speak_tiny

DUTCH = {("card", "Bandstand"): "Muziektent", ("goal", "At least 8 Poets"): "Minstens 8 Dichters"}


@pytest.fixture
def dutch(monkeypatch, tmp_path, speaking):
    speak_tiny(monkeypatch, tmp_path, DUTCH)
    yield
    speaking("en")


def custom_deck():
    """The shipped deck with card 1 renamed and its goal reworded, as a player's own file."""
    from pier18.engine.deck import default_deck_path

    text = default_deck_path().read_text(encoding="utf-8")
    text = text.replace('name = "Bandstand"', 'name = "Rowing Club"', 1).replace('"At least 8 Poets"', '"Eight Poets or more"', 1)
    return parse_deck(read_toml(text, "mine.toml"), "mine.toml")


def test_the_shipped_deck_is_shown_in_the_language_spoken(dutch):
    deck = load_deck()
    card = deck[1]
    assert card_name(card) == "Muziektent"
    assert card_label(card) == "#1 Muziektent"
    assert goal_text(card.plan.goal_for(2)) == "Minstens 8 Dichters"


def test_a_custom_deck_is_shown_as_written(dutch):
    card = custom_deck()[1]
    assert card_name(card) == "Rowing Club"
    assert card_label(card) == "#1 Rowing Club"
    assert goal_text(card.plan.goal_for(2)) == "Eight Poets or more"


def test_english_is_the_deck_as_written():
    card = load_deck()[1]
    assert card_name(card) == "Bandstand" and goal_text(card.plan.goal_for(2)) == "At least 8 Poets"


def test_the_screens_show_the_deck_in_the_language_spoken(dutch):
    """The places a card's name or a goal's text is drawn: a card, a Plan's summary, a
    bot's reason, a hint's."""
    from rich.console import Console

    from pier18.engine import score_sections
    from pier18.render.pier import draw_card
    from pier18.render.plan import plan_summary

    deck = load_deck()
    card = deck[1]
    console = Console(width=100, record=True)
    console.print(draw_card(card))
    console.print(plan_summary(card, 2, score_sections(card.sections), [], None, final=False))
    drawn = console.export_text()
    assert "Muziektent" in drawn and "Minstens 8 Dichters" in drawn
    assert "Bandstand" not in drawn and "At least 8 Poets" not in drawn
    assert "Muziektent" in motive_text(Places(card, True, 0))
    kept = motive_text(Keeps(card, card.plan.goal_for(2), card, 3))
    assert "Muziektent" in kept and "Minstens 8 Dichters" in kept
