"""What `pier18 games` and `pier18 stats` need of each saved game, kept between runs:
the cache itself (`listing` lists the saves with it).

Reading a save means replaying its game, and a data folder holds hundreds: listing them
all again on every run took seconds. So the facts the two commands read (`Facts`: the
players, where the game stands, its identity and decisions, and, once it is over, each
seat's total, place and Plan) are kept in the data folder's `cache/saves.json`, each
under its file's name with the file's version: device, inode, size, and modification
and change times in nanoseconds (`Version`). A save whose version is unchanged is not
read again; a new or changed one is read in full, as before (size and shape checked by
`record.load`), and its facts replace the old.

The cache is a convenience, never a source of truth, and it is hostile input like any
file: one that is missing, too big, not JSON, of another format or another Pier 18
version is ignored whole, and an entry of the wrong shape (or naming a text a terminal
could not show as it is) is ignored alone; either way the saves are read again and the
cache is written anew (atomically, `files.atomic_write`). A cache that cannot be written
(a read-only data folder) is skipped without a word: listing never fails over it. Only
saves that read without a problem, with the deck inside them, are kept: a damaged save
is read (and its one line said) every time, and a save whose deck is another file
depends on that file too.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
import hashlib

from .. import __version__
from ..engine.phase import Phase
from ..engine.reading import read_capped
from ..engine.sizes import TABLE_SIZES
from ..engine.text import printable
from ..i18n import _, ngettext
from ..session import Session
from ..speech.people import players_list, stands
from .files import Over, atomic_write
from .record import SEATS

#: The cache's format and version (another version is ignored whole).
CACHE_FORMAT = "pier18-saves-cache"
CACHE_VERSION = 1
#: The largest cache read (1,000 saves take about 1 MB).
MAX_CACHE_BYTES = 32 * 2**20
#: The longest text kept of a save (a name is 64 at most, a decision 40, a card's name 32).
MAX_TEXT = 200

#: A file's version: (device, inode, size, modified ns, changed ns).
Version = tuple[int, int, int, int, int]


def cache_file(data: Path) -> Path:
    """Where the cache is in the data folder `data`."""
    return data / "cache" / "saves.json"


def version_of(info: os.stat_result) -> Version:
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)


def summary_of(names: Sequence[str], phase: Phase, round: int, current: int, made: int) -> str:
    """One line naming a saved game, for the resume offer and `pier18 games` (never a hidden card)."""
    made_words = ngettext("{n} decision made", "{n} decisions made", made).format(n=made)
    # TRANSLATORS: one saved game in a list: its players, where it stands, how many decisions
    return _("{players}: {stands} ({made})").format(
        players=players_list(names), stands=stands(phase, round, names[current]), made=made_words
    )

@dataclass(frozen=True)
class Facts:
    """What the listing and the record read of one save, without its game."""

    names: tuple[str, ...]
    seats: tuple[str, ...]
    deck: str  # the deck's sha256
    seed: int
    first_player: int | None
    deal: str | None  # the deal's digest (`deal_digest`): all that tells two games apart by it
    decisions: tuple[str, ...]  # in the record's notation (compared, never shown)
    phase: Phase
    round: int
    current: int  # the seat to move (any seat once the game is over)
    totals: tuple[int, ...] | None  # each seat's final total, once the game is over
    places: tuple[int, ...] | None  # each seat's place (1 first), once over
    plans: tuple[tuple[int, str] | None, ...] | None  # each seat's Plan (id, name), once over
    met: tuple[bool | None, ...] | None  # whether each seat met its Plan, once over

    @property
    def finished(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def identity(self) -> tuple[object, ...]:
        """What every save of one game shares, whatever its decisions (`history.distinct`)."""
        return (self.deck, self.names, self.seats, self.seed, self.first_player, self.deal)

    def summary(self) -> str:
        return summary_of(self.names, self.phase, self.round, self.current, len(self.decisions))

    @classmethod
    def of(cls, session: Session) -> "Facts":
        game = session.game
        deal = session.deal
        over = game.is_terminal()
        standings = {standing.seat: standing for standing in game.ranking()} if over else {}
        seats = range(session.players)
        plans = [game.plan_card(seat) for seat in seats] if over else []
        return cls(
            names=tuple(session.names),
            seats=tuple(session.seats),
            deck=session.deck.digest,
            seed=session.seed,
            first_player=session.first_player,
            deal=None if deal is None else deal_digest(deal.order, deal.reshuffle),
            decisions=tuple(str(decision) for decision in session.decisions),
            phase=game.phase,
            round=game.round,
            current=game.current_player,
            totals=tuple(standings[seat].total for seat in seats) if over else None,
            places=tuple(standings[seat].place for seat in seats) if over else None,
            plans=tuple(None if card is None else (card.id, card.name) for card in plans) if over else None,
            met=tuple(game.plan_met(seat) for seat in seats) if over else None,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "names": list(self.names), "seats": list(self.seats), "deck": self.deck, "seed": self.seed,
            "first_player": self.first_player, "deal": self.deal,
            "decisions": list(self.decisions), "phase": self.phase.value, "round": self.round, "current": self.current,
            "totals": _listed(self.totals), "places": _listed(self.places),
            "plans": None if self.plans is None else [None if p is None else [p[0], p[1]] for p in self.plans],
            "met": _listed(self.met),
        }

    @classmethod
    def from_json(cls, data: object) -> "Facts | None":
        """The facts of a cache entry, or None if anything in it is not as written here."""
        try:
            return _facts(data)
        except (KeyError, TypeError, ValueError, IndexError):
            return None


def deal_digest(order: Sequence[int], reshuffle: Sequence[int]) -> str:
    """A deal (the card order and the reshuffle) as one sha256: equal for equal deals."""
    return hashlib.sha256(f"{list(order)}/{list(reshuffle)}".encode()).hexdigest()


def _listed(values: tuple[Any, ...] | None) -> list[Any] | None:
    return None if values is None else list(values)


def _text(value: object) -> str:
    if not isinstance(value, str) or not value or len(value) > MAX_TEXT or printable(value) != value:
        raise ValueError("not a text to show")
    return value


def _int(value: object, low: int = 0, high: int = 2**64) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError("not a number in range")
    return value


def _list(value: object, length: int | None = None) -> list[Any]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise ValueError("not a list of that length")
    return value


def _facts(data: object) -> Facts:
    if not isinstance(data, dict):
        raise ValueError("not an object")
    names = tuple(_text(name) for name in _list(data["names"]))
    players = len(names)
    if players not in TABLE_SIZES:
        raise ValueError("not a table size")
    seats = tuple(_text(seat) for seat in _list(data["seats"], players))

    if not set(seats) <= set(SEATS):
        raise ValueError("not a seat")
    deck = _text(data["deck"])
    first = data["first_player"]
    deal = data["deal"]
    if deal is not None:
        _text(deal)
    decisions = _list(data["decisions"])
    if not all(type(d) is str for d in decisions):
        raise ValueError("not a decision")
    phase = Phase(data["phase"])
    over = phase is Phase.OVER
    totals, places, plans, met = data["totals"], data["places"], data["plans"], data["met"]
    if over:
        totals = tuple(_int(t, -10**6, 10**6) for t in _list(totals, players))
        places = tuple(_int(p, 1, players) for p in _list(places, players))
        plans = tuple(None if p is None else (_int(_list(p, 2)[0], 0, 10**6), _text(p[1])) for p in _list(plans, players))
        met = tuple(m if m is None or isinstance(m, bool) else _bad() for m in _list(met, players))
    elif (totals, places, plans, met) != (None, None, None, None):
        raise ValueError("results of a game not over")
    return Facts(
        names=names,
        seats=seats,
        deck=deck,
        seed=_int(data["seed"]),
        first_player=None if first is None else _int(first, 0, players - 1),
        deal=deal,
        decisions=tuple(decisions),
        phase=phase,
        round=_int(data["round"], 0, 10**6),
        current=_int(data["current"], 0, players - 1),
        totals=totals,
        places=places,
        plans=plans,
        met=met,
    )


def _bad() -> bool:
    raise ValueError("not a yes or no")


# -- the cache file ---------------------------------------------------------------------


def read_cache(path: Path) -> dict[str, tuple[Version, object]]:
    """Every entry of the cache, unchecked beyond its version (empty if the cache cannot
    be used): file name -> (the file's version when read, its facts as written)."""
    try:
        data = json.loads(read_capped(path, MAX_CACHE_BYTES).decode("utf-8"))
    except Exception:  # noqa: BLE001 - no cache, or one that is not ours: read the saves
        return {}
    if not isinstance(data, dict) or (data.get("format"), data.get("version"), data.get("pier18")) != (
        CACHE_FORMAT, CACHE_VERSION, __version__
    ):
        return {}
    entries = data.get("saves")
    if not isinstance(entries, dict):
        return {}
    found: dict[str, tuple[Version, object]] = {}
    for name, entry in entries.items():
        if not isinstance(entry, dict):
            continue
        version = entry.get("version")
        if isinstance(version, list) and len(version) == 5 and all(type(v) is int for v in version):
            found[name] = (tuple(version), entry.get("facts"))
    return found


def write_cache(entries: dict[str, tuple[Version, Facts]], path: Path) -> None:
    """Write the cache (atomically); a folder that cannot take it is left as it is."""
    text = json.dumps({
        "format": CACHE_FORMAT, "version": CACHE_VERSION, "pier18": __version__,
        "saves": {name: {"version": list(version), "facts": facts.to_json()} for name, (version, facts) in sorted(entries.items())},
    }, ensure_ascii=False, separators=(",", ":"))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, text, False, over=Over.ANY)
    except OSError:
        pass  # a read-only or full data folder: the next listing reads the saves again


def finished_saves(paths: Sequence[Path], cache: Path) -> set[Path]:
    """The saves among `paths` (all in one games folder, the cache's) that the cache
    knows to be finished games, unchanged since (the resume offer passes them over
    without reading them). The cache is only read."""
    cached = read_cache(cache)
    over = set()
    for path in paths:
        entry = cached.get(path.name)
        if entry is None:
            continue
        try:
            version = version_of(os.stat(path))
        except OSError:
            continue
        if entry[0] == version:
            facts = Facts.from_json(entry[1])
            if facts is not None and facts.finished:
                over.add(path)
    return over
