"""Game records: a whole game as JSON, so it can be resumed, undone, shared and replayed.

A record holds what it takes to rebuild a game through the engine and nothing else:
the deck (its TOML text, so a shared record replays anywhere, plus its sha256 and the
path it came from), the players' names and seat kinds, the seed, the first player and
every decision in its text form (`keep 3 11`, `draft 7:1`, `plan 2`). Loading replays
those decisions through `Game.replay`; state is never stored, so it is never patched.
Never pickle: a record is plain JSON that a person can read:

    {"format": "pier18-record", "version": 1, "pier18": "0.1.0",
     "saved_at": "2026-11-29T14:02:11Z", "finished": false,
     "players": [{"name": "Ann", "seat": "human"}, {"name": "Bob", "seat": "human"}],
     "seed": 1234, "first_player": null,
     "deck": {"path": ".../cards.toml", "sha256": "9f79...", "toml": "# Pier 18 ..."},
     "decisions": ["keep 3 11", "keep 5 2", "draft 7:1", ...]}

`saved_at`, `finished` and `pier18` are for people and for finding a game to resume;
loading trusts only the engine. A record from a newer format version is refused.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Mapping
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from .. import __version__
from ..engine import Deck, Decision, default_deck_path, load_deck, parse_decision
from ..engine.deck import parse_deck
from ..engine.errors import DeckError, IllegalDecision, NotationError, Pier18Error
from .files import atomic_write
from .session import Session

FORMAT = "pier18-record"
VERSION = 1

#: The TOML text of every deck seen, by sha256, so a record can embed its deck even
#: when the deck came from another record rather than from a file.
_deck_texts: dict[str, str] = {}


class RecordError(Pier18Error):
    """A game record that cannot be read or replayed; the message names the file."""


class NewerRecordError(RecordError):
    """A record written by a newer Pier 18: not damaged, just not readable here."""


# -- writing ------------------------------------------------------------------------


def deck_text(deck: Deck) -> str | None:
    """The deck's TOML text, if it can be found and still matches the deck's sha256."""
    if deck.digest in _deck_texts:
        return _deck_texts[deck.digest]
    try:
        raw = Path(deck.source).read_bytes()
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
    """The record of a session as a JSON-ready dict."""
    deck: dict[str, Any] = {"path": session.deck.source, "sha256": session.deck.digest}
    if embed_deck:
        text = deck_text(session.deck)
        if text is not None:
            deck["toml"] = text
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
        "decisions": [str(decision) for decision in session.decisions],
    }


def dumps(session: Session, embed_deck: bool = True) -> str:
    """The record as JSON text (indented, so it diffs and reads well)."""
    return json.dumps(to_dict(session, embed_deck), indent=1, ensure_ascii=False) + "\n"


def save(session: Session, path: str | Path, embed_deck: bool = True) -> None:
    """Write the record atomically: a crash leaves the old record or the new one."""
    atomic_write(Path(path), dumps(session, embed_deck))


# -- reading ------------------------------------------------------------------------


def load(path: str | Path, deck: Deck | None = None) -> Session:
    """Read a record file and rebuild its game; RecordError says what is wrong."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise RecordError(f"{path}: no such game record") from None
    except IsADirectoryError:
        raise RecordError(f"{path}: is a directory, not a game record") from None
    except OSError as exc:
        raise RecordError(f"{path}: cannot read the game record ({exc.strerror or exc})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{path}: not a Pier 18 game record (not UTF-8 text)") from None
    return loads(text, str(path), deck)


def loads(text: str, where: str = "<record>", deck: Deck | None = None) -> Session:
    """Rebuild a session from record text; `deck` stands in for a record without its deck."""
    data = _parse_json(text, where)
    _check_header(data, where)
    names, seats = _players(data, where)
    seed = data.get("seed")
    if not _is_int(seed):
        raise RecordError(f"{where}: field 'seed': expected a whole number, got {seed!r}")
    first = data.get("first_player")
    if first is not None and not (_is_int(first) and 0 <= first < len(names)):
        raise RecordError(f"{where}: field 'first_player': expected a seat from 0 to {len(names) - 1} or null")
    decisions = _decisions(data, where)
    game_deck = _deck(data, where, deck)
    try:
        return Session(game_deck, names, seed, first, seats, decisions)
    except IllegalDecision as exc:
        raise RecordError(f"{where}: {exc}") from None


def _parse_json(text: str, where: str) -> dict[str, Any]:
    if not text.strip():
        raise RecordError(f"{where}: the game record is empty")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
            raise RecordError(f"{where}: the game record is cut short (truncated file?)") from None
        raise RecordError(f"{where}: not a Pier 18 game record (bad JSON at line {exc.lineno}, column {exc.colno})") from None
    if not isinstance(data, dict):
        raise RecordError(f"{where}: not a Pier 18 game record (expected a JSON object)")
    return data


def _check_header(data: Mapping[str, Any], where: str) -> None:
    if data.get("format") != FORMAT:
        raise RecordError(f"{where}: not a Pier 18 game record (no \"format\": \"{FORMAT}\")")
    version = data.get("version")
    if not _is_int(version) or version < 1:
        raise RecordError(f"{where}: unknown record version {version!r} (this Pier 18 reads version {VERSION})")
    if version > VERSION:
        raise NewerRecordError(
            f"{where}: record version {version} was written by a newer Pier 18 "
            f"(this one, {__version__}, reads version {VERSION}); please upgrade"
        )


def _players(data: Mapping[str, Any], where: str) -> tuple[list[str], list[str]]:
    players = data.get("players")
    if not isinstance(players, list) or len(players) not in (2, 3):
        raise RecordError(f"{where}: field 'players': expected a list of 2 or 3 players")
    names: list[str] = []
    seats: list[str] = []
    for number, player in enumerate(players, start=1):
        if not isinstance(player, dict):
            raise RecordError(f"{where}: player {number}: expected {{\"name\": ..., \"seat\": ...}}")
        name, seat = player.get("name"), player.get("seat", "human")
        if not isinstance(name, str) or not name.strip():
            raise RecordError(f"{where}: player {number}: field 'name': expected a non-empty string")
        if not isinstance(seat, str) or not seat:
            raise RecordError(f"{where}: player {number}: field 'seat': expected \"human\" or a bot level")
        names.append(name)
        seats.append(seat)
    return names, seats


def _decisions(data: Mapping[str, Any], where: str) -> list[Decision]:
    raw = data.get("decisions")
    if not isinstance(raw, list):
        raise RecordError(f"{where}: field 'decisions': expected a list of decisions")
    decisions: list[Decision] = []
    for number, text in enumerate(raw, start=1):
        if not isinstance(text, str):
            raise RecordError(f"{where}: decision {number}: expected text such as \"draft 7:1\", got {text!r}")
        try:
            decisions.append(parse_decision(text))
        except NotationError as exc:
            raise RecordError(f"{where}: decision {number}: {exc}") from None
    return decisions


def _deck(data: Mapping[str, Any], where: str, given: Deck | None) -> Deck:
    """The deck the game was played with, checked against the record's sha256."""
    info = data.get("deck")
    if not isinstance(info, dict):
        raise RecordError(f"{where}: field 'deck': expected {{\"sha256\": ..., \"toml\": ...}}")
    digest = info.get("sha256")
    if not isinstance(digest, str) or len(digest) != 64:
        raise RecordError(f"{where}: field 'deck.sha256': expected the deck's sha256 (64 hex digits)")
    source = info.get("path") if isinstance(info.get("path"), str) else "<deck>"
    text = info.get("toml")
    if text is not None:
        if not isinstance(text, str):
            raise RecordError(f"{where}: field 'deck.toml': expected the deck file's text")
        if hashlib.sha256(text.encode("utf-8")).hexdigest() != digest:
            raise RecordError(f"{where}: the deck inside the record does not match its sha256 (was it edited?)")
        try:
            deck = parse_deck(tomllib.loads(text), source, digest)
        except tomllib.TOMLDecodeError as exc:
            raise RecordError(f"{where}: the deck inside the record is not valid TOML: {exc}") from None
        except DeckError as exc:
            raise RecordError(f"{where}: the deck inside the record is broken: {exc}") from None
        _deck_texts[digest] = text
        return deck
    if given is not None:
        if given.digest != digest:
            raise RecordError(f"{where}: the deck {given.source} does not match the deck this game was played with")
        return given
    candidates = [Path(source)] if source != "<deck>" else []
    candidates.append(default_deck_path())
    for candidate in candidates:
        try:
            deck = load_deck(candidate)
        except DeckError:
            continue
        if deck.digest == digest:
            return deck
    raise RecordError(
        f"{where}: the record does not include its deck, and no deck file matching it was found"
        f" (looked at {', '.join(str(c) for c in candidates)}; give one with --cards)"
    )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
