"""Snapshots of the main screens in Dutch, at the 100×30 minimum, with the shipped deck
(its Dutch names and goals): what a Dutch player sees, kept as it is.

Update after a deliberate change of look or wording: pytest tests/tui --snapshot-update
"""

from __future__ import annotations

import pytest
from test_table_trust_snapshots import to_the_draft
from test_tui_snapshots import to_the_final_screen, to_the_patron_panel
from tui_helpers import make_app

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
    app, run_before = to_the_patron_panel(dutch)
    assert snap_compare(app, run_before=run_before, terminal_size=SIZE)


def test_final_screen(snap_compare, dutch, deck_path_of_any_checkout):
    app, run_before = to_the_final_screen(dutch)
    assert snap_compare(app, run_before=run_before, terminal_size=SIZE)


def test_too_small_message(snap_compare, dutch):
    assert snap_compare(make_app(dutch, 2, 4), terminal_size=(80, 24))
