"""Keys that work anywhere, the terminal-size guard, and random key mashing."""

from __future__ import annotations

import asyncio
import random

from textual.widgets import MarkdownViewer

from pier18.tui.app import MIN_SIZE
from pier18.tui.resources import rules_path, rules_text
from tui_helpers import make_app, screen_name

MASH_KEYS = ["enter", "escape", "up", "down", "left", "right", "1", "2", "3", "4", "0", "n", "question_mark", "ctrl+q", "space"]


def test_random_keys_never_crash_or_lose_a_card(tui_deck):
    async def run():
        rng = random.Random(18)
        app = make_app(tui_deck, 3, 9)
        async with app.run_test(size=(100, 30)) as pilot:
            for _ in range(40):
                await pilot.press(*(rng.choice(MASH_KEYS) for _ in range(10)))
                await pilot.pause()
                game = app.session.game
                assert sorted(game.cards_in_play()) == sorted(tui_deck)
                assert app.is_running
                assert len(game.history) == len(app.session.decisions)
            assert app.session.decisions, "the mash made no decision at all"

    asyncio.run(run())


def test_ctrl_q_asks_first_while_a_game_is_running(tui_deck):
    async def run():
        app = make_app(tui_deck, 2, 1)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("ctrl+q")
            await pilot.pause()
            assert screen_name(app) == "QuitScreen"
            await pilot.press("n")
            await pilot.pause()
            assert screen_name(app) == "PassScreen"
            await pilot.press("ctrl+q", "y")
            await pilot.pause()
            assert not app.is_running

    asyncio.run(run())


def test_help_and_rules_open_and_close(tui_deck):
    async def run():
        app = make_app(tui_deck, 2, 1)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("question_mark")
            await pilot.pause()
            assert screen_name(app) == "HelpScreen"
            await pilot.press("escape", "r")
            await pilot.pause()
            assert screen_name(app) == "RulesScreen"
            assert app.screen.query_one(MarkdownViewer)
            await pilot.press("escape")
            await pilot.pause()
            assert screen_name(app) == "PassScreen"

    asyncio.run(run())


def test_the_rules_text_ships_from_docs():
    assert rules_path().is_file()
    assert rules_text().startswith("# ")


def test_too_small_shows_a_message_and_resizing_keeps_the_game(tui_deck):
    async def run():
        app = make_app(tui_deck, 2, 2)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("enter", "enter")
            await pilot.pause()
            decisions = list(app.session.decisions)
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            assert screen_name(app) == "TooSmallScreen"
            assert f"needs {MIN_SIZE[0]}×{MIN_SIZE[1]}" in app.screen.message()
            await pilot.press("enter", "down", "enter")  # ignored while too small
            await pilot.pause()
            assert app.session.decisions == decisions
            await pilot.resize_terminal(*MIN_SIZE)
            await pilot.pause()
            assert screen_name(app) == "PassScreen"
            assert app.session.decisions == decisions

    asyncio.run(run())


def test_starting_in_a_small_terminal_shows_the_message(tui_deck):
    async def run():
        app = make_app(tui_deck, 2, 2, names=None)
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            assert screen_name(app) == "TooSmallScreen"
            await pilot.resize_terminal(100, 30)
            await pilot.pause()
            assert screen_name(app) == "NamesScreen"

    asyncio.run(run())
