"""The table server: the only authority over a networked game.

One `Session` holds the game; every decision from the network goes through the engine
(`Session.apply`), so an illegal or out-of-turn one changes nothing. Each connection is
sent only its seat's view (`protocol.state_message`), never the game itself. Every
connection is hostile until it has shown a seat code: a late hello, a wrong code,
garbage, an oversized message or a flood closes that connection and nothing else.
Bots play the bot seats, and a human seat whose player is away once the host hands it
over (`cover`) until that player is back.

A connection that has not said its hello is silent: it is closed after `hello_timeout`
seconds, and it never keeps another connection out. When an address (every player of an
SSH tunnel is 127.0.0.1) or the whole host has no room left, the oldest silent
connection is closed to make room for the new one; players at the table are never
pushed out. A hello's code is checked as soon as it arrives: a right one is let in at
once, whatever else its address sends. A wrong one waits out its growing delay in a room
of its own (`Host.admit`), holding no place a right one needs; when that room is full
for its address, or for the host, it is refused at once.

Who is let in is counted by who they are, not only all together (`Gate.enter`): at a
hosted table a seat holds one connection (a newer one takes its place), and spectators
are counted apart, per address and in all (`max_spectators`), so however many connections
the spectator code opens, the players always have room; a club counts each member's
connections (`member_connections`). The check and the count are one step, with no
`await` between them, and a connection holds its place from its first byte until it
is gone.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Callable, Coroutine, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from ..bots import Bot, make_bot
from ..bots.seats import HUMAN
from ..engine import Decision, Game, PlayerView, TableView
from ..engine.errors import Pier18Error
from ..i18n import _, ngettext
from ..session import Session, TableCodes
from ..speech.moves import move_line
from ..speech.people import game_over, players_list, waiting_for
from ..speech.people import table_line
from .protocol import (
    MAX_CLIENT_MESSAGE,
    PROTOCOL,
    VERSION,
    ProtocolError,
    code_matches,
    encode,
    read_client_message,
    read_decision,
    same_protocol,
    stand_in_choices,
    state_message,
    views_message,
)
from ..persist.record import deck_text

BotProvider = Callable[[str, int], Bot]
T = TypeVar("T")

#: websockets logs failed handshakes (garbage bytes, port scans) with tracebacks: hostile
#: input is expected here, so its log goes nowhere unless a caller attaches a handler.
_quiet = logging.getLogger("pier18.net.websockets")
_quiet.addHandler(logging.NullHandler())
_quiet.propagate = False

#: Close codes (docs/protocol.md): 1008 policy violation; 4001 seat taken over elsewhere.
CLOSE_POLICY = 1008
CLOSE_REPLACED = 4001
CLOSE_BUSY = 1013


@dataclass
class HostConfig:
    """Limits and timings; tests shorten the timeouts and penalties."""

    bind: str | None = "0.0.0.0"  # every IPv4 interface; "::" for IPv6 too; None: each family on its own port
    port: int = 8018
    ssl: Any = None  # an ssl.SSLContext for TLS
    hello_timeout: float = 5.0  # seconds a new connection has to say hello with a code
    open_timeout: float = 10.0  # seconds for the WebSocket handshake itself
    ping_interval: float = 10.0  # keepalive: a half-open connection is dropped after
    ping_timeout: float = 10.0  # about ping_interval + ping_timeout
    bot_pause: float = 0.6  # a bot's move lasts at least this long, so people see it
    bot_level: str = "hard"  # who plays an away seat the host hands over
    lobby: bool = False  # the game waits until every human seat is here (or `start_now`); False: at once
    rate: float = 20.0  # messages per second a connection may send, sustained ...
    burst: float = 40.0  # ... and in a burst
    outbox: int = 64  # queued replies to a client that does not read, before closing it
    pending_per_address: int = 16  # connections from one address not yet past hello; and wrong codes waiting out their delay
    max_connections: int = 256  # connections let in or waiting for their hello; and, apart, wrong codes waiting
    member_connections: int = 8  # connections one club member holds at once (lobby and seats); spectators from one address at a table
    max_spectators: int = 32  # spectators at a table in all (its players are counted apart: they always have room)
    penalty: float = 0.1  # first wrong-code delay in seconds, doubling per failure ...
    max_penalty: float = 5.0  # ... up to this
    forget_after: float = 600.0  # failures older than this are forgotten


class Bucket:
    """A token bucket: `take` is False once a connection sends faster than allowed."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.tokens, self.at = rate, burst, burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Connection:
    """One authenticated connection and its outbox.

    Sending happens in a task of its own, so a client that reads slowly never holds up
    the table; a state message replaces any state not yet sent (each is a full snapshot),
    so a slow client cannot make the host's memory grow either.
    """

    def __init__(self, ws: ServerConnection, seat: int | None, limit: int) -> None:
        self.ws = ws
        self.seat = seat  # None: a spectator
        self.limit = limit
        self.dropping = False
        self.queue: deque[str] = deque()
        self.state: str | None = None
        self.wake = asyncio.Event()
        self.idle = asyncio.Event()
        self.idle.set()
        self.sender = asyncio.create_task(self._send_loop())

    def push(self, text: str) -> None:
        if len(self.queue) >= self.limit:  # it sends but does not read: let it go
            if not self.dropping:
                self.dropping = True
                asyncio.create_task(_close(self.ws, CLOSE_POLICY, "not_reading"))
            return
        self.queue.append(text)
        self.idle.clear()
        self.wake.set()

    def push_state(self, text: str) -> None:
        self.state = text
        self.idle.clear()
        self.wake.set()

    async def _send_loop(self) -> None:
        try:
            while True:
                await self.wake.wait()
                self.wake.clear()
                while self.queue or self.state is not None:
                    text: str | None
                    if self.queue:  # replies first, in order; then the latest state
                        text = self.queue.popleft()
                    else:
                        text, self.state = self.state, None
                    if text is not None:
                        await self.ws.send(text)
                self.idle.set()
        except ConnectionClosed:
            self.idle.set()


async def _close(ws: ServerConnection, code: int, reason: str) -> None:
    try:
        await ws.close(code, reason[:120])
    except Exception:  # already gone: nothing to tell it
        pass


async def _refuse(ws: ServerConnection, reason: str, code: int = CLOSE_POLICY, **values: object) -> None:
    """Tell the client why, as a code (worded by `speech.notices.refusal`) and its values, never a sentence
    (each client words it in its own language); then close the connection, the code as
    the close frame's reason."""
    try:
        message = {"type": "error", "reason": reason, **values, "retry": code == CLOSE_BUSY}
        await asyncio.wait_for(ws.send(encode(message)), 2)
    except Exception:
        pass
    await _close(ws, code, reason)


@dataclass
class _Failures:
    count: int = 0
    last: float = 0.0


@dataclass
class _Greeting:
    """A connection that has not yet said its hello, from `address`."""

    address: str


@dataclass(frozen=True)
class Room:
    """Who a connection let in counts as (`who`, any hashable), the most such connections
    at once (`limit`), and the refusal code (docs/protocol.md) for one more."""

    who: Hashable
    limit: int
    code: str


Refuse = Callable[[ServerConnection, str, int], Coroutine[Any, Any, None]]


async def _refuse_code(ws: ServerConnection, reason: str, code: int) -> None:
    await _refuse(ws, reason, code)


class Gate:
    """Who may come in, and how fast: what every server here (a table, a club) does with a
    connection before it has shown a right code, and with wrong codes.

    A connection that has not said its hello is silent: it is closed after
    `hello_timeout` seconds, and it never keeps another connection out. When an address
    or the whole server has no room left, the oldest silent connection is closed to make
    room for the new one; connections let in are never pushed out. A wrong code waits out
    its growing delay in a room of its own (`admit`), holding no place a right one needs.
    `refuse` says no to a connection in its path's own protocol (the host's by default).

    A connection holds its place in `max_connections` from `first_message` until `leave`
    (which its handler calls, whatever happens): while its hello is being checked (a
    club's hello waits for its database) it is no longer silent, so never pushed out, and
    still counted. `enter` lets it in, counted in each of its `Room`s (a member, a seat,
    the spectators), refusing it if one is full: the check and the count are one step.
    """

    def __init__(self, config: HostConfig, refuse: Refuse = _refuse_code) -> None:
        self.config = config
        self.refuse = refuse
        self.closing = asyncio.Event()  # set when the server closes: nobody waits out a delay any more
        self.tasks: set[asyncio.Task[None]] = set()
        self._greeting: dict[ServerConnection, _Greeting] = {}  # not yet let in, oldest first
        self._per_address: dict[str, int] = {}  # of those, how many from each address
        self._speaking: set[ServerConnection] = set()  # said their hello, being checked: not silent, still counted
        self._entered: dict[ServerConnection, tuple[Hashable, ...]] = {}  # let in: the rooms each counts in
        self._counts: dict[Hashable, int] = {}  # connections let in, by room
        self._wrong: dict[str, int] = {}  # wrong codes waiting out their delay, per address
        self._failures: dict[str, _Failures] = {}

    @property
    def served(self) -> int:
        """Connections let in."""
        return len(self._entered)

    def greeting(self) -> int:
        """Connections still to say their hello."""
        return len(self._greeting)

    def counted(self, who: Hashable) -> int:
        """Connections let in and alive that count as `who` (a `Room`'s)."""
        return self._counts.get(who, 0)

    def enter(self, ws: ServerConnection, rooms: Sequence[Room], replaces: ServerConnection | None = None) -> Room | None:
        """Let `ws` (whose hello was right) in, counted in each of `rooms`; or the room that
        is full (nothing counted: the caller refuses it, saying the room's code and limit).
        `replaces`: a connection `ws` takes the place of (the same seat again), which stops
        counting now. One step, no `await`: of many hellos at once, never more than a
        room's limit get in."""
        self._speaking.discard(ws)
        if ws in self._entered:
            return None
        freed = self._entered.get(replaces, ()) if replaces is not None else ()
        for room in rooms:
            if self._counts.get(room.who, 0) - freed.count(room.who) >= room.limit:
                return room
        if replaces is not None:
            self.leave(replaces)
        for room in rooms:
            self._counts[room.who] = self._counts.get(room.who, 0) + 1
        self._entered[ws] = tuple(room.who for room in rooms)
        return None

    def leave(self, ws: ServerConnection) -> None:
        """`ws` is gone (or was never let in): it holds no place any more. Called by every
        handler when its connection ends; calling it again does nothing."""
        self._speaking.discard(ws)
        self._let_go(ws)
        for who in self._entered.pop(ws, ()):
            left = self._counts[who] - 1
            if left:
                self._counts[who] = left
            else:
                del self._counts[who]

    def wrong_waiting(self) -> int:
        """Wrong codes waiting out their delay now."""
        return sum(self._wrong.values())

    def spawn(self, coroutine: Coroutine[Any, Any, None]) -> None:
        """Run `coroutine` in a task the server cancels when it closes."""
        task = asyncio.create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def close(self) -> None:
        self.closing.set()
        for task in list(self.tasks):
            task.cancel()

    async def first_message(self, ws: ServerConnection) -> tuple[str, str | bytes] | None:
        """Make room for a new connection, then wait for its first message (its hello):
        (its address, the message), or None once it was refused (no room, no hello in
        time, pushed out meanwhile) or went away."""
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        if not self._room_for(address):
            await self.refuse(ws, "too_many_connections", CLOSE_BUSY)
            return None
        self._greeting[ws] = _Greeting(address)
        self._per_address[address] = self._per_address.get(address, 0) + 1
        try:
            raw = await asyncio.wait_for(ws.recv(), self.config.hello_timeout)
        except TimeoutError:
            self._let_go(ws)  # closing takes a moment more: it holds no place meanwhile
            await self.refuse(ws, "no_hello_in_time", CLOSE_POLICY)
            return None
        except ConnectionClosed:
            self._let_go(ws)
            return None
        if ws not in self._greeting:  # pushed out to make room while its hello was on the way
            return None
        self._let_go(ws)  # it has spoken: it holds no place of the silent ones any more ...
        self._speaking.add(ws)  # ... but its place in all, until it is let in (`enter`) or gone (`leave`)
        return address, raw

    def _room_for(self, address: str) -> bool:
        """Whether a new connection from `address` may wait for its hello, making room
        by closing the oldest silent one (of that address, or of any) where it must."""
        c = self.config
        if self._per_address.get(address, 0) >= c.pending_per_address and not self._push_out(address):
            return False
        return self.served + len(self._speaking) + len(self._greeting) < c.max_connections or self._push_out(None)

    def _push_out(self, address: str | None) -> bool:
        """Close the oldest connection (from `address`, if given): it has said nothing.

        It is told the server is busy (`retry`): a real client pushed out by a flood
        before its hello arrived tries again by itself.
        """
        for ws, greeting in self._greeting.items():
            if address in (None, greeting.address):
                self._let_go(ws)
                self.spawn(self.refuse(ws, "too_many_connections", CLOSE_BUSY))
                return True
        return False

    def _let_go(self, ws: ServerConnection) -> None:
        """`ws` no longer waits to be let in: it holds no place of its address any more."""
        greeting = self._greeting.pop(ws, None)
        if greeting is not None:
            left = self._per_address[greeting.address] - 1
            if left:
                self._per_address[greeting.address] = left
            else:
                del self._per_address[greeting.address]

    async def admit(self, found: T | None, address: str, ws: ServerConnection | None = None) -> T | None:
        """What a code opened (`found`) at once; or, for a wrong code (`found` None), None
        once it has waited out its penalty: the same slowing down of repeated wrong codes
        from `address` everywhere.

        Wrong codes wait apart from everything else, at most `pending_per_address` from
        one address and `max_connections` in all; one more is refused without waiting
        (its address's delay still grows). So a flood of wrong codes costs bounded memory,
        and a right code from the same address is never kept waiting behind it: the
        connection `ws` (if given) gives up its place meanwhile.
        """
        if found is not None:
            return found
        if ws is not None:
            self._speaking.discard(ws)
        delay = self._penalty(address)
        c = self.config
        if self._wrong.get(address, 0) >= c.pending_per_address or self.wrong_waiting() >= c.max_connections:
            return None
        self._wrong[address] = self._wrong.get(address, 0) + 1
        try:
            await asyncio.wait_for(self.closing.wait(), delay)
        except TimeoutError:
            pass
        finally:
            left = self._wrong[address] - 1
            if left:
                self._wrong[address] = left
            else:
                del self._wrong[address]
        return None

    def _penalty(self, address: str) -> float:
        """How long to wait before refusing a wrong code: doubling per recent failure."""
        now = time.monotonic()
        record = self._failures.setdefault(address, _Failures())
        if now - record.last > self.config.forget_after:
            record.count = 0
        record.count += 1
        record.last = now
        if len(self._failures) > 10_000:  # many addresses: keep the recent ones
            for key in [k for k, v in self._failures.items() if now - v.last > self.config.forget_after]:
                del self._failures[key]
        delay: float = self.config.penalty * 2.0 ** (record.count - 1)
        return min(delay, self.config.max_penalty)


@dataclass
class Host:
    """The authoritative table: serve it with `start`, stop it with `close`.

    `session` should already autosave (`persist.autosave`); `codes` are its seat codes.
    `on_status` hears one line whenever the table changes (who is away, whose turn).
    `saved`, if given, waits until the session's last save is on disk: the autosave
    writes on a thread of its own (`persist.writer`), and the table waits for it in a
    thread too, so no seat's messages (nor the host's own seat's keys, on this loop)
    wait on the disk. A decision is told to anyone only once it is saved.
    """

    session: Session
    codes: TableCodes
    config: HostConfig = field(default_factory=HostConfig)
    bots: BotProvider | None = None
    on_status: Callable[[str], None] | None = None
    saved: Callable[[], None] | None = None
    gate: Gate | None = None

    def __post_init__(self) -> None:
        self.players: list[Connection | None] = [None] * self.session.players
        self.watchers: set[Connection] = set()
        self.covered: set[int] = set()  # human seats a bot plays while their player is away
        self.finished = asyncio.Event()
        self.port = 0
        self._server: Server | None = None
        #: Who may come in (limits per address, hello timeout, wrong codes): the table's
        #: own, or its club's, shared by all the club's tables.
        self._gate = self.gate if self.gate is not None else Gate(self.config)
        self._bot_turns: dict[int, Hashable] = {}  # seat -> the moment its bot is deciding for
        self._views_sent: dict[int, str] = {}  # seat -> its `views` answer, once the game is over
        self._table: TableView | None = TableView.of(self.session.game)  # for move lines
        self._tasks: set[asyncio.Task[None]] = set()
        #: Held from applying a decision until it is saved and told: one at a time, so
        #: nothing is ever told before it is on disk (an acknowledged move is durable).
        self._deciding = asyncio.Lock()
        self._unsaved = False  # a decision is applied and its save not yet on disk
        if self.bots is None:
            self.bots = _default_bots()
        if self.session.game.is_terminal():
            self.finished.set()
        # In the lobby (`HostConfig.lobby`) nobody decides and no bot moves: the game
        # starts once no human seat is waited for (`_start_when_full`) or on `start_now`.
        self.started = not self.config.lobby or self.session.game.is_terminal() or not self.waiting_for()

    # -- serving ------------------------------------------------------------------------

    async def start(self) -> int:
        """Listen (port 0 picks a free one) and return the port; bots start moving."""
        c = self.config
        self._server = await serve(
            self._handle, c.bind, c.port, ssl=c.ssl, max_size=MAX_CLIENT_MESSAGE, compression=None,
            open_timeout=c.open_timeout, ping_interval=c.ping_interval, ping_timeout=c.ping_timeout,
            close_timeout=2, max_queue=4, logger=_quiet, server_header=None,
        )
        self.port = self._server.sockets[0].getsockname()[1] if self._server.sockets else c.port
        self._maybe_bot()
        return self.port

    async def close(self) -> None:
        self._gate.close()
        for task in list(self._tasks):
            task.cancel()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    async def flush(self, timeout: float = 2.0) -> None:
        """Wait until every connection has been sent what it is owed (at most `timeout`)."""
        conns = [c for c in (*self.players, *self.watchers) if c is not None]
        if conns:
            await asyncio.wait([asyncio.create_task(c.idle.wait()) for c in conns], timeout=timeout)

    def connections(self) -> tuple[int, int]:
        """(connections let in, connections still to say their hello): for the host's tests."""
        return self._gate.served, self._gate.greeting()

    def wrong_waiting(self) -> int:
        """Wrong codes waiting out their delay now (hellos and browser pages): for the tests."""
        return self._gate.wrong_waiting()

    async def _handle(self, ws: ServerConnection) -> None:
        """One connection, from hello to goodbye; nothing it sends can reach the table
        except a legal decision for its own seat on its own turn."""
        first = await self._gate.first_message(ws)
        if first is None:
            return
        try:
            seat = await self._hello(ws, *first)
            if seat is None:
                return
            at = None if seat < 0 else seat
            old = None if at is None else self.players[at]
            full = self._gate.enter(ws, self._rooms(at, first[0]), replaces=None if old is None else old.ws)
            if full is not None:
                await _refuse(ws, full.code, limit=full.limit)
                return
            await self._serve(ws, at)  # arrives (`_arrive`) with no `await` after `enter`
        finally:
            self._gate.leave(ws)

    def _rooms(self, seat: int | None, address: str) -> list[Room]:
        """What a connection let in at `seat` (None: a spectator) from `address` counts as.
        A seat holds one connection (a newer one takes its place: `_arrive`); spectators
        count per address and all together, apart from the players, so no number of them
        ever keeps a player out. (A club's table counts its seats by member.)"""
        if seat is not None:
            return []
        c = self.config
        return [
            Room(("spectators", id(self), address), c.member_connections, "address_spectator_limit"),
            Room(("spectators", id(self)), c.max_spectators, "spectator_limit"),
        ]

    async def _hello(self, ws: ServerConnection, address: str, raw: str | bytes) -> int | None:
        """The seat the hello's code opens (-1: the spectator code), or None if refused."""
        try:
            hello = read_client_message(raw)
            if hello["type"] != "hello":
                raise ProtocolError("hello_first")
            if not same_protocol(hello):
                await _refuse(ws, "unsupported_protocol", protocol=PROTOCOL, version=VERSION)
                return None
        except ProtocolError as exc:
            await _refuse(ws, str(exc))
            return None
        seat = await self._gate.admit(self._who(hello.get("code")), address, ws)
        if seat is None:
            await _refuse(ws, "wrong_code")
            return None
        return seat

    async def admit(self, code: object, address: str) -> int | None:
        """The seat `code` opens (-1: the spectator code) at once, or None once a wrong
        code has waited out its penalty (`Gate.admit`): the same check, and the same
        slowing down of repeated wrong codes from `address`, for a hello and for a
        browser seat (`net.web`)."""
        return await self._gate.admit(self._who(code), address)

    def _who(self, code: object) -> int | None:
        """The seat a code opens (-1 for the spectator code); every code is compared, in
        constant time, whatever matches first."""
        if not isinstance(code, str) or len(code) > 64:
            return None
        found = None
        for seat, expected in enumerate(self.codes.seats):
            if expected is not None and code_matches(code, expected) and found is None:
                found = seat
        if code_matches(code, self.codes.watch) and found is None:
            found = -1
        return found

    async def _serve(self, ws: ServerConnection, seat: int | None) -> None:
        conn = Connection(ws, seat, self.config.outbox)
        conn.push(encode(self._welcome(seat)))
        self._arrive(conn)
        bucket = Bucket(self.config.rate, self.config.burst)
        try:
            async for raw in ws:
                if not bucket.take():
                    await _refuse(ws, "too_many_messages")
                    return
                try:
                    message = read_client_message(raw)
                    if message["type"] == "ping":
                        conn.push(encode({"type": "pong"}))
                    elif message["type"] == "decide":
                        await self._decide(conn, message)
                    elif message["type"] == "views":
                        async with self._deciding:  # the last decision saved first
                            self._views(conn)
                    else:
                        raise ProtocolError("hello_twice")
                except ProtocolError as exc:
                    await _refuse(ws, str(exc))
                    return
        except ConnectionClosed:
            pass
        finally:
            conn.sender.cancel()
            self._depart(conn)

    def _welcome(self, seat: int | None) -> dict[str, Any]:
        deck = self.session.deck
        return {
            "type": "welcome",
            "protocol": PROTOCOL,
            "version": VERSION,
            "seat": seat,
            "names": list(self.session.names),
            "kinds": list(self.session.seats),
            "deck": {"sha256": deck.digest, "toml": deck_text(deck)},
        }

    def _arrive(self, conn: Connection) -> None:
        seat = conn.seat
        if seat is None:
            self.watchers.add(conn)
            self._send_state([conn])
            return
        old = self.players[seat]
        self.players[seat] = conn
        if old is not None:  # the same code again: the newer connection wins (a reconnect)
            asyncio.create_task(_refuse(old.ws, "seat_opened_elsewhere", CLOSE_REPLACED))
        self.covered.discard(seat)
        self._status(_("{name} is here").format(name=self.session.names[seat]))
        self._start_when_full()
        self._changed()

    def _depart(self, conn: Connection) -> None:
        if conn.seat is None:
            self.watchers.discard(conn)
            return
        if self.players[conn.seat] is conn:
            self.players[conn.seat] = None
            if not self.finished.is_set():
                # TRANSLATORS: the host's status line when a player's connection closes
                self._status(_("{name} left").format(name=self.session.names[conn.seat]))
            self._changed()

    # -- the game -------------------------------------------------------------------

    async def _decide(self, conn: Connection, message: dict[str, Any]) -> None:
        """Apply a decision if it is this seat's, on its turn, for this very position."""
        decision, turn = read_decision(message)
        async with self._deciding:
            reason = self._refusal(conn, turn)
            if reason is None and conn.seat is not None:
                reason = await self._commit(conn.seat, decision, turn)
                if reason is None:
                    return
        illegal = {"decision": str(decision)} if reason == "illegal" else {}
        conn.push(encode({"type": "refused", "reason": reason, **illegal, "turn": len(self.session.decisions)}))

    def _refusal(self, conn: Connection, turn: int) -> str | None:
        """Why `conn` may not decide now, at `turn` (a code `speech.notices.refusal` words), before the
        engine is asked; None if it may."""
        session, game = self.session, self.session.game
        if conn.seat is None:
            return "spectators_cannot_decide"
        if not self.started:
            return "not_started"
        if game.is_terminal():
            return "game_over"
        if turn != len(session.decisions) and not game.simultaneous():
            # A choice of set-up or of the Plan placement depends only on the seat's own
            # cards, which nobody else's choice changes: made on an older view, it stands.
            return "earlier_position"
        if not game.legal_decisions_for(conn.seat) or self._bot_level(conn.seat) is not None:
            return "not_your_turn"
        return None

    async def _commit(self, seat: int, decision: Decision, turn: int) -> str | None:
        """Make `seat`'s decision (seen at `turn`) the table's and tell everyone once it is
        saved; "illegal" if the engine says no. Called holding `_deciding`. (A club's
        table commits to the club's store here instead: `club.server`.)"""
        try:
            self.session.choose(seat, decision)
        except Pier18Error:
            return "illegal"
        await self._saved()
        return None

    async def _saved(self) -> None:
        """Until the decision just applied is on disk (see `saved`), then tell everyone.
        Meanwhile the table goes on (people arrive, leave, send messages) but sends no
        state (`_send_state`): what a seat hears of the game is always on disk."""
        if self.saved is not None:
            self._unsaved = True
            try:
                await asyncio.to_thread(self.saved)
            finally:
                self._unsaved = False
        self._changed()

    def _views(self, conn: Connection) -> None:
        """Send a seat, once the game is over, its own view at each decision its player
        made (`own_decisions`): only ever about the asking seat, never to a spectator."""
        seat = conn.seat
        if seat is None or not self.session.game.is_terminal():
            reason = "spectators_have_no_decisions" if seat is None else "views_after_the_end"
            conn.push(encode({"type": "refused", "reason": reason, "turn": len(self.session.decisions)}))
            return
        if seat not in self._views_sent:  # the game is over: the answer never changes
            self._views_sent[seat] = encode(views_message(own_decisions(self.session, seat)))
        conn.push(self._views_sent[seat])

    def _changed(self) -> None:
        self._send_state()
        table = TableView.of(self.session.game)
        before, self._table = self._table, table
        if before is not None and len(table.history) > len(before.history):
            # One line per decision applied (choices made ahead are applied several at once).
            steps = [table]
            while len(steps[-1].history) > len(before.history) + 1:
                steps.append(steps[-1].before_last())
            stand_ins = self.session.stand_ins()
            for earlier, later in zip([before, *reversed(steps[1:])], reversed(steps)):
                by = stand_ins.get(len(later.history))  # a bot's move for an away player is the bot's
                self._status(move_line(earlier, later, self.session.names, by=by))  # only what the table sees
        if self.session.game.is_terminal():
            if not self.finished.is_set():
                self._status(game_over())
            self.finished.set()
            return
        self._maybe_bot()

    def seat_info(self) -> list[dict[str, Any]]:
        return [
            {"name": name, "kind": kind, "connected": self.players[s] is not None, "covered": s in self.covered}
            for s, (name, kind) in enumerate(zip(self.session.names, self.session.seats))
        ]

    def waiting_for(self) -> list[int]:
        """Human seats whose player is away and that no bot covers."""
        return [
            s for s, kind in enumerate(self.session.seats)
            if kind == HUMAN and self.players[s] is None and s not in self.covered
        ]

    def status(self) -> str:
        """One line for the host's screen: whose turn, and who is being waited for (in the
        lobby: who is here and who is still to come)."""
        names = self.session.names
        waiting = [names[s] for s in self.waiting_for()]
        if not self.started:
            here = [names[s] for s, kind in enumerate(self.session.seats) if kind == HUMAN and s not in self.waiting_for()]
            present = ngettext("{names} is here", "{names} are here", len(here)).format(names=players_list(here))
            if here and waiting:
                # TRANSLATORS: who is at the hosted table so far and who is still awaited
                return _("lobby: {here}; {waiting}").format(here=present, waiting=waiting_for(waiting))
            if here:
                return _("lobby: {here}").format(here=present)
            if waiting:
                return _("lobby: {waiting}").format(waiting=waiting_for(waiting))
            return _("lobby")
        table = TableView.of(self.session.game)
        return table_line(table, names, self.waiting_for(), chosen_by=chosen_by(table, self.session))

    def _send_state(self, only: list[Connection] | None = None) -> None:
        if self._unsaved:  # everyone is sent the state once it is saved (`_saved`)
            return
        game = self.session.game
        table = TableView.of(game)
        seats, waiting, lobby = self.seat_info(), self.waiting_for(), not self.started
        made, ahead = self.session.stand_ins(), self.session.ahead_stand_ins()
        public: str | None = None
        for conn in only if only is not None else [*(c for c in self.players if c), *self.watchers]:
            if conn.seat is None:
                public = public or encode(self._state_message(table, None, seats, waiting, lobby, made, ahead))
                conn.push_state(public)
            else:
                view = PlayerView.of(game, conn.seat)
                if lobby:  # nobody decides before the game starts
                    view = view.restricted(())
                conn.push_state(encode(self._state_message(table, view, seats, waiting, lobby, made, ahead)))

    def _state_message(
        self, table: TableView, view: PlayerView | None, seats: list[dict[str, Any]], waiting: list[int], lobby: bool,
        made: Mapping[int, str], ahead: Mapping[int, str],
    ) -> dict[str, Any]:
        """The `state` message for one connection (`state_message`); a club's table adds its own part."""
        return state_message(table, view, seats, waiting, lobby, made, ahead)

    # -- the lobby -------------------------------------------------------------------------

    def _start_when_full(self) -> None:
        """Start the game once no human seat is waited for (every player here, or a bot
        sitting in for them)."""
        if not self.started and not self.waiting_for():
            self.started = True
            self._status(_("everyone is here: the game starts"))

    def start_now(self) -> str:
        """The host starts the game with the players who are here: a bot plays each empty
        seat until its player comes (`cover`). Says what happened."""
        if self.started:
            return _("the game has started already")
        names = self.session.names
        empty = self.waiting_for()
        for seat in empty:
            self.covered.add(seat)
            self._status(_("a {level} bot plays for {name} until they are back").format(level=self.config.bot_level, name=names[seat]))
        self._start_when_full()
        self._changed()
        if not empty:
            return _("everyone is here: the game starts")
        return _("the game starts; a {level} bot plays for {names} until they come").format(
            level=self.config.bot_level, names=players_list([names[s] for s in empty])
        )

    def _status(self, line: str) -> None:
        if self.on_status is not None:
            self.on_status(line)

    # -- bots and away seats ---------------------------------------------------------------

    def cover(self, seat: int) -> str:
        """Hand an away human seat to a bot until its player is back; says what happened."""
        names = self.session.names
        if not 0 <= seat < len(names) or self.session.seats[seat] != HUMAN:
            return _("only a human seat can be handed to a bot")
        if self.players[seat] is not None:
            return _("{name} is here: their seat stays theirs").format(name=names[seat])
        self.covered.add(seat)
        self._status(_("a {level} bot plays for {name} until they are back").format(level=self.config.bot_level, name=names[seat]))
        self._start_when_full()
        self._changed()
        return _("{name}'s seat is played by a {level} bot until they are back").format(
            name=names[seat], level=self.config.bot_level
        )

    def stand_in_level(self) -> str:
        """The level of the bot that plays an away seat handed over (`cover`)."""
        return self.config.bot_level

    def _bot_level(self, seat: int) -> str | None:
        kind = self.session.seats[seat]
        if kind != HUMAN:
            return kind
        return self.config.bot_level if seat in self.covered else None

    def _moment(self) -> Hashable:
        """What a decision is for now: in a simultaneous phase the phase itself (a seat's
        choice there depends only on its own cards), otherwise the turn."""
        game = self.session.game
        return game.phase if game.simultaneous() else len(self.session.decisions)

    def _maybe_bot(self) -> None:
        """Start the bot of every seat a bot plays that has a decision to make: the seat
        to move, or in set-up and the Plan placement every such seat at once."""
        game = self.session.game
        if game.is_terminal() or not self.started:
            return
        moment = self._moment()
        for seat in range(game.players) if game.simultaneous() else (game.current_player,):
            level = self._bot_level(seat)
            if level is None or self._bot_turns.get(seat) == moment or not game.legal_decisions_for(seat):
                continue
            self._bot_turns[seat] = moment
            task = asyncio.create_task(self._bot_move(seat, level, moment))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _bot_move(self, seat: int, level: str, moment: Hashable) -> None:
        """A bot decides in a thread (the table stays live); its answer counts only if the
        game is still where it was and the seat still belongs to a bot."""
        assert self.bots is not None
        started = time.monotonic()
        view = PlayerView.of(self.session.game, seat)
        try:
            decision = await asyncio.to_thread(self.bots(level, seat).choose, view)
        except Exception:  # a bot bug must not stop the table
            decision = view.legal[0]
        wait = self.config.bot_pause - (time.monotonic() - started)
        if wait > 0:
            await asyncio.sleep(wait)
        async with self._deciding:  # after the decision being saved, if one is
            if self._bot_turns.get(seat) == moment:
                del self._bot_turns[seat]
            legal = self.session.game.legal_decisions_for(seat)
            if self._moment() != moment or self._bot_level(seat) is None or not legal:
                self._maybe_bot()
                return
            by = level if self.session.seats[seat] == HUMAN else None  # standing in for an away player
            try:
                self.session.choose(seat, decision if decision in legal else legal[0], by)
            except Pier18Error:
                self.session.choose(seat, legal[0], by)
            await self._saved()


def chosen_by(table: TableView, session: Session) -> dict[int, str]:
    """In set-up or the Plan placement, the seats whose choice of this phase a bot made
    for their away player (applied, or made ahead): the bot's level, by seat."""
    return stand_in_choices(table, session.stand_ins(), session.ahead_stand_ins())


def own_decisions(session: Session, seat: int) -> list[tuple[int, Decision, TableView, PlayerView]]:
    """Every decision `seat`'s own player made (not a bot's for them while they were
    away), with the table and the seat's `PlayerView` it was made from, as the engine
    builds them from the game replayed to that point (`review.positions`: a set-up or
    Plan choice from the start of its phase, a draft from just before it)."""
    from ..review.positions import positions

    game = Game(session.deck, session.players, session.seed, session.first_player, session.deal)
    stand_ins = session.stand_ins()
    seen: dict[int, tuple[TableView, PlayerView]] = {}
    found = []
    for index, (point, decision) in enumerate(zip(positions(session), session.decisions)):
        seen.setdefault(index, (TableView.of(game), PlayerView.of(game, seat)))
        if point.seat == seat and point.number not in stand_ins:
            found.append((point.number, decision, *seen[point.position]))
        game.apply(decision)
    return found


def _default_bots() -> BotProvider:
    """One bot per seat and level, made on first use."""
    made: dict[tuple[str, int], Bot] = {}

    def bot_for(level: str, seat: int) -> Bot:
        if (level, seat) not in made:
            made[level, seat] = make_bot(level, seat * 7919 + 1)
        return made[level, seat]

    return bot_for
