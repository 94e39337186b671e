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
import json
import secrets
from dataclasses import dataclass
from typing import Any

from ..bots.seats import HUMAN
from ..engine import Deck, Decision, Phase, Pier, PlayerView, TableView, parse_decision
from ..engine.errors import NotationError, Pier18Error
from ..engine.text import printable
from ..engine import TABLE_SIZES, PatronAward, Standing, check_table_size, rank, table_scores

PROTOCOL = "pier18"
VERSION = 1

#: The largest message a client may send (a decision is ~60 bytes); larger closes it.
MAX_CLIENT_MESSAGE = 4096
#: The largest message a host may send (the welcome carries the 12 KiB deck).
MAX_HOST_MESSAGE = 2**20
MAX_DECISION_TEXT = 40  # "draft 12:3" is 10 characters; as in a record

#: Seat codes: 16 characters from 32 unambiguous ones = 80 random bits, in groups of 4.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # 31 symbols: no 0/O, 1/I/L
CODE_LENGTH = 16

CLIENT_TYPES = frozenset({"hello", "decide", "ping"})


class ProtocolError(Pier18Error):
    """A message that breaks the protocol; the message is one line, safe to send back."""


def new_code() -> str:
    """A fresh secret seat code, e.g. 'K7QF-M2XD-9PHA-T4RE' (16 * log2(31) > 79 bits)."""
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return "-".join(raw[i : i + 4] for i in range(0, CODE_LENGTH, 4))


def normalize_code(code: str) -> str:
    """A code as typed (any case, with or without dashes or spaces) in its canonical form."""
    return "".join(ch for ch in code.upper() if ch not in "- ")


def code_matches(given: str, expected: str) -> bool:
    """Compare codes in constant time (no timing hints about how much of a guess is right).

    Both sides are hashed first so that even their lengths take the same time.
    """
    a = hashlib.sha256(normalize_code(given).encode("utf-8", "replace")).digest()
    b = hashlib.sha256(normalize_code(expected).encode("utf-8")).digest()
    return hmac.compare_digest(a, b)


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
        raise ProtocolError("binary messages are not part of the protocol")
    if len(raw) > MAX_CLIENT_MESSAGE:
        raise ProtocolError("message too large")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("malformed message (not JSON)") from None
    if not isinstance(data, dict):
        raise ProtocolError("malformed message (expected a JSON object)")
    kind = data.get("type")
    if kind not in CLIENT_TYPES:
        raise ProtocolError("unknown message type")
    return data


def read_decision(data: dict[str, Any]) -> tuple[Decision, int]:
    """The decision and the turn number (`decisions made so far`) of a `decide` message."""
    text, turn = data.get("decision"), data.get("turn")
    if not isinstance(text, str) or len(text) > MAX_DECISION_TEXT:
        raise ProtocolError("'decide' needs a decision in the record notation, e.g. \"draft 7:1\"")
    if not isinstance(turn, int) or isinstance(turn, bool) or not 0 <= turn < 10**6:
        raise ProtocolError("'decide' needs 'turn': the number of decisions made so far")
    try:
        return parse_decision(text), turn
    except NotationError as exc:
        raise ProtocolError(str(exc)) from None


# -- views as JSON (host side) --------------------------------------------------------------


def pier_json(pier: Pier) -> list[list[int]]:
    """A pier as [[card id, cover], ...], land end first."""
    return [[p.card.id, p.cover] for p in pier.placements]


def table_json(table: TableView) -> dict[str, Any]:
    """Everything the whole table may see, made only from a `TableView`."""
    return {
        "players": table.players,
        "phase": table.phase.value,
        "current_player": table.current_player,
        "round": table.round,
        "total_rounds": table.total_rounds,
        "round_starter": table.round_starter,
        "first_player": table.first_player,
        "plans": list(table.plans),
        "piers": [pier_json(p) for p in table.piers],
        "patrons": [list(p) for p in table.patrons],
        "revealed": list(table.revealed),
        "drafted": list(table.drafted),
        "awards": [
            {"round": a.round, "card": a.card, "scores": list(a.scores), "drafted": list(a.drafted),
             "winner": a.winner, "by_date": a.by_date, "after": a.after}
            for a in table.awards
        ],
        "cards_in_deck": table.cards_in_deck,
        "history": [[seat, None if d is None else str(d)] for seat, d in table.history],
        "totals": None if table.final is None else [sheet.total for sheet in table.final],
        "standings": [[s.seat, s.place, s.total, s.characters, s.decided_by] for s in table.standings],
    }


def seat_json(view: PlayerView) -> dict[str, Any]:
    """The private part of one seat's `PlayerView`: what only that seat may know."""
    seat = view.seat
    return {
        "seat": seat,
        "hand": list(view.hand),
        "returned": view.returned,
        "plan": view.plans[seat],
        "pier": pier_json(view.piers[seat]),
        "legal": [str(d) for d in view.legal],
    }


def state_message(
    table: TableView, player: PlayerView | None, seats: list[dict[str, Any]], waiting_for: list[int]
) -> dict[str, Any]:
    """The `state` message for one connection: the table, plus its seat's part if any."""
    message: dict[str, Any] = {
        "type": "state",
        "turn": len(table.history),
        "view": table_json(table),
        "seats": seats,
        "waiting_for": waiting_for,
    }
    if player is not None:
        message["you"] = seat_json(player)
    return message


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
class NetState:
    """One `state` message decoded: engine values a front end can draw as usual."""

    turn: int
    table: TableView
    you: SeatPart | None
    seats: tuple[SeatInfo, ...]
    waiting_for: tuple[int, ...]

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def my_turn(self) -> bool:
        return self.you is not None and bool(self.you.legal)

    def player_view(self) -> PlayerView | None:
        """This seat's `PlayerView` (for screens or a hint bot), rebuilt from the message."""
        you, t = self.you, self.table
        if you is None:
            return None
        plans = tuple(you.plan if s == you.seat else p for s, p in enumerate(t.plans))
        piers = tuple(you.pier if s == you.seat else p for s, p in enumerate(t.piers))
        return PlayerView(
            deck=t.deck, players=t.players, seat=you.seat, phase=t.phase, current_player=t.current_player,
            round=t.round, round_starter=t.round_starter, first_player=t.first_player, hand=you.hand,
            returned=you.returned, plans=plans, piers=piers, patrons=t.patrons, revealed=t.revealed,
            drafted=t.drafted, awards=t.awards, cards_in_deck=t.cards_in_deck, legal=you.legal,
        )


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
        raise ProtocolError("the host sent a game state this client cannot read") from None


def _decode_state(data: dict[str, Any], deck: Deck) -> NetState:
    v = data["view"]
    players = _int(v["players"], min(TABLE_SIZES), max(TABLE_SIZES))
    check_table_size(players)
    phase = Phase(v["phase"])
    plans = tuple(_opt_card(deck, p) for p in _list(v["plans"], players))
    piers = tuple(_pier(deck, p) for p in _list(v["piers"], players))
    patrons = tuple(_cards(deck, p) for p in _list(v["patrons"], players))
    history: list[tuple[int, Decision | None]] = []
    for entry in _list(v["history"]):
        seat, text = _list(entry, 2)
        history.append((_seat(seat, players), None if text is None else _decision(text)))
    awards = tuple(
        PatronAward(_int(a["round"], 0, MAX_ROUNDS), _card(deck, a["card"]), _ints(_list(a["scores"], players)),
                    tuple(_card(deck, d) for d in _list(a["drafted"], players)), _seat(a["winner"], players),
                    _bool(a["by_date"]), _int(a["after"]))
        for a in _list(v["awards"])
    )
    final = plans_met = None
    standings: tuple[Standing, ...] = ()
    if phase is Phase.OVER:
        sheets, met = table_scores(deck, piers, patrons, plans)
        final, plans_met = tuple(sheets), tuple(met)
        if [s.total for s in final] != _list(v["totals"]):
            raise ProtocolError("the host's final scores do not match the piers it sent")
        standings = tuple(rank(final, [None if p is None else deck[p] for p in plans]))
        sent = [tuple(_list(s, 5)) for s in _list(v["standings"], players)]
        if sent != [(s.seat, s.place, s.total, s.characters, s.decided_by) for s in standings]:
            raise ProtocolError("the host's final ranking does not match the piers it sent")
    elif _list(v["standings"]) or v["totals"] is not None:
        raise ValueError("a ranking before the end")
    table = TableView(
        deck=deck, players=players, phase=phase, current_player=_seat(v["current_player"], players),
        round=_int(v["round"], 0, MAX_ROUNDS), total_rounds=_int(v["total_rounds"], 0, MAX_ROUNDS),
        round_starter=_seat(v["round_starter"], players),
        first_player=None if v["first_player"] is None else _seat(v["first_player"], players), plans=plans,
        piers=piers, patrons=patrons, revealed=_cards(deck, v["revealed"]),
        drafted=tuple(_opt_card(deck, d) for d in _list(v["drafted"], players)), awards=awards,
        cards_in_deck=_int(v["cards_in_deck"], 0, len(deck)), history=tuple(history), final=final,
        plans_met=plans_met, standings=standings,
    )
    you = None
    if data.get("you") is not None:
        y = data["you"]
        you = SeatPart(_seat(y["seat"], players), _cards(deck, y["hand"]), _opt_card(deck, y["returned"]),
                       _opt_card(deck, y["plan"]), _pier(deck, y["pier"]), tuple(_decision(t) for t in _list(y["legal"])))
    seats = tuple(
        SeatInfo(_text(s["name"], 64), _kind(s["kind"]), _bool(s["connected"]), _bool(s["covered"]))
        for s in _list(data["seats"], players)
    )
    turn = _int(data["turn"])
    if turn != len(history):
        raise ValueError("turn")
    return NetState(turn, table, you, seats, tuple(_seat(s, players) for s in _list(data["waiting_for"])))
