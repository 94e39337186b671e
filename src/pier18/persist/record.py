"""Game records: a whole game as JSON, so it can be resumed, undone, shared and replayed.

A record holds what it takes to rebuild a game through the engine and nothing else:
the deck (its TOML text, so a shared record replays anywhere, plus its sha256 and the
path it came from), the players' names and seat kinds, the seed, the deal (every chance
outcome, so replaying never depends on `random`), the first player and every decision
in its text form (`keep 3 11`, `draft 7:1`, `plan 2`) with its author (the seat's own
player, or a bot that played a person's seat while they were away). Loading replays those decisions
through `Game.replay`; state is never stored, so it is never patched. Never pickle.
docs/records.md describes every field of versions 1 to 3.

A record is a file from outside: it may be huge, deeply nested, a FIFO, or hold any
value in any field. Every such problem is one RecordError naming the file and the field,
found before the engine sees the value; nothing else escapes `load` and `loads`.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, TypeGuard

from .. import __version__
from ..bots import LEVELS
from ..bots.seats import HUMAN
from ..engine import Deck, Decision, default_deck_path, parse_decision
from ..engine.deck import parse_deck, read_toml
from ..engine.errors import DeckError, IllegalDecision, NotationError, Pier18Error, SetupError
from ..engine.game import Deal
from ..engine.sizes import TABLE_SIZES, table_sizes_text
from ..engine.text import lines, name_key, printable, printable_name, shorten
from ..engine.reading import read_capped
from ..speech.notices import GAME_NAME, about
from ..speech.people import players_list
from ..i18n import _, ngettext
from .files import Over, atomic_write
from ..session import Session, TableCodes

FORMAT = "pier18-record"
VERSION = 3

MAX_BYTES = 4 * 2**20  # a record is about 10 KiB; anything over this is not one
MAX_DECK_BYTES = 2**20  # a deck file named by a record (the game's own is 12 KiB)
MAX_DEPTH = 8  # a record nests 3 deep
MAX_SEED = 2**64
MAX_NAME = 64
MAX_EMBEDDED_DECKS = 64  # decks kept read (`_embedded_decks`): a folder of many decks is read as before
MAX_DECISION = 40  # "draft 12:3" is 10 characters
SEATS: tuple[str, ...] = (HUMAN, *LEVELS)

#: The TOML text of every deck seen, by sha256, so a record can embed its deck even
#: when the deck came from another record rather than from a file.
_deck_texts: dict[str, str] = {}

#: Decks already read from inside a record, by (sha256, the path the record names):
#: every save embeds the same deck, and parsing its TOML is nine tenths of reading a
#: record (`pier18 games` and `stats` read hundreds). The text was checked against the
#: sha256, so the same key is the same text; a deck is never changed once made. Only
#: decks that parsed are kept: a broken one is blamed on each record that holds it.
_embedded_decks: dict[tuple[str, str], Deck] = {}


class RecordError(Pier18Error):
    """A game record that cannot be read or replayed; the message names the file.

    The message is made printable (one line, no terminal escapes): it quotes the file.
    """

    def __init__(self, message: str) -> None:
        super().__init__(printable(message))


class NewerRecordError(RecordError):
    """A record written by a newer Pier 18: not damaged, just not readable here."""


# -- writing ------------------------------------------------------------------------


def deck_text(deck: Deck) -> str | None:
    """The deck's TOML text, if it can be found and still matches the deck's sha256."""
    if deck.digest in _deck_texts:
        return _deck_texts[deck.digest]
    try:
        raw = read_capped(deck.source, MAX_DECK_BYTES)
    except OSError:
        return None
    if hashlib.sha256(raw).hexdigest() != deck.digest:
        return None  # the file was edited after the deck was loaded
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    _deck_texts[deck.digest] = text
    return text


def to_dict(session: Session, embed_deck: bool = True) -> dict[str, Any]:
    """The record of a session as a JSON-ready dict (always the current version)."""
    deck: dict[str, Any] = {"path": session.deck.source, "sha256": session.deck.digest}
    if embed_deck:
        text = deck_text(session.deck)
        if text is not None:
            deck["toml"] = text
    deal = session.game.deal
    return {
        "format": FORMAT,
        "version": VERSION,
        "pier18": __version__,
        "saved_at": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "finished": session.game.is_terminal(),
        "players": [{"name": name, "seat": seat} for name, seat in zip(session.names, session.seats)],
        "seed": session.seed,
        "first_player": session.first_player,
        "deck": deck,
        "deal": {"order": list(deal.order), "reshuffle": list(deal.reshuffle)},
        "decisions": [str(decision) for decision in session.decisions],
        "authors": list(session.authors),
        **({"net": _net_dict(session.codes)} if session.codes is not None else {}),
    }


def _net_dict(codes: TableCodes) -> dict[str, Any]:
    return {"codes": list(codes.seats), "watch": codes.watch}


def dumps(session: Session, embed_deck: bool = True) -> str:
    """The record as JSON text (indented, so it diffs and reads well)."""
    return json.dumps(to_dict(session, embed_deck), indent=1, ensure_ascii=False) + "\n"


def save(session: Session, path: str | Path, embed_deck: bool = True, overwrite: bool = False) -> None:
    """Write the record atomically: a crash leaves the old record or the new one.

    A file already at `path` is written over only with `overwrite`; else FileExistsError
    (`persist.files.FileChanged`) and the file is left as it was. The folder must exist.
    """
    atomic_write(
        Path(path), dumps(session, embed_deck), private=session.codes is not None,
        over=Over.ANY if overwrite else Over.NOTHING,
    )


# -- reading ------------------------------------------------------------------------


def load(path: str | Path, deck: Deck | None = None) -> Session:
    """Read a record file and rebuild its game; RecordError says what is wrong."""
    return loads(read_text(path), shorten(path), deck)


def read_text(path: str | Path) -> str:
    """A record file's text: a regular UTF-8 file of at most MAX_BYTES, else RecordError."""
    where = shorten(path)
    try:
        raw = read_capped(path, MAX_BYTES)
    except FileNotFoundError:
        raise RecordError(_("{where}: no such game record").format(where=where)) from None
    except IsADirectoryError:
        raise RecordError(_("{where}: is a directory, not a game record").format(where=where)) from None
    except OSError as exc:
        raise RecordError(_("{where}: cannot read the game record ({why})").format(where=where, why=exc.strerror or str(exc))) from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(_not_a_record(where, _("not UTF-8 text"))) from None


def read_data(path: str | Path) -> dict[str, Any]:
    """A record file's JSON object with its header checked, without replaying the game.

    For listing saved games: the cheap part of `load`.
    """
    data = parse_json(read_text(path), shorten(path))
    _check_header(data, shorten(path))
    return data


def loads(text: str, where: str = "<record>", deck: Deck | None = None) -> Session:
    """Rebuild a session from record text; `deck` stands in for a record without its deck."""
    where = shorten(where)
    data = parse_json(text, where)
    version = _check_header(data, where)
    names, seats = _players(data, where)
    seed = data.get("seed")
    if not _is_int(seed) or not 0 <= seed <= MAX_SEED:
        raise _field_error(where, "seed", _("expected a whole number from 0 to 2**64, got {got}").format(got=_shown(seed)))
    first = data.get("first_player")
    if first is not None and not (_is_int(first) and 0 <= first < len(names)):
        raise _field_error(where, "first_player", _("expected a seat from 0 to {last} or null, got {got}").format(last=len(names) - 1, got=_shown(first)))
    for key, kind in (("finished", bool), ("saved_at", str), ("pier18", str)):
        if key in data and not isinstance(data[key], kind):
            raise _field_error(where, key, _("expected {kind}, got {got}").format(kind=_value_kind(kind), got=_shown(data[key])))
    decisions = _decisions(data, where)
    game_deck = _deck(data, where, deck)
    deal = _deal(data, where, game_deck, len(names)) if version >= 2 else None
    codes = _codes(data, where, len(names)) if "net" in data else None
    try:
        session = Session(game_deck, names, seed, first, seats, decisions, deal, codes)
    except IllegalDecision as exc:
        raise RecordError(about(where, str(exc))) from None
    authors = _authors(data, where, len(decisions)) if version >= 3 else None  # once every decision is known legal
    if authors is not None:
        for index, ((seat, _decision), author) in enumerate(zip(session.game.history, authors)):
            if seats[seat] != HUMAN and author != seats[seat]:  # a bot seat is never played by another
                raise _field_error(where, f"authors[{index}]", _("a {level} bot's seat decides for itself, not {author}").format(level=seats[seat], author=_shown(author)))
        session.authors = authors
    return session


#: A JSON string (to its closing quote, or to the end of a text cut short) or a bracket.
#: A string's match never restarts inside it, so the scan is linear even for a text of
#: escaped quotes with no closing one (a pattern that needed the closing quote tried
#: again at every quote: 100 KB of them took minutes).
_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.DOTALL)


#: A JSON escape for half of a surrogate pair (\\ud800-\\udfff), paired or not.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _nesting(text: str) -> int:
    """How deep the JSON text's arrays and objects nest, found without recursion."""
    depth = deepest = 0
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif token in "]}":
            depth -= 1
    return deepest


def parse_json(text: str, where: str) -> dict[str, Any]:
    """The record's JSON object: nesting and number sizes are bounded before parsing.

    A byte-order mark before it is allowed, as in a deck file: some editors write one.
    """
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise RecordError(_("{where}: the game record is empty").format(where=where))
    if _nesting(text) > MAX_DEPTH:
        raise RecordError(_not_a_record(where, _("lists or objects nested over {depth} deep").format(depth=MAX_DEPTH)))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
            raise RecordError(_("{where}: the game record is cut short (truncated file?)").format(where=where)) from None
        # json counts lines at "\n" only, as editors do: a form feed or U+2028 starts no line
        raise RecordError(_not_a_record(where, _("bad JSON at line {line}, column {column}").format(line=exc.lineno, column=exc.colno))) from None
    except (ValueError, RecursionError):  # a number of thousands of digits; nesting past the scan
        raise RecordError(_not_a_record(where, _("a number far too long, or nesting too deep"))) from None
    if not isinstance(data, dict):
        raise RecordError(_not_a_record(where, _("expected a JSON object")))
    try:  # a "\\ud800" escape without its pair is no character: nothing downstream could write it
        if _SURROGATE_ESCAPE.search(text):  # only such an escape makes one: the file itself is UTF-8
            json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as exc:
        code = ord(exc.object[exc.start])
        raise RecordError(_not_a_record(where, _("\\u{code:04x} is half a character, not text").format(code=code))) from None
    return data


def _check_header(data: Mapping[str, Any], where: str) -> int:
    """The record's version, once format and version are known to be readable."""
    if data.get("format") != FORMAT:
        raise RecordError(_not_a_record(where, _('no "format": "{name}"').format(name=FORMAT)))
    version = data.get("version")
    if not _is_int(version) or version < 1:
        raise RecordError(_("{where}: unknown record version {version} (this {game} reads versions 1 to {newest})").format(
            where=where, version=_shown(version), game=GAME_NAME, newest=VERSION
        ))
    if version > VERSION:
        shown = version if version < 10**6 else _("from the future")
        raise NewerRecordError(_(
            "{where}: record version {version} was written by a newer {game} "
            "(this one, {ours}, reads versions 1 to {newest}); please upgrade"
        ).format(where=where, version=shown, game=GAME_NAME, ours=__version__, newest=VERSION))
    return version


def _players(data: Mapping[str, Any], where: str) -> tuple[list[str], list[str]]:
    """Names (made printable) and seat kinds, each checked: a seat must be a known kind."""
    players = data.get("players")
    if not isinstance(players, list) or len(players) not in TABLE_SIZES:
        raise _field_error(where, "players", _("expected a list of {sizes} players").format(sizes=table_sizes_text()))
    names: list[str] = []
    seats: list[str] = []
    for index, player in enumerate(players):
        field = f"players[{index}]"
        if not isinstance(player, dict):
            raise _field_error(where, field, _('expected {{"name": ..., "seat": ...}} (player {number})').format(number=index + 1))
        name, seat = player.get("name"), player.get("seat", HUMAN)
        if not isinstance(name, str) or len(name) > MAX_NAME or not printable_name(name):
            raise _field_error(where, f"{field}.name", _("expected a name of 1 to {longest} characters (player {number})").format(longest=MAX_NAME, number=index + 1))
        if seat not in SEATS:
            raise _field_error(where, f"{field}.seat", _("unknown seat {seat} (use {kinds})").format(seat=_shown(seat), kinds=", ".join(SEATS)))
        shown = printable_name(name)
        same = [n for n, other in enumerate(names) if name_key(other) == name_key(shown)]
        if same:  # nobody could tell the two apart, or name one of them ('bot NAME')
            raise _field_error(where, f"{field}.name", _("{name} is also the name of player {number}").format(name=_shown(shown), number=same[0] + 1))
        names.append(shown)
        seats.append(seat)
    return names, seats


def _decisions(data: Mapping[str, Any], where: str) -> list[Decision]:
    raw = data.get("decisions")
    if not isinstance(raw, list):
        raise _field_error(where, "decisions", _("expected a list of decisions"))
    decisions: list[Decision] = []
    for number, text in enumerate(raw, start=1):
        if not isinstance(text, str) or len(text) > MAX_DECISION:
            raise RecordError(
                _("{where}: field 'decisions[{index}]': decision {number}: expected text such as \"draft 7:1\", got {got}").format(
                    where=where, index=number - 1, number=number, got=_shown(text)
                )
            )
        try:
            decisions.append(parse_decision(text))
        except NotationError as exc:
            raise RecordError(_("{where}: decision {number}: {problem}").format(where=where, number=number, problem=str(exc))) from None
    return decisions


def _authors(data: Mapping[str, Any], where: str, decisions: int) -> list[str] | None:
    """Who made each decision (version 3): the seat's kind, or the level of a bot that
    played a person's seat while they were away. Missing: every decision was its seat's own."""
    if "authors" not in data:
        return None
    raw = data["authors"]
    if not isinstance(raw, list) or len(raw) != decisions:
        expected = ngettext(
            "expected a list of {n} author, one per decision", "expected a list of {n} authors, one per decision", decisions
        ).format(n=decisions)
        raise _field_error(where, "authors", expected)
    for index, author in enumerate(raw):
        if author not in SEATS:
            raise _field_error(where, f"authors[{index}]", _("unknown author {author} (use {kinds})").format(author=_shown(author), kinds=", ".join(SEATS)))
    return list(raw)


_CODE = re.compile(r"[0-9A-Z-]{8,40}")


def _codes(data: Mapping[str, Any], where: str, players: int) -> TableCodes:
    """A networked table's seat codes (`pier18 host`): a code or null per seat, and one to watch."""
    info = data.get("net")
    if not isinstance(info, dict):
        raise _field_error(where, "net", _('expected {{"codes": [...], "watch": ...}}').format())
    codes, watch = info.get("codes"), info.get("watch")
    if not isinstance(codes, list) or len(codes) != players:
        raise _field_error(where, "net.codes", _("expected a list of {players} seat codes or nulls").format(players=players))
    for index, code in enumerate(codes):
        if code is not None and not (isinstance(code, str) and _CODE.fullmatch(code)):
            raise _field_error(where, f"net.codes[{index}]", _("expected a seat code or null, got {got}").format(got=_shown(code)))
    if not (isinstance(watch, str) and _CODE.fullmatch(watch)):
        raise _field_error(where, "net.watch", _("expected a code, got {got}").format(got=_shown(watch)))
    return TableCodes(tuple(codes), watch)


def _deal(data: Mapping[str, Any], where: str, deck: Deck, players: int) -> Deal:
    """A version 2 record's deal: every card once, every pile position once."""
    info = data.get("deal")
    if not isinstance(info, dict):
        raise _field_error(where, "deal", _('expected {{"order": [...], "reshuffle": [...]}}').format())
    lists: dict[str, tuple[int, ...]] = {}
    for key in ("order", "reshuffle"):
        value = info.get(key)
        if not isinstance(value, list) or not all(_is_int(item) for item in value):
            raise _field_error(where, f"deal.{key}", _("expected a list of whole numbers"))
        lists[key] = tuple(value)
    deal = Deal(lists["order"], lists["reshuffle"])
    problem = deal.problem(deck, players)
    if problem is not None:
        key = "order" if problem.startswith("the card order") else "reshuffle"
        raise _field_error(where, f"deal.{key}", problem)
    return deal


def _deck(data: Mapping[str, Any], where: str, given: Deck | None) -> Deck:
    """The deck the game was played with, checked against the record's sha256."""
    info = data.get("deck")
    if not isinstance(info, dict):
        raise _field_error(where, "deck", _('expected {{"sha256": ..., "toml": ...}}').format())
    digest = info.get("sha256")
    if not isinstance(digest, str) or not re.fullmatch(r"[0-9a-f]{64}", digest):
        raise _field_error(where, "deck.sha256", _("expected the deck's sha256 (64 hex digits)"))
    path = info.get("path")
    if path is not None and not isinstance(path, str):
        raise _field_error(where, "deck.path", _("expected the deck file's path, got {got}").format(got=_shown(path)))
    if path is not None and "\x00" in path:
        raise _field_error(where, "deck.path", _("a file's path cannot hold a NUL character"))
    source = path or "<deck>"
    text = info.get("toml")
    if text is not None:
        if not isinstance(text, str):
            raise _field_error(where, "deck.toml", _("expected the deck file's text"))
        if hashlib.sha256(text.encode("utf-8")).hexdigest() != digest:
            raise RecordError(_("{deck} does not match its sha256 (was it edited?)").format(deck=_("{where}: the deck inside the record").format(where=where)))
        deck = _embedded_decks.get((digest, source))
        if deck is None:
            deck = parse_deck_text(text, source, digest, _("{where}: the deck inside the record").format(where=where))
            if len(_embedded_decks) < MAX_EMBEDDED_DECKS:
                _embedded_decks[(digest, source)] = deck
        _deck_texts[digest] = text
        return deck
    if given is not None:
        if given.digest != digest:
            raise RecordError(_("{deck} does not match the deck this game was played with").format(deck=_("{where}: the deck {path}").format(where=where, path=shorten(given.source))))
        return given
    candidates = [Path(source)] if path else []
    candidates.append(default_deck_path())
    for candidate in candidates:
        try:
            raw = read_capped(candidate, MAX_DECK_BYTES)
        except (OSError, ValueError):  # ValueError: a path the system cannot take
            continue
        if hashlib.sha256(raw).hexdigest() != digest:
            continue  # not this game's deck: not even parsed
        try:
            return parse_deck_text(raw.decode("utf-8"), str(candidate), digest, _("{where}: the deck {path}").format(where=where, path=shorten(candidate)))
        except (UnicodeDecodeError, RecordError):
            continue
    looked = [shorten(c, 60) for c in candidates[:-1]] + [_("the game's own deck")]  # the last is the shipped one
    raise RecordError(_(
        "{where}: the record does not include its deck, and no deck file matching it was found"
        " (looked at {looked_at}; give one with --deck)"
    ).format(where=where, looked_at=players_list(looked)))


def deck_came_inside(deck: Deck) -> bool:
    """Whether `deck` was read from inside a record (and kept: `_embedded_decks`), so that
    a record read with it depends on no other file."""
    return any(known is deck for known in _embedded_decks.values())


def parse_deck_text(text: str, source: str, digest: str, what: str) -> Deck:
    """A deck from TOML text that came from outside; any problem is one RecordError.

    `what` names the deck as the person reading the error knows it ("game.json: the deck
    inside the record", "the host's deck"): a deck that came inside a record or from a
    host is blamed on that, never on the file it was once read from (`source`, kept as
    the deck's path). `parse_deck` is meant to report a DeckError for any bad deck, but a
    value of an unexpected type can still reach a plain TypeError there: that is
    reported here too.
    """
    try:
        return parse_deck(read_toml(text, what), source, digest, what)
    except DeckError as exc:
        raise RecordError(str(exc)) from None
    except (SetupError, NotationError) as exc:
        raise RecordError(about(what, str(exc))) from None
    except (TypeError, ValueError, KeyError, AttributeError, IndexError, RecursionError) as exc:
        raise RecordError(_("{what} is broken ({error}: {why})").format(what=what, error=type(exc).__name__, why=_first_line(exc))) from None


# -- small helpers --------------------------------------------------------------------

def _field_error(where: str, field: str, message: str) -> RecordError:
    return RecordError(_("{where}: field '{field}': {problem}").format(where=where, field=field, problem=message))


def _not_a_record(where: str, why: str) -> str:
    """'game.json: not a Pier 18 game record (bad JSON at line 3, column 1)'."""
    return _("{where}: not a {game} game record ({why})").format(where=where, game=GAME_NAME, why=why)


def _shown(value: object) -> str:
    """A value from the record, quoted short and printable (never a huge or nested repr)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value if len(value) <= 30 else value[:30] + "…")
    if isinstance(value, int):
        return str(value) if abs(value) < 10**30 else _("a number of more than 30 digits")
    if isinstance(value, float):
        return repr(value)
    return _value_kind(type(value))


def _value_kind(kind: type) -> str:
    """What a kind of JSON value is called, by its Python type."""
    kinds = {bool: _("true or false"), str: _("text"), int: _("a whole number"), list: _("a list"), dict: _("an object")}
    return kinds.get(kind, kind.__name__)


def _first_line(exc: BaseException) -> str:
    return shorten(lines(str(exc).strip())[0], 200)


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
