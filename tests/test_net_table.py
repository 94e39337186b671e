"""The networked table as its players meet it: the host's lobby, set-up and the Plan
placement chosen by every seat at once, and the bell when a choice opens.

A real host on 127.0.0.1 and `SeatApp` pilots, each seat in its own task of one event
loop, driven by key presses; what should happen is read from the host's engine.
"""

from __future__ import annotations

import asyncio
import random

import pytest

from net_support import WAIT, client, new_table, open_host
from pier18.engine import Phase
from pier18.net.client import Client
from pier18.tui.seat_app import SeatApp
from test_net_seat_app import SIZE, name, near_the_end, screen_text, until


def seat_app(port: int, code: str, **options) -> SeatApp:
    link = Client(f"ws://127.0.0.1:{port}/", code, min_backoff=0.02, max_backoff=0.2)
    return SeatApp(link, **options)


def to_the_plan(session, seed: int) -> None:
    """Random legal decisions until the Plan placement."""
    rng = random.Random(seed)
    while session.game.phase is not Phase.PLAN:
        session.apply(rng.choice(session.game.legal_decisions()))


async def to_screen(pilot, app: SeatApp, wanted: str, what: str) -> None:
    """Until `wanted` is on top, closing the Patron panel of the round that just ended."""
    for _ in range(20):
        await until(pilot, lambda: name(app) in (wanted, "PatronScreen"), what)
        if name(app) == wanted:
            return
        await pilot.press("escape")
    raise AssertionError(f"never got to {what}")


def status(app: SeatApp) -> str:
    """The table's status line (under any screen open over the table)."""
    table = app.table()
    return "" if table is None else str(table.query_one("#status").render())


# -- set-up and the Plan placement, every seat at once ---------------------------------------


@pytest.mark.parametrize("phase", [Phase.SETUP, Phase.PLAN])
async def test_both_seats_choose_at_the_same_time_and_neither_waits(phase):
    """Ann and Bob, each at their own app: both choice screens (Plan and Foundation, or
    the Plan placement) are open at once; Bob, whose turn it is not, chooses first and
    the host keeps it; his table says he waits for Ann, hers says Bob has chosen (never
    what) and her own choice stays open; then she chooses and the game goes on."""
    session = new_table(2, 31)
    if phase is Phase.PLAN:
        to_the_plan(session, 31)
    screen = "KeepScreen" if phase is Phase.SETUP else "PlaceScreen"
    choose = ("enter", "enter") if phase is Phase.SETUP else ("enter",)  # set-up: the Plan, then the Foundation
    game = session.game
    assert game.current_player == 0  # Bob chooses ahead of his turn
    bobs_cards = set(game.hands[1])
    opened = {0: asyncio.Event(), 1: asyncio.Event()}
    bob_done = asyncio.Event()
    seen: dict[str, object] = {}

    async def both_open(pilot) -> None:
        for event in opened.values():
            await asyncio.wait_for(event.wait(), WAIT)
        assert all(game.legal_decisions_for(seat) for seat in (0, 1))  # nobody has chosen yet

    async def bob(port: int) -> None:
        app = seat_app(port, session.codes.seats[1])
        try:
            async with app.run_test(size=SIZE) as pilot:
                await to_screen(pilot, app, screen, "Bob's choice screen")
                opened[1].set()
                await both_open(pilot)
                await pilot.press(*choose)
                await until(pilot, lambda: game.has_chosen(1), "Bob's choice at the host")
                await until(pilot, lambda: name(app) == "TableScreen" and "waiting for Ann" in status(app),
                            "Bob's table waiting for Ann")
                seen["bob"] = status(app)
                seen["made while Bob waits"] = len(session.decisions)
                bob_done.set()
                await until(pilot, lambda: game.phase is not phase, "the phase over")
        finally:
            await app.client.close()

    async def ann(port: int) -> None:
        app = seat_app(port, session.codes.seats[0])
        try:
            async with app.run_test(size=SIZE) as pilot:
                await to_screen(pilot, app, screen, "Ann's choice screen")
                opened[0].set()
                await both_open(pilot)
                await asyncio.wait_for(bob_done.wait(), WAIT)
                await until(pilot, lambda: "Bob has" in status(app), "Ann's table saying Bob has chosen")
                seen["ann"], seen["ann's screen"], seen["ann sees"] = status(app), name(app), screen_text(app)
                await pilot.press(*choose)
                await until(pilot, lambda: game.phase is not phase, "the phase over")
        finally:
            await app.client.close()

    host = await open_host(session)
    try:
        await asyncio.gather(ann(host.port), bob(host.port))
    finally:
        await host.close()
    done = "chosen" if phase is Phase.SETUP else "placed the Plan card"
    assert seen["bob"].endswith(f"you have {done}; waiting for Ann")
    assert seen["ann"].endswith(f"Bob has {done}; waiting for you")
    assert seen["ann's screen"] == screen  # Bob's choice did not close hers
    if phase is Phase.SETUP:
        assert seen["made while Bob waits"] == 0  # kept at the host, ahead of his turn
        names = [session.deck[c].name for c in bobs_cards]
        assert [n for n in names if n in seen["ann sees"]] == []  # who has chosen, never what
        assert game.phase is Phase.DRAFT
    else:
        assert game.phase is Phase.OVER
    assert [seat for seat, _ in game.history[-2:]] == [0, 1]


async def test_bots_at_the_host_choose_at_once():
    """Two bot seats of a 3-player table make their set-up choices without waiting for
    the person before them: both are kept at the host while Ann has not chosen."""
    session = new_table(3, 32, seats=["human", "random", "random"])
    host = await open_host(session)
    ann = client(host.port, session.codes.seats[0])
    try:
        await ann.wait_for(lambda s: s.table.chosen[1] and s.table.chosen[2], WAIT)
        assert session.decisions == [] and session.game.current_player == 0
        state = await ann.wait_for(lambda s: s.my_turn, WAIT)
        assert state.turn == 0
    finally:
        await ann.close()
        await host.close()


# -- the lobby -----------------------------------------------------------------------------


@pytest.mark.parametrize("start", ["Bob comes", "s"])
async def test_the_host_opens_on_a_lobby_with_the_join_lines_and_who_is_here(start):
    """The host's first screen is the lobby: Bob's join line, the spectator's, who is
    here. Nobody can choose yet. The game starts when Bob comes, or at once when the
    host presses `s` (a bot playing Bob's seat until he comes)."""
    session = new_table(2, 33)
    host = await open_host(session, lobby=True)
    joins = ["Bob: pier18 join 127.0.0.1:1 BOBS-CODE", "to watch: pier18 join 127.0.0.1:1 --watch SEE"]
    app = seat_app(host.port, session.codes.seats[0], desk=host, join_lines=joins)
    bob = None
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: name(app) == "LobbyScreen" and "Ann (you)" in screen_text(app), "the lobby")
            first = screen_text(app)
            assert not app.my_turn() and not host.started
            if start == "s":
                await pilot.press("s")
            else:
                bob = client(host.port, session.codes.seats[1])
                await until(pilot, lambda: host.started, "the game started")
            await until(pilot, lambda: name(app) == "KeepScreen", "Ann's set-up screen")
            covered = set(host.covered)
    finally:
        if bob is not None:
            await bob.close()
        await app.client.close()
        await host.close()
    for line in ["Bob: not here yet", *joins, "To join this table, each player types their line:"]:
        assert line in first
    assert covered == ({1} if start == "s" else set())


async def test_a_lobby_refuses_decisions_and_starts_when_every_seat_is_filled():
    session = new_table(3, 34)
    host = await open_host(session, lobby=True)
    ann = client(host.port, session.codes.seats[0])
    bob = cy = None
    try:
        state = await ann.wait_for(lambda s: s.lobby, WAIT)
        assert not state.my_turn and state.you.legal == ()
        legal = str(session.game.legal_decisions_for(0)[0])  # a choice of her own cards: refused all the same
        await ann.send_raw({"type": "decide", "decision": legal, "turn": 0})
        await ann.until(lambda: bool(ann.refusals), WAIT)
        assert ann.refusals == ["the game has not started yet"] and session.decisions == []
        bob = client(host.port, session.codes.seats[1])
        await bob.wait_for(lambda s: s.lobby and s.waiting_for == (2,), WAIT)
        assert host.status() == "lobby: Ann and Bob are here; waiting for Cy"
        cy = client(host.port, session.codes.seats[2])
        for link in (ann, bob, cy):
            state = await link.wait_for(lambda s: not s.lobby, WAIT)
            assert state.my_turn  # every seat chooses at once
    finally:
        for link in (ann, bob, cy):
            if link is not None:
                await link.close()
        await host.close()


# -- the bell ------------------------------------------------------------------------------


@pytest.mark.parametrize("quiet", [False, True])
async def test_the_bell_rings_once_as_each_choice_opens_and_never_when_quiet(quiet):
    """Ann's app rings as her set-up choice opens, each time her turn to draft comes and
    as the Plan placement opens, once each, and never on Bob's turns; with `quiet`
    (`--quiet`) never at all."""
    session = new_table(2, 35)
    near_the_end(session, 2, 35)
    host = await open_host(session, lobby=True)
    bob = client(host.port, session.codes.seats[1])
    app = seat_app(host.port, session.codes.seats[0], quiet=quiet)
    rings: list[object] = []
    app.bell = lambda: rings.append(app.state.moment)
    game = session.game
    made = 0
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: host.started, "the game started")
            for _ in range(60):
                await until(pilot, lambda: game.is_terminal() or app.my_turn() or bob.state.my_turn,
                            "someone to move")
                if game.is_terminal():
                    break
                if bob.state.my_turn and not app.my_turn():  # Bob's turn: no bell for Ann
                    before = len(session.decisions)
                    await bob.decide(bob.state.you.legal[0])
                    await until(pilot, lambda: len(session.decisions) > before or game.has_chosen(1), "Bob's move")
                    continue
                if name(app) == "PatronScreen":
                    await pilot.press("escape")
                    continue
                wanted = "TableScreen" if game.phase is Phase.DRAFT else "PlaceScreen"
                await until(pilot, lambda: name(app) == wanted, "Ann's choice on screen")
                assert len(rings) == (0 if quiet else made + 1)  # rang as it opened, once
                count = len(game.history)
                if wanted == "TableScreen":
                    await pilot.press("1", "enter")
                    await until(pilot, lambda: name(app) == "PlaceScreen", "the placement screen")
                await pilot.press("enter")
                await until(pilot, lambda: len(game.history) > count or game.has_chosen(0), "Ann's move at the host")
                made += 1
            await until(pilot, lambda: game.is_terminal(), "the end")
    finally:
        await bob.close()
        await app.client.close()
        await host.close()
    assert made >= 3  # two drafts and the Plan placement, at least
    assert len(rings) == (0 if quiet else made)
    assert quiet or len(set(rings)) == made  # each for a choice of its own
