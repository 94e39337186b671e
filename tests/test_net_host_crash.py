"""The host process killed with SIGKILL mid-game, then `pier18 host --resume` with the
same codes: its clients reconnect by themselves and finish the game, whose record
replays with `pier18 replay`."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import stat
import subprocess
import sys
from pathlib import Path

import random

import pytest

from helpers import child_env
from net_support import WAIT, Client, play_turns
from pier18.engine import Game
from pier18.persist import record

#: Box drawing and block elements: what a screen reader spells out character by character.
BOXES = re.compile("[\u2500-\u259f]")


async def start_host(args: list[str], env: dict[str, str]) -> tuple[asyncio.subprocess.Process, list[str]]:
    """A `pier18 host` process and the lines it printed up to the spectator code."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "pier18", "host", *args, stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT, env=env, start_new_session=True,
    )
    lines: list[str] = []
    while not any("to watch:" in line for line in lines):
        line = await asyncio.wait_for(proc.stdout.readline(), WAIT)
        assert line, "".join(lines)
        lines.append(line.decode())
    return proc, lines


async def test_a_killed_host_resumes_with_the_same_codes(tmp_path):
    env = child_env(PIER18_DATA_DIR=str(tmp_path / "data"))

    proc, lines = await start_host(["--no-seat", "--port", "0", "--names", "Ann,Bob", "--seed", "7"], env)
    port = int(re.search(r"port (\d+)", lines[0]).group(1))
    save = Path(re.search(r"autosave: (\S+)", lines[0]).group(1))
    codes = [re.search(r"(\S+)$", line).group(1) for line in lines if line.startswith(("  Ann:", "  Bob:"))]
    players = {s: Client(f"127.0.0.1:{port}", code, min_backoff=0.05, max_backoff=0.3).start()
               for s, code in enumerate(codes)}
    rng = random.Random(8)
    try:
        await play_turns(players, rng, count=5)
        saved = json.loads(save.read_text())
        assert stat.S_IMODE(save.stat().st_mode) == 0o600  # it holds the seat codes
        assert saved["net"]["codes"] == codes and len(saved["decisions"]) == 5
        os.kill(proc.pid, signal.SIGKILL)
        await proc.wait()
        await players[0].until(lambda: not players[0].connected)

        proc, lines = await start_host(["--no-seat", "--resume", str(save), "--port", str(port)], env)
        assert [re.search(r"(\S+)$", l).group(1) for l in lines if l.startswith(("  Ann:", "  Bob:"))] == codes
        for c in players.values():  # back by themselves, on the state the save kept
            state = await c.wait_for(lambda s: c.connected and s.waiting_for == ())
            assert state.turn == 5
        await play_turns(players, rng)
        final = await players[0].wait_for(lambda s: s.table.final is not None)
        assert await asyncio.wait_for(proc.wait(), WAIT) == 0  # the host ends with the game
    finally:
        for c in players.values():
            await c.close()
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    session = record.load(save)
    game = Game.replay(session.deck, session.players, session.seed, session.decisions, None, session.deal)
    assert tuple(s.total for s in final.table.final) == game.returns()
    replay = subprocess.run([sys.executable, "-m", "pier18", "replay", str(save), "--json"],
                            capture_output=True, text=True, env=env, timeout=WAIT)
    assert replay.returncode == 0, replay.stderr
    shown = json.loads(replay.stdout)
    assert shown["finished"] and [p["score"]["total"] for p in shown["players"]] == list(game.returns())


async def test_the_host_plays_its_own_seat_in_the_line_front_end(tmp_path):
    """`pier18 host --lines` with the host's own seat against a bot: every move typed in
    the notation at the host's terminal, to the end of the game and its record."""
    env = child_env(PIER18_DATA_DIR=str(tmp_path / "data"))

    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "pier18", "host", "--lines", "--players", "2", "--bots", "1", "--level", "random",
        "--port", "0", "--bind", "127.0.0.1", "--names", "Ann", "--seed", "9",
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
        env=env, start_new_session=True,
    )
    lines: list[str] = []
    asked = False
    try:
        while True:
            raw = await asyncio.wait_for(proc.stdout.readline(), WAIT)
            if not raw:
                break
            line = raw.decode()
            lines.append(line)
            if line.startswith("Ann, your move: "):  # the moves, asked for; the first one typed
                proc.stdin.write(b"moves\n")
                asked = True
            elif asked and (move := re.match(r"(keep \d+ \d+|draft \d+:\d+|plan \d+): ", line)):
                proc.stdin.write(move.group(1).encode() + b"\n")
                asked = False
            await proc.stdin.drain()
        (code, lines) = await asyncio.wait_for(proc.wait(), WAIT), lines
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    text = "".join(lines)
    assert code == 0, text[-2000:]
    assert "Traceback" not in text and "Final ranking: " in text
    assert not BOXES.search(text)  # no card or pier drawn: a screen reader would spell it out
    assert not any(line.lstrip().startswith("Random bot: pier18 join") for line in lines)  # bots get no code
    save = Path(re.search(r"pier18 replay (\S+)", text).group(1))
    assert lines[-1].rstrip("\n").endswith(f"pier18 replay {save} --lines")  # played in lines: replayed in them
    session = record.load(save)
    assert session.game.is_terminal() and session.codes is not None and session.codes.seats[1] is None
    assert f"Final ranking: 1. {session.names[session.game.ranking()[0].seat]} " in text


async def test_the_host_prints_no_escape_codes_from_its_paths(tmp_path):
    """The autosave path (here under a data folder whose name holds escape codes) is
    outside text: the host's lines show it with visible stand-ins."""
    env = child_env(PIER18_DATA_DIR=str(tmp_path / "data\x1b[31m\x1b]0;title\x07"))

    proc, lines = await start_host(["--no-seat", "--port", "0", "--names", "Ann,Bob", "--seed", "7"], env)
    proc.kill()
    await proc.wait()
    assert "autosave: " in lines[0] and "\u241b[31m" in lines[0]
    assert not any("\x1b" in line or "\x07" in line for line in lines)


def children_of(pid: int) -> list[int]:
    """The processes whose parent is `pid` now (read from /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def running(pid: int) -> bool:
    """Whether `pid` is a process that has not ended (a zombie has ended)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="processes are found through /proc (Linux)")
async def test_a_killed_hosts_browser_seat_ends_with_it(tmp_path):
    """`kill -9` of a `pier18 host --web`: the process of its open browser seat ends too
    (it once crashed on the broken pipe, lived on, reconnected to the resumed table and
    held the seat with no page attached). No browser: the page's WebSocket is opened here."""
    import aiohttp

    data = tmp_path / "data"
    env = child_env(PIER18_DATA_DIR=str(data))
    args = ["--no-seat", "--players", "2", "--seats", "human,hard", "--seed", "5", "--bind", "127.0.0.1", "--web", "0"]
    proc, lines = await start_host([*args, "--port", "0"], env)
    seats: list[int] = []
    try:
        port = int(re.search(r"port (\d+)", lines[0]).group(1))
        save = Path(re.search(r"autosave: (\S+)", lines[0]).group(1))
        link = next(line for line in lines if "or in a browser:" in line).split("or in a browser:", 1)[1].strip()
        page = link.replace("http://", "ws://").replace("/?seat=", "/ws/") + "?width=100&height=30"
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(page, timeout=aiohttp.ClientWSTimeout(ws_receive=WAIT)) as tab:
                await tab.receive_bytes(timeout=WAIT)  # the seat's app draws: its process runs
                seats = children_of(proc.pid)
                assert len(seats) == 1
                os.kill(proc.pid, signal.SIGKILL)
                await proc.wait()
                async with asyncio.timeout(WAIT):  # the process is not asked: it sees its host gone
                    while running(seats[0]):
                        await asyncio.sleep(0.05)
        assert not (data / "crashes").exists() or not any((data / "crashes").iterdir())  # it ended, it did not crash

        proc, lines = await start_host([*args, "--resume", str(save), "--port", str(port)], env)
        watch = re.search(r"to watch: .* (\S+)$", next(line for line in lines if "to watch:" in line)).group(1)
        watcher = Client(f"127.0.0.1:{port}", watch, min_backoff=0.05, max_backoff=0.3).start()
        try:
            state = await watcher.wait_for(lambda s: True, timeout=WAIT)
            assert not state.seats[0].connected  # nobody holds the seat: its page is gone
        finally:
            await watcher.close()
        assert children_of(proc.pid) == []
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        for pid in seats:  # a failed test leaves no process behind either
            if running(pid):
                os.kill(pid, signal.SIGKILL)
