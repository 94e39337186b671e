"""A table people trust: the final screen explains itself, and previews tell the truth.

Pilot tests on the real app: every pier and Plan on the final screen with met / not met
and the numbers why; where the game is saved; the Plan placement preview's final total
is the total the final screen then shows.
"""

from __future__ import annotations

import random
import re
import shlex
from types import SimpleNamespace

from waiting import Steps
from tui_helpers import NAMES, at_the_last_plan, first_keys, first_keys_game, keyed_game, make_app, play_by_keys, press_until, screen_name, shown, wait_until

from pier18.engine import Phase, TableView
from pier18.render.plan import goal_progress
from pier18.speech.scores import ahead_of


def with_save(app, path):
    """Give the app's session factory a lock, as `Autosaving` has, so it knows the save path."""
    app.new_session.lock = SimpleNamespace(save=path)
    return app


async def test_final_screen_shows_every_pier_and_plan_with_why(tui_deck, tmp_path):
    save = tmp_path / "Ann's game [1].json"

    rng = random.Random(11)  # from the last Plan placement: it and the end by keys
    app = with_save(make_app(tui_deck, 3, 11, decisions=keyed_game(tui_deck, 3, 11, rng, until=at_the_last_plan)), save)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_by_keys(pilot, app, rng)
        game = app.session.game
        view = TableView.of(game)
        sheets = [view.score(p) for p in range(3)]
        for seat in range(3):
            text = shown(app.screen.query_one(f"#final-pier-{seat}"), 300)
            card = view.plan_card(seat)
            goal = card.plan.goal_for(3)
            assert NAMES[seat] in text and f"{sheets[seat].total} points" in text
            assert goal.text in text
            assert ("✔ met" if view.plan_met(seat) else "✘ not met") in text
            others = [sheets[p] for p in range(3) if p != seat]
            assert goal_progress(goal, sheets[seat], others) in text
            for placement in game.piers[seat]:  # every card of the pier, the Plan's too
                assert f"#{placement.card.id} " in text
        ranking = shown(app.screen.query_one("#final-ranking"), 300)
        for standing in view.standings:
            assert f"{standing.place}. {NAMES[standing.seat]}  {standing.total} points" in ranking
            if standing.decided_by:
                assert any(ahead_of(NAMES[other.seat], standing.decided_by) in ranking for other in view.standings)
        rest = shown(app.screen.query_one("#final-table"), 300)
        assert str(save) in rest and f"pier18 replay {shlex.quote(str(save))}" in rest
        for category in ("Flower Sellers", "Poets", "Lovers", "Fishers", "Patrons", "Plan bonus"):
            assert category in rest


async def test_quit_dialog_says_where_the_game_is_saved(tui_deck, tmp_path):
    save = tmp_path / "games" / "[b]x.json"

    app = with_save(make_app(tui_deck, 2, 4), save)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "PassScreen", "the first screen")
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: screen_name(app) == "QuitScreen", "the quit dialog")
        text = " ".join(shown(line, 10_000) for line in app.screen.query(".confirm-line"))  # unwrapped, however long the path
        assert str(save) in text and "pier18 play --resume" in text


TOTAL = re.compile(r"Total\s+(-?\d+)\s+(-?\d+)")


async def test_plan_preview_total_is_what_the_final_screen_shows(tui_deck):
    """Each seat places its Plan with the last cover; for goals that do not compare players
    the preview's final total is the score the final screen shows."""

    # From the end of round 3 (first choices, as "1" and Enter make them).
    app = make_app(tui_deck, 3, 7, decisions=first_keys_game(tui_deck, 3, 7, until=lambda game: game.phase is Phase.PLAN))
    async with app.run_test(size=(120, 40)) as pilot:
        await press_until(
            pilot,
            lambda: screen_name(app) == "PlaceScreen" and app.session.game.phase is Phase.PLAN,
            lambda: first_keys(app),
            "the Plan placement",
        )
        promised: dict[int, tuple[int, bool]] = {}
        for _ in Steps("the three Plan placements", progress=lambda: len(app.session.decisions)):  # each after its own pass screen
            if app.session.game.is_terminal():
                break
            if screen_name(app) == "PassScreen":  # hot-seat: each Plan is placed in private
                await pilot.press("enter")
                await wait_until(pilot, lambda: screen_name(app) == "PlaceScreen", "the Plan placement")
            game = app.session.game
            seat = game.current_player
            await pilot.press("end")
            await pilot.pause()
            text = shown(app.screen.query_one("#score-change"))
            promised[seat] = (int(TOTAL.search(text).group(2)), game.plan_card(seat).plan.goal_for(3).compares_players)
            await pilot.press("enter")
            await wait_until(pilot, lambda s=seat: screen_name(app) != "PlaceScreen" or app.session.game.current_player != s, "the next placement")
            await pilot.pause()
        await wait_until(pilot, lambda: screen_name(app) == "FinalScreen", "the final screen")
        ranking = shown(app.screen.query_one("#final-ranking"), 300)
        assert sorted(promised) == [0, 1, 2]
        checked = [seat for seat, (_, compares) in promised.items() if not compares]
        assert checked  # at least one goal that does not compare players
        for seat in checked:
            total = promised[seat][0]
            assert app.session.game.score(seat).total == total
            assert f"{NAMES[seat]}  {total} points" in ranking
