"""The club's server: one process, many tables, every accepted move in the store first.

One WebSocket server with two kinds of path:

- `/club`: a member's connection (`club.protocol`): a hello with name and key, then the
  lobby's questions (games, open tables, new tables, joining, rematches, ratings,
  tickets, records) and, once asked (`watch`), a `turn` notice whenever it becomes the
  member's turn somewhere.
- `/table/ID`: a seat's game, in the host protocol of docs/protocol.md unchanged, served
  by `ClubTable`, a `net.host.Host` whose every decision is committed by
  `ClubStore.decide` before anyone is told of it. The code is the seat's ticket, made
  from the member's own key (`ticket_code`), which the club never keeps: the store holds
  only each ticket's hash, so the ticket stays the same across restarts and nothing in
  the database or its backups makes one.

Admission is the host's (`net.host.Gate`, one for the whole server: limits per address,
the hello timeout, growing delays for wrong codes and wrong keys), and so are sizes and
rates. Who is let in is counted by member (`member_room`): a member's lobbies and seats
together hold at most `HostConfig.member_connections`, and the tables a member may make
are counted by the store (`TableLimits`), so one member at a limit costs nobody else
anything. A key the operator resets stops working at once: its connections are closed
(`check_keys`), told of by a notice on PostgreSQL and looked for every `key_check`
seconds on SQLite (whose `--reset` runs in another process with nobody to tell it).

The store is used from three threads of its own, each with its own connection (the
people's decisions and questions on one, the bots and the clocks on another, the news
of other processes' moves on the third); the store's transactions keep one writer per
table whatever the clients do, and a restart resumes every table from the store alone.
Keys are never logged.

Several processes serve one PostgreSQL club, none of them special (docs/club.md, "Several
servers"). What a process holds in memory (`ClubTable`s, watchers) is only a cache of
the store: a move is checked and made by the store's transaction, whichever process
takes it; every commit that changes a table sends a notice (`NOTIFY`), and each process
`LISTEN`s (`postgres.listen`), reloads the tables its seats are connected to and tells
its watchers whose turn it now is. The clocks are run by whichever process holds the
`clock` lease; each process also holds a lease of its own, so that the clock's holder
sees a process that died and lets the bots of every table move (a bot's move it owed).
A SQLite club is served by one process: a second one is refused (`SqliteServed`), by
whatever name it reaches the database file (`SoleServer`).
"""

from __future__ import annotations

import asyncio
import errno
import hashlib
import hmac
import json
import os
import re
import sys
import secrets
import socket
import struct
import time
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request as HttpRequest, Response

from ..bots.seats import HUMAN, clashes_with_bots
from ..engine import Decision, PlayerView, TableView
from ..engine.errors import Pier18Error
from ..engine.text import LONGEST_LINE, name_key, shorten
from ..i18n import _
from ..net.host import (
    CLOSE_BUSY,
    CLOSE_POLICY,
    Bucket,
    Connection,
    Gate,
    Host,
    HostConfig,
    Room,
    _close,
    _quiet,
)
from ..net.protocol import CODE_ALPHABET, CODE_LENGTH, club_json, code_digest, new_code, read_decision
from ..session import TableCodes
from .clock import Clock
from .keys import KEY, key_hash
from .protocol import (
    MAX_LISTED,
    MAX_REQUEST,
    ClubProtocolError,
    Request,
    encode,
    hello_version,
    read_request,
    refused,
    table_info,
    PROTOCOL,
    VERSION,
)
from .store import (
    AlreadyMoved,
    BadName,
    ClubStore,
    DamagedStore,
    KeyWasReset,
    NameLooksTaken,
    NameTaken,
    StaleTurn,
    StoreError,
    Table,
    TableLimits,
    TooManyTables,
    club_name,
    is_postgres,
    make_private,
    open_store,
    private_line,
)
from ..net.host import _refuse
from ..speech.notices import prog_line

T = TypeVar("T")

PORT = 8020
TABLE_PATH = re.compile(r"/table/([1-9][0-9]{0,9})")
#: How often the clock loop looks at the store even when no deadline is near (a table
#: another process changed, a clock moved by a test).
CLOCK_CHECK = 60.0
#: How many different failures of its database the server tells its operator of.
MAX_FAILURES_SAID = 20
#: How often a SQLite club looks for keys the operator reset (`check_keys`): PostgreSQL's
#: servers hear of a reset by a notice at once.
KEY_CHECK = 1.0


def member_room(name: str, config: HostConfig) -> Room:
    """What a member's connection (a lobby or a seat) counts as: theirs, at most
    `member_connections` at once."""
    return Room(("member", name_key(name)), config.member_connections, "member_connection_limit")


def _to_stderr(line: str) -> None:
    """A note to the operator, on one printable line of bounded length (a database's own
    words may be in it)."""
    print(prog_line(shorten(line, LONGEST_LINE)), file=sys.stderr, flush=True)


#: How long a lease lasts unless renewed (a third of it before it ends): a process that
#: died holding the clock's lease has its clocks taken over after at most this long.
LEASE_SECONDS = 15.0
CLOCK_LEASE = "clock"
SERVER_LEASE = "server:"  # followed by the process's own name: one per running process


def ticket_code(member_key: str, table_id: int, seat: int) -> str:
    """The seat code of `seat` at `table_id` for the member whose key is `member_key`: an
    HMAC keyed with that key, written as a host's seat code (16 of 31 unambiguous
    characters in groups of 4, ~79 bits). The club sees the key only in the member's hello
    and keeps only its hash, and of the ticket only `code_digest(ticket)`, so neither the
    database nor a copy of it makes a ticket. The same after a restart; another after the
    member's key changes (`--reset`)."""
    digest = hmac.new(member_key.encode("utf-8"), f"pier18-club-ticket:{table_id}:{seat}".encode("ascii"), hashlib.sha256).digest()
    number = int.from_bytes(digest, "big")
    chars = []
    for _unused in range(CODE_LENGTH):
        number, index = divmod(number, len(CODE_ALPHABET))
        chars.append(CODE_ALPHABET[index])
    raw = "".join(chars)
    return "-".join(raw[i : i + 4] for i in range(0, CODE_LENGTH, 4))


async def _club_refuse(ws: ServerConnection, code: str, close: int = CLOSE_POLICY, **values: object) -> None:
    """Tell a member's connection why, as a code and its values, then close it."""
    try:
        await asyncio.wait_for(ws.send(encode(refused(code, None, **values))), 2)
    except Exception:
        pass
    await _close(ws, close, code)


class ClubTable(Host):
    """One club table's game connections: the host's handling of seats (hello with the
    seat's ticket, states from the engine's views, decisions, `views`), with every
    decision committed to the club's store before anyone hears of it, and the bots
    moving through the store (`ClubServer.kick_bots`)."""

    def __init__(self, club: "ClubServer", table: Table, tickets: list[str | None]) -> None:
        assert table.session is not None
        # Nobody watches a club table, and its seats' codes are not known here: only their hashes.
        super().__init__(table.session, TableCodes((None,) * table.players, new_code()), club.config, gate=club.gate)
        self.club = club
        self.table = table
        #: The key hash each seat's code was made from, and how many resets the server had
        #: heard of when it read them; each seat's connection, with the hash its code was
        #: made from (`ClubServer.check_keys`).
        self.hashes: list[str | None] = [None] * table.players
        self.resets_seen = 0
        self.came_with: dict[Connection, str | None] = {}
        #: The hash (`code_digest`) of the ticket that opens each seat, from the store.
        self.tickets = tickets

    def _rooms(self, seat: int | None, address: str) -> list[Room]:
        """A seat's connection counts as its member's, with their lobbies and other seats."""
        player = None if seat is None else self.table.seats[seat].player
        if player is None:
            return super()._rooms(seat, address)
        return [member_room(player, self.config)]

    def _arrive(self, conn: Connection) -> None:
        if conn.seat is not None:
            self.came_with[conn] = self.hashes[conn.seat]  # the codes it matched were made from it
        super()._arrive(conn)
        if self.club.resets > self.resets_seen:  # a key reset heard while this seat's code was checked
            self.club.gate.spawn(self.club.check_keys())

    def _depart(self, conn: Connection) -> None:
        self.came_with.pop(conn, None)
        super()._depart(conn)

    def _who(self, code: object) -> int | None:
        """The seat a ticket opens: its hash against each seat's, in constant time, every
        seat compared whatever matches first."""
        if not isinstance(code, str) or len(code) > 64:
            return None
        given = code_digest(code)
        found = None
        for seat, expected in enumerate(self.tickets):
            if expected is not None and hmac.compare_digest(given, expected) and found is None:
                found = seat
        return found

    def refresh(self, table: Table) -> None:
        """The store's table, if newer than the one held: everyone is sent where it is."""
        if table.session is None or table.turn <= self.table.turn:
            return
        self.table = table
        self.session = table.session
        self._changed()

    async def _decide(self, conn: Connection, message: dict[str, Any]) -> None:
        """As the host decides, but the table held here is only a cache of the store: a
        move another process made may not be heard yet. So before a decision is refused
        on what this process holds (not your turn, an earlier position, over), the table
        is read again; a decision let through is checked by the store's transaction."""
        _decision, turn = read_decision(message)
        if self._refusal(conn, turn) is not None:
            await self.club.reload(self.table.id)
        await super()._decide(conn, message)

    async def _commit(self, seat: int, decision: Decision, turn: int) -> str | None:
        player = self.table.seats[seat].player
        try:
            table = await self.club.people(lambda store: store.decide(self.table.id, seat, str(decision), turn, player))
        except (StaleTurn, AlreadyMoved):
            table = await self.club.people(lambda store: store.table(self.table.id))
            self.club.changed(table)
            return "earlier_position"
        except StoreError:
            return "try_again"
        except Pier18Error:  # the engine said no
            return "illegal"
        self.club.changed(table)
        return None

    def _state_message(
        self, table: TableView, view: PlayerView | None, seats: list[dict[str, Any]], waiting: list[int], lobby: bool,
        made: Mapping[int, str], ahead: Mapping[int, str],
    ) -> dict[str, Any]:
        """The host's `state`, with the club's part: which table, when the move is due by
        the club's clock, and who lost on time (docs/protocol.md)."""
        message = super()._state_message(table, view, seats, waiting, lobby, made, ahead)
        message["club"] = club_json(self.table.id, self.table.deadline, self.club.now(), self.table.lost_on_time)
        return message

    def _maybe_bot(self) -> None:
        """Nothing: the bots move after a commit of this process (`ClubServer.changed`),
        not for every process that hears of it; a bot's move owed by a process that died is
        found by the clock's holder (`ClubServer._sweep`)."""


class OneAtATime:
    """Work on a table that runs once at a time: asked again while it runs, it runs once
    more when it ends (never twice at once, and no request lost); `work` returning False
    stops it. `spawn` starts a coroutine as the server's other tasks are started."""

    def __init__(self, spawn: Callable[[Coroutine[Any, Any, None]], object]) -> None:
        self.spawn = spawn
        self.running: set[int] = set()
        self.again: set[int] = set()

    def ask(self, table_id: int, work: Callable[[int], Awaitable[bool]]) -> None:
        if table_id in self.running:
            self.again.add(table_id)
            return
        self.running.add(table_id)
        self.spawn(self._run(table_id, work))

    async def _run(self, table_id: int, work: Callable[[int], Awaitable[bool]]) -> None:
        try:
            while True:
                self.again.discard(table_id)
                if not await work(table_id) or table_id not in self.again:
                    return
        finally:
            self.running.discard(table_id)
            self.again.discard(table_id)


class ClubServer:
    """The club at `db` (a SQLite file, created with its schema if missing; or a
    PostgreSQL address, which other processes may serve too), served with `start` and
    stopped with `close`.

    `now` is the club's clock (tests drive it; `wake_clock` makes the clock loop look
    again at once). `report` is told, one line each, when the database itself fails
    (default: standard error). `prepare`, if given, is called with each of the server's stores as it
    opens (a test's hook inside a commit). `lease_seconds`: how long its leases last
    unless renewed (tests shorten it). `tables`: how many tables one member may have made
    and not finished. `key_check`: how often a SQLite club looks for reset keys.
    """

    def __init__(
        self,
        db: str | Path,
        config: HostConfig | None = None,
        now: Callable[[], float] = time.time,
        prepare: Callable[[ClubStore], None] | None = None,
        clock_check: float = CLOCK_CHECK,
        report: Callable[[str], None] | None = None,
        lease_seconds: float = LEASE_SECONDS,
        tables: TableLimits = TableLimits(),
        key_check: float = KEY_CHECK,
    ) -> None:
        self.db = db if is_postgres(db) else Path(db)  # a file, or a postgresql:// address
        self.report = report if report is not None else _to_stderr
        self._failures: set[str] = set()
        self.config = config if config is not None else HostConfig(port=PORT)
        self.now = now
        self.prepare = prepare
        self.clock_check = clock_check
        self.lease_seconds = lease_seconds
        self.limits = tables
        self.key_check = key_check
        #: Key resets this process has heard of (notices, or found by looking): a connection
        #: let in while one was heard is looked at again (`check_keys`).
        self.resets = 0
        #: This process among the club's servers, in its leases and notices.
        self.me = f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(3)}"
        self.holds_clock = False  # whether this process runs the clocks now (the clock lease)
        self.gate = Gate(self.config, self._refuse)
        self.port = 0
        self.tables: dict[int, ClubTable] = {}
        self.watchers: dict[str, set[Connection]] = {}  # by the member's name key
        #: Every member's lobby connection, by name key, with the hash of the key it came with.
        self.lobbies: dict[str, dict[Connection, str]] = {}
        self._people = ThreadPoolExecutor(1, thread_name_prefix="club-people")
        self._machines = ThreadPoolExecutor(1, thread_name_prefix="club-bots")
        self._news_pool = ThreadPoolExecutor(1, thread_name_prefix="club-news")
        self._reloads = OneAtATime(lambda work: self.gate.spawn(work))  # tables read again after a notice
        #: The latest turn another process's notice told of, by table: a notice that
        #: came while the table was being loaded here is not lost (`_table`).
        self._heard_turns: dict[int, int] = {}
        self._sole: SoleServer | None = None
        self._stores: dict[str, ClubStore] = {}
        self._server: Server | None = None
        self._bot_moves = OneAtATime(lambda work: self.gate.spawn(work))  # tables whose bots are moving
        self._clock_wake = asyncio.Event()
        self._loading: dict[int, asyncio.Lock] = {}

    # -- the store, in its threads -------------------------------------------------------------

    async def _in(self, pool: ThreadPoolExecutor, which: str, work: Callable[[ClubStore], T]) -> T:
        def run() -> T:
            store = self._stores.get(which)
            if store is None:
                store = self._stores[which] = open_store(self.db, now=self.now)
                store.origin = self.me
                if self.prepare is not None:
                    self.prepare(store)
            return work(store)

        return await asyncio.get_running_loop().run_in_executor(pool, run)

    async def people(self, work: Callable[[ClubStore], T]) -> T:
        """Run `work(store)` on the thread of people's decisions and questions."""
        return await self._in(self._people, "people", work)

    async def machines(self, work: Callable[[ClubStore], T]) -> T:
        """Run `work(store)` on the thread of the bots and the clocks."""
        return await self._in(self._machines, "machines", work)

    async def news(self, work: Callable[[ClubStore], T]) -> T:
        """Run `work(store)` on the thread that reads what other processes changed."""
        return await self._in(self._news_pool, "news", work)

    # -- serving ------------------------------------------------------------------------------------

    async def start(self) -> int:
        """Open the store, listen (port 0 picks a free one) and return the port; every
        table being played resumes: its bots move, its clock runs. A SQLite club already
        served by another process is refused (`SqliteServed`, a StoreError), and so is a
        database the club cannot write (`ReadOnlyStore`), both in one line. Club files that
        others on the machine could read are made private first, said in one line."""
        if not is_postgres(self.db):
            db = Path(self.db)
            repaired = make_private(db)  # the file is made here if new: the lock is on it
            if repaired:
                self.report(private_line(shorten(db), repaired))
            self._sole = SoleServer(db)
        await self.people(lambda store: store.check_writable())
        await self.machines(lambda store: store.version())
        c = self.config
        self._server = await serve(
            self._handle, c.bind, c.port, ssl=c.ssl, max_size=max(MAX_REQUEST, 4096), compression=None,
            open_timeout=c.open_timeout, ping_interval=c.ping_interval, ping_timeout=c.ping_timeout,
            close_timeout=2, max_queue=4, logger=_quiet, server_header=None, process_request=self._route,
        )
        self.port = self._server.sockets[0].getsockname()[1] if self._server.sockets else c.port
        if is_postgres(self.db):
            from .postgres import listen

            assert isinstance(self.db, str)
            self.gate.spawn(listen(self.db, self._heard))
        else:
            self.gate.spawn(self._key_loop())
        await self._renew()
        await self._sweep()
        self.gate.spawn(self._clock_loop())
        return self.port

    async def close(self) -> None:
        self.gate.close()
        for table in self.tables.values():
            for task in list(table._tasks):
                task.cancel()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        if "machines" in self._stores:  # the leases expire now: another process takes the clocks at once
            me = self.me

            def let_go(store: ClubStore) -> None:
                store.let_lease_go(CLOCK_LEASE, me)
                store.let_lease_go(SERVER_LEASE + me, me)

            try:
                await self.machines(let_go)
            except StoreError:
                pass
        loop = asyncio.get_running_loop()
        for pool, which in ((self._people, "people"), (self._machines, "machines"), (self._news_pool, "news")):
            store = self._stores.get(which)
            if store is not None:
                await loop.run_in_executor(pool, store.close)
            pool.shutdown(wait=False)
        if self._sole is not None:
            self._sole.let_go()
            self._sole = None

    def _route(self, connection: ServerConnection, request: HttpRequest) -> Response | None:
        """Only `/club` and `/table/ID` are served: anything else is a 404 before any
        WebSocket is opened."""
        if request.path == "/club" or TABLE_PATH.fullmatch(request.path):
            return None
        return connection.respond(404, "")  # no body: nothing to read for anyone

    async def _refuse(self, ws: ServerConnection, reason: str, code: int) -> None:
        """The gate's refusals, each in its path's protocol."""
        if ws.request is not None and ws.request.path == "/club":
            await _club_refuse(ws, reason, code)
        else:
            await _refuse(ws, reason, code)

    async def _handle(self, ws: ServerConnection) -> None:
        path = ws.request.path if ws.request is not None else ""
        if path == "/club":
            await self._member(ws)
            return
        match = TABLE_PATH.fullmatch(path)
        if match is None:
            return
        table = await self._table(int(match.group(1)))
        if table is not None:
            await table._handle(ws)
            return
        # No such table, or not started: a hello here is a wrong code, slowed down as one.
        first = await self.gate.first_message(ws)
        if first is None:
            return

        try:
            await self.gate.admit(None, first[0], ws)
            await _refuse(ws, "wrong_code")
        finally:
            self.gate.leave(ws)

    async def _table(self, table_id: int) -> ClubTable | None:
        """The table's game connections, loaded from the store on first use; the hashes of
        the tickets that open its seats read again now (a ticket given for a key the
        operator reset since opens nothing)."""
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            resets = self.resets
            try:
                def read(store: ClubStore) -> tuple[Table, list[str | None], dict[str, str | None]]:
                    table = store.table(table_id)
                    players = [seat.player for seat in table.seats if seat.player is not None]
                    return table, store.ticket_hashes(table_id), store.key_hashes_of(players)

                table, tickets, keys = await self.people(read)
            except DamagedStore as exc:
                self.failed(exc)
                return None
            except StoreError:
                return None
            if table.session is None:
                return None
            live = self.tables.get(table_id)
            if live is None:
                live = self.tables[table_id] = ClubTable(self, table, tickets)
            else:
                live.tickets = tickets
                live.refresh(table)
            live.hashes = [None if seat.player is None else keys.get(name_key(seat.player)) for seat in table.seats]
            live.resets_seen = resets
            if self._heard_turns.get(table_id, -1) > live.table.turn:  # moved on while it was read
                self._news(table_id)
            return live

    # -- what changed ------------------------------------------------------------------------------

    def changed(self, table: Table) -> None:
        """A table moved on (a decision, bots, a timeout, a seat taken): its seats are
        sent the new state, its bots move, its clock is looked at, and each member whose
        turn it now is hears so."""
        live = self.tables.get(table.id)
        if live is not None:
            live.refresh(table)
        if table.status == "playing" and table.session is not None:
            if any(table.seats[seat].kind != HUMAN for seat in table.to_act()):
                self.kick_bots(table.id)
            for seat in table.to_act():
                player = table.seats[seat].player
                if table.seats[seat].kind == HUMAN and player is not None:
                    for conn in self.watchers.get(name_key(player), ()):
                        conn.push(encode({"type": "turn", "table": table.id}))
        self._clock_wake.set()

    async def reload(self, table_id: int) -> None:
        """Read the table again from the store (its seats here are sent where it is)."""
        try:
            table = await self.people(lambda store: store.table(table_id))
        except StoreError:
            return
        live = self.tables.get(table_id)
        if live is not None:
            live.refresh(table)

    def _heard(self, payload: str | None) -> None:
        """A notice from the database (`postgres.listen`): a table another process changed
        (`ClubStore._notify`), or None when the listening connection was (re)made."""
        if payload is None:  # listening (again): what was sent before may have been missed
            for table_id in list(self.tables):
                self._news(table_id)
            if self.watchers:
                self.gate.spawn(self._rewatch())
            self.resets += 1
            self.gate.spawn(self.check_keys())
            self._clock_wake.set()
            return
        try:
            notice = json.loads(payload)
            if isinstance(notice, dict) and isinstance(notice.get("reset"), str):  # a key reset (`ClubStore.reset`)
                self.resets += 1
                self.gate.spawn(self.check_keys([notice["reset"]]))
                return
            table_id, turn, origin, turn_of = notice["table"], notice["turn"], notice["from"], notice["turn_of"]
            if type(table_id) is not int or type(turn) is not int or not isinstance(turn_of, list):
                return
        except (ValueError, KeyError, TypeError):
            return
        if origin == self.me:  # this process's own commit: already told
            return
        for name in turn_of:
            if isinstance(name, str):
                for conn in self.watchers.get(name_key(name), ()):
                    conn.push(encode({"type": "turn", "table": table_id}))
        if len(self._heard_turns) > 10_000:  # keep only the tables served here
            self._heard_turns = {t: n for t, n in self._heard_turns.items() if t in self.tables}
        self._heard_turns[table_id] = max(turn, self._heard_turns.get(table_id, -1))
        live = self.tables.get(table_id)
        if live is not None and live.table.turn < turn:
            self._news(table_id)
        if self.holds_clock:
            self._clock_wake.set()

    def _news(self, table_id: int) -> None:
        """Reload the table (on the news thread) for its seats here, once at a time."""
        self._reloads.ask(table_id, self._reload_news)

    async def _reload_news(self, table_id: int) -> bool:
        try:
            table = await self.news(lambda store: store.table(table_id))
        except StoreError:
            return False
        live = self.tables.get(table_id)
        if live is not None:
            live.refresh(table)
        return True

    async def _rewatch(self) -> None:
        """Tell every watcher again where it is their turn (notices may have been missed)."""
        for key, conns in list(self.watchers.items()):
            left_out: list[DamagedStore] = []
            try:
                games = await self.news(lambda store: store.games_of(key, left_out))
            except StoreError as exc:
                self._store_trouble(exc)
                continue
            for damaged in left_out:
                self.failed(damaged)
            for table in games:
                seat = table.seat_of(key)
                if seat is not None and seat in table.to_act():
                    for conn in conns:
                        conn.push(encode({"type": "turn", "table": table.id}))

    async def check_keys(self, names: list[str] | None = None) -> None:
        """Close every connection here that came with a key no longer its member's (the
        operator reset it): their lobbies, told `key_reset`, and their seats (whose codes
        are made again first, so the old ticket opens nothing: only tickets made from the key as it is now). `names`: only these members."""
        online = set(self.lobbies)
        for live in self.tables.values():
            online.update(name_key(p) for conn in live.came_with if conn.seat is not None and (p := live.table.seats[conn.seat].player))
        if names is not None:
            online &= {name_key(name) for name in names}
        if not online:
            return
        try:
            current = await self.news(lambda store: store.key_hashes_of(sorted(online)))
        except StoreError:
            return
        for key in online:
            for conn, came_with in list(self.lobbies.get(key, {}).items()):
                if current.get(key) != came_with:
                    self.gate.spawn(_club_refuse(conn.ws, "key_reset"))

        for table_id, live in list(self.tables.items()):
            stale = [
                conn for conn, came_with in live.came_with.items()
                if conn.seat is not None and (player := live.table.seats[conn.seat].player) is not None
                and name_key(player) in online and came_with != current.get(name_key(player))
            ]
            if stale:
                await self._table(table_id)  # the seats' codes again, from the keys as they are now
                for conn in stale:
                    self.gate.spawn(_refuse(conn.ws, "key_reset"))

    async def _key_loop(self) -> None:
        """A SQLite club: every `key_check` seconds, look for keys the operator reset
        (`pier18 club serve --reset` runs in a process of its own, with no way to tell
        this one)."""
        while True:
            await asyncio.sleep(self.key_check)
            await self.check_keys()

    def kick_bots(self, table_id: int) -> None:
        """Let the table's bots move (on the machines' thread), unless they already are."""
        self._bot_moves.ask(table_id, self._bots)

    async def _bots(self, table_id: int) -> bool:
        try:
            table = await self.machines(lambda store: store.play_bots(table_id))
        except StoreError as exc:
            self._store_trouble(exc)
            return False
        self.changed(table)
        return True

    def failed(self, exc: StoreError) -> None:
        """Tell the club's operator, once per different line, that its database failed or
        a row of it is damaged (members hear only `club_failed`, or that a table of theirs
        cannot be read): a damaged file is not worth waiting out."""
        line = str(exc)
        if line in self._failures or len(self._failures) >= MAX_FAILURES_SAID:
            return
        self._failures.add(line)
        self.report(line)

    def _store_trouble(self, exc: StoreError) -> None:
        """A store call of the server's own (clocks, bots) that failed: a damaged row or a
        failed database is the operator's to hear of (`failed`); being busy is not."""
        if isinstance(exc, DamagedStore):
            self.failed(exc)

    def wake_clock(self) -> None:
        """Make the clock loop look at the deadlines now (after a test moved the clock)."""
        self._clock_wake.set()

    async def _clock_loop(self) -> None:
        """While this process holds the clock's lease: sleep until the next deadline, then
        let the hard bot move for every seat whose time ran out (`ClubStore.timeout`), said
        as the bot's; again and again. Every third of a lease the leases are renewed (or
        the clock's taken, once its holder let it expire)."""
        renew_at = time.monotonic() + self.lease_seconds / 3
        while True:
            self._clock_wake.clear()
            if time.monotonic() >= renew_at:
                await self._renew()
                renew_at = time.monotonic() + self.lease_seconds / 3
            wait = min(self.clock_check, renew_at - time.monotonic())
            if self.holds_clock:
                now = self.now()
                try:
                    late = await self.machines(lambda store: store.overdue(now))
                except StoreError as exc:
                    self._store_trouble(exc)
                    late = []
                for table_id in late:  # each on its own: a damaged table stops no other clock
                    try:
                        table = await self.machines(lambda store: store.timeout(table_id, now))
                    except StoreError as exc:
                        self._store_trouble(exc)
                        continue
                    if table is not None:
                        self.changed(table)
                try:
                    due = await self.machines(lambda store: store.next_deadline())
                except StoreError as exc:
                    self._store_trouble(exc)
                    due = None
                if due is not None:
                    wait = min(wait, max(0.0, due - self.now()))
            if wait > 0:
                try:
                    await asyncio.wait_for(self._clock_wake.wait(), wait)
                except TimeoutError:
                    pass

    async def _renew(self) -> None:
        """Renew this process's lease, and hold the clock's if nobody else does. The holder
        of the clock's lease lets the bots move at every table (`_sweep`) when it took the
        lease over from another process, or finds a process whose lease ran out: a process
        that died may have owed a bot's move."""
        me, seconds = self.me, self.lease_seconds

        left_out: list[DamagedStore] = []

        def work(store: ClubStore) -> tuple[bool, bool]:
            store.take_lease(SERVER_LEASE + me, me, seconds)
            before = store.leases(left_out).get(CLOCK_LEASE)
            held = store.take_lease(CLOCK_LEASE, me, seconds) is not None
            if not held:
                return False, False
            now = store.now()
            expired = [
                name for name, (holder, expires) in store.leases(left_out).items()
                if name.startswith(SERVER_LEASE) and holder != me and expires <= now
            ]
            gone = store.drop_leases(expired, now)
            return True, bool(gone) or (before is not None and before[0] != me)

        try:
            held, sweep = await self.machines(work)
        except StoreError as exc:
            self._store_trouble(exc)
            held, sweep = False, False
        for damaged in left_out:
            self.failed(damaged)
        self.holds_clock = held
        if sweep:
            await self._sweep()

    async def _sweep(self) -> None:
        """Let the bots move at every table being played (each finds nothing to do where
        no bot's move is owed): on start, and when a process may have died owing one."""
        try:
            playing = await self.machines(lambda store: store.playing())
        except StoreError:
            return
        for table_id in playing:
            self.kick_bots(table_id)

    # -- members ----------------------------------------------------------------------------------

    async def _member(self, ws: ServerConnection) -> None:
        """One member's connection: hello (a wrong key is slowed down as a wrong code is),
        then questions, one at a time, at the host's rates. It holds its place from its
        first byte to its end, counted as the member's once let in (`member_room`)."""
        first = await self.gate.first_message(ws)
        if first is None:
            return
        try:
            await self._member_hello(ws, *first)
        finally:
            self.gate.leave(ws)

    async def _member_hello(self, ws: ServerConnection, address: str, raw: str | bytes) -> None:
        try:
            hello = read_request(raw)
            if hello.type != "hello":
                raise ClubProtocolError("hello_first")
        except ClubProtocolError as exc:
            await _club_refuse(ws, exc.code, CLOSE_POLICY, **exc.values)
            return
        if hello_version(raw) is None:
            await _club_refuse(ws, "unsupported_protocol", protocol=PROTOCOL, version=VERSION)
            return
        try:
            name = club_name(hello.name)
        except StoreError:
            await _club_refuse(ws, "bad_name")
            return
        if not KEY.fullmatch(hello.key):
            await _club_refuse(ws, "bad_key")
            return
        resets = self.resets
        try:
            member = await self.people(lambda store: store.hello(name, hello.key, hello.reset))
        except NameTaken:
            await self.gate.admit(None, address, ws)
            await _club_refuse(ws, "name_taken")
            return
        except KeyWasReset as exc:
            await self.gate.admit(None, address, ws)
            await _club_refuse(ws, exc.code)
        except NameLooksTaken as looks:
            await self.gate.admit(None, address, ws)
            await _club_refuse(ws, "name_looks_taken", member=looks.member)
            return
        except DamagedStore as exc:
            self.failed(exc)
            await _club_refuse(ws, "club_failed", CLOSE_BUSY)
            return
        except StoreError:
            await _club_refuse(ws, "busy", CLOSE_BUSY)
            return
        full = self.gate.enter(ws, [member_room(member.name, self.config)])
        if full is not None:
            await _club_refuse(ws, full.code, CLOSE_POLICY, limit=full.limit)
            return
        me = Member(member.name, hello.key)
        conn = Connection(ws, None, self.config.outbox)
        lobbies = self.lobbies.setdefault(name_key(me.name), {})
        lobbies[conn] = me.key_hash
        if self.resets > resets:  # a key reset heard while this hello was checked: it may be this one's
            self.gate.spawn(self.check_keys([me.name]))
        try:
            await self._serve_member(ws, me, conn, member.registered)
        finally:
            lobbies.pop(conn, None)
            if not lobbies and self.lobbies.get(name_key(me.name)) is lobbies:
                del self.lobbies[name_key(me.name)]

    async def _serve_member(self, ws: ServerConnection, me: "Member", conn: Connection, new: bool) -> None:
        conn.push(encode({"type": "welcome", "name": me.name, "new": new}))
        bucket = Bucket(self.config.rate, self.config.burst)
        try:
            async for message in ws:
                if not bucket.take():
                    await _club_refuse(ws, "too_many_messages")
                    return
                try:
                    request = read_request(message)
                    if request.type == "hello":
                        raise ClubProtocolError("hello_twice")
                except ClubProtocolError as exc:
                    await _club_refuse(ws, exc.code, CLOSE_POLICY, **exc.values)
                    return
                answer = await self._answer(me, request, conn)
                conn.push(encode(answer if request.id is None else {**answer, "id": request.id}))
        except ConnectionClosed:
            pass
        finally:
            conn.sender.cancel()
            watching = self.watchers.get(name_key(me.name))
            if watching is not None:
                watching.discard(conn)
                if not watching:
                    del self.watchers[name_key(me.name)]

    async def _answer(self, me: "Member", request: Request, conn: Connection) -> dict[str, Any]:
        """The answer to one question (a `refused` with its code when the club says no)."""
        try:
            return await self._ask(me, request, conn)
        except _No as no:
            return refused(no.code, None, **no.values)
        except TooManyTables as exc:
            return refused(exc.code, limit=exc.limit)
        except DamagedStore as exc:
            self.failed(exc)
            return refused("club_failed")
        except StoreError:
            return refused("busy")

    async def _ask(self, me: "Member", request: Request, conn: Connection) -> dict[str, Any]:
        kind = request.type
        if kind == "ping":
            return {"type": "pong"}
        if kind == "list":
            mine: list[DamagedStore] = []
            others: list[DamagedStore] = []
            games, open_tables = await self.people(lambda store: (store.games_of(me.name, mine), store.open_tables(me.name, others)))
            self._left_out(others)
            return {
                "type": "club",
                "games": [table_info(t, me.name) for t in games[:MAX_LISTED]],
                "open": [table_info(t, me.name) for t in open_tables[:MAX_LISTED]],
                # the member's own tables that cannot be read: they are told, not left to wonder
                "unreadable": self._left_out(mine)[:MAX_LISTED],
                "now": self.now(),  # the members' clocks may be wrong: deadlines count from the club's
            }
        if kind == "ratings":
            left_out: list[DamagedStore] = []
            members = await self.people(lambda store: store.ratings(left_out))
            self._left_out(left_out)
            return {"type": "ratings", "members": [
                {"name": m.name, "ordinal": m.rating.ordinal, "mu": m.rating.mu, "sigma": m.rating.sigma, "games": m.rating.games}
                for m in members
            ]}
        if kind == "watch":
            self.watchers.setdefault(name_key(me.name), set()).add(conn)
            damaged: list[DamagedStore] = []
            games = await self.people(lambda store: store.games_of(me.name, damaged))
            self._left_out(damaged)
            for table in reversed(games):
                seat = table.seat_of(me.name)
                if seat is not None and seat in table.to_act():
                    conn.push(encode({"type": "turn", "table": table.id}))
            return {"type": "watching"}
        if kind == "create":
            assert request.players is not None
            clock = Clock(request.clock, request.on_timeout)
            if clashes_with_bots([me.name], list(request.seats)) is not None:
                raise _No("name_is_a_bot", table=0)
            for invited in request.invite or ():
                try:
                    club_name(invited)
                except BadName as bad:  # say which name and why, not "busy"
                    raise _No("bad_invite", name=shorten(invited, 40), why=bad.why) from None
            table = await self.people(lambda store: store.create_table(me.name, request.seats, clock, request.invite, self.limits))
            self.changed(table)
            return {"type": "created", "table": table.id}
        assert request.table is not None
        table_id = request.table
        if kind == "join":
            await self._may_join(me, table_id)
            try:
                table = await self.people(lambda store: store.join(table_id, me.name))
            except DamagedStore:
                raise
            except StoreError:
                await self._may_join(me, table_id)  # a race: say what changed
                raise
            self.changed(table)
            seat = table.seat_of(me.name)
            return {"type": "joined", "table": table.id, "seat": seat}
        table = await self._mine(me, table_id)
        if kind == "seat":
            if table.status == "open":
                raise _No("not_started", table=table_id)
            seat = table.seat_of(me.name)
            assert seat is not None
            code = ticket_code(me.key, table_id, seat)
            await self.people(lambda store: store.keep_ticket(table_id, seat, me.key_hash, code_digest(code)))  # before it is given
            return {"type": "ticket", "table": table_id, "path": f"/table/{table_id}", "code": code}
        if kind == "export":
            if table.status != "over":
                raise _No("not_finished", table=table_id)
            record = await self.people(lambda store: store.export(table_id))
            return {"type": "record", "table": table_id, "record": record}
        if kind == "rematch":
            if table.status != "over":
                raise _No("not_finished", table=table_id)
            new = await self.people(lambda store: _rematch(store, table, me.name, self.limits))
            self.changed(new)
            return {"type": "created", "table": new.id}
        raise _No("unknown_message")

    def _left_out(self, left_out: list[DamagedStore]) -> list[int]:
        """Rows left out of an answer because they are damaged: each named to the
        operator (once: `failed`); returns the tables among them, newest first."""
        for damaged in left_out:
            self.failed(damaged)
        return sorted({d.table for d in left_out if d.table is not None}, reverse=True)

    async def _mine(self, me: "Member", table_id: int) -> Table:
        try:
            table = await self.people(lambda store: store.table(table_id))
        except DamagedStore:
            raise
        except StoreError:
            raise _No("no_such_table", table=table_id) from None
        if table.seat_of(me.name) is None:
            raise _No("not_your_table", table=table_id)
        return table

    async def _may_join(self, me: "Member", table_id: int) -> None:
        """Why `me` may not join the table, as a refusal (nothing if they may)."""
        try:
            table = await self.people(lambda store: store.table(table_id))
        except DamagedStore:
            raise
        except StoreError:
            raise _No("no_such_table", table=table_id) from None
        key = name_key(me.name)
        if table.seat_of(me.name) is not None:
            raise _No("already_seated", table=table_id)
        if table.status != "open":
            raise _No("not_open", table=table_id)
        if table.invited is not None and key not in {name_key(n) for n in table.invited}:
            raise _No("not_invited", table=table_id)
        if not any(s.kind == HUMAN and s.player is None for s in table.seats):
            raise _No("no_free_seat", table=table_id)
        if clashes_with_bots([me.name], [s.kind for s in table.seats]) is not None:
            raise _No("name_is_a_bot", table=table_id)


class _No(Exception):
    """A refusal of one question: its code and values (`club.protocol.CODES`)."""

    def __init__(self, code: str, **values: object) -> None:
        super().__init__(code)
        self.code = code
        self.values = values


class Member:
    """The member a connection speaks for: their name, and their key (which their tickets
    are made from; it is never logged nor stored, only its hash) and its hash."""

    __slots__ = ("name", "key", "key_hash")

    def __init__(self, name: str, key: str) -> None:
        self.name = name
        self.key = key
        self.key_hash = key_hash(key)


def _rematch(store: ClubStore, table: Table, name: str, limits: TableLimits) -> Table:
    """A new table with the finished one's players and seats, a new deal: the member who
    asks sits first, the others follow in the same order, each seated at once (so it
    never waits for players: only the asker's tables in all are counted)."""
    seat = table.seat_of(name)
    assert seat is not None
    order = [table.seats[(seat + i) % table.players] for i in range(table.players)]
    others = [info.player for info in order[1:] if info.kind == HUMAN and info.player is not None]
    new = store.create_table(name, [info.kind for info in order], table.clock, others, TableLimits(None, limits.unfinished))
    for other in others:
        new = store.join(new.id, other)
    return new


class SqliteServed(StoreError):
    """Another process already serves this SQLite club."""


class SoleServer:
    """The one `club serve` of a SQLite club, whatever name the database is reached by.

    The lock is on the database file itself, so on the file and not on a name of it: a
    hard link, a symbolic link or another mount of its folder is the same lock. It is a
    write lock on one byte far past any byte SQLite locks (`LOCK_AT`), so it never meets
    SQLite's own locks: on Linux an open file description's lock (`F_OFD_SETLK`: no
    other close of the file in this process lets it go, and a second open of the file
    conflicts even in this process), elsewhere POSIX's lock of the process. Beside it,
    the `flock` on `club.sqlite3.serving` that an older pier18 took is taken too, so an
    older server still running is seen. Both are dropped by the operating system when the
    process ends in any way (kill -9 included). A second server is refused in one line:
    its seats would never hear of the first one's moves (several servers need
    PostgreSQL's notices). Where there are no such locks (Windows, a file system without
    them) nothing is checked."""

    #: The byte locked: far past SQLite's (its lock bytes are at 1 GiB), below the largest offset.
    LOCK_AT = 2**62

    def __init__(self, db: Path) -> None:
        self.fds: list[int] = []
        try:
            import fcntl
        except ImportError:  # pragma: no cover - Windows
            return
        cloexec = getattr(os, "O_CLOEXEC", 0)
        try:
            fd = os.open(db, os.O_RDWR | cloexec)  # follows a symbolic link to the file itself
        except OSError:
            return  # a file we cannot write: the store's own check says so (`check_writable`)
        self.fds.append(fd)
        if not _lock_byte(fd, self.LOCK_AT):
            self.let_go()
            raise self._served(db)
        try:
            old = os.open(db.with_name(db.name + ".serving"), os.O_RDWR | os.O_CREAT | cloexec, 0o600)
        except OSError:
            return
        self.fds.append(old)
        try:
            fcntl.flock(old, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self.let_go()
            raise self._served(db) from None
        except OSError:
            pass  # no flock on this file system: the lock on the file stands

    @staticmethod
    def _served(db: Path) -> SqliteServed:
        return SqliteServed(_("{club}: another pier18 club serve already serves this club (several servers need PostgreSQL)").format(
            club=shorten(db)
        ))

    def let_go(self) -> None:
        fds, self.fds = self.fds, []
        for fd in fds:
            os.close(fd)


def _lock_byte(fd: int, at: int) -> bool:
    """Take a write lock on byte `at` of the open file `fd`: False if another holds it. A
    file system that cannot lock counts as taken here (nothing to check against)."""
    import fcntl

    ofd = getattr(fcntl, "F_OFD_SETLK", None)
    try:
        if ofd is not None:  # struct flock: type, whence, start, length, pid (0 for an OFD lock)
            fcntl.fcntl(fd, ofd, struct.pack("@hhqqi", fcntl.F_WRLCK, os.SEEK_SET, at, 1, 0))
        else:  # pragma: no cover - macOS, the BSDs
            fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, at, os.SEEK_SET)
    except OSError as exc:
        if exc.errno in (errno.EACCES, errno.EAGAIN):
            return False
    return True
