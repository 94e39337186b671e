"""The club's server over loopback: whole games between scripted members, the lobby's
questions, turn notices, ratings, two connections on one seat."""

from __future__ import annotations

import asyncio

import pytest

from pier18.club.client import ClubRefused
from pier18.club.store import open_store

from net_support import WAIT
from club_net import member, open_club, play_out, seat


async def test_two_members_play_a_whole_game_and_their_ratings_move(tmp_path, keys):
    server = await open_club(tmp_path / "club.sqlite3")
    ann, bob = member(server.port, "Ann", keys["Ann"]), member(server.port, "Bob", keys["Bob"])
    try:
        assert await ann.connect() is True and await bob.connect() is True
        table = await ann.create(2, invite=["Bob"], clock="5m")
        listed = await bob.list()
        assert [t.id for t in listed.open] == [table] and listed.open[0].clock == "5m"
        assert await bob.join(table) == 1
        games = (await ann.list()).games
        assert games[0].status == "playing" and games[0].your_seat == 0
        seats = [await seat(ann, table), await seat(bob, table)]
        await play_out(seats)
        for game in seats:
            await game.close()
        over = (await ann.list()).games[0]
        assert over.status == "over" and len(over.standings) == 2
        ratings = {m.name: m for m in await bob.ratings()}
        assert ratings["Ann"].games == 1 and ratings["Bob"].games == 1
        assert ratings["Ann"].mu != ratings["Bob"].mu or over.standings[0].place == over.standings[1].place
        record = await bob.export(table)
        assert '"Ann"' in record
        with pytest.raises(ClubRefused) as refused:
            await bob.export(999)
        assert refused.value.code == "no_such_table"
    finally:
        await ann.close()
        await bob.close()
        await server.close()
    with open_store(tmp_path / "club.sqlite3") as store:
        assert store.table(table).status == "over"
