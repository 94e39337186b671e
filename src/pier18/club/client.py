"""A member's connection to a club: the lobby's questions, and notices of whose turn it is.

Headless, for every front end (the Textual club screen, the plain-line club, `pier18
club wait`) and the tests: `ClubClient` asks (`list`, `create`, `join`, `rematch`,
`ratings`, `ticket`, `export`) and listens (`turns`). A seat's game itself is played
with `net.client.Client` on the ticket `ticket` returns, exactly as a hosted game.

The connection is kept: a question asked while it is down reconnects first, a
question in flight when it drops is asked again if asking twice changes nothing
(everything but `create`, `join` and `rematch`, which raise `ClubError` instead so a
person decides), and `turns` reconnects by itself until closed. A refusal is raised as
`ClubRefused`, worded in this client's language.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
import builtins
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ..engine.errors import Pier18Error
from ..engine.text import shorten
from ..i18n import _
from ..net.client import url_of
from ..speech.notices import connection_dropped, host_unreachable
from .protocol import (
    MAX_ANSWER,
    PROTOCOL,
    VERSION,
    ClubProtocolError,
    ClubRefused,
    MemberRating,
    TableInfo,
    decode_club,
    decode_now,
    decode_ratings,
    decode_record,
    decode_refusal,
    decode_seat,
    decode_table_id,
    decode_ticket,
    decode_unreadable,
    encode,
    read_answer,
)

_quiet = logging.getLogger("pier18.club.websockets.client")
_quiet.addHandler(logging.NullHandler())
_quiet.propagate = False

#: Questions that change nothing when asked twice: asked again after a dropped connection.
#: Turn notices kept while nobody listens (a game is being played); more are dropped.
MAX_WAITING_TURNS = 1000
SAFE_AGAIN = frozenset({"list", "ratings", "seat", "export", "watch", "ping"})

__all__ = ["ClubClient", "ClubError", "ClubList", "ClubRefused", "MemberRating", "TableInfo", "club_url"]


class ClubError(Pier18Error):
    """A network problem with the club a person can act on; one line."""


@dataclass(frozen=True)
class ClubList:
    """The `list` answer: the member's games (newest first) and the open tables they may join."""

    games: list[TableInfo]
    open: list[TableInfo]
    now: float | None = None  # the club's time as it answered: deadlines are counted from it
    unreadable: tuple[int, ...] = ()  # the member's tables the club cannot read (a damaged row)


def club_url(address: str, path: str = "/club", tls: bool = False) -> str:
    """The club's URL for `path` ('/club' or '/table/7'), from HOST:PORT or a ws(s):// URL;
    wss:// when `tls`. NetError (one line) for anything that is not an address."""
    parts = urlsplit(url_of(address))
    scheme = "wss" if tls or parts.scheme == "wss" else "ws"
    return urlunsplit((scheme, parts.netloc, path, "", ""))


class ClubClient:
    """One member's connection to the club at `address` as `name`, proving it with `key`.

    Call `connect` first (it raises `ClubRefused` if the club says no, e.g. the name is
    another key's, and `ClubError` if it cannot be reached); then ask. `new` says whether
    that first hello made this member (or gave it a new key after the operator's reset,
    with the one-time code the operator gave them: `reset_code`).
    """

    def __init__(
        self,
        address: str,
        name: str,
        key: str,
        ssl: Any = None,
        *,
        timeout: float = 30.0,
        min_backoff: float = 0.1,
        max_backoff: float = 5.0,
        patience: float = 15.0,
        reset_code: str | None = None,
    ) -> None:
        self.url = club_url(address, tls=ssl is not None)
        self.address = address
        self.name = name
        self.key = key
        self.ssl = ssl
        self.timeout = timeout  # seconds an answer may take once asked
        self.min_backoff, self.max_backoff = min_backoff, max_backoff
        self.patience = patience  # seconds of trying again (with backoff) before a dropped club is an error
        self.new = False
        #: The one-time code of the operator's key reset: the first hello brings it, to make
        #: `key` the member's (then it is spent; a hello whose key is already theirs needs none).
        self.reset_code = reset_code
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._next_id = 1
        self._connecting = asyncio.Lock()
        self._turns: asyncio.Queue[int | Exception] = asyncio.Queue()
        self._watching = False
        self._keeper: asyncio.Task[None] | None = None
        self._closing = False

    # -- asking -----------------------------------------------------------------------------

    async def connect(self) -> bool:
        """Connect and say hello; returns `new` (this hello registered the name)."""
        await self._ensure()
        return self.new

    async def list(self) -> ClubList:
        """The member's games and the open tables they may join."""
        answer = await self._ask({"type": "list"}, "club")
        games, open_tables = decode_club(answer)
        return ClubList(games, open_tables, decode_now(answer), decode_unreadable(answer))

    async def create(
        self, players: int, seats: builtins.list[str] | None = None, invite: builtins.list[str] | None = None,
        clock: str = "none", on_timeout: str = "bot",
    ) -> int:
        """A new table (the member at seat 0): `seats` each "human" (to be filled) or a bot
        level, default all human; `invite`: the names who may join (None: anyone);
        `clock`: "none", "5m", "2d"; `on_timeout`: "bot" or "lose". Returns its id."""
        kinds = seats if seats is not None else ["human"] * players
        message = {"type": "create", "players": players, "seats": kinds, "invite": invite, "clock": clock, "on_timeout": on_timeout}
        return decode_table_id(await self._ask(message, "created"))

    async def join(self, table: int) -> int:
        """Sit at an open table; returns the seat (the game starts when the last one fills)."""
        return decode_seat(await self._ask({"type": "join", "table": table}, "joined"))

    async def rematch(self, table: int) -> int:
        """A new table with the same players and seats as a finished one; returns its id."""
        return decode_table_id(await self._ask({"type": "rematch", "table": table}, "created"))

    async def ratings(self) -> builtins.list[MemberRating]:
        """Every rated member, best first."""
        return decode_ratings(await self._ask({"type": "ratings"}, "ratings"))

    async def ticket(self, table: int) -> tuple[str, str]:
        """(url, code) for this member's seat's game at `table`: give them to
        `net.client.Client(url, code, ssl=...)`. The code stays valid across restarts."""
        _table, path, code = decode_ticket(await self._ask({"type": "seat", "table": table}, "ticket"))
        return club_url(self.address, path, tls=self.ssl is not None), code

    async def export(self, table: int) -> str:
        """The game record of a finished game this member played (the JSON `replay`,
        `review` and `stats` read)."""
        return decode_record(await self._ask({"type": "export", "table": table}, "record"))[1]

    async def turns(self) -> AsyncIterator[int]:
        """The id of each table where it becomes this member's turn (at once, every table
        where it already is), for as long as the client is open; reconnects by itself.
        A table may be named again after a reconnection."""
        if not self._watching:
            self._watching = True
            await self._ask({"type": "watch"}, "watching")
            self._keeper = asyncio.create_task(self._keep())
        while True:
            item = await self._turns.get()
            if isinstance(item, Exception):
                raise item
            yield item

    def waiting_turns(self) -> set[int]:
        """The tables named by notices that came and were not listened to yet (taken now,
        without waiting). A notice says it *became* the member's turn; one that waited (while
        a game was played, say) may be stale: look at the list before telling anyone."""
        tables: set[int] = set()
        while not self._turns.empty():
            item = self._turns.get_nowait()
            if isinstance(item, Exception):
                self._turns.put_nowait(item)  # for `turns` to raise, after the rest
                break
            tables.add(item)
        return tables

    async def close(self) -> None:
        self._closing = True
        for task in (self._keeper, self._reader):
            if task is not None:
                task.cancel()
        if self._ws is not None:
            try:
                await self._ws.close()
            except Exception:
                pass
        for task in (self._keeper, self._reader):
            if task is not None:
                try:
                    await task
                except (asyncio.CancelledError, Exception):
                    pass
        self._fail_pending(ClubError(_("the club connection was closed")))

    async def __aenter__(self) -> "ClubClient":
        await self.connect()
        return self

    async def __aexit__(self, *_exc: object) -> None:
        await self.close()

    def drop(self) -> None:
        """Cut the connection abruptly (tests: a pulled cable); the client reconnects."""
        if self._ws is not None:
            self._ws.transport.abort()

    # -- the connection ----------------------------------------------------------------------

    async def _ask(self, message: dict[str, Any], expected: str) -> dict[str, Any]:
        again = message["type"] in SAFE_AGAIN
        for attempt in self._attempts():
            ws = await self._ensure()  # ClubError, ClubRefused: raised as they are
            request_id = self._next_id
            self._next_id += 1
            future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
            self._pending[request_id] = future
            try:
                await ws.send(encode({**message, "id": request_id}))
                answer = await asyncio.wait_for(asyncio.shield(future), self.timeout)
            except (ConnectionClosed, ClubError):
                if not again or self._closing:
                    raise ClubError(_("the connection to the club dropped before it answered; look again")) from None
                await self._backoff(attempt)
                continue
            except TimeoutError:
                raise ClubError(_("the club did not answer in time")) from None
            finally:
                self._pending.pop(request_id, None)
            if answer["type"] == "refused":
                raise decode_refusal(answer)
            if answer["type"] != expected:
                raise ClubProtocolError(_("the club sent an answer this client cannot read"))
            return answer
        raise ClubError(host_unreachable())

    def _attempts(self) -> Iterator[int]:
        """Attempt numbers, from 0, for as long as `patience` lasts (the first always)."""
        give_up = time.monotonic() + self.patience
        attempt = 0
        while attempt == 0 or time.monotonic() < give_up:
            yield attempt
            attempt += 1

    async def _backoff(self, attempt: int) -> None:
        delay = min(self.max_backoff, self.min_backoff * 2 ** min(attempt, 10)) * random.uniform(0.5, 1.0)
        await asyncio.sleep(delay)

    async def _ensure(self) -> ClientConnection:
        """The open connection, connecting (and saying hello) first if there is none."""
        async with self._connecting:
            if self._ws is not None:
                return self._ws
            if self._closing:
                raise ClubError(_("the club connection was closed"))
            why = host_unreachable()
            for attempt in self._attempts():
                try:
                    ws = await connect(
                        self.url, ssl=self.ssl, max_size=MAX_ANSWER, compression=None, open_timeout=10,
                        ping_interval=20, ping_timeout=20, close_timeout=2, logger=_quiet,
                    )
                except InvalidURI:
                    raise ClubError(_("{url} is not an address (use HOST:PORT)").format(url=shorten(self.url))) from None
                except (OSError, TimeoutError, InvalidHandshake) as exc:
                    why = host_unreachable(shorten(exc, 80))
                    await self._backoff(attempt)
                    continue
                try:
                    hello = {"type": "hello", "protocol": PROTOCOL, "version": VERSION, "name": self.name, "key": self.key}
                    if self.reset_code is not None:
                        hello["reset"] = self.reset_code
                    await ws.send(encode(hello))
                    answer = read_answer(await asyncio.wait_for(ws.recv(), self.timeout))
                except (ConnectionClosed, TimeoutError):
                    why = connection_dropped()
                    await self._backoff(attempt)
                    continue
                if answer["type"] == "refused":
                    await ws.close()
                    refusal = decode_refusal(answer)
                    if refusal.code in ("too_many_connections", "busy"):
                        why = str(refusal)
                        await self._backoff(attempt)
                        continue
                    raise refusal
                if answer["type"] != "welcome" or not isinstance(answer.get("new"), bool):
                    await ws.close()
                    raise ClubProtocolError(_("the club sent an answer this client cannot read"))
                self.new = self.new or answer["new"]
                self.reset_code = None  # spent: the key is the member's now
                self._ws = ws
                self._reader = asyncio.create_task(self._read(ws))
                return ws
            raise ClubError(_("cannot reach the club: {why}").format(why=why))

    async def _read(self, ws: ClientConnection) -> None:
        """Hand each answer to its question, each notice to `turns`; when the connection
        ends, every question in flight hears so."""
        try:
            async for raw in ws:
                try:
                    data = read_answer(raw)
                except ClubProtocolError as exc:
                    self._fail_pending(exc)
                    break
                if data["type"] == "turn":
                    if self._turns.qsize() >= MAX_WAITING_TURNS:
                        continue  # a flood: `list` says where it is this member's turn anyway
                    try:
                        self._turns.put_nowait(decode_table_id(data))
                    except ClubProtocolError:
                        pass
                    continue
                future = self._pending.get(data["id"]) if isinstance(data.get("id"), int) else None
                if future is not None and not future.done():
                    future.set_result(data)
                elif data["type"] == "refused" and data.get("id") is None:  # said as it closes the connection
                    self._fail_pending(decode_refusal(data) if isinstance(data.get("code"), str) else ClubError(connection_dropped()))
        except ConnectionClosed:
            pass
        finally:
            if self._ws is ws:
                self._ws = None
            self._fail_pending(ClubError(connection_dropped()))

    def _fail_pending(self, exc: Exception) -> None:
        for future in self._pending.values():
            if not future.done():
                future.set_exception(exc)
                future.exception()  # retrieved: no "never retrieved" warning if nobody waits

    async def _keep(self) -> None:
        """While `turns` is listened to: after every drop, reconnect and watch again."""
        attempt = 0
        while not self._closing:
            reader = self._reader
            if reader is not None:
                await asyncio.gather(reader, return_exceptions=True)
            if self._closing:
                return
            await self._backoff(attempt)
            try:
                await self._ask({"type": "watch"}, "watching")
                attempt = 0
            except ClubRefused as exc:
                self._turns.put_nowait(exc)
                return
            except (ClubError, ClubProtocolError):
                attempt += 1
