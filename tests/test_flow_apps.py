"""One flow, checked against each app kind: the same positions of one game, opened in the
hot-seat app (`Pier18App`, a laptop passed round), in the network seat app (`SeatApp`,
for each seat) and asked of `pier18.flow.next_step` with each front end's facts. Every
app shows first what the function says comes next (a Patron panel, the final score, a
pass screen, the choice, or the table while it waits), and the apps agree with each
other where their facts agree (a Patron panel and the final score come first for
every kind).
"""

from __future__ import annotations

import random

import pytest

import waiting
from net_support import new_table, open_host
from pier18.engine import Phase, TableView
from pier18.flow import Next, Show, next_step
from pier18.net.client import Client
from pier18.session import Session
from pier18.tui.app import Pier18App, awards_before_last_decision
from pier18.tui.seat_app import SeatApp

SIZE = (120, 40)
SEED = 17


def position(where) -> list:
    """The decisions of a seeded random 2-player game up to the first position `where` accepts."""
    session = new_table(2, SEED)
    rng = random.Random(SEED)
    game = session.game
    for _ in range(500):
        if where(game):
            return list(session.decisions)
        session.apply(rng.choice(game.legal_decisions()))
    raise AssertionError("no such position")


def _ended_a_round(game) -> bool:
    return bool(game.awards) and game.awards[-1].after == len(game.history)


POSITIONS = {
    "fresh": lambda game: True,
    "second keep": lambda game: game.phase is Phase.SETUP and game.current_player == 1,
    "draft, Ann": lambda game: game.phase is Phase.DRAFT and game.current_player == 0 and not _ended_a_round(game)
    and game.round > 1,
    "draft, Bob": lambda game: game.phase is Phase.DRAFT and game.current_player == 1 and not _ended_a_round(game)
    and game.round > 1,
    "round ended": lambda game: game.phase is Phase.DRAFT and _ended_a_round(game),
    "plan, first": lambda game: game.phase is Phase.PLAN and game.current_player == 0,
    "plan, Bob": lambda game: game.phase is Phase.PLAN and game.current_player == 1,
    "over": lambda game: game.is_terminal(),
}


def shown_for(step: Next) -> str:
    """The screen a front end puts on top for `step`."""
    if step.kind is Show.PATRON:
        return "PatronScreen"
    if step.kind is Show.FINAL:
        return "FinalScreen"
    if step.kind is Show.CHOOSE and step.pass_first:
        return "PassScreen"
    if step.kind is Show.CHOOSE and step.phase is Phase.SETUP:
        return "KeepScreen"
    if step.kind is Show.CHOOSE and step.phase is Phase.PLAN:
        return "PlaceScreen"
    return "TableScreen"  # a draft choice is made on the table; a wait shows the table


async def steady(pilot, app, want: str) -> str:
    """The screen on top once the app has settled: `want` if it comes and stays (bounded
    waits, so a wrong screen is reported, not waited on for ever)."""
    try:
        await waiting.until(lambda: type(app.screen).__name__ == want, want, lambda: pilot.pause(0.01))
    except AssertionError:
        pass  # the caller reports the screen that is there instead
    await pilot.pause()
    await pilot.pause(0.2)  # and nothing else is pushed on top of it meanwhile
    return type(app.screen).__name__


async def hot_seat_shows(decisions: list) -> tuple[str, str]:
    """What the hot-seat app shows on opening a save at `decisions`, and what the flow says."""
    from pier18.engine import load_deck

    sessions: list[Session] = []

    def new_session(names: list[str]) -> Session:
        sessions.append(Session(load_deck(), names, SEED, decisions=list(decisions)))
        return sessions[-1]

    app = Pier18App(2, new_session, names=["Ann", "Bob"], bot_pause=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await waiting.until(lambda: sessions, "the session to start", lambda: pilot.pause(0.01))
        session = sessions[0]
        step = next_step(
            TableView.of(session.game), (0, 1), shared=True,
            awards_shown=awards_before_last_decision(session), handed_to=None,
        )
        want = shown_for(step)
        return await steady(pilot, app, want), want


async def seat_shows(decisions: list, seat: int) -> tuple[str, str]:
    """What a network seat's app shows on joining a table at `decisions` (the other
    seat away), and what the flow says for it."""
    session = new_table(2, SEED)
    for decision in decisions:
        session.apply(decision)
    host = await open_host(session)
    link = Client(f"ws://127.0.0.1:{host.port}/", session.codes.seats[seat], min_backoff=0.02, max_backoff=0.2)
    app = SeatApp(link)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await waiting.until(lambda: app.state is not None, "the host's first state", lambda: pilot.pause(0.01))
            view = app.state.table
            made = len(view.history)
            shown = sum(1 for award in view.awards if award.after < made)  # joining: older rounds are over
            step = next_step(view, (seat,), at_once=True, awards_shown=shown)
            want = shown_for(step)
            return await steady(pilot, app, want), want
    finally:
        await link.close()
        await host.close()


@pytest.mark.parametrize("where", sorted(POSITIONS))
async def test_every_app_shows_what_the_flow_says_comes_next(where):
    decisions = position(POSITIONS[where])
    hot = await hot_seat_shows(decisions)
    ann = await seat_shows(decisions, 0)
    bob = await seat_shows(decisions, 1)
    for app_kind, (shown, want) in {"hot seat": hot, "Ann's seat": ann, "Bob's seat": bob}.items():
        assert shown == want, f"{where}: the {app_kind} app shows {shown}, the flow says {want}"
    # Where the facts agree, so do the apps: a result comes before anyone's choice.
    if where in ("round ended", "plan, first"):  # the last draft of a round was just made
        assert hot[0] == ann[0] == bob[0] == "PatronScreen"
    if where == "over":
        assert hot[0] == ann[0] == bob[0] == "FinalScreen"
    if where == "plan, Bob":  # Ann has placed hers: Bob places, Ann waits; at one laptop a pass screen first
        assert (hot[0], ann[0], bob[0]) == ("PassScreen", "TableScreen", "PlaceScreen")
    if where == "fresh":  # at a network table both choose at once; at one laptop Ann first
        assert (hot[0], ann[0], bob[0]) == ("PassScreen", "KeepScreen", "KeepScreen")
    if where == "second keep":  # Ann has kept: Bob chooses, Ann waits at her own table
        assert (hot[0], ann[0], bob[0]) == ("PassScreen", "TableScreen", "KeepScreen")


async def test_at_one_laptop_the_draft_passes_the_laptop_when_hands_change():
    """Opened at Ann's draft (no pass screen after a load: the laptop is with whoever
    opened it), Ann drafts by keys until the draft is Bob's; each screen on the way is
    the one the flow gives (a Patron panel when a round ends, Ann's next draft with no
    pass screen), and Bob's draft comes after a pass screen."""
    from pier18.engine import load_deck

    decisions = position(POSITIONS["draft, Ann"])
    sessions: list[Session] = []

    def new_session(names: list[str]) -> Session:
        sessions.append(Session(load_deck(), names, SEED, decisions=list(decisions)))
        return sessions[-1]

    app = Pier18App(2, new_session, names=["Ann", "Bob"], bot_pause=0.0)
    async with app.run_test(size=SIZE) as pilot:
        assert await steady(pilot, app, "TableScreen") == "TableScreen"
        session = sessions[0]
        game = session.game
        for _ in range(20):
            made = len(session.decisions)
            assert game.phase is Phase.DRAFT and game.current_player == 0
            await pilot.press("1")  # points at the first card
            await pilot.press("enter")  # opens it
            assert await steady(pilot, app, "PlaceScreen") == "PlaceScreen"
            await pilot.press("enter")  # the first cover
            await waiting.until(lambda: len(session.decisions) == made + 1, "the decision made",
                                lambda: pilot.pause(0.01))
            assert len(session.decisions) == made + 1
            view = TableView.of(game)
            unseen = 1 if _ended_a_round(game) else 0
            step = next_step(view, (0, 1), shared=True, awards_shown=len(view.awards) - unseen, handed_to=0)
            if step.kind is Show.PATRON:
                assert await steady(pilot, app, "PatronScreen") == "PatronScreen"
                await pilot.press("escape")
                step = next_step(view, (0, 1), shared=True, awards_shown=len(view.awards), handed_to=0)
            assert await steady(pilot, app, shown_for(step)) == shown_for(step)
            if game.phase is not Phase.DRAFT or game.current_player == 1:
                break
        assert step == Next(Show.CHOOSE, 1, Phase.DRAFT, pass_first=True, secret=False)
        assert type(app.screen).__name__ == "PassScreen"
