"""Pilot tests of `u` (takeback) and the resume offer in the real app, by key presses.

Plain test functions run each pilot with `asyncio.run` (no async pytest plugin needed).
"""

from __future__ import annotations

import json

import pytest

from pier18.persist import autosave as saves
from pier18.persist import record
from pier18.cli import main
from pier18.engine import Game, Phase
from pier18.session import Session
import waiting
from helpers import summary
from pier18.tui.app import Pier18App

pytestmark = pytest.mark.usefixtures("at_a_terminal")  # the app, as in a shell

NAMES = ["Ann", "Bob", "Cy"]


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(folder))
    return folder


def make_app(deck, players: int, seed: int, autosave: bool = False, decisions=()) -> Pier18App:
    """`decisions`: the game starts with these made, as a resumed save does."""

    def new_session(names: list[str]) -> Session:
        return Session(deck, names, seed, decisions=list(decisions))

    factory = saves.autosaving(new_session) if autosave else new_session
    return Pier18App(players, factory, names=NAMES[:players], bot_pause=0.0)


def screen(app) -> str:
    return type(app.screen).__name__


async def settle(pilot, app, want: str | tuple[str, ...]) -> None:
    await waiting.until(lambda: screen(app) in ((want,) if isinstance(want, str) else want),
                        lambda: f"{want} (the app shows {screen(app)})", lambda: pilot.pause(0.01))


async def keep_first(pilot, app) -> None:
    """Pass screen, then keep the first offered Plan and Foundation."""
    await settle(pilot, app, "PassScreen")
    await pilot.press("enter")
    await settle(pilot, app, "KeepScreen")
    await pilot.press("enter", "enter")  # the first card as the Plan, the next as the Foundation


async def take_back(pilot, app, answer: str = "y") -> str:
    await pilot.press("u")
    await settle(pilot, app, "TakebackScreen")
    question = str(app.screen.question)
    await pilot.press(answer)
    await pilot.pause()
    return question


async def test_setup_takeback_never_shows_a_hand(deck):
    app = make_app(deck, 3, 8)
    async with app.run_test(size=(120, 40)) as pilot:
        await keep_first(pilot, app)
        await settle(pilot, app, "PassScreen")  # Bob's turn to take the laptop
        kept = app.session.decisions[0]
        question = await take_back(pilot, app)
        assert "Ann" in question
        for card_id in (kept.plan, kept.foundation):
            assert deck[card_id].name not in question and f"#{card_id}" not in question
        assert app.session.decisions == []
        # Back to the pass screen for Ann: her cards only after she presses Enter.
        assert screen(app) == "PassScreen" and app.screen.player == "Ann"
        assert not any(type(s).__name__ == "KeepScreen" for s in app.screen_stack)


async def test_no_keeps_everything_as_it_was(deck):
    app = make_app(deck, 2, 8)
    async with app.run_test(size=(120, 40)) as pilot:
        await keep_first(pilot, app)
        await take_back(pilot, app, answer="n")
        assert len(app.session.decisions) == 1
        assert screen(app) == "PassScreen" and app.screen.player == "Bob"


async def test_nothing_to_take_back_at_the_start(deck):
    app = make_app(deck, 2, 8)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app, "PassScreen")
        await pilot.press("u")
        await pilot.pause()
        assert screen(app) == "PassScreen" and app.session.decisions == []


async def at_the_table(pilot, app) -> None:
    """The table, once the next person has taken the laptop (a pass screen comes first
    whenever it changes hands)."""
    for _ in waiting.Steps(lambda: f"the table (the app shows {screen(app)})"):
        if screen(app) == "PassScreen":
            await pilot.press("enter")
        elif screen(app) == "TableScreen":
            return
        await pilot.pause(0.01)


async def draft_first(pilot, app) -> None:
    """The current player takes card 1 of the draft row, covering nothing."""
    await at_the_table(pilot, app)
    await pilot.press("1", "enter")
    await settle(pilot, app, "PlaceScreen")
    await pilot.press("enter")


async def test_takeback_across_a_patron_phase_and_again_to_setup(deck):
    app = make_app(deck, 2, 13)
    async with app.run_test(size=(120, 40)) as pilot:
        await keep_first(pilot, app)
        await keep_first(pilot, app)
        session = app.session
        for _ in range(2):
            await draft_first(pilot, app)
        await settle(pilot, app, "PatronScreen")
        award = session.game.awards[0]
        await pilot.press("enter")
        await at_the_table(pilot, app)
        decisions = list(session.decisions)
        await take_back(pilot, app)
        assert session.game.awards == [] and award.card in session.game.revealed
        expected = Game.replay(deck, 2, 13, decisions[:-1])
        assert session.game.current_player == expected.current_player
        assert [p.notation() for p in session.game.piers] == [p.notation() for p in expected.piers]
        assert screen(app) == "TableScreen"
        # Drafting the same card again gives the very same patron phase.
        await draft_first(pilot, app)
        await settle(pilot, app, "PatronScreen")
        assert session.game.awards == [award]
        await pilot.press("enter")
        # Then all the way back, one confirmed takeback at a time (on a player's turn
        # it reaches back to that player's own last decision, so maybe several at once).
        for _ in range(len(session.decisions)):
            if not session.decisions:
                break
            await settle(pilot, app, {Phase.SETUP: "PassScreen"}.get(session.game.phase, ("PassScreen", "TableScreen")))
            await take_back(pilot, app)
        assert session.decisions == [] and session.game.phase is Phase.SETUP
        assert screen(app) == "PassScreen" and app.screen.player == "Ann"


async def test_takeback_at_the_end_reopens_the_plan_placement(deck):
    # From Bob's Plan placement, the game's last decision (first legal choices before it).
    game = Game(deck, 2, 21)
    while not game.is_terminal():
        game.apply(game.legal_decisions()[0])
    app = make_app(deck, 2, 21, decisions=game.decisions[:-1])
    async with app.run_test(size=(120, 40)) as pilot:
        session = app.session
        for _ in waiting.Steps("the final screen", progress=lambda: len(session.decisions)):
            await pilot.pause()
            name = screen(app)
            if name == "FinalScreen":
                break
            if name in ("PatronScreen", "PassScreen"):  # hot-seat: a pass screen before each Plan
                await pilot.press("enter")
            elif name == "TableScreen":
                await pilot.press("1", "enter")
            elif name == "PlaceScreen":
                await pilot.press("enter")
        assert screen(app) == "FinalScreen" and session.game.is_terminal()
        final = session.game.returns()
        last = session.decisions[-1]
        await take_back(pilot, app)
        assert not session.game.is_terminal() and session.game.phase is Phase.PLAN
        await settle(pilot, app, "PassScreen")
        assert app.screen.player == "Bob"
        await pilot.press("enter")
        await settle(pilot, app, "PlaceScreen")
        await pilot.press(*(["down"] * last.cover), "enter")
        await settle(pilot, app, "FinalScreen")
        assert session.game.returns() == final


async def test_every_decision_and_takeback_is_autosaved(deck, data_dir):
    app = make_app(deck, 2, 5, autosave=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await keep_first(pilot, app)
        (path,) = saves.autosaves()
        assert json.loads(path.read_text())["decisions"] == [str(app.session.decisions[0])]
        await settle(pilot, app, "PassScreen")
        await take_back(pilot, app)
        assert json.loads(path.read_text())["decisions"] == []


def saved_game(deck, steps: int) -> Session:
    session = Session(deck, ["Ann", "Bob"], 31)
    saves.attach(session, saves.games_dir() / "saved.json")
    for _ in range(steps):
        session.apply(session.game.legal_decisions()[-1])
    return session


async def test_the_offer_to_resume_puts_everyone_back_where_they_were(deck):
    saved = saved_game(deck, 5)
    app = make_app(deck, 2, 99, autosave=True)
    app.resume_offer = saves.find_resumable()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app, "ResumeScreen")
        assert str(app.screen.summary) == summary(saved)
        await pilot.press("y")
        await settle(pilot, app, "TableScreen")
        session = app.session
        assert session.decisions == saved.decisions and session.seed == 31
        assert session.game.current_player == saved.game.current_player
        await draft_first(pilot, app)
        path = saves.games_dir() / "saved.json"
        assert len(json.loads(path.read_text())["decisions"]) == 6  # still saved in place
        assert [p.name for p in saves.autosaves()] == ["saved.json"]


async def test_declining_the_offer_starts_a_new_game_and_keeps_the_old_one(deck):
    saved_game(deck, 3)
    app = make_app(deck, 2, 99, autosave=True)
    app.resume_offer = saves.find_resumable()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app, "ResumeScreen")
        await pilot.press("n")
        await settle(pilot, app, "PassScreen")
        assert app.session.seed == 99 and app.session.decisions == []
        assert len(saves.autosaves()) == 2
        assert (saves.games_dir() / "saved.json").exists()


def test_play_resume_without_a_saved_game_is_one_clear_error(capsys):
    assert main(["play", "--resume"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no unfinished game to resume" in err


async def test_takeback_against_a_bot_goes_back_to_the_humans_last_move(deck):
    from pier18.bots import make_bot

    seats = ["human", "random"]
    app = Pier18App(
        2,
        lambda names: Session(deck, names, 17, seats=seats),
        names=["Ann", "Robot"],
        bot_provider=lambda level, seat: make_bot(level, seat),
        seats=seats,
        bot_pause=0.0,
    )
    async with app.run_test(size=(120, 40)) as pilot:
        session = app.session
        for _ in waiting.Steps(lambda: f"Ann's draft and the bot's answer ({screen(app)}, {session.game.phase}, round {session.game.round}, {[s for s, _ in session.game.history]})", progress=lambda: len(session.decisions)):
            await pilot.pause(0.01)
            game = session.game
            # Ann's turn, or a round's Patron panel the bot waits behind (a count of looks
            # used to run out there, and the test went on from it)
            if game.phase is Phase.DRAFT and game.round >= 2 and (game.current_player == 0 or screen(app) == "PatronScreen"):
                by = [seat for seat, _ in session.game.history]
                if by[-1] == 1 and by.count(0) >= 2:  # Ann drafted, then the bot
                    break
            if session.is_bot(session.game.current_player):
                continue
            if screen(app) in ("PassScreen", "KeepScreen", "PlaceScreen", "PatronScreen"):
                await pilot.press("enter")
            elif screen(app) == "TableScreen":
                await pilot.press("1", "enter")
        if screen(app) == "PatronScreen":
            await pilot.press("enter")
        await settle(pilot, app, "TableScreen")
        seats_of = [seat for seat, _ in session.game.history]
        ann_last = max(i for i, seat in enumerate(seats_of) if seat == 0)
        assert ann_last < len(session.decisions) - 1  # the bot moved after Ann
        question = await take_back(pilot, app)
        assert "bot move" in question
        assert len(session.decisions) == ann_last
        assert session.game.current_player == 0  # Ann's turn again, not the bot's
        await settle(pilot, app, "TableScreen")
