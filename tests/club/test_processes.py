"""Several `club serve` processes on one PostgreSQL club, none of them special (issue 35;
docs/club.md, "Several servers"): seats on different processes hear every move through
the database's notices; two processes racing for one table's move let exactly one
through; a process killed (-9) holding the clock's lease has its clocks, and the bots'
moves it owed, taken over by another; a process killed mid-game has its seats come back
through another (a round-robin TCP proxy stands for the load balancer) and the game ends
with nothing lost. PostgreSQL only: skipped, saying why, where there is none.

Every server here is a child process (`club_server_child.py`), so a kill is a real
`kill -9`. Tests wait on states and rows with generous bounds, never on fixed sleeps."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import pytest

from pier18.club.store import Table, connect_store
from pier18.net.client import Client

from club_databases import PostgresSchema, Raw
from club_net import ChildClub, member, open_club, play_out, seat
from net_support import WAIT


@pytest.fixture
def pg_db():
    """A PostgreSQL club in a schema of this test's own (skips where there is none)."""
    schema = PostgresSchema()
    try:
        yield schema.url
    finally:
        schema.drop()


async def started(*clubs: ChildClub) -> None:
    for club in clubs:
        await club.start()


async def killed(*clubs: ChildClub) -> None:
    for club in clubs:
        await club.kill()


async def until(test: Callable[[], bool], what: str, timeout: float = WAIT) -> None:
    """Wait until `test()` holds (looking again every few milliseconds), else fail naming `what`."""
    deadline = time.monotonic() + timeout
    while not test():
        if time.monotonic() > deadline:
            raise AssertionError(f"never: {what}")
        await asyncio.sleep(0.02)


def rows(db: str, sql: str, params: tuple = ()) -> list[tuple]:
    with Raw(db) as raw:
        return raw.run(sql, params)


def holder_pid(db: str, lease: str) -> int | None:
    found = rows(db, "SELECT holder FROM leases WHERE name = ?", (lease,))
    return int(found[0][0].split(":")[-2]) if found else None


def recorded(db: str, table: int) -> list[tuple[int, str]]:
    """The table's decisions as its record holds them (the store's move log agrees)."""
    with connect_store(db) as store:
        record = store.table(table)
        moves = store.moves(table)
    assert record.session is not None and record.turn == len(moves)
    history = [(s, str(d)) for s, d in record.session.game.history]
    for seat in range(record.players):  # each seat's decisions, in its order (choices ahead are applied later)
        assert [d for s, d in history if s == seat] == [m.decision for m in moves if m.seat == seat][: len([1 for s, _d in history if s == seat])]
    return history


def heard_only_the_record(states: list, history: list[tuple[int, str]]) -> None:
    """Every state a seat heard is a step of the final record: nothing it was told of was lost."""
    for state in states:
        told = state.table.history
        assert len(told) <= len(history)
        for (seat, decision), (kept_seat, kept) in zip(told, history):
            assert seat == kept_seat and (decision is None or str(decision) == kept)


async def test_a_game_with_its_seats_on_two_processes_is_heard_by_each(pg_db, keys):
    a, b = ChildClub(pg_db), ChildClub(pg_db)
    try:
        await started(a, b)
        ann, bob = member(a.port, "Ann", keys["Ann"]), member(b.port, "Bob", keys["Bob"])
        await ann.connect()
        await bob.connect()
        table = await ann.create(2, invite=["Bob"])  # on A
        told: list[int] = []

        async def watch() -> None:
            async for turn_at in bob.turns():  # Bob's lobby, on B
                told.append(turn_at)

        watching = asyncio.create_task(watch())
        await until(lambda: bob._watching, "Bob watches")
        await bob.join(table)  # on B: the game starts
        games = [await seat(ann, table), await seat(bob, table)]
        heard: list[list] = [[], []]
        for n, game in enumerate(games):
            game.on_event = lambda event, n=n: heard[n].append(event.state) if event.state is not None else None
        await play_out(games)
        history = recorded(pg_db, table)
        assert len(history) > 8
        for n, game in enumerate(games):
            final = game.state
            assert final is not None and final.table.is_terminal() and len(final.table.history) == len(history)
            heard_only_the_record(heard[n], history)
            assert len({len(s.table.history) for s in heard[n]}) > 5  # it heard the game move, not only its end
        # Each time Ann's move (on A) made it Bob's turn, Bob's watch on B was told so.
        handed_over = sum(1 for (s1, _d1), (s2, _d2) in zip(history, history[1:]) if s1 == 0 and s2 == 1)
        assert handed_over >= 2
        await until(lambda: told.count(table) >= handed_over, f"{handed_over} turn notices for Bob on B")
        watching.cancel()
        for game in games:
            await game.close()
        await ann.close()
        await bob.close()
    finally:
        await killed(a, b)


async def test_two_processes_racing_for_one_move_let_exactly_one_through(pg_db, keys):
    a, b = ChildClub(pg_db), ChildClub(pg_db)
    try:
        await started(a, b)
        ann_a, bob = member(a.port, "Ann", keys["Ann"]), member(a.port, "Bob", keys["Bob"])
        ann_b = member(b.port, "Ann", keys["Ann"])
        table = await ann_a.create(2, invite=["Bob"])
        await bob.join(table)
        # Ann's seat, open on both processes at once (a second window, a second device).
        here, there = await seat(ann_a, table), await seat(ann_b, table)
        bobs = await seat(bob, table)
        raced: list = [None, None]  # the states Ann's two connections last raced from
        bob_last = None

        def over() -> bool:
            return bobs.state is not None and bobs.state.table.is_terminal()

        def ann_ready() -> bool:
            s, t = here.state, there.state
            return (s is not None and t is not None and s.my_turn and t.my_turn and s.turn == t.turn
                    and s is not raced[0] and t is not raced[1])

        def bob_ready() -> bool:
            return bobs.state is not None and bobs.state.my_turn and bobs.state is not bob_last

        with connect_store(pg_db) as store:
            for race in range(3):
                while True:
                    await until(lambda: over() or ann_ready() or bob_ready(), "someone's turn")
                    if over() or ann_ready():
                        break
                    bob_last = bobs.state
                    await bobs.decide(bob_last.you.legal[0])
                if over():
                    break
                assert here.state is not None and there.state is not None
                raced = [here.state, there.state]
                legal = here.state.you.legal
                picks = {str(legal[0]), str(legal[-1])}  # two different moves where there are two
                before = len(store.moves(table))
                refused_before = len(here.refusals) + len(there.refusals)
                await asyncio.gather(here.decide(legal[0]), there.decide(legal[-1]))
                await until(lambda: len(here.refusals) + len(there.refusals) > refused_before and len(store.moves(table)) > before,
                            f"race {race}: one move through, one refused")
                made = [m for m in store.moves(table)[before:] if m.seat == 0]
                assert len(made) == 1 and made[0].decision in picks, made  # exactly one of the two, kept
                assert len(here.refusals) + len(there.refusals) == refused_before + 1
        assert race == 2 and not over(), "the game ended before three races"
        for game in (here, there, bobs):
            await game.close()
        for lobby in (ann_a, ann_b, bob):
            await lobby.close()
    finally:
        await killed(a, b)


async def test_a_process_killed_holding_the_clock_lease_has_its_clocks_and_bots_taken_over(pg_db, keys):
    a = ChildClub(pg_db, lease=2.0)
    b = ChildClub(pg_db, lease=2.0)
    try:
        await started(a)
        assert a.proc is not None and b.proc is None
        await until(lambda: holder_pid(pg_db, "clock") == a.proc.pid, "A holds the clock's lease")
        await started(b)
        ann, bob = member(b.port, "Ann", keys["Ann"]), member(b.port, "Bob", keys["Bob"])
        clocked = await ann.create(2, invite=["Bob"], clock="1h")
        await bob.join(clocked)
        with_bot = await ann.create(2, seats=["human", "greedy"])
        # Ann's move at the bot's table, made as by a process that dies before its bot
        # moves: committed (its notice sent), nobody told to let the bot move.
        with connect_store(pg_db) as store:
            await until(lambda: store.table(with_bot).to_act() == [0], "the bot's table waits for Ann")
            table = store.table(with_bot)
            while 1 not in table.to_act():
                assert table.session is not None and table.status == "playing"
                decision = str(table.session.game.legal_decisions_for(0)[0])
                table = store.decide(with_bot, 0, decision, table.turn, "Ann")
            owed_at = table.turn
        assert 1 in table.to_act()
        await a.kill()  # -9, holding the clock's lease
        assert holder_pid(pg_db, "clock") == a.proc.pid
        # The clocked table's move is now late (as if the hour had passed).
        with Raw(pg_db) as raw:
            raw.run("UPDATE tables SET deadline = ? WHERE id = ?", (time.time() - 1, clocked))
        await until(lambda: holder_pid(pg_db, "clock") == b.proc.pid, "B takes the clock's lease over", 4 * WAIT)
        await until(lambda: rows(pg_db, "SELECT COUNT(*) FROM moves WHERE table_id = ? AND author = 'hard'", (clocked,))[0][0] > 0,
                    "the hard bot moves for the late seat")
        await until(lambda: rows(pg_db, "SELECT MAX(n) FROM moves WHERE table_id = ?", (with_bot,))[0][0] > owed_at,
                    "the bot's owed move is made")
        authors = rows(pg_db, "SELECT author FROM moves WHERE table_id = ? AND n > ?", (with_bot, owed_at))
        assert ("greedy",) in authors
        with connect_store(pg_db) as store:
            late = store.table(clocked)
            assert late.turn >= 1 and late.deadline is not None and late.deadline > time.time()  # a new hour runs
        await ann.close()
        await bob.close()
    finally:
        await killed(a, b)


class RoundRobin:
    """A tiny TCP load balancer: each connection goes to the next server that answers."""

    def __init__(self, ports: list[int]) -> None:
        self.ports = ports
        self.next = 0
        self.port = 0
        self.server: asyncio.Server | None = None
        self.writers: set[asyncio.StreamWriter] = set()

    async def start(self) -> None:
        self.server = await asyncio.start_server(self._connection, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.writers.add(writer)
        for _try in range(len(self.ports)):
            port = self.ports[self.next % len(self.ports)]
            self.next += 1
            try:
                far_reader, far_writer = await asyncio.open_connection("127.0.0.1", port)
            except OSError:
                continue  # that one is down: the next
            self.writers.add(far_writer)
            await asyncio.gather(self._pipe(reader, far_writer), self._pipe(far_reader, writer))
            return
        writer.close()

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        except OSError:
            pass
        finally:
            writer.close()

    async def close(self) -> None:
        assert self.server is not None
        self.server.close()
        for writer in self.writers:
            writer.close()
        await self.server.wait_closed()


async def test_a_process_killed_mid_game_its_seats_come_back_through_another(pg_db, keys):
    a, b = ChildClub(pg_db), ChildClub(pg_db)
    balancer: RoundRobin | None = None
    try:
        await started(a, b)
        balancer = RoundRobin([a.port, b.port])
        await balancer.start()
        lobbies = {name: member(balancer.port, name, keys[name]) for name in ("Ann", "Bob", "Cy")}
        table = await lobbies["Ann"].create(3, invite=["Bob", "Cy"])
        await lobbies["Bob"].join(table)
        await lobbies["Cy"].join(table)
        games: list[Client] = [await seat(lobbies[name], table) for name in ("Ann", "Bob", "Cy")]
        heard: list = []
        for game in games:
            game.on_event = lambda event: heard.append(event.state) if event.state is not None else None

        async def kill_a(number: int) -> None:
            if number == 12:
                await a.kill()  # -9: the seats it served drop, and come back through B

        await play_out(games, before_move=kill_a)
        assert a.proc is not None and a.proc.returncode is not None, "A was never killed"
        history = recorded(pg_db, table)
        for game in games:
            final = game.state
            assert final is not None and final.table.is_terminal() and len(final.table.history) == len(history)
        heard_only_the_record(heard, history)
        with connect_store(pg_db) as store:
            assert store.table(table).status == "over"
        for game in games:
            await game.close()
        for lobby in lobbies.values():
            await lobby.close()
    finally:
        if balancer is not None:
            await balancer.close()
        await killed(a, b)


async def test_a_move_heard_while_its_table_is_being_read_is_not_lost(pg_db, keys):
    """A notice that comes while a process is reading a table for a seat just connected
    (so before it holds the table) still brings the seat the move: the process must not
    go on from what it read."""
    server = await open_club(pg_db)
    try:
        with connect_store(pg_db) as other:  # stands for another process
            for name, key in keys.items():
                other.hello(name, key)
            table = other.join(other.create_table("Ann", ["human", "human"]).id, "Bob")
            original = server.people
            moved: list[Table] = []

            async def people(work):
                found = await original(work)
                if isinstance(found, tuple) and isinstance(found[0], Table) and found[0].id == table.id and not moved:
                    assert table.session is not None
                    legal = table.session.game.legal_decisions_for(0)[0]
                    moved.append(other.decide(table.id, 0, str(legal), table.turn, "Ann"))  # committed meanwhile
                    await until(lambda: server._heard_turns.get(table.id, -1) >= moved[0].turn, "the notice is heard")
                return found

            server.people = people
            ann = member(server.port, "Ann", keys["Ann"])
            game = await seat(ann, table.id)  # the table read before the move, the notice heard before it is held
            assert moved, "the table was never read"
            await game.until(lambda: game.state is not None and not game.state.my_turn, WAIT)  # Ann's choice is made
            await game.close()
            await ann.close()
    finally:
        await server.close()


async def test_a_process_behind_the_store_looks_again_before_refusing_a_move(pg_db, keys):
    """A process whose copy of a table is behind (another process's move not heard yet)
    must not refuse a move on that copy: it reads the table again first."""
    server = await open_club(pg_db)
    try:
        with connect_store(pg_db) as other:  # stands for another process
            for name, key in keys.items():
                other.hello(name, key)
            table = other.join(other.create_table("Ann", ["human", "human"]).id, "Bob")

            def bob_then_ann(t: Table) -> bool:
                """Bob alone is to move, and after his first legal move Ann alone is."""
                if t.to_act() != [1]:
                    return False
                trial = other.table(t.id)
                assert trial.session is not None
                trial.session.choose(1, trial.session.game.legal_decisions_for(1)[0])
                game = trial.session.game
                return not game.simultaneous() and game.current_player == 0

            while not bob_then_ann(table):
                assert table.session is not None and table.status == "playing"
                seat_now = table.to_act()[0]
                decision = str(table.session.game.legal_decisions_for(seat_now)[0])
                table = other.decide(table.id, seat_now, decision, table.turn, table.seats[seat_now].player)
            ann = member(server.port, "Ann", keys["Ann"])
            game = await seat(ann, table.id)  # the server holds the table: Bob to move
            assert game.state is not None and not game.state.my_turn
            server._news = lambda table_id: None  # deaf from now on: its copy stays behind
            assert table.session is not None
            table = other.decide(table.id, 1, str(table.session.game.legal_decisions_for(1)[0]), table.turn, "Bob")
            assert table.to_act() == [0] and table.session is not None
            mine = str(table.session.game.legal_decisions_for(0)[0])
            await game.send_raw({"type": "decide", "decision": mine, "turn": len(table.session.decisions)})
            await game.until(lambda: bool(game.refusals) or (game.state is not None and game.state.turn > table.turn), WAIT)
            assert not game.refusals, game.refusals
            assert [m.decision for m in other.moves(table.id)][-1] == mine
            await game.close()
            await ann.close()
    finally:
        await server.close()
