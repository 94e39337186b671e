"""Driving the app by key presses only, while predicting each decision from the engine.

The prediction uses only the engine (`legal_decisions()` order, `revealed` order, the
pier's `covers()`), never the app, so a test fails if a key does something else.
"""

from __future__ import annotations

import random
from pathlib import Path

from rich.console import Console

from pier18.engine import Decision, Draft, Phase, PlacePlan
from pier18.session import Session
from pier18.tui.app import Pier18App

NAMES = ["Ann", "Bob", "Cy"]
DECK_FILE = Path(__file__).with_name("deck.toml")


def make_app(deck, players: int, seed: int, names: list[str] | None = NAMES, seats=None, bot_provider=None) -> Pier18App:
    def new_session(chosen: list[str]) -> Session:
        return Session(deck, chosen, seed, seats=list(seats or []))

    return Pier18App(players, new_session, names=names[:players] if names else None, bot_provider=bot_provider)


def text_of(renderable, width: int = 120) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def screen_name(app) -> str:
    return type(app.screen).__name__


async def play_by_keys(pilot, app: Pier18App, rng: random.Random) -> list[Decision]:
    """Play to the final screen; returns the decisions the keys should have made."""
    expected: list[Decision] = []
    for _ in range(500):
        await pilot.pause()
        name = screen_name(app)
        game = app.session.game
        if name == "FinalScreen":
            return expected
        if name in ("PassScreen", "PatronScreen"):
            await pilot.press("enter")
        elif name == "KeepScreen":
            legal = game.legal_decisions()
            index = rng.randrange(len(legal))
            expected.append(legal[index])
            await pilot.press(*(["down"] * index), "enter")
        elif name == "TableScreen":
            assert game.phase is Phase.DRAFT
            number = rng.randrange(len(game.revealed)) + 1
            card = game.revealed[number - 1]
            await pilot.press(str(number))
            await pilot.pause()
            assert screen_name(app) == "PlaceScreen"
            covers = game.piers[game.current_player].covers()
            cover = rng.choice(covers)
            expected.append(Draft(card, cover))
            await pilot.press(*(["down"] * covers.index(cover)), "enter")
        elif name == "PlaceScreen":
            assert game.phase is Phase.PLAN
            covers = game.piers[game.current_player].covers()
            cover = rng.choice(covers)
            expected.append(PlacePlan(cover))
            await pilot.press(*(["down"] * covers.index(cover)), "enter")
        else:  # pragma: no cover - a test failure explains itself
            raise AssertionError(f"unexpected screen {name}")
    raise AssertionError("the game did not end")
