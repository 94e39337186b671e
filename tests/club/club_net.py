"""Helpers for the club's network tests: a club server (in this process or a child one),
members' lobby clients, and seats that play a whole game through `net.client.Client`."""

from __future__ import annotations

import asyncio
from typing import Any

from pier18.club.client import ClubClient
from pier18.club.server import ClubServer
from pier18.net.client import Client, Heard

from net_support import WAIT, fast_config


async def open_club(db, **options: Any) -> ClubServer:
    changes = options.pop("config", {})
    server = ClubServer(db, fast_config(**changes), **options)
    await server.start()
    return server


def member(port: int, name: str, key: str, **options: Any) -> ClubClient:
    options.setdefault("min_backoff", 0.02)
    options.setdefault("max_backoff", 0.3)
    options.setdefault("timeout", WAIT)
    options.setdefault("patience", WAIT)
    return ClubClient(f"127.0.0.1:{port}", name, key, **options)


async def seat(lobby: ClubClient, table: int) -> Client:
    """A seat's game connection on the member's ticket, connected."""
    url, code = await lobby.ticket(table)
    game = Client(url, code, min_backoff=0.02, max_backoff=0.3)
    game.first_tries = 400  # the server may be restarting
    game.start()
    await game.until(lambda: game.state is not None or game.fatal is not None, WAIT)
    return game


async def play_out(seats: list[Client], before_move=None, seen: list | None = None) -> None:
    """Each seat makes its first legal decision whenever it may, until the game is over;
    after a drop or a refusal it looks again and decides again. `before_move(n)` runs
    before the n-th decision sent (a test's kill); `seen` collects every state heard."""
    sent = 0
    if seen is not None:
        for game in seats:
            game.on_event = lambda event: seen.append(event.state) if event.state is not None else None

    async def one(game: Client) -> None:
        nonlocal sent
        last = None
        while True:
            def ready() -> bool:
                s = game.state
                return game.fatal is not None or bool(game.refusals) or (
                    s is not None and s is not last and (s.my_turn or s.table.is_terminal())
                )

            await game.until(ready, 4 * WAIT)
            if game.fatal is not None:
                raise AssertionError(game.fatal)
            if game.refusals:
                game.refusals.clear()
                last = None
                continue
            state = game.state
            assert state is not None
            if state.table.is_terminal():
                return
            number, sent = sent, sent + 1  # counted before the hook waits: each number once
            if before_move is not None:
                await before_move(number)
            last = state
            try:
                await game.decide(state.you.legal[0])
            except Exception:  # not connected just now: the next state says where the game is
                pass

    await asyncio.wait_for(asyncio.gather(*(one(g) for g in seats)), 8 * WAIT)


CHILD = __import__("pathlib").Path(__file__).with_name("club_server_child.py")


class ChildClub:
    """A club server in a child process on a fixed port, to kill (-9) and start again."""

    def __init__(self, db, lease: float | None = None) -> None:
        self.db = db
        self.lease = lease  # its leases' length in seconds (None: the server's own)
        self.port = 0
        self.proc: asyncio.subprocess.Process | None = None
        self.starts = 0

    async def start(self, crash_at: int | None = None) -> None:
        import os
        import sys

        env = dict(os.environ)
        src = str(__import__("pathlib").Path(__file__).resolve().parents[2] / "src")
        env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
        if self.lease is not None:
            env["PIER18_TEST_LEASE"] = str(self.lease)
        args = [sys.executable, str(CHILD), str(self.db), str(self.port)] + ([str(crash_at)] if crash_at else [])
        self.proc = await asyncio.create_subprocess_exec(*args, stdout=asyncio.subprocess.PIPE, env=env)
        assert self.proc.stdout is not None
        self.starts += 1
        if self.port:  # the same port again: the clients find it by themselves
            return
        line = (await asyncio.wait_for(self.proc.stdout.readline(), WAIT)).decode()
        assert line.startswith("port "), line
        self.port = int(line.split()[1])

    async def kill(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.kill()
        if self.proc is not None:
            await asyncio.wait_for(self.proc.wait(), WAIT)

    async def crashed(self) -> bool:
        """Wait for the child to die by its own hand (inside a commit): True if it said so."""
        assert self.proc is not None and self.proc.stdout is not None
        said = await asyncio.wait_for(self.proc.stdout.read(), 4 * WAIT)  # until it is gone
        await asyncio.wait_for(self.proc.wait(), WAIT)
        return "inside" in said.decode().split()
