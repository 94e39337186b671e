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
    options.setdefault("tries", 400)
    return ClubClient(f"127.0.0.1:{port}", name, key, **options)


async def seat(lobby: ClubClient, table: int) -> Client:
    """A seat's game connection on the member's ticket, connected."""
    url, code = await lobby.ticket(table)
    game = Client(url, code, min_backoff=0.02, max_backoff=0.3)
    game.first_tries = 400  # the server may be restarting
    game.start()
    await game.until(lambda: game.state is not None or game.fatal is not None, WAIT)
    return game


async def play_out(seats: list[Client], before_move=None) -> None:
    """Each seat makes its first legal decision whenever it may, until the game is over.
    `before_move(n)` runs before the n-th decision a seat sends (a test's kill)."""
    sent = 0

    async def one(game: Client) -> None:
        nonlocal sent
        while True:
            state = await game.wait_for(lambda s: s.my_turn or s.table.is_terminal(), WAIT)
            if state.table.is_terminal():
                return
            if before_move is not None:
                await before_move(sent)
            sent += 1
            moment = state.moment
            try:
                await game.decide(state.you.legal[0])
            except Exception:  # not connected just now: look again
                pass
            # the answer: a new state (or a refusal, then a new state after reconnecting)
            await game.until(lambda: game.state is None or game.state.moment != moment or not game.state.my_turn
                             or game.fatal is not None or len(game.refusals) > 0, WAIT)
            game.refusals.clear()
            if game.fatal is not None:
                raise AssertionError(game.fatal)

    await asyncio.wait_for(asyncio.gather(*(one(g) for g in seats)), 4 * WAIT)
