"""The hooks other features plug into: undo/resync through the session, and bot seats."""

from __future__ import annotations


from pier18.engine import Draft, PlayerView
from tui_helpers import KEEP_FIRST, SET_UP_2, make_app, screen_name, take_the_laptop


async def test_undo_through_the_session_then_resync_shows_the_choice_again(tui_deck):
    app = make_app(tui_deck, 2, 5)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press(*SET_UP_2)
        await pilot.pause()
        await take_the_laptop(pilot, app)
        await pilot.press("2", "enter", "enter")  # point at the second card, open it, place it
        await pilot.pause()
        session = app.session
        last = session.decisions[-1]
        assert isinstance(last, Draft)
        assert last.card not in session.game.revealed
        assert session.undo() == last
        app.resync()
        await pilot.pause()
        await take_the_laptop(pilot, app)  # back to the player who drafted it
        assert screen_name(app) == "TableScreen"
        assert last.card in session.game.revealed
        await pilot.press("2", "enter")
        await pilot.pause()
        assert screen_name(app) == "PlaceScreen" and app.screen.card.id == last.card


class FirstChoiceBot:
    """Takes the first legal decision of its view; records what it saw."""

    def __init__(self) -> None:
        self.views: list[PlayerView] = []

    def choose(self, view: PlayerView):
        self.views.append(view)
        return view.legal[0]


async def test_a_bot_seat_plays_through_the_provider(tui_deck):
    bot = FirstChoiceBot()
    asked: list[tuple[str, int]] = []

    def provider(level: str, seat: int):
        asked.append((level, seat))
        return bot

    app = make_app(tui_deck, 2, 5, seats=["human", "easy"], bot_provider=provider)
    async with app.run_test(size=(100, 30)) as pilot:
        from tui_helpers import wait_until

        await wait_until(pilot, lambda: screen_name(app) == "KeepScreen", "Ann's set-up")  # no pass screen: one human
        await pilot.press(*KEEP_FIRST)  # Ann keeps
        await wait_until(pilot, lambda: app.session.game.plans[1] is not None, "the bot's keep")
        game = app.session.game
        assert asked and asked[0] == ("easy", 1)
        assert all(view.seat == 1 for view in bot.views)
        assert game.plans[1] is not None  # the bot kept its Plan without a pass screen
        assert screen_name(app) in ("TableScreen", "PlaceScreen", "PatronScreen")


class GatedBot:
    """Answers each request only once the test opens that request's gate, like a slow
    hard bot: request 0 answers its first legal decision, later ones their last.

    Nothing is asserted in here (the app catches what a bot raises): the test reads
    `views` and `answers` instead.
    """

    def __init__(self, requests: int = 2) -> None:
        import threading

        self.gates = [threading.Event() for _ in range(requests)]
        self.views: list[PlayerView] = []
        self.answers: list[object] = []

    def choose(self, view: PlayerView):
        request = len(self.views)
        self.views.append(view)
        if request >= len(self.gates) or not self.gates[request].wait(60):
            return None  # the test fails on `answers`, not in here
        answer = view.legal[0] if request == 0 else view.legal[-1]
        self.answers.append(answer)
        return answer

    def open_all(self) -> None:
        for gate in self.gates:
            gate.set()


async def test_a_bot_answer_for_a_taken_back_turn_is_dropped(tui_deck):
    from tui_helpers import wait_until

    bot = GatedBot()

    def bot_workers():
        return [worker for worker in app.workers if worker.group == "bot"]

    async def steps(pilot):
        await wait_until(pilot, lambda: screen_name(app) == "KeepScreen", "Ann's set-up")
        await pilot.press(*KEEP_FIRST)
        await wait_until(pilot, lambda: len(bot.views) == 1, "the bot to start thinking")
        (stale,) = bot_workers()
        first = app.session.decisions[0]
        assert app.session.undo() == first  # a takeback while the bot thinks
        app.resync()
        await wait_until(pilot, lambda: screen_name(app) == "KeepScreen", "Ann's set-up again")
        await pilot.press("enter", "right", "enter")  # a different choice this time
        await wait_until(pilot, lambda: len(bot.views) == 2, "the bot to think again")
        session = app.session
        assert len(session.decisions) == 1 and session.decisions[0] != first

        # The stale answer is a legal keep for the bot now too: only the app's check
        # of the turn keeps it out. Its worker ends once the app has handled it.
        bot.gates[0].set()
        await wait_until(pilot, lambda: stale.is_finished, "the stale answer to be delivered")
        await pilot.pause()
        assert len(session.decisions) == 1, f"the answer for the taken-back turn was played: {session.decisions}"
        assert bot.answers == [bot.views[0].legal[0]]
        assert bot.answers[0] in session.game.legal_decisions()  # so dropping it was the app's doing

        bot.gates[1].set()
        await wait_until(pilot, lambda: len(session.decisions) == 2, "the bot's keep")
        assert bot.answers[1] == bot.views[1].legal[-1] != bot.answers[0]
        assert session.decisions[1] == bot.answers[1]
        assert app.is_running

    app = make_app(tui_deck, 2, 5, names=["Ann", "Slow bot"], seats=["human", "slow"], bot_provider=lambda level, seat: bot)
    async with app.run_test(size=(100, 30)) as pilot:
        try:
            await steps(pilot)
        finally:
            bot.open_all()  # a failed check must not leave a worker waiting


async def test_reopening_a_game_saved_right_after_a_patron_phase_shows_the_panel(tui_deck):
    from pier18.session import Session

    session = Session(tui_deck, ["Ann", "Bob"], 5)
    while not session.game.awards:  # play to the end of round 1
        session.apply(session.game.legal_decisions()[0])
    assert type(session.decisions[-1]) is Draft

    app = make_app(tui_deck, 2, 5)
    async with app.run_test(size=(100, 30)) as pilot:
        app.start(session)
        await pilot.pause()
        assert screen_name(app) == "PatronScreen"
        await pilot.press("enter")
        await pilot.pause()
        assert screen_name(app) != "PatronScreen"
