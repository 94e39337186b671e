"""Autosave and resume: a game survives a closed terminal, a Ctrl+C or a SIGKILL.

After every decision (and every takeback) the whole record is written atomically: a
temporary file in the same folder, flushed and fsynced, renamed over the old one, then
the folder fsynced. A kill at any moment leaves the previous record or the new one,
never half of one, so at most the decision being made is lost.

Autosaves live in `platformdirs.user_data_dir("pier18")/games` (or `$PIER18_DATA_DIR/games`,
for tests). A damaged autosave is moved to `damaged/` next to it, never deleted.
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from ..engine.errors import Pier18Error
from . import record
from .files import atomic_write
from .session import Session

DATA_DIR_ENV = "PIER18_DATA_DIR"


def data_dir() -> Path:
    """Where Pier 18 keeps its files: $PIER18_DATA_DIR, else the platform's data folder."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("pier18", appauthor=False))


def games_dir() -> Path:
    return data_dir() / "games"


def damaged_dir() -> Path:
    return data_dir() / "damaged"


# -- writing ------------------------------------------------------------------------


def new_autosave_path() -> Path:
    """A fresh file name for a new game: its start time, then a random tag."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    return games_dir() / f"{stamp}-{secrets.token_hex(3)}.json"


@dataclass
class Autosaver:
    """A `Session.on_change` callback writing the record to each path after every change.

    A failed write (disk full, folder removed) must not end the game: the error is kept
    in `error` and passed to `on_error` so the front end can warn the players.
    """

    paths: list[Path]
    on_error: Callable[[str], None] | None = None
    error: str | None = None

    def __call__(self, session: Session) -> None:
        text = record.dumps(session)
        self.error = None
        for path in self.paths:
            try:
                atomic_write(path, text)
            except OSError as exc:
                self.error = f"could not save the game to {path}: {exc.strerror or exc}"
                if self.on_error is not None:
                    self.on_error(self.error)


def autosaver(*paths: str | Path, on_error: Callable[[str], None] | None = None) -> Autosaver:
    """A callback to set as `Session.on_change` that saves the record to `paths`."""
    return Autosaver([Path(p) for p in paths], on_error)


def attach(
    session: Session,
    autosave_path: Path | None = None,
    record_path: str | Path | None = None,
    on_error: Callable[[str], None] | None = None,
) -> Autosaver:
    """Autosave `session` from now on (and to `record_path` for `play --record`).

    Saves at once, so a game is resumable from its very first screen. Any `on_change`
    already set (the app's refresh) still runs, after the save. Call this after the
    front end has set its own `on_change`.
    """
    paths = [autosave_path or new_autosave_path()]
    if record_path is not None:
        paths.append(Path(record_path))
    saver = autosaver(*paths, on_error=on_error)
    previous = session.on_change

    def changed(current: Session) -> None:
        saver(current)
        if previous is not None:
            previous(current)

    session.on_change = changed
    saver(session)
    if saver.error is not None and on_error is None:
        raise Pier18Error(saver.error)
    return saver


class Autosaving:
    """The play command's session factory, wrapped so that every game it starts autosaves.

    With `play --record FILE` the first game is also written to FILE, a second game
    ("new game" on the final screen) to FILE-2.json and so on, so none overwrites another.
    """

    def __init__(
        self,
        new_session: Callable[[list[str]], Session],
        record_path: str | Path | None = None,
        on_error: Callable[[str], None] | None = None,
    ) -> None:
        self.new_session = new_session
        self.record_path = record_path
        self.on_error = on_error
        self.games = 0  # games given a record number so far

    def next_record_path(self) -> Path | None:
        """Reserve the record path of the next game (a resumed game takes one too)."""
        self.games += 1
        return numbered(self.record_path, self.games)

    def __call__(self, names: list[str]) -> Session:
        session = self.new_session(names)
        attach(session, record_path=self.next_record_path(), on_error=self.on_error)
        return session


def autosaving(
    new_session: Callable[[list[str]], Session],
    record_path: str | Path | None = None,
    on_error: Callable[[str], None] | None = None,
) -> Autosaving:
    """Wrap a session factory so each new game autosaves (and goes to `record_path`)."""
    return Autosaving(new_session, record_path, on_error)


def numbered(path: str | Path | None, game: int) -> Path | None:
    """`game.json` for the first game, then `game-2.json`, `game-3.json`..."""
    if path is None:
        return None
    path = Path(path)
    return path if game == 1 else path.with_name(f"{path.stem}-{game}{path.suffix or '.json'}")


# -- resuming -----------------------------------------------------------------------


@dataclass(frozen=True)
class SetAside:
    """A damaged autosave that was moved out of the way (and kept) instead of resumed."""

    original: Path
    kept_at: Path
    reason: str

    def message(self) -> str:
        return f"a damaged autosave was kept at {self.kept_at} ({self.reason}); starting fresh"


@dataclass
class Resumable:
    """The last unfinished game, ready to go on, plus any damaged saves met on the way."""

    path: Path | None
    session: Session | None
    set_aside: list[SetAside] = field(default_factory=list)


def set_aside(path: Path, reason: str) -> SetAside:
    """Move a damaged autosave into `damaged/`, never overwriting an earlier one."""
    target_dir = damaged_dir()
    target_dir.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    target = target_dir / f"{path.stem}.{stamp}{path.suffix}"
    number = 1
    while target.exists():
        number += 1
        target = target_dir / f"{path.stem}.{stamp}-{number}{path.suffix}"
    os.replace(path, target)
    return SetAside(path, target, reason)


def autosaves() -> list[Path]:
    """Every autosave, newest first."""
    folder = games_dir()
    if not folder.is_dir():
        return []
    files = [p for p in folder.glob("*.json") if p.is_file()]
    return sorted(files, key=lambda p: (p.stat().st_mtime_ns, p.name), reverse=True)


def find_resumable() -> Resumable:
    """The most recent unfinished game; damaged autosaves met on the way are set aside.

    Finished games stay where they are (they are worth keeping); a record from a newer
    Pier 18 is skipped but left alone, since it is not damaged.
    """
    damaged: list[SetAside] = []
    for path in autosaves():
        try:
            head = json.loads(path.read_text(encoding="utf-8"))
            if isinstance(head, dict) and head.get("finished") is True:
                continue
        except (OSError, UnicodeDecodeError, ValueError):
            pass  # record.load below explains what is wrong
        try:
            session = record.load(path)
        except record.NewerRecordError:
            continue
        except record.RecordError as exc:
            reason = str(exc).removeprefix(f"{path}: ")
            damaged.append(set_aside(path, reason))
            continue
        if session.game.is_terminal():
            continue
        return Resumable(path, session, damaged)
    return Resumable(None, None, damaged)

