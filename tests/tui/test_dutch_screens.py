"""The game read in Dutch: a whole hot-seat game with its overlays, and the lesson,
show no English phrase of the catalog (`dutch.english_in`), at one size; the shipped
deck, so the card names and goals are Dutch too."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/dutch.py

from dutch import english_in  # noqa: E402
from tui_helpers import drawn_text, make_app, play_by_keys, screen_name  # noqa: E402

from pier18 import i18n  # noqa: E402
from pier18.engine import load_deck  # noqa: E402


class Leaks:
    """English phrases seen, by screen."""

    def __init__(self) -> None:
        self.seen: dict[str, set[str]] = {}

    def __call__(self, app) -> None:
        leaks = english_in(drawn_text(app))
        if leaks:
            self.seen.setdefault(screen_name(app), set()).update(leaks)


async def test_a_whole_game_and_its_overlays_read_dutch(speaking):
    speaking("nl")
    leaks = Leaks()
    app = make_app(load_deck(None), 3, 7)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_by_keys(pilot, app, random.Random(7), on_screen=leaks)
        leaks(app)
        for key in ("question_mark", "r", "s", "l", "e"):
            await pilot.press(key)
            await pilot.pause()
            leaks(app)
            await pilot.press("escape")
            await pilot.pause()
    assert leaks.seen == {}
    assert i18n.language() == "nl"


async def test_the_lesson_reads_dutch(speaking):
    from test_learn import make_learn_app, play_lesson, suggested

    speaking("nl")
    leaks = Leaks()

    async def on_step(app, head) -> None:
        leaks(app)

    app = make_learn_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await play_lesson(pilot, app, lambda view: (leaks(app), suggested(view))[1], on_step=on_step)
        leaks(app)
    assert leaks.seen == {}
