"""Shared fixtures: the game's deck."""

from __future__ import annotations

import pytest

from pier18.engine import load_deck


@pytest.fixture(scope="session")
def deck():
    return load_deck()
