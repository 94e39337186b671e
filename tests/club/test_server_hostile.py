"""The hostile network suite pointed at the club: garbage, oversized and unknown
messages on `/club`, wrong keys, silent connections, wrong tickets on `/table/ID`,
unknown paths. Each closes that connection only; the club goes on serving."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest
from websockets.asyncio.client import connect

from net_support import WAIT
from test_net_hostile import answers, raw_tcp
from club_net import member, open_club
from pier18.club.protocol import PROTOCOL, VERSION


def club_hello(name: str, key: str, **more) -> str:
    return json.dumps({"type": "hello", "protocol": PROTOCOL, "version": VERSION, "name": name, "key": key, **more})


async def on_club(port: int, *sends, path: str = "/club") -> tuple[list[dict], int | None]:
    async with connect(f"ws://127.0.0.1:{port}{path}", max_size=2**20, compression=None, open_timeout=WAIT) as ws:
        for message in sends:
            await ws.send(message)
        return await answers(ws)


def refused(code: str, **values) -> dict:
    return {"type": "refused", "code": code, "values": values}


async def test_garbage_on_the_club_closes_that_connection_only(club_db, keys, caplog):
    caplog.set_level(logging.DEBUG)
    server = await open_club(club_db)
    port = server.port
    ann = keys["Ann"]
    welcome = {"type": "welcome", "name": "Ann", "new": True}
    cases = [
        ((b"\x00\x01",), [refused("binary_message")]),
        (("{not json",), [refused("not_json")]),
        (("[1, 2]",), [refused("not_an_object")]),
        ((json.dumps({"type": "list"}),), [refused("hello_first")]),
        ((json.dumps({"type": "shout"}),), [refused("unknown_message")]),
        ((club_hello("Ann", ann, admin=True),), [refused("unknown_field", field="admin")]),
        ((club_hello("Ann", ann, protocol="pier18"),), [refused("unsupported_protocol", protocol=PROTOCOL, version=VERSION)]),
        ((json.dumps({"type": "hello", "protocol": PROTOCOL, "version": VERSION, "name": ["Ann"], "key": ann}),), [refused("bad_field", field="name")]),
        ((club_hello("bot:hard", ann),), [refused("bad_name")]),
        ((club_hello("Ann", "short"),), [refused("bad_key")]),
        ((club_hello("Ann", ann), club_hello("Ann", ann)), [welcome, refused("hello_twice")]),
        ((club_hello("Ann", ann), json.dumps({"type": "join", "table": "1"})), [welcome, refused("bad_field", field="table")]),
        ((club_hello("Ann", ann), json.dumps({"type": "create", "players": 2, "seats": ["hard", "human"]})), [welcome, refused("bad_field", field="seats")]),
        ((club_hello("Ann", ann), json.dumps({"type": "create", "players": 9, "seats": []})), [welcome, refused("bad_field", field="players")]),
        ((club_hello("Ann", ann), json.dumps({"type": "create", "players": 2, "seats": ["human", "human"], "clock": "9y"})), [welcome, refused("bad_field", field="clock")]),
    ]
    for sends, expected in cases:
        got, close = await on_club(port, *sends)
        if expected[0] is welcome and got:
            got[0]["new"] = True  # only the first hello registers Ann
        assert (got, close) == (expected, 1008), sends
    assert await on_club(port, "x" * 5000) == ([], 1009)  # too large: the WebSocket layer closes it ("message too big")
    # The club still serves a real member, and her key was never written to a log.
    lobby = member(port, "Ann", ann)
    try:
        assert (await lobby.list()).games == []
    finally:
        await lobby.close()
    await server.close()
    assert ann not in caplog.text


async def test_a_wrong_key_is_refused_and_slowed_down_and_silence_is_closed(club_db, keys):
    server = await open_club(club_db, config=dict(hello_timeout=0.5, penalty=0.05, max_penalty=0.2))
    port = server.port
    first = member(port, "Ann", keys["Ann"])
    await first.connect()
    await first.close()
    got, close = await on_club(port, club_hello("Ann", keys["Bob"]))  # Ann's name, another key
    assert (got, close) == ([refused("name_taken")], 1008)
    async with connect(f"ws://127.0.0.1:{port}/club", compression=None, open_timeout=WAIT) as ws:
        assert await answers(ws) == ([refused("no_hello_in_time")], 1008)
    await server.close()


async def test_tables_answer_only_a_right_ticket_and_other_paths_are_not_there(club_db, keys):
    server = await open_club(club_db)
    port = server.port
    ann = member(port, "Ann", keys["Ann"])
    try:
        table = await ann.create(2, seats=["human", "greedy"])
        url, code = await ann.ticket(table)
        hello = lambda code: json.dumps({"type": "hello", "protocol": "pier18", "version": 2, "code": code})  # noqa: E731
        wrong = {"type": "error", "reason": "wrong_code", "retry": False}
        assert await on_club(port, hello(code[:-4] + "ZZZZ"), path=f"/table/{table}") == ([wrong], 1008)
        assert await on_club(port, hello(code), path="/table/999") == ([wrong], 1008)  # no such table: the same answer
        got, _close = await on_club(port, hello(code), json.dumps({"type": "decide", "decision": "x" * 100, "turn": 0}), path=f"/table/{table}")
        assert got[0]["type"] == "welcome" and got[-1] == {"type": "error", "reason": "decide_needs_decision", "retry": False}
        answer = await raw_tcp(port, b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                               b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        assert answer.startswith(b"HTTP/1.1 404")
        with pytest.raises(Exception):
            await on_club(port, path="/club/../table/1")
    finally:
        await ann.close()
        await server.close()


async def test_a_database_that_fails_while_serving_is_said_as_such_not_as_busy(club_db, backend, keys):
    """A database that fails underneath a running club (a damaged page, a dead disk) is
    `club_failed` to the member at once (not "busy", retried until the client gives up),
    and one line to the operator, once. Each database's own word for it: SQLite's
    "malformed" file, PostgreSQL's corrupted block (SQLSTATE XX001)."""
    from pier18.club.protocol import ClubRefused

    if backend == "sqlite":
        import sqlite3

        def damaged() -> Exception:
            return sqlite3.DatabaseError("database disk image is malformed")
        word = "malformed"
    else:
        import psycopg

        def damaged() -> Exception:
            return psycopg.errors.DataCorrupted("invalid page in block 3 of relation base/16384/16390")
        word = "invalid page"

    failing = {"on": False}

    class Failing:
        def __init__(self, conn):
            self.conn = conn

        def cursor(self):
            cur = self.conn.cursor()

            class Cursor:
                def execute(self, sql, params=()):
                    if failing["on"] and "players" in sql:
                        raise damaged()
                    return cur.execute(sql, params)

                def __getattr__(self, name):
                    return getattr(cur, name)

            return Cursor()

        def close(self):
            self.conn.close()

        def __getattr__(self, name):
            return getattr(self.conn, name)

    def prepare(store):
        store._conn = Failing(store._conn)

    said: list[str] = []
    server = await open_club(club_db, prepare=prepare, report=said.append)
    try:
        failing["on"] = True
        for _n in range(2):
            ann = member(server.port, "Ann", keys["Ann"])
            try:
                with pytest.raises(ClubRefused) as caught:
                    await asyncio.wait_for(ann.connect(), WAIT)
            finally:
                await ann.close()
            assert caught.value.code == "club_failed"
        assert len(said) == 1 and word in said[0], said
    finally:
        await server.close()


@pytest.mark.parametrize("name, welcome", [
    ("Hard bot", False), ("hard  BOT", False), ("Expert-bot 2", False), ("Greedy bot 3", False), ("bot:hard", False),
    ("Abbott", True), ("Hard bot fan", True),
])
async def test_no_member_may_take_a_bot_seat_s_name(club_db, keys, name, welcome):
    """A member called "Hard bot" would sit at a table as the bot itself ("Ann and Hard
    bot"), rated as a person: such names are refused at the first hello."""
    from pier18.club.protocol import ClubRefused

    server = await open_club(club_db)
    someone = member(server.port, name, keys["Ann"])
    try:
        if welcome:
            assert await asyncio.wait_for(someone.connect(), WAIT) is True
        else:
            with pytest.raises(ClubRefused) as caught:
                await asyncio.wait_for(someone.connect(), WAIT)
            assert caught.value.code == "bad_name"
    finally:
        await someone.close()
        await server.close()
