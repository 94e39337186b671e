"""The hooks other features plug into: undo/resync through the session, and bot seats."""

from __future__ import annotations

import asyncio

from pier18.engine import Draft, PlayerView
from tui_helpers import make_app, screen_name


def test_undo_through_the_session_then_resync_shows_the_choice_again(tui_deck):
    async def run():
        app = make_app(tui_deck, 2, 5)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("enter", "enter", "enter", "enter", "2", "enter")
            await pilot.pause()
            session = app.session
            last = session.decisions[-1]
            assert isinstance(last, Draft)
            assert last.card not in session.game.revealed
            assert session.undo() == last
            app.resync()
            await pilot.pause()
            assert screen_name(app) == "TableScreen"
            assert last.card in session.game.revealed
            await pilot.press("2")
            await pilot.pause()
            assert screen_name(app) == "PlaceScreen" and app.screen.card.id == last.card

    asyncio.run(run())


class FirstChoiceBot:
    """Takes the first legal decision of its view; records what it saw."""

    def __init__(self) -> None:
        self.views: list[PlayerView] = []

    def choose(self, view: PlayerView):
        self.views.append(view)
        return view.legal[0]


def test_a_bot_seat_plays_through_the_provider(tui_deck):
    bot = FirstChoiceBot()
    asked: list[tuple[str, int]] = []

    def provider(level: str, seat: int):
        asked.append((level, seat))
        return bot

    async def run():
        app = make_app(tui_deck, 2, 5, seats=["human", "easy"], bot_provider=provider)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("enter", "enter")  # Ann passes, keeps
            await pilot.pause()
            await pilot.pause()
            game = app.session.game
            assert asked and asked[0] == ("easy", 1)
            assert all(view.seat == 1 for view in bot.views)
            assert game.plans[1] is not None  # the bot kept its Plan without a pass screen
            assert screen_name(app) in ("TableScreen", "PlaceScreen", "PatronScreen")

    asyncio.run(run())
