"""Fixtures for the Textual app tests: a frozen deck so snapshots never drift."""

from __future__ import annotations

from pathlib import Path

import pytest

from pier18.engine import load_deck

DECK_FILE = Path(__file__).with_name("deck.toml")


@pytest.fixture(scope="session")
def tui_deck():
    return load_deck(DECK_FILE)
