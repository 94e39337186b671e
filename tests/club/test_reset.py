"""A key reset (`pier18 club serve --reset NAME`) gives the operator a one-time code for the
member; until it is used nobody gets in under that name (the first hello used to take the
account and its games), and the old key's live connections, its lobbies and its seats,
are closed at once, on whichever server process holds them: a SQLite club's server finds
the reset in the store, PostgreSQL's servers hear of it by a notice. On SQLite and
PostgreSQL; the command itself as the operator and the member run it."""

from __future__ import annotations

import asyncio
import json

import pytest
from websockets.asyncio.client import connect

from pier18.club.keys import new_key, read_keys
from pier18.club.protocol import ClubRefused
from pier18.club.store import open_store
from pier18.net.client import Client
from pier18.net.protocol import PROTOCOL as HOST_PROTOCOL, VERSION as HOST_VERSION

from club_databases import PostgresSchema
from club_net import member, open_club, seat
from net_support import WAIT
from test_club_cli import pier18
from test_limits import club_hello, refusal_of, say_hello
from test_net_hostile import answers


async def lobby_and_seat(port: int, name: str, key: str, seat_port: int | None = None):
    """A member's raw lobby connection (let in) and their seat's game at a new table with a
    bot (on `seat_port`'s server, if given), with its ticket."""
    lobby, welcome = await say_hello(port, club_hello(name, key))
    assert lobby is not None, welcome
    club = member(port, name, key)
    table = await club.create(2, seats=["human", "greedy"])
    url, code = await club.ticket(table)
    await club.close()
    if seat_port is not None:
        url = url.replace(f":{port}/", f":{seat_port}/")
    game = Client(url, code, min_backoff=0.02, max_backoff=0.3)
    game.start()
    await game.until(lambda: game.state is not None or game.fatal is not None, WAIT)
    assert game.fatal is None and game.state is not None
    return lobby, game, table, (url, code)


async def test_a_reset_closes_the_old_key_and_opens_only_with_its_one_time_code(club_db, keys):
    server = await open_club(club_db)
    port = server.port
    old = keys["Ann"]
    lobby, game, table, (url, old_code) = await lobby_and_seat(port, "Ann", old)
    try:
        with open_store(club_db) as operator:  # as `club serve --reset` does, beside the running server
            code = operator.reset("Ann")

        # Nobody gets in under the name without the code: not a stranger, not the old key.
        for key, given, why in [(new_key(), None, "key_reset"), (old, None, "key_reset"), (new_key(), "2345-6789-ABCD-EFGH", "wrong_reset_code")]:
            with pytest.raises(ClubRefused) as caught:
                await member(port, "Ann", key, reset_code=given).connect()
            assert caught.value.code == why and "\n" not in str(caught.value)

        # The old key's connections are closed at once, each told why.
        assert await answers(lobby) == ([{"type": "refused", "code": "key_reset", "values": {}}], 1008)
        await game.until(lambda: game.fatal is not None, WAIT)
        assert "--reset-code" in game.fatal and "\n" not in game.fatal
        await game.close()
        gone, answer = await say_hello(port, json.dumps({"type": "hello", "protocol": HOST_PROTOCOL, "version": HOST_VERSION, "code": old_code}),
                                       path=f"/table/{table}")
        assert gone is None and refusal_of(answer)[0] == "wrong_code"  # the old ticket opens nothing

        # The member comes back with the code and a new key: her games are hers.
        key = new_key()
        ann = member(port, "Ann", key, reset_code=code.lower())
        assert await ann.connect() is True
        assert [t.id for t in (await ann.list()).games] == [table]
        back = await seat(ann, table)
        assert back.fatal is None and back.state is not None and back.seat == 0
        await back.close()
        await ann.close()
        with pytest.raises(ClubRefused) as caught:
            await member(port, "Ann", new_key(), reset_code=code).connect()  # used once
        assert caught.value.code == "name_taken"
    finally:
        await lobby.close()
        await game.close()
        await server.close()


@pytest.fixture
def pg_db():
    schema = PostgresSchema()
    try:
        yield schema.url
    finally:
        schema.drop()


async def test_a_reset_closes_the_old_key_on_every_postgresql_server(pg_db, keys):
    """The lobby on one process, the seat on another: both hear of the reset (a notice sent
    when it commits) and close the old key's connections."""
    a = await open_club(pg_db, key_check=10 * WAIT)
    b = await open_club(pg_db, key_check=10 * WAIT)
    lobby, game, _table, _ticket = await lobby_and_seat(a.port, "Ann", keys["Ann"], seat_port=b.port)
    try:
        with open_store(pg_db) as operator:
            operator.reset("Ann")
        assert await answers(lobby) == ([{"type": "refused", "code": "key_reset", "values": {}}], 1008)
        await game.until(lambda: game.fatal is not None, WAIT)
        assert "--reset-code" in game.fatal
    finally:
        await lobby.close()
        await game.close()
        await a.close()
        await b.close()


async def test_the_operator_is_shown_the_code_once_and_the_member_comes_back_with_it(tmp_path, club_db, keys):
    server = await open_club(club_db)
    address = f"127.0.0.1:{server.port}"
    data = tmp_path / "data"
    try:
        status, _out, err = await pier18("club", "ratings", address, "--name", "Ann", data=data)
        assert status == 0, err
        status, out, err = await pier18("club", "serve", "--db", str(club_db), "--reset", "Ann", data=tmp_path / "operator")
        assert status == 0 and err == "", err
        words = out.split()
        code = next(word for word in words if word.count("-") == 3 and len(word) == 19)
        assert len(out.strip().splitlines()) == 2 and "24" in out and f"--reset-code {code}" in out
        with open_store(club_db) as store:
            assert code not in repr(store.key_hashes_of(["Ann"]))

        # The old key is refused in one line, saying what to do; the code lets her in with a new key, kept.
        status, _out, err = await pier18("club", "ratings", address, data=data)
        assert status == 2 and len(err.strip().splitlines()) == 1 and "--reset-code" in err, err
        old = next(iter(read_keys(data / "club-keys.json").values())).key
        status, _out, err = await pier18("club", "ratings", address, "--reset-code", code, data=data)
        assert status == 0, err
        kept = next(iter(read_keys(data / "club-keys.json").values()))
        assert kept.name == "Ann" and kept.key != old
        status, _out, err = await pier18("club", "ratings", address, data=data)  # and from now on the address is enough
        assert status == 0, err
        status, _out, err = await pier18("club", "ratings", address, "--reset-code", "nonsense", data=data)
        assert status == 2 and "--reset-code" in err and "Traceback" not in err, err
    finally:
        await server.close()
