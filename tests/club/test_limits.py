"""Limits per member, not all together: one member flooding the club with connections,
seats and tables reaches their own limits (told so in one line, with the number) while
every other member lists, makes tables, joins and plays as usual; the limits are taken
and counted in one step, so many hellos at once never pass them; the tables one member
makes are counted in the store's transaction. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import threading
import time

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from pier18.club.keys import new_key
from pier18.club.protocol import PROTOCOL, VERSION, ClubRefused, refusal_words
from pier18.club.store import TableLimits
from pier18.net.host import HostConfig
from pier18.net.protocol import PROTOCOL as HOST_PROTOCOL, VERSION as HOST_VERSION

from club_net import member, open_club, seat
from net_support import WAIT


def club_hello(name: str, key: str) -> str:
    return json.dumps({"type": "hello", "protocol": PROTOCOL, "version": VERSION, "name": name, "key": key})


async def say_hello(port: int, hello: str, path: str = "/club") -> tuple[ClientConnection | None, dict]:
    """A connection's hello and the first answer to it; the connection, if it is let in
    (kept open), else None (closed)."""
    ws = await connect(f"ws://127.0.0.1:{port}{path}", compression=None, open_timeout=WAIT, max_size=2**21)
    await ws.send(hello)
    try:
        answer = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
    except ConnectionClosed:
        answer = {"type": "closed"}
    if answer.get("type") == "welcome":
        return ws, answer
    await ws.close()
    return None, answer


def refusal_of(answer: dict) -> tuple[str, dict]:
    """(code, values) of a club's `refused` or a table's `error`."""
    if answer.get("type") == "refused":
        return answer["code"], answer["values"]
    assert answer.get("type") == "error", answer
    return answer["reason"], {k: v for k, v in answer.items() if k not in ("type", "reason", "retry")}


async def test_one_member_flooding_the_club_leaves_every_other_member_playing(club_db, keys):
    """Mallory (self-registered, like anyone) opens far more lobbies, tables and seats than
    she may: each beyond her limits is refused in one line naming the limit, and Ann and
    Bob list, make a table, join it and play a move the whole time she keeps trying."""
    limit = 3
    limits = TableLimits(open=3, unfinished=6)
    server = await open_club(club_db, config=dict(member_connections=limit, pending_per_address=512), tables=limits)
    port = server.port
    key = new_key()
    held: list[ClientConnection] = []
    try:
        registered, welcome = await say_hello(port, club_hello("Mallory", key))
        assert registered is not None and welcome["new"] is True
        await registered.close()

        # Many hellos at once: exactly her limit get in, every other one is told why.
        answers = await asyncio.gather(*(say_hello(port, club_hello("Mallory", key)) for _ in range(12 * limit)))
        held = [ws for ws, _answer in answers if ws is not None]
        assert len(held) == limit
        refusals = [refusal_of(answer) for ws, answer in answers if ws is None]
        assert refusals == [("member_connection_limit", {"limit": limit})] * (11 * limit)
        for ws in held:
            await ws.close()
        held = []

        mallory = member(port, "Mallory", key)
        tables = {"open": [], "playing": []}
        told = set()
        for kinds, made in ((["human", "human"], tables["open"]), (["human", "hard"], tables["playing"])):
            for _n in range(4 * limits.open):
                try:
                    made.append(await mallory.create(2, seats=kinds))
                except ClubRefused as exc:
                    told.add((exc.code, exc.values["limit"], str(exc)))
        assert len(tables["open"]) == limits.open and len(tables["open"]) + len(tables["playing"]) == limits.unfinished
        assert {(code, limit_) for code, limit_, _words in told} == {("open_table_limit", limits.open), ("table_limit", limits.unfinished)}
        assert all("\n" not in words and str(number) in words for _code, number, words in told)

        # Her seats count with her lobby: one lobby and two seats, and no more.
        tickets = [await mallory.ticket(table) for table in tables["playing"]]
        seats = []
        for url, code in tickets:
            ws, answer = await say_hello(port, json.dumps({"type": "hello", "protocol": HOST_PROTOCOL, "version": HOST_VERSION, "code": code}),
                                         path=url.split(str(port), 1)[1])
            seats.append((ws, answer))
        assert [answer["type"] for _ws, answer in seats] == ["welcome", "welcome", "error"]
        assert refusal_of(seats[2][1]) == ("member_connection_limit", {"limit": limit})
        held = [ws for ws, _answer in seats if ws is not None]
        with pytest.raises(ClubRefused) as caught:
            await member(port, "Mallory", key).connect()
        assert caught.value.code == "member_connection_limit" and "\n" not in str(caught.value) and str(limit) in str(caught.value)

        # She keeps trying, all the while Ann and Bob play.
        tries: list[tuple[str, dict]] = []
        stop = asyncio.Event()

        async def flood() -> None:
            while not stop.is_set():
                answers = await asyncio.gather(*(say_hello(port, club_hello("Mallory", key)) for _ in range(8)))
                for ws, answer in answers:
                    assert ws is None, "a connection beyond her limit was let in"
                    tries.append(refusal_of(answer))

        flooding = asyncio.create_task(flood())
        ann, bob = member(port, "Ann", keys["Ann"]), member(port, "Bob", keys["Bob"])
        try:
            assert await ann.connect() is True and await bob.connect() is True
            listed = await bob.list()
            assert len([t for t in listed.open if t.created_by == "Mallory"]) == limits.open  # her tables are bounded in everyone's list
            table = await ann.create(2, invite=["Bob"])
            assert table in [t.id for t in (await bob.list()).open]
            assert await bob.join(table) == 1
            games = [await seat(ann, table), await seat(bob, table)]
            state = games[0].state
            assert state is not None and state.my_turn
            await games[0].decide(state.you.legal[0])
            moved = await games[0].wait_for(lambda s: s.turn > state.turn, WAIT)
            assert moved.turn == state.turn + 1 and games[0].fatal is None and games[1].fatal is None
            for game in games:
                await game.close()
        finally:
            stop.set()
            await flooding
            await ann.close()
            await bob.close()
        assert tries and all(t == ("member_connection_limit", {"limit": limit}) for t in tries)
        assert server.gate.counted(("member", "mallory")) == limit
        await mallory.close()
    finally:
        for ws in held:
            await ws.close()
        await server.close()


class HeldHellos:
    """The store's hello check held until `release`: hellos pile up behind the `await` on
    the club's database, as they do when it is slow (the `prepare` hook of each store)."""

    def __init__(self) -> None:
        self.open = threading.Event()

    def __call__(self, store) -> None:
        check = store.hello

        def held(*args):
            assert self.open.wait(WAIT)
            return check(*args)

        store.hello = held

    def release(self) -> None:
        self.open.set()


async def until(test, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not test():
        assert time.monotonic() < deadline, f"never: {what}"
        await asyncio.sleep(0.01)


async def hellos_behind_the_check(server, hellos: list[str], held: HeldHellos) -> list[tuple[ClientConnection | None, dict]]:
    """Each hello said once the hellos before it wait for the database (or were refused),
    then all let through."""
    asked = [0]
    people = server.people

    def counting(work):
        asked[0] += 1
        return people(work)

    server.people = counting
    tasks: list[asyncio.Task] = []
    for number, hello in enumerate(hellos, start=1):
        tasks.append(asyncio.create_task(say_hello(server.port, hello)))
        await until(lambda: asked[0] + sum(t.done() for t in tasks) >= number, "the hello is read or refused")
    held.release()
    return list(await asyncio.gather(*tasks))


@pytest.mark.parametrize("who", ["one member", "many members"])
async def test_hellos_waiting_for_the_database_never_pass_a_limit(club_db, who):
    """A connection that said its hello holds its place, and is counted as its member,
    in one step after the club checked its key (an `await` on the database). Once, its
    place was let go while the key was checked, so hellos arriving meanwhile all got in,
    past the server's limit; a check of a member's connections made before that `await`
    would let every one of a burst through the same way."""
    limit, most = 3, 8
    held = HeldHellos()
    server = await open_club(club_db, config=dict(max_connections=most, member_connections=limit), prepare=held)
    try:
        key = new_key()
        hellos = [club_hello("Mallory" if who == "one member" else f"Member {n}", key if who == "one member" else new_key()) for n in range(3 * most)]
        answers = await hellos_behind_the_check(server, hellos, held)
        let_in = [ws for ws, _answer in answers if ws is not None]
        codes = {refusal_of(answer)[0] for ws, answer in answers if ws is None}
        if who == "one member":
            assert len(let_in) == limit and "member_connection_limit" in codes
        else:
            assert len(let_in) == most and codes == {"too_many_connections"}
        assert server.gate.served == len(let_in)
        for ws in let_in:
            await ws.close()
    finally:
        held.release()
        await server.close()


async def test_a_seat_opened_again_takes_its_own_place_even_at_the_limit(club_db, keys):
    """A member at their limit who opens their own seat again (a reconnection while the old
    connection is not yet gone) is let in: the newer connection takes the older one's
    place, as it takes its seat."""
    server = await open_club(club_db, config=dict(member_connections=2))
    ann = member(server.port, "Ann", keys["Ann"])
    try:
        table = await ann.create(2, seats=["human", "greedy"])
        url, code = await ann.ticket(table)
        hello = json.dumps({"type": "hello", "protocol": HOST_PROTOCOL, "version": HOST_VERSION, "code": code})
        path = url.split(str(server.port), 1)[1]
        first, answer = await say_hello(server.port, hello, path)
        assert first is not None  # Ann's lobby and this seat: her limit
        for _again in range(5):
            again, answer = await say_hello(server.port, hello, path)
            assert again is not None, answer
            assert server.gate.counted(("member", "ann")) == 2
            await asyncio.wait_for(first.wait_closed(), WAIT)
            assert first.close_code == 4001  # taken over
            first = again
        await first.close()
    finally:
        await ann.close()
        await server.close()


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_every_limit_and_reset_is_said_in_one_line_with_its_number(speaking, lang):
    from dutch import english_in

    speaking(lang)
    cases = [("member_connection_limit", 8), ("open_table_limit", 10), ("table_limit", 100), ("key_reset", None),
             ("wrong_reset_code", None), ("reset_code_expired", None)]
    for code, limit in cases:
        values = {} if limit is None else {"limit": limit}
        words = refusal_words(code, values)
        assert words != code and "\n" not in words and (limit is None or str(limit) in words), (code, words)
        assert refusal_words(code, {}) != code  # worded even without its number
        if lang == "nl":
            assert english_in(words) == [], words


def test_the_command_s_defaults_are_the_server_s():
    from pier18.cli import club

    assert club.DEFAULT_MEMBER_CONNECTIONS == HostConfig().member_connections
    assert (club.DEFAULT_OPEN_TABLES, club.DEFAULT_MEMBER_TABLES) == (TableLimits().open, TableLimits().unfinished)


def test_tables_made_at_once_by_one_member_never_pass_their_limits(club_db, keys, clock):
    """The tables a member made are counted inside the transaction that makes one, their
    row locked first: of many made at once (as several servers of one PostgreSQL club
    would), exactly the limit are made and the rest refused with the limit."""
    from pier18.club.store import TooManyTables, open_store

    limits = TableLimits(open=2, unfinished=3)
    with open_store(club_db, now=clock) as store:
        store.hello("Ann", keys["Ann"])
    made: list[int] = []
    refused: list[tuple[str, int]] = []
    barrier = threading.Barrier(8)

    def make(kinds: list[str]) -> None:
        with open_store(club_db, now=clock) as mine:  # each its own connection, as each server has
            barrier.wait(timeout=WAIT)
            for _n in range(3):
                try:
                    made.append(mine.create_table("Ann", kinds, limits=limits).id)
                except TooManyTables as exc:
                    refused.append((exc.code, exc.limit))

    threads = [threading.Thread(target=make, args=(["human", "human"] if n % 2 else ["human", "hard"],)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WAIT)
    with open_store(club_db, now=clock) as store:
        games = store.games_of("Ann")
    assert len(made) == len(games) == limits.unfinished and len(refused) == 24 - limits.unfinished
    assert len([t for t in games if t.status == "open"]) <= limits.open
    assert set(refused) <= {("open_table_limit", limits.open), ("table_limit", limits.unfinished)}
