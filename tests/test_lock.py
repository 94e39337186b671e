"""One game, one writer: the lock a playing process holds, seen from another process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from pier18.cli import main
from pier18.persist import autosave as saves
from pier18.persist.lock import GameLock, GameLocked, holder
from pier18.persist.session import Session
from pier18.tui.app import Pier18App

SRC = Path(__file__).resolve().parents[1] / "src"

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

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


def test_a_second_resume_of_the_same_game_offers_the_others(deck, child_playing, monkeypatch, capsys):
    child, locked_path = child_playing
    other = saved_game(deck, "two.json", 2)
    numbers = [g.path for g in saves.saved_games()]
    seen = {}

    def fake_run(app: Pier18App, *args, **kwargs):
        seen["session"] = app.session
        seen["offer"] = app.resume_offer

    monkeypatch.setattr(Pier18App, "run", fake_run)
    assert main(["play", "--resume", str(numbers.index(locked_path) + 1)]) == 0
    assert seen["session"] is None  # not played twice
    offer = seen["offer"]
    assert [g.path for g in offer.free] == [other]
    assert offer.notices == [f"one.json: this game is open in another terminal (pid {child.pid})"]


def test_the_lock_is_let_go_when_the_next_game_starts(deck):
    factory = saves.autosaving(lambda names: Session(deck, names, 3))
    first = factory(["Ann", "Bob"])
    first_path = factory.lock.save
    assert holder(first_path) == os.getpid()
    factory(["Ann", "Bob"])
    assert holder(first_path) is None and holder(factory.lock.save) == os.getpid()
    factory.release()
    assert first.game is not None
