"""Connections that drop: a client comes back on the current state; an away seat waits,
or is handed to a bot until its player is back."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys

import random

import pytest

from helpers import child_env
from net_support import close_table, WAIT, client, engine_totals, new_table, open_host, play_turns


async def test_a_dropped_client_reconnects_by_itself_onto_the_current_state():
    session = new_table(2, 31)

    host = await open_host(session)
    heard: list[str] = []
    host.on_status = heard.append
    players = {s: client(host.port, code) for s, code in enumerate(session.codes.seats)}
    rng = random.Random(5)
    await play_turns(players, rng, count=5)
    mover = session.game.current_player
    name = session.names[mover]
    heard.clear()
    players[mover].drop()  # mid-turn, no closing handshake
    await players[mover].until(lambda: heard[-2:] == [f"{name} left", f"{name} is here"])
    state = await players[mover].wait_for(lambda s: s.turn == 5 and s.my_turn)
    assert state.you is not None and set(state.you.legal) == set(session.game.legal_decisions())
    await play_turns(players, rng)
    final = await players[1 - mover].wait_for(lambda s: s.table.final is not None)
    await close_table(players, host)
    assert tuple(s.total for s in final.table.final) == engine_totals(session)


async def test_an_away_seat_is_waited_for_then_played_by_a_bot_until_its_player_is_back():
    session = new_table(2, 32)

    host = await open_host(session)
    ann, bob = (client(host.port, code) for code in session.codes.seats)
    players = {0: ann, 1: bob}
    rng = random.Random(6)
    await play_turns(players, rng, count=2)  # set-up done: the hard bot decides quickly
    while session.game.current_player != 0:
        await play_turns(players, rng, count=1)
    turn = len(session.decisions)
    await ann.close()
    waiting = await bob.wait_for(lambda s: s.waiting_for == (0,))
    assert waiting.turn == turn  # nobody plays for Ann yet
    assert "waiting for Ann" in host.status()
    assert host.cover(1).startswith("Bob is here")
    host.cover(0)
    covered = await bob.wait_for(lambda s: s.turn > turn)
    assert covered.table.history[turn][0] == 0 and covered.seats[0].covered
    assert covered.waiting_for == ()
    while session.game.current_player == 0 and not session.game.is_terminal():
        await bob.wait_turn(len(session.decisions) + 1)
    back = client(host.port, session.codes.seats[0])
    await back.wait_for(lambda s: not s.seats[0].covered and s.seats[0].connected)
    assert host.covered == set()
    await play_turns({0: back, 1: bob}, rng)
    final = await bob.wait_for(lambda s: s.table.final is not None)
    for c in (back, bob):
        await c.close()
    await host.close()
    assert tuple(s.total for s in final.table.final) == engine_totals(session)


async def test_a_killed_join_process_comes_back_with_its_code(tmp_path):
    """`pier18 join` in a real process: it shows the moves, takes one typed in the
    notation, is killed with SIGKILL, and its code brings the seat back where it was."""
    session = new_table(2, 33)

    host = await open_host(session)
    bob = client(host.port, session.codes.seats[1])
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "pier18", "join", "--lines", f"127.0.0.1:{host.port}", session.codes.seats[0],
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
        env=child_env(), start_new_session=True,
    )
    try:
        output = b""
        while b"your move: type it as 'moves' lists it" not in output:
            line = await asyncio.wait_for(proc.stdout.readline(), WAIT)
            assert line, output.decode()
            output += line
        proc.stdin.write(b"moves\n")  # every move, each a line of its own
        await proc.stdin.drain()
        while not (first := re.search(rb"^(keep \d+ \d+):", output, re.MULTILINE)):
            line = await asyncio.wait_for(proc.stdout.readline(), WAIT)
            assert line, output.decode()
            output += line
        first = first.group(1)
        proc.stdin.write(first + b"\n")
        await proc.stdin.drain()
        await bob.wait_turn(1)
        assert str(session.decisions[0]).encode() == first
        os.kill(proc.pid, signal.SIGKILL)
        await proc.wait()
        await bob.wait_for(lambda s: s.waiting_for == (0,))
        ann = client(host.port, session.codes.seats[0])
        state = await ann.wait_for(lambda s: s.turn == 1)
        assert state.you is not None and state.you.plan is not None  # its own kept Plan, back
        await play_turns({0: ann, 1: bob}, random.Random(7))
        await ann.close()
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        await bob.close()
        await host.close()
    assert session.game.is_terminal()
