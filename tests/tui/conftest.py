"""Fixtures for the Textual app tests: a frozen deck so snapshots never drift."""

from __future__ import annotations

from pathlib import Path

import pytest

from pier18.engine import load_deck

DECK_FILE = Path(__file__).with_name("deck.toml")


@pytest.fixture(scope="session")
def tui_deck():
    return load_deck(DECK_FILE)


@pytest.fixture
def deck_path_of_any_checkout(monkeypatch):
    """The final screen's `pier18 score` lines name the deck's file, whose absolute path
    differs from checkout to checkout; its length would change how the lines wrap, and so
    a snapshot. Snapshots show it as one fixed path instead."""
    from pathlib import Path

    monkeypatch.setattr("pier18.tui.screens.final.deck_file", lambda deck: Path("/pier18/tests/tui/deck.toml"))
