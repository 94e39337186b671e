"""One damaged row spoils nothing else: a table or a member whose row the club cannot read
is left out of every answer, named once in the server's log, and said to the members
who sit at that table as a table that cannot be read; the other tables, lists, ratings and
clocks go on. A name the club cannot take, invited, is said as such (never "busy"). On
SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio

import pytest

from pier18.club.protocol import ClubRefused

from club_databases import Raw
from club_net import member, open_club, seat
from net_support import WAIT


def damage(club_db, sql: str, params: tuple = ()) -> None:
    with Raw(club_db) as raw:
        raw.run(sql, params)


def naming(said: list[str], table: int) -> list[str]:
    return [line for line in said if f"club table {table}:" in line]


async def test_a_damaged_table_or_member_leaves_every_other_answer_whole(club_db, keys):
    said: list[str] = []
    server = await open_club(club_db, report=said.append)
    ann, bob, cy = (member(server.port, name, keys[name]) for name in ("Ann", "Bob", "Cy"))
    try:
        good = await ann.create(2, invite=["Bob"])
        await bob.join(good)
        bad_game = await ann.create(2, seats=["human", "greedy"])  # Ann's own game: it starts at once
        bad_open = await cy.create(2)  # open to all: in everyone's list of open tables
        fine_open = await bob.create(2)
        damage(club_db, "UPDATE tables SET record = ? WHERE id = ?", ("not a record", bad_game))
        damage(club_db, "UPDATE tables SET invited = ? WHERE id = ?", ("[not json", bad_open))
        damage(club_db, "UPDATE players SET games = 1, rating_sigma = ? WHERE name_key = 'cy'", ("x" if not isinstance(club_db, str) else float("nan"),))
        damage(club_db, "UPDATE players SET games = 1 WHERE name_key = 'ann'")
        for _again in range(2):
            listed = await ann.list()
            assert [t.id for t in listed.games] == [good] and listed.unreadable == (bad_game,)
            assert [t.id for t in listed.open] == [fine_open]  # Cy's damaged table left out, not the list
            listed = await bob.list()
            assert [t.id for t in listed.games] == [fine_open, good] and listed.unreadable == ()
            assert listed.open == []
            listed = await cy.list()
            assert listed.games == [] and listed.unreadable == (bad_open,)  # her own table: she is told
            assert [m.name for m in await bob.ratings()] == ["Ann"]  # Cy's damaged row left out
        game = await seat(ann, good)  # the good table plays on
        assert game.state is not None and game.fatal is None
        await game.close()
        assert len(naming(said, bad_game)) == 1 and len(naming(said, bad_open)) == 1, said  # once each
        assert len([line for line in said if "member" in line]) == 1, said
        assert all("\n" not in line for line in said)
    finally:
        for lobby in (ann, bob, cy):
            await lobby.close()
        await server.close()


async def test_a_damaged_table_stops_no_other_clock(club_db, keys, clock):
    """Two games past their deadline, the first one damaged: the second still gets the
    hard bot's moves, and the first is one line in the log."""
    said: list[str] = []
    server = await open_club(club_db, now=clock, report=said.append)
    ann, bob = member(server.port, "Ann", keys["Ann"]), member(server.port, "Bob", keys["Bob"])
    try:
        first = await ann.create(2, invite=["Bob"], clock="2d")
        await bob.join(first)
        clock.advance(60)  # the second's deadline is later: the damaged one comes first
        second = await ann.create(2, invite=["Bob"], clock="2d")
        await bob.join(second)
        game = await seat(ann, second)
        damage(club_db, "UPDATE tables SET record = ? WHERE id = ?", ("not a record", first))
        clock.advance(2 * 86400 + 120)
        server.wake_clock()
        state = await game.wait_for(lambda s: bool(s.stand_ins), WAIT)  # the hard bot moved for both seats
        assert set(state.stand_ins.values()) == {"hard"}
        await game.close()

        async def told() -> None:
            while not naming(said, first):
                await asyncio.sleep(0.01)

        await asyncio.wait_for(told(), WAIT)
    finally:
        await ann.close()
        await bob.close()
        await server.close()


@pytest.mark.parametrize("name, why, words", [
    ("bot:hard", "bot", "bots'"),
    ("Hard bot", "bot_seat", "bot's seat"),
    ("expert-BOT 2", "bot_seat", "bot's seat"),
])
async def test_an_invitation_the_club_cannot_take_says_what_is_wrong(club_db, keys, name, why, words):
    server = await open_club(club_db)
    ann = member(server.port, "Ann", keys["Ann"])
    try:
        with pytest.raises(ClubRefused) as caught:
            await ann.create(2, invite=["Bob", name])
        assert caught.value.code == "bad_invite" and caught.value.values["why"] == why
        message = str(caught.value)
        assert name in message and words in message and "busy" not in message, message
        assert (await ann.list()).games == []  # nothing was made
    finally:
        await ann.close()
        await server.close()
