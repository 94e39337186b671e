"""Load on a club: N scripted members playing M tables at once against `pier18 club serve`.

    python benchmarks/club_load.py [--clients 30] [--tables 12] [--games 3] [--servers 1]
                                   [--db FILE-or-URL] [--kill-one] [--bad 0.15] [--seed 1] [--json]

The club's server runs as child processes (`python -m pier18 club serve --db DB --port P`),
so their CPU is their own and one can be killed (-9). This process plays every member:
each one says hello through `club.client.ClubClient` (registering), the first member of
each table creates it inviting the others by name, they join, and each member plays its
seat through `net.client.Client` on the ticket the club gives, choosing a random legal
decision from its view whenever it may; when a game ends the table's first member asks
for a rematch, until the table has played `--games` games. Now and then (`--bad`, a share of the times a
member looks at the table) it first sends a move the club must refuse: an illegal one
(a decision legal earlier, not now), one out of turn, or one made from an earlier turn.

Reported:

- moves per second: decisions the club acknowledged, over the time from the first
  decision sent to the last game over (the tickets and rematches between a table's
  games included);
- move latency (median, p95, max): from a decision sent to the first state that holds it
  (moves in flight while a server was down are left out, and counted apart);
- lost moves: moves acknowledged (a state held them) that are not in the final records,
  read back with `ClubClient.export` (and, for a SQLite file, the store's move log too);
- illegal moves accepted: a bad move that a state then held (or a record holds);
- with `--kill-one`: one server is killed (-9) two fifths of the way through its first game and started
  again on its port; every member's seat reconnects by itself; the time from the kill to
  each seat's first state after it (median, max) and the server's restart time.

`--servers K` starts K processes on one database, the members spread over them (each
member's lobby and seats on one of them), each letting in enough connections for all
(`club serve --max-connections`). A SQLite club is served by one process (the seats on
one process would not hear of moves made through another), so K > 1 is refused for it:
that needs PostgreSQL (docs/club.md, "Several servers"). With `--db postgresql://...`
the run plays in a new schema of that database of its own, dropped afterwards (the
role needs the right to create one); a database that cannot be used is reported in one
line. Exit status: 0 when nothing was lost, nothing illegal accepted and every game
finished; 1 otherwise; 2 for bad options or a server that would not start.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import socket
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
sys.path.insert(0, str(SRC))

from pier18.club.client import ClubClient, ClubError, ClubRefused  # noqa: E402
from pier18.club.keys import new_key  # noqa: E402
from pier18.engine import Phase, load_deck  # noqa: E402
from pier18.engine.game import Game  # noqa: E402
from pier18.net.client import Client, Event, Heard  # noqa: E402
from pier18.net.protocol import NetState  # noqa: E402
from pier18.persist import record as records  # noqa: E402

WAIT = 120.0  # seconds any one awaited thing may take before the run gives up: a last resort
SIMULTANEOUS = (Phase.SETUP, Phase.PLAN)


class Refused(Exception):
    """Options this benchmark cannot run with, or a server that would not start: one line."""


# -- options ----------------------------------------------------------------------------


@dataclass
class Options:
    clients: int = 30
    tables: int = 12
    servers: int = 1
    db: str | None = None  # None: a fresh SQLite file in a temporary folder
    kill_one: bool = False
    bad: float = 0.15
    seed: int = 1
    games: int = 3  # games each table plays in a row (a rematch after each)
    timeout: float = 900.0  # the whole run's play, seconds


def parse(argv: list[str] | None = None) -> tuple[Options, bool]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=30, help="scripted members (default 30)")
    parser.add_argument("--tables", type=int, default=12, help="tables played at once (default 12)")
    parser.add_argument("--servers", type=int, default=1, help="server processes on the one database (default 1)")
    parser.add_argument("--db", help="the club's database: a SQLite file (default: a new one in a temporary folder) or a URL")
    parser.add_argument("--kill-one", action="store_true", help="kill -9 one server mid-run and start it again")
    parser.add_argument("--bad", type=float, default=0.15, help="share of looks at the table that first send a bad move (default 0.15)")
    parser.add_argument("--games", type=int, default=3, help="games each table plays one after another, by rematch (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds the play may take in all (default 900)")
    parser.add_argument("--json", action="store_true", help="the results as one JSON object")
    args = parser.parse_args(argv)
    options = Options(
        clients=args.clients, tables=args.tables, servers=args.servers, db=args.db, kill_one=args.kill_one,
        bad=args.bad, seed=args.seed, games=args.games, timeout=args.timeout,
    )
    return options, args.json


def check(options: Options) -> None:
    """Refused (one line) for options that cannot make a run."""
    if options.tables < 1:
        raise Refused(f"--tables {options.tables}: at least 1")
    if options.clients < 3 or options.clients > 3 * options.tables:
        raise Refused(f"--clients {options.clients}: from 3 to 3 per table ({3 * options.tables} for --tables {options.tables})")
    if options.servers < 1 or options.servers > 16:
        raise Refused(f"--servers {options.servers}: from 1 to 16")
    if not 1 <= options.games <= 100:
        raise Refused(f"--games {options.games}: from 1 to 100")
    if not 0 <= options.bad <= 1:
        raise Refused(f"--bad {options.bad}: a share from 0 to 1")
    if options.servers > 1 and not is_url(options.db):
        raise Refused(
            f"--servers {options.servers}: a SQLite club is served by one process (seats on one would not hear of "
            "moves made through another); several need PostgreSQL (--db postgresql://...)"
        )


def is_url(db: str | None) -> bool:
    return db is not None and "://" in db


# -- the plan of the tables -------------------------------------------------------------


def plan_tables(clients: int, tables: int) -> list[list[int]]:
    """Each table's members (indices), 2 or 3 a table: as many seats as members when they
    fit, members taken in turn (one may play several tables when there are few)."""
    seats = max(clients, 2 * tables)
    sizes = [2] * tables
    for i in range(seats - 2 * tables):
        sizes[i] += 1
    plan, next_member = [], 0
    for size in sizes:
        plan.append([(next_member + k) % clients for k in range(size)])
        next_member += size
    return plan


def moves_per_game(players: int, games: int = 3, seed: int = 7) -> float:
    """About how many decisions a game of `players` takes (random legal decisions)."""
    deck, rng, total = load_deck(), random.Random(seed), 0
    for g in range(games):
        game = Game(deck, players, seed + g)
        while not game.is_terminal():
            seat = game.current_player
            game.choose(seat, rng.choice(game.legal_decisions_for(seat)))
        total += len(game.history)
    return total / games


# -- the servers ------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Schema:
    """A schema of the run's own in a PostgreSQL database: made now, dropped by `drop`;
    `url` is the database's address with every connection's search_path set to it."""

    def __init__(self, url: str) -> None:
        from urllib.parse import quote

        try:
            import psycopg
        except ImportError:
            raise Refused("--db postgresql://...: needs psycopg (pip install 'pier18[postgres]')") from None
        from pier18.club.postgres import scrub, shown

        self.server = url
        self.name = "club_load_" + os.urandom(6).hex()
        try:
            with psycopg.connect(url, autocommit=True, connect_timeout=10) as admin:
                admin.execute(f"CREATE SCHEMA {self.name}")
        except psycopg.Error as exc:
            raise Refused(f"--db {shown(url)}: cannot make a schema there ({scrub(str(exc), url)})") from None
        options = quote(f"-c search_path={self.name}", safe="")
        self.url = f"{url}{'&' if '?' in url else '?'}options={options}"

    def drop(self) -> None:
        import psycopg

        with psycopg.connect(self.server, autocommit=True) as admin:
            admin.execute("SET lock_timeout = '60s'")  # a killed server's connections are gone by then
            admin.execute(f"DROP SCHEMA IF EXISTS {self.name} CASCADE")


class Server:
    """One `pier18 club serve` child on a fixed port, to kill (-9) and start again."""

    def __init__(self, db: str, home: Path, max_connections: int = 256) -> None:
        self.db, self.home = db, home
        self.max_connections = max_connections
        self.port = free_port()
        self.proc: asyncio.subprocess.Process | None = None
        self.said: list[str] = []
        self.cpu = 0.0  # CPU seconds of its processes that ended
        self.drainer: asyncio.Task[None] | None = None

    def cpu_now(self) -> float:
        """CPU seconds (user + system) of this server's processes so far (Linux; 0 elsewhere)."""
        return self.cpu + self._cpu_of_running()

    def _cpu_of_running(self) -> float:
        if self.proc is None or self.proc.returncode is not None:
            return 0.0
        try:
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            return 0.0

    async def start(self) -> float:
        """Start it and wait until it listens; the seconds that took. Refused with the
        server's own last line if it stops instead."""
        env = {**os.environ, "PYTHONPATH": str(SRC), "PIER18_DATA_DIR": str(self.home)}
        began = time.monotonic()
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "pier18", "club", "serve", "--db", self.db, "--port", str(self.port), "--bind", "127.0.0.1",
            "--max-connections", str(self.max_connections),
            cwd=self.home, env=env, stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
        )
        assert self.proc.stdout is not None
        while True:
            raw = await asyncio.wait_for(self.proc.stdout.readline(), WAIT)
            if not raw:
                await self.proc.wait()
                why = self.said[-1] if self.said else "no word"
                raise Refused(f"club serve stopped (status {self.proc.returncode}): {why}")
            line = raw.decode(errors="replace").strip()
            self.said.append(line)
            if f":{self.port}/club" in line:
                self.drainer = asyncio.get_running_loop().create_task(self._drain())  # kept: a task nobody holds may be collected
                return time.monotonic() - began

    async def _drain(self) -> None:
        proc = self.proc
        assert proc is not None and proc.stdout is not None
        while line := await proc.stdout.readline():
            self.said.append(line.decode(errors="replace").strip())

    async def kill(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.cpu += self._cpu_of_running()
            self.proc.kill()
            await asyncio.wait_for(self.proc.wait(), WAIT)

    async def stop(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.cpu += self._cpu_of_running()
            self.proc.terminate()
            try:
                await asyncio.wait_for(self.proc.wait(), 10)
            except TimeoutError:
                await self.kill()


# -- one seat's play -------------------------------------------------------------------------


@dataclass
class Sent:
    text: str
    at: float
    kind: str = "legal"  # or "illegal", "out_of_turn", "stale"
    in_doubt: bool = False  # the connection dropped while it was in flight


@dataclass
class Tally:
    """What every seat found, added up."""

    latencies: list[float] = field(default_factory=list)
    through_outage: int = 0  # acknowledged moves that were in flight while a server was down
    bad_sent: dict[str, int] = field(default_factory=lambda: {"illegal": 0, "out_of_turn": 0, "stale": 0})
    bad_refused: int = 0
    illegal_accepted: int = 0
    unexplained: int = 0  # a move for a seat that its member never sent
    legal_refused: int = 0  # a legal move refused (e.g. "try again"): sent again
    unacknowledged: int = 0  # a legal move in flight when its connection dropped, never held: sent again
    reconnections: list[float] = field(default_factory=list)
    first_sent: float | None = None
    last_over: float = 0.0
    kill_at: float | None = None
    turned_away: int = 0  # seats' connections refused or dropped before they first got in (e.g. the server was full)
    rematch_half_made: int = 0  # seats that found a rematch's table not started, and joined it


class SeatPlayer:
    """One member's seat at one table: random legal moves, some bad ones first."""

    def __init__(self, tally: Tally, game: Client, rng: random.Random, bad: float) -> None:
        self.tally, self.game, self.rng, self.bad = tally, game, rng, bad
        self.acked: list[str] = []  # this seat's decisions the club acknowledged, in order
        self.accepted_bad: list[tuple[int, str]] = []  # (index in acked, text) of bad moves held
        self.pending: Sent | None = None
        self.seen_legal: set[str] = set()
        self.refusals = 0
        self.waiting_reconnect = False
        game.on_event = self.heard

    # What a state says of this seat: how many of its decisions the table holds (applied,
    # or in a simultaneous phase made ahead and waiting).
    def count(self, state: NetState) -> int:
        assert state.you is not None
        me, table = state.you.seat, state.table
        made = sum(1 for seat, _d in table.history if seat == me)
        if table.phase in SIMULTANEOUS and table.chosen[me] and me >= table.current_player:
            made += 1
        return made

    def heard(self, event: Event) -> None:
        now = time.monotonic()
        if event.kind is Heard.LOST:
            if not self.game.ever_in:
                self.tally.turned_away += 1
            if self.pending is not None:
                self.pending.in_doubt = True
            if self.tally.kill_at is not None:
                self.waiting_reconnect = True
        elif event.kind is Heard.REFUSED:
            self.refusals += 1
            if self.pending is not None:
                if self.pending.kind == "legal":
                    self.tally.legal_refused += 1
                else:
                    self.tally.bad_refused += 1
                self.pending = None
        elif event.kind is Heard.STATE and event.state is not None and event.state.you is not None:
            state = event.state
            if self.waiting_reconnect:
                self.waiting_reconnect = False
                assert self.tally.kill_at is not None
                self.tally.reconnections.append(now - self.tally.kill_at)
            made = self.count(state)
            while made > len(self.acked):
                sent, self.pending = self.pending, None
                if sent is None:
                    self.tally.unexplained += 1
                    self.acked.append("?")
                    continue
                if sent.kind != "legal":
                    self.tally.illegal_accepted += 1
                    self.accepted_bad.append((len(self.acked), sent.text))
                elif sent.in_doubt:
                    self.tally.through_outage += 1
                else:
                    self.tally.latencies.append(now - sent.at)
                self.acked.append(sent.text)
            if self.pending is not None and self.pending.in_doubt:
                # Back after a drop, and the table does not hold it: it was never committed.
                if self.pending.kind == "legal":
                    self.tally.unacknowledged += 1
                self.pending = None
            if state.my_turn and state.you is not None:
                self.seen_legal.update(str(d) for d in state.you.legal)
            if state.table.is_terminal():
                self.tally.last_over = max(self.tally.last_over, now)

    async def send(self, text: str, turn: int, kind: str) -> None:
        self.pending = Sent(text, time.monotonic(), kind)
        if kind == "legal" and self.tally.first_sent is None:
            self.tally.first_sent = self.pending.at
        try:
            await self.game.send_raw({"type": "decide", "decision": text, "turn": turn})
        except Exception:  # not connected just now: the next state says where the game is
            self.pending = None
            return
        if kind != "legal":
            self.tally.bad_sent[kind] += 1
        await self.game.until(lambda: self.pending is None or self.game.fatal is not None, WAIT)

    async def bad_move(self, state: NetState) -> None:
        assert state.you is not None
        legal = {str(d) for d in state.you.legal}
        earlier = sorted(self.seen_legal - legal)
        if state.my_turn:
            choices = []
            if earlier:
                choices.append("illegal")
            if state.table.phase not in SIMULTANEOUS and state.turn > 0:
                choices.append("stale")
            if not choices:
                return
            kind = self.rng.choice(choices)
            if kind == "illegal":
                await self.send(self.rng.choice(earlier), state.turn, kind)
            else:
                await self.send(str(self.rng.choice(state.you.legal)), state.turn - 1, kind)
        elif self.seen_legal:
            await self.send(self.rng.choice(sorted(self.seen_legal)), state.turn, "out_of_turn")

    async def play(self) -> None:
        game, last = self.game, None

        def ready() -> bool:
            s = game.state
            return game.fatal is not None or (self.pending is None and s is not None and (s is not last or self.refusals))

        while True:
            await game.until(ready, WAIT)
            if game.fatal is not None:
                raise RuntimeError(f"a seat stopped: {game.fatal}")
            self.refusals = 0
            state = last = game.state
            assert state is not None and state.you is not None
            if state.table.is_terminal():
                return
            if self.rng.random() < self.bad:
                await self.bad_move(state)
                if game.state is not state:
                    continue  # the table moved meanwhile: look again
            if state.my_turn and self.pending is None:
                await self.send(str(self.rng.choice(state.you.legal)), state.turn, "legal")


# -- the run ----------------------------------------------------------------------------------


async def run(options: Options) -> dict[str, Any]:
    check(options)
    rng = random.Random(options.seed)
    schema = Schema(options.db) if is_url(options.db) and options.db is not None else None
    home = Path(tempfile.mkdtemp(prefix="club-load-"))
    db = schema.url if schema is not None else options.db if options.db is not None else str(home / "club.sqlite3")
    # Every member's lobby and seat may come back to one server (the others killed, or
    # all sent to one by a load balancer): room for all of them, and some.
    servers = [Server(db, home, max_connections=2 * options.clients + 64) for _unused in range(options.servers)]
    tally = Tally()
    result: dict[str, Any] = {}
    try:
        for server in servers:
            await server.start()
        result = await play(options, rng, servers, tally, db)
    finally:
        for server in servers:
            await server.stop()
        shutil.rmtree(home, ignore_errors=True)
        if schema is not None:
            schema.drop()
    return result


async def play(options: Options, rng: random.Random, servers: list[Server], tally: Tally, db: str) -> dict[str, Any]:
    plan = plan_tables(options.clients, options.tables)
    names = [f"load{i:04d}" for i in range(options.clients)]
    keys = [new_key() for _unused in names]
    home_of = [servers[i % len(servers)] for i in range(options.clients)]

    def lobby(i: int) -> ClubClient:
        return ClubClient(f"127.0.0.1:{home_of[i].port}", names[i], keys[i], timeout=WAIT, min_backoff=0.05, max_backoff=1.0, patience=WAIT)

    # The lobby: every member says hello (a few at a time: the server admits only so many
    # connections from one address before their hello), tables are made and joined.
    began = time.monotonic()
    gate = asyncio.Semaphore(8)
    lobbies = [lobby(i) for i in range(options.clients)]

    async def hello(c: ClubClient) -> None:
        async with gate:
            await c.connect()

    await asyncio.gather(*(hello(c) for c in lobbies))
    ids: list[int] = []
    for members in plan:
        ids.append(await lobbies[members[0]].create(len(members), invite=[names[m] for m in members[1:]]))

    async def join(m: int, table: int) -> None:
        async with gate:
            await lobbies[m].join(table)

    await asyncio.gather(*(join(m, ids[t]) for t, members in enumerate(plan) for m in members[1:]))
    setup = time.monotonic() - began

    # The play: each table its games one after the other (a rematch, asked by its first
    # member, after each), with one server killed (-9) two fifths of the way through the first game if asked.
    expected = options.games * sum(moves_per_game(len(members)) for members in plan)
    played: list[tuple[int, int, list[SeatPlayer]]] = []  # (table index, table id, its seats)
    playing: list[SeatPlayer] = []
    used = set(ids)
    ids_now = list(ids)  # each table's game being played

    async def games_at(t: int, members: list[int]) -> None:
        table_id = ids[t]
        for g in range(options.games):
            seats = []
            for m in members:
                url, code = await ticket(lobbies[m], table_id)
                game = Client(url, code, min_backoff=0.05, max_backoff=1.0)
                game.first_tries = 60
                seats.append(SeatPlayer(tally, game, random.Random(rng.random()), options.bad))
            played.append((t, table_id, seats))
            playing.extend(seats)
            for player in seats:
                player.game.start()
            try:
                await asyncio.gather(*(player.play() for player in seats))
            finally:
                for player in seats:
                    await player.game.close()
            if g + 1 < options.games:
                table_id = ids_now[t] = await rematch(lobbies[members[0]], table_id)

    async def ticket(member: ClubClient, table_id: int) -> tuple[str, str]:
        try:
            return await member.ticket(table_id)
        except ClubRefused as no:
            if no.code != "not_started":
                raise
        # A rematch cut short by the kill: its table made, not everyone seated yet. Every
        # member of the table takes the seat they are invited to, then asks again.
        tally.rematch_half_made += 1
        t = next(t for t, _id in enumerate(ids_now) if _id == table_id)
        for m in plan[t][1:]:
            try:
                await lobbies[m].join(table_id)
            except ClubRefused as no:
                if no.code not in ("already_seated", "not_open"):
                    raise
        return await member.ticket(table_id)

    async def rematch(creator: ClubClient, table_id: int) -> int:
        try:
            new = await creator.rematch(table_id)
        except ClubError:  # the connection dropped in flight (the kill): did the club make it?
            mine = [info.id for info in (await creator.list()).games if info.id > table_id and info.id not in used]
            new = min(mine) if mine else await creator.rematch(table_id)
        used.add(new)
        return new

    restart = None

    async def killer() -> None:
        nonlocal restart
        # Two fifths of the way through the first game: inside a game, never between two
        # (a loaded machine may see the count late, and the first game's end is far off).
        while sum(len(p.acked) for p in playing) < 0.4 * expected / options.games:
            await asyncio.sleep(0.05)
        victim = servers[0]
        tally.kill_at = time.monotonic()
        await victim.kill()
        restart = await victim.start()

    cpu_before = (time.process_time(), sum(server.cpu_now() for server in servers))
    kill_task = asyncio.create_task(killer()) if options.kill_one else None
    try:
        await asyncio.wait_for(asyncio.gather(*(games_at(t, members) for t, members in enumerate(plan))), options.timeout)
    finally:
        if kill_task is not None and not kill_task.done():
            kill_task.cancel()
    killed = kill_task is not None and kill_task.done() and not kill_task.cancelled()
    cpu = (time.process_time() - cpu_before[0], sum(server.cpu_now() for server in servers) - cpu_before[1])

    # The records, read back: every acknowledged move must be in them, nothing else.
    records_of: dict[int, list[tuple[int, str]]] = {}
    for t, table_id, _seats in played:
        text = await lobbies[plan[t][0]].export(table_id)
        session = records.loads(text, f"table {table_id}")
        records_of[table_id] = [(seat, str(d)) for seat, d in session.game.history]
    for c in lobbies:
        await c.close()
    lost, extra, unfinished, finished = 0, 0, 0, 0
    store_moves = read_store_moves(db, [table_id for _t, table_id, _s in played])
    log_lost = 0 if store_moves is not None else None
    for _t, table_id, seats in played:
        done = True
        for player in seats:
            seat = player.game.seat
            assert seat is not None
            kept = [d for s, d in records_of[table_id] if s == seat]
            lost += sum(1 for k, text in enumerate(player.acked) if text != "?" and (k >= len(kept) or kept[k] != text))
            extra += max(0, len(kept) - len(player.acked))
            if store_moves is not None and log_lost is not None:
                logged = [d for s, d in store_moves[table_id] if s == seat]
                log_lost += sum(1 for k, text in enumerate(player.acked) if text != "?" and (k >= len(logged) or logged[k] != text))
            state = player.game.state
            if state is None or not state.table.is_terminal():
                unfinished += 1
                done = False
        finished += done
    moves = sum(len(p.acked) for p in playing)
    span = tally.last_over - (tally.first_sent or tally.last_over)
    lat = sorted(tally.latencies)

    def ms(x: float) -> float:
        return round(1000 * x, 1)

    result: dict[str, Any] = {
        "clients": options.clients,
        "tables": options.tables,
        "games_per_table": options.games,
        "seats": sum(len(members) for members in plan),
        "games": len(played),
        "servers": options.servers,
        "db": "sqlite" if not is_url(db) else db.split("://")[0],
        "load_before": round(os.getloadavg()[0], 2),
        "setup_s": round(setup, 2),
        "play_s": round(span, 2),
        "moves": moves,
        "moves_per_s": round(moves / span, 1) if span > 0 else None,
        "latency_ms": {
            "median": ms(statistics.median(lat)) if lat else None,
            "p95": ms(lat[min(len(lat) - 1, int(0.95 * len(lat)))]) if lat else None,
            "max": ms(lat[-1]) if lat else None,
            "samples": len(lat),
        },
        "cpu_s": {"servers": round(cpu[1], 2), "clients": round(cpu[0], 2)},
        "server_cpu_ms_per_move": round(1000 * cpu[1] / moves, 2) if moves else None,
        "moves_through_outage": tally.through_outage,
        "lost": lost,
        "lost_in_move_log": log_lost,
        "illegal_sent": dict(tally.bad_sent),
        "illegal_refused": tally.bad_refused,
        "illegal_unanswered": sum(tally.bad_sent.values()) - tally.bad_refused - tally.illegal_accepted,
        "illegal_accepted": tally.illegal_accepted + tally.unexplained + extra,
        "legal_refused": tally.legal_refused,
        "unacknowledged_resent": tally.unacknowledged,
        "unfinished_seats": unfinished,
        "games_finished": finished,
        "killed": killed,
        "rematch_half_made": tally.rematch_half_made,
        "turned_away": tally.turned_away,
    }
    if killed:
        rec = sorted(tally.reconnections)
        result["kill"] = {
            "restart_s": round(restart, 2) if restart is not None else None,
            "reconnect_s": {"median": round(statistics.median(rec), 2) if rec else None, "max": round(rec[-1], 2) if rec else None, "seats": len(rec)},
        }
    result["load_after"] = round(os.getloadavg()[0], 2)
    return result


def read_store_moves(db: str, ids: list[int]) -> dict[int, list[tuple[int, str]]] | None:
    """The move log of each table, from the club's store (read after the games ended; the
    store's own reading, as a second witness beside the exports)."""
    from pier18.club.store import open_store

    store = open_store(db)
    try:
        return {table: [(m.seat, m.decision) for m in store.moves(table)] for table in ids}
    finally:
        store.close()


def ok(result: dict[str, Any]) -> bool:
    return (
        result["lost"] == 0 and not result["lost_in_move_log"] and result["illegal_accepted"] == 0
        and result["unfinished_seats"] == 0 and result["games_finished"] == result["tables"] * result["games_per_table"]
    )


def show(r: dict[str, Any]) -> str:
    lat = r["latency_ms"]
    lines = [
        f"club load: {r['clients']} clients, {r['tables']} tables ({r['seats']} seats) x {r['games_per_table']} games,"
        f" {r['servers']} server(s), {r['db']}",
        f"  load average {r['load_before']} before, {r['load_after']} after",
        f"  lobby (hello, create, join) {r['setup_s']} s; play {r['play_s']} s",
        f"  moves {r['moves']}: {r['moves_per_s']} moves/s",
        f"  CPU during play: servers {r['cpu_s']['servers']} s ({r['server_cpu_ms_per_move']} ms a move),"
        f" clients (this process) {r['cpu_s']['clients']} s",
        f"  latency ms: median {lat['median']}, p95 {lat['p95']}, max {lat['max']} ({lat['samples']} moves;"
        f" {r['moves_through_outage']} in flight through an outage left out)",
        f"  lost {r['lost']} (move log: {r['lost_in_move_log']}); illegal accepted {r['illegal_accepted']}"
        f" of {sum(r['illegal_sent'].values())} sent {r['illegal_sent']}, refused {r['illegal_refused']},"
        f" answer lost in a drop {r['illegal_unanswered']}",
        f"  legal moves refused and sent again {r['legal_refused']}; unacknowledged at a drop, sent again {r['unacknowledged_resent']}",
        f"  seats' connections turned away before they got in {r['turned_away']};"
        f" rematches found half made after the kill {r['rematch_half_made']}",
        f"  games finished {r['games_finished']} of {r['tables'] * r['games_per_table']}; seats unfinished {r['unfinished_seats']}",
    ]
    if "kill" in r:
        k = r["kill"]
        lines.append(
            f"  kill -9 of one server: restarted in {k['restart_s']} s; seats back (from the kill)"
            f" median {k['reconnect_s']['median']} s, max {k['reconnect_s']['max']} s ({k['reconnect_s']['seats']} seats)"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    options, as_json = parse(argv)
    try:
        result = asyncio.run(run(options))
    except Refused as no:
        print(f"club_load: {no}", file=sys.stderr)
        return 2
    print(json.dumps(result, indent=2) if as_json else show(result))
    return 0 if ok(result) else 1


if __name__ == "__main__":
    sys.exit(main())
