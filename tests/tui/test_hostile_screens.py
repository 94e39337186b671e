"""Games with hostile player names and card names: every screen shows them literally,
nothing is read as markup, and no escape code reaches the screen. (The whole game by
keys with the fixed markup sample is the privacy game in test_table_people_trust.py.)"""

from __future__ import annotations

import asyncio
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hostile import hostile_deck, hostile_text
from pier18.engine import load_deck
from pier18.tui.app import Pier18App
from tui_helpers import (
    ScreenWatcher, check_final_screen, keyed_game, make_app, play_by_keys, screen_name, start_with_names, typed_name, wait_until,
)


async def play_round_one(deck, raw_names: list[str], seed: int) -> tuple[list[str], set[str]]:
    """Type `raw_names` on the names screen and play round 1 by keys (every kind of turn
    screen: pass, keep, table, place, patron); then the engine plays the rest and the app
    reopens the finished game as it opens a save, so the final screen is checked too."""
    players = len(raw_names)
    app = make_app(deck, players, seed, names=None)
    rng = random.Random(seed)
    async with app.run_test(size=(120, 40)) as pilot:
        names = await start_with_names(pilot, app, raw_names)
        watcher = ScreenWatcher(names)

        def round_one(app) -> None:
            watcher(app)
            if screen_name(app) == "PatronScreen":
                raise RoundOver

        with pytest.raises(RoundOver):
            await play_by_keys(pilot, app, rng, on_screen=round_one)
        session = app.session
    assert session.game.awards, "round 1 did not end"
    for decision in keyed_game(deck, players, seed, rng, start=session.decisions):
        session.apply(decision)
    app = Pier18App(players, lambda chosen: session, session=session, bot_pause=0.0, last_move_pause=0.0)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "FinalScreen", "the final screen")
        check_final_screen(app, names)
    return names, watcher.seen


class RoundOver(Exception):
    pass


def _distinct(raw_names: list[str]) -> bool:
    made = [typed_name(raw, seat).lower() for seat, raw in enumerate(raw_names)]
    return len(set(made)) == len(made)


# Round 1 by pilot each (the whole game by keys with the fixed markup sample is the
# privacy game in test_table_people_trust.py): a few examples, the same ones every run
# (derandomize), so a failure here is never a one-off.
@settings(max_examples=2, deadline=None, derandomize=True)
@given(
    raw_names=st.lists(hostile_text(3), min_size=2, max_size=2).filter(_distinct),
    card_names=st.lists(hostile_text(3), min_size=1, max_size=4),
    seed=st.integers(0, 50),
)
def test_any_hostile_names_play_a_whole_game_and_show_literally(raw_names, card_names, seed):
    with tempfile.TemporaryDirectory() as folder:
        deck = load_deck(hostile_deck(Path(folder) / "deck.toml", card_names, card_names))
    names, seen = asyncio.run(play_round_one(deck, raw_names, seed))
    assert all(name.isprintable() for name in names)
    assert {"PassScreen", "KeepScreen", "TableScreen", "PlaceScreen", "PatronScreen"} <= seen


def test_a_bot_error_that_looks_like_markup_is_a_plain_notice(tui_deck):
    """Notices quote outside text (a bot's error, a file path): never read as markup."""

    class Broken:
        def choose(self, view):
            raise ValueError("[/] closing tag from nowhere [@click=app.quit]")

    async def run():
        app = make_app(tui_deck, 2, 7, seats=["random", "human"], names=["Broken bot", "Ann"],
                       bot_provider=lambda level, seat: Broken())
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await wait_until(pilot, lambda: screen_name(app) == "KeepScreen", "the game after the bot's move")
            message = "[/] closing tag from nowhere [@click=app.quit]"
            # A toast draws its message when shown: read as markup, this one would raise.
            await wait_until(pilot, lambda: any(message in toast.render().plain for toast in app.screen.query("Toast")),
                             "the notice, drawn")
            assert app.is_running and screen_name(app) == "KeepScreen"

    asyncio.run(run())
