"""One game, one writer: the lock a playing process holds, seen from another process."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from helpers import child_env
from pier18.cli import main
from pier18.persist import autosave as saves, record
from pier18.persist import lock as lock_module
from pier18.engine.text import shorten
from pier18.persist.files import stamp
from pier18.persist.lock import GameLock, GameLocked, guard_path, holder, lock_path, lock_paths
from pier18.session import Session
from pier18.tui.app import Pier18App

SRC = Path(__file__).resolve().parents[1] / "src"

pytestmark = [pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals"), pytest.mark.usefixtures("at_a_terminal")]

#: Plays a saved game the way `pier18 play --resume` does (lock, then autosave), says so,
#: and waits for its stdin to close.
CHILD = """
import sys
from pathlib import Path
from pier18.persist import autosave, record

path = Path(sys.argv[1])
session = record.load(path)
factory = autosave.autosaving(lambda names: None)
factory.play(session, path)
print("playing", flush=True)
sys.stdin.read()
"""


def saved_game(deck, name: str, steps: int) -> Path:
    session = Session(deck, ["Ann", "Bob"], 7)
    path = saves.games_dir() / name
    saves.attach(session, path)
    for _ in range(steps):
        session.apply(session.game.legal_decisions()[0])
    return path


@pytest.fixture
def child_playing(deck):
    """A second process playing `one.json`, killed with SIGKILL by the test."""
    path = saved_game(deck, "one.json", 3)
    env = dict(os.environ, PYTHONPATH=str(SRC))
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True,
    )
    try:
        assert child.stdout.readline() == "playing\n", child.stderr.read()
        yield child, path
    finally:
        if child.poll() is None:
            child.kill()
        child.wait(timeout=30)
        for stream in (child.stdin, child.stdout, child.stderr):
            stream.close()


def test_a_game_played_in_another_process_is_locked_with_its_pid_until_it_is_killed(child_playing):
    child, path = child_playing
    assert holder(path) == child.pid
    with pytest.raises(GameLocked) as caught:
        GameLock(path).acquire()
    assert caught.value.pid == child.pid
    assert f"this game is open in another terminal (pid {child.pid})" in str(caught.value)

    os.kill(child.pid, signal.SIGKILL)
    child.wait(timeout=30)
    assert holder(path) is None  # the OS let go of it: the stale lock file blocks nobody
    lock = GameLock(path).acquire()
    assert lock.held
    lock.release()


#: Plays a saved game as CHILD does; at the line "end" it is stopped (its locks say it
#: is ending, as a stop signal has them say), and at the next line it makes its last
#: decision, saves it, lets go and prints the decisions saved.
ENDING_CHILD = """
import json, sys
from pathlib import Path
from pier18.persist import autosave, lock, record

path = Path(sys.argv[1])
session = record.load(path)
factory = autosave.autosaving(lambda names: None)
factory.play(session, path)
print("playing", flush=True)
sys.stdin.readline()
lock.ending()
print("ending", flush=True)
sys.stdin.readline()
session.apply(session.game.legal_decisions()[0])
factory.release()
print(json.dumps([str(d) for d in session.decisions]), flush=True)
sys.stdin.read()
"""


@pytest.fixture
def child_ending(deck):
    """A process playing `one.json` that ends when told (see ENDING_CHILD)."""
    path = saved_game(deck, "one.json", 3)
    child = subprocess.Popen(
        [sys.executable, "-c", ENDING_CHILD, str(path)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=child_env(), text=True,
    )
    try:
        assert child.stdout.readline() == "playing\n", child.stderr.read()
        yield child, path
    finally:
        if child.poll() is None:
            child.kill()
        child.wait(timeout=30)
        for stream in (child.stdin, child.stdout, child.stderr):
            stream.close()


def tell(child: subprocess.Popen, line: str) -> str:
    child.stdin.write(line + "\n")
    child.stdin.flush()
    return child.stdout.readline()


def test_a_game_whose_player_is_ending_is_waited_for_and_read_with_its_last_save(child_ending, monkeypatch):
    """A stopped player still holds its game while it writes its last save: whoever
    looks then (a `--resume` typed the moment the window closed) waits for it to let go,
    and reads the game with that last decision, free to be played."""
    child, path = child_ending
    assert holder(path) == child.pid  # playing, not ending: nobody waits
    assert tell(child, "end") == "ending\n"
    last: list[str] = []

    def sleep(seconds: float) -> None:  # the looker waits: now the player ends
        if not last:
            last.extend(json.loads(tell(child, "go")))

    monkeypatch.setattr(lock_module, "time", SimpleNamespace(monotonic=time.monotonic, sleep=sleep))
    found = saves.load_saved(path)  # as `play --resume` reads it
    assert last, "nobody waited for the ending player"
    assert found.played_by is None
    assert [str(d) for d in found.session.decisions] == last and len(last) == 4
    assert found.stamp == stamp(path)  # read after the last save: this process may write on


def test_a_player_that_is_ending_but_never_lets_go_is_waited_for_only_so_long(child_ending, monkeypatch):
    child, path = child_ending
    assert tell(child, "end") == "ending\n"
    monkeypatch.setattr(lock_module, "ENDING_WAIT", 0.2)
    assert holder(path) == child.pid
    with pytest.raises(GameLocked) as caught:
        GameLock(path).acquire()
    assert caught.value.pid == child.pid and caught.value.ending


def test_find_resumable_offers_only_games_nobody_else_is_playing(deck, child_playing):
    child, locked_path = child_playing
    free_path = saved_game(deck, "two.json", 2)
    os.utime(locked_path, ns=(2 * 10**18, 2 * 10**18))  # the locked game is the last played
    found = saves.find_resumable()
    assert [g.path for g in found.games] == [locked_path, free_path]
    assert found.games[0].played_by == child.pid
    assert [g.path for g in found.free] == [free_path]
    assert found.path == free_path
    assert locked_path.exists()  # never set aside or touched


def test_a_second_resume_of_the_same_game_by_number_is_one_line(deck, child_playing, monkeypatch, capsys):
    """`--resume N` names one game: open in another terminal, it is refused in one line
    (exit 2) naming that terminal, before anything is moved or any screen opens; no other
    game is offered in its place (an offer numbered its own way once stood for game N)."""
    child, locked_path = child_playing
    saved_game(deck, "two.json", 2)
    damaged = locked_path.with_name("broken.json")
    damaged.write_text("{not json")
    numbers = [g.path for g in saves.saved_games()]
    opened = []
    monkeypatch.setattr(Pier18App, "run", lambda app, *args, **kwargs: opened.append(app))
    assert main(["play", "--resume", str(numbers.index(locked_path) + 1)]) == 2
    assert opened == []  # not played twice, and nothing else opened instead
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("pier18: "), err
    assert err[0].endswith(f"one.json: this game is open in another terminal (pid {child.pid})"), err
    assert damaged.exists()  # nothing moved aside on the way


def test_the_lock_is_let_go_when_the_next_game_starts(deck):
    factory = saves.autosaving(lambda names: Session(deck, names, 3))
    first = factory(["Ann", "Bob"])
    first_path = factory.lock.save
    assert holder(first_path) == os.getpid()
    factory(["Ann", "Bob"])
    assert holder(first_path) is None and holder(factory.lock.save) == os.getpid()
    factory.release()
    assert first.game is not None


# -- a second writer: the lock file deleted or replaced ------------------------------------

#: Plays a saved game as `pier18 play` does, one step per line of stdin: `load` reads it
#: (as the resume offer does, stamp first), `play` takes it on (the lock, then autosave),
#: `first` / `last` make the first or last legal decision. After each step it prints
#: `ok DECISIONS` (as JSON), or `locked`; every notice the game shows is a `notice:` line.
PLAYER = """
import json, sys
from pathlib import Path
from pier18.persist import autosave
from pier18.persist.lock import GameLocked

path = Path(sys.argv[1])
factory = autosave.autosaving(lambda names: None, on_error=lambda m: print("notice:", m, flush=True))
saved = session = None
for line in sys.stdin:
    step = line.strip()
    if step == "load":
        saved = autosave.load_saved(path)
        session = saved.session
    elif step == "play":
        try:
            factory.play(session, path, saved.stamp)
        except GameLocked as locked:
            print("locked", locked, flush=True)
            continue
    else:
        legal = session.game.legal_decisions()
        session.apply(legal[0] if step == "first" else legal[-1])
    print("ok", json.dumps([str(d) for d in session.decisions]), flush=True)
"""


class Player:
    """A `PLAYER` process, told one step at a time; it answers before the next step."""

    def __init__(self, path: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", PLAYER, str(path)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=child_env(), text=True,
        )
        self.notices: list[str] = []
        self.decisions: list[str] = []

    def step(self, *steps: str) -> str:
        answer = ""
        for step in steps:
            self.process.stdin.write(step + "\n")
            self.process.stdin.flush()
            while True:
                line = self.process.stdout.readline()
                assert line, f"the player ended: {self.process.stderr.read()}"
                if not line.startswith("notice: "):
                    break
                self.notices.append(line.removeprefix("notice: ").rstrip("\n"))
            answer = line.rstrip("\n")
            if answer.startswith("ok "):
                self.decisions = json.loads(answer.removeprefix("ok "))
        return answer

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.stdin.close()  # ends it as a closed terminal would
            assert self.process.wait(timeout=60) == 0, self.process.stderr.read()
        self.process.stdout.close()
        self.process.stderr.close()


@pytest.fixture
def players():
    started: list[Player] = []

    def start(path: Path) -> Player:
        started.append(Player(path))
        return started[-1]

    yield start
    for player in started:
        if player.process.poll() is None:
            player.process.kill()
        player.process.wait(timeout=60)


def break_lock(path: Path, how: str, which: tuple[Path, ...] | None = None) -> None:
    """Take lock files away from their holder (both, unless `which`): delete them, or put
    another file in their place."""
    for lock in which or lock_paths(path):
        if how == "deleted":
            lock.unlink()
        else:
            spare = lock.with_name(lock.name + ".new")
            spare.write_text("0\n")
            os.replace(spare, lock)
    if which is None:
        assert holder(path) is None  # the lock no longer shows anyone playing


@pytest.mark.parametrize("how", ["deleted", "replaced"])
@pytest.mark.parametrize("which", ["lock", "guard"])
def test_a_lock_file_deleted_while_a_game_is_played_lets_no_second_process_in(deck, players, how, which):
    """A plays; its `.lock` file is deleted (or replaced), say by a tidy-up of lock files.
    The game is still A's: B is refused, told A's pid, and leaves nothing behind; A's
    next save makes the file again. Never two processes on one game."""
    path = saved_game(deck, "one.json", 3)
    a, b = players(path), players(path)
    a.step("load", "play")
    broken = lock_path(path) if which == "lock" else guard_path(path)
    break_lock(path, how, (broken,))
    assert holder(path) == a.process.pid  # `pier18 games` still shows it open, with A's pid
    assert b.step("load", "play") == f"locked {shorten(path)}: this game is open in another terminal (pid {a.process.pid})"
    assert not broken.exists() or how == "replaced" and broken.read_text() == "0\n"  # B took nothing
    a.step("first")
    assert [p.read_text() for p in lock_paths(path)] == [f"{a.process.pid}\n"] * 2  # made again
    a.step("first")
    a.close()
    b.close()
    assert records_on_disk() == {"one.json": a.decisions} and len(a.decisions) == 5
    assert a.notices == [] and b.notices == []
    assert sorted(p.name for p in saves.games_dir().iterdir()) == ["one.json"]  # no lock file left


def records_on_disk() -> dict[str, list[str]]:
    return {p.name: json.loads(p.read_text())["decisions"] for p in sorted(saves.games_dir().glob("*.json"))}


@pytest.mark.parametrize("how", ["deleted", "replaced"])
def test_a_second_writer_after_the_lock_file_is_broken_loses_no_decision(deck, players, how):
    """A plays; both its lock files are broken; B resumes the same game and saves. A's
    next decision finds a save it did not write: A is told in one line and goes on in a
    new file. Every decision of both is on disk, each in a whole record of its own game."""
    path = saved_game(deck, "one.json", 3)
    a, b = players(path), players(path)
    a.step("load", "play")
    break_lock(path, how)
    assert b.step("load", "play").startswith("ok ")  # B could take the game: the lock proved nothing
    assert holder(path) == b.process.pid
    a.step("first")
    b.step("last")
    a.step("first")
    assert holder(path.with_name("one-2.json")) == a.process.pid  # A's game is open where it goes on
    a.close()
    b.close()
    assert a.decisions != b.decisions[: len(a.decisions)]  # they played differently
    on_disk = records_on_disk()
    assert on_disk == {"one.json": b.decisions, "one-2.json": a.decisions}
    assert b.notices == []
    (told,) = a.notices
    assert shorten(path) in told and shorten(path.with_name("one-2.json")) in told and "\n" not in told
    assert "written by another terminal or program" in told


def test_a_link_or_a_chmod_to_the_save_is_no_other_writer(deck, players, tmp_path):
    """A hard link to the save (a backup) and a chmod write nothing: the game goes on in
    its own file, with no notice (the inode's change time once counted as a write, and the
    game moved to one-2.json saying another terminal had written it)."""
    path = saved_game(deck, "one.json", 3)
    a = players(path)
    a.step("load", "play")
    os.link(path, tmp_path / "backup.json")
    a.step("first")
    path.chmod(0o600)
    a.step("first")
    a.close()
    assert records_on_disk() == {"one.json": a.decisions} and len(a.decisions) == 5
    assert a.notices == []


@pytest.mark.parametrize("how", ["deleted", "replaced"])
def test_a_second_writer_that_read_an_older_save_never_writes_over_a_newer_one(deck, players, how):
    """B reads the game (the resume offer), A saves a decision, the lock file is broken,
    and A quits at once. B takes the game: it must not write the older game over A's
    last decision; B is told and goes on in a new file. (Both lock files broken: one
    alone lets nobody in.)"""
    path = saved_game(deck, "one.json", 3)
    a, b = players(path), players(path)
    a.step("load", "play")
    b.step("load")
    a.step("first")
    break_lock(path, how)
    a.close()  # A's last decision is only in one.json
    assert b.step("play").startswith("ok ")
    b.step("last")
    b.close()
    assert records_on_disk() == {"one.json": a.decisions, "one-2.json": b.decisions}
    assert len(a.decisions) == 4 and b.decisions[:3] == a.decisions[:3]
    (told,) = b.notices
    assert shorten(path) in told and "one-2.json" in told
    assert a.notices == []


@pytest.mark.parametrize("how", ["deleted", "replaced"])
def test_the_playing_process_takes_a_broken_lock_back_at_its_next_save(deck, players, how):
    path = saved_game(deck, "one.json", 3)
    a, b = players(path), players(path)
    a.step("load", "play")
    break_lock(path, how)
    a.step("first")
    assert holder(path) == a.process.pid  # the game shows as open again
    answer = b.step("load", "play")
    assert answer == f"locked {shorten(path)}: this game is open in another terminal (pid {a.process.pid})"
    a.step("first")
    a.close()
    b.close()
    assert records_on_disk() == {"one.json": a.decisions}


def written_by_another_terminal(path: Path) -> None:
    """Both lock files of the game at `path` deleted, and the save written by another
    writer (the stamp is all that is left to notice it)."""
    break_lock(path, "deleted")
    theirs = saves.load_saved(path).session
    theirs.apply(theirs.game.legal_decisions()[-1])
    record.save(theirs, path, overwrite=True)


async def test_a_save_written_by_another_terminal_is_told_on_the_game_screen(deck):
    """The game goes on in NAME-2.json when its save was written by another terminal,
    and the players see it said on the screen they are playing on."""
    path = saved_game(deck, "one.json", 3)
    saved = saves.load_saved(path)
    session = saved.session
    factory = saves.autosaving(lambda names: None, on_error=lambda m: app.warn(m))  # as `play --resume`
    app = Pier18App(2, factory, names=list(session.names), session=session)
    factory.play(session, path, saved.stamp)
    told: list[str] = []
    notify = app.notify
    app.notify = lambda message, **options: (told.append(message), notify(message, **options))[1]
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            written_by_another_terminal(path)
            session.apply(session.game.legal_decisions()[0])  # A's next decision is saved
            await pilot.pause()
    finally:
        factory.release()
    moved = [m for m in told if "written by another terminal or program" in m]
    assert len(moved) == 1 and shorten(path.with_name("one-2.json")) in moved[0]
    assert saves.load_saved(path.with_name("one-2.json")).session.decisions == session.decisions


async def test_the_hosts_own_seat_is_told_on_its_screen_when_its_save_moves(deck, monkeypatch):
    """`pier18 host` plays its own seat in the game's screen: a notice printed there
    would never be seen, so while the seat's app runs the autosave's notices go to it
    (and to the printed lines again once it has ended)."""
    from types import SimpleNamespace

    from pier18.cli import host as hosting
    from pier18.cli import join
    from pier18.tui.seat_app import SeatApp

    path = saved_game(deck, "one.json", 3)
    saved = saves.load_saved(path)
    session = saved.session
    printed: list[str] = []
    saving = saves.autosaving(lambda names: session, on_error=printed.append)
    saving.play(session, path, saved.stamp)
    shown: list[str] = []

    async def run_seat_app(app) -> int:  # the seat's app, running: its table is saved meanwhile
        written_by_another_terminal(path)
        session.apply(session.game.legal_decisions()[0])
        return 0

    monkeypatch.setattr(hosting, "run_seat_app", run_seat_app)  # host reads the name it imported
    monkeypatch.setattr(SeatApp, "warn", lambda app, message: shown.append(message))
    table = SimpleNamespace(config=SimpleNamespace(bind="127.0.0.1"), session=session)
    seat = hosting.OwnSeat("CODE-1234", [], saving, None, lambda save: f"pier18 host --resume {save}")
    try:
        assert await hosting.play_own_seat(table, 1, None, seat) == 0
        assert len(shown) == 1 and "one-2.json" in shown[0] and printed == []
        session.apply(session.game.legal_decisions()[0])
        written_by_another_terminal(path.with_name("one-2.json"))
        session.apply(session.game.legal_decisions()[0])
        assert len(printed) == 1 and "one-2-2.json" in printed[0]  # the app has ended: printed again
    finally:
        saving.release()


@pytest.mark.parametrize("force", [[], ["--force"]])
def test_record_onto_a_game_open_in_another_terminal_is_refused(child_playing, monkeypatch, capsys, force):
    """`play --record` naming the autosave another process is playing would make a
    second writer of that game: refused before any game starts, even with --force."""
    child, path = child_playing
    before = path.read_bytes()
    monkeypatch.setattr(Pier18App, "run", lambda app, *a, **k: pytest.fail("the game started"))
    assert main(["play", "--names", "Ann,Bob", "--players", "2", "--record", str(path), *force]) == 2
    err = capsys.readouterr().err
    assert err == f"pier18: --record {shorten(path)}: this game is open in another terminal (pid {child.pid}); choose another file\n"
    assert path.read_bytes() == before


#: Plays a new game as `pier18 play --record FILE --force` does, says so, and waits for its
#: stdin to close. The record is written over the file there (an old one: --force).
RECORDING = """
import sys
from pier18.engine import load_deck
from pier18.persist import autosave
from pier18.session import Session

deck = load_deck()
factory = autosave.autosaving(lambda names: Session(deck, names, 7), sys.argv[1], force=True)
session = factory(["Ann", "Bob"])
session.apply(session.game.legal_decisions()[0])
print("playing", flush=True)
sys.stdin.read()
"""


@pytest.fixture
def child_recording(tmp_path):
    """A second process playing a game with `--record FILE --force`; returns it and FILE."""
    started = []

    def start(path: Path) -> subprocess.Popen:
        child = subprocess.Popen(
            [sys.executable, "-c", RECORDING, str(path)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=child_env(), text=True,
        )
        started.append(child)
        assert child.stdout.readline() == "playing\n", child.stderr.read()
        return child

    yield start
    for child in started:
        if child.poll() is None:
            child.kill()
        child.communicate(timeout=60)


@pytest.mark.parametrize("resume", [False, True])
def test_record_force_onto_the_record_of_a_game_open_in_another_terminal_is_refused(
    deck, child_recording, tmp_path, monkeypatch, capsys, resume
):
    """`--force` is for old files: the record another terminal is writing now is a live
    game's, never written over, however the game is started (new, or resumed)."""
    record_file = tmp_path / "match.json"
    child = child_recording(record_file)
    before = record_file.read_bytes()
    assert holder(record_file) == child.pid
    mine = saved_game(deck, "mine.json", 2)
    monkeypatch.setattr(Pier18App, "run", lambda app, *a, **k: pytest.fail("the game started"))
    command = ["play", "--resume", str(mine)] if resume else ["play", "--names", "Ann,Bob", "--players", "2"]
    assert main([*command, "--record", str(record_file), "--force"]) == 2
    err = capsys.readouterr().err
    assert err == (f"pier18: --record {shorten(record_file)}: this game is open in another terminal (pid {child.pid}); "
                   "choose another file\n")
    assert record_file.read_bytes() == before


def test_a_later_game_never_takes_the_numbered_record_of_a_game_open_elsewhere(deck, child_recording, tmp_path):
    """`play --record FILE --force`: the second game goes to FILE-2.json, written over if
    it is an old file; but FILE-2.json is being written by a game in another terminal,
    so the second game takes the next free number and says so."""
    record_file = tmp_path / "match.json"
    record_file.write_text("an old file\n")
    child = child_recording(record_file.with_name("match-2.json"))
    theirs = record_file.with_name("match-2.json").read_bytes()
    notices: list[str] = []
    factory = saves.autosaving(lambda names: Session(deck, names, 3), record_file, notices.append, force=True)
    factory(["Cy", "Di"])
    second = factory(["Cy", "Di"])
    second.apply(second.game.legal_decisions()[0])
    assert factory.saver.paths[1] == tmp_path / "match-3.json"
    assert holder(tmp_path / "match-3.json") == os.getpid()  # locked while it is played
    factory.release()
    assert record_file.with_name("match-2.json").read_bytes() == theirs
    assert notices == [
        f"the record of this game is saved to {tmp_path / 'match-3.json'} ({tmp_path / 'match-2.json'} "
        "is the file of a game open in another terminal and is left alone)"
    ]
    assert holder(record_file.with_name("match-2.json")) == child.pid
    assert sorted(p.name for p in tmp_path.iterdir() if "match" in p.name) == [
        ".match-2.json.lock", "match-2.json", "match-2.json.lock", "match-3.json", "match.json"
    ]


# -- no stray lock files --------------------------------------------------------------------

#: Plays a saved game as `CHILD` does, then ends as it is told on stdin: `exit` returns
#: normally, `crash` raises (the exception nothing catches), `hold` waits to be killed.
ENDS = """
import sys
from pathlib import Path
from pier18.persist import autosave, record

path = Path(sys.argv[1])
factory = autosave.autosaving(lambda names: None)
factory.play(record.load(path), path)
print("playing", flush=True)
how = sys.stdin.readline().strip()
if how == "crash":
    raise RuntimeError("the game fell over")
if how == "hold":
    sys.stdin.read()
"""


@pytest.mark.parametrize("how", ["exit", "crash"])
def test_a_process_that_ends_leaves_no_lock_file(deck, how):
    """However the playing process ends by itself (returning, or an exception nothing
    caught), its lock file goes with it, and the game is free."""
    path = saved_game(deck, "one.json", 3)
    child = subprocess.Popen(
        [sys.executable, "-c", ENDS, str(path)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=child_env(), text=True,
    )
    out, err = child.communicate(f"{how}\n", timeout=60)
    assert out == "playing\n", err
    assert child.returncode == (1 if how == "crash" else 0) and ("the game fell over" in err) == (how == "crash")
    assert not lock_path(path).exists()
    assert holder(path) is None and json.loads(path.read_text())["decisions"]  # the save itself stays


def test_a_killed_process_lock_file_is_taken_over_and_removed_by_the_next_one(deck):
    """SIGKILL leaves the lock file (nothing runs in the killed process); the OS let go
    of its lock, so the next process to look takes it without a question and removes
    it, and a game started from it plays as usual and leaves nothing either."""
    path = saved_game(deck, "one.json", 3)
    child = subprocess.Popen(
        [sys.executable, "-c", ENDS, str(path)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=child_env(), text=True,
    )
    try:
        assert child.stdout.readline() == "playing\n"
        child.stdin.write("hold\n")
        child.stdin.flush()
        assert holder(path) == child.pid
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
        child.communicate(timeout=30)
    assert lock_path(path).read_text() == f"{child.pid}\n"  # left behind by the kill
    found = saves.find_resumable()
    assert found.path == path and found.games[0].played_by is None  # offered, no question asked
    assert not lock_path(path).exists()  # ...and cleaned on the way
    factory = saves.autosaving(lambda names: None)
    factory.play(found.session, path, found.games[0].stamp)
    assert holder(path) == os.getpid()
    factory.release()
    assert not lock_path(path).exists()


def test_a_game_played_to_its_end_leaves_no_lock_file(deck):
    """The last decision is saved and the game's lock file goes at once, though the
    process plays on (the final screen, a new game); the finished save stays."""
    factory = saves.autosaving(lambda names: Session(deck, names, 5))
    session = factory(["Ann", "Bob"])
    path = factory.save
    assert lock_path(path).exists()
    while not session.game.is_terminal():
        session.apply(session.game.legal_decisions()[0])
    assert not lock_path(path).exists() and holder(path) is None
    assert len(json.loads(path.read_text())["decisions"]) == len(session.decisions)
    session.undo()  # written again (a take-back on the final screen): held again while it is
    assert holder(path) == os.getpid()
    session.apply(session.game.legal_decisions()[0])
    assert not lock_path(path).exists()
    factory.release()


def test_a_lock_file_removed_as_it_is_taken_is_taken_again_at_its_name(tmp_path, monkeypatch):
    """The holder lets go (removing its file) between this process opening the file and
    locking it: the lock held would be on a file nobody can find, and a third process
    would take the name's new file as well. The taker sees it and takes the name again."""
    from pier18.persist import lock as locks

    save = tmp_path / "game.json"
    real_flock = locks.fcntl.flock
    removed = []

    def flock(fd, how):
        if not removed:  # the holder's release, just before this lock call
            removed.append(True)
            os.unlink(lock_path(save))
        return real_flock(fd, how)

    monkeypatch.setattr(locks.fcntl, "flock", flock)
    mine = GameLock(save).acquire()
    monkeypatch.setattr(locks.fcntl, "flock", real_flock)
    assert removed and mine.intact()
    with pytest.raises(GameLocked):
        GameLock(save).acquire()  # the name's file is the one held: nobody else gets in
    mine.release()
    assert not lock_path(save).exists()


# -- resuming says what it opens ------------------------------------------------------------


def test_resume_names_the_game_it_opens_and_the_later_one_it_passed_over(deck, child_playing, monkeypatch):
    """`pier18 play --resume`: the last played game is open in another terminal, so the
    one before it is opened; as it opens, the app says which game that is and why the
    later one is not it (its file, what it is, who has it)."""
    child, locked_path = child_playing
    other = saved_game(deck, "two.json", 2)
    os.utime(locked_path, ns=(2 * 10**18, 2 * 10**18))  # the locked game is the last played
    seen = {}

    def fake_run(app: Pier18App, *args, **kwargs):
        seen["session"], seen["notes"] = app.session, list(app.opening_notes)

    monkeypatch.setattr(Pier18App, "run", fake_run)
    assert main(["play", "--resume"]) == 0
    assert seen["session"].decisions == saves.load_saved(other).session.decisions
    opened, why = seen["notes"]
    assert opened == f"Going on with the last played unfinished game free here, two.json: {summary_of(other)}."
    assert why == (f"Not one.json ({summary_of(locked_path)}): "
                   f"this game is open in another terminal (pid {child.pid}).")

    monkeypatch.setattr(Pier18App, "run", fake_run)
    assert main(["play", "--resume", str(other)]) == 0  # asked for by name: nothing was passed over
    assert seen["notes"] == [f"Going on with the saved game asked for, two.json: {summary_of(other)}."]


async def test_the_notes_on_the_game_opened_are_shown_as_it_opens(deck):
    session = Session(deck, ["Ann", "Bob"], 7)
    app = Pier18App(2, lambda names: session, names=["Ann", "Bob"], session=session)
    app.opening_notes = ["Going on with x.json.", "Not y.json: open elsewhere."]
    told = []
    notify = app.notify
    app.notify = lambda message, **options: (told.append(message), notify(message, **options))[1]
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
    assert told[:2] == app.opening_notes


def test_the_resume_offer_says_which_games_it_leaves_out_and_why(deck, child_playing, monkeypatch):
    """`pier18 play` offers the free games; the one open in another terminal is named
    in the offer with the reason, rather than silently left out."""
    child, locked_path = child_playing
    other = saved_game(deck, "two.json", 2)
    seen = {}
    monkeypatch.setattr(Pier18App, "run", lambda app, *a, **k: seen.setdefault("offer", app.resume_offer))
    assert main(["play", "--names", "Ann,Bob", "--players", "2"]) == 0
    offer = seen["offer"]
    assert [g.path for g in offer.free] == [other]
    assert offer.messages() == [
        f"Not one.json ({summary_of(locked_path)}): this game is open in another terminal (pid {child.pid})."
    ]


def summary_of(path: Path) -> str:
    return saves.load_saved(path).summary()
