"""Whole games with hostile player names and card names: every screen shows them
literally, nothing is read as markup, and no escape code reaches the screen."""

from __future__ import annotations

import asyncio
import random
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from textual.widgets import Input

from hostile import SAMPLES, hostile_deck, hostile_text
from pier18.engine import load_deck
from pier18.engine.text import printable
from pier18.tui.app import Pier18App
from tui_helpers import keyed_game, make_app, play_by_keys, screen_name, shown, wait_until

ESC = "\x1b"


def typed_name(raw: str, seat: int) -> str:
    """The name the names screen should make of what was typed (the test's own oracle)."""
    return printable(raw.strip()) or f"Player {seat + 1}"


class ScreenWatcher:
    """Checks, on every screen of a game, that each name it must show is there literally."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.seen: set[str] = set()
        self._checked: set[tuple[int, int]] = set()

    def __call__(self, app) -> None:
        name = screen_name(app)
        screen, game = app.screen, app.session.game
        if (id(screen), len(game.history)) in self._checked:
            return  # drawing every widget again for each key press would only be slow
        self._checked.add((id(screen), len(game.history)))
        self.seen.add(name)
        texts = {widget.id: shown(widget) for widget in screen.query("Static") if widget.id}
        for text in texts.values():
            assert ESC not in text and "\x07" not in text
        if name == "PassScreen":
            assert f"Pass the laptop to {self.names[game.current_player]}" in texts["pass-message"]
        elif name == "KeepScreen":
            assert texts["keep-help"].startswith(f"{self.names[game.current_player]}, your three cards")
        elif name == "PlaceScreen":
            card = screen.card
            assert f"{self.names[game.current_player]} places" in texts["place-help"]
            assert f"#{card.id} {card.name}" in texts["place-help"]
        elif name == "TableScreen":
            assert f" {self.names[game.current_player]}'s turn " in texts["status"]
            for seat, player in enumerate(self.names):
                assert player in texts[f"pier-{seat}"].splitlines()[0]
        elif name == "PatronScreen":
            card = game.deck[game.awards[-1].card]
            assert f"#{card.id} {card.name}" in texts["patron-panel"]
            for player in self.names:
                assert player in texts["patron-panel"]


async def play_named_game(deck, raw_names: list[str], seed: int, whole: bool = True) -> tuple[list[str], set[str]]:
    """Type `raw_names` on the names screen and play the game to its end by keys; unless
    `whole`, only round 1 by keys (every kind of turn screen: pass, keep, table, place,
    patron), then the engine plays the rest and the app reopens the finished game as it
    opens a save, so the final screen is checked too."""
    players = len(raw_names)
    app = make_app(deck, players, seed, names=None)
    rng = random.Random(seed)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "NamesScreen", "the names screen")
        for seat, raw in enumerate(raw_names):
            app.screen.query_one(f"#name-{seat}", Input).value = raw
        app.screen.action_start()
        await wait_until(pilot, lambda: app.session is not None, "the game to start")
        names = [typed_name(raw, seat) for seat, raw in enumerate(raw_names)]
        assert app.session.names == names
        watcher = ScreenWatcher(names)

        def round_one(app) -> None:
            watcher(app)
            if screen_name(app) == "PatronScreen":
                raise RoundOver

        try:
            await play_by_keys(pilot, app, rng, on_screen=watcher if whole else round_one)
        except RoundOver:
            pass
        session = app.session
        if whole:
            await check_final_screen(app, pilot, names)
    if not whole:
        assert session.game.awards, "round 1 did not end"
        for decision in keyed_game(deck, players, seed, rng, start=session.decisions):
            session.apply(decision)
        app = Pier18App(players, lambda chosen: session, session=session, bot_pause=0.0, last_move_pause=0.0)
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_until(pilot, lambda: screen_name(app) == "FinalScreen", "the final screen")
            await check_final_screen(app, pilot, names)
    return names, watcher.seen


async def check_final_screen(app, pilot, names: list[str]) -> None:
    assert screen_name(app) == "FinalScreen" and app.session.game.is_terminal()
    final = shown(app.screen.query_one("#final-table"))
    assert all(name in final for name in names) and ESC not in final
    assert ESC not in app.export_screenshot()


class RoundOver(Exception):
    pass


def test_names_and_card_names_that_look_like_markup_play_a_whole_game():
    """The crash this suite started from: `x[/b]` as a name broke the pass-the-laptop screen."""
    with tempfile.TemporaryDirectory() as folder:
        deck = load_deck(hostile_deck(Path(folder) / "deck.toml", SAMPLES, SAMPLES))
    names, seen = asyncio.run(play_named_game(deck, ["x[/b]", "Ann[/]", "[link=file:///etc/passwd]"], seed=4))
    assert names == ["x[/b]", "Ann[/]", "[link=file:///etc/passwd]"]
    assert {"PassScreen", "KeepScreen", "TableScreen", "PlaceScreen", "PatronScreen"} <= seen


def _distinct(raw_names: list[str]) -> bool:
    made = [typed_name(raw, seat).lower() for seat, raw in enumerate(raw_names)]
    return len(set(made)) == len(made)


# Round 1 by pilot each (the whole game by keys is the test above): a few examples, the
# same ones every run (derandomize), so a failure here is never a one-off.
@settings(max_examples=2, deadline=None, derandomize=True)
@given(
    raw_names=st.lists(hostile_text(3), min_size=2, max_size=2).filter(_distinct),
    card_names=st.lists(hostile_text(3), min_size=1, max_size=4),
    seed=st.integers(0, 50),
)
def test_any_hostile_names_play_a_whole_game_and_show_literally(raw_names, card_names, seed):
    with tempfile.TemporaryDirectory() as folder:
        deck = load_deck(hostile_deck(Path(folder) / "deck.toml", card_names, card_names))
    names, seen = asyncio.run(play_named_game(deck, raw_names, seed, whole=False))
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
