"""`e` on the table: every character's points on any pier, with the engine's reasons.

The oracle is the engine (`engine.explain` on the pier of the public `TableView`) and
`speech.why.explanation`; the screen must show exactly those lines for each pier it is moved
to, and never a card the table may not see (a Plan placed face down).
"""

from __future__ import annotations

import random

from tui_helpers import keyed_game, make_app, press_until, screen_name, shown, wait_until

from pier18.engine import Game, Phase, PlacePlan, TableView
from pier18.engine.explain import explain
from pier18.tui.screens.explain import ExplainScreen
from pier18 import i18n
from pier18.speech.why import explanation


def explain_title(name: str, total: int) -> str:
    """The explain screen's head, as the catalog says it."""
    return i18n._("Why {name}'s pier scores what it does (total now {total})").format(name=name, total=total)


def expected_lines(view: TableView, seat: int) -> list[str]:
    visible = view.piers[seat].visible()
    cards = [v.card for v in visible]
    return [f"• {explanation(reason, cards)}" for reason in explain([v.section for v in visible])]


def shown_lines(app) -> list[str]:
    text = shown(app.screen.query_one("#explain-reasons"), 1000)
    return [line.rstrip() for line in text.splitlines() if line.strip()]


async def test_e_explains_every_pier_on_the_table_as_the_engine_does(tui_deck):
    rng = random.Random(5)
    decisions = keyed_game(tui_deck, 3, 5, rng, until=lambda game: game.phase is Phase.DRAFT and game.round == 3)
    app = make_app(tui_deck, 3, 5, decisions=decisions)
    async with app.run_test(size=(120, 40)) as pilot:
        await press_until(pilot, lambda: screen_name(app) == "TableScreen", lambda: "enter", "the table")  # past the Patron
        view = TableView.of(app.session.game)
        await pilot.press("e")
        await wait_until(pilot, lambda: screen_name(app) == "ExplainScreen", "the explain screen")
        start = view.current_player
        seen = set()
        for step in range(view.players + 1):  # round the table and back to the first pier
            seat = (start + step) % view.players
            assert shown(app.screen.query_one("#explain-title"), 300).strip() == explain_title(
                app.names[seat], view.score(seat).total)
            lines = expected_lines(view, seat)
            assert lines and shown_lines(app) == lines
            seen.add(tuple(lines))
            await pilot.press("right")
            await pilot.pause()
        assert len(seen) == view.players  # three different piers, each explained
        await pilot.press("left")
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(app) == "TableScreen", "the table again")


async def test_a_plan_placed_face_down_is_not_explained_before_the_end(tui_deck):
    game = Game.replay(tui_deck, 3, 8, keyed_game(tui_deck, 3, 8, random.Random(8), until=lambda g: g.phase is Phase.PLAN))
    game.apply(PlacePlan(game.piers[game.current_player].covers()[0]))
    seat = game.history[-1][0]
    view = TableView.of(game)
    assert view.plan_hidden(seat)
    plan = game.plans[seat]
    app = make_app(tui_deck, 3, 8, decisions=game.decisions)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.push_screen(ExplainScreen(view, app.names, seat))
        await wait_until(pilot, lambda: screen_name(app) == "ExplainScreen", "the explain screen")
        assert shown_lines(app) == expected_lines(view, seat)
        drawn = "".join(shown(app.screen.query_one(f"#explain-{part}"), 300) for part in ("title", "pier", "reasons"))
        assert f"#{plan} " not in drawn  # neither on the pier nor in a reason


async def test_an_empty_pier_says_nothing_scores_yet(tui_deck):
    app = make_app(tui_deck, 2, 3)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        view = TableView.of(app.session.game)
        await app.push_screen(ExplainScreen(view, app.names, 1))
        await wait_until(pilot, lambda: screen_name(app) == "ExplainScreen", "the explain screen")
        assert shown_lines(app) == [i18n._("No characters on this pier yet: nothing scores.")]


async def test_e_again_after_a_move_explains_the_table_as_it_is_now(tui_deck):
    """The app keeps the screen (`closing.kept`) and fills it in again on each `e`: after
    a move, the piers are the new ones and the pier shown first is again the seat to
    move's, not the one `→` went to last time. The log (`l`) likewise lists the move."""
    rng = random.Random(5)
    decisions = keyed_game(tui_deck, 3, 5, rng, until=lambda game: game.phase is Phase.DRAFT and game.round == 2)
    app = make_app(tui_deck, 3, 5, decisions=decisions)
    async with app.run_test(size=(120, 40)) as pilot:
        await press_until(pilot, lambda: screen_name(app) == "TableScreen", lambda: "enter", "the table")
        await pilot.press("l")
        await wait_until(pilot, lambda: screen_name(app) == "GameLogScreen", "the game log")
        logged = list(app.screen.lines)
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(app) == "TableScreen", "the table")
        await pilot.press("e")
        await wait_until(pilot, lambda: screen_name(app) == "ExplainScreen", "the explain screen")
        first = app.screen
        await pilot.press("right")
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(app) == "TableScreen", "the table again")
        before = len(app.session.game.history)
        await press_until(pilot, lambda: len(app.session.game.history) > before, lambda: ("1", "enter", "enter"), "a move")
        await press_until(pilot, lambda: screen_name(app) == "TableScreen", lambda: "enter", "the next turn's table")
        view = TableView.of(app.session.game)
        await pilot.press("e")
        await wait_until(pilot, lambda: screen_name(app) == "ExplainScreen", "the explain screen again")
        assert app.screen is first  # kept, not built again
        seat = view.current_player
        assert shown(app.screen.query_one("#explain-title"), 300).strip() == explain_title(app.names[seat], view.score(seat).total)
        assert shown_lines(app) == (expected_lines(view, seat) or [i18n._("No characters on this pier yet: nothing scores.")])
        mover = view.history[-1][0]
        earlier = TableView.of(Game.replay(tui_deck, 3, 5, list(decisions)))
        assert expected_lines(view, mover) != expected_lines(earlier, mover)  # the move changed that pier
        while app.screen.seat != mover:
            await pilot.press("left")
            await pilot.pause()
        assert shown_lines(app) == (expected_lines(view, mover) or [i18n._("No characters on this pier yet: nothing scores.")])
        await pilot.press("escape", "l")
        await wait_until(pilot, lambda: screen_name(app) == "GameLogScreen", "the game log again")
        assert len(app.screen.lines) > len(logged)
        assert shown(app.screen.query_one("#log-lines"), width=1000).splitlines()[-1].strip() == app.screen.lines[-1]
