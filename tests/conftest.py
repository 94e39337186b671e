"""Shared fixtures: the game's deck; how pytest-xdist spreads the tests; a cheaper garbage collector."""

from __future__ import annotations

import gc
import os
import sys
import time

# The suite starts dozens of Python processes (xdist workers, `pier18` child processes).
# Where the shell sets PYTHONDONTWRITEBYTECODE, each of them would compile pier18 again
# (about 20 s of CPU over a run); let them keep the compiled modules, as an unset shell does.
# Done before anything imports pier18, and before pytest-xdist starts its workers.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

import pytest  # noqa: E402
import textual_caches  # noqa: E402
import textual_pace  # noqa: E402
import waiting  # noqa: E402

from pier18 import i18n  # noqa: E402
from pier18.engine import load_deck  # noqa: E402

# The suite reads English whatever this machine's locale, and so do the `pier18` children
# it starts (`choose` sets LANGUAGE); a test in another language asks for it (`speaking`).
i18n.choose("en")

# A pilot's key or pause waits for the app to go quiet in 5 ms looks, not 20 ms
# (tests/textual_pace.py): most of the suite's wall time was those sleeps.
textual_pace.quicken()


@pytest.fixture
def at_a_terminal(monkeypatch):
    """A command run in this process takes its streams for a terminal's, as a player's
    shell gives them: the full-screen app (its `run_app` faked by the test), not the
    plain lines a pipe gets (`cli.errors.plain_lines`)."""
    monkeypatch.setattr("pier18.tui.terminal.not_a_terminal", list)


@pytest.fixture
def speaking():
    """`speaking("nl")`: the test goes on in that language; English again after it."""
    def speak(language: str) -> str:
        return i18n.choose(language)

    yield speak
    i18n.choose("en")


@pytest.fixture(scope="session")
def deck():
    return load_deck()


def pytest_collection_finish(session):
    """Garbage collection took a sixth of the suite's CPU: every full collection walked
    the hundreds of thousands of objects that importing Textual, Hypothesis and the
    tests leaves behind, and a running app makes many more. Those modules live until
    the worker ends, so they are frozen out of the collector's sight; and collections
    run less often (every 5,000 allocations instead of 700, a full one after 2,000 young
    ones instead of 100). Cycles of finished apps still go, a little later. A test does
    not wait for the collector: none relies on when a `__del__` runs."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(5000, 20, 100)


@pytest.fixture(autouse=True)
def forget_finished_widgets():
    """After each test, let the widgets of apps that have ended go: Textual keeps up to a
    thousand of them alive in a cache, and every full garbage collection walks them
    (tests/textual_caches.py, the one place the tests use a private Textual name)."""
    yield
    textual_caches.forget_finished_widgets()


@pytest.fixture(autouse=True)
def keys_on_a_screen_in_sight(monkeypatch):
    """A person presses a key, or clicks, on a screen they can see. A game app drops a
    key made before the screen on top was drawn (`GameApp.stale`: it was meant for the
    screen before), so a pilot's key or click waits until the screen on top has been
    drawn (`GameApp.drawn`; `waiting.LIMIT` seconds at most, then it is pressed anyway),
    as a person's would; keys pressed together wait for each screen they come to. The tests
    of the rule itself post their early keys to the app, past the pilot."""
    import asyncio

    from textual.pilot import Pilot

    async def in_sight(pilot) -> None:
        drawn = getattr(pilot.app, "drawn", None)
        end = time.monotonic() + waiting.LIMIT
        while callable(drawn) and not drawn() and pilot.app.is_running and time.monotonic() < end:
            await asyncio.sleep(0.01)

    press, click = Pilot.press, Pilot.click

    async def press_in_sight(self, *keys):
        for key in keys:
            await in_sight(self)
            await press(self, key)

    async def click_in_sight(self, *args, **kwargs):
        await in_sight(self)
        return await click(self, *args, **kwargs)

    monkeypatch.setattr(Pilot, "press", press_in_sight)
    monkeypatch.setattr(Pilot, "click", click_in_sight)


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path, monkeypatch):
    """Autosaves from any test go to a temporary folder, never the player's own."""
    monkeypatch.setenv("PIER18_DATA_DIR", str(tmp_path / "pier18-data"))


#: The tests that take longest by the clock (mostly asleep between key presses), longest
#: first (issue 31's runs: the size sweeps ended the run alone): each is put near the
#: start of a different worker's share, so none starts near the end.
LONGEST = (
    "test_every_screen_lives_through_every_size_down_to_one_cell",
    "test_every_screen_reads_whole[120x40]",
    "test_no_screen_or_question_shows_a_seat_what_it_may_not_know",
    "test_every_seat_at_its_own_app_plays_to_the_end_and_scores_as_the_engine[3-42-None]",
    "test_a_number_never_leaves_any_screen_of_a_game_at_one_laptop",
    "test_random_keys_never_crash_or_lose_a_card",
    "test_every_screen_reads_whole[100x30]",
    "test_at_one_laptop_nothing_drawn_from_one_seats_view_reaches_another_seat",
)


def pytest_collection_modifyitems(items):
    """The Textual tests (tests/tui/ and test_*tui*.py) run first: they are the long ones,
    and with pytest-xdist (`-n auto`) a long test handed out last keeps one worker busy
    while the other has nothing left to do. The order within each part is unchanged.

    With worksteal each worker starts on its own equal slice of this list, in order, so
    each of the `LONGEST` goes a couple of tests into a different slice."""
    items.sort(key=lambda item: "tui" not in item.path.relative_to(item.config.rootpath).as_posix())
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "0"))
    longest = sorted((item for item in items if item.name in LONGEST), key=lambda item: LONGEST.index(item.name))
    if workers < 2 or not longest:
        return
    rest = [item for item in items if item not in longest]
    for slot, item in enumerate(longest):
        rest.insert((slot % workers) * len(items) // workers + 2 + slot // workers, item)
    items[:] = rest


def pytest_xdist_auto_num_workers(config):
    """`-n auto`: two workers per core. A Textual pilot test spends much of its wall time
    asleep (each key press waits until the app has been idle for 20 ms; network tests
    wait on sockets), so with one worker per core the cores were half idle. With
    `--dist worksteal` (pyproject.toml) a worker that runs out takes half of the
    longest queue left, so no worker is left alone with a pile of long tests."""
    return 2 * len(os.sched_getaffinity(0))
