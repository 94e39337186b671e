"""Snapshots of the table at three terminal sizes, the Plan progress in the pier panels
and the final screen (pytest-textual-snapshot; frozen deck tests/tui/deck.toml).

Update after a deliberate change of look, after reading the text diff:
pytest tests/tui --snapshot-update
"""

from __future__ import annotations

import random

import pytest
from tui_helpers import (
    at_the_last_plan, first_keys, first_keys_game, keyed_game, make_app, play_by_keys, press_until, screen_name, take_the_laptop,
)

SET_UP_3 = ("enter", "enter", "enter") * 3  # pass screen, the first Plan, the first Foundation, per player


async def to_the_draft(pilot) -> None:
    """Every set-up, then the first person to draft takes the laptop."""
    await pilot.press(*SET_UP_3)
    await pilot.pause()
    await take_the_laptop(pilot, pilot.app)


@pytest.mark.parametrize("size", [(100, 30), (120, 40), (160, 50)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_table_at(snap_compare, tui_deck, size):
    assert snap_compare(make_app(tui_deck, 3, 4), run_before=to_the_draft, terminal_size=size)


@pytest.mark.parametrize("size", [(100, 30), (120, 40), (160, 50)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_set_up_at(snap_compare, tui_deck, size):
    """Ann's set-up: the second card kept as the Plan, the third pointed at as the
    Foundation (the pier it starts, the Plan judged on it), the legend beside."""
    assert snap_compare(make_app(tui_deck, 3, 4), press=("enter", "2", "enter", "right"), terminal_size=size)


def test_plan_progress_panels(snap_compare, tui_deck):
    """Two rounds in: every panel shows its Plan card, verdict and numbers ("Poets: 2/4")."""

    async def two_rounds(pilot):
        app = pilot.app
        await press_until(
            pilot,
            lambda: screen_name(app) == "TableScreen" and app.session.game.round == 3,
            lambda: first_keys(app),
            "round 3",
        )

    # From round 2's last draft (the first choices the keys make).
    to_round_3 = first_keys_game(tui_deck, 3, 4, until=lambda game: len(game.awards) == 2)[:-1]
    assert snap_compare(make_app(tui_deck, 3, 4, decisions=to_round_3), run_before=two_rounds, terminal_size=(140, 45))


def test_final_screen_wide(snap_compare, tui_deck, deck_path_of_any_checkout):
    rng = random.Random(4)  # the game of test_tui_snapshots.py::test_final_screen
    decisions = keyed_game(tui_deck, 3, 4, rng, until=at_the_last_plan)

    async def play(pilot):
        await play_by_keys(pilot, pilot.app, rng)

    assert snap_compare(make_app(tui_deck, 3, 4, decisions=decisions), run_before=play, terminal_size=(160, 50))
