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
    try:
        while True:
            raw = await asyncio.wait_for(proc.stdout.readline(), WAIT)
            if not raw:
                break
            line = raw.decode()
            lines.append(line)
            if line.startswith("Your move ("):
                proc.stdin.write(line.removeprefix("Your move (").split(" |")[0].rstrip("):\n").encode() + b"\n")
                await proc.stdin.drain()
        (code, lines) = await asyncio.wait_for(proc.wait(), WAIT), lines
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    text = "".join(lines)
    assert code == 0, text[-2000:]
    assert "Traceback" not in text and "── game over ──" in text
    assert not any(line.lstrip().startswith("Random bot: pier18 join") for line in lines)  # bots get no code
    save = Path(re.search(r"pier18 replay (\S+)", text).group(1))
    session = record.load(save)
    assert session.game.is_terminal() and session.codes is not None and session.codes.seats[1] is None
    assert f"1. {session.names[session.game.ranking()[0].seat]}: " in text


async def test_the_host_prints_no_escape_codes_from_its_paths(tmp_path):
    """The autosave path (here under a data folder whose name holds escape codes) is
    outside text: the host's lines show it with visible stand-ins."""
    env = child_env(PIER18_DATA_DIR=str(tmp_path / "data\x1b[31m\x1b]0;title\x07"))

    proc, lines = await start_host(["--no-seat", "--port", "0", "--names", "Ann,Bob", "--seed", "7"], env)
    proc.kill()
    await proc.wait()
    assert "autosave: " in lines[0] and "\u241b[31m" in lines[0]
    assert not any("\x1b" in line or "\x07" in line for line in lines)
