"""Fixtures for the club's store: a fresh SQLite club in tmp_path, on a clock the test drives."""

from __future__ import annotations

import pytest

from pier18.club.keys import new_key
from pier18.club.store import ClubStore, open_store


class FakeClock:
    """The store's `now`: still until the test moves it."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.time = start

    def __call__(self) -> float:
        return self.time

    def advance(self, seconds: float) -> None:
        self.time += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def club_path(tmp_path):
    return tmp_path / "club.sqlite3"


@pytest.fixture
def store(club_path, clock) -> ClubStore:
    made = open_store(club_path, now=clock)
    yield made
    made.close()


@pytest.fixture
def keys() -> dict[str, str]:
    """A key for each of the usual members."""
    return {name: new_key() for name in ("Ann", "Bob", "Cy")}


@pytest.fixture
def members(store, keys):
    """Ann, Bob and Cy, registered."""
    for name, key in keys.items():
        store.hello(name, key)
    return store
