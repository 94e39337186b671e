"""What the club's store asks of a database, and what differs between the two it runs on:
the `Dialect`, SQLite's (here) and PostgreSQL's (`postgres.py`); a connection factory for
SQLite; and `StoreError`, the one-line error of the store. store.py holds everything else."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from ..engine.errors import Pier18Error

BUSY_SECONDS = 10.0  # how long a writer waits for another's transaction before giving up


class StoreError(Pier18Error):
    """Something the club cannot do as asked, or a database it cannot use; one line."""


# -- the database's dialect --------------------------------------------------------------


class Connection(Protocol):
    """What the store asks of a DB-API connection (in autocommit mode: it says BEGIN itself)."""

    def cursor(self) -> Any: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class Dialect:
    """What differs between the databases the store runs on. Queries are written with `?`
    placeholders and `{lock}` where a row lock goes."""

    name: str
    placeholder: str
    begin_write: str  # starts a transaction that will write: it waits for the writer before
    begin_read: str  # starts a transaction that reads one consistent snapshot
    lock: str  # after a SELECT that reads the row about to be written
    id_column: str  # an integer key the database numbers itself
    errors: tuple[type[Exception], ...]
    #: Asks whether a table of this name exists (one `?`: the name), counting them.
    has_table: str = "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = ?"
    #: Run after `begin_write` where the transaction must be the only such one at a time
    #: (a new name, a schema step, a bot's first rating): SQLite's BEGIN IMMEDIATE already is.
    exclusive: str = ""
    #: The errors that mean "another transaction was in the way": try again later.
    busy: tuple[type[Exception], ...] = ()
    #: Tells the club's other server processes, at commit, that a table changed (one `?`:
    #: what to tell); empty where one process serves the club.
    notify: str = ""

    def sql(self, text: str) -> str:
        return text.replace("?", self.placeholder).replace("{lock}", self.lock).replace("{id}", self.id_column)


SQLITE = Dialect(
    "sqlite", "?", "BEGIN IMMEDIATE", "BEGIN", "", "INTEGER PRIMARY KEY", (sqlite3.Error,),
)


def sqlite_connection(path: Path) -> Callable[[], Connection]:
    """A factory of connections to the SQLite club at `path`: WAL (readers never wait for
    the writer), `synchronous=FULL` (a commit is on disk when it returns), a busy timeout,
    foreign keys checked."""

    def connect() -> Connection:
        conn = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None)
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
        conn.execute("PRAGMA journal_mode = WAL").fetchall()
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
        return conn

    return connect
