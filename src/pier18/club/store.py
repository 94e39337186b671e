"""The club's state: its members, its tables and every move, in one database.

SQLite by default (`open_store`: WAL, `synchronous=FULL`, a busy timeout; the file is
`club.sqlite3` in the data folder), through DB-API calls only, so that the PostgreSQL
store (`postgres.py`, for a `postgresql://` address) differs in its connection and its
`Dialect` (placeholders, how a transaction starts, the row lock, the id column) and
nothing else. The schema is versioned: `STEPS`, one per version; a new club is given
them all, an older one only by `migrate` (`pier18 club serve --migrate`).

The whole truth of a table is its game record (`persist.record`, the JSON every other
command reads), plus what the record cannot hold yet: the choices seats made ahead of
their turn in set-up or the Plan placement (`ahead`). `turn` counts every decision the
table accepted, and the `moves` log holds each of them once, append-only.

A decision is ONE transaction, committed before the call returns (so before anyone is
told it was accepted): take the table's write lock (`BEGIN IMMEDIATE`; `SELECT ... FOR
UPDATE` on PostgreSQL), read the row back as hostile, check that the seat is the
caller's and that the turn it saw is still the table's, let the engine check the
decision (`Session.choose`), write the record with `WHERE id = ? AND turn = ?`, append
the move, rate the game when it ended, commit. Of two connections deciding for one seat
at once, one wins and the other is told its turn is stale, or that the seat has moved.

Rows read back are hostile: any row that is not what this module writes (a damaged
record, a turn that disagrees with the record, a field of the wrong type) is one
`DamagedStore` line naming the table or the member, never a traceback; a read that makes
a list (`games_of`, `open_tables`, `ratings`, `leases`) leaves such a row out when given
a list to put it in (`left_out`), so one bad row never spoils the whole answer.

A SQLite club's files are its owner's alone (`make_private`: the database made 0600
before SQLite opens it, looser modes repaired), and nothing in them makes a seat's ticket:
only each ticket's hash is kept (`keep_ticket`), the ticket made from the member's key,
which the club never keeps. docs/club.md.
"""

from __future__ import annotations

import functools
import json
import math
import os
import re
import secrets
import sqlite3
import stat as kinds
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..bots import LEVELS, make_bot
from ..bots.seats import HUMAN, bot_name, clashes_with_bots
from ..engine import Decision, PlayerView, load_deck, parse_decision
from ..engine.errors import Pier18Error
from ..engine.sizes import TABLE_SIZES, check_table_size
from ..engine.text import look_alike_key, name_key, passes_for, printable, printable_name, quote, shorten
from ..i18n import _, ngettext
from ..net.protocol import new_code, normalize_code
from ..persist import record as records
from ..persist.autosave import data_dir
from ..persist.files import Over, put_in_place
from ..session import Session
from . import clock as clocks
from .clock import Clock
from .database import BUSY_SECONDS as BUSY_SECONDS, SQLITE, Connection, Dialect, StoreError as StoreError, sqlite_connection
from .keys import KEY, key_hash, same
from .ratings import BOT_PREFIX, MU, SIGMA, Rating, bot_member, places, rate_members

FILE_NAME = "club.sqlite3"
SCHEMA_VERSION = 4
MAX_NAME = records.MAX_NAME
MAX_INVITED = 16
MAX_JSON = 64 * 1024  # the small JSON columns (invited, ahead, lost_on_time)
MAX_DECISION = records.MAX_DECISION
STATUSES = ("open", "playing", "over")
SEAT_KINDS: tuple[str, ...] = (HUMAN, *LEVELS)
#: The bot that moves for a seat whose time ran out.
TIMEOUT_BOT = "hard"
#: How long the one-time code of a key reset (`reset`) may be used.
RESET_HOURS = 24


# -- errors ----------------------------------------------------------------------------


class DamagedStore(StoreError):
    """A row read back that is not what the store writes; the message names the table or
    member, and `table` is the table's number when it is a table's row."""

    table: int | None = None


class FailedStore(DamagedStore):
    """The database itself failed (a damaged file, a full disk): not a question of being
    busy, so it is not to be tried again as if it were."""


class StaleTurn(StoreError):
    """A decision made from a turn the table has moved past: look again, then decide."""


class AlreadyMoved(StaleTurn):
    """The seat has already made this decision (from another connection, perhaps)."""


class NameTaken(StoreError):
    """The name belongs to a member with another key."""


class KeyWasReset(StoreError):
    """The operator reset the member's key: a hello needs their one-time code. `code` is
    the refusal: `key_reset` (no code given), `wrong_reset_code`, `reset_code_expired`."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


class TooManyTables(StoreError):
    """A member has made as many tables as they may (`TableLimits`): `code` is the refusal
    (`open_table_limit`, `table_limit`), `limit` the number."""

    def __init__(self, message: str, code: str, limit: int) -> None:
        super().__init__(message)
        self.code = code
        self.limit = limit


@dataclass(frozen=True)
class TableLimits:
    """How many tables one member may have made and not finished: waiting for players
    (`open`; None: not counted) and in all, open or being played (`unfinished`). Every
    member's `list` reads every open table, and the club plays every unfinished one's
    bots and clocks: one member's must not be everyone's cost (docs/club.md)."""

    open: int | None = 10
    unfinished: int = 100


class BadName(StoreError):
    """A name the club cannot take (`club_name`); `why` says which rule it breaks, as a
    code a client words itself: "length" (empty or too long), "bot" (it starts with the
    bots' prefix, `bot:`) or "bot_seat" (it is how a bot's seat is shown, "Hard bot")."""

    def __init__(self, message: str, why: str) -> None:
        super().__init__(message)
        self.why = why


class ReadOnlyStore(StoreError):
    """The club cannot write its database (a read-only file, folder or file system, a
    PostgreSQL standby): said once at start, not by every write after."""


class NameLooksTaken(StoreError):
    """The name is new, but would pass for a member's (`engine.text.same_name`): `member`."""

    def __init__(self, message: str, member: str) -> None:
        super().__init__(message)
        self.member = member


#: The schema, one step per version: `migrate` applies the steps after the stored version.
STEPS: tuple[tuple[str, ...], ...] = (
    (
        "CREATE TABLE schema_version (version INTEGER NOT NULL)",
        """CREATE TABLE players (
            id {id},
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE,
            key_hash TEXT,
            created_at DOUBLE PRECISION NOT NULL,
            rating_mu DOUBLE PRECISION NOT NULL,
            rating_sigma DOUBLE PRECISION NOT NULL,
            games INTEGER NOT NULL
        )""",
        """CREATE TABLE tables (
            id {id},
            created_by INTEGER NOT NULL REFERENCES players (id),
            created_at DOUBLE PRECISION NOT NULL,
            players INTEGER NOT NULL,
            clock_seconds INTEGER,
            on_timeout TEXT NOT NULL,
            invited TEXT,
            status TEXT NOT NULL,
            turn INTEGER NOT NULL,
            moment INTEGER NOT NULL,
            deadline DOUBLE PRECISION,
            record TEXT,
            ahead TEXT NOT NULL,
            lost_on_time TEXT NOT NULL,
            rated INTEGER NOT NULL
        )""",
        """CREATE TABLE seats (
            table_id INTEGER NOT NULL REFERENCES tables (id),
            seat INTEGER NOT NULL,
            player_id INTEGER REFERENCES players (id),
            kind TEXT NOT NULL,
            PRIMARY KEY (table_id, seat)
        )""",
        """CREATE TABLE moves (
            table_id INTEGER NOT NULL REFERENCES tables (id),
            n INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            decision TEXT NOT NULL,
            author TEXT NOT NULL,
            at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (table_id, n)
        )""",
        "CREATE INDEX tables_by_deadline ON tables (status, deadline)",
        "CREATE INDEX seats_by_player ON seats (player_id)",
    ),
    (  # version 2: the club's own secret, which signs the tickets to its tables' seats
        "CREATE TABLE club_secret (secret TEXT NOT NULL)",
    ),
    (  # version 3: leases, held by the server processes sharing the club (docs/club.md, "Several servers")
        "CREATE TABLE leases (name TEXT NOT NULL PRIMARY KEY, holder TEXT NOT NULL, expires DOUBLE PRECISION NOT NULL)",
    ),
    (  # version 4: key resets' one-time codes (their hashes), the tables each member made, counted, and tickets' hashes
        """CREATE TABLE resets (
            player_id INTEGER NOT NULL PRIMARY KEY REFERENCES players (id),
            code_hash TEXT NOT NULL,
            expires DOUBLE PRECISION NOT NULL
        )""",
        "CREATE INDEX tables_by_creator ON tables (created_by, status)",
        # a ticket is made from its member's key, which the club never holds, and only its
        # hash is kept (docs/club.md, "Tickets"); the secret that signed them, which every
        # backup held, is gone, and with it every ticket it signed
        """CREATE TABLE tickets (
            table_id INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            key_hash TEXT NOT NULL,
            ticket_hash TEXT NOT NULL,
            PRIMARY KEY (table_id, seat),
            FOREIGN KEY (table_id, seat) REFERENCES seats (table_id, seat)
        )""",
        "DROP TABLE club_secret",
    ),
)
assert len(STEPS) == SCHEMA_VERSION, "one step per schema version, tested from every earlier one (tests/club/test_migrate.py)"


# -- what the store hands out ------------------------------------------------------------


@dataclass(frozen=True)
class Member:
    id: int
    name: str
    rating: Rating
    registered: bool = False  # this hello made the member (or gave it a new key)


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    kind: str  # "human" or a bot level
    player: str | None  # the member sitting there (None: a bot, or a free seat)


@dataclass(frozen=True)
class Move:
    n: int  # the table's turn once it was accepted, from 1
    seat: int
    decision: str
    author: str  # the seat's kind, or the bot that moved for an away player
    at: float


@dataclass
class Table:
    """A table as read back (and checked): its settings, seats and game."""

    id: int
    created_by: str
    created_at: float
    players: int
    clock: Clock
    invited: tuple[str, ...] | None
    status: str
    turn: int
    moment: int  # the turn since which the decisions now wanted are wanted
    deadline: float | None
    seats: tuple[SeatInfo, ...]
    lost_on_time: tuple[int, ...]
    rated: bool
    session: Session | None  # None while the table waits for players
    #: Choices made ahead of their turn and not applied yet: (decision, author) by seat.
    choices_ahead: dict[int, tuple[str, str]] = field(default_factory=dict)

    @property
    def where(self) -> str:
        return table_name(self.id)

    def to_act(self) -> list[int]:
        """The seats whose decision the table waits for now."""
        if self.session is None or self.status != "playing":
            return []
        game = self.session.game
        if game.simultaneous():
            return [seat for seat in range(game.players) if game.legal_decisions_for(seat)]
        return [game.current_player]

    def seat_of(self, name: str) -> int | None:
        key = name_key(name)
        return next((info.seat for info in self.seats if info.player is not None and name_key(info.player) == key), None)


def table_name(table_id: int) -> str:
    """How an error names a table: 'club table 7'."""
    return _("club table {table}").format(table=table_id)


# -- the store --------------------------------------------------------------------------


class ClubStore:
    """The club's database, through one connection (one store per thread or process).

    `now` gives the time (seconds since the epoch): tests drive it. `before_commit`, if
    set, is called inside every write transaction just before it commits (a test's hook
    for a crash at that moment).
    """

    def __init__(
        self,
        connect: Callable[[], Connection],
        dialect: Dialect = SQLITE,
        now: Callable[[], float] = time.time,
        where: str = "club",
    ) -> None:
        self.dialect = dialect
        self.now = now
        self.where = where
        self.before_commit: Callable[[], None] | None = None
        #: The files made private as this store opened (`make_private`): for one line at start.
        self.repaired: tuple[str, ...] = ()
        #: Who writes through this store (a server process), in the notices it sends.
        self.origin = ""
        self._connect = connect
        try:
            self._conn = connect()
        except dialect.errors as exc:
            raise self._failed(exc) from None

    def close(self) -> None:
        with suppress(*self.dialect.errors):
            self._conn.close()

    def __enter__(self) -> "ClubStore":
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # -- transactions -------------------------------------------------------------------

    def _failed(self, exc: Exception) -> StoreError:
        why = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        if "locked" in why or "busy" in why or isinstance(exc, self.dialect.busy):
            return StoreError(_("{club}: the club's database is busy; try again").format(club=self.where))
        return FailedStore(_("{club}: the club's database failed ({why})").format(club=self.where, why=shorten(why, 200)))

    @contextmanager
    def _writing(self, exclusive: bool = False) -> Iterator[Any]:
        """One write transaction: committed when the block ends, rolled back if it raises.
        `exclusive`: no other exclusive one runs meanwhile (see `Dialect.exclusive`)."""
        cur = self._begin(self.dialect.begin_write)
        try:
            if exclusive and self.dialect.exclusive:
                cur.execute(self.dialect.exclusive)
            yield cur
            if self.before_commit is not None:
                self.before_commit()
            cur.execute("COMMIT")
        except BaseException as exc:
            with suppress(*self.dialect.errors):
                cur.execute("ROLLBACK")
            if isinstance(exc, self.dialect.errors):
                raise self._failed(exc) from None
            raise

    @contextmanager
    def _reading(self) -> Iterator[Any]:
        """One read transaction: every query in it sees the same committed state."""
        cur = self._begin(self.dialect.begin_read)
        try:
            yield cur
        except self.dialect.errors as exc:
            raise self._failed(exc) from None
        finally:
            with suppress(*self.dialect.errors):
                cur.execute("COMMIT")

    def _begin(self, statement: str) -> Any:
        """A cursor in a new transaction. A connection found broken here (a database
        server restarted, a connection cut) is made again once: nothing was done on it yet."""
        for attempt in (1, 2):
            try:
                if getattr(self._conn, "closed", False) is True:  # a psycopg connection that broke
                    self._reconnect()
                cur = self._conn.cursor()
                cur.execute(statement)
                return cur
            except self.dialect.errors as exc:
                if attempt == 2 or getattr(self._conn, "closed", False) is not True:
                    raise self._failed(exc) from None
        raise AssertionError("unreachable")

    def _reconnect(self) -> None:
        with suppress(*self.dialect.errors):
            self._conn.close()
        try:
            self._conn = self._connect()
        except self.dialect.errors as exc:
            raise self._failed(exc) from None

    def _run(self, cur: Any, sql: str, params: Sequence[object] = ()) -> Any:
        cur.execute(self.dialect.sql(sql), tuple(params))
        return cur

    def _notify(self, cur: Any, table: "Table") -> None:
        """Tell the club's other server processes, when this transaction commits, that the
        table moved on (PostgreSQL's NOTIFY, delivered at commit and only then; SQLite has
        one server process and nobody to tell): the table, its turn, who wrote it, and the
        members whose turn it now is (for their `watch`)."""
        if self.dialect.notify:
            turn_of = [table.seats[seat].player for seat in table.to_act() if table.seats[seat].kind == HUMAN]
            notice = {"table": table.id, "turn": table.turn, "from": self.origin, "turn_of": [name for name in turn_of if name is not None]}
            self._run(cur, self.dialect.notify, (json.dumps(notice, ensure_ascii=False),))

    # -- schema ----------------------------------------------------------------------------

    def version(self) -> int:
        """The schema version of the database (0: empty)."""
        with self._reading() as cur:
            return self._version(cur)

    def _version(self, cur: Any) -> int:
        if self._run(cur, self.dialect.has_table, ("schema_version",)).fetchone()[0] == 0:
            return 0
        rows = self._run(cur, "SELECT version FROM schema_version").fetchall()
        if len(rows) != 1 or type(rows[0][0]) is not int or rows[0][0] < 1:
            raise DamagedStore(_("{club}: the club's schema version is damaged").format(club=self.where))
        version: int = rows[0][0]
        return version

    def check(self) -> None:
        """Whether the database file is whole, as far as SQLite's quick check can tell (a
        damaged page, an index that disagrees with its table); FailedStore naming the
        first problem. It reads the whole file once: for `club serve` as it starts."""
        if self.dialect is not SQLITE:
            return
        cur = self._conn.cursor()
        try:
            rows = cur.execute("PRAGMA quick_check(1)").fetchall()
        except self.dialect.errors as exc:
            failed = self._failed(exc)
            if not isinstance(failed, FailedStore):
                raise failed from None  # busy: not a verdict on the file
            rows = [(str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__,)]
        if rows != [("ok",)]:
            first = str(rows[0][0]) if rows and rows[0] else "?"
            raise FailedStore(_("{club}: the club's database is damaged ({why}); put a backup in its place").format(
                club=self.where, why=shorten(printable(" ".join(first.rsplit("***", 1)[-1].split())), 120)  # without SQLite's "*** in database main ***"
            ))

    def check_writable(self) -> None:
        """Whether the club can write its database: a write that changes nothing, rolled
        back. ReadOnlyStore (one line) for a read-only file, folder or file system, or a
        PostgreSQL database that takes no writes (a standby, `default_transaction_read_only`):
        for `club serve` as it starts, rather than every move failing later."""
        cur = self._begin(self.dialect.begin_write)
        try:
            self._run(cur, "UPDATE schema_version SET version = version")
        except self.dialect.errors as exc:
            failed = self._failed(exc)
            if not isinstance(failed, FailedStore):
                raise failed from None  # busy: not a verdict on the database
            why = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise read_only(self.where, shorten(printable(why), 120)) from None
        finally:
            with suppress(*self.dialect.errors):
                cur.execute("ROLLBACK")

    def migrate(self, upto: int = SCHEMA_VERSION) -> int:
        """Bring the schema up to this version of pier18 (or to version `upto`: a test's
        old club), one step per transaction; returns the version. A database made by a
        newer pier18 is left alone. Of several processes migrating at once, one does each
        step and the others find it done."""
        while True:
            with self._writing(exclusive=True) as cur:
                version = self._version(cur)
                if version > len(STEPS):
                    raise self._newer(version)
                if version >= upto:
                    return version
                for statement in STEPS[version]:
                    self._run(cur, statement)
                if version == 0:
                    self._run(cur, "INSERT INTO schema_version (version) VALUES (?)", (1,))
                else:
                    self._run(cur, "UPDATE schema_version SET version = ?", (version + 1,))

    def _newer(self, version: int) -> StoreError:
        return StoreError(_("{club}: the club's database was made by a newer pier18 (schema {version}); please upgrade").format(
            club=self.where, version=version
        ))

    def check_version(self, migrate: bool = False) -> int:
        """The schema, ready for this pier18: an empty database is given the whole schema
        (a new club); an older one is brought up to date only with `migrate` (else one
        line saying to run `pier18 club serve --migrate`); a newer one is refused."""
        version = self.version()
        if version > SCHEMA_VERSION:
            raise self._newer(version)
        if version == 0 or migrate:
            return self.migrate()
        if version < SCHEMA_VERSION:
            raise StoreError(_("{club}: the club's database has schema {version}, this pier18 uses {current}: run pier18 club serve --migrate").format(
                club=self.where, version=version, current=SCHEMA_VERSION
            ))
        return version

    # -- members -------------------------------------------------------------------------

    def hello(self, name: str, key: str, reset_code: str | None = None) -> Member:
        """The member `name`, whose key is `key`: registered on first use; NameTaken if the
        name is another key's. After the operator's `reset` the key is set only by a hello
        bringing the one-time code (`reset_code`), once, before it expires; KeyWasReset
        otherwise. A hello whose key is already the member's is welcome with or without a
        code (the answer to the one that set it may have been lost)."""
        shown = club_name(name)
        if not KEY.fullmatch(key):
            raise StoreError(_("{name}: that is not a club key").format(name=quote(shown)))
        with self._writing(exclusive=True) as cur:  # two first hellos with one name: one registers it
            row = self._run(cur, "SELECT id, name, key_hash, rating_mu, rating_sigma, games FROM players WHERE name_key = ? {lock}", (name_key(shown),)).fetchone()
            if row is None:
                members = (name for (name,) in self._run(cur, "SELECT name FROM players").fetchall() if isinstance(name, str))
                twin = passes_for(shown, members)  # "Аnn" (a Cyrillic А) beside Ann: nobody could tell them apart
                if twin is not None:
                    raise NameLooksTaken(_("the name {name} looks like that of {member}, a member of this club").format(
                        name=quote(shown), member=quote(twin)
                    ), twin)
                created = self._run(
                    cur,
                    "INSERT INTO players (name, name_key, key_hash, created_at, rating_mu, rating_sigma, games)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (shown, name_key(shown), key_hash(key), self.now(), MU, SIGMA, 0),
                ).fetchone()
                return Member(_int(created[0]), shown, Rating(), registered=True)
            member = self._member(row[:2] + row[3:])
            stored = row[2]
            if stored is None:
                self._use_reset_code(cur, member, reset_code)
                self._run(cur, "UPDATE players SET key_hash = ? WHERE id = ?", (key_hash(key), member.id))
                return Member(member.id, member.name, member.rating, registered=True)
            if not isinstance(stored, str) or not same(stored, key):
                raise NameTaken(_("the name {name} is taken in this club").format(name=quote(member.name)))
            return member

    def _use_reset_code(self, cur: Any, member: Member, code: str | None) -> None:
        """Spend the one-time code of `member`'s key reset (KeyWasReset if there is none,
        it is not theirs or it has expired): it opens the account once."""
        def refused(why: str) -> KeyWasReset:
            lines = {
                "key_reset": _("{name}: the club's operator reset this key; come back with the one-time code"),
                "wrong_reset_code": _("{name}: that is not the one-time code of this key reset"),
                "reset_code_expired": _("{name}: the one-time code has expired; ask the club's operator for a new one"),
            }
            return KeyWasReset(lines[why].format(name=quote(member.name)), why)

        if code is None:
            raise refused("key_reset")
        row = self._run(cur, "SELECT code_hash, expires FROM resets WHERE player_id = ?", (member.id,)).fetchone()
        if row is None or not isinstance(row[0], str) or not same(row[0], normalize_code(code)):
            raise refused("wrong_reset_code")
        if type(row[1]) not in (int, float) or not row[1] > self.now():
            raise refused("reset_code_expired")
        self._run(cur, "DELETE FROM resets WHERE player_id = ?", (member.id,))

    def reset(self, name: str) -> str:
        """The operator's way back in for a member who lost their key (or had it stolen):
        the key stops opening anything now, and the one-time code returned (its hash alone
        is kept) sets the key of the next hello that brings it, within `RESET_HOURS`. Every
        server process hears of it (`ClubServer.check_keys`) and closes the old key's
        connections."""
        code = new_code()
        with self._writing() as cur:
            row = self._run(cur, "SELECT id, name FROM players WHERE name_key = ? {lock}", (name_key(club_name(name)),)).fetchone()
            if row is None:
                raise StoreError(_("no member of this club is called {name}").format(name=quote(printable_name(name))))
            member_id = _int(row[0])
            self._run(cur, "UPDATE players SET key_hash = NULL WHERE id = ?", (member_id,))
            self._run(cur, "DELETE FROM resets WHERE player_id = ?", (member_id,))
            self._run(
                cur, "INSERT INTO resets (player_id, code_hash, expires) VALUES (?, ?, ?)",
                (member_id, key_hash(normalize_code(code)), self.now() + RESET_HOURS * 3600),
            )
            if self.dialect.notify:  # the other server processes close the old key's connections
                self._run(cur, self.dialect.notify, (json.dumps({"reset": row[1], "from": self.origin}, ensure_ascii=False),))
        return code

    def key_hashes_of(self, names: Sequence[str]) -> dict[str, str | None]:
        """The key hash of each member named (by `name_key`; None: reset, or no such member)."""
        keys = sorted({name_key(name) for name in names})
        found: dict[str, str | None] = dict.fromkeys(keys)
        with self._reading() as cur:
            for start in range(0, len(keys), 500):
                chunk = keys[start : start + 500]
                rows = self._run(
                    cur, "SELECT name_key, key_hash FROM players WHERE name_key IN (%s)" % ", ".join("?" * len(chunk)), chunk,
                ).fetchall()
                for key, value in rows:
                    if key in found:
                        found[key] = value if isinstance(value, str) and len(value) == 64 else None
        return found

    def member(self, name: str) -> Member:
        with self._reading() as cur:
            return self._member_named(cur, name)

    def _member_named(self, cur: Any, name: str) -> Member:
        row = self._run(cur, "SELECT id, name, rating_mu, rating_sigma, games FROM players WHERE name_key = ?", (name_key(printable_name(name)),)).fetchone()
        if row is None:
            raise StoreError(_("no member of this club is called {name}").format(name=quote(printable_name(name))))
        return self._member(row)

    def _member_id(self, cur: Any, name: str) -> tuple[int, str]:
        """The member `name`'s id and name, as `_member_named` finds them, but without their
        rating: a damaged rating keeps them out of the ratings, not out of their own games."""
        row = self._run(cur, "SELECT id, name FROM players WHERE name_key = ?", (name_key(printable_name(name)),)).fetchone()
        if row is None:
            raise StoreError(_("no member of this club is called {name}").format(name=quote(printable_name(name))))
        member_id, shown = row
        if type(member_id) is not int or not isinstance(shown, str) or len(shown) > MAX_NAME or printable_name(shown) != shown:
            raise DamagedStore(_("{club}: a member's row is damaged").format(club=self.where))
        return member_id, shown

    def _member(self, row: Sequence[Any]) -> Member:
        """A members row (id, name, mu, sigma, games), checked."""
        member_id, name, mu, sigma, games = row
        if type(member_id) is not int:
            raise DamagedStore(_("{club}: a member's row is damaged").format(club=self.where))
        rating = Rating(mu, sigma, games) if all(type(v) in (int, float) for v in (mu, sigma)) and type(games) is int else None
        if not isinstance(name, str) or len(name) > MAX_NAME or printable_name(name) != name or rating is None or not rating.usable():
            raise DamagedStore(_("{club}: member {number} is damaged").format(club=self.where, number=member_id))
        return Member(member_id, name, Rating(float(rating.mu), float(rating.sigma), rating.games))

    def ratings(self, left_out: list[DamagedStore] | None = None) -> list[Member]:
        """Every member who has played a rated game, best rated first. A damaged member
        raises, unless `left_out` is given: then it is left out and added there."""
        with self._reading() as cur:
            rows = self._run(cur, "SELECT id, name, rating_mu, rating_sigma, games FROM players WHERE games > 0").fetchall()
        members = []
        for row in rows:
            try:
                members.append(self._member(row))
            except DamagedStore as exc:
                if left_out is None:
                    raise
                left_out.append(exc)
        return sorted(members, key=lambda m: (-m.rating.ordinal, name_key(m.name)))

    # -- tables ---------------------------------------------------------------------------

    def create_table(
        self, creator: str, seats: Sequence[str], clock: Clock = Clock(), invited: Sequence[str] | None = None,
        limits: TableLimits | None = None,
    ) -> Table:
        """A new table: `seats` gives each seat's kind ("human" or a bot level), the
        creator sitting at seat 0 (a human seat); `invited`: the names who may join (None:
        anyone). It starts at once if no human seat is left to fill. `limits`: how many
        tables the creator may have made (TooManyTables beyond), counted in the same
        transaction, the creator's row locked: two at once never pass a limit together."""
        players = check_table_size(len(seats))
        kinds = list(seats)
        for kind in kinds:
            if kind not in SEAT_KINDS:
                raise StoreError(_("unknown seat {kind} (use {kinds})").format(kind=quote(kind), kinds=", ".join(SEAT_KINDS)))
        if kinds[0] != HUMAN:
            raise StoreError(_("the table's creator sits at its first seat, a human one"))
        guests = None if invited is None else [club_name(name) for name in invited]
        if guests is not None and len(guests) > MAX_INVITED:
            raise StoreError(_("a table invites at most {count} players").format(count=MAX_INVITED))
        with self._writing() as cur:
            owner = self._member_named(cur, creator)
            if limits is not None:
                self._check_limits(cur, owner, limits, waits=HUMAN in kinds[1:])
            now = self.now()
            row = self._run(
                cur,
                "INSERT INTO tables (created_by, created_at, players, clock_seconds, on_timeout, invited, status, turn,"
                " moment, deadline, record, ahead, lost_on_time, rated) VALUES (?, ?, ?, ?, ?, ?, 'open', 0, 0, NULL, NULL, '{}', '[]', 0)"
                " RETURNING id",
                (owner.id, now, players, clock.seconds, clock.on_timeout, None if guests is None else json.dumps(guests, ensure_ascii=False)),
            ).fetchone()
            table_id = _int(row[0])
            for seat, kind in enumerate(kinds):
                self._run(
                    cur, "INSERT INTO seats (table_id, seat, player_id, kind) VALUES (?, ?, ?, ?)",
                    (table_id, seat, owner.id if seat == 0 else None, kind),
                )
            if clashes_with_bots([owner.name], kinds) is not None:
                raise StoreError(_("{name} is also a bot's name at this table").format(name=quote(owner.name)))
            table = self._table(cur, table_id, lock=True)
            if not any(info.kind == HUMAN and info.player is None for info in table.seats):
                table = self._start(cur, table)
            self._notify(cur, table)
            return table

    def _check_limits(self, cur: Any, owner: Member, limits: TableLimits, waits: bool) -> None:
        """TooManyTables if `owner` may not make another table (`waits`: it will wait for players)."""
        self._run(cur, "SELECT id FROM players WHERE id = ? {lock}", (owner.id,)).fetchall()  # one creation at a time per member
        rows = self._run(
            cur, "SELECT status, COUNT(*) FROM tables WHERE created_by = ? AND status <> 'over' GROUP BY status", (owner.id,),
        ).fetchall()
        counts = {status: _int(count) for status, count in rows}
        if waits and limits.open is not None and counts.get("open", 0) >= limits.open:
            raise TooManyTables(ngettext(
                "{name} has {n} table waiting for players, the most one member may have",
                "{name} has {n} tables waiting for players, the most one member may have",
                limits.open,
            ).format(name=quote(owner.name), n=limits.open), "open_table_limit", limits.open)
        if sum(counts.values()) >= limits.unfinished:
            raise TooManyTables(ngettext(
                "{name} has made {n} table that is not over, the most one member may have",
                "{name} has made {n} tables that are not over, the most one member may have",
                limits.unfinished,
            ).format(name=quote(owner.name), n=limits.unfinished), "table_limit", limits.unfinished)

    def join(self, table_id: int, name: str) -> Table:
        """`name` takes the first free human seat of an open table (if invited, or the table
        is open to all); the game starts when the last seat is taken."""
        with self._writing() as cur:
            table = self._table(cur, table_id, lock=True)
            member = self._member_named(cur, name)
            if table.status != "open":
                raise StoreError(_("{table} is not waiting for players").format(table=table.where))
            if table.seat_of(member.name) is not None:
                raise StoreError(_("{name} already sits at {table}").format(name=quote(member.name), table=table.where))
            if table.invited is not None and name_key(member.name) not in {name_key(guest) for guest in table.invited}:
                raise StoreError(_("{name} is not invited to {table}").format(name=quote(member.name), table=table.where))
            free = [info.seat for info in table.seats if info.kind == HUMAN and info.player is None]
            if not free:
                raise StoreError(_("{table} has no free seat").format(table=table.where))
            if clashes_with_bots([member.name], [info.kind for info in table.seats]) is not None:
                raise StoreError(_("{name} is also a bot's name at this table").format(name=quote(member.name)))
            self._run(cur, "UPDATE seats SET player_id = ? WHERE table_id = ? AND seat = ?", (member.id, table.id, free[0]))
            table = self._table(cur, table_id, lock=False)
            if len(free) == 1:
                table = self._start(cur, table)
            self._notify(cur, table)
            return table

    def _start(self, cur: Any, table: Table) -> Table:
        """Deal the game of a full table: its record is written, its clock starts."""
        kinds = [info.kind for info in table.seats]
        names = [info.player if info.kind == HUMAN and info.player is not None else bot_name(kinds, info.seat) for info in table.seats]
        session = Session(load_deck(), names, secrets.randbits(63), seats=kinds)
        now = self.now()
        due = clocks.deadline(now, table.clock)
        done = self._run(
            cur,
            "UPDATE tables SET status = 'playing', record = ?, deadline = ?, turn = 0, moment = 0 WHERE id = ? AND status = 'open'",
            (records.dumps(session), due, table.id),
        )
        if done.rowcount != 1:
            raise StaleTurn(_("{table} changed meanwhile; look again").format(table=table.where))
        return self._table(cur, table.id, lock=False)

    def table(self, table_id: int) -> Table:
        """The table, read back and checked (DamagedStore if it is not what was written)."""
        with self._reading() as cur:
            return self._table(cur, table_id, lock=False)

    def export(self, table_id: int) -> str:
        """The table's game record, as `replay`, `review` and `stats` read it (checked first)."""
        table = self.table(table_id)
        if table.session is None:
            raise StoreError(_("{table} has not started").format(table=table.where))
        return records.dumps(table.session)

    def moves(self, table_id: int) -> list[Move]:
        """The table's move log, oldest first."""
        with self._reading() as cur:
            rows = self._run(cur, "SELECT n, seat, decision, author, at FROM moves WHERE table_id = ? ORDER BY n", (table_id,)).fetchall()
        found = []
        for n, seat, decision, author, at in rows:
            if not (type(n) is int and type(seat) is int and isinstance(decision, str) and isinstance(author, str) and type(at) in (int, float)):
                raise DamagedStore(_("{table}: move {number} is damaged").format(table=table_name(table_id), number=n if type(n) is int else "?"))
            found.append(Move(n, seat, decision, author, float(at)))
        return found

    def games_of(self, name: str, left_out: list[DamagedStore] | None = None) -> list[Table]:
        """Every table `name` sits at, newest first. A damaged table raises, unless
        `left_out` is given (see `_tables`)."""
        with self._reading() as cur:
            member_id, _shown = self._member_id(cur, name)
            rows = self._run(cur, "SELECT table_id FROM seats WHERE player_id = ? ORDER BY table_id DESC", (member_id,)).fetchall()
            return self._tables(cur, [_int(row[0]) for row in rows], left_out)

    def open_tables(self, name: str, left_out: list[DamagedStore] | None = None) -> list[Table]:
        """The tables waiting for players that `name` may join, oldest first. A damaged
        table raises, unless `left_out` is given (see `_tables`)."""
        with self._reading() as cur:
            _member_id, shown = self._member_id(cur, name)
            rows = self._run(cur, "SELECT id FROM tables WHERE status = 'open' ORDER BY id").fetchall()
            tables = self._tables(cur, [_int(row[0]) for row in rows], left_out)
        key = name_key(shown)
        return [
            table for table in tables
            if table.seat_of(shown) is None
            and (table.invited is None or key in {name_key(guest) for guest in table.invited})
        ]

    def playing(self) -> list[int]:
        """The tables whose game is being played, oldest first."""
        with self._reading() as cur:
            rows = self._run(cur, "SELECT id FROM tables WHERE status = 'playing' ORDER BY id").fetchall()
        return [_int(row[0]) for row in rows]

    def next_deadline(self) -> float | None:
        """The earliest deadline of a table being played (None: no clock runs)."""
        with self._reading() as cur:
            row = self._run(cur, "SELECT MIN(deadline) FROM tables WHERE status = 'playing' AND deadline IS NOT NULL").fetchone()
        value = None if row is None else row[0]
        if value is not None and (type(value) not in (int, float) or not math.isfinite(value)):
            raise DamagedStore(_("{club}: a table's deadline is damaged").format(club=self.where))
        return None if value is None else float(value)

    def keep_ticket(self, table_id: int, seat: int, member_key_hash: str, ticket_hash: str) -> None:
        """Keep the hash of the ticket just given to the member at `seat` (whose key hashes
        to `member_key_hash`): what opens the seat from now on, on every server process
        and after restarts. The ticket itself is made from the member's key, which the
        club never keeps, so nothing the database (or a backup) holds makes one."""
        with self._writing() as cur:
            row = self._run(
                cur,
                "SELECT p.key_hash, t.key_hash, t.ticket_hash FROM seats s JOIN players p ON p.id = s.player_id"
                " LEFT JOIN tickets t ON t.table_id = s.table_id AND t.seat = s.seat WHERE s.table_id = ? AND s.seat = ?",
                (table_id, seat),
            ).fetchone()
            if row is None or row[0] != member_key_hash:
                raise StoreError(_("{table}: seat {seat} is not that member's").format(table=table_name(table_id), seat=seat + 1))
            if (row[1], row[2]) == (member_key_hash, ticket_hash):
                return  # kept already: asking again writes nothing
            self._run(
                cur,
                "INSERT INTO tickets (table_id, seat, key_hash, ticket_hash) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (table_id, seat) DO UPDATE SET key_hash = excluded.key_hash, ticket_hash = excluded.ticket_hash",
                (table_id, seat, member_key_hash, ticket_hash),
            )

    def ticket_hashes(self, table_id: int) -> list[str | None]:
        """The hash of the ticket that opens each seat (None: a bot's seat, a free one, no
        ticket given yet, or one given for a key the member no longer has: the operator
        reset it, so it opens nothing)."""
        with self._reading() as cur:
            rows = self._run(
                cur,
                "SELECT s.seat, t.ticket_hash FROM seats s LEFT JOIN players p ON p.id = s.player_id"
                " LEFT JOIN tickets t ON t.table_id = s.table_id AND t.seat = s.seat AND t.key_hash = p.key_hash"
                " WHERE s.table_id = ? ORDER BY s.seat",
                (table_id,),
            ).fetchall()
        return [value if isinstance(value, str) and _HASH.fullmatch(value) else None for _seat, value in rows]

    def overdue(self, now: float | None = None) -> list[int]:
        """The tables whose move is late at `now` (default: the store's clock), most late first."""
        now = self.now() if now is None else now
        with self._reading() as cur:
            rows = self._run(
                cur, "SELECT id FROM tables WHERE status = 'playing' AND deadline IS NOT NULL AND deadline <= ? ORDER BY deadline, id",
                (now,),
            ).fetchall()
        return [_int(row[0]) for row in rows]

    # -- leases ------------------------------------------------------------------------------

    def take_lease(self, name: str, holder: str, seconds: float) -> float | None:
        """Hold the lease `name` for `seconds` from now if nobody else holds it (it is free,
        expired, or already `holder`'s): its new expiry, or None while another holds it.
        Two processes taking one lease at once: one gets it."""
        now = self.now()
        with self._writing() as cur:
            self._run(cur, "INSERT INTO leases (name, holder, expires) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING", (name, holder, now + seconds))
            done = self._run(
                cur, "UPDATE leases SET holder = ?, expires = ? WHERE name = ? AND (holder = ? OR expires <= ?)",
                (holder, now + seconds, name, holder, now),
            )
            return now + seconds if done.rowcount == 1 else None

    def let_lease_go(self, name: str, holder: str) -> None:
        """`holder` gives the lease up (it stops): it expires now, for another to take."""
        with self._writing() as cur:
            self._run(cur, "UPDATE leases SET expires = ? WHERE name = ? AND holder = ?", (0.0, name, holder))

    def leases(self, left_out: list[DamagedStore] | None = None) -> dict[str, tuple[str, float]]:
        """Every lease: (holder, expiry) by name. A damaged one raises, unless `left_out`
        is given: then it is left out and added there."""
        with self._reading() as cur:
            rows = self._run(cur, "SELECT name, holder, expires FROM leases").fetchall()
        found = {}
        for name, holder, expires in rows:
            if not (isinstance(name, str) and isinstance(holder, str) and type(expires) in (int, float) and math.isfinite(expires)):
                damaged = DamagedStore(_("{club}: a lease is damaged").format(club=self.where))
                if left_out is None:
                    raise damaged
                left_out.append(damaged)
                continue
            found[name] = (holder, float(expires))
        return found

    def drop_leases(self, names: Sequence[str], before: float) -> list[str]:
        """Remove the leases `names` that expired before `before` (a server process that
        stopped): those removed, each by one caller only."""
        gone = []
        with self._writing() as cur:
            for name in names:
                if self._run(cur, "DELETE FROM leases WHERE name = ? AND expires <= ?", (name, before)).rowcount == 1:
                    gone.append(name)
        return gone

    # -- decisions ---------------------------------------------------------------------------

    def decide(self, table_id: int, seat: int, decision: str | Decision, seen: int, player: str | None) -> Table:
        """`player` (None: the club's own bot, for a bot seat) makes `decision` for `seat`,
        having seen the table at turn `seen`. Committed when this returns; StaleTurn or
        AlreadyMoved if the table moved on meanwhile, IllegalDecision if the rules say no."""
        chosen = _decision(decision)
        with self._writing() as cur:
            table = self._table(cur, table_id, lock=True)
            self._check_seat(table, seat, player)
            self._check_turn(table, seat, seen)
            return self._apply(cur, table, [(seat, chosen, None)], lost=())

    def timeout(self, table_id: int, now: float | None = None) -> Table | None:
        """If the table's move is late at `now`, the hard bot moves for every human seat it
        waits for (a bot seat's own bot moves), said as the bot's; with the "lose" rule
        those seats have lost on time. One transaction; None if nothing was late (or the
        table moved meanwhile)."""
        now = self.now() if now is None else now
        seen = self.table(table_id)
        if seen.status != "playing" or not clocks.overdue(now, seen.deadline):
            return None
        moves = self._bot_moves(seen, timed_out=True)  # thought out before the lock is taken
        lose = seen.clock.on_timeout == "lose"
        with self._writing() as cur:
            table = self._table(cur, table_id, lock=True)
            if table.turn != seen.turn or table.status != "playing" or not clocks.overdue(now, table.deadline):
                return None
            lost = [seat for seat, _d, by in moves if by is not None] if lose else []
            return self._apply(cur, table, moves, lost=lost)

    def play_bots(self, table_id: int) -> Table:
        """Let every bot seat the table waits for move, until it waits for a person (or the
        game ends). Each round of bot moves is one transaction."""
        while True:
            seen = self.table(table_id)
            moves = [move for move in self._bot_moves(seen, timed_out=False) if move[2] is None]
            if not moves:
                return seen
            with self._writing() as cur:
                table = self._table(cur, table_id, lock=True)
                if table.turn != seen.turn:
                    continue
                self._apply(cur, table, moves, lost=())

    def _bot_moves(self, table: Table, timed_out: bool) -> list[tuple[int, Decision, str | None]]:
        """(seat, decision, stand-in level or None) for each seat the table waits for: a
        bot seat's own bot, or for a person's seat (only when `timed_out`) the hard bot."""
        assert table.session is not None
        game = table.session.game
        found = []
        for seat in table.to_act():
            kind = table.seats[seat].kind
            if kind == HUMAN and not timed_out:
                continue
            level = TIMEOUT_BOT if kind == HUMAN else kind
            bot = make_bot(level, table.id * 7919 + table.turn * 31 + seat)
            view = PlayerView.of(game, seat)
            try:
                decision = bot.choose(view)
            except Exception:  # a bot's bug must not stop the table
                decision = view.legal[0]
            found.append((seat, decision, level if kind == HUMAN else None))
        return found

    def _check_seat(self, table: Table, seat: int, player: str | None) -> None:
        if type(seat) is not int or not 0 <= seat < table.players:
            raise StoreError(_("{table} has no seat {seat}").format(table=table.where, seat=seat))
        info = table.seats[seat]
        if player is None:
            if info.kind == HUMAN:
                raise StoreError(_("{table}: seat {seat} is a person's").format(table=table.where, seat=seat + 1))
        elif info.player is None or name_key(info.player) != name_key(printable_name(player)):
            raise StoreError(_("{table}: seat {seat} is not {name}'s").format(table=table.where, seat=seat + 1, name=quote(printable_name(player))))

    def _check_turn(self, table: Table, seat: int, seen: int) -> None:
        if table.status == "open":
            raise StoreError(_("{table} has not started").format(table=table.where))
        if table.status == "over" or table.session is None:
            raise StaleTurn(_("{table}: the game is over").format(table=table.where))
        game = table.session.game
        if game.simultaneous() and game.has_chosen(seat):
            raise AlreadyMoved(_("{table}: seat {seat} has already made this choice").format(table=table.where, seat=seat + 1))
        if type(seen) is not int or not table.moment <= seen <= table.turn:
            raise StaleTurn(_("{table}: stale turn {seen}; the table is at turn {turn}").format(table=table.where, seen=seen, turn=table.turn))

    def _apply(self, cur: Any, table: Table, moves: Sequence[tuple[int, Decision, str | None]], lost: Sequence[int]) -> Table:
        """Make `moves` (the engine checks each), then write the table back, append the
        moves, and rate the game if it ended: all in the caller's transaction."""
        session = table.session
        assert session is not None
        game = session.game
        before = (game.phase, game.simultaneous())
        now = self.now()
        logged = []
        for seat, decision, by in moves:
            session.choose(seat, decision, by)  # IllegalDecision: nothing is written
            logged.append((seat, str(decision), by or session.seats[seat]))
        turn = table.turn + len(moves)
        same_moment = before[1] and game.simultaneous() and game.phase == before[0]
        moment = table.moment if same_moment else turn
        finished = game.is_terminal()
        deadline = None if finished else table.deadline if same_moment else clocks.deadline(now, table.clock)
        lost_now = sorted(set(table.lost_on_time) | set(lost))
        done = self._run(
            cur,
            "UPDATE tables SET record = ?, turn = ?, moment = ?, deadline = ?, ahead = ?, lost_on_time = ?, status = ?"
            " WHERE id = ? AND turn = ?",
            (
                records.dumps(session), turn, moment, deadline, json.dumps(_ahead(session)), json.dumps(lost_now),
                "over" if finished else "playing", table.id, table.turn,
            ),
        )
        if done.rowcount != 1:
            raise StaleTurn(_("{table} changed meanwhile; look again").format(table=table.where))
        for number, (seat, decision_text, author) in enumerate(logged, start=table.turn + 1):
            self._run(
                cur, "INSERT INTO moves (table_id, n, seat, decision, author, at) VALUES (?, ?, ?, ?, ?, ?)",
                (table.id, number, seat, decision_text, author, now),
            )
        if finished and not table.rated:
            self._rate(cur, table, lost_now)
        after = self._table(cur, table.id, lock=False)
        self._notify(cur, after)
        return after

    def _rate(self, cur: Any, table: Table, lost: Sequence[int]) -> None:
        """Rate a finished game: every member at it, bots as "bot:<level>"."""
        assert table.session is not None
        ids: list[int] = []
        for info in table.seats:
            if info.kind == HUMAN:
                assert info.player is not None
                ids.append(self._member_named(cur, info.player).id)
            else:
                ids.append(self._bot_member(cur, info.kind).id)
        before: dict[str, Rating] = {}
        for member_id in sorted(set(ids)):  # locked in one order: two games ending at once never deadlock
            row = self._run(cur, "SELECT id, name, rating_mu, rating_sigma, games FROM players WHERE id = ? {lock}", (member_id,)).fetchone()
            before[str(member_id)] = self._member(row).rating
        finish = [0] * table.players
        for standing in table.session.game.ranking():
            finish[standing.seat] = standing.place
        after = rate_members([str(i) for i in ids], before, places(finish, set(lost)))
        for member, rating in after.items():
            self._run(
                cur, "UPDATE players SET rating_mu = ?, rating_sigma = ?, games = ? WHERE id = ?",
                (rating.mu, rating.sigma, rating.games, int(member)),
            )
        self._run(cur, "UPDATE tables SET rated = 1 WHERE id = ?", (table.id,))

    def _bot_member(self, cur: Any, level: str) -> Member:
        name = bot_member(level)
        select = "SELECT id, name, rating_mu, rating_sigma, games FROM players WHERE name_key = ?"
        row = self._run(cur, select, (name,)).fetchone()
        if row is None and self.dialect.exclusive:  # two games ending at once make the bot's member once
            self._run(cur, self.dialect.exclusive)
            row = self._run(cur, select, (name,)).fetchone()
        if row is not None:
            return self._member(row)
        created = self._run(
            cur,
            "INSERT INTO players (name, name_key, key_hash, created_at, rating_mu, rating_sigma, games)"
            " VALUES (?, ?, NULL, ?, ?, ?, 0) RETURNING id",
            (name, name, self.now(), MU, SIGMA),
        ).fetchone()
        return Member(_int(created[0]), name, Rating())

    # -- reading a table back ---------------------------------------------------------------

    def _table(self, cur: Any, table_id: int, lock: bool) -> Table:
        where = table_name(table_id)
        if lock:  # the table's own row (PostgreSQL: FOR UPDATE; SQLite's BEGIN IMMEDIATE locked it all)
            self._run(cur, "SELECT id FROM tables WHERE id = ? {lock}", (table_id,)).fetchall()
        row = self._run(
            cur,
            "SELECT t.id, p.name, t.created_at, t.players, t.clock_seconds, t.on_timeout, t.invited, t.status, t.turn,"
            " t.moment, t.deadline, t.record, t.ahead, t.lost_on_time, t.rated FROM tables t"
            " LEFT JOIN players p ON p.id = t.created_by WHERE t.id = ?",
            (table_id,),
        ).fetchone()
        if row is None:
            raise StoreError(_("there is no {table}").format(table=where))
        seat_rows = self._run(
            cur,
            "SELECT s.seat, s.kind, s.player_id, p.name FROM seats s LEFT JOIN players p ON p.id = s.player_id"
            " WHERE s.table_id = ? ORDER BY s.seat",
            (table_id,),
        ).fetchall()
        try:
            try:
                return _read_table(row, seat_rows, where)
            except DamagedStore:
                raise
            except records.RecordError as exc:
                raise DamagedStore(str(exc)) from None
            except Pier18Error as exc:
                raise DamagedStore(_("{table}: damaged ({why})").format(table=where, why=shorten(str(exc), 200))) from None
            except (TypeError, ValueError, KeyError, IndexError, AttributeError, RecursionError) as exc:
                raise DamagedStore(_("{table}: damaged ({why})").format(table=where, why=type(exc).__name__)) from None
        except DamagedStore as exc:
            exc.table = table_id
            raise

    def _tables(self, cur: Any, ids: Sequence[int], left_out: list[DamagedStore] | None) -> list[Table]:
        """The tables `ids`, read back and checked, in that order. A damaged one raises,
        unless `left_out` is given: then it is left out of the answer and added there, so
        one bad row never spoils the rest (the server tells its operator and its members)."""
        found = []
        for table_id in ids:
            try:
                found.append(self._table(cur, table_id, lock=False))
            except DamagedStore as exc:
                if left_out is None:
                    raise
                left_out.append(exc)
        return found

    # -- backups --------------------------------------------------------------------------------

    def backup(self, path: str | Path, force: bool = False) -> None:
        """Copy the whole club to `path` while it runs (SQLite's online backup) into a new
        file readable by its owner alone (it holds every hidden card), then give the copy
        its name in one step: `path` is a whole club or is left as it was. A file already at
        `path` is replaced only with `force` (FileChanged-like StoreError otherwise); what
        `path` may be at all (a regular file, never a device) is `autosave.record_problem`'s,
        checked by the command first."""
        if not isinstance(self._conn, sqlite3.Connection):
            raise StoreError(_("{club}: only a SQLite club is backed up this way; back up PostgreSQL with pg_dump").format(club=self.where))
        path = Path(path)
        temp: Path | None = None
        try:
            fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")  # mode 0600
            os.close(fd)
            temp = Path(name)
            target = sqlite3.connect(temp)
            try:
                self._conn.backup(target)
            finally:
                target.close()
            with open(temp, "rb+") as written:
                os.fsync(written.fileno())
            put_in_place(temp, path, Over.ANY if force else Over.NOTHING)
        except (OSError, sqlite3.Error) as exc:
            if temp is not None:
                with suppress(OSError):
                    temp.unlink()
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise StoreError(_("{where}: cannot write the club's backup ({why})").format(where=shorten(path), why=why)) from None


#: A SHA-256 as the store keeps it (the key's, a ticket's): 64 lower-case hex digits.
_HASH = re.compile(r"[0-9a-f]{64}")

#: How a `--db` names a PostgreSQL database rather than a file.
POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres(db: str | Path | None) -> bool:
    return isinstance(db, str) and db.startswith(POSTGRES_SCHEMES)


def open_store(db: str | Path | None = None, now: Callable[[], float] = time.time, migrate: bool = False) -> ClubStore:
    """The club in `db`: a SQLite file (default: `club.sqlite3` in the data folder) or a
    PostgreSQL address (`postgresql://...`). A new club is given its schema; an older
    schema is brought up to date only with `migrate`, else refused (`check_version`)."""
    store = connect_store(db, now)
    try:
        store.check_version(migrate)
    except BaseException:
        store.close()
        raise
    return store


def connect_store(db: str | Path | None = None, now: Callable[[], float] = time.time) -> ClubStore:
    """The club in `db` (as `open_store` takes it), its schema not looked at yet."""
    if is_postgres(db):
        try:
            from .postgres import postgres_database  # psycopg is imported only for a PostgreSQL club
        except ModuleNotFoundError as exc:
            if not (exc.name or "").startswith("psycopg"):
                raise
            raise StoreError(_("a club in PostgreSQL needs psycopg: pip install 'pier18[postgres]'")) from None
        assert isinstance(db, str)
        connect, dialect, where = postgres_database(db)
        return ClubStore(connect, dialect, now, where=where)
    return _sqlite_store(db, now)


def _sqlite_store(db: str | Path | None, now: Callable[[], float]) -> ClubStore:
    path = Path(db) if db is not None else data_dir() / FILE_NAME
    repaired = make_private(path)
    try:
        store = ClubStore(sqlite_connection(path), SQLITE, now, where=shorten(path))
    except FailedStore:
        why = _unwritable(path)
        if why is not None:  # SQLite's "unable to open database file": say which part is read-only
            raise read_only(shorten(path), why) from None
        raise
    store.repaired = repaired
    return store


#: What SQLite keeps beside a club's database (`-wal`, `-shm`; `-journal` while it is not in
#: WAL mode), and the one-server lock beside it (`server.SoleServer`).
SIDE_FILES = ("-wal", "-shm", "-journal", ".serving")


def make_private(db: Path) -> tuple[str, ...]:
    """Make a SQLite club's files its owner's alone, as they hold every hidden card and what
    opens each member's account: the folder is made (0700) if missing, and so is the
    database (0600, empty: SQLite's WAL and shared-memory files then take its mode), and
    the database and each file beside it that others may read or write is made 0600, and
    so is the data folder itself (0700) when the club is in it; a folder named with `--db`
    is the operator's and is left as it is. Returns what was repaired, for one line at
    start; StoreError (one line) if the folder cannot be made or a mode cannot be set.
    The database's name may be a link: its real file is the one made private."""
    folder = db.parent
    if folder != Path("") and not folder.exists():
        try:
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(_("{where}: cannot make the club's folder ({why})").format(where=shorten(folder), why=exc.strerror or str(exc))) from None
    real = Path(os.path.realpath(db))
    with suppress(OSError):  # made here, or already there; a read-only place is said by `_unwritable`
        os.close(os.open(real, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o600))
    repaired: list[str] = []
    candidates = [(real, 0o600)] + [(real.with_name(real.name + side), 0o600) for side in SIDE_FILES[:3]]
    candidates.append((db.with_name(db.name + SIDE_FILES[3]), 0o600))
    with suppress(OSError):
        if folder.resolve() == data_dir().resolve():
            candidates.insert(0, (folder, 0o700))
    for where, mode in candidates:
        try:
            info = os.stat(where)
        except OSError:
            continue
        if kinds.S_IMODE(info.st_mode) & ~mode & 0o777 == 0:
            continue
        try:
            os.chmod(where, kinds.S_IMODE(info.st_mode) & mode)
        except OSError as exc:
            raise StoreError(_("{where}: others on this machine may read the club's file, and it cannot be made private ({why})").format(
                where=shorten(where), why=exc.strerror or str(exc)
            )) from None
        repaired.append(where.name)
    return tuple(repaired)


def private_line(where: str, repaired: Sequence[str]) -> str:
    """The line `club serve` says at start when it made the club's files private."""
    return _("{club}: others on this machine could read the club's files ({files}); they are now its owner's alone").format(
        club=where, files=", ".join(repaired)
    )


def read_only(where: str, why: str) -> ReadOnlyStore:
    return ReadOnlyStore(_("{club}: the club cannot write its database ({why}); it needs a file and folder it may write").format(club=where, why=why))


def _unwritable(db: Path) -> str | None:
    """Why the club's database or its folder (where SQLite makes its WAL files) cannot be
    written, in the system's words, or None."""
    try:
        os.close(os.open(db, os.O_RDWR | getattr(os, "O_CLOEXEC", 0)))
    except OSError as exc:
        return exc.strerror or str(exc)
    folder = db.resolve().parent
    if not os.access(folder, os.W_OK):
        return _("the folder {folder} cannot be written").format(folder=shorten(folder))
    return None


# -- checks ---------------------------------------------------------------------------------


#: A name as a bot's seat is shown ("Hard bot", "Hard bot 3"; "Hard-bot" in Dutch), case
#: and spacing aside: no member may take one, nor one that looks like it (`_bot_look_alike`).
_BOT_SEAT_NAME = re.compile(r"(?:%s)[\s_-]*bot(?:[\s_-]*[0-9]+)?" % "|".join(LEVELS))


@functools.cache
def _bot_look_alike() -> re.Pattern[str]:
    """`_BOT_SEAT_NAME` for a name's `look_alike_key` ("random" looks like "randorn"
    there, "10" like "lo"): "Hаrd bot" with a Cyrillic "а" passes for the bot too."""
    levels = "|".join(re.escape(look_alike_key(level)) for level in LEVELS)
    digits = "".join(sorted({look_alike_key(digit) for digit in "0123456789"}))
    bot = re.escape(look_alike_key("bot"))
    return re.compile(rf"(?:{levels})[\s_-]*{bot}(?:[\s_-]*[{re.escape(digits)}]+)?")


def _passes_for_a_bot(name: str) -> bool:
    """Whether a name is, or looks like, one a bot's seat is shown under."""
    return bool(_BOT_SEAT_NAME.fullmatch(name_key(name)) or _bot_look_alike().fullmatch(look_alike_key(name)))


def club_name(name: str) -> str:
    """A member's name as the club keeps it (made printable, trimmed), or BadName: empty,
    too long, or taken by the bots' own names ("bot:hard")."""
    shown = printable_name(name) if isinstance(name, str) else ""
    if not shown or len(shown) > MAX_NAME:
        raise BadName(_("a member's name has 1 to {longest} characters").format(longest=MAX_NAME), "length")
    if name_key(shown).startswith(BOT_PREFIX) or look_alike_key(shown).startswith(look_alike_key(BOT_PREFIX)):  # "bоt:hard" too
        raise BadName(_("{name}: names starting with {prefix} are the bots'").format(name=quote(shown), prefix=BOT_PREFIX), "bot")
    if _passes_for_a_bot(shown):  # "Hard bot" at a table would pass for the bot itself
        raise BadName(_("{name}: that is how a bot's seat is named").format(name=quote(shown)), "bot_seat")
    return shown


def _decision(decision: str | Decision) -> Decision:
    if isinstance(decision, str):
        if len(decision) > MAX_DECISION:
            raise StoreError(_("a decision has at most {count} characters").format(count=MAX_DECISION))
        return parse_decision(decision)
    return decision


def _ahead(session: Session) -> dict[str, list[str]]:
    """The choices made ahead of their turn, not applied yet: [decision, author] by seat."""
    stand_ins = session.ahead_stand_ins()
    return {
        str(seat): [str(choice), stand_ins.get(seat, session.seats[seat])]
        for seat, choice in enumerate(session.game.ahead) if choice is not None
    }


def _int(value: object) -> int:
    if type(value) is not int:
        raise DamagedStore(_("the club's database returned {value} for a number").format(value=quote(str(value)[:20])))
    return value


def _json(text: object, where: str, column: str, limit: int = MAX_JSON) -> Any:
    def bad() -> DamagedStore:
        return DamagedStore(_("{table}: damaged ({column})").format(table=where, column=column))

    if not isinstance(text, str) or len(text) > limit:
        raise bad()
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise bad() from None


def _read_table(row: Sequence[Any], seat_rows: Sequence[Sequence[Any]], where: str) -> Table:
    """A tables row and its seats rows, checked field by field, its game replayed."""
    (table_id, creator, created_at, players, clock_seconds, on_timeout, invited_text, status, turn, moment,
     deadline, record_text, ahead_text, lost_text, rated) = row

    def bad(column: str) -> DamagedStore:
        return DamagedStore(_("{table}: damaged ({column})").format(table=where, column=column))

    if type(table_id) is not int:
        raise bad("id")
    if not isinstance(creator, str):
        raise bad("created_by")
    if type(created_at) not in (int, float) or not math.isfinite(created_at):
        raise bad("created_at")
    if type(players) is not int or players not in TABLE_SIZES or len(seat_rows) != players:
        raise bad("players")
    try:
        clock = Clock(clock_seconds, on_timeout)
    except (TypeError, ValueError):
        raise bad("clock_seconds") from None
    if clock_seconds is not None and type(clock_seconds) is not int:
        raise bad("clock_seconds")
    invited = None
    if invited_text is not None:
        guests = _json(invited_text, where, "invited")
        if not isinstance(guests, list) or len(guests) > MAX_INVITED or not all(isinstance(g, str) and 0 < len(g) <= MAX_NAME and printable_name(g) == g for g in guests):
            raise bad("invited")
        invited = tuple(guests)
    if status not in STATUSES:
        raise bad("status")
    if type(turn) is not int or turn < 0 or type(moment) is not int or not 0 <= moment <= turn:
        raise bad("turn")
    if deadline is not None and (type(deadline) not in (int, float) or not math.isfinite(deadline)):
        raise bad("deadline")
    if rated not in (0, 1) or type(rated) is not int:
        raise bad("rated")
    seats = []
    for number, (seat, kind, player_id, name) in enumerate(seat_rows):
        if seat != number or type(seat) is not int or kind not in SEAT_KINDS:
            raise bad("seats")
        if kind != HUMAN and player_id is not None:
            raise bad("seats")
        if player_id is not None and not (isinstance(name, str) and printable_name(name) == name and len(name) <= MAX_NAME):
            raise bad("seats")
        seats.append(SeatInfo(seat, kind, name if player_id is not None else None))
    lost = _json(lost_text, where, "lost_on_time")
    if not isinstance(lost, list) or not all(type(s) is int and 0 <= s < players for s in lost) or len(set(lost)) != len(lost):
        raise bad("lost_on_time")
    ahead_data = _json(ahead_text, where, "ahead")
    if not isinstance(ahead_data, dict):
        raise bad("ahead")
    table = Table(
        table_id, creator, float(created_at), players, clock, invited, status, turn, moment,
        None if deadline is None else float(deadline), tuple(seats), tuple(lost), bool(rated), None,
    )
    if status == "open":
        if record_text is not None or turn != 0 or ahead_data:
            raise bad("record")
        return table
    if not isinstance(record_text, str) or len(record_text) > records.MAX_BYTES:
        raise bad("record")
    session = records.loads(record_text, where)
    kinds = [info.kind for info in seats]
    if session.seats != kinds:
        raise bad("seats")
    for info, shown in zip(seats, session.names):
        if info.kind == HUMAN and (info.player is None or info.player != shown):
            raise bad("seats")
    for key, value in sorted(ahead_data.items()):
        seat = int(key) if isinstance(key, str) and key.isascii() and key.isdigit() and len(key) < 3 else -1
        if not 0 <= seat < players or not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) and len(v) <= MAX_DECISION for v in value)):
            raise bad("ahead")
        decision_text, author = value
        if author not in SEAT_KINDS or (author != kinds[seat] and kinds[seat] != HUMAN):
            raise bad("ahead")
        made = len(session.decisions)
        session.choose(seat, parse_decision(decision_text), None if author == kinds[seat] else author)
        if len(session.decisions) != made:  # a choice ahead is never one the game applies at once
            raise bad("ahead")
    if len(session.decisions) + len(ahead_data) != turn:
        raise bad("turn")
    if (status == "over") != session.game.is_terminal():
        raise bad("status")
    table.session = session
    table.choices_ahead = {int(seat): (value[0], value[1]) for seat, value in ahead_data.items()}
    return table
