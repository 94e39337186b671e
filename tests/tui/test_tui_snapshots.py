"""Snapshots (pytest-textual-snapshot) of the main screens at the 100×30 minimum.

Update after a deliberate change of look: pytest tests/tui --snapshot-update
"""

from __future__ import annotations

import random

from test_table_trust_snapshots import to_the_draft
from tui_helpers import at_the_last_plan, first_keys, first_keys_game, keyed_game, make_app, play_by_keys, press_until, screen_name

SIZE = (100, 30)
SET_UP_3 = ("enter", "enter", "enter") * 3  # pass screen, the first Plan, the first Foundation, per player


def test_names_with_a_clash(snap_compare, tui_deck):
    """Three names typed, two the same: the whole box and its error in sight at 100×30."""
    keys = (*"Ann", "tab", *"Bob", "tab", *"ann", "enter")
    assert snap_compare(make_app(tui_deck, 3, 4, names=None), press=keys, terminal_size=SIZE)


def test_table(snap_compare, tui_deck):
    assert snap_compare(make_app(tui_deck, 3, 4), run_before=to_the_draft, terminal_size=SIZE)


def test_placement_preview(snap_compare, tui_deck):
    assert snap_compare(make_app(tui_deck, 3, 4), run_before=to_the_draft, press=("2", "enter", "down"), terminal_size=SIZE)


def to_the_patron_panel(deck):
    """The app at the round's last draft (the first choices the keys make), and what
    runs it to the first Patron panel: "1", Enter, Enter, the panel."""
    async def finish_round(pilot):
        app = pilot.app
        await press_until(
            pilot,
            lambda: screen_name(app) == "PatronScreen",
            lambda: first_keys(app),
            "the patron panel",
        )

    to_patron = first_keys_game(deck, 3, 4, until=lambda game: len(game.awards) == 1)[:-1]
    return make_app(deck, 3, 4, decisions=to_patron), finish_round


def to_the_final_screen(deck):
    """The app at the last Plan of the game the keys of random.Random(4) play, and what
    plays it to the end by keys."""
    rng = random.Random(4)
    decisions = keyed_game(deck, 3, 4, rng, until=at_the_last_plan)

    async def play(pilot):
        await play_by_keys(pilot, pilot.app, rng)

    return make_app(deck, 3, 4, decisions=decisions), play


def test_patron_panel(snap_compare, tui_deck):
    app, run_before = to_the_patron_panel(tui_deck)
    assert snap_compare(app, run_before=run_before, terminal_size=SIZE)


def test_final_screen(snap_compare, tui_deck, deck_path_of_any_checkout):
    app, run_before = to_the_final_screen(tui_deck)
    assert snap_compare(app, run_before=run_before, terminal_size=SIZE)


def test_too_small_message(snap_compare, tui_deck):
    assert snap_compare(make_app(tui_deck, 2, 4), terminal_size=(80, 24))
