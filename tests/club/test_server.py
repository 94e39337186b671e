"""The club's server over loopback: whole games between scripted members, the lobby's
questions, turn notices, ratings, two connections on one seat."""

from __future__ import annotations

import asyncio

import pytest

from pier18.club.client import ClubRefused
from pier18.club.store import open_store

from net_support import WAIT
from club_net import member, open_club, play_out, seat


async def test_two_members_play_a_whole_game_and_their_ratings_move(club_db, keys):
    server = await open_club(club_db)
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
    with open_store(club_db) as store:
        assert store.table(table).status == "over"


def check_acknowledged(seen, final) -> None:
    """Every state a seat was sent (so every decision acknowledged) is part of the final
    game: its history is the start of the final history."""
    history = final.table.history
    assert seen
    for state in seen:
        told = state.table.history
        assert len(told) <= len(history)
        for (seat, decision), (final_seat, final_decision) in zip(told, history):
            assert seat == final_seat and decision in (None, final_decision)  # None: a choice not shown yet


@pytest.mark.parametrize("players", [2, 3])
async def test_kill_9_between_moves_and_inside_a_commit_loses_nothing_acknowledged(club_db, keys, players):
    from club_net import ChildClub

    club = ChildClub(club_db)
    await club.start()
    names = ["Ann", "Bob", "Cy"][:players]
    lobbies = [member(club.port, name, keys[name]) for name in names]
    seats = []
    try:
        table = await lobbies[0].create(players, invite=names[1:])
        for lobby in lobbies[1:]:
            await lobby.join(table)
        seats = [await seat(lobby, table) for lobby in lobbies]
        crashes = []

        async def crash_and_restart() -> None:
            assert await club.crashed()  # it died inside a commit ...
            await club.start()  # ... and comes back

        restarting = asyncio.Lock()  # three seats move at once: one restart at a time (two servers would be refused)

        async def restart(n: int) -> None:
            async with restarting:
                if n in (2, 5):  # killed between moves
                    await club.kill()
                    await club.start()
                elif n == 7:  # dies inside its second commit after starting: a decision's
                    await club.kill()
                    await club.start(crash_at=3)
                    crashes.append(asyncio.create_task(crash_and_restart()))

        seen: list = []
        await play_out(seats, restart, seen)
        final = seats[0].state
        check_acknowledged(seen, final)
        await asyncio.wait_for(crashes[0], WAIT)
        assert club.starts == 5
        listed = (await lobbies[1].list()).games[0]
        assert listed.status == "over" and listed.turn == len(final.table.history)
    finally:
        for game in seats:
            await game.close()
        for lobby in lobbies:
            await lobby.close()
        await club.kill()


async def test_a_correspondence_game_past_its_deadline_the_bot_moves_and_the_seat_loses(club_db, keys, clock):
    """A fake clock past the deadline: the hard bot moves for the away seat, said as the
    bot's; with "lose" the seat ranks last in the rating."""
    server = await open_club(club_db, now=clock)
    ann, bob = member(server.port, "Ann", keys["Ann"]), member(server.port, "Bob", keys["Bob"])
    try:
        table = await ann.create(2, clock="2d", on_timeout="lose")
        await bob.join(table)
        game = await seat(ann, table)  # Bob never comes: every one of his moves times out
        turns = ann.turns()
        assert await asyncio.wait_for(turns.__anext__(), WAIT) == table
        last = None
        while True:  # each new state: Ann moves on hers; on Bob's, two days pass
            state = await game.wait_for(lambda s: s is not last, WAIT)
            last = state
            if state.table.is_terminal():
                break
            if state.my_turn:
                await game.decide(state.you.legal[0])
            else:
                clock.advance(2 * 86400 + 1)  # two days and a second: Bob's time is up
                server.wake_clock()
        final = game.state
        assert final.stand_ins and set(final.stand_ins.values()) == {"hard"}  # said as the bot's
        over = (await ann.list()).games[0]
        assert over.lost_on_time == (1,)
        ratings = {m.name: m for m in await ann.ratings()}
        assert ratings["Ann"].mu > ratings["Bob"].mu  # Bob ranks last whatever the score
        await game.close()
    finally:
        await ann.close()
        await bob.close()
        await server.close()


async def test_two_clients_on_one_seat_one_decision_counts(club_db, keys):
    server = await open_club(club_db)
    ann, bob = member(server.port, "Ann", keys["Ann"]), member(server.port, "Bob", keys["Bob"])
    try:
        table = await ann.create(2, seats=["human", "greedy"])
        first = await seat(ann, table)
        state = await first.wait_for(lambda s: s.my_turn, WAIT)
        second = await seat(ann, table)  # the same member's seat opened again: the newer wins
        await first.until(lambda: first.fatal is not None, WAIT)
        other = await second.wait_for(lambda s: s.my_turn, WAIT)
        assert other.turn == state.turn
        await second.decide(other.you.legal[0])
        await second.decide(other.you.legal[-1])  # twice, at once: one is refused
        await second.until(lambda: len(second.refusals) >= 1, WAIT)
        moves = await server.people(lambda store: store.moves(table))
        assert [m.seat for m in moves].count(0) == 1
        with pytest.raises(ClubRefused) as no:
            await bob.ticket(table)
        assert no.value.code == "not_your_table"
        await first.close()
        await second.close()
    finally:
        await ann.close()
        await bob.close()
        await server.close()
