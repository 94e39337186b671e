"""Clean exits: a join the host refuses is bad input (one line, exit status 2), and no
command writes screen-control codes where its output is not a terminal.

The apps draw on standard error and read keys on standard input (Textual's way). Into a
pipe or a file a screen is nothing but escape codes, so `play`, `learn`, `join`, `host`
and `replay` go on in plain lines instead. Each child here
gets a pseudo-terminal as its standard input, as from a shell, and pipes for its
output (`2>&1 | cat -v`), so only the output is not a terminal.
"""

from __future__ import annotations

import asyncio
import os
import pty
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from helpers import child_env
from net_support import WAIT, new_table, open_host
from pier18.persist import record
from pier18.session import Session
from terminal import Terminal

pytestmark = pytest.mark.skipif(os.name != "posix", reason="pseudo-terminals")

ESC = b"\x1b"
#: What Textual writes first when it takes a terminal over: the alternate screen.
APP_STARTED = b"\x1b[?1049h"


def unused_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def piped(argv: list[str], data_dir: Path, until: bytes | None = None) -> tuple[int | None, bytes]:
    """`pier18 ARGV 2>&1 | cat` with a terminal for standard input: the exit status and
    everything written. With `until`, read until it appears, then stop the process (None)."""
    master, slave = pty.openpty()
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "pier18", *argv, stdin=slave, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT, env=child_env(PIER18_DATA_DIR=str(data_dir), TERM="xterm-256color"),
        start_new_session=True,
    )
    os.close(slave)
    out = b""
    try:
        async with asyncio.timeout(WAIT):  # a command that hangs fails here
            while until is None or until not in out:
                chunk = await proc.stdout.read(65536)
                if not chunk:
                    break
                out += chunk
            if until is not None and until in out:
                proc.kill()
            return (await proc.wait()) if until is None else None, out
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        os.close(master)


def one_error_line(out: bytes) -> str:
    """The output's only `pier18:` line (an error is one line), checked for escape codes."""
    assert ESC not in out and b"\x07" not in out, out
    text = out.decode()
    errors = [line for line in text.splitlines() if line.startswith("pier18: ")]
    assert len(errors) == 1 and "Traceback" not in text, text
    return errors[0]


@pytest.mark.parametrize("refusal", ["wrong code", "no host", "no room"])
async def test_a_refused_join_exits_2_and_writes_no_escape_code_when_piped(tmp_path, refusal):
    """The brief's `pier18 join 127.0.0.1:1 BAD 2>&1 | cat -v` and its kin: one line
    saying why, exit status 2, not one escape code (it used to print a whole screen of
    them before its line)."""
    host = None
    if refusal == "no host":
        port = unused_port()
    else:
        host = await open_host(new_table(2, 3), max_connections=0 if refusal == "no room" else 256)
        port = host.port
    try:
        status, out = await piped(["join", f"127.0.0.1:{port}", "AAAA-BBBB-CCCC-DDDD"], tmp_path / "data")
    finally:
        if host is not None:
            await host.close()
    assert status == 2, out
    line = one_error_line(out)
    assert line == {
        "wrong code": "pier18: the host refused: wrong code",
        "no room": "pier18: the host refused: too many connections",
        "no host": line,
    }[refusal]
    assert "cannot be reached" in line or refusal != "no host"


def test_a_refused_join_at_a_terminal_exits_2_before_drawing_anything(tmp_path):
    """At a real terminal: the host is asked first, so a wrong code never opens the
    game's screen; one line, exit status 2."""
    env = child_env(PIER18_DATA_DIR=str(tmp_path / "host"))
    host = subprocess.Popen(
        [sys.executable, "-m", "pier18", "host", "--no-seat", "--port", "0", "--bind", "127.0.0.1",
         "--names", "Ann,Bob", "--seed", "7"],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, start_new_session=True,
    )
    seat = None
    try:
        first = host.stdout.readline().decode()
        port = int(re.search(r"port (\d+)", first).group(1))
        seat = Terminal(["join", f"127.0.0.1:{port}", "AAAA-BBBB-CCCC-DDDD"], tmp_path / "data")
        status = seat.read_to_end()
    finally:
        if seat is not None:
            seat.kill()
        host.kill()
        host.wait(timeout=30)
        host.stdout.close()
    assert status == 2
    assert APP_STARTED not in seat.output
    assert seat.output.decode() == "pier18: the host refused: wrong code\r\n"


@pytest.fixture
def a_record(tmp_path, deck) -> str:
    session = Session(deck, ["Ann", "Bob"], 5)
    for _ in range(4):
        session.apply(session.game.legal_decisions()[0])
    path = tmp_path / "game.json"
    record.save(session, path)
    return str(path)


@pytest.mark.parametrize("argv", [["play", "--players", "2", "--bots", "1"], ["play", "--resume"]], ids=["play", "resume"])
async def test_a_game_whose_output_is_not_a_terminal_is_played_in_plain_lines(tmp_path, a_record, argv):
    """Said once why, then the game in plain lines, as with --lines: no escape code, and
    a resumed game is told from its start."""
    data_dir = tmp_path / "data"
    if argv == ["play", "--resume"]:  # a game to resume: it goes on in lines
        saved = data_dir / "games" / "game.json"
        saved.parent.mkdir(parents=True)
        saved.write_bytes(Path(a_record).read_bytes())
    status, out = await piped(argv, data_dir, until=b"your move")
    assert status is None and ESC not in out and b"\x07" not in out, out
    lines = out.decode().splitlines()
    assert lines[0] == "standard error is not a terminal: playing in plain lines, as with --lines", lines
    assert "Pier 18 in plain lines: type help for the commands." in lines[1:3], lines
    if argv == ["play", "--resume"]:
        assert "The game so far:" in lines


async def test_a_replay_whose_output_is_not_a_terminal_is_stepped_through_in_plain_lines(tmp_path, a_record):
    """Said once why, then the replay in plain lines, as with --lines; no escape code."""
    status, out = await piped(["replay", a_record], tmp_path / "data", until=b"Decision 0 of 4;")
    assert status is None and ESC not in out and b"\x07" not in out, out
    assert out.decode().splitlines()[:3] == [
        "standard error is not a terminal: playing in plain lines, as with --lines",
        "Pier 18 replay in plain lines: Enter says the next decision; type help for the commands.",
        "Decision 0 of 4; set-up, Ann to choose.",
    ]


async def test_join_and_host_play_in_plain_lines_when_their_output_is_not_a_terminal(tmp_path):
    """The seat is played in plain lines, as with --lines, said once; no escape code."""
    host_status, host_out = await piped(
        ["host", "--players", "2", "--bots", "1", "--level", "random", "--port", "0", "--bind", "127.0.0.1",
         "--names", "Ann", "--seed", "4"],
        tmp_path / "host", until=b"your move: type it as",
    )
    assert host_status is None and ESC not in host_out and b"\x07" not in host_out, host_out
    assert b"standard error is not a terminal: playing in plain lines, as with --lines" in host_out

    session = new_table(2, 6)
    table = await open_host(session)
    try:
        status, out = await piped(["join", f"127.0.0.1:{table.port}", session.codes.seats[0]], tmp_path / "data",
                                  until=b"your move: type it as")
    finally:
        await table.close()
    assert status is None and ESC not in out and b"\x07" not in out, out
    lines = out.decode().splitlines()
    assert lines[:3] == [f"connecting to ws://127.0.0.1:{table.port}/…",
                         "standard error is not a terminal: playing in plain lines, as with --lines",
                         f"connected to ws://127.0.0.1:{table.port}/"]
