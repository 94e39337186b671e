"""The end of the input is 'quit' in every plain-line front end, read one way
(`pier18.lines.typed.TypedLines`).

Every `--lines` seat (`play`, `learn`, `replay`, `join`, `join --watch`, `host`; the
club's in tests/club/test_club_lines.py) ends, status 0, when its input ends: a pipe or
file read to its end, a standard input closed at start, Ctrl+D at a terminal, also
after some letters on the line (that last line answered first). What was played is
kept: the game saved, a seat at a table left as 'quit' leaves it (away, its code
bringing it back). Real processes where the mechanism needs one: the thread that reads
standard input for a networked seat (`join`), the host's own seat closing its table
(`host --lines`), and a terminal's Ctrl+D (`play` on a pseudo-terminal); the rest in
this process. Each bound is a generous last resort: a front end that keeps reading
after the end hangs there and fails.
"""

from __future__ import annotations

import asyncio
import io
import os
import pty
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from helpers import child_env
from net_support import WAIT, client, new_table, open_host
from test_join_lines import Screen, until_said
from test_learn_lines import SCRIPT

from pier18 import cli, i18n
from pier18.engine import PlayerView, load_deck
from pier18.lines.seat import LineSeat
from pier18.lines.typed import MAX_LINE, TypedLines
from pier18.persist import record
from pier18.persist.lock import holder
from pier18.session import Session

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX pipes and pseudo-terminals")

MOVE = re.compile(r"^\s*(keep \d+ \d+|draft \d+:\d+|plan \d+)\b")
LEFT = "Left the table; join again with the same code to come back to your seat."


class Terminal:
    """A standard input as a terminal gives it: the lines typed, then the end (an empty
    read, or a last line without its end: Ctrl+D after some letters), and after that a
    terminal would wait for more; reading it again fails the test instead of hanging."""

    def __init__(self, *lines: str) -> None:
        self.lines = list(lines)
        self.ended = False

    def readline(self, size: int = -1) -> str:
        assert not self.ended, "read again after the input ended: at a terminal this waits for ever"
        if not self.lines:
            self.ended = True
            return ""
        line = self.lines.pop(0)
        self.ended = not line.endswith("\n")
        return line


# -- the reader ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "typed, lines",
    [
        ("", []),
        ("help\n", ["help"]),
        ("help", ["help"]),  # Ctrl+D after some letters, or a file without its last line end
        ("  hand  \r\n\nrow", ["hand", "", "row"]),
    ],
    ids=["nothing", "one line", "no line end", "spaces, Enter, no end"],
)
def test_the_lines_then_the_end_for_good(typed, lines):
    stream = Terminal(*io.StringIO(typed).readlines())
    reader = TypedLines(stream)
    assert [reader.next() for _ in lines] == lines
    assert [reader.next(), reader.next(), reader.next()] == [None, None, None]


def test_a_standard_input_closed_at_start_is_the_end(monkeypatch):
    monkeypatch.setattr(sys, "stdin", None)
    assert TypedLines().next() is None


def test_bytes_that_are_no_text_are_read_as_a_character_not_the_end():
    stream = io.TextIOWrapper(io.BytesIO(b"\xff\xfehelp\nquit\n"), encoding="utf-8", errors="strict")
    reader = TypedLines(stream)
    assert [reader.next(), reader.next(), reader.next()] == ["\ufffd\ufffdhelp", "quit", None]


def test_a_very_long_line_is_cut_and_the_next_one_read_whole():
    reader = TypedLines(io.StringIO("x" * (3 * MAX_LINE + 7) + "\nhelp\n"))
    assert reader.next() == "x" * MAX_LINE
    assert [reader.next(), reader.next()] == ["help", None]


@pytest.mark.parametrize("keys, lines", [(b"help\n\x04", ["help"]), (b"he\x04\x04", ["he"])], ids=["Ctrl+D", "Ctrl+D mid-line"])
def test_ctrl_d_at_a_real_terminal_ends_the_input_and_it_is_not_read_again(keys, lines):
    """On a pseudo-terminal: Ctrl+D on an empty line is an empty read; after some letters
    the first hands them over and the second ends the line without its end. Either way
    the input has ended, though the terminal would give more (typed after)."""
    master, slave = pty.openpty()
    stream = open(slave, encoding="utf-8", closefd=True)
    try:
        os.write(master, keys)
        reader = TypedLines(stream)
        got: list[str | None] = []
        reading = threading.Thread(target=lambda: got.extend(reader.next() for _ in range(len(lines) + 2)), daemon=True)
        reading.start()
        reading.join(WAIT)
        assert not reading.is_alive(), f"still reading after {got}: waiting at the terminal"
        assert got == [*lines, None, None]
        os.write(master, b"late\n")
        assert reader.next() is None
    finally:
        os.close(master)
        stream.close()


async def test_waited_for_in_asyncio_the_end_stays_the_end():
    reader = TypedLines(io.StringIO("hand\nrow"))
    got = [await asyncio.wait_for(reader.get(), WAIT) for _ in range(4)]
    assert got == ["hand", "row", None, None]


# -- the front ends held here: play, learn, replay -----------------------------------------


def first_keep(players: int, seed: int, seats: list[str]) -> str:
    """The first set-up choice `play --seed SEED` deals the first seat."""
    session = Session(load_deck(), ["Player 1", "x"][:players], seed, seats=seats)
    return str(PlayerView.of(session.game, 0).legal[0])


INPUTS = ["ended", "closed", "no line end", "terminal"]


def typed_in(kind: str, *lines: str):
    """Standard input holding `lines`: read to its end (a pipe), closed at start (None:
    no line at all), the last line without its end, or a terminal ended by Ctrl+D after
    the last line's letters."""
    if kind == "closed":
        return None
    if kind == "ended":
        return io.StringIO("".join(line + "\n" for line in lines))
    if kind == "no line end":
        return io.StringIO("\n".join(lines))
    return Terminal(*(line + "\n" for line in lines[:-1]), lines[-1])  # Ctrl+D twice after the last


def command_line(argv: list[str], stdin) -> tuple[int, list[str]]:
    out = io.StringIO()
    saved = sys.stdin, sys.stdout
    sys.stdin, sys.stdout = stdin, out
    try:
        status = cli.main(argv)
    finally:
        sys.stdin, sys.stdout = saved
    return status, out.getvalue().splitlines()


@pytest.mark.parametrize("kind", INPUTS)
def test_play_lines_stops_saved_at_the_end_of_its_input(tmp_path, kind):
    keep = first_keep(2, 3, ["human", "hard"])
    status, lines = command_line(["play", "--lines", "--players", "2", "--bots", "1", "--seed", "3"], typed_in(kind, "help", keep))
    assert status == 0
    (save,) = (tmp_path / "pier18-data" / "games").glob("*.json")
    assert lines[-1] == f"Your game is saved: 'pier18 play --resume {save} --lines' goes on with it."
    assert holder(save) is None  # its lock let go
    assert [str(d) for d in record.load(save).decisions][:1] == ([] if kind == "closed" else [keep])


@pytest.mark.parametrize("kind", INPUTS)
def test_learn_lines_stops_saved_at_the_end_of_its_input(tmp_path, kind):
    keep = SCRIPT.keep()
    status, lines = command_line(["learn", "--lines"], typed_in(kind, "next", f"keep {keep.plan} {keep.foundation}"))
    assert status == 0
    assert lines[-1] == "Your lesson is saved: 'pier18 learn --lines' goes on with it."
    save = tmp_path / "pier18-data" / "lesson" / "lesson.json"
    assert holder(save) is None
    assert len(record.load(save).decisions) == (0 if kind == "closed" else 2)  # the learner's and the bot's


@pytest.mark.parametrize("kind", INPUTS)
def test_replay_lines_ends_at_the_end_of_its_input(tmp_path, kind):
    session = new_table(2, 5)
    for _ in range(3):
        session.apply(session.game.legal_decisions()[0])
    path = tmp_path / "game.json"
    record.save(session, path)
    before = path.read_bytes()
    status, lines = command_line(["replay", str(path), "--lines"], typed_in(kind, "next", "next"))
    assert status == 0
    assert any(line.startswith("Decision 0 of 3") for line in lines)
    assert path.read_bytes() == before


# -- the seats of a networked table ---------------------------------------------------------


class Keyboard:
    """Standard input as a pipe: `type` writes a line into it, `end` closes it (Ctrl+D,
    or the script's end); the seat reads it through a `TypedLines` on the pipe's other
    end, in its thread, as it reads standard input."""

    def __init__(self) -> None:
        read, self.write = os.pipe()
        self.stream = open(read, encoding="utf-8")
        self.lines = TypedLines(self.stream)

    def type(self, line: str) -> None:
        os.write(self.write, line.encode() + b"\n")

    def end(self) -> None:
        if self.write >= 0:
            os.close(self.write)
            self.write = -1


async def test_a_seat_leaves_its_table_at_the_end_of_its_input_and_its_code_brings_it_back():
    """`join --lines`: a move typed, then the input ends: the seat leaves as with 'quit'
    (said so, status 0); the host has the move and waits for the seat; its code seats it
    again with its kept cards."""
    session = new_table(2, 12)
    host = await open_host(session)
    bob = client(host.port, session.codes.seats[1])
    keyboard, screen = Keyboard(), Screen()
    ann = client(host.port, session.codes.seats[0])
    seat = asyncio.create_task(LineSeat(ann, keyboard.lines, screen, left=LEFT).run())
    again = None
    try:
        await until_said(screen, "Ann, your move: type it as 'moves' lists it, or 'help'.")
        move = str(PlayerView.of(session.game, 0).legal[0])
        keyboard.type(move)
        await until_said(screen, f"sent: {move}")
        keyboard.end()
        assert await asyncio.wait_for(seat, WAIT) == 0
        assert screen.lines()[-1] == LEFT
        await ann.close()
        assert [str(d) for d in session.decisions] == [move]
        await bob.wait_for(lambda s: 0 in s.waiting_for, WAIT)  # away, not gone: the host waits for Ann
        again = client(host.port, session.codes.seats[0])
        state = await again.wait_for(lambda s: s.you is not None, WAIT)
        assert state.you.seat == 0 and state.you.plan is not None  # her kept Plan, back
    finally:
        keyboard.end()
        seat.cancel()
        for c in (ann, bob, again):
            if c is not None:
                await c.close()
        await host.close()
        keyboard.stream.close()


async def test_a_watcher_stops_watching_at_the_end_of_its_input():
    session = new_table(2, 13)
    host = await open_host(session)
    keyboard, screen = Keyboard(), Screen()
    watcher = client(host.port, session.codes.watch)
    watching = asyncio.create_task(LineSeat(watcher, keyboard.lines, screen).run())
    try:
        await until_said(screen, f"watching the table at ws://127.0.0.1:{host.port}/")
        keyboard.type("show")
        keyboard.end()
        assert await asyncio.wait_for(watching, WAIT) == 0
        assert any(line.startswith("set-up") for line in screen.lines()), screen.lines()  # 'show' answered first
    finally:
        keyboard.end()
        watching.cancel()
        await watcher.close()
        await host.close()
        keyboard.stream.close()


# -- real processes --------------------------------------------------------------------------


async def read_until(proc, out: list[str], test) -> str:
    """The process's next line passing `test`, every line read kept in `out`."""
    while True:
        raw = await asyncio.wait_for(proc.stdout.readline(), WAIT)
        assert raw, "".join(out)
        line = raw.decode()
        out.append(line)
        if test(line):
            return line


async def type_a_move(proc, out: list[str], prompt: str) -> str:
    """At `prompt`: 'moves', then the first move listed; the move, once sent or made."""
    await read_until(proc, out, lambda line: line.startswith(prompt))
    proc.stdin.write(b"moves\n")
    await proc.stdin.drain()
    move = MOVE.match(await read_until(proc, out, MOVE.match)).group(1)
    proc.stdin.write(move.encode() + b"\n")
    await proc.stdin.drain()
    return move


async def ended(proc, out: list[str]) -> int:
    """Standard input closed: the rest of what the process says, and its status."""
    proc.stdin.close()
    try:
        async with asyncio.timeout(WAIT):  # still reading after the end: fails here
            out.append((await proc.stdout.read()).decode())
            return await proc.wait()
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


async def test_join_lines_in_a_process_leaves_the_table_when_its_input_ends(tmp_path):
    session = new_table(2, 21)
    host = await open_host(session)
    bob = client(host.port, session.codes.seats[1])
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "pier18", "join", "--lines", f"127.0.0.1:{host.port}", session.codes.seats[0],
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
        env=child_env(PIER18_DATA_DIR=str(tmp_path / "data")), start_new_session=True,
    )
    out: list[str] = []
    try:
        move = await type_a_move(proc, out, "Ann, your move: ")
        await read_until(proc, out, lambda line: line.startswith(f"sent: {move}"))
        assert await ended(proc, out) == 0, "".join(out)
        assert "".join(out).rstrip("\n").endswith(LEFT)
        assert [str(d) for d in session.decisions] == [move]
        await bob.wait_for(lambda s: 0 in s.waiting_for, WAIT)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        await bob.close()
        await host.close()


async def test_host_lines_closes_its_table_saved_when_its_input_ends(tmp_path):
    env = child_env(PIER18_DATA_DIR=str(tmp_path / "data"))
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "pier18", "host", "--lines", "--players", "2", "--bots", "1", "--level", "random",
        "--port", "0", "--bind", "127.0.0.1", "--names", "Ann", "--seed", "9",
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
        env=env, start_new_session=True,
    )
    out: list[str] = []
    try:
        move = await type_a_move(proc, out, "Ann, your move: ")
        await read_until(proc, out, lambda line: line.startswith(f"sent: {move}"))
        assert await ended(proc, out) == 0, "".join(out)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    text = "".join(out)
    save = Path(re.search(r"The table is closed; 'pier18 host --resume (\S+) --port \d+", text).group(1))
    assert [str(d) for d in record.load(save).decisions][:1] == [move]
    assert holder(save) is None


def test_play_lines_at_a_terminal_stops_saved_at_ctrl_d_after_some_letters(tmp_path):
    """At a real terminal: 'help' typed, then Ctrl+D twice (the first hands the letters
    over, the second ends the line without its end): answered, then the game stops saved."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "pier18", "play", "--lines", "--players", "2", "--bots", "1", "--seed", "4"],
        stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        env=child_env(PIER18_DATA_DIR=str(tmp_path / "data")), start_new_session=True,
    )
    os.close(slave)
    try:
        os.write(master, b"help\x04\x04")
        out, _ = proc.communicate(timeout=WAIT)  # still reading the terminal after the end: fails here
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    lines = out.decode().splitlines()
    assert proc.returncode == 0, lines
    assert i18n._("Commands, one a line:") in lines
    (save,) = (tmp_path / "data" / "games").glob("*.json")
    assert lines[-1] == f"Your game is saved: 'pier18 play --resume {save} --lines' goes on with it."
