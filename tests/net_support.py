"""Helpers for the networked tests: a real host on 127.0.0.1 (port 0) and headless clients.

Every wait is on a message or on the host closing a connection: no sleep stands in for an
event, and no test races a clock. The bounds below are a last resort, far above anything
a loaded machine takes, so that a test that would hang fails with a message instead; the
host's own timeouts in `fast_config` are as long, so no player of a test is ever refused
for being slow. A test of a timeout sets that one short, on a connection that must lose.
"""

from __future__ import annotations

import random
from typing import Any

from pier18.engine import Game, load_deck
from pier18.net.client import Client
from pier18.net.host import Host, HostConfig
from pier18.net.protocol import new_code
from pier18.persist import record
from pier18.session import Session, TableCodes

WAIT = 120.0  # seconds any single awaited message may take before the test fails: a last resort
RUN = 240.0  # seconds a whole networked test may take: a last resort, under pytest's own timeout


def fast_config(**changes: Any) -> HostConfig:
    """Loopback, any free port, no bot pause, short penalties; a handshake and a hello may
    take as long as any wait here (a slow player is never refused)."""
    settings: dict[str, Any] = dict(bind="127.0.0.1", port=0, bot_pause=0.0, hello_timeout=WAIT, open_timeout=WAIT,
                                    penalty=0.01, max_penalty=0.2)
    settings.update(changes)
    return HostConfig(**settings)


def near_miss(code: str) -> str:
    """`code` (or a link ending in it) with its last group of four changed: always wrong."""
    last = code[-4:]
    return code[:-4] + ("ZZZZ" if last != "ZZZZ" else "YYYY")


def new_table(players: int = 2, seed: int = 1, seats: list[str] | None = None) -> Session:
    names = ["Ann", "Bob", "Cy"][:players]
    seats = seats or ["human"] * players
    codes = TableCodes(tuple(new_code() if kind == "human" else None for kind in seats), new_code())
    return Session(load_deck(), names, seed, seats=seats, codes=codes)


async def open_host(session: Session, **changes: Any) -> Host:
    assert session.codes is not None
    host = Host(session, session.codes, fast_config(**changes))
    await host.start()
    return host


def client(port: int, code: str, scheme: str = "ws", **options: Any) -> Client:
    options.setdefault("min_backoff", 0.02)
    options.setdefault("max_backoff", 0.2)
    return Client(f"{scheme}://127.0.0.1:{port}/", code, **options).start()


async def play_turns(clients: dict[int, Client], rng: random.Random, count: int | None = None,
                     others: list[Client] = ()) -> int:
    """Play `count` decisions (None: to the end), each by the client of the seat to move,
    chosen at random from its own view's legal moves; every client sees each one arrive.
    A table in its lobby is waited for until its game starts."""
    made = 0
    everyone = [*clients.values(), *others]
    first = next(iter(clients.values()))
    while count is None or made < count:
        state = await first.wait_for(lambda s: not s.lobby, WAIT)  # a lobby (`pier18 host`) waits for everyone
        if state.table.is_terminal():
            break
        turn, seat = state.turn, state.table.current_player
        if seat not in clients:  # a bot's turn: the host plays it
            await first.wait_turn(turn + 1, WAIT)
            continue
        mine = await clients[seat].wait_for(lambda s: s.turn >= turn and not s.lobby, WAIT)
        assert mine.turn == turn and mine.you is not None and mine.my_turn
        await clients[seat].decide(rng.choice(mine.you.legal))
        for c in everyone:
            await c.wait_turn(turn + 1, WAIT)
        made += 1
    return made


async def close_table(clients: dict[int, Client], host: Host) -> None:
    """Close every client, then the host: the end of each networked test."""
    for one in clients.values():
        await one.close()
    await host.close()


def replayed(session: Session) -> Game:
    """The finished game the engine makes of the host's record, read back from JSON."""
    again = record.loads(record.dumps(session))
    game = Game.replay(again.deck, again.players, again.seed, again.decisions, again.first_player, again.deal)
    assert game.is_terminal()
    return game


def engine_totals(session: Session) -> tuple[int, ...]:
    """The final totals the engine gives for the host's record, read back from JSON."""
    return replayed(session).returns()

