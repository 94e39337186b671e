"""Pilot tests of the `pier18 replay` screen: left/right step through the record.

Each test is an `async def` (pytest-asyncio runs it on an event loop of its own).
"""

from __future__ import annotations

import random

from rich.console import Console

from pier18.persist import record
from pier18.cli import main
from pier18.engine import Game, Phase
from pier18.session import Session
from pier18.tui.screens.replay import ReplayApp, ReplayScreen


def finished(deck, players: int = 3, seed: int = 5) -> Session:
    session = Session(deck, ["Ann", "Bob", "Cy"][:players], seed)
    chooser = random.Random(seed)
    while not session.game.is_terminal():
        session.apply(chooser.choice(session.game.legal_decisions()))
    return session


def text(renderable) -> str:
    console = Console(width=200, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def same(a: Game, b: Game) -> bool:
    return (
        a.phase == b.phase
        and a.current_player == b.current_player
        and a.round == b.round
        and [p.notation() for p in a.piers] == [p.notation() for p in b.piers]
        and a.revealed == b.revealed
        and a.awards == b.awards
        and a.returns() == b.returns()
    )


async def test_left_and_right_step_one_decision_and_stop_at_the_ends(deck):
    session = finished(deck)
    app = ReplayApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.step == 0
        await pilot.press("left")
        assert screen.step == 0
        for step in range(1, len(session.decisions) + 1):
            await pilot.press("right")
            assert screen.step == step
            assert same(screen.game, Game.replay(deck, 3, session.seed, session.decisions[:step]))
            assert f"decision {step} of {len(session.decisions)}" in text(screen.status())
        await pilot.press("right")
        assert screen.step == len(session.decisions) and screen.game.is_terminal()
        await pilot.press("left", "left")
        assert screen.step == len(session.decisions) - 2
        assert same(screen.game, Game.replay(deck, 3, session.seed, session.decisions[:-2]))
        await pilot.press("home")
        assert screen.step == 0 and screen.game.phase is Phase.SETUP
        await pilot.press("end")
        assert screen.step == len(session.decisions)


async def test_the_table_shows_the_step_it_is_at(deck):
    session = finished(deck, players=2, seed=9)
    app = ReplayApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("end")
        await pilot.pause()
        status = text(screen.query_one("#replay-status").content)
        assert "game over" in status
        event = text(screen.event())
        winner = session.game.ranking()[0]
        assert f"1. {session.names[winner.seat]} {winner.total}" in event
        panel = text(screen.query_one("#replay-pier-0").content)
        assert f"total {session.game.score(0).total}" in panel
        await pilot.press("home")
        await pilot.pause()
        assert "set-up" in text(screen.query_one("#replay-status").content)
        assert not screen.query_one("#replay-row").display  # no draft row during set-up


async def test_a_patron_phase_step_says_who_won_the_patron(deck):
    session = finished(deck, players=2, seed=9)
    games = [Game.replay(deck, 2, session.seed, session.decisions[:n]) for n in range(len(session.decisions) + 1)]
    step = next(n for n, g in enumerate(games) if g.awards)
    award = games[step].awards[0]
    app = ReplayApp(session, step=step - 1)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert "Patron phase" not in text(screen.event())
        await pilot.press("right")
        event = text(screen.event())
        assert f"Patron phase: {session.names[award.winner]} wins #{award.card}" in event
        assert len(screen.query_one("#replay-row").children) == len(games[step].revealed)


async def test_an_unfinished_game_replays_up_to_where_it_stopped(deck):
    session = Session(deck, ["Ann", "Bob"], 4)
    chooser = random.Random(4)
    for _ in range(5):
        session.apply(chooser.choice(session.game.legal_decisions()))
    app = ReplayApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("end")
        screen = app.screen
        assert screen.step == 5 and not screen.game.is_terminal()
        assert same(screen.game, session.game)


def test_pier18_replay_without_json_opens_the_replay_app(deck, tmp_path, monkeypatch, at_a_terminal):
    session = finished(deck, players=2)
    path = tmp_path / "game.json"
    record.save(session, path)
    opened: list[Session] = []
    monkeypatch.setattr(ReplayApp, "run", lambda self: opened.append(self.session))
    assert main(["replay", str(path)]) == 0
    assert [str(d) for d in opened[0].decisions] == [str(d) for d in session.decisions]

