"""Hostile clients against a real host: none of them changes the game or stops it.

Each attack is made on a live table between two real players; afterwards the game is
exactly where it was and the players finish it. Every wait is for the host's answer or
its close (bounded only as a last resort, `WAIT`): the host's own timeouts are as long
as that here, except where a test times out a connection that must be timed out.
"""

from __future__ import annotations

import asyncio
import json
import random
import time

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from net_support import close_table, WAIT, client, engine_totals, new_table, open_host, play_turns
from pier18.net.host import HostConfig
from pier18.net.protocol import PROTOCOL, VERSION, code_matches


def hello(code: str) -> str:
    return json.dumps({"type": "hello", "protocol": PROTOCOL, "version": VERSION, "code": code})


async def answers(ws, timeout: float = WAIT) -> tuple[list[dict], int | None]:
    """Every message until the host closes the connection, and its close code (the wait
    is for the host's close: `timeout` is only a last resort)."""
    got = []
    try:
        async with asyncio.timeout(timeout):
            async for raw in ws:
                got.append(json.loads(raw))
    except ConnectionClosed:
        pass
    return got, ws.close_code


async def attack(port: int, *sends, code: str | None = None) -> tuple[list[dict], int | None]:
    """Connect, say hello with `code` if given, send each of `sends`, and collect answers."""
    async with connect(f"ws://127.0.0.1:{port}/", max_size=2**20, compression=None) as ws:
        if code is not None:
            await ws.send(hello(code))
        for message in sends:
            await ws.send(message)
        return await answers(ws)


async def raw_tcp(port: int, data: bytes) -> bytes:
    """Send raw bytes (or nothing: a half-open connection) and read until the host closes."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    if data:
        writer.write(data)
        await writer.drain()
    try:
        async with asyncio.timeout(WAIT):
            return await reader.read()
    finally:
        writer.close()


async def test_hostile_clients_leave_the_game_as_it_was():
    session = new_table(2, 21)
    codes = session.codes

    # No timeout of the host's is short: a connection that is slow to say its hello
    # under load must not be refused instead of answered (the hello timeout is made
    # short below only for the connection that never says hello).
    host = await open_host(session, penalty=0.02, max_penalty=2.0)
    port = host.port
    players = {s: client(port, code) for s, code in enumerate(codes.seats)}
    watcher = client(port, codes.watch)
    rng = random.Random(3)
    await play_turns(players, rng, count=4, others=[watcher])
    turn = len(session.decisions)
    mover = session.game.current_player
    other = players[1 - mover]
    legal = str((await players[mover].wait_turn(turn)).you.legal[0])
    before = list(session.decisions)

    # Wrong codes: one line, nothing about the game, and slower each time. The near miss
    # changes the code's last character to another: it once appended "Z" to a code that
    # ended in "Z" (1 run in 31), opened seat 0, and waited for a close that never came.
    near_miss = codes.seats[0][:-1] + ("Y" if codes.seats[0].endswith("Z") else "Z")
    wrong = ["AAAA-AAAA-AAAA-AAAA", near_miss, "", "x" * 60, codes.watch[::-1], "?"]
    assert not any(code_matches(guess, code) for guess in wrong for code in (*codes.seats, codes.watch))
    took = []
    for guess in wrong:
        start = time.monotonic()
        got, close = await attack(port, code=guess)
        took.append(time.monotonic() - start)
        assert got == [{"type": "error", "reason": "wrong_code", "retry": False}]
        assert close == 1008
    # The sixth wrong code waits 0.02 s doubled five times. A lower bound on a wait holds
    # however loaded the machine is; a flat penalty would answer in about 0.02 s.
    assert took[-1] >= 0.02 * 2**5, took
    # A code that is not even text, and a hello of another protocol.
    got, _ = await attack(port, json.dumps({"type": "hello", "protocol": PROTOCOL, "version": VERSION, "code": 7}))
    assert got[0]["reason"] == "wrong_code"
    got, _ = await attack(port, json.dumps({"type": "hello", "protocol": "chess", "version": 1, "code": codes.watch}))
    assert got[0] == {"type": "error", "reason": "unsupported_protocol", "protocol": PROTOCOL, "version": VERSION, "retry": False}
    # `true` is not version 1, though Python's True == 1.
    got, _ = await attack(port, json.dumps({"type": "hello", "protocol": PROTOCOL, "version": True, "code": codes.watch}))
    assert [m["type"] for m in got] == ["error"] and got[0]["reason"] == "unsupported_protocol"

    # Another seat's decision, on the other seat's turn; and a turn from the future.
    await other.send_raw({"type": "decide", "decision": legal, "turn": turn})
    await other.send_raw({"type": "decide", "decision": legal, "turn": turn, "seat": mover})
    await other.send_raw({"type": "decide", "decision": legal, "turn": turn + 5})
    await other.until(lambda: len(other.refusals) == 3)
    assert other.refusals[0] == "it is not your turn"
    assert session.decisions == before

    # A replayed decision: the first counts, its copy is refused as stale.
    mine = players[mover]
    message = {"type": "decide", "decision": legal, "turn": turn}
    await mine.send_raw(message)
    await mine.wait_turn(turn + 1)
    await mine.send_raw(message)
    await mine.until(lambda: len(mine.refusals) == 1)
    assert "earlier position" in mine.refusals[0]
    before = list(session.decisions)
    assert len(before) == turn + 1

    # An illegal decision on its own turn, and a spectator deciding.
    now = session.game.current_player
    await players[now].send_raw({"type": "decide", "decision": "draft 99:0", "turn": turn + 1})
    await players[now].until(lambda: len(players[now].refusals) >= 1 + (now == mover))
    await watcher.send_raw({"type": "decide", "decision": legal, "turn": turn + 1})
    await watcher.until(lambda: len(watcher.refusals) == 1)
    assert watcher.refusals == ["spectators cannot decide"]

    # Protocol abuse by an authenticated (spectator) connection: each one is closed.
    _, close = await attack(port, "x" * 10_000, code=codes.watch)
    assert close == 1009  # message too big
    for bad in ["{not json", "[" * 2000 + "]" * 2000, '{"type": "shutdown"}', "[1, 2]", '{"type": "hello"}']:
        got, close = await attack(port, bad, code=codes.watch)
        assert got[-1]["type"] == "error" and close == 1008, (bad[:20], got)
    got, close = await attack(port, b"\x00\xff binary", code=codes.watch)
    assert got[-1]["type"] == "error" and close == 1008
    got, close = await attack(port, *[json.dumps({"type": "ping"})] * 300, code=codes.watch)
    assert got[-1] == {"type": "error", "reason": "too_many_messages", "retry": False}

    # Below the protocol: garbage bytes; a handshake with no hello (read per connection:
    # every player is in by now). A half-open socket: test_silent_connections_...
    assert b"101 Switching" not in await raw_tcp(port, b"\x16\x03\x01garbage\r\n\r\n")
    host.config.hello_timeout = 0.3
    got, close = await attack(port)
    assert got == [{"type": "error", "reason": "no_hello_in_time", "retry": False}]

    # The table is as it was, and its players play on to the end.
    assert session.decisions == before
    assert all(conn is not None for conn in host.players)
    await play_turns(players, rng, others=[watcher])
    final = await watcher.wait_for(lambda s: s.table.final is not None)
    for c in (*players.values(), watcher):
        await c.close()
    await host.close()

    assert tuple(s.total for s in final.table.final) == engine_totals(session)


async def test_two_hundred_bogus_connections_do_not_stop_a_game():
    session = new_table(3, 22)

    async def bogus(port: int, number: int) -> None:
        try:
            if number % 4 == 0:
                await raw_tcp(port, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            elif number % 4 == 1:
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.close()
            else:
                async with connect(f"ws://127.0.0.1:{port}/", open_timeout=WAIT) as ws:
                    if number % 4 == 2:
                        await ws.send(hello(f"GUESS-{number:04d}"))
                        await answers(ws)
        except (OSError, ConnectionClosed, TimeoutError):
            pass  # refused or cut off: that is the host defending itself

    async def flood(port: int) -> None:
        limit = asyncio.Semaphore(25)

        async def one(number: int) -> None:
            async with limit:
                await bogus(port, number)

        await asyncio.gather(*(one(n) for n in range(200)))

    host = await open_host(session, penalty=0.001, max_penalty=0.05)
    players = {s: client(host.port, code) for s, code in enumerate(session.codes.seats)}
    attackers = asyncio.create_task(flood(host.port))
    await play_turns(players, random.Random(4))
    await attackers
    async def settled():  # the host notices the last closes a moment after the attackers
        while host.connections() != (3, 0):
            await asyncio.sleep(0.01)

    await asyncio.wait_for(settled(), WAIT)  # every bogus connection is gone
    final = await players[0].wait_for(lambda s: s.table.final is not None)
    await close_table(players, host)
    assert tuple(s.total for s in final.table.final) == engine_totals(session)


async def silent(port: int):
    """A connection that finishes the WebSocket handshake and never says anything."""
    return await connect(f"ws://127.0.0.1:{port}/", compression=None, open_timeout=WAIT)


async def first_closed(*connections):
    """The first of `connections` the host closes, with what it was told."""
    waits = {asyncio.create_task(answers(ws)): ws for ws in connections}
    done, pending = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    for task in pending:
        task.cancel()
    task = done.pop()
    return waits[task], task.result()


NO_HELLO = ([{"type": "error", "reason": "no_hello_in_time", "retry": False}], 1008)
BUSY = ([{"type": "error", "reason": "too_many_connections", "retry": True}], 1013)  # a real client tries again


async def test_a_silent_connection_is_closed_within_a_few_seconds():
    session = new_table(2, 23)
    host = await open_host(session, hello_timeout=0.5, open_timeout=0.5)
    start = time.monotonic()
    assert await answers(await silent(host.port)) == NO_HELLO
    assert time.monotonic() - start >= 0.5  # by its timeout (a lower bound holds under any load)
    assert host.connections() == (0, 0)  # it holds no place of its address once it is closed
    # Below the protocol: a TCP connection that never starts the handshake.
    assert await raw_tcp(host.port, b"") == b""
    await host.close()
    assert HostConfig().hello_timeout <= 5  # "a few seconds" at a real table


@pytest.mark.parametrize("limits", [dict(pending_per_address=4), dict(max_connections=4)], ids=["per address", "whole host"])
async def test_silent_connections_never_keep_a_player_out(limits):
    """Every player of an SSH tunnel is 127.0.0.1: silent connections from that address
    once held its places for as long as they were renewed, and the player was refused."""
    session = new_table(2, 24)
    codes = session.codes

    async def player(port: int, code: str) -> dict:
        """A real player's first try: its hello, and the host's first answer."""
        async with connect(f"ws://127.0.0.1:{port}/", compression=None, open_timeout=WAIT, max_size=2**20) as ws:
            await ws.send(hello(code))
            async with asyncio.timeout(WAIT):
                answer = json.loads(await ws.recv())
            return answer

    # Silence is never timed out here: only room made for newcomers closes it.
    host = await open_host(session, hello_timeout=10 * WAIT, **limits)
    port = host.port
    crowd = [await silent(port) for _ in range(4)]  # every place taken
    assert host.connections() == (0, 4)
    newcomer = await silent(port)
    closed, told = await first_closed(crowd[0], newcomer)
    assert closed is crowd[0] and told == BUSY  # the oldest silent one made room
    assert host.connections() == (0, 4)

    # A player gets in at its first try while silent connections keep coming.
    more: list = []

    async def keep_coming() -> None:
        for _ in range(12):
            more.append(await silent(port))

    coming = asyncio.create_task(keep_coming())
    answer = await player(port, codes.seats[0])
    assert answer["type"] == "welcome" and answer["seat"] == 0, answer
    async with connect(f"ws://127.0.0.1:{port}/", compression=None, open_timeout=WAIT, max_size=2**20) as ann:
        await ann.send(hello(codes.seats[1]))
        async with asyncio.timeout(WAIT):
            assert json.loads(await ann.recv())["type"] == "welcome"
        await coming
        served, waiting = host.connections()
        assert served == 1 and waiting <= 4  # the seated player stays; the silent are bounded
        assert host.players[1] is not None
    for ws in (*crowd[1:], newcomer, *more):
        await ws.close()
    await host.close()


@pytest.mark.parametrize("limits, code, limit", [
    (dict(member_connections=2, max_spectators=20), "address_spectator_limit", 2),
    (dict(member_connections=20, max_spectators=3), "spectator_limit", 3),
], ids=["per address", "in all"])
async def test_spectators_are_counted_apart_and_never_keep_a_player_out(limits, code, limit):
    """The spectator code is shared: its connections once counted with the players' in one
    limit, so whoever held the code could open enough of them to keep every player out
    (`too_many_connections`, for ever). Spectators are counted apart now, per address and
    in all, and told their limit; the players always get in."""
    session = new_table(2, 26)
    codes = session.codes
    host = await open_host(session, max_connections=8, **limits)
    port = host.port

    async def come(code_: str):
        ws = await connect(f"ws://127.0.0.1:{port}/", compression=None, open_timeout=WAIT, max_size=2**21)
        await ws.send(hello(code_))
        async with asyncio.timeout(WAIT):
            first = json.loads(await ws.recv())
        return ws, first

    watching = [await come(codes.watch) for _ in range(3 * limit)]
    let_in = [ws for ws, first in watching if first["type"] == "welcome"]
    assert len(let_in) == limit
    for ws, first in watching:
        if first["type"] != "welcome":
            assert first == {"type": "error", "reason": code, "limit": limit, "retry": False}
    from pier18.speech.notices import refusal

    assert str(limit) in refusal(code, {"limit": str(limit)})
    for _round in range(2):  # the players come, and come again (a reconnection)
        players = [await come(codes.seats[seat]) for seat in (0, 1)]
        assert [first["type"] for _ws, first in players] == ["welcome", "welcome"], players
        for ws, _first in players:
            await ws.close()
    for ws, _first in watching:
        await ws.close()
    await host.close()


async def test_a_flood_of_wrong_codes_never_keeps_a_right_one_out():
    """Every player of an SSH tunnel is 127.0.0.1: wrong-code hellos from that address,
    each waiting out its delay, once held every place of the address, and a right code
    in the middle of them was refused with "too many connections". Here the wrong ones
    wait all test long: the right one is let in while they still wait, at its first try."""
    session = new_table(2, 25)
    codes = session.codes
    host = await open_host(session, pending_per_address=4, max_connections=8, penalty=10 * WAIT, max_penalty=10 * WAIT)
    port = host.port

    async def guess(number: int):
        ws = await connect(f"ws://127.0.0.1:{port}/", compression=None, open_timeout=WAIT)
        await ws.send(hello(f"GUESS-{number:04d}-AAAA-AAAA"))
        return ws

    async def until(test) -> None:
        while not test():
            await asyncio.sleep(0.01)

    before = [await guess(n) for n in range(12)]  # more than an address, or the host, may hold
    await asyncio.wait_for(until(lambda: host.wrong_waiting() >= 4), WAIT)

    async with connect(f"ws://127.0.0.1:{port}/", compression=None, open_timeout=WAIT, max_size=2**20) as ann:
        await ann.send(hello(codes.seats[0]))
        async with asyncio.timeout(WAIT):
            answer = json.loads(await ann.recv())
        assert answer["type"] == "welcome" and answer["seat"] == 0, answer
        assert all(ws.close_code is None for ws in before[:4])  # the wrong ones still wait
        for ws in before[4:]:  # with no room to wait in, refused without waiting; the delay grows all the same
            assert await answers(ws) == ([{"type": "error", "reason": "wrong_code", "retry": False}], 1008)
        assert host.wrong_waiting() == 4
        after = [await guess(n) for n in range(12, 24)]
        bob = client(port, codes.seats[1])  # the real client, at its first try
        await bob.wait_for(lambda s: True, timeout=WAIT)
        assert bob.fatal is None and host.players[1] is not None and bob.attempts <= 1
        served, silent = host.connections()
        assert served == 2 and silent == 0 and host.wrong_waiting() == 4  # memory stays bounded
        await bob.close()
    for ws in (*before, *after):
        await ws.close()
    await host.close()


async def test_only_a_seat_gets_the_views_of_its_own_decisions():
    """A seat's views of its past decisions (`views`) go to that seat alone, about itself,
    once the game is over: asked before the end, or by a watcher, they are refused and
    nothing changes; a seat naming another seat in its message still gets only its own."""
    from pier18.engine import PlayerView
    from pier18.net.host import own_decisions
    from pier18.review.positions import game_at
    from pier18.speech.notices import refusal

    session = new_table(2, 5)
    host = await open_host(session)
    clients = {seat: client(host.port, session.codes.seats[seat]) for seat in range(2)}
    watcher = client(host.port, session.codes.watch)
    everyone = [*clients.values(), watcher]
    for one in everyone:
        one.log = []
    try:
        await clients[0].wait_turn(0, WAIT)
        await clients[0].send_raw({"type": "views"})  # before the end
        await clients[0].until(lambda: len(clients[0].refusals) == 1, WAIT)
        assert clients[0].refusals == [refusal("views_after_the_end")] and clients[0].own_decisions is None
        await play_turns(clients, random.Random(5), others=[watcher])
        assert session.game.is_terminal() and session.stand_ins() == {}
        await watcher.send_raw({"type": "views"})
        await watcher.send_raw({"type": "views", "seat": 0})
        await watcher.until(lambda: len(watcher.refusals) == 2, WAIT)
        assert watcher.refusals == [refusal("spectators_have_no_decisions")] * 2 and watcher.own_decisions is None
        for seat, other in ((0, 1), (1, 0)):
            await clients[seat].send_raw({"type": "views", "seat": other, "code": session.codes.seats[other]})
            await clients[seat].until(lambda: clients[seat].own_decisions is not None or clients[seat].fatal is not None, WAIT)
            assert clients[seat].fatal is None, clients[seat].fatal
            got = clients[seat].own_decisions
            mine = [n for n, (s, _) in enumerate(session.game.history, start=1) if s == seat]
            assert [d.number for d in got] == mine == [number for number, *_ in own_decisions(session, seat)]
            for decision in got:
                assert decision.view == PlayerView.of(game_at(session, decision.position), seat)
        sent = [m for one in everyone for m in one.log if m.get("type") == "views"]
        assert len(sent) == 2 and [{e["you"]["seat"] for e in m["decisions"]} for m in sent] == [{0}, {1}]
        assert not any(m.get("type") == "views" for m in watcher.log)
        assert all(one.fatal is None for one in everyone)
    finally:
        await close_table({**clients, 2: watcher}, host)
