"""SIGTERM, SIGHUP and SIGINT sent from outside to a running app (`kill`, a terminal
window closed), in every app: play, replay, join and the host's own seat.

Each runs on a pseudo-terminal and everything it writes is read. At the signal it must
give the terminal back as it found it (the main screen again, mouse tracking,
bracketed paste and focus reports off, the cursor shown), say in one line what
stopped it, exit with 128 + the signal's number, and leave its game where the last
decision put it, free to be resumed.
"""

from __future__ import annotations

import asyncio
import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from helpers import child_env
from pier18.net.client import Client
from pier18.persist import autosave as saves
from pier18.persist import record
from pier18.persist.lock import holder, lock_path
from pier18.session import Session
from pier18.tui import exits
from terminal import Terminal, decisions, play_until, saved

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX signals and pseudo-terminals")

#: What an app turns on when it takes the terminal, and what turns each off again, as
#: Textual's driver writes them.
MODES = {
    "the alternate screen": (b"\x1b[?1049h", b"\x1b[?1049l"),
    "mouse tracking": (b"\x1b[?1000h", b"\x1b[?1000l"),
    "all mouse motion": (b"\x1b[?1003h", b"\x1b[?1003l"),
    "SGR mouse reports": (b"\x1b[?1006h", b"\x1b[?1006l"),
    "bracketed paste": (b"\x1b[?2004h", b"\x1b[?2004l"),
    "focus reports": (b"\x1b[?1004h", b"\x1b[?1004l"),
    "a hidden cursor": (b"\x1b[?25l", b"\x1b[?25h"),
}


def assert_terminal_given_back(output: bytes, signalled_at: int) -> None:
    """Every mode the app turned on is turned off after the signal, and stays off."""
    for mode, (on, off) in MODES.items():
        assert on in output[:signalled_at], f"the app never turned on {mode}: the test proves nothing"
        assert off in output[signalled_at:], f"{mode} left on"
        assert output.rindex(off) > output.rindex(on), f"{mode} turned on again"


def after_signal(terminal: Terminal, signalled_at: int) -> str:
    text = terminal.output[signalled_at:].decode(errors="replace")
    assert "Traceback" not in terminal.output.decode(errors="replace")
    return text


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_signal_mid_game_gives_the_terminal_back_and_keeps_the_game(tmp_path, monkeypatch, name):
    number = getattr(signal, name)
    data_dir = tmp_path / "data"
    game = Terminal(["play", "--players", "2", "--names", "Ann,Bob", "--seed", "3"], data_dir)
    try:
        before = play_until(game, data_dir, 2)
        signalled_at = len(game.output)
        game.send(number)
        status = game.read_to_end()
    finally:
        game.kill()
    assert status == 128 + number
    assert_terminal_given_back(game.output, signalled_at)
    said = after_signal(game, signalled_at)
    (path,) = saved(data_dir)
    assert f"pier18: stopped by {name}. Your game is saved: 'pier18 play --resume {path}' goes on with it." in said
    assert decisions(path) == before
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(data_dir))
    found = saves.find_resumable()  # what 'pier18 play --resume' goes on with: free, not locked
    assert [free.path for free in found.free] == [path]
    assert [str(d) for d in found.free[0].session.decisions] == before
    assert not lock_path(path).exists()  # let go of, and its file with it


def test_a_window_closed_mid_game_ends_it_saved_and_free_to_resume_at_once(tmp_path):
    """The window is closed (its terminal hung up: SIGHUP, and every write fails from
    then on): the game's process ends by itself, its autosave holding every decision the
    screen answered, and a `play --resume` started that very moment
    goes on with the game (it never finds it "open in another terminal")."""
    data_dir = tmp_path / "data"
    game = Terminal(["play", "--players", "2", "--names", "Ann,Bob", "--seed", "3"], data_dir, window=True)
    resumed = None
    try:
        before = play_until(game, data_dir, 3)
        (path,) = saved(data_dir)
        game.close_window()
        resumed = Terminal(["play", "--resume"], data_dir)  # the player's next window, at once
        resumed.read_until(b"Going on with")
        status = game.process.wait(timeout=60)
    finally:
        game.kill()
        if resumed is not None:
            resumed.kill()
    assert b"open in another terminal" not in resumed.output and b"Traceback" not in resumed.output
    assert status == 128 + signal.SIGHUP
    assert decisions(path) == before and len(before) == 3
    assert saved(data_dir) == [path]  # the resumed game goes on in the same file


@pytest.mark.parametrize("app", ["play", "learn", "replay", "host"])
def test_a_window_closed_under_any_app_ends_it_at_once_and_lets_go_of_its_game(tmp_path, deck, app):
    """Every app ends by itself when its window is closed, with 129, letting go of its
    game: not by its last resort (`exits.GONE`), which would leave its lock files behind."""
    data_dir = tmp_path / "data"
    path = tmp_path / "game.json"
    record.save(Session(deck, ["Ann", "Bob"], 5), path)
    args, shown = {
        "play": (["play", "--players", "2", "--names", "Ann,Bob"], b"Pass the laptop"),
        "learn": (["learn"], b"Go on"),
        "replay": (["replay", str(path)], b"Replay  decision"),
        "host": (["host", "--seats", "human,random", "--names", "Ann", "--port", "0", "--bind", "127.0.0.1"],
                 b"First keep one as your"),
    }[app]
    window = Terminal(args, data_dir, window=True)
    try:
        window.read_until(shown)
        window.read_reply()
        window.close_window()
        status = window.process.wait(timeout=exits.LAST_RESORT / 2)
    finally:
        window.kill()
    assert status == 128 + signal.SIGHUP
    assert not list(tmp_path.rglob("*.lock"))  # let go of, files and all
    assert all(holder(game) is None for game in saved(data_dir))


def test_a_replay_stopped_by_a_signal_gives_the_terminal_back(tmp_path, deck):
    session = Session(deck, ["Ann", "Bob"], 5)
    for _ in range(6):
        session.apply(session.game.legal_decisions()[0])
    path = tmp_path / "game.json"
    record.save(session, path)
    kept = path.read_bytes()
    replay = Terminal(["replay", str(path)], tmp_path / "data")
    try:
        replay.read_until(b"Replay  decision")
        replay.read_reply()
        signalled_at = len(replay.output)
        replay.send(signal.SIGHUP)
        status = replay.read_to_end()
    finally:
        replay.kill()
    assert status == 128 + signal.SIGHUP
    assert_terminal_given_back(replay.output, signalled_at)
    assert "pier18: stopped by SIGHUP.\r\n" in after_signal(replay, signalled_at)
    assert path.read_bytes() == kept


def test_ctrl_c_typed_in_the_app_is_a_key_not_a_signal(tmp_path, deck):
    """In the app's terminal Ctrl+C is a key (Textual says how to quit), not SIGINT: the
    app goes on, and quitting then is the ordinary exit, status 0, no line."""
    path = tmp_path / "game.json"
    record.save(Session(deck, ["Ann", "Bob"], 5), path)
    replay = Terminal(["replay", str(path)], tmp_path / "data")
    try:
        replay.read_until(b"Replay  decision")
        os.write(replay.master, b"\x03")
        replay.read_until(b"to quit the app")
        os.write(replay.master, b"q")
        status = replay.read_to_end()
    finally:
        replay.kill()
    assert status == 0
    assert b"stopped by" not in replay.output and b"Traceback" not in replay.output


def host_lines(proc: subprocess.Popen, limit: float = 60) -> list[str]:
    """What a `pier18 host --no-seat` printed, up to its spectator code (read as it
    comes, unbuffered: a line only in a buffer would never wake `select`)."""
    text = b""
    end = time.monotonic() + limit
    while b"to watch:" not in text or not text.endswith(b"\n"):
        ready, _, _ = select.select([proc.stdout], [], [], max(0, end - time.monotonic()))
        chunk = os.read(proc.stdout.fileno(), 65536) if ready else b""
        assert chunk, f"the host stopped or said nothing: {text!r}"
        text += chunk
    return text.decode().splitlines()


async def test_a_seat_stopped_by_a_signal_gives_the_terminal_back_and_the_seat_is_kept(tmp_path):
    env = child_env(PIER18_DATA_DIR=str(tmp_path / "host-data"))
    host = subprocess.Popen(
        [sys.executable, "-m", "pier18", "host", "--no-seat", "--port", "0", "--bind", "127.0.0.1",
         "--seats", "human,random", "--names", "Ann", "--seed", "7"],  # Ann is all the lobby waits for
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, bufsize=0, env=env,
        start_new_session=True,
    )
    seat = None
    try:
        lines = host_lines(host)
        port = int(re.search(r"port (\d+)", lines[0]).group(1))
        code = next(re.search(r"(\S+)$", line).group(1) for line in lines if line.startswith("  Ann:"))
        seat = Terminal(["join", f"127.0.0.1:{port}", code], tmp_path / "data")
        seat.read_until(b"First keep one as your")
        seat.read_reply()
        signalled_at = len(seat.output)
        seat.send(signal.SIGINT)
        status = seat.read_to_end()

        async def back() -> tuple[int, bool]:  # the seat is kept: its code plays it again
            client = Client(f"127.0.0.1:{port}", code, min_backoff=0.05).start()
            try:
                state = await client.wait_for(lambda s: client.connected)
                return state.turn, state.my_turn
            finally:
                await client.close()

        assert await asyncio.wait_for(back(), 40) == (0, True)
    finally:
        if seat is not None:
            seat.kill()
        host.kill()
        host.wait(timeout=30)
        host.stdout.close()
    assert status == 128 + signal.SIGINT
    assert_terminal_given_back(seat.output, signalled_at)
    said = after_signal(seat, signalled_at)
    assert "pier18: stopped by SIGINT. The game goes on at the host: join again with the same code." in said


def test_the_host_stopped_by_a_signal_closes_the_table_and_keeps_it(tmp_path):
    data_dir = tmp_path / "data"
    table = Terminal(["host", "--seats", "human,human", "--names", "Ann,Bob", "--seed", "9", "--port", "0",
                      "--bind", "127.0.0.1"], data_dir)
    bob = None
    try:
        table.read_until(b"to watch:")  # printed before the app: Bob's line, then the lobby
        address, code = re.search(rb"Bob: pier18 join (\S+) (\S+)", table.output).groups()
        bob = subprocess.Popen(  # Bob joins, so the game starts, and never decides
            [sys.executable, "-m", "pier18", "join", "--lines", address.decode(), code.decode()],
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=child_env(),
        )
        table.read_until(b"First keep one as your")
        before = play_until(table, data_dir, 1)  # the host's own set-up choice; Bob has not chosen
        signalled_at = len(table.output)
        table.send(signal.SIGTERM)
        status = table.read_to_end()
    finally:
        table.kill()
        if bob is not None:
            bob.kill()
            bob.wait(timeout=30)
            bob.stdin.close()
    assert status == 128 + signal.SIGTERM
    assert_terminal_given_back(table.output, signalled_at)
    said = after_signal(table, signalled_at)
    (path,) = saved(data_dir)
    again = re.escape(f"pier18 host --resume {path} --port ") + r"\d+" + re.escape(" --bind 127.0.0.1")  # the port it had
    assert re.search(f"pier18: stopped by SIGTERM. The table is saved: '{again}' opens it again.", said)
    assert re.search(f"The table is closed; '{again}' opens it again with the same codes.", said)
    assert decisions(path) == before and len(before) == 1
    assert holder(path) is None and not lock_path(path).exists()
    assert [str(d) for d in record.load(path).decisions] == before


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP"])
def test_a_table_without_a_seat_stopped_by_a_signal_keeps_it_and_leaves_no_lock_file(tmp_path, name):
    """`pier18 host --no-seat` runs as a service would, and is stopped as one is: it says
    how to open the table again, exits with 128 + the signal and lets go of its game."""
    number = getattr(signal, name)
    env = child_env(PIER18_DATA_DIR=str(tmp_path / "data"))
    host = subprocess.Popen(
        [sys.executable, "-m", "pier18", "host", "--no-seat", "--port", "0", "--bind", "127.0.0.1",
         "--names", "Ann,Bob", "--seed", "7"],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, bufsize=0, env=env,
        start_new_session=True,
    )
    try:
        lines = host_lines(host)
        save = Path(re.search(r"autosave: (\S+)", lines[0]).group(1))
        assert holder(save) == host.pid
        host.send_signal(number)
        status = host.wait(timeout=60)
        said = host.stdout.read().decode()
    finally:
        if host.poll() is None:
            host.kill()
        host.wait(timeout=30)
        host.stdout.close()
    assert status == 128 + number
    assert f"pier18: the table is saved; 'pier18 host --resume {save} --port " in said and "Traceback" not in said
    assert holder(save) is None and not lock_path(save).exists()
