"""A client of a networked table: connect, say hello, follow the game, send decisions.

Headless on purpose: tests drive it directly, the Textual game for one seat
(`pier18.tui.seat_app`) iterates `events()` in a worker, and the plain-line front end
(`pier18 join --lines`) prints what it hears. A dropped connection is retried with
backoff until the game is over, and the host then sends the current state, so a client
always lands where the game is. Only a refusal the host marks final (a wrong code, a
broken message) stops it.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import random
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any
from urllib.parse import urlsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.uri import parse_uri

from ..i18n import _, decimal
from ..engine import Deck, Decision, Phase
from ..engine.errors import Pier18Error
from ..engine.text import printable, quote, shorten
from ..speech.notices import connection_dropped, host_unreachable, refusal
from .protocol import (
    MAX_HOST_MESSAGE,
    PROTOCOL,
    VERSION,
    NetState,
    OwnDecision,
    ProtocolError,
    decode_state,
    decode_views,
    encode,
    host_name,
    same_protocol,
)

_quiet = logging.getLogger("pier18.net.websockets.client")
_quiet.addHandler(logging.NullHandler())
_quiet.propagate = False

_decks: dict[str, Deck] = {}

#: The close code of a host with no room just now (WebSocket's "try again later").
CLOSE_TRY_LATER = 1013


class NetError(Pier18Error):
    """A network problem a person can act on; one line."""


class Heard(StrEnum):
    """What kind of thing the client heard (an `Event`)."""

    WELCOME = "welcome"  # the host let us in (`Client.seat` is ours, None when watching)
    STATE = "state"  # a new view of the table (`Event.state`)
    REFUSED = "refused"  # the host refused a decision (`text` says why); the game goes on
    VIEWS = "views"  # the host sent this seat's view at each of its decisions (`Client.own_decisions`)
    LOST = "lost"  # the connection dropped; reconnecting (`text` says when)
    FATAL = "fatal"  # the host refused us for good (`text`: e.g. "wrong code"); the client stops
    CLOSED = "closed"  # the client stopped (the game is over, or `close` was called)


@dataclass(frozen=True)
class Event:
    """What the client heard: a `Heard` kind, with its words or the new state."""

    kind: Heard
    text: str = ""
    state: NetState | None = None


def url_of(address: str) -> str:
    """'192.168.1.20:8018' -> 'ws://192.168.1.20:8018/'; ws:// and wss:// pass through.

    NetError for anything that is not an address to connect to: checked here, before
    any connection, so a bad one is one line rather than a client that never starts. Its
    host is a `host_name` (one of 100,000 characters is none).
    """
    url = address if address.startswith(("ws://", "wss://")) else f"ws://{address}/"
    try:
        parse_uri(url)
        parts = urlsplit(url)
        port, host = parts.port, parts.hostname
    except (InvalidURI, ValueError):  # ValueError: a port out of range, a broken [IPv6] ...
        port, host = 0, None
    if port == 0 or (port is None and url != address) or not address.isprintable() or not host_name(host or ""):  # HOST:PORT needs its port
        raise NetError(_("{address} is not an address: give HOST:PORT (a port from 1 to 65535) as the host printed it").format(
            address=quote(address)
        ))
    return url


def _refusal(data: dict[str, Any]) -> str:
    """A host's `error` or `refused` in this seat's words: its code (worded by `speech.notices.refusal`) and
    the values beside it, each made printable first (a code this client does not know,
    a newer host's or a sentence of a version 1 host, is shown as it came)."""
    code = printable(str(data.get("reason")))[:200]
    values: dict[str, object] = {key: printable(str(data[key]))[:40] for key in ("protocol", "version", "decision", "limit") if key in data}
    return refusal(code, values)


def _deck(info: Any) -> Deck:
    """The deck from a welcome: its TOML text, checked against its sha256."""
    from ..persist.record import RecordError, parse_deck_text

    if not isinstance(info, dict) or not isinstance(info.get("toml"), str) or not isinstance(info.get("sha256"), str):
        raise ProtocolError(_("the host sent no deck"))
    digest, text = info["sha256"], info["toml"]
    if digest in _decks:
        return _decks[digest]
    try:
        raw = text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate ("\\ud800" in the JSON) is not text
        raise ProtocolError(_("the host's deck is not valid text")) from None
    if hashlib.sha256(raw).hexdigest() != digest:
        raise ProtocolError(_("the host's deck does not match its sha256"))
    try:
        deck = parse_deck_text(text, _("<host deck>"), digest, _("the host's deck"))
    except RecordError as exc:
        raise ProtocolError(str(exc)) from None
    _decks[digest] = deck
    return deck


class Client:
    """One seat's (or a spectator's) connection to a host, kept alive until the game ends."""

    def __init__(
        self,
        address: str,
        code: str,
        *,
        ssl: Any = None,
        reconnect: bool = True,
        min_backoff: float = 0.1,
        max_backoff: float = 5.0,
        on_event: Callable[[Event], None] | None = None,
    ) -> None:
        self.url = url_of(address)
        self.code = code
        self.ssl = ssl
        self.reconnect = reconnect
        self.min_backoff, self.max_backoff = min_backoff, max_backoff
        self.on_event = on_event
        self.seat: int | None = None
        self.names: list[str] = []
        self.deck: Deck | None = None
        self.state: NetState | None = None
        self.fatal: str | None = None
        self.attempts = 0  # connection attempts since the last one that got in
        self.ever_in = False  # once in, a client retries until the game is over
        self.first_tries = 3  # ... before that, an address that never answers is an error
        self.refusals: list[str] = []  # why the host refused our decisions, oldest first
        self.busy: str | None = None  # why the host closed this connection for now ("too many connections")
        self.log: list[Any] | None = None  # set to a list to keep every message as decoded JSON
        #: Once the game is over and asked for (`ask_views`): each decision this seat's
        #: player made, with the seat's view it was made from, as the host sent them.
        self.own_decisions: tuple[OwnDecision, ...] | None = None
        self._ws: ClientConnection | None = None
        self._queue: asyncio.Queue[Event] = asyncio.Queue()
        self._changed = asyncio.Condition()
        self._task: asyncio.Task[None] | None = None
        self._closing = False

    # -- the front end's side ------------------------------------------------------------

    def start(self) -> "Client":
        """Connect in the background (call from a running event loop)."""
        if self._task is None:
            self._task = asyncio.create_task(self._run())
        return self

    async def events(self) -> AsyncIterator[Event]:
        """Every event in order, ending after "closed" (for a front end's main loop)."""
        while True:
            event = await self._queue.get()
            yield event
            if event.kind is Heard.CLOSED:
                return

    @property
    def connected(self) -> bool:
        return self._ws is not None and self.deck is not None

    async def decide(self, decision: Decision | str) -> None:
        """Send a decision for the position we last saw; the answer comes as an event."""
        if self._ws is None or self.state is None:
            raise NetError(_("not connected to the host just now; the game will wait"))
        text = str(decision)
        await self._ws.send(encode({"type": "decide", "decision": text, "turn": self.state.turn}))

    async def ask_views(self) -> None:
        """Ask the host, once the game is over, for this seat's view at each decision its
        player made (the answer comes as a "views" event, in `own_decisions`)."""
        if self._ws is None:
            raise NetError(_("not connected to the host just now; the game will wait"))
        await self._ws.send(encode({"type": "views"}))

    async def send_raw(self, message: dict[str, Any]) -> None:
        """Send any message (tests use it to misbehave on purpose)."""
        if self._ws is None:
            raise NetError(_("not connected"))
        await self._ws.send(encode(message))

    async def wait_for(self, test: Callable[[NetState], bool], timeout: float | None = None) -> NetState:
        """The first state (the current one included) for which `test` is true.

        It waits for the host, however long that takes, or at most `timeout` seconds
        (then TimeoutError); NetError if the host refused us for good.
        """
        async def wait() -> NetState:
            async with self._changed:
                while True:
                    if self.fatal is not None:
                        raise NetError(self.fatal)
                    if self.state is not None and test(self.state):
                        return self.state
                    await self._changed.wait()

        return await asyncio.wait_for(wait(), timeout)

    async def until(self, test: Callable[[], bool], timeout: float | None = None) -> None:
        """Wait until `test()` is true, checked after every event (TimeoutError after `timeout`, if given)."""
        async def wait() -> None:
            async with self._changed:
                while not test():
                    await self._changed.wait()

        await asyncio.wait_for(wait(), timeout)

    async def wait_turn(self, turn: int, timeout: float | None = None) -> NetState:
        """The state once `turn` decisions have been made."""
        return await self.wait_for(lambda s: s.turn >= turn, timeout)

    async def close(self) -> None:
        self._closing = True
        if self._ws is not None:
            await self._ws.close()
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except (asyncio.CancelledError, Exception):
                pass
            self._task = None

    def drop(self) -> None:
        """Cut the connection abruptly, without a closing handshake (tests: a pulled cable).

        The client reconnects by itself as it would after any drop.
        """
        ws = self._ws
        if ws is not None:
            ws.transport.abort()

    # -- the connection ------------------------------------------------------------------

    async def _run(self) -> None:
        """Connect, follow the game, reconnect; always ends with a "closed" event.

        Anything unexpected (a bug, or a host sending what no check foresaw) ends the
        client with a "fatal" event saying what it was: a front end is never left waiting.
        """
        try:
            await self._follow()
        except Exception as exc:
            what = printable(f"{type(exc).__name__}: {exc}")[:120]
            await self._fail(_("the client stopped on an unexpected error ({what})").format(what=what))
        await self._emit(Event(Heard.CLOSED))

    async def _follow(self) -> None:
        while not self._closing:
            self.attempts += 1
            reason = host_unreachable()
            try:
                async with connect(
                    self.url, ssl=self.ssl, max_size=MAX_HOST_MESSAGE, compression=None, open_timeout=5,
                    ping_interval=10, ping_timeout=10, close_timeout=2, logger=_quiet,
                ) as ws:
                    self._ws = ws
                    await ws.send(encode({"type": "hello", "protocol": PROTOCOL, "version": VERSION, "code": self.code}))
                    async for raw in ws:
                        await self._receive(raw)
                    reason = _("the host closed the connection")
            except ProtocolError as exc:
                await self._fail(str(exc))
            except ConnectionClosed as closed:
                reason = connection_dropped()
                if closed.rcvd is not None and closed.rcvd.code == CLOSE_TRY_LATER:  # busy, said as it closed
                    self.busy = refusal(printable(closed.rcvd.reason)[:200] or "too_many_connections")
            except (OSError, TimeoutError, InvalidHandshake) as exc:
                reason = host_unreachable(printable(str(exc))[:80])
            except InvalidURI:
                await self._fail(_("{url} is not an address (use HOST:PORT)").format(url=shorten(self.url)))
            finally:
                self._ws = None
            if self.busy is not None:  # the host had no room for us just now, and said so
                reason, self.busy = _("the host refused: {reason}").format(reason=self.busy), None
            if self.fatal is not None or self._closing or self._over():
                break
            if not self.reconnect or (not self.ever_in and self.attempts >= self.first_tries):
                await self._fail(reason)
                break
            delay = min(self.max_backoff, self.min_backoff * 2 ** min(self.attempts - 1, 10))
            delay *= random.uniform(0.5, 1.0)  # many clients of one host do not retry in step
            await self._emit(Event(Heard.LOST, _("{reason}; reconnecting in {delay} s").format(reason=reason, delay=decimal(delay, 1))))
            await asyncio.sleep(delay)

    def _over(self) -> bool:
        return self.state is not None and self.state.table.phase is Phase.OVER

    async def _fail(self, reason: str) -> None:
        self.fatal = reason
        await self._emit(Event(Heard.FATAL, reason))

    async def _receive(self, raw: str | bytes) -> None:
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):
            raise ProtocolError(_("the host sent a message that is not JSON")) from None
        if self.log is not None:
            self.log.append(data)
        if not isinstance(data, dict):
            raise ProtocolError(_("the host sent a message that is not an object"))
        kind = data.get("type")
        if kind == "welcome":
            if not same_protocol(data):
                raise ProtocolError(_("the host speaks another version of the protocol"))
            self.deck = _deck(data.get("deck"))
            seat = data.get("seat")
            if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 3):
                raise ProtocolError(_("the host sent a seat that is not one"))
            self.seat = seat
            self.attempts = 0
            self.ever_in = True
            await self._emit(Event(Heard.WELCOME))
        elif kind == "state":
            if self.deck is None:
                raise ProtocolError(_("the host sent a state before its welcome"))
            state = decode_state(data, self.deck)
            if (None if state.you is None else state.you.seat) != self.seat:
                raise ProtocolError(_("the host sent the view of another seat"))
            self.state = state
            await self._emit(Event(Heard.STATE, state=self.state))
        elif kind == "views":
            if self.deck is None or self.state is None:
                raise ProtocolError(_("the host sent a state before its welcome"))
            self.own_decisions = decode_views(data, self.deck, self.state)
            await self._emit(Event(Heard.VIEWS))
        elif kind == "refused":
            reason = _refusal(data)
            self.refusals.append(reason)
            await self._emit(Event(Heard.REFUSED, reason))
        elif kind == "error":
            reason = _refusal(data)
            if data.get("retry") is True:
                self.busy = reason  # the host closes, and we try again later (or say why we gave up)
                return
            await self._fail(_("the host refused: {reason}").format(reason=reason))
        elif kind == "pong":
            pass
        else:
            raise ProtocolError(_("the host sent an unknown message type"))

    async def _emit(self, event: Event) -> None:
        self._queue.put_nowait(event)
        if self.on_event is not None:
            self.on_event(event)
        async with self._changed:
            self._changed.notify_all()
