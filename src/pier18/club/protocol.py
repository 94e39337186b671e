"""The club's protocol on `/club`: what members and the server say to each other.

Every message is one JSON object with a `type`. A member's requests may carry an `id`
(a whole number the answer repeats, so a client matches answers to questions while the
server also pushes `turn` notices). Both directions are read as hostile: the server
checks every request's size, type, fields and their types (`read_request`), and the
client checks every answer's shape before anything of it reaches a screen
(`read_answer` and the `decode_*` functions). A refusal is a code and its values, never
a sentence: each client words it in its own language (`refusal_words`).

A seat's game goes over `/table/ID` in the host protocol of docs/protocol.md unchanged
(`net.protocol`); the club only hands out the ticket (a seat code) for it. docs/club.md
describes the protocol in prose.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..bots import LEVELS
from ..bots.seats import HUMAN
from ..engine.sizes import TABLE_SIZES
from ..engine.text import printable, printable_name
from ..engine.errors import Pier18Error
from ..i18n import _, ngettext
from ..speech.notices import refusal
from .clock import ON_TIMEOUT, ClockError, parse_seconds

PROTOCOL = "pier18-club"
VERSION = 1

#: The largest request a member may send (a `create` inviting 16 long names is ~1.5 KiB).
MAX_REQUEST = 4096
#: The largest message the server sends (a record is ~10 KiB; a long list of games more).
MAX_ANSWER = 8 * 2**20
MAX_NAME = 64  # as a record's player name
MAX_KEY = 64
MAX_INVITED = 16
MAX_ID = 2**31 - 1
#: The most tables one `club` answer lists of each kind (the newest games, the oldest open tables).
MAX_LISTED = 200
MAX_MEMBERS = 10_000
MAX_RECORD = 4 * 2**20 + 1024

SEAT_KINDS: tuple[str, ...] = (HUMAN, *LEVELS)

#: Each request type and the fields it may carry besides `type` and `id`.
REQUESTS: dict[str, frozenset[str]] = {
    "hello": frozenset({"protocol", "version", "name", "key", "reset"}),
    "list": frozenset(),
    "create": frozenset({"players", "seats", "invite", "clock", "on_timeout"}),
    "join": frozenset({"table"}),
    "rematch": frozenset({"table"}),
    "ratings": frozenset(),
    "seat": frozenset({"table"}),
    "watch": frozenset(),
    "export": frozenset({"table"}),
    "ping": frozenset(),
}

#: What the server may refuse, by code (worded by `refusal_words`). The host protocol's
#: own codes (worded by `speech.notices.refusal`) are used as they are where they mean the same.
CODES = (
    "unsupported_protocol", "bad_name", "bad_key", "name_taken", "name_looks_taken", "unknown_field", "bad_field",
    "no_such_table", "not_open", "not_invited", "no_free_seat", "already_seated", "name_is_a_bot",
    "not_your_table", "not_started", "not_finished", "busy", "club_failed", "bad_invite",
    "member_connection_limit", "open_table_limit", "table_limit", "key_reset", "wrong_reset_code", "reset_code_expired",
)
#: The longest one-time code of a key reset a hello may bring (a seat code's form, typed).
MAX_RESET_CODE = 40


class ClubProtocolError(Pier18Error):
    """A message that breaks the club protocol. At the server its message is the code it
    sends back (`values` beside it); at a client, a line in the client's own words."""

    def __init__(self, code: str, **values: object) -> None:
        super().__init__(code)
        self.code = code
        self.values = values


class ClubRefused(Pier18Error):
    """The club said no: `code` (`CODES`, or the host protocol's) and its `values`; the
    exception's text is the refusal in this client's words."""

    def __init__(self, code: str, values: Mapping[str, object] | None = None) -> None:
        self.code = code
        self.values = dict(values or {})
        super().__init__(refusal_words(code, self.values))


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def refused(code: str, request_id: int | None = None, **values: object) -> dict[str, Any]:
    """A `refused` message: a code and its values (never a sentence)."""
    message: dict[str, Any] = {"type": "refused", "code": code, "values": values}
    if request_id is not None:
        message["id"] = request_id
    return message


def refusal_words(code: str, values: Mapping[str, object] | None = None) -> str:
    """A club's refusal in this client's words. A code this client does not know (a newer
    server's) is shown as it came, made printable."""
    values = {key: printable(str(value))[:80] for key, value in (values or {}).items()}
    limit = str(values.get("limit", ""))
    if code in ("open_table_limit", "table_limit") and limit.isascii() and limit.isdigit() and len(limit) < 10:
        return _table_limit(code, int(limit))
    table = values.get("table", "?")
    field = values.get("field", "?")
    found = {
        "unsupported_protocol": _("unsupported protocol (this club speaks {protocol} version {version})").format(
            protocol=values.get("protocol", "?"), version=values.get("version", "?")
        ),
        "bad_name": _("a member's name has 1 to {longest} characters and is not a bot's (bot:hard, Hard bot)").format(longest=MAX_NAME),
        "bad_key": _("that is not a club key"),
        "name_taken": _("that name is taken in this club by a member with another key; if it is yours, the club's operator can let you in again"),
        "name_looks_taken": _("that name looks like the name of {member}, a member of this club (letters of another alphabet or look-alike signs); choose another").format(
            member=values.get("member", "?")
        ),
        "unknown_field": _("the message has a field the club does not know ({field})").format(field=field),
        "bad_field": _("the message's field {field} is not what the club expects").format(field=field),
        "no_such_table": _("there is no club table {table}").format(table=table),
        "not_open": _("club table {table} is not waiting for players").format(table=table),
        "not_invited": _("you are not invited to club table {table}").format(table=table),
        "no_free_seat": _("club table {table} has no free seat").format(table=table),
        "already_seated": _("you already sit at club table {table}").format(table=table),
        "name_is_a_bot": _("your name is also a bot's name at club table {table}").format(table=table),
        "not_your_table": _("you do not sit at club table {table}").format(table=table),
        "not_started": _("club table {table} has not started").format(table=table),
        "not_finished": _("the game at club table {table} is not over yet").format(table=table),
        "busy": _("the club is busy; try again"),
        "club_failed": _("the club could not do that (its database failed)"),
        "open_table_limit": _("you have as many tables waiting for players as one member may have"),
        "table_limit": _("you have made as many tables that are not over as one member may have"),
        "wrong_reset_code": _("that is not the one-time code of your key reset (or it was used already)"),
        "reset_code_expired": _("that one-time code has expired; ask the club's operator for a new one"),
        "bad_invite": _("{name} cannot be invited: {why}").format(name=values.get("name", "?"), why=_name_rule(str(values.get("why", "")))),
    }
    if code in found:
        return found[code]
    return refusal(printable(code)[:200], values)


def _table_limit(code: str, limit: int) -> str:
    """A limit on the tables a member makes, reached, saying the limit."""
    if code == "open_table_limit":
        return ngettext(
            "you already have {n} table waiting for players, the most one member may have; make another once it has started",
            "you already have {n} tables waiting for players, the most one member may have; make another once one has started",
            limit,
        ).format(n=limit)
    return ngettext(
        "you have made {n} table that is not over, the most one member may have; make another once it is over",
        "you have made {n} tables that are not over, the most one member may have; make another once one is over",
        limit,
    ).format(n=limit)


def _name_rule(why: str) -> str:
    """The rule a name breaks (`store.BadName.why`), in this client's words."""
    if why == "bot":
        return _("names starting with bot: are the bots' (to seat a bot, choose its level for the seat)")
    if why == "bot_seat":
        return _("that is how a bot's seat is named (to seat a bot, choose its level for the seat)")
    return _("a member's name has 1 to {longest} characters").format(longest=MAX_NAME)


# -- requests (read at the server) -------------------------------------------------------------


@dataclass(frozen=True)
class Request:
    """One member's request, checked: its type, its id (if any) and its fields."""

    type: str
    id: int | None = None
    table: int | None = None
    players: int | None = None
    seats: tuple[str, ...] = ()
    invite: tuple[str, ...] | None = None
    clock: int | None = None  # seconds per move
    on_timeout: str = "bot"
    name: str = ""
    key: str = ""
    reset: str | None = None  # the one-time code of a key reset, in a hello


def _whole(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def read_request(raw: str | bytes) -> Request:
    """A member's message as a checked `Request`, else ClubProtocolError (its code, and the
    field at fault): too large, not JSON, not an object, an unknown type or field, a field
    of the wrong type or out of range."""
    if isinstance(raw, bytes):
        raise ClubProtocolError("binary_message")
    if len(raw) > MAX_REQUEST:
        raise ClubProtocolError("message_too_large")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise ClubProtocolError("not_json") from None
    if not isinstance(data, dict):
        raise ClubProtocolError("not_an_object")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in REQUESTS:
        raise ClubProtocolError("unknown_message")
    for name in data:
        if name not in REQUESTS[kind] and name not in ("type", "id"):
            raise ClubProtocolError("unknown_field", field=printable(str(name))[:40])
    request_id = data.get("id")
    if request_id is not None and not _whole(request_id, 0, MAX_ID):
        raise ClubProtocolError("bad_field", field="id")

    def bad(name: str) -> ClubProtocolError:
        return ClubProtocolError("bad_field", field=name)

    if kind == "hello":
        name, key = data.get("name"), data.get("key")
        if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME:
            raise bad("name")
        if not isinstance(key, str) or not 0 < len(key) <= MAX_KEY:
            raise bad("key")
        reset = data.get("reset")
        if reset is not None and not (isinstance(reset, str) and 0 < len(reset) <= MAX_RESET_CODE):
            raise bad("reset")
        return Request(kind, request_id, name=name, key=key, reset=reset)
    if kind in ("join", "rematch", "seat", "export"):
        table = data.get("table")
        if not _whole(table, 1, MAX_ID):
            raise bad("table")
        return Request(kind, request_id, table=table)
    if kind == "create":
        players, seats, invite = data.get("players"), data.get("seats"), data.get("invite")
        if not _whole(players, min(TABLE_SIZES), max(TABLE_SIZES)):
            raise bad("players")
        if not isinstance(seats, list) or len(seats) != players or not all(isinstance(s, str) and s in SEAT_KINDS for s in seats):
            raise bad("seats")
        if seats[0] != HUMAN:
            raise bad("seats")
        if invite is not None and not (
            isinstance(invite, list) and len(invite) <= MAX_INVITED
            and all(isinstance(n, str) and 0 < len(n) <= MAX_NAME and printable_name(n) for n in invite)
        ):
            raise bad("invite")
        clock, on_timeout = data.get("clock", "none"), data.get("on_timeout", "bot")
        if not isinstance(clock, str) or len(clock) > 12:
            raise bad("clock")
        try:
            seconds = parse_seconds(clock)
        except ClockError:
            raise bad("clock") from None
        if on_timeout not in ON_TIMEOUT:
            raise bad("on_timeout")
        return Request(
            kind, request_id, players=players, seats=tuple(seats),
            invite=None if invite is None else tuple(invite), clock=seconds, on_timeout=str(on_timeout),
        )
    return Request(kind, request_id)


def hello_version(raw: str | bytes) -> tuple[str, int] | None:
    """The protocol and version a hello names, if it names this protocol and version
    (`true` is not version 1, though Python's True == 1); None otherwise."""
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError, TypeError):
        return None
    if isinstance(data, dict) and data.get("protocol") == PROTOCOL and type(data.get("version")) is int and data["version"] == VERSION:
        return PROTOCOL, VERSION
    return None


# -- answers (read at the client) ---------------------------------------------------------------


@dataclass(frozen=True)
class SeatSummary:
    name: str | None  # the member sitting there; None for a bot seat or a free one
    kind: str  # "human" or a bot level


@dataclass(frozen=True)
class Standing:
    seat: int
    place: int  # 1 = first; ties share a place
    total: int


@dataclass(frozen=True)
class TableInfo:
    """One club table as a member sees it in a list (never any seat's cards)."""

    id: int
    players: int
    seats: tuple[SeatSummary, ...]
    status: str  # "open", "playing" or "over"
    turn: int  # decisions made so far
    to_act: tuple[int, ...]  # the seats the table waits for
    your_seat: int | None
    your_turn: bool
    clock: str  # "none", "5m", "2d"
    on_timeout: str  # "bot" or "lose"
    deadline: float | None  # when the move is due (seconds since the epoch)
    invited: tuple[str, ...] | None  # None: open to all
    created_by: str
    standings: tuple[Standing, ...] = ()  # once over
    lost_on_time: tuple[int, ...] = ()


@dataclass(frozen=True)
class MemberRating:
    name: str
    ordinal: float  # mu - 3 sigma: what the club ranks by
    mu: float
    sigma: float
    games: int


def read_answer(raw: str | bytes) -> dict[str, Any]:
    """A server's message as a dict with a string `type` (its fields are checked by the
    `decode_*` function for that type), else ClubProtocolError."""
    if isinstance(raw, bytes):
        raise ClubProtocolError(_("the club sent a binary message"))
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise ClubProtocolError(_("the club sent a message that is not JSON")) from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ClubProtocolError(_("the club sent a message that is not an object with a type"))
    request_id = data.get("id")
    if request_id is not None and not _whole(request_id, 0, MAX_ID):
        raise ClubProtocolError(_("the club sent a message that is not an object with a type"))
    return data


def _unreadable() -> ClubProtocolError:
    return ClubProtocolError(_("the club sent an answer this client cannot read"))


def _name(value: Any) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= MAX_NAME:
        raise TypeError("name")
    return printable_name(value) or "?"


def _number(value: Any) -> float:
    if type(value) not in (int, float) or not math.isfinite(value):
        raise TypeError("number")
    return float(value)


def _list(value: Any, most: int) -> list[Any]:
    if not isinstance(value, list) or len(value) > most:
        raise TypeError("list")
    return value


def _seat(value: Any, players: int) -> int:
    if not _whole(value, 0, players - 1):
        raise TypeError("seat")
    result: int = value
    return result


def _table_info(data: Any) -> TableInfo:
    if not isinstance(data, dict):
        raise TypeError("table")
    players = data["players"]
    if not _whole(players, min(TABLE_SIZES), max(TABLE_SIZES)):
        raise TypeError("players")
    seats = []
    for seat in _list(data["seats"], players):
        if not isinstance(seat, dict) or seat.get("kind") not in SEAT_KINDS:
            raise TypeError("seats")
        seats.append(SeatSummary(None if seat.get("name") is None else _name(seat["name"]), str(seat["kind"])))
    if len(seats) != players or data["status"] not in ("open", "playing", "over"):
        raise TypeError("seats")
    your_seat = None if data["your_seat"] is None else _seat(data["your_seat"], players)
    if not isinstance(data["your_turn"], bool) or not isinstance(data["clock"], str) or data["on_timeout"] not in ON_TIMEOUT:
        raise TypeError("flags")
    clock = data["clock"]
    parse_seconds(clock)  # ClockError if it is not a clock
    invited = None if data["invited"] is None else tuple(_name(n) for n in _list(data["invited"], MAX_INVITED))
    standings = []
    for entry in _list(data.get("standings", []), players):
        seat, place, total = _list(entry, 3)
        if not _whole(place, 1, players) or not _whole(total, -10_000, 10_000):
            raise TypeError("standings")
        standings.append(Standing(_seat(seat, players), place, total))
    if not _whole(data["id"], 1, MAX_ID) or not _whole(data["turn"], 0, 10**6):
        raise TypeError("id")
    return TableInfo(
        id=data["id"], players=players, seats=tuple(seats), status=str(data["status"]), turn=data["turn"],
        to_act=tuple(_seat(s, players) for s in _list(data["to_act"], players)),
        your_seat=your_seat, your_turn=data["your_turn"], clock=clock, on_timeout=str(data["on_timeout"]),
        deadline=None if data["deadline"] is None else _number(data["deadline"]), invited=invited,
        created_by=_name(data["created_by"]), standings=tuple(standings),
        lost_on_time=tuple(_seat(s, players) for s in _list(data.get("lost_on_time", []), players)),
    )


def decode_club(data: dict[str, Any]) -> tuple[list[TableInfo], list[TableInfo]]:
    """A `club` answer: (your games, the open tables you may join)."""
    try:
        return (
            [_table_info(t) for t in _list(data["games"], MAX_LISTED)],
            [_table_info(t) for t in _list(data["open"], MAX_LISTED)],
        )
    except (KeyError, TypeError, ValueError, ClockError):
        raise _unreadable() from None


def decode_unreadable(data: dict[str, Any]) -> tuple[int, ...]:
    """The member's tables a `club` answer says cannot be read (a damaged row at the
    club), newest first; none if the field is absent (an older club) or not a list of
    table numbers."""
    found = data.get("unreadable", [])
    if not isinstance(found, list) or len(found) > MAX_LISTED or not all(_whole(t, 1, MAX_ID) for t in found):
        return ()
    return tuple(found)


def decode_now(data: dict[str, Any]) -> float | None:
    """The club's own time in a `club` answer (seconds since the epoch), if it sent one a
    client can read: deadlines are counted from it, so a member whose computer's clock is
    wrong still reads how long is left. None if absent or not a time."""
    now = data.get("now")
    if isinstance(now, bool) or not isinstance(now, (int, float)) or not math.isfinite(now) or not 0 <= now < 2**40:
        return None
    return float(now)


def decode_ratings(data: dict[str, Any]) -> list[MemberRating]:
    try:
        found = []
        for entry in _list(data["members"], MAX_MEMBERS):
            if not isinstance(entry, dict) or not _whole(entry["games"], 0, 10**9):
                raise TypeError("member")
            found.append(MemberRating(
                _name(entry["name"]), _number(entry["ordinal"]), _number(entry["mu"]), _number(entry["sigma"]), entry["games"]
            ))
        return found
    except (KeyError, TypeError, ValueError):
        raise _unreadable() from None


def decode_table_id(data: dict[str, Any]) -> int:
    table = data.get("table")
    if not isinstance(table, int) or not _whole(table, 1, MAX_ID):
        raise _unreadable()
    return table


def decode_seat(data: dict[str, Any]) -> int:
    seat = data.get("seat")
    if not isinstance(seat, int) or not _whole(seat, 0, max(TABLE_SIZES) - 1):
        raise _unreadable()
    return seat


def decode_ticket(data: dict[str, Any]) -> tuple[int, str, str]:
    """A `ticket`: (table, path, code); the path is exactly `/table/ID`."""
    table = decode_table_id(data)
    path, code = data.get("path"), data.get("code")
    if path != f"/table/{table}" or not isinstance(code, str) or not 0 < len(code) <= 40 or not code.replace("-", "").isalnum() or not code.isascii():
        raise _unreadable()
    return table, path, code


def decode_record(data: dict[str, Any]) -> tuple[int, str]:
    table, record = decode_table_id(data), data.get("record")
    if not isinstance(record, str) or len(record) > MAX_RECORD:
        raise _unreadable()
    return table, record


def decode_refusal(data: dict[str, Any]) -> ClubRefused:
    code, values = data.get("code"), data.get("values", {})
    if not isinstance(code, str) or not isinstance(values, dict):
        raise _unreadable()
    return ClubRefused(printable(code)[:80], {printable(str(k))[:40]: v for k, v in list(values.items())[:8]})


# -- answers (made at the server) ----------------------------------------------------------------


def table_info(table: Any, name: str) -> dict[str, Any]:
    """A `TableInfo` as sent to the member `name`, made from a `store.Table`: its seats,
    clock and state, never any seat's cards."""
    seat = table.seat_of(name)
    to_act = table.to_act()
    info: dict[str, Any] = {
        "id": table.id,
        "players": table.players,
        "seats": [{"name": s.player, "kind": s.kind} for s in table.seats],
        "status": table.status,
        "turn": table.turn,
        "to_act": to_act,
        "your_seat": seat,
        "your_turn": seat is not None and seat in to_act,
        "clock": str(table.clock),
        "on_timeout": table.clock.on_timeout,
        "deadline": table.deadline,
        "invited": None if table.invited is None else list(table.invited),
        "created_by": table.created_by,
        "lost_on_time": list(table.lost_on_time),
    }
    if table.status == "over" and table.session is not None:
        info["standings"] = [[s.seat, s.place, s.total] for s in table.session.game.ranking()]
    return info
