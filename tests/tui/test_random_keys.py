"""Random keys and clicks in every app but `play`'s (that one is in test_tui_keys.py):
the replay, a seat joined to a real host, and the host's own seat. Never a crash, never
a Textual feature the project does not test (the command palette is off everywhere).
"""

from __future__ import annotations

import inspect
import pkgutil
import random
from importlib import import_module

import pytest
from textual.app import App

import pier18.tui
from net_support import new_table, open_host
from pier18.net.client import Client
from pier18.session import Session
from pier18.tui.crash_hook import CrashHook
from pier18.tui.exits import BaseApp
from pier18.tui.screens.replay import ReplayApp
from pier18.tui.seat_app import SeatApp
from tui_helpers import RANDOM_KEYS, mash


def test_every_app_ends_as_pier18_apps_end():
    """Every Textual app in pier18.tui (a `learn` app too, one day) is a `BaseApp`: the
    same crash handling, signal handling and no command palette."""
    apps = set()
    for module in pkgutil.walk_packages(pier18.tui.__path__, "pier18.tui."):
        for _, value in inspect.getmembers(import_module(module.name), inspect.isclass):
            if issubclass(value, App) and value.__module__.startswith("pier18."):
                apps.add(value)
    apps -= {CrashHook, BaseApp}  # the bases themselves
    assert {ReplayApp, SeatApp} <= apps
    for app in apps:
        assert issubclass(app, BaseApp), f"{app.__name__} is not a BaseApp"
        assert app.ENABLE_COMMAND_PALETTE is False


async def test_random_keys_in_the_replay(tui_deck):
    session = Session(tui_deck, ["Ann", "Bob", "Cy"], 4)
    rng = random.Random(4)
    while not session.game.is_terminal():
        session.apply(rng.choice(session.game.legal_decisions()))
    keys = [key for key in RANDOM_KEYS if key != "escape"] + ["left", "right"] * 5  # escape and q quit
    await mash(lambda: ReplayApp(session, step=20), random.Random(5), 200, keys)


@pytest.mark.parametrize("desk", [False, True], ids=["joined seat", "host's own seat"])
async def test_random_keys_at_a_seat_of_a_hosted_table(desk):
    """Ann plays by whatever keys come: joined, against the host's random bot; at the
    host's own seat (where `b` and `j` work too) Bob never comes, until keys hand his
    seat to a bot."""
    session = new_table(2, 13) if desk else new_table(2, 13, seats=["human", "random"])

    host = await open_host(session)

    def seat() -> SeatApp:
        link = Client(f"ws://127.0.0.1:{host.port}/", session.codes.seats[0], min_backoff=0.02, max_backoff=0.2)
        if desk:
            return SeatApp(link, desk=host, join_lines=["Bob: pier18 join …"])
        return SeatApp(link)

    def check(app: SeatApp) -> None:
        assert app.problem is None

    keys = (*RANDOM_KEYS, "ctrl+q", "b", "j", "enter", "enter")  # no "y": a quit is asked, not answered
    try:
        await mash(seat, random.Random(14 + desk), 150, keys, check=check)
    finally:
        await host.close()
    assert session.decisions, "the keys made no decision at all"
