"""Autosave and resume: a game survives a closed terminal, a Ctrl+C or a SIGKILL.

After every decision (and every takeback) the whole record is written atomically: a
temporary file in the same folder, flushed and fsynced, renamed over the old one, then
the folder fsynced. A kill at any moment leaves the previous record or the new one,
never half of one, so at most the decision being made is lost. `pier18 play` writes
each save on a thread of its own (`writer.SaveWriter`: one save in flight at most, the
next waiting for it), so no key waits on the disk; the game's lock is let go only once
the save in flight is on disk.

Autosaves live in `platformdirs.user_data_dir("pier18")/games` (or `$PIER18_DATA_DIR/games`,
for tests), named after the time the game started and its players. A damaged autosave
is moved to `damaged/` next to it with its bytes intact, never deleted; one that cannot
be moved is skipped, with a notice naming what is in the way. A data folder that cannot
be written turns autosave off, with one notice: it never stops a game.

One game, one writer (`lock.py`): the process playing a game holds the lock of each
file it writes (the autosave, `play --record FILE`: lock files beside it, removed once
the game is over or the process ends), and only ever writes it over the version it
wrote there last, or resumed from. A file someone else wrote meanwhile is left alone:
the game says so in one line and goes on in `NAME-2.json`. A record file is never
written over a file that was there before the game, unless `--force`, and never over
the file of a game another process is playing, `--force` or not.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat as kinds
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING
import platformdirs
import secrets

from . import record
from ..engine import TableView
from ..engine.errors import Pier18Error
from ..engine.text import shorten
from ..i18n import _
from ..speech.notices import could_not_be_read, open_elsewhere
from .files import Allowed, FileChanged, Over, Stamp, atomic_write, folder_problem, stamp, why_not
from .lock import GameLock, GameLocked, holder
from .savecache import summary_of, cache_file, finished_saves
from .writer import SaveWriter

if TYPE_CHECKING:  # pragma: no cover
    from .savecache import Facts
    from ..session import Session  # (the game with it) loaded by the session made or read

DATA_DIR_ENV = "PIER18_DATA_DIR"


def data_dir() -> Path:
    """Where Pier 18 keeps its files: $PIER18_DATA_DIR, else the platform's data folder."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)

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
class Target:
    """One file a game is written to, and what this process may write over there.

    `over` is the stamp of the version this process wrote last (or resumed the game
    from), `Over.NOTHING` for a file that must not exist yet, or `Over.ANY` (`--force`)
    until the first write. `folder`: the file's folder may be made (the data folder's
    own `games/`, never a folder named on the command line). `record`: a `--record`
    file, not the autosave (for the words).
    """

    path: Path
    over: Allowed = Over.NOTHING
    folder: bool = False
    record: bool = False


@dataclass
class Autosaver:
    """A `Session.on_change` callback writing the record to each target after every change.

    A failed write (disk full, folder removed) must not end the game: the error is kept
    in `error` and passed to `on_error` so the front end can warn the players. A target
    whose file was written by someone else meanwhile is left alone: the game goes on in
    a new file beside it (`game-2.json`), with one notice through `on_error` (kept in
    `notices` too), and `on_moved(target, old_path)` is told.
    """

    targets: list[Target]
    on_error: Callable[[str], None] | None = None
    error: str | None = None
    on_moved: Callable[[Target, Path], None] | None = None
    before: Callable[[], None] | None = None  # runs before each save (the lock's renewal)
    after: Callable[[bool], None] | None = None  # runs after each save, told if the game is over
    notices: list[str] = field(default_factory=list)
    #: Where the saves are written (`writer.SaveWriter`: on a thread of its own, the
    #: caller going on at once); None: each save is written before the call returns.
    #: Either way the record's text is taken from the session when it is called.
    writer: SaveWriter | None = None

    @property
    def paths(self) -> list[Path]:
        """Where the game is being written now."""
        return [target.path for target in self.targets]

    def __call__(self, session: Session) -> None:
        """Save `session` as it is now: at once, or on the writer's thread (once the
        save before it is complete)."""
        text = record.dumps(session)
        save = partial(self._write, text, session.codes is not None, session.game.is_terminal())
        if self.writer is None:
            save()
        else:
            self.writer.submit(save)

    def flush(self) -> None:
        """Wait until the save in flight, if any, is on disk (or has failed, with its notice)."""
        if self.writer is not None:
            self.writer.flush()

    def _write(self, text: str, private: bool, finished: bool) -> None:
        if self.before is not None:
            self.before()
        self.error = None
        for target in self.targets:
            try:
                if target.folder:
                    target.path.parent.mkdir(parents=True, exist_ok=True)
                target.over = atomic_write(target.path, text, private, over=target.over)
            except FileChanged as changed:
                self._move(target, text, private, changed.appeared)
            except OSError as exc:
                self._failed(target.path, exc)
        if self.after is not None:
            self.after(finished)

    def _move(self, target: Target, text: str, private: bool, appeared: bool) -> None:
        """Go on writing `target` in the first free `NAME-N.json` beside it."""
        old = target.path
        for number in range(2, MAX_NUMBER):
            candidate = numbered(old, number)
            assert candidate is not None
            if os.path.lexists(candidate) or holder(candidate) is not None:
                continue  # a file there, or a game about to be written there
            try:
                written = atomic_write(candidate, text, private, over=Over.NOTHING)
            except FileChanged:
                continue  # taken between the look and the write
            except OSError as exc:
                self._failed(candidate, exc)
                return
            target.path, target.over = candidate, written
            self._tell(_save_moved(shorten(old), shorten(candidate), appeared, target.record))
            if self.on_moved is not None:
                self.on_moved(target, old)
            return
        self._failed(old, FileChanged(old, appeared))

    def _failed(self, path: Path, exc: OSError) -> None:
        self.error = _("could not save the game to {path}: {why}").format(path=shorten(path), why=why_not(exc, path.parent))
        if self.on_error is not None:
            self.on_error(self.error)

    def _tell(self, notice: str) -> None:
        self.notices.append(notice)
        if self.on_error is not None:
            self.on_error(notice)


#: Where numbering a file name (`game-2.json` ...) gives up: a folder holding that many
#: is not one to write into.
MAX_NUMBER = 10_000


def attach(
    session: Session,
    autosave_path: Path | None = None,
    record_path: str | Path | None = None,
    on_error: Callable[[str], None] | None = None,
) -> Autosaver:
    """Autosave `session` from now on (and to `record_path` for `play --record`).

    An `autosave_path` given is taken to be this game's own save, as it is now (a
    resumed game); a new game gets a new file. `record_path` must not exist yet: if it
    does, the record goes to `NAME-2.json` instead. Saves at once, so a game is
    resumable from its very first screen. Any `on_change` already set (the app's
    refresh) still runs, after the save. Call this after the front end has set its own
    `on_change`. No lock is taken: `Autosaving.play` does that. The data folder's
    `games/` is made if need be; no other folder ever is.
    """
    if autosave_path is None:
        targets = [Target(new_autosave_path(session.names), Over.NOTHING, folder=True)]
    else:
        own_folder = autosave_path.parent == games_dir()  # the data folder's is made if need be, no other
        targets = [Target(autosave_path, stamp(autosave_path) or Over.NOTHING, folder=own_folder)]
    if record_path is not None:
        targets.append(Target(Path(record_path), Over.NOTHING, record=True))
    return _attach(session, Autosaver(targets, on_error))


def _attach(session: Session, saver: Autosaver) -> Autosaver:
    previous = session.on_change

    def changed(current: Session) -> None:
        saver(current)
        if previous is not None:
            previous(current)

    session.on_change = changed
    saver(session)
    saver.flush()  # the first save is on disk before the game's first screen
    if saver.error is not None and saver.on_error is None:
        raise Pier18Error(saver.error)
    return saver


class Autosaving:
    """The play command's session factory, wrapped so that every game it starts autosaves.

    It also holds the lock of the game being played (one game, one writer: `lock.py`),
    and turns autosave off, with one notice through `on_error`, when the data folder
    cannot hold a save: the game is played all the same.

    With `play --record FILE` the first game is also written to FILE, a second game
    ("new game" on the final screen) to FILE-2.json and so on. None of them is written
    over a file that is there already: FILE was checked before the game started (and
    is written over only with `force`, or when `record_over` is the stamp of this very
    game's earlier record), and a later game takes the next free number, saying so.
    Each record file is locked while its game is played (`record_locks`), and one that
    another process has locked, its game being played, is never taken, even with
    `force`: the game takes the next free number, saying so.
    """

    def __init__(
        self,
        new_session: Callable[[list[str]], Session],
        record_path: str | Path | None = None,
        on_error: Callable[[str], None] | None = None,
        force: bool = False,
        record_over: Allowed | None = None,
        background: bool = False,
    ) -> None:
        self.new_session = new_session
        self.background = background  # each game's saves on a thread of their own (`writer`)
        self.record_path = Path(record_path) if record_path is not None else None
        self.on_error = on_error
        self.force = force
        self.record_over: Allowed = record_over or self.default_record_over()
        self.games = 0  # games given a record file so far
        self.number = 0  # the number of the last record file given (1: FILE itself)
        self.lock: GameLock | None = None  # the lock of the game being played
        self.record_locks: list[GameLock] = []  # the locks of its record files
        self.saver: Autosaver | None = None  # the saver of the game being played
        self.off: str | None = None  # why autosave is off, once it is
        self.moved_to: Callable[[Path], None] | None = None  # told when the autosave goes on in a new file
        self.written: set[Path] = set()  # every record file given to a game here, moved ones too

    def tell_with(self, on_error: Callable[[str], None] | None) -> Callable[[str], None] | None:
        """Say the game's notices (a save that failed, one gone on in a new file) through
        `on_error` from now on, the game being played's too; the callback before it.
        (The host's own seat: on its screen while its app runs, printed before and after.)
        A save in flight is waited for first: its notice goes where it went."""
        self.flush()
        before, self.on_error = self.on_error, on_error
        if self.saver is not None:
            self.saver.on_error = on_error
        return before

    def default_record_over(self) -> Over:
        """What a record file may be written over: anything with `force`, else nothing."""
        return Over.ANY if self.force else Over.NOTHING

    def __call__(self, names: list[str]) -> Session:
        session = self.new_session(names)
        self.play(session)
        return session

    def play(self, session: Session, path: Path | None = None, over: Stamp | None = None) -> Autosaver:
        """Autosave `session` from now on: to `path` (a resumed game) or to a new file.

        A resumed game's save is written over only while it is the version `over` (its
        stamp when the game was read; by default, as it is now). Takes the game's lock
        first: GameLocked (and nothing changed) if another process plays it. The
        previous game's lock is let go, once its last save is on disk.
        """
        self.flush()
        lock = None
        target = None
        if self.off is None:
            resumed = path is not None
            path = path or new_autosave_path(session.names)
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                lock = GameLock(path).acquire()
            except OSError as exc:  # a read-only or broken data folder
                self._turn_off(path, exc)
            else:
                allowed: Allowed = (over or stamp(path) or Over.NOTHING) if resumed else Over.NOTHING
                target = Target(path, allowed, folder=path.parent == games_dir())
        self.release()
        self.lock = lock
        targets = [target] if target is not None else []
        record_target = self.next_record(target.path if target is not None else None)
        if record_target is not None:
            targets.append(record_target)
        self.saver = Autosaver(
            targets, self.on_error, on_moved=self._moved, before=self._keep_lock, after=self._let_go_when_over,
            writer=SaveWriter() if self.background else None,
        )
        return _attach(session, self.saver)

    @property
    def save(self) -> Path | None:
        """Where the game being played is autosaved now (None: autosave is off)."""
        return self.lock.save if self.lock is not None else None

    def next_record(self, autosave: Path | None = None) -> Target | None:
        """The record file of the next game (a resumed game takes one too), locked for
        it, or None.

        The first game's is FILE; each later game's the next numbered name that no file
        has taken (with `force`, simply the next number), and never one this process has
        written another game to, nor one another process is playing a game in, `force`
        or not. None when it is the game's own autosave, written and locked anyway.
        """
        if self.record_path is None:
            return None
        self.games += 1
        wanted = 1 if self.games == 1 else self.number + 1
        live = False  # whether the wanted name was passed over for a game open elsewhere
        number = wanted
        while number < MAX_NUMBER:
            path = self._record_file(number)
            if autosave is not None and same_file(path, autosave):
                self.number = number
                return None
            exists = number != 1 and not self.force and os.path.lexists(path)
            if path not in self.written and not exists:
                if self._hold(path):
                    break
                live = live or number == wanted
            number += 1
        self.number = number
        over = self.record_over if number == 1 else self.default_record_over()
        if number != wanted:
            taken = str(self._record_file(wanted))
            if live:
                message = _("the record of this game is saved to {new} ({taken} is the file of a game open in another terminal and is left alone)")
            else:
                message = _("the record of this game is saved to {new} ({taken} already exists and is left alone)")
            self._notice(message.format(new=str(self._record_file(number)), taken=taken))
        path = self._record_file(number)
        self.written.add(path)
        return Target(path, over, record=True)

    def _hold(self, path: Path) -> bool:
        """Lock the record file `path` for the game about to be written there; False if
        another process holds its lock (a game of its own is written there)."""
        lock = GameLock(path)
        try:
            lock.acquire()
        except GameLocked:
            return False
        except OSError:
            return True  # no lock file can be made there: the write will say what is wrong
        self.record_locks.append(lock)
        return True

    def _record_file(self, number: int) -> Path:
        path = numbered(self.record_path, number)
        assert path is not None
        return path

    def next_record_path(self) -> Path | None:
        """Reserve the record path of the next game (see `next_record`)."""
        target = self.next_record()
        return target.path if target is not None else None

    def flush(self) -> None:
        """Wait until the game's save in flight, if any, is on disk (`writer.SaveWriter`)."""
        if self.saver is not None:
            self.saver.flush()

    def release(self) -> None:
        """Let go of the locks of the game being played, its autosave's and its record
        files' (the process ending does it too), once its last save is on disk."""
        try:
            self.flush()
        finally:
            self._let_go()

    def _let_go(self) -> None:
        if self.lock is not None:
            self.lock.release()
            self.lock = None
        for lock in self.record_locks:
            lock.release()
        self.record_locks = []

    def _keep_lock(self) -> None:
        for lock in self._locks():
            lock.renew()

    def _locks(self) -> list[GameLock]:
        return ([self.lock] if self.lock is not None else []) + self.record_locks

    def _let_go_when_over(self, finished: bool) -> None:
        """A finished game, saved: nobody plays it any more, so its lock file goes. (Should
        it be written again, `_keep_lock` takes the lock back first; the stamp still
        keeps any other writer's save.)"""
        if finished:
            for lock in self._locks():
                lock.release()

    def _moved(self, target: Target, old: Path) -> None:
        """A file went on in a new one: hold the new file's lock instead of the old
        one's (the old file is someone else's game now); a record's is never given to a
        later game."""
        if target.record:
            self.written.add(target.path)
            for lock in [lock for lock in self.record_locks if lock.save == old]:
                lock.release()
                self.record_locks.remove(lock)
            self._hold(target.path)
            return
        if self.lock is None or self.lock.save != old:
            return
        self.lock.release()  # the old file is someone else's game now
        self.lock = GameLock(target.path)
        with contextlib.suppress(GameLocked, OSError):
            self.lock.acquire()
        if self.moved_to is not None:
            self.moved_to(target.path)

    def _turn_off(self, path: Path, exc: OSError) -> None:
        self.off = _("autosave is off: cannot save games in {folder} ({why})").format(folder=shorten(path.parent), why=why_not(exc, path.parent))
        self._notice(self.off)

    def _notice(self, text: str) -> None:
        if self.on_error is not None:
            self.on_error(text)


def same_file(one: Path, other: Path) -> bool:
    """Whether two paths name one file (or would, once written)."""
    try:
        return os.path.samefile(one, other)
    except OSError:
        return os.path.realpath(one) == os.path.realpath(other)


def autosaving(
    new_session: Callable[[list[str]], Session],
    record_path: str | Path | None = None,
    on_error: Callable[[str], None] | None = None,
    force: bool = False,
    record_over: Allowed | None = None,
    background: bool = False,
) -> Autosaving:
    """Wrap a session factory so each new game autosaves (and goes to `record_path`);
    `background`: each save is written on a thread of its own (`writer`), the app going
    on to its next screen at once."""
    return Autosaving(new_session, record_path, on_error, force, record_over, background)


def numbered(path: str | Path | None, game: int) -> Path | None:
    """`game.json` for the first game, then `game-2.json`, `game-3.json`..."""
    if path is None:
        return None
    path = Path(path)
    return path if game == 1 else path.with_name(f"{path.stem}-{game}{path.suffix or '.json'}")


def _option_problem(option: str, path: str, problem: str) -> str:
    """'--record FILE: problem' (or another option that names a file to write)."""
    return _("{option} {path}: {problem}").format(option=option, path=path, problem=problem)


def _save_moved(old: str, new: str, appeared: bool, record: bool) -> str:
    """A game's file on disk was not the one this process last wrote (another terminal,
    or another program, wrote it), so it is left alone and the game goes on in `new`.
    `appeared`: there was no file when the game started, and one has appeared since."""
    if appeared:
        if record:
            message = _("{old} appeared meanwhile and is not written over: the record of this game is saved to {new} instead")
        else:
            message = _("{old} appeared meanwhile and is not written over: this game is saved to {new} instead")
    elif record:
        message = _(
            "{old} was written by another terminal or program since this game saved it (is the game open twice?);"
            " it is left as it is, and the record of this game goes on in {new}"
        )
    else:
        message = _(
            "{old} was written by another terminal or program since this game saved it (is the game open twice?);"
            " it is left as it is, and this game goes on in {new}"
        )
    return message.format(old=old, new=new)


def record_problem(path: Path, force: bool, own: bool = False, option: str = "--record") -> str | None:
    """Why the file an option writes (`--record PATH`, `club serve --backup PATH`) must not
    be written (checked before anything starts), or None.

    The folder must be there (it is never made); PATH must not be a folder, a device, a
    FIFO or a socket, nor a game another terminal is playing, and must not exist at all
    unless `force`, or `own` (it is this very game's earlier record: writing it loses
    nothing). A symbolic link counts as a file that exists: with `force` the link itself
    is replaced, never what it points to. The write itself is atomic (`files`). Paths are
    shortened (`shorten`), as in every error line.
    """
    shown = shorten(path)
    problem = folder_problem(path.parent)
    if problem is not None:
        return _option_problem(option, shown, problem)
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return _option_problem(option, shown, exc.strerror or str(exc))
    if kinds.S_ISDIR(info.st_mode):
        return _("{option} {path} is a folder; give the name of a file to write to").format(option=option, path=shown)
    if not kinds.S_ISREG(info.st_mode) and not kinds.S_ISLNK(info.st_mode):
        return _("{option} {path} is not a regular file; give the name of a file to write to").format(option=option, path=shown)
    who = holder(path)
    if who is not None:
        return _option_problem(option, shown, _("{open_elsewhere}; choose another file").format(open_elsewhere=open_elsewhere(who)))
    if not (force or own):
        return _("{option} {path} already exists; choose another name, or add --force to write over it").format(option=option, path=shown)
    return None


def earlier_record(path: Path, session: Session) -> Stamp | None:
    """The stamp of `path` if it holds an earlier record of this very game (same deck,
    players, seats, deal and codes, its decisions a beginning of this game's), else None."""
    version = stamp(path)
    try:
        other = record.load(path)
    except Exception:  # noqa: BLE001 - whatever it is, it is not this game's record
        return None
    same = (
        other.deck.digest == session.deck.digest
        and other.names == session.names
        and other.seats == session.seats
        and other.seed == session.seed
        and other.first_player == session.first_player
        and other.game.deal == session.game.deal
        and other.codes == session.codes
        and other.decisions == session.decisions[: len(other.decisions)]
    )
    return version if same else None


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
    stamp: Stamp | None = None  # the version of the file read (taken before reading it)
    facts: Facts | None = None  # what a listing reads of it (`listing.listed_games`: no session then)

    @property
    def finished(self) -> bool:
        if self.session is None:
            return self.facts is not None and self.facts.finished
        return self.session.game.is_terminal()

    @property
    def unfinished(self) -> bool:
        if self.session is None:
            return self.facts is not None and not self.facts.finished
        return not self.session.game.is_terminal()

    def summary(self) -> str:
        """Players, round or phase, and decisions made (`savecache.summary_of`); never a hidden card."""
        if self.session is None:
            return self.facts.summary() if self.facts is not None else _("cannot be loaded: {problem}").format(problem=self.problem)
        table = TableView.of(self.session.game)
        return summary_of(self.session.names, table.phase, table.round, table.current_player, len(table.history))

    def last_played(self) -> str:
        return datetime.fromtimestamp(self.modified).strftime("%Y-%m-%d %H:%M")


def load_saved(path: Path) -> SavedGame:
    """One autosave, loaded (or with why it cannot be), and who is playing it.

    Who plays it is asked first (a player that is ending is waited for: its last save
    is read then), and its stamp is taken before it is read: if another process saves it
    in between, the stamp no longer matches and this process never writes over that save.
    """
    played_by = holder(path)
    version = stamp(path)
    try:
        modified = path.stat().st_mtime
    except OSError:
        modified = 0.0
    try:
        session = record.load(path)
    except record.NewerRecordError as exc:
        return SavedGame(path, None, _reason(path, exc), True, played_by, modified, version)
    except record.RecordError as exc:
        return SavedGame(path, None, _reason(path, exc), False, played_by, modified, version)
    except Exception as exc:  # noqa: BLE001 - a save no check foresaw must not crash every start:
        # it is set aside (kept) like any damaged one, and the player can still play.
        return SavedGame(path, None, could_not_be_read(type(exc).__name__), False, played_by, modified, version)
    return SavedGame(path, session, None, False, played_by, modified, version)


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
    return [path for *_unused, path in sorted(found, reverse=True)]


def saved_games() -> list[SavedGame]:
    """Every autosave in the order the games were started (their file names), for `pier18 games`.

    Numbers in this list stay put while games are played: only new games are added.
    Nothing is moved or changed.
    """
    return [load_saved(path) for path in saved_game_paths()]


def saved_game_paths() -> list[Path]:
    """Every autosave in the order `saved_games` numbers them (their file names)."""
    return sorted(autosaves(), key=lambda p: p.name)


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
            return _(
                "a damaged autosave {path} ({reason}) could not be moved aside ({problem}); it was skipped and left where it is"
            ).format(path=shorten(self.original), reason=self.reason, problem=self.problem)
        return _("a damaged autosave was kept at {kept_at} ({reason})").format(kept_at=shorten(self.kept_at), reason=self.reason)


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

    def passed_over(self, before: Path | None = None) -> list[str]:
        """Why each unfinished game open in another terminal is not offered here, one line
        each; with `before`, only those played after that game (passed over for it)."""
        notes = []
        for game in self.games:
            if game.path == before:
                break
            if game.played_by is not None:
                notes.append(_("Not {file} ({game}): {open_elsewhere}.").format(file=shorten(game.path.name), game=game.summary(), open_elsewhere=open_elsewhere(game.played_by)))
        return notes

    def messages(self) -> list[str]:
        """Everything to say with the offer: damaged saves set aside, notices, and the
        games not offered because another terminal has them open."""
        return [moved.message() for moved in self.set_aside] + self.notices + self.passed_over()

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
    one); if it cannot be moved, say so, naming what is in the way, and leave it."""
    target_dir = damaged_dir()
    try:
        target_dir.mkdir(parents=True, exist_ok=True)
        stamp_ = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
        for number in range(1, MAX_NUMBER):
            target = target_dir / f"{path.stem}.{stamp_}{'' if number == 1 else f'-{number}'}{path.suffix}"
            if not os.path.lexists(target) and _move_to_new(path, target):
                break
        else:
            raise FileExistsError(errno.EEXIST, _("too many damaged saves of that name"), str(target_dir))
    except OSError as exc:
        return SetAside(path, None, reason, why_not(exc, target_dir))
    return SetAside(path, target, reason)


def _move_to_new(path: Path, target: Path) -> bool:
    """Move `path` to `target`, which must not exist (False if a file took it meanwhile)."""
    try:
        os.link(path, target)
    except FileExistsError:
        return False
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EMLINK, errno.ENOSYS, errno.EXDEV):
            raise
        os.replace(path, target)  # no hard links here: checked a moment ago
        return True
    os.unlink(path)
    return True


def find_resumable() -> Resumable:
    """Every unfinished game, the last played first; damaged autosaves are set aside.

    Finished games stay where they are (they are worth keeping); a record from a newer
    Pier 18 is skipped but left alone, since it is not damaged; a save another process
    is playing is never touched.
    """
    damaged: list[SetAside] = []
    games: list[SavedGame] = []
    paths = autosaves()
    if not paths:
        return Resumable(None, None)  # nothing saved yet: the listing's cache (and json) is not needed

    over = finished_saves(paths, cache_file(data_dir()))  # finished when last listed, unchanged since: not read again
    for path in paths:
        if path in over:
            continue
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
