"""Driving the app by key presses only, while predicting each decision from the engine.

The prediction uses only the engine (`legal_decisions()` order, `revealed` order, the
pier's `covers()`), never the app, so a test fails if a key does something else.
"""

from __future__ import annotations

import random
from pathlib import Path

from rich.console import Console

from pier18.engine import Decision, Draft, Phase, PlacePlan
from pier18.persist.session import Session
from pier18.tui.app import Pier18App

NAMES = ["Ann", "Bob", "Cy"]
DECK_FILE = Path(__file__).with_name("deck.toml")


def make_app(
    deck, players: int, seed: int, names: list[str] | None = NAMES, seats=None, bot_provider=None, hint_bot=None,
    last_move_pause: float = 0.0, decisions=(),
) -> Pier18App:
    """The app as `pier18 play` makes it; `decisions` already made start the game part-way
    (as a resumed save does), so a test can begin near the moment it is about."""

    def new_session(chosen: list[str]) -> Session:
        return Session(deck, chosen, seed, seats=list(seats or []), decisions=list(decisions))

    return Pier18App(
        players,
        new_session,
        names=names[:players] if names else None,
        bot_provider=bot_provider,
        seats=list(seats) if seats else None,
        bot_pause=0.0,  # no waiting in tests: the bots' pause is for people watching
        hint_bot=hint_bot,
        last_move_pause=last_move_pause,  # 0: the Patron panel at once, unless a test asks
    )


async def wait_until(pilot, condition, what: str = "the condition", tries: int = 400) -> None:
    """Let the app (and its bot or hint worker threads) run until `condition()` holds."""
    for _ in range(tries):
        if condition():
            return
        await pilot.pause(0.01)
    raise AssertionError(f"timed out waiting for {what}")


async def press_until(pilot, condition, key, what: str, tries: int = 500) -> None:
    """Press `key()` (a key name, chosen afresh each time) until `condition()` holds;
    fails after `tries` presses instead of looping for ever."""
    for _ in range(tries):
        if condition():
            return
        await pilot.press(key())
        await pilot.pause()
    raise AssertionError(f"gave up waiting for {what} after {tries} key presses: {screen_name(pilot.app)}")


def text_of(renderable, width: int = 120) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def shown(widget, width: int = 200) -> str:
    """The plain text a Static widget shows now (markup and styles dropped)."""
    content = widget.content
    if isinstance(content, str):
        from rich.text import Text

        content = Text.from_markup(content)
    return text_of(content, width)


def screen_name(app) -> str:
    return type(app.screen).__name__


async def take_first_choices_until(pilot, app: Pier18App, condition, what: str, tries: int = 3000) -> None:
    """Play the people's turns with the first card and the highlighted choice (bots move
    on their own) until `condition()` holds."""
    for _ in range(tries):
        if condition():
            return
        await pilot.pause(0.01)
        session = app.session
        if session.is_bot(session.game.current_player) and screen_name(app) == "TableScreen":
            continue  # a bot is choosing
        if screen_name(app) == "TableScreen":
            await pilot.press("1")
            await pilot.pause()
        if screen_name(app) in ("KeepScreen", "PlaceScreen", "PatronScreen"):
            await pilot.press("enter")
    raise AssertionError(f"timed out waiting for {what}: {screen_name(app)}, {app.session.game.phase}")


async def play_by_keys(pilot, app: Pier18App, rng: random.Random, on_screen=None) -> list[Decision]:
    """Play to the final screen; returns the decisions the keys should have made.

    `on_screen(app)`, if given, looks at every screen before a key is pressed on it.
    """
    expected: list[Decision] = []
    for _ in range(2000):
        await pilot.pause()
        name = screen_name(app)
        game = app.session.game
        if on_screen is not None:
            on_screen(app)
        if name == "FinalScreen":
            return expected
        if not game.is_terminal() and app.session.is_bot(game.current_player) and name == "TableScreen":
            await pilot.pause(0.01)  # a bot is deciding in its worker thread
            continue
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
