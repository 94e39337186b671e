"""Autosave and resume: atomic writes, the data folder, damaged saves, and SIGKILL."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import child_env
from pier18.persist import autosave as saves
from pier18.persist import files, record
from pier18.persist.files import atomic_write
from pier18.engine import Game, Phase
from pier18.engine.errors import Pier18Error
from pier18.engine.text import shorten
from pier18.session import Session


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(folder))
    return folder


def play(session: Session, seed: int, steps: int | None = None) -> Session:
    chooser = random.Random(seed)
    made = 0
    while not session.game.is_terminal() and (steps is None or made < steps):
        session.apply(chooser.choice(session.game.legal_decisions()))
        made += 1
    return session


def saved_decisions(path: Path) -> list[str]:
    return json.loads(path.read_text())["decisions"]


# -- the data folder and atomic writes ---------------------------------------------------------


def test_data_dir_comes_from_platformdirs_unless_overridden(monkeypatch, tmp_path):
    import platformdirs

    monkeypatch.delenv(saves.DATA_DIR_ENV, raising=False)
    assert saves.data_dir() == Path(platformdirs.user_data_dir("pier18", appauthor=False))
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(tmp_path))
    assert saves.data_dir() == tmp_path
    assert saves.games_dir() == tmp_path / "games"


def test_atomic_write_replaces_the_file_and_leaves_no_temporary(tmp_path):
    target = tmp_path / "sub" / "game.json"
    target.parent.mkdir()  # writing never makes a folder (test_hostile_writes.py)
    atomic_write(target, "one")
    atomic_write(target, "two")
    assert target.read_text() == "two"
    assert sorted(p.name for p in target.parent.iterdir()) == ["game.json"]


def test_a_failed_write_keeps_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "game.json"
    atomic_write(target, "old")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "replace", broken_replace)
    with pytest.raises(OSError):
        atomic_write(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_save_never_rewrites_the_file_in_place(tmp_path):
    """Whoever has the old save open still reads all of it: the new text arrives as a
    new file put in its place (a rename), never by truncating and rewriting the old."""
    target = tmp_path / "game.json"
    old_text = json.dumps({"decisions": ["keep 1 2"] * 2000})
    atomic_write(target, old_text)
    before = target.stat()
    with open(target, encoding="utf-8") as old:
        atomic_write(target, json.dumps({"decisions": []}))
        assert old.read() == old_text
    after = target.stat()
    assert (after.st_ino, after.st_dev) != (before.st_ino, before.st_dev) or os.name != "posix"
    assert json.loads(target.read_text()) == {"decisions": []}
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


WRITER = """
import json, sys
from pathlib import Path
from pier18.persist.files import atomic_write

path, count = Path(sys.argv[1]), int(sys.argv[2])
for number in range(count):
    text = json.dumps({"number": number, "decisions": ["draft 12:1"] * (5000 + 3000 * (number % 2))})
    atomic_write(path, text)
    if number == 0:
        print("first", flush=True)
print("done", flush=True)
"""


def test_a_reader_only_ever_sees_a_whole_save(tmp_path):
    """Another process saves over and over while this one reads: every read is a whole record."""
    target = tmp_path / "game.json"
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(target), "150"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=child_env(), text=True,
    )
    seen: set[int] = set()
    try:
        assert writer.stdout.readline() == "first\n"
        for _ in range(1_000_000):  # bounded: a writer that never ends fails, not hangs
            if writer.poll() is not None:
                break
            text = target.read_text(encoding="utf-8")
            record_read = json.loads(text)  # a half-written save would not parse
            assert len(record_read["decisions"]) in (5000, 8000)
            seen.add(record_read["number"])
        assert writer.wait(timeout=120) == 0, writer.stderr.read()
        assert writer.stdout.read() == "done\n"
    finally:
        if writer.poll() is None:
            writer.kill()
        writer.wait()
        writer.stdout.close()
        writer.stderr.close()
    assert json.loads(target.read_text())["number"] == 149
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


# -- autosave ------------------------------------------------------------------------------


def test_attach_saves_at_once_and_after_every_decision_and_takeback(deck, data_dir, tmp_path):
    session = Session(deck, ["Ann", "Bob"], 3)
    shown: list[int] = []
    session.on_change = lambda s: shown.append(len(s.decisions))  # the app's refresh
    chosen = tmp_path / "mine.json"
    saver = saves.attach(session, record_path=chosen)
    autosave = saver.paths[0]
    assert autosave.parent == data_dir / "games"
    assert saved_decisions(autosave) == [] and saved_decisions(chosen) == []
    chooser = random.Random(1)
    for _ in range(5):
        session.apply(chooser.choice(session.game.legal_decisions()))
        expected = [str(d) for d in session.decisions]
        assert saved_decisions(autosave) == expected
        assert saved_decisions(chosen) == expected
    session.takeback()
    assert len(saved_decisions(autosave)) == 4
    assert shown == [1, 2, 3, 4, 5, 4]  # the earlier callback still runs, after the save


def test_a_failing_autosave_warns_instead_of_ending_the_game(deck, data_dir, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    warnings: list[str] = []
    session = Session(deck, ["Ann", "Bob"], 3)
    saver = saves.attach(session, blocker / "game.json", on_error=warnings.append)
    session.apply(session.game.legal_decisions()[0])
    assert len(session.decisions) == 1  # the game goes on
    assert saver.error and "could not save the game" in saver.error
    assert len(warnings) == 2
    with pytest.raises(Pier18Error, match="could not save"):
        saves.attach(Session(deck, ["Ann", "Bob"], 3), blocker / "other.json")


# -- resuming --------------------------------------------------------------------------------


def autosave(deck, name: str, seed: int, steps: int | None) -> Session:
    session = Session(deck, ["Ann", "Bob", "Cy"], seed)
    saves.attach(session, saves.games_dir() / name)
    return play(session, seed, steps)


def touch_order(*names: str) -> None:
    """Give the autosaves increasing modification times, in this order."""
    for number, name in enumerate(names):
        path = saves.games_dir() / name
        os.utime(path, ns=(10**18 + number * 10**9, 10**18 + number * 10**9))


def test_resume_finds_the_last_unfinished_game_exactly(deck, data_dir):
    older = autosave(deck, "a.json", 1, steps=4)
    finished = autosave(deck, "b.json", 2, steps=None)
    latest = autosave(deck, "c.json", 3, steps=9)
    assert finished.game.is_terminal()
    touch_order("a.json", "c.json", "b.json")  # the finished game is the newest file
    found = saves.find_resumable()
    assert found.path == data_dir / "games" / "c.json"
    assert found.session.decisions == latest.decisions
    assert found.session.game.legal_decisions() == latest.game.legal_decisions()
    assert found.session.game.current_player == latest.game.current_player
    assert found.set_aside == []
    assert older.decisions != latest.decisions


def test_nothing_to_resume(data_dir):
    found = saves.find_resumable()
    assert found.session is None and found.path is None and found.set_aside == []


def test_resumed_game_keeps_saving_to_the_same_file(deck, data_dir):
    autosave(deck, "g.json", 5, steps=6)
    found = saves.find_resumable()
    saves.attach(found.session, found.path)
    play(found.session, 50)
    assert json.loads(found.path.read_text())["finished"] is True
    assert [p.name for p in saves.autosaves()] == ["g.json"]
    assert saves.find_resumable().session is None


@pytest.mark.parametrize(
    "damage",
    [
        lambda text: text[: len(text) // 2],
        lambda text: "",
        lambda text: text.replace('"keep', '"leap', 1),
        lambda text: "\x00\x01 not json",
    ],
    ids=["truncated", "empty", "bad decision", "garbage"],
)
def test_a_damaged_autosave_is_moved_aside_and_kept(deck, data_dir, damage):
    good = autosave(deck, "good.json", 1, steps=5)
    autosave(deck, "bad.json", 2, steps=7)
    touch_order("good.json", "bad.json")
    bad = saves.games_dir() / "bad.json"
    damaged_text = damage(bad.read_text())
    bad.write_text(damaged_text)
    found = saves.find_resumable()
    assert found.session.decisions == good.decisions  # falls back to the older game
    (moved,) = found.set_aside
    assert moved.original == bad and not bad.exists()
    assert moved.kept_at.parent == data_dir / "damaged"
    assert moved.kept_at.read_text() == damaged_text  # kept byte for byte
    assert moved.message() == f"a damaged autosave was kept at {shorten(moved.kept_at)} ({moved.reason})"  # a long path cut
    assert "fresh" not in moved.message()  # the good game is going on: nothing starts fresh
    # A second damaged save with the same name never overwrites the first one kept.
    autosave(deck, "bad.json", 3, steps=2)
    (saves.games_dir() / "bad.json").write_text("{")
    again = saves.find_resumable().set_aside[0]
    assert again.kept_at != moved.kept_at and moved.kept_at.exists()


def test_a_record_from_a_newer_version_is_skipped_but_left_alone(deck, data_dir):
    autosave(deck, "new.json", 1, steps=3)
    path = saves.games_dir() / "new.json"
    data = json.loads(path.read_text())
    data["version"] = record.VERSION + 1
    path.write_text(json.dumps(data))
    found = saves.find_resumable()
    assert found.session is None and found.set_aside == []
    assert path.exists()


# -- pulling the plug ------------------------------------------------------------------------

CHILD = """
import random, sys
from pier18.engine import load_deck
from pier18.session import Session
from pier18.persist import autosave as saves

deck = load_deck()
game = 0
while True:
    sys.stdin.readline()  # each step waits for the test's go-ahead
    session = Session(deck, ["Ann", "Bob", "Cy"], game)
    saves.attach(session, saves.games_dir() / f"game-{game:04d}.json")
    print(f"saved {game} 0", flush=True)
    chooser = random.Random(game)
    while not session.game.is_terminal():
        sys.stdin.readline()
        session.apply(chooser.choice(session.game.legal_decisions()))
        print(f"saved {game} {len(session.decisions)}", flush=True)
    game += 1
"""


def expected_decisions(deck, game: int) -> list[str]:
    """What the child process decides in its game number `game` (same seeds, same choices)."""
    session = play(Session(deck, ["Ann", "Bob", "Cy"], game), game)
    return [str(d) for d in session.decisions]


@pytest.mark.parametrize("kill_after", [1, 17, 40, 77])
def test_sigkill_mid_game_loses_at_most_the_decision_being_made(deck, data_dir, kill_after):
    """The child takes one step (a new game's first save, or a decision and its save)
    each time the test says "go", and says when the step is saved; so the test knows
    exactly where it is, and kills it in the middle of the step after."""
    env = child_env(**{saves.DATA_DIR_ENV: str(data_dir)})
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True,
    )
    lines: list[str] = []
    try:
        for _ in range(kill_after):
            child.stdin.write("go\n")
            child.stdin.flush()
            lines.append(child.stdout.readline())
            assert lines[-1].startswith("saved "), child.stderr.read()
        child.stdin.write("go\n")  # the next step starts ...
        child.stdin.flush()
        os.kill(child.pid, signal.SIGKILL)  # ... and the plug is pulled
    finally:
        if child.poll() is None:
            child.kill()
        child.wait(timeout=60)
        for stream in (child.stdin, child.stdout, child.stderr):
            stream.close()
    assert child.returncode == -signal.SIGKILL
    _, game, made = lines[-1].split()
    game, made = int(game), int(made)

    for path in saves.autosaves():  # every autosave is whole and a true prefix of its game
        number = int(path.stem.split("-")[1])
        decisions = saved_decisions(path)
        assert decisions == expected_decisions(deck, number)[: len(decisions)]
        if number < game:
            assert decisions == expected_decisions(deck, number)
    last = saved_decisions(saves.games_dir() / f"game-{game:04d}.json")
    assert len(last) in (made, made + 1)  # at most the decision in flight differs

    found = saves.find_resumable()
    assert found.set_aside == []
    if found.session is not None:  # it is the newest unfinished game, exactly as saved
        assert [str(d) for d in found.session.decisions] == saved_decisions(found.path)
        expected = Game.replay(deck, 3, int(found.path.stem.split("-")[1]), found.session.decisions)
        assert found.session.game.returns() == expected.returns()
        assert found.session.game.current_player == expected.current_player
        saves.attach(found.session, found.path)
        play(found.session, 1)
        assert json.loads(found.path.read_text())["finished"] is True
    else:  # the kill came right after a game ended, before the next one was saved
        assert len(last) == len(expected_decisions(deck, game))


def test_resume_during_setup_is_at_the_next_players_choice(deck, data_dir):
    session = autosave(deck, "s.json", 4, steps=1)
    found = saves.find_resumable()
    assert found.session.game.phase is Phase.SETUP
    assert found.session.game.current_player == 1
    assert found.session.game.hands[1] == session.game.hands[1]


def test_autosaving_factory_saves_every_new_game_and_numbers_records(deck, data_dir, tmp_path):
    make = saves.autosaving(lambda names: Session(deck, names, 7), tmp_path / "night.json")
    first = make(["Ann", "Bob"])
    play(first, 1, steps=3)
    second = make(["Ann", "Bob"])
    play(second, 2, steps=2)
    assert len(saved_decisions(tmp_path / "night.json")) == 3
    assert len(saved_decisions(tmp_path / "night-2.json")) == 2
    assert sorted(len(saved_decisions(p)) for p in saves.autosaves()) == [2, 3]


def test_numbered_record_paths():
    assert saves.numbered(None, 1) is None
    assert saves.numbered("a/game.json", 1) == Path("a/game.json")
    assert saves.numbered("a/game.json", 3) == Path("a/game-3.json")
    assert saves.numbered("a/game", 2) == Path("a/game-2.json")


# -- saves written on a thread of their own (`persist.writer`) -----------------------------

#: Far above any load: a test that is right passes in milliseconds.
BOUND = 60.0


class Gate:
    """Stands in for `atomic_write` in `persist.autosave`: each write says it has started,
    then waits for the test's go-ahead (`allow`) before writing for real. `on_disk[n]` is
    the number of decisions the file held when write n (counted from 1) started."""

    def __init__(self) -> None:
        import threading

        self.changed = threading.Condition()
        self.started = 0
        self.allowed = 0
        self.finished = 0
        self.on_disk: dict[int, int | None] = {}

    def __call__(self, path, text, *args, **kwargs):
        with self.changed:
            self.started += 1
            number = self.started
            self.on_disk[number] = len(saved_decisions(path)) if path.exists() else None
            self.changed.notify_all()
            assert self.changed.wait_for(lambda: self.allowed >= number, BOUND), f"write {number} never allowed"
        written = atomic_write(path, text, *args, **kwargs)
        with self.changed:
            self.finished += 1
            self.changed.notify_all()
        return written

    def allow(self, count: int) -> None:
        with self.changed:
            self.allowed = count
            self.changed.notify_all()

    def wait(self, test) -> None:
        with self.changed:
            assert self.changed.wait_for(test, BOUND), "the writes never got there"


def until(test, what: str) -> None:
    """Wait for a state another thread brings about (bounded far above any load)."""
    import time

    end = time.monotonic() + BOUND
    while not test():
        assert time.monotonic() < end, f"never: {what}"
        time.sleep(0.005)


def gated_factory(deck, monkeypatch, seed: int = 7) -> tuple[Gate, saves.Autosaving]:
    gate = Gate()
    monkeypatch.setattr(saves, "atomic_write", gate)
    return gate, saves.autosaving(lambda names: Session(deck, names, seed), background=True)


def test_a_decision_returns_before_its_save_and_the_next_save_waits_for_it(deck, data_dir, monkeypatch):
    import threading

    gate, factory = gated_factory(deck, monkeypatch)
    gate.allow(1)
    session = factory(["Ann", "Bob"])  # a game's first save is on disk before it starts
    assert gate.finished == 1
    writer = factory.saver.writer
    (path,) = saves.autosaves()

    session.apply(session.game.legal_decisions()[0])  # returns with its save still to write
    gate.wait(lambda: gate.started == 2)
    assert gate.finished == 1 and writer.pending and saved_decisions(path) == []

    second = threading.Thread(target=session.apply, args=(session.game.legal_decisions()[0],))
    second.start()  # the next decision's save waits until the one before it is on disk
    until(lambda: writer.waiting or gate.started > 2, "the second save waited or started")
    assert gate.started == 2 and writer.waiting  # not two saves in flight
    gate.allow(2)
    second.join(BOUND)
    assert not second.is_alive()
    gate.wait(lambda: gate.started == 3)
    assert gate.on_disk[3] == 1  # the save before it was complete when it started

    gate.allow(3)
    factory.release()  # waits for the save in flight
    assert gate.finished == 3
    assert saved_decisions(path) == [str(d) for d in session.decisions] and len(session.decisions) == 2


def test_letting_go_of_a_game_waits_for_its_save_in_flight(deck, data_dir, monkeypatch):
    """Quitting (the app's exit, a crash, a stop signal: `Autosaving.release` after the
    app ends) writes the pending save before the lock goes and the process ends."""
    import threading

    from pier18.persist.lock import holder

    gate, factory = gated_factory(deck, monkeypatch)
    gate.allow(1)
    session = factory(["Ann", "Bob"])
    (path,) = saves.autosaves()
    session.apply(session.game.legal_decisions()[0])
    gate.wait(lambda: gate.started == 2)

    quitting = threading.Thread(target=factory.release)
    quitting.start()
    until(lambda: factory.saver.writer.waiting or not quitting.is_alive(), "release waited or ended")
    assert quitting.is_alive() and holder(path) is not None  # still this game's, still writing
    gate.allow(2)
    quitting.join(BOUND)
    assert not quitting.is_alive()
    assert saved_decisions(path) == [str(session.decisions[0])]
    assert holder(path) is None  # let go once written


def test_the_last_resort_ends_a_stuck_app_only_once_its_save_in_flight_is_written(deck, data_dir, monkeypatch):
    """An app stopped from outside that cannot end by itself is ended by its last resort
    (`tui.exits`), without `Autosaving.release`: that too writes the save in flight
    first, so the game on disk holds every decision made."""
    import threading

    from pier18.tui import exits

    gate, factory = gated_factory(deck, monkeypatch)
    gate.allow(1)
    session = factory(["Ann", "Bob"])
    (path,) = saves.autosaves()
    session.apply(session.game.legal_decisions()[0])
    gate.wait(lambda: gate.started == 2)
    ended: list[tuple[int, list[str]]] = []
    monkeypatch.setattr(exits.os, "_exit", lambda status: ended.append((status, saved_decisions(path))))

    ending = threading.Thread(target=exits.last_resort, args=(128 + signal.SIGHUP, BOUND))
    ending.start()
    until(lambda: factory.saver.writer.waiting or not ending.is_alive(), "the last resort waited or ended")
    assert ending.is_alive() and ended == []
    gate.allow(2)
    ending.join(BOUND)
    assert ended == [(128 + signal.SIGHUP, [str(session.decisions[0])])]
    factory.release()


def test_a_new_game_waits_for_the_last_save_of_the_one_before(deck, data_dir, monkeypatch):
    gate, factory = gated_factory(deck, monkeypatch)
    gate.allow(1)
    session = factory(["Ann", "Bob"])
    (path,) = saves.autosaves()
    session.apply(session.game.legal_decisions()[0])
    gate.wait(lambda: gate.started == 2)
    gate.allow(3)  # its save, then the new game's first
    factory(["Ann", "Bob"])
    assert saved_decisions(path) == [str(session.decisions[0])]
    assert len(saves.autosaves()) == 2


def test_a_save_that_fails_on_the_writers_thread_is_still_a_notice(deck, data_dir, monkeypatch):
    told: list[str] = []
    factory = saves.autosaving(lambda names: Session(deck, names, 7), on_error=told.append, background=True)
    session = factory(["Ann", "Bob"])

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves, "atomic_write", full)
    session.apply(session.game.legal_decisions()[0])
    factory.flush()
    assert len(told) == 1 and "No space left on device" in told[0]
    assert factory.saver.error == told[0]
    factory.release()


CHILD_GATED = """
import json, random, sys, threading
from pier18.engine import load_deck
from pier18.session import Session
from pier18.persist import autosave as saves

go = threading.Semaphore(0)
real = saves.atomic_write

def say(line):
    sys.stdout.write(line + "\\n")
    sys.stdout.flush()

def gated(path, text, *args, **kwargs):
    count = len(json.loads(text)["decisions"])
    say(f"writing {count}")
    go.acquire()  # the test's "write"
    written = real(path, text, *args, **kwargs)
    say(f"written {count}")
    return written

saves.atomic_write = gated
factory = saves.autosaving(lambda names: Session(load_deck(), names, 5), background=True)
go.release()
session = factory(["Ann", "Bob", "Cy"])
chooser = random.Random(5)
decide = threading.Semaphore(0)

def read():  # a "write" is let through even while a decision waits for a save
    for line in sys.stdin:
        if line == "write\\n":
            go.release()
        elif line == "decide\\n":
            decide.release()

threading.Thread(target=read, daemon=True).start()
while True:
    decide.acquire()
    session.apply(chooser.choice(session.game.legal_decisions()))
    say(f"decided {len(session.decisions)}")
"""


@pytest.mark.parametrize(
    "last, kept",
    [
        (["decide"], "before"),  # killed with the save in flight, not yet written
        (["decide", "decide"], "before"),  # and the next decision waiting for it
        (["decide", "write"], "either"),  # killed while (or just after) it is written
        (["decide", "decide", "write", "wait"], "first"),  # the first written, the next in flight
    ],
)
def test_sigkill_between_the_key_and_its_save_keeps_a_whole_game(deck, data_dir, last, kept):
    """The child makes decisions whose saves are written on the writer's thread, each
    only when the test says "write"; it is killed with a save in flight. The file holds
    the game before that decision or after it, whole, and every save the child said was
    written is there."""
    import threading

    env = child_env(**{saves.DATA_DIR_ENV: str(data_dir)})
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD_GATED],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True,
    )
    seen: list[str] = []
    said = threading.Condition()

    def read() -> None:  # every line the child says, as it says it
        for line in child.stdout:
            with said:
                seen.append(line.strip())
                said.notify_all()
        with said:
            seen.append("(ended)")
            said.notify_all()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()

    def expect(line: str) -> None:
        with said:
            assert said.wait_for(lambda: line in seen or "(ended)" in seen, BOUND), f"never said {line!r}: {seen}"
        assert line in seen, f"ended before saying {line!r}: {seen}"

    def send(line: str) -> None:
        child.stdin.write(line + "\n")
        child.stdin.flush()

    steps = 6
    try:
        expect("written 0")
        for made in range(1, steps + 1):
            send("decide")
            expect(f"writing {made}")
            send("write")
            expect(f"written {made}")
        decided = steps
        for word in last:
            if word == "decide":
                send("decide")
                decided += 1
                if decided == steps + 1:
                    expect(f"decided {decided}")
                    expect(f"writing {decided}")  # its save is in flight, held back
            elif word == "write":
                send("write")
            elif word == "wait":
                expect(f"written {steps + 1}")
                expect(f"writing {steps + 2}")
        os.kill(child.pid, signal.SIGKILL)
    finally:
        if child.poll() is None:
            child.kill()
        child.wait(timeout=BOUND)
        reader.join(BOUND)
        for stream in (child.stdin, child.stdout, child.stderr):
            stream.close()
    assert child.returncode == -signal.SIGKILL

    chooser, session = random.Random(5), Session(deck, ["Ann", "Bob", "Cy"], 5)
    for _ in range(steps + 2):
        session.apply(chooser.choice(session.game.legal_decisions()))
    expected = [str(d) for d in session.decisions]
    (path,) = saves.autosaves()
    on_disk = saved_decisions(path)  # whole: it parses, and the game loads
    assert record.load(path).decisions == session.decisions[: len(on_disk)]
    answered = max(int(line.split()[1]) for line in seen if line.startswith("written"))
    assert len(on_disk) >= answered  # a save said to be written is never lost
    allowed = {"before": [steps], "either": [steps, steps + 1], "first": [steps + 1]}[kept]
    assert len(on_disk) in allowed and on_disk == expected[: len(on_disk)]


async def test_the_next_screen_is_drawn_while_the_save_is_still_being_written(deck, data_dir, monkeypatch):
    """The app goes on to the next screen with the decision's save held back on the
    writer's thread; once the app ends, letting go of the game (as `pier18 play` does)
    writes that save before the lock goes."""
    import asyncio
    import threading

    from pier18.persist.lock import holder
    from pier18.tui.app import Pier18App

    gate, factory = gated_factory(deck, monkeypatch, seed=5)
    gate.allow(1)  # the game's first save
    app = Pier18App(2, factory, names=["Ann", "Bob"], bot_pause=0.0)

    async def shows(name: str) -> None:
        loop = asyncio.get_running_loop()
        end = loop.time() + BOUND
        while type(app.screen).__name__ != name or not app.drawn():
            assert loop.time() < end, f"expected {name}, the app shows {type(app.screen).__name__}"
            await asyncio.sleep(0.01)

    async with app.run_test(size=(120, 40)) as pilot:
        await shows("PassScreen")
        await pilot.press("enter")
        await shows("KeepScreen")
        await pilot.press("enter", "enter")  # Ann keeps her Plan and Foundation: a decision
        assert len(app.session.decisions) == 1
        await shows("PassScreen")  # Bob's turn is on screen and drawn ...
        assert gate.started == 2 and gate.finished == 1  # ... while Ann's save waits to be written
        (path,) = saves.autosaves()
        assert saved_decisions(path) == []
        await pilot.press("ctrl+q")
        await shows("QuitScreen")
        await pilot.press("y")
    ending = threading.Thread(target=factory.release)  # what `pier18 play` does once the app has ended
    ending.start()
    until(lambda: factory.saver.writer.waiting or not ending.is_alive(), "release waited or ended")
    assert ending.is_alive() and holder(path) is not None
    gate.allow(2)
    ending.join(BOUND)
    assert saved_decisions(path) == [str(app.session.decisions[0])] and holder(path) is None


def test_a_deck_inside_many_records_is_read_once_and_a_broken_one_blamed_on_each(deck, tmp_path):
    """Every save carries its deck: it is parsed once per process (the same Deck object
    for every record holding it; its text still checked against the sha256 in each), and
    a deck inside a record that does not parse is never kept: each record holding it
    gets its own error line, naming that record."""
    import hashlib

    from pier18.persist import record

    session = Session(deck, ["Ann", "Bob"], 4)
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    record.save(session, one)
    record.save(session, two)
    first, second = record.load(one), record.load(two)
    assert first.deck is second.deck and record.deck_came_inside(first.deck)
    data = json.loads(one.read_text())
    broken = data["deck"]["toml"].replace("[[cards]]", "[[cards]]\nid = 'x'", 1)
    assert broken != data["deck"]["toml"]
    data["deck"].update(toml=broken, sha256=hashlib.sha256(broken.encode()).hexdigest())
    for path in (one, two):
        path.write_text(json.dumps(data))
    for path in (one, two):
        with pytest.raises(record.RecordError) as error:
            record.load(path)
        assert path.name in str(error.value)
