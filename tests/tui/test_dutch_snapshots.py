"""Snapshots of the main screens in Dutch, at the 100×30 minimum, with the shipped deck
(its Dutch names and goals): what a Dutch player sees, kept as it is.

Update after a deliberate change of look or wording: pytest tests/tui --snapshot-update
"""

from __future__ import annotations

import random

import pytest
from test_table_trust_snapshots import to_the_draft
from tui_helpers import at_the_last_plan, first_keys, first_keys_game, keyed_game, make_app, play_by_keys, press_until, screen_name

from pier18.engine import load_deck

SIZE = (100, 30)


@pytest.fixture
def dutch(speaking):
    speaking("nl")
    return load_deck(None)


def test_set_up(snap_compare, dutch):
    assert snap_compare(make_app(dutch, 3, 4), press=("enter",), terminal_size=SIZE)


def test_table(snap_compare, dutch):
    assert snap_compare(make_app(dutch, 3, 4), run_before=to_the_draft, terminal_size=SIZE)


def test_placement_preview(snap_compare, dutch):
    assert snap_compare(make_app(dutch, 3, 4), run_before=to_the_draft, press=("2", "enter", "down"), terminal_size=SIZE)


def test_patron_panel(snap_compare, dutch):
    async def finish_round(pilot):
        app = pilot.app
        await press_until(pilot, lambda: screen_name(app) == "PatronScreen", lambda: first_keys(app), "the patron panel")

    to_patron = first_keys_game(dutch, 3, 4, until=lambda game: len(game.awards) == 1)[:-1]
    assert snap_compare(make_app(dutch, 3, 4, decisions=to_patron), run_before=finish_round, terminal_size=SIZE)


def test_final_screen(snap_compare, dutch, deck_path_of_any_checkout):
    rng = random.Random(4)
    decisions = keyed_game(dutch, 3, 4, rng, until=at_the_last_plan)

    async def play(pilot):
        await play_by_keys(pilot, pilot.app, rng)

    assert snap_compare(make_app(dutch, 3, 4, decisions=decisions), run_before=play, terminal_size=SIZE)


def test_too_small_message(snap_compare, dutch):
    assert snap_compare(make_app(dutch, 2, 4), terminal_size=(80, 24))
