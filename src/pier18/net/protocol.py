"""What goes over the wire: message types, limits, seat codes, and views as JSON.

The host sends each connection only what `state_message` makes from the engine's views:
the public `TableView` and, for a player, that seat's private part of its `PlayerView`.
Nothing here reads a `Game`, so what a client may learn is decided by the engine alone.
Client messages are untrusted: `read_client_message` turns any malformed one into one
`ProtocolError` line. docs/protocol.md is the specification of all of this.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import re
import secrets
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any
from urllib.parse import urlsplit

from ..bots.seats import HUMAN
from ..engine import Deck, Decision, Phase, Pier, PlayerView, TableView, parse_decision
from ..engine.errors import NotationError, Pier18Error
from ..engine.text import printable
from ..engine import TABLE_SIZES, PatronAward, Standing, check_table_size, rank, table_scores
from ..engine.view import SEEN_FIELDS, seen_fields
from ..flow import may_choose
from ..i18n import _

PROTOCOL = "pier18"
#: Version 2: the host's `error` and `refused` carry a code (worded by `speech.notices.refusal`) and its
#: values, never a sentence (version 1 sent English sentences).
VERSION = 2

#: The largest message a client may send (a decision is ~60 bytes); larger closes it.
MAX_CLIENT_MESSAGE = 4096
#: The largest message a host may send (the welcome carries the 12 KiB deck).
MAX_HOST_MESSAGE = 2**20
MAX_DECISION_TEXT = 40  # "draft 12:3" is 10 characters; as in a record
#: A club table's number is at most this (as the club's own protocol has it).
MAX_CLUB_TABLE = 2**31 - 1
#: The latest moment a club may name (seconds since 1970: the year 5000).
MAX_CLUB_TIME = 95_617_584_000

#: Seat codes: 16 characters from 32 unambiguous ones = 80 random bits, in groups of 4.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # 31 symbols: no 0/O, 1/I/L
CODE_LENGTH = 16

CLIENT_TYPES = frozenset({"hello", "decide", "ping", "views"})


class ProtocolError(Pier18Error):
    """A message that breaks the protocol. Raised at the host, its message is the code it
    sends back (worded by `speech.notices.refusal`); at a client, a line in the client's own words."""


def new_code() -> str:
    """A fresh secret seat code, e.g. 'K7QF-M2XD-9PHA-T4RE' (16 * log2(31) > 79 bits)."""
    raw = "".join(secrets.choice(CODE_ALPHABET) for _unused in range(CODE_LENGTH))
    return "-".join(raw[i : i + 4] for i in range(0, CODE_LENGTH, 4))


def normalize_code(code: str) -> str:
    """A code as typed (any case, with or without dashes or spaces) in its canonical form."""
    return "".join(ch for ch in code.upper() if ch not in "- ")


def code_digest(code: str) -> str:
    """The SHA-256 of a code in its canonical form, as hex: what a club keeps of a ticket."""
    return hashlib.sha256(normalize_code(code).encode("utf-8", "replace")).hexdigest()


def code_matches(given: str, expected: str) -> bool:
    """Compare codes in constant time (no timing hints about how much of a guess is right).

    Both sides are hashed first so that even their lengths take the same time.
    """
    return hmac.compare_digest(code_digest(given), code_digest(expected))


#: A host name as DNS allows one: labels of letters, digits and inner hyphens, each 1 to
#: 63 characters, separated by dots, 253 characters in all (a last dot allowed).
_HOST_NAME = re.compile(r"(?=.{1,253}\.?$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?")


def host_name(text: str) -> bool:
    """Whether `text` names a computer: an IP address (IPv6 with its zone, if any) or a
    host name DNS allows (an international one as typed or in its ASCII form), whose last
    label is not a number (`1.2.3` and `256.1.1.1` are no IPv4 address, and no name).
    The one rule for `--bind`, for a `join` or `club` ADDRESS and for the host a browser
    asks for: anything else (a name of 100,000 characters) is refused before it is used."""
    try:
        ipaddress.ip_address(text)
        return True
    except ValueError:
        pass
    if not 0 < len(text) <= 253:
        return False
    try:
        ascii_name = text.encode("idna").decode("ascii")
    except UnicodeError:
        return False
    return _HOST_NAME.fullmatch(ascii_name) is not None and not ascii_name.rstrip(".").rsplit(".", 1)[-1].isdigit()


def host_and_port(text: str) -> bool:
    """Whether `text` is HOST or HOST:PORT as an HTTP request's `Host` says it (an IPv6
    address in brackets), the host a `host_name`."""
    if not 0 < len(text) <= 300 or not text.isascii() or not text.isprintable():
        return False
    try:
        parts = urlsplit("//" + text)
        parts.port  # noqa: B018 - raises for a port that is none
    except ValueError:
        return False
    return parts.netloc == text and parts.hostname is not None and "@" not in text and host_name(parts.hostname)


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def same_protocol(message: dict[str, Any]) -> bool:
    """The hello or welcome names this protocol and version (`true` is not version 1,
    though Python's True == 1)."""
    version = message.get("version")
    return message.get("protocol") == PROTOCOL and type(version) is int and version == VERSION


def read_client_message(raw: str | bytes) -> dict[str, Any]:
    """A client's message as a checked dict with a known `type`, else ProtocolError."""
    if isinstance(raw, bytes):
        raise ProtocolError("binary_message")
    if len(raw) > MAX_CLIENT_MESSAGE:
        raise ProtocolError("message_too_large")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("not_json") from None
    if not isinstance(data, dict):
        raise ProtocolError("not_an_object")
    kind = data.get("type")
    if kind not in CLIENT_TYPES:
        raise ProtocolError("unknown_message")
    return data


def read_decision(data: dict[str, Any]) -> tuple[Decision, int]:
    """The decision and the turn number (`decisions made so far`) of a `decide` message."""
    text, turn = data.get("decision"), data.get("turn")
    if not isinstance(text, str) or len(text) > MAX_DECISION_TEXT:
        raise ProtocolError("decide_needs_decision")
    if not isinstance(turn, int) or isinstance(turn, bool) or not 0 <= turn < 10**6:
        raise ProtocolError("decide_needs_turn")
    try:
        return parse_decision(text), turn
    except NotationError:
        raise ProtocolError("decide_needs_decision") from None


# -- views as JSON ---------------------------------------------------------------------------
#
# One table says how every field of a `TableView` goes over the wire and how it is read
# back (`_TABLE`), and one how the seat's own part of a `PlayerView` does (`_SEAT`).
# Both are checked against the views' own field lists when this module loads, so a new
# view field that is neither sent nor said to be left out stops the program at once.


def pier_json(pier: Pier) -> list[list[int]]:
    """A pier as [[card id, cover], ...], land end first."""
    return [[p.card.id, p.cover] for p in pier.placements]


def _award_json(a: PatronAward) -> dict[str, Any]:
    return {"round": a.round, "card": a.card, "scores": list(a.scores), "drafted": list(a.drafted),
            "winner": a.winner, "by_date": a.by_date, "after": a.after}


def _standing_json(s: Standing) -> list[Any]:
    return [s.seat, s.place, s.total, s.characters, None if s.decided_by is None else s.decided_by.value]


@dataclass(frozen=True)
class _Field:
    """How one view field is written into JSON, and read back (`decode(value, deck, players)`)."""

    encode: Callable[[Any], Any]
    decode: Callable[[Any, Deck, int], Any]


def _same(value: Any) -> Any:
    return value


#: Every `TableView` field, as sent. `final` and `plans_met` are not sent as they are: the
#: final totals go as `totals`, and both are worked out again by the client (`_finish`).
_TABLE: dict[str, _Field] = {
    "players": _Field(_same, lambda v, deck, players: players),
    "phase": _Field(lambda phase: phase.value, lambda v, deck, players: Phase(v)),
    "current_player": _Field(_same, lambda v, deck, players: _seat(v, players)),
    "round": _Field(_same, lambda v, deck, players: _int(v, 0, MAX_ROUNDS)),
    "total_rounds": _Field(_same, lambda v, deck, players: _int(v, 0, MAX_ROUNDS)),
    "round_starter": _Field(_same, lambda v, deck, players: _seat(v, players)),
    "first_player": _Field(_same, lambda v, deck, players: None if v is None else _seat(v, players)),
    "plans": _Field(list, lambda v, deck, players: tuple(_opt_card(deck, p) for p in _list(v, players))),
    "piers": _Field(lambda piers: [pier_json(p) for p in piers], lambda v, deck, players: tuple(_pier(deck, p) for p in _list(v, players))),
    "patrons": _Field(lambda patrons: [list(p) for p in patrons], lambda v, deck, players: tuple(_cards(deck, p) for p in _list(v, players))),
    "revealed": _Field(list, lambda v, deck, players: _cards(deck, v)),
    "drafted": _Field(list, lambda v, deck, players: tuple(_opt_card(deck, d) for d in _list(v, players))),
    "awards": _Field(lambda awards: [_award_json(a) for a in awards], lambda v, deck, players: tuple(_award(deck, players, a) for a in _list(v))),
    "cards_in_deck": _Field(_same, lambda v, deck, players: _int(v, 0, len(deck))),
    "chosen": _Field(list, lambda v, deck, players: tuple(_bool(c) for c in _list(v, players))),
    "history": _Field(
        lambda history: [[seat, None if d is None else str(d)] for seat, d in history],
        lambda v, deck, players: tuple(_history_entry(e, players) for e in _list(v)),
    ),
    "standings": _Field(lambda standings: [_standing_json(s) for s in standings], lambda v, deck, players: _list(v)),
}
#: `TableView` fields that are not sent, and why.
_TABLE_NOT_SENT = frozenset({
    "deck",  # sent once, in the welcome
    "final",  # sent as `totals`; the client scores the piers again and compares
    "plans_met",  # worked out again by the client from the piers
})

#: The seat's own part of its `PlayerView`: what only that seat may know, by JSON name,
#: with the view field it comes from and how it is read back.
_SEAT: dict[str, _Field] = {
    "seat": _Field(lambda view: view.seat, lambda v, deck, players: _seat(v, players)),
    "hand": _Field(lambda view: list(view.hand), lambda v, deck, players: _cards(deck, v)),
    "returned": _Field(lambda view: view.returned, lambda v, deck, players: _opt_card(deck, v)),
    "plan": _Field(lambda view: view.plans[view.seat], lambda v, deck, players: _opt_card(deck, v)),
    "pier": _Field(lambda view: pier_json(view.piers[view.seat]), lambda v, deck, players: _pier(deck, v)),
    "legal": _Field(lambda view: [str(d) for d in view.legal], lambda v, deck, players: tuple(_decision(t) for t in _list(v))),
}
#: The `PlayerView` fields beyond the shared table that the seat's part carries.
_SEAT_OWN = ("seat", "hand", "returned", "legal")


def _check_field_lists() -> None:
    """Every view field is sent or named as left out (run when the module loads)."""
    table = {f.name for f in fields(TableView)}
    if table != set(_TABLE) | set(_TABLE_NOT_SENT) or set(_TABLE) & set(_TABLE_NOT_SENT):
        raise AssertionError(f"TableView fields and the protocol's differ: {sorted(table ^ (set(_TABLE) | set(_TABLE_NOT_SENT)))}")
    own = {f.name for f in fields(PlayerView)} - set(SEEN_FIELDS)
    if own != set(_SEAT_OWN) or not own <= set(_SEAT) or set(_SEAT) != {f.name for f in fields(SeatPart)}:
        raise AssertionError(f"PlayerView's own fields and the protocol's differ: {sorted(own ^ set(_SEAT_OWN))}")


def table_json(table: TableView) -> dict[str, Any]:
    """Everything the whole table may see, made only from a `TableView`."""
    data = {name: field.encode(getattr(table, name)) for name, field in _TABLE.items()}
    data["totals"] = None if table.final is None else [sheet.total for sheet in table.final]
    data["standings"] = data.pop("standings")  # after the totals, as docs/protocol.md lists them
    return data


def seat_json(view: PlayerView) -> dict[str, Any]:
    """The private part of one seat's `PlayerView`: what only that seat may know."""
    return {name: field.encode(view) for name, field in _SEAT.items()}


def state_message(
    table: TableView, player: PlayerView | None, seats: list[dict[str, Any]], waiting_for: list[int],
    lobby: bool = False, stand_ins: Mapping[int, str] | None = None, ahead_stand_ins: Mapping[int, str] | None = None,
) -> dict[str, Any]:
    """The `state` message for one connection: the table, plus its seat's part if any.
    `lobby`: the game has not started (the host waits for its players). `stand_ins`: the
    decisions a bot made for an away player, its level by the number of decisions made
    once it was applied; `ahead_stand_ins`: such a bot's choice made ahead and not
    applied yet (set-up, the Plan placement), its level by seat."""
    message: dict[str, Any] = {
        "type": "state",
        "turn": len(table.history),
        "view": table_json(table),
        "seats": seats,
        "waiting_for": waiting_for,
        "lobby": lobby,
        "stand_ins": [[number, level] for number, level in sorted((stand_ins or {}).items())],
        "ahead_stand_ins": [[seat, level] for seat, level in sorted((ahead_stand_ins or {}).items())],
    }
    if player is not None:
        message["you"] = seat_json(player)
    return message


def club_json(table: int, deadline: float | None, now: float, lost_on_time: Sequence[int]) -> dict[str, Any]:
    """A club table's part of a `state` (`club`): which table it is, when the move
    waited for is due (None: no clock), the club's own time, and the seats lost on time."""
    return {"table": table, "deadline": deadline, "now": now, "lost_on_time": sorted(lost_on_time)}


def views_message(decisions: list[tuple[int, Decision, TableView, PlayerView]]) -> dict[str, Any]:
    """The `views` message: one seat's own decisions of a finished game, each as
    `(number, decision, the table then, the seat's view then)`, encoded as a `state`'s
    `view` and `you` are, so a seat is sent only views that were its own."""
    return {
        "type": "views",
        "decisions": [
            {"number": number, "decision": str(decision), "view": table_json(table), "you": seat_json(view)}
            for number, decision, table, view in decisions
        ],
    }


def stand_in_choices(table: TableView, made: Mapping[int, str], ahead: Mapping[int, str]) -> dict[int, str]:
    """In set-up or the Plan placement, the seats whose choice of this phase a bot made
    for their away player: applied (`made`, by decision number) or made ahead of its
    turn (`ahead`, by seat); the bot's level, by seat. Empty in any other phase."""
    choices = table.phase_choices()
    if not choices and table.phase not in (Phase.SETUP, Phase.PLAN):
        return {}
    found = {seat: made[number] for seat, number in choices.items() if number in made}
    found.update((seat, level) for seat, level in ahead.items() if table.chosen[seat])
    return found


# -- views from JSON (client side) ------------------------------------------------------------


@dataclass(frozen=True)
class SeatPart:
    """This client's own seat: its dealt hand, returned card, Plan, pier and legal moves."""

    seat: int
    hand: tuple[int, ...]
    returned: int | None
    plan: int | None
    pier: Pier
    legal: tuple[Decision, ...]


@dataclass(frozen=True)
class SeatInfo:
    name: str
    kind: str  # "human" or a bot level
    connected: bool
    covered: bool  # a human seat played by a bot while its player is away


@dataclass(frozen=True)
class ClubPart:
    """A club table's part of a `state` (`club_json`), checked: its number, when the move
    waited for is due (None: no clock) and the club's time then (count the time left
    from it, not from this computer's clock), and the seats that lost on time."""

    table: int
    deadline: float | None
    now: float
    lost_on_time: tuple[int, ...]

    def left(self) -> float | None:
        """The seconds left for the move waited for (None: no clock; 0 once it is up)."""
        return None if self.deadline is None else max(0.0, self.deadline - self.now)


@dataclass(frozen=True)
class NetState:
    """One `state` message decoded: engine values a front end can draw as usual."""

    turn: int
    table: TableView
    you: SeatPart | None
    seats: tuple[SeatInfo, ...]
    waiting_for: tuple[int, ...]
    lobby: bool = False  # the game has not started: the host waits for its players
    #: The decisions a bot made for an away player: its level, by the number of decisions
    #: made once it was applied (counted from 1, as a Patron award's `after`).
    stand_ins: Mapping[int, str] = field(default_factory=dict)
    #: A choice such a bot made ahead of its turn, not applied yet: its level, by seat.
    ahead_stand_ins: Mapping[int, str] = field(default_factory=dict)
    #: A club table's number, deadline and seats lost on time (None: not a club's table).
    club: ClubPart | None = None

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def my_turn(self) -> bool:
        """This seat has a decision to make now (`flow.may_choose`; never in the lobby)."""
        return self.you is not None and not self.lobby and may_choose(self.table, self.you.seat)

    @property
    def moment(self) -> Hashable:
        """What a choice made now is for: in a simultaneous phase (set-up, the Plan
        placement) the phase itself, since others choosing meanwhile changes nothing of
        a seat's own choice; otherwise the turn (the position it is made in)."""
        phase = self.table.phase
        return phase if phase in (Phase.SETUP, Phase.PLAN) else self.turn

    def chosen_by(self) -> dict[int, str]:
        """In set-up or the Plan placement, the seats whose choice a bot made for their
        away player: the bot's level, by seat (`stand_in_choices`)."""
        return stand_in_choices(self.table, self.stand_ins, self.ahead_stand_ins)

    def player_view(self) -> PlayerView | None:
        """This seat's `PlayerView` (for screens or a hint bot), rebuilt from the message."""
        return None if self.you is None else _player_view(self.table, self.you)


def _player_view(table: TableView, you: SeatPart) -> PlayerView:
    """A seat's `PlayerView`: the table as sent, with the seat's own part put in."""
    shared = seen_fields(table)
    shared["plans"] = tuple(you.plan if s == you.seat else p for s, p in enumerate(table.plans))
    shared["piers"] = tuple(you.pier if s == you.seat else p for s, p in enumerate(table.piers))
    return PlayerView(**shared, seat=you.seat, hand=you.hand, returned=you.returned, legal=you.legal)


@dataclass(frozen=True)
class OwnDecision:
    """One decision a seat's own player made, with the seat's view it was made from (a
    `views` message decoded): what a review of that seat's game reads."""

    number: int  # its place among the game's decisions, from 1
    position: int  # the view is the game after its first `position` decisions
    view: PlayerView
    chosen: Decision


#: The most rounds and decisions a game can have, with room to spare: bounds for numbers a
#: host sends (an honest host's are far below).
MAX_ROUNDS = 100
MAX_TURN = 10**6


def _pier(deck: Deck, data: Any) -> Pier:
    pier = Pier()
    for card, cover in _list(data):
        pier = pier.place(deck[_card(deck, card)], _int(cover))
    return pier


def _list(value: Any, length: int | None = None) -> list[Any]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise TypeError("expected a list" if length is None else f"expected a list of {length}")
    return value


def _int(value: Any, low: int = 0, high: int = MAX_TURN) -> int:
    """A whole number from `low` to `high` (a bool is not one, though Python says so)."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise TypeError("expected a whole number in range")
    return value


def _ints(values: Any) -> tuple[int, ...]:
    return tuple(_int(v) for v in _list(values))


def _seat(value: Any, players: int) -> int:
    return _int(value, 0, players - 1)


def _card(deck: Deck, value: Any) -> int:
    card = _int(value, 0, 10**9)
    deck[card]  # KeyError for a card the deck does not have
    return card


def _cards(deck: Deck, values: Any) -> tuple[int, ...]:
    return tuple(_card(deck, v) for v in _list(values))


def _opt_card(deck: Deck, value: Any) -> int | None:
    return None if value is None else _card(deck, value)


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError("expected true or false")
    return value


def _text(value: Any, limit: int) -> str:
    """A string from the host, cut to `limit` and made printable (no escape codes)."""
    if not isinstance(value, str):
        raise TypeError("expected a string")
    return printable(value[:limit])


def _time(value: Any) -> float:
    """A moment in seconds since 1970, as a club sends it: a finite number, from 0 to
    the year 5000 (neither true nor false, nor NaN, nor infinity)."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise TypeError("expected a number")
    if not 0 <= value <= MAX_CLUB_TIME:  # compared before any conversion: NaN fails, and so does 10**400
        raise ValueError("a time out of range")
    return float(value)


def _club(value: Any, players: int) -> ClubPart:
    """A `state`'s `club` part: exactly its four fields, each of its kind and range."""
    if not isinstance(value, dict) or set(value) != {"table", "deadline", "now", "lost_on_time"}:
        raise TypeError("expected the club's four fields")
    seats = tuple(_seat(s, players) for s in _list(value["lost_on_time"]))
    if len(set(seats)) != len(seats):
        raise ValueError("a seat lost on time twice")
    deadline = None if value["deadline"] is None else _time(value["deadline"])
    return ClubPart(_int(value["table"], 1, MAX_CLUB_TABLE), deadline, _time(value["now"]), tuple(sorted(seats)))


def _kind(value: Any) -> str:
    """A seat's kind: "human" or a bot level this program knows."""
    from ..bots import LEVELS

    if value != HUMAN and value not in LEVELS:
        raise ValueError("unknown seat kind")
    return str(value)


def _decision(value: Any) -> Decision:
    if not isinstance(value, str) or len(value) > MAX_DECISION_TEXT:
        raise ValueError("bad decision")
    return parse_decision(value)


def decode_state(data: dict[str, Any], deck: Deck) -> NetState:
    """A `state` message as engine values; ProtocolError if it does not make sense.

    Every field is checked for its shape and range (a seat is a seat of this table, a card
    is in the deck, a flag is true or false, text is made printable), so nothing a host
    sends reaches a screen unchecked. Final scores and the ranking are worked out here
    again from the piers (everything is public once the game is over) and must equal
    what the host sent; the ranking shown is the one worked out here.
    """
    try:
        return _decode_state(data, deck)
    except ProtocolError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, Pier18Error):
        raise ProtocolError(_("the host sent a game state this client cannot read")) from None


def _award(deck: Deck, players: int, a: Any) -> PatronAward:
    return PatronAward(
        _int(a["round"], 0, MAX_ROUNDS), _card(deck, a["card"]), _ints(_list(a["scores"], players)),
        tuple(_card(deck, d) for d in _list(a["drafted"], players)), _seat(a["winner"], players),
        _bool(a["by_date"]), _int(a["after"]),
    )


def _history_entry(entry: Any, players: int) -> tuple[int, Decision | None]:
    seat, text = _list(entry, 2)
    return _seat(seat, players), None if text is None else _decision(text)


def _decode_table(v: Any, deck: Deck) -> TableView:
    if not isinstance(v, dict):
        raise TypeError("expected an object")
    players = check_table_size(_int(v["players"], min(TABLE_SIZES), max(TABLE_SIZES)))
    values = {name: field.decode(v[name], deck, players) for name, field in _TABLE.items()}
    sent_standings = values.pop("standings")
    values.update(_finish(deck, values, v["totals"], sent_standings))
    return TableView(deck=deck, **values)


def _decode_seat(y: Any, deck: Deck, players: int) -> SeatPart:
    if not isinstance(y, dict):
        raise TypeError("expected an object")
    return SeatPart(**{name: field.decode(y[name], deck, players) for name, field in _SEAT.items()})


def _decode_state(data: dict[str, Any], deck: Deck) -> NetState:
    table = _decode_table(data["view"], deck)
    players = table.players
    you = None if data.get("you") is None else _decode_seat(data["you"], deck, players)
    seats = tuple(
        SeatInfo(_text(s["name"], 64), _kind(s["kind"]), _bool(s["connected"]), _bool(s["covered"]))
        for s in _list(data["seats"], players)
    )
    turn = _int(data["turn"])
    if turn != len(table.history):
        raise ValueError("turn")
    lobby = _bool(data.get("lobby", False))  # a host from before the lobby sends none: started
    if lobby and you is not None and you.legal:
        raise ValueError("a decision to make before the game starts")
    waiting = tuple(_seat(s, players) for s in _list(data["waiting_for"]))
    humans = {seat for seat, info in enumerate(seats) if info.kind == HUMAN}
    made = _stand_ins(data.get("stand_ins", []), len(table.history), lambda n: table.history[n - 1][0] in humans)
    ahead = _stand_ins(data.get("ahead_stand_ins", []), players - 1, lambda s: s in humans and table.chosen[s], low=0)
    club = None if data.get("club") is None else _club(data["club"], players)  # a club's table only
    return NetState(turn, table, you, seats, waiting, lobby, made, ahead, club)


def decode_views(data: dict[str, Any], deck: Deck, final: NetState) -> tuple[OwnDecision, ...]:
    """A `views` message as engine values, checked against the finished game this seat
    was sent (`final`): exactly the decisions its own player made (none a bot made for
    them, none of another seat), each the one the table's history shows, made from a view
    of this seat of the game before it, in which it was legal. ProtocolError otherwise."""
    try:
        return _decode_views(data, deck, final)
    except ProtocolError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, Pier18Error):
        raise ProtocolError(_("the host sent a game state this client cannot read")) from None


def _decode_views(data: dict[str, Any], deck: Deck, final: NetState) -> tuple[OwnDecision, ...]:
    you, history = final.you, final.table.history
    if you is None or not final.table.is_terminal():
        raise ProtocolError(_("the host sent views of decisions this seat did not make"))
    mine = [n for n, (seat, _unused) in enumerate(history, start=1) if seat == you.seat and n not in final.stand_ins]
    entries = _list(data["decisions"])
    if len(entries) != len(mine):
        raise ProtocolError(_("the host sent views of decisions this seat did not make"))
    found = []
    for number, entry in zip(mine, entries):
        if not isinstance(entry, dict) or _int(entry["number"]) != number:
            raise ProtocolError(_("the host sent views of decisions this seat did not make"))
        chosen = _decision(entry["decision"])
        table = _decode_table(entry["view"], deck)
        part = _decode_seat(entry["you"], deck, table.players)
        position = len(table.history)
        earlier = all(d is None or (s, d) == history[i] for i, (s, d) in enumerate(table.history))
        if (
            table.players != final.table.players or part.seat != you.seat or history[number - 1][1] != chosen
            or position >= number or not earlier or table.is_terminal() or chosen not in part.legal
            or (table.phase not in (Phase.SETUP, Phase.PLAN) and position != number - 1)
        ):
            raise ProtocolError(_("the host sent views of decisions this seat did not make"))
        found.append(OwnDecision(number, position, _player_view(table, part), chosen))
    return tuple(found)


def _stand_ins(value: Any, high: int, fits: Callable[[int], bool], low: int = 1) -> dict[int, str]:
    """`[[key, level], …]`: each key a whole number from `low` to `high` that `fits` (a
    decision of a person's seat, or a person's seat that has chosen), in increasing
    order, each level a bot's (a host from before stand-ins were sent sends none)."""
    from ..bots import LEVELS

    found: dict[int, str] = {}
    for entry in _list(value):
        key, level = _list(entry, 2)
        key = _int(key, low, high)
        if (found and key <= max(found)) or level not in LEVELS or not fits(key):
            raise ValueError("stand-in")
        found[key] = str(level)
    return found


def _finish(deck: Deck, values: dict[str, Any], totals: Any, standings: list[Any]) -> dict[str, Any]:
    """The final scores, verdicts and ranking, worked out here from the piers (all of it
    is public once the game is over); what the host sent must be the same."""
    if values["phase"] is not Phase.OVER:
        if standings or totals is not None:
            raise ValueError("a ranking before the end")
        return {"final": None, "plans_met": None, "standings": ()}
    sheets, met = table_scores(deck, values["piers"], values["patrons"], values["plans"])
    if [s.total for s in sheets] != _list(totals):
        raise ProtocolError(_("the host's final scores do not match the piers it sent"))
    ranking = tuple(rank(sheets, [None if p is None else deck[p] for p in values["plans"]]))
    sent = [tuple(_list(s, 5)) for s in _list(standings, values["players"])]
    if sent != [tuple(_standing_json(s)) for s in ranking]:
        raise ProtocolError(_("the host's final ranking does not match the piers it sent"))
    return {"final": tuple(sheets), "plans_met": tuple(met), "standings": ranking}


_check_field_lists()
