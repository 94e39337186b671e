"""Autosave and resume: a game survives a closed terminal, a Ctrl+C or a SIGKILL.

After every decision (and every takeback) the whole record is written atomically: a
temporary file in the same folder, flushed and fsynced, renamed over the old one, then
the folder fsynced. A kill at any moment leaves the previous record or the new one,
never half of one, so at most the decision being made is lost.

Autosaves live in `platformdirs.user_data_dir("pier18")/games` (or `$PIER18_DATA_DIR/games`,
for tests), named after the time the game started and its players. A damaged autosave
is moved to `damaged/` next to it with its bytes intact, never deleted; one that cannot
be moved is skipped. The process playing a game holds its lock (`lock.py`). A data
folder that cannot be written turns autosave off, with one notice: it never stops a game.
"""

from __future__ import annotations

import os
import re
import secrets
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from ..engine.errors import Pier18Error
from ..engine.text import shorten
from . import record
from .files import atomic_write
from .lock import GameLock, GameLocked, holder, open_elsewhere
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


def file_name_part(names: Sequence[str]) -> str:
    """The players' names as part of a file name, safe on any file system: 'ann-bob-cy'."""
    parts = []
    for name in names:
        plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii").lower()
        part = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:12].strip("-")
        if part:
            parts.append(part)
    return "-".join(parts) or "game"


def new_autosave_path(names: Sequence[str] = ()) -> Path:
    """A fresh file name for a new game: its start time, its players, then a random tag.

    The time comes first so that names sort in the order games were started.
    """
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    return games_dir() / f"{stamp}-{file_name_part(names)}-{secrets.token_hex(3)}.json"


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
                atomic_write(path, text, private=session.codes is not None)
            except OSError as exc:
                self.error = f"could not save the game to {shorten(path)}: {exc.strerror or exc}"
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
    front end has set its own `on_change`. No lock is taken: `Autosaving.play` does that.
    """
    paths = [autosave_path or new_autosave_path(session.names)]
    if record_path is not None:
        paths.append(Path(record_path))
    return _attach(session, paths, on_error)


def _attach(session: Session, paths: list[Path], on_error: Callable[[str], None] | None) -> Autosaver:
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

    It also holds the lock of the game being played (one game, one writer), and turns
    autosave off, with one notice through `on_error`, when the data folder cannot hold
    a save: the game is played all the same.

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
        self.lock: GameLock | None = None  # the lock of the game being played
        self.off: str | None = None  # why autosave is off, once it is

    def next_record_path(self) -> Path | None:
        """Reserve the record path of the next game (a resumed game takes one too)."""
        self.games += 1
        return numbered(self.record_path, self.games)

    def __call__(self, names: list[str]) -> Session:
        session = self.new_session(names)
        self.play(session)
        return session

    def play(self, session: Session, path: Path | None = None) -> Autosaver:
        """Autosave `session` from now on: to `path` (a resumed game) or to a new file.

        Takes the game's lock first: GameLocked (and nothing changed) if another process
        plays it. The previous game's lock is let go.
        """
        lock = None
        if self.off is None:
            path = path or new_autosave_path(session.names)
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                lock = GameLock(path).acquire()
            except OSError as exc:  # a read-only or broken data folder
                self._turn_off(path, exc)
        self.release()
        self.lock = lock
        paths = [path] if lock is not None and path is not None else []
        record_path = self.next_record_path()
        if record_path is not None:
            paths.append(record_path)
        return _attach(session, paths, self.on_error)

    def release(self) -> None:
        """Let go of the lock of the game being played (the process ending does it too)."""
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    def _turn_off(self, path: Path, exc: OSError) -> None:
        self.off = f"autosave is off: cannot save games in {shorten(path.parent)} ({exc.strerror or exc})"
        if self.on_error is not None:
            self.on_error(self.off)


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


# -- finding saved games ------------------------------------------------------------------


@dataclass
class SavedGame:
    """An autosave as `pier18 games` and the resume offer show it."""

    path: Path
    session: Session | None  # None when it cannot be loaded
    problem: str | None = None  # why it cannot be loaded
    newer: bool = False  # written by a newer Pier 18: not damaged, just not readable here
    played_by: int | None = None  # the pid of the process playing it now (0: unknown)
    modified: float = 0.0  # when it was last saved (seconds since the epoch)

    @property
    def finished(self) -> bool:
        return self.session is not None and self.session.game.is_terminal()

    @property
    def unfinished(self) -> bool:
        return self.session is not None and not self.session.game.is_terminal()

    def summary(self) -> str:
        """Players, round or phase, and decisions made (`pier18.words.summary`)."""
        from ..engine import TableView
        from ..words import summary

        if self.session is None:
            return f"cannot be loaded: {self.problem}"
        return summary(TableView.of(self.session.game), self.session.names)

    def last_played(self) -> str:
        return datetime.fromtimestamp(self.modified).strftime("%Y-%m-%d %H:%M")


def load_saved(path: Path) -> SavedGame:
    """One autosave, loaded (or with why it cannot be), and who is playing it."""
    try:
        modified = path.stat().st_mtime
    except OSError:
        modified = 0.0
    played_by = holder(path)
    try:
        session = record.load(path)
    except record.NewerRecordError as exc:
        return SavedGame(path, None, _reason(path, exc), True, played_by, modified)
    except record.RecordError as exc:
        return SavedGame(path, None, _reason(path, exc), False, played_by, modified)
    except Exception as exc:  # noqa: BLE001 - a save no check foresaw must not crash every start:
        # it is set aside (kept) like any damaged one, and the player can still play.
        return SavedGame(path, None, f"could not be read ({type(exc).__name__})", False, played_by, modified)
    return SavedGame(path, session, None, False, played_by, modified)


def _reason(path: Path, exc: Exception) -> str:
    return str(exc).removeprefix(f"{shorten(path)}: ")


def autosaves() -> list[Path]:
    """Every autosave, last played first."""
    folder = games_dir()
    found: list[tuple[int, str, Path]] = []
    try:
        for path in folder.glob("*.json"):
            try:
                info = path.stat()
            except OSError:
                continue  # removed meanwhile
            if path.is_file():
                found.append((info.st_mtime_ns, path.name, path))
    except OSError:
        return []  # no folder, or one that cannot be read
    return [path for *_, path in sorted(found, reverse=True)]


def saved_games() -> list[SavedGame]:
    """Every autosave in the order the games were started (their file names), for `pier18 games`.

    Numbers in this list stay put while games are played: only new games are added.
    Nothing is moved or changed.
    """
    return [load_saved(path) for path in sorted(autosaves(), key=lambda p: p.name)]


# -- resuming -----------------------------------------------------------------------


@dataclass(frozen=True)
class SetAside:
    """A damaged autosave moved out of the way (kept) instead of resumed, or, when it
    could not be moved, skipped (`kept_at` None, `problem` says why)."""

    original: Path
    kept_at: Path | None
    reason: str
    problem: str | None = None

    def message(self) -> str:
        if self.kept_at is None:
            return (
                f"a damaged autosave {shorten(self.original)} ({self.reason}) could not be moved aside"
                f" ({self.problem}); it was skipped and left where it is"
            )
        return f"a damaged autosave was kept at {shorten(self.kept_at)} ({self.reason}); starting fresh"


@dataclass
class Resumable:
    """The saved games a new `pier18 play` can go on with.

    `session` and `path` are the last played unfinished game nobody else is playing;
    `games` every unfinished game, last played first (some may be open elsewhere);
    `set_aside` the damaged saves met on the way, `notices` anything else to say.
    """

    path: Path | None
    session: Session | None
    set_aside: list[SetAside] = field(default_factory=list)
    games: list[SavedGame] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)

    @property
    def free(self) -> list[SavedGame]:
        """The unfinished games that can be resumed here (not open in another terminal)."""
        return [game for game in self.games if game.played_by is None]

    def messages(self) -> list[str]:
        return [moved.message() for moved in self.set_aside] + self.notices

    def without(self, path: Path, notice: str) -> "Resumable":
        """This offer without the game at `path` (open elsewhere), saying why."""
        games = [game for game in self.games if game.path != path]
        first = next((game for game in games if game.played_by is None), None)
        return Resumable(
            first.path if first else None,
            first.session if first else None,
            self.set_aside,
            games,
            [*self.notices, notice],
        )


def set_aside(path: Path, reason: str) -> SetAside:
    """Move a damaged autosave into `damaged/` (bytes intact, never overwriting an earlier
    one); if it cannot be moved, say so and leave it."""
    target_dir = damaged_dir()
    try:
        target_dir.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
        target = target_dir / f"{path.stem}.{stamp}{path.suffix}"
        number = 1
        while target.exists():
            number += 1
            target = target_dir / f"{path.stem}.{stamp}-{number}{path.suffix}"
        os.replace(path, target)
    except OSError as exc:
        return SetAside(path, None, reason, exc.strerror or str(exc))
    return SetAside(path, target, reason)


def find_resumable() -> Resumable:
    """Every unfinished game, the last played first; damaged autosaves are set aside.

    Finished games stay where they are (they are worth keeping); a record from a newer
    Pier 18 is skipped but left alone, since it is not damaged; a save another process
    is playing is never touched.
    """
    damaged: list[SetAside] = []
    games: list[SavedGame] = []
    for path in autosaves():
        saved = load_saved(path)
        if saved.problem is not None:
            if not saved.newer and saved.played_by is None:
                damaged.append(set_aside(path, saved.problem))
            continue
        if saved.unfinished:
            games.append(saved)
    first = next((game for game in games if game.played_by is None), None)
    if first is None:
        return Resumable(None, None, damaged, games)
    return Resumable(first.path, first.session, damaged, games)


def open_elsewhere_notice(saved: SavedGame | GameLocked) -> str:
    """'…: this game is open in another terminal (pid N)' for a game another process plays."""
    if isinstance(saved, GameLocked):
        return f"{shorten(saved.save.name)}: {open_elsewhere(saved.pid)}"
    return f"{shorten(saved.path.name)}: {open_elsewhere(saved.played_by or 0)}"
