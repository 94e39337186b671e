"""Shared fixtures: the game's deck."""

from __future__ import annotations

import pytest

from pier18.engine import load_deck


@pytest.fixture(scope="session")
def deck():
    return load_deck()


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path, monkeypatch):
    """Autosaves from any test go to a temporary folder, never the player's own."""
    monkeypatch.setenv("PIER18_DATA_DIR", str(tmp_path / "pier18-data"))
