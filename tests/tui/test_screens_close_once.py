"""A second Enter or click that arrives while a screen is closing is dropped.

Textual's `dismiss` pops whatever screen is on top, so a screen that closed twice used
to close the table under it too (and a placement could be decided twice). The keys
and clicks here are queued together, before the app has handled the first, as a
person's key repeat or double click does.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil

from textual import events
from textual.screen import Screen

import pier18.tui.screens as screens_package
from pier18.engine import Game, Phase
from pier18.tui.screens.closing import ClosesOnce, unless_leaving
from tui_helpers import make_app, screen_name, settled, wait_until


def stack(app) -> list[str]:
    return [type(screen).__name__ for screen in app.screen_stack]


def twice(app, key: str = "enter") -> None:
    for _ in range(2):
        app.post_message(events.Key(key, "\r" if key == "enter" else None))


def first_choices(deck, players: int, seed: int, until) -> list:
    game = Game(deck, players, seed)
    while not until(game):
        game.apply(game.legal_decisions()[0])
    return list(game.decisions)


async def test_enter_twice_on_the_set_up_choice_keeps_once_and_keeps_the_table(tui_deck):
    app = make_app(tui_deck, 2, 5)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(app) == "KeepScreen", "Ann's set-up")
        twice(app)
        await settled(pilot)
        assert len(app.session.decisions) == 1
        assert stack(app) == ["Screen", "TableScreen", "PassScreen"] and app.screen.player == "Bob"


async def test_enter_twice_on_a_placement_places_once_and_keeps_the_table(tui_deck):
    decisions = first_choices(tui_deck, 2, 5, lambda game: game.phase is Phase.DRAFT)

    app = make_app(tui_deck, 2, 5, decisions=decisions)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "TableScreen", "the draft")
        await pilot.press("1", "enter")
        await wait_until(pilot, lambda: screen_name(app) == "PlaceScreen", "the placement")
        twice(app)
        await settled(pilot)
        assert len(app.session.decisions) == len(decisions) + 1
        assert stack(app) == ["Screen", "TableScreen", "PassScreen"]  # the laptop goes to Bob


async def test_a_double_click_on_the_pass_screen_keeps_the_table(tui_deck):
    app = make_app(tui_deck, 2, 5)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "PassScreen", "the pass screen")
        for _ in range(2):
            app.screen.post_message(events.Click(app.screen, 5, 5, 0, 0, 1, False, False, False))
        await settled(pilot)
        assert stack(app) == ["Screen", "TableScreen", "KeepScreen"]


def test_every_screen_that_closes_itself_closes_once():
    """New screens too: any screen class in `pier18.tui.screens` that calls `dismiss`."""
    closing = []
    for module_info in pkgutil.iter_modules(screens_package.__path__):
        module = importlib.import_module(f"{screens_package.__name__}.{module_info.name}")
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ != module.__name__ or not issubclass(cls, Screen):
                continue
            tree = ast.parse(inspect.getsource(cls))
            calls = [node for node in ast.walk(tree) if isinstance(node, ast.Attribute) and node.attr == "dismiss"]
            if calls:
                closing.append(cls)
                assert issubclass(cls, ClosesOnce), f"{cls.__name__} dismisses itself but is no ClosesOnce"
    assert len(closing) >= 8  # pass, keep, place, patron, confirm, help, rules, names, resume...


def test_every_screen_that_draws_on_mount_skips_it_once_the_app_is_leaving():
    """A screen pushed just before the app quits can be mounted after its widgets are gone
    (a seat's table whose host sent news as the seat left: NoMatches 'MoreBelow'), so every
    screen's `on_mount` in `pier18.tui.screens` is wrapped in `unless_leaving`."""
    guard = unless_leaving(lambda screen: None).__code__
    mounting = []
    for module_info in pkgutil.iter_modules(screens_package.__path__):
        module = importlib.import_module(f"{screens_package.__name__}.{module_info.name}")
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ != module.__name__ or not issubclass(cls, Screen) or "on_mount" not in vars(cls):
                continue
            mounting.append(cls)
            assert vars(cls)["on_mount"].__code__ is guard, f"{cls.__name__}.on_mount is not wrapped in unless_leaving"
    assert len(mounting) >= 5  # table, keep, place, patron, final, replay...


async def test_a_closed_screens_queued_drawing_does_nothing(tui_deck):
    """A screen queues drawing for after a refresh (the preview drawn ahead, room measured);
    when it has been closed meanwhile its widgets are being taken down, and the queued
    drawing must not look for them (CI once failed on `#place-pier` gone)."""
    decisions = first_choices(tui_deck, 2, 5, lambda game: game.phase is Phase.DRAFT)
    app = make_app(tui_deck, 2, 5, decisions=decisions)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "TableScreen", "the draft")
        await pilot.press("1", "enter")
        await wait_until(pilot, lambda: screen_name(app) == "PlaceScreen", "the placement")
        place = app.screen

        def gone(*args, **kwargs):
            raise AssertionError("a closed screen looked for its widgets")

        app.pop_screen()  # off the stack at once; its widgets go later
        assert place.is_attached and place not in app.screen_stack
        place.previews = gone
        place.query_one = gone
        place._draw_ahead()
        place._measure_room()
        await settled(pilot)


async def test_a_closed_set_up_screens_queued_measure_does_nothing(tui_deck):
    app = make_app(tui_deck, 2, 5)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(app) == "KeepScreen", "Ann's set-up")
        keep = app.screen

        def gone(*args, **kwargs):
            raise AssertionError("a closed screen looked for its widgets")

        app.pop_screen()
        assert keep.is_attached and keep not in app.screen_stack
        keep.query_one = gone
        keep._measure_room()
        await settled(pilot)
