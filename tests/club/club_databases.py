"""The databases a club's tests run on: SQLite files, and PostgreSQL found through
PIER18_TEST_POSTGRES (`postgresql://user:password@host:port/db`, as .ci/postgres prints
it), each test in a schema of its own; and `Raw`, plain SQL on a test's club."""

from __future__ import annotations

import os
import secrets
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import pytest

from pier18.club.store import is_postgres

POSTGRES_ENV = "PIER18_TEST_POSTGRES"
BACKENDS = ("sqlite", "postgresql")


_reached: dict[str, str | None] = {}  # address -> why it cannot be used (None: it can)


def postgres_server() -> str:
    """The test PostgreSQL's address, or skip saying why there is none."""
    url = os.environ.get(POSTGRES_ENV, "").strip()
    if not url:
        pytest.skip(f"PostgreSQL tests need {POSTGRES_ENV}=postgresql://user:password@host:port/db (.ci/run sets it with .ci/postgres)")
    if url not in _reached:
        try:
            import psycopg
        except ImportError:
            _reached[url] = "PostgreSQL tests need psycopg: pip install -e '.[postgres]'"
        else:
            try:
                psycopg.connect(url, connect_timeout=10).close()
                _reached[url] = None
            except psycopg.Error as exc:
                first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
                _reached[url] = f"the PostgreSQL of {POSTGRES_ENV} does not answer: {first}"
    why = _reached[url]
    if why is not None:
        pytest.skip(why)
    return url


def in_schema(url: str, schema: str) -> str:
    """The address with every connection's search_path set to `schema`."""
    options = quote(f"-c search_path={schema}", safe="")
    return f"{url}{'&' if '?' in url else '?'}options={options}"


class PostgresSchema:
    """A schema of its own for one test, made now, dropped (with everything in it) by `drop`."""

    def __init__(self) -> None:
        import psycopg

        self.server = postgres_server()
        self.name = "pier18_test_" + secrets.token_hex(6)
        with psycopg.connect(self.server, autocommit=True) as admin:
            admin.execute(f"CREATE SCHEMA {self.name}")
        self.url = in_schema(self.server, self.name)

    def drop(self) -> None:
        import psycopg

        with psycopg.connect(self.server, autocommit=True) as admin:
            admin.execute("SET lock_timeout = '60s'")  # a killed child's connection is gone by then
            admin.execute(f"DROP SCHEMA IF EXISTS {self.name} CASCADE")


@contextmanager
def club_database(backend: str, folder: Path) -> Iterator[Path | str]:
    """A club's database as `--db` names it, for one test: a SQLite file in `folder`, or
    a PostgreSQL address whose connections use a schema of its own (dropped after)."""
    if backend == "sqlite":
        yield folder / "club.sqlite3"
        return
    schema = PostgresSchema()
    try:
        yield schema.url
    finally:
        schema.drop()


class Raw:
    """Plain SQL on a test's club, outside the store (to damage rows, to build an old
    schema), written with `?` placeholders for both databases; each statement commits."""

    def __init__(self, db: str | Path) -> None:
        self.postgres = is_postgres(db)
        if self.postgres:
            import psycopg

            self.errors: tuple[type[Exception], ...] = (psycopg.Error,)
            self.conn = psycopg.connect(str(db), autocommit=True)
        else:
            self.errors = (sqlite3.Error,)
            self.conn = sqlite3.connect(db, isolation_level=None)

    def run(self, sql: str, params: tuple = ()) -> list[tuple]:
        if self.postgres:
            sql = sql.replace("?", "%s")
        cur = self.conn.cursor()
        cur.execute(sql, params)
        return cur.fetchall() if cur.description is not None else []

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> "Raw":
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()
