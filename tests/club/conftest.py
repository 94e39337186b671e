"""Fixtures for the club's store: a fresh club on a clock the test drives, in SQLite (a
file in tmp_path) and in PostgreSQL (a schema of its own), every store test run on both.

PostgreSQL is found through PIER18_TEST_POSTGRES (`postgresql://user:password@host:port/db`,
as .ci/postgres prints it); where it is not set, psycopg is missing or the server does
not answer, the PostgreSQL half of each test is skipped, saying which of those it was.
Each test gets its own schema (a random name, the connection's `search_path`), dropped
after the test (club_databases.py)."""

from __future__ import annotations

import pytest

from pier18.club.keys import new_key
from pier18.club.store import ClubStore, open_store

from club_databases import BACKENDS, club_database


class FakeClock:
    """The store's `now`: still until the test moves it."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.time = start

    def __call__(self) -> float:
        return self.time

    def advance(self, seconds: float) -> None:
        self.time += seconds


@pytest.fixture(params=BACKENDS)
def backend(request) -> str:
    """Which database the club is in: "sqlite" or "postgresql"."""
    return request.param


@pytest.fixture
def club_db(backend, tmp_path):
    """The club's database, as `--db` names it: a SQLite file, or a PostgreSQL address
    whose connections use a schema of this test's own."""
    with club_database(backend, tmp_path) as db:
        yield db


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def store(club_db, clock) -> ClubStore:
    made = open_store(club_db, now=clock)
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
