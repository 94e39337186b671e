"""The Textual game over the network: a real host on 127.0.0.1 and `SeatApp` pilots.

The seat at the keys is driven by key presses only; what each key should do is worked
out from the host's engine (its legal moves, the draft row, the pier's covers), never
from the app. Most games start near their end from a record-like session, as
`pier18 host --resume` would, so the tests stay short; with every seat in its own
app, the 3-player game is played whole and the 2-player one from its last two rounds.
"""

from __future__ import annotations

import asyncio
import io
import json
import random

import pytest
from rich.console import Console
from textual import events
from textual.widgets import Static

from helpers import cards_seat_may_know
import waiting
from net_support import client, engine_totals, new_table, open_host, replayed
from pier18.engine import Draft, Keep, Phase, PlacePlan
from pier18.net.client import Client, Event, Heard
from pier18.tui.game_app import MIN_SIZE
from pier18.tui.seat_app import SeatApp

SIZE = (120, 40)


def near_the_end(session, rounds_left: int, seed: int) -> None:
    """Play random legal decisions until `rounds_left` draft rounds are still to play."""
    rng = random.Random(seed)
    game = session.game
    while not (game.phase is Phase.DRAFT and game.total_rounds - game.round < rounds_left):
        session.apply(rng.choice(game.legal_decisions()))


def seat_app(port: int, code: str) -> SeatApp:
    """The app `pier18 join` opens, on a client that retries quickly (not started yet)."""
    link = Client(f"ws://127.0.0.1:{port}/", code, min_backoff=0.02, max_backoff=0.2)
    return SeatApp(link)


def screen_text(app) -> str:
    """Every Static and Drawn (cards, piers, previews) on every screen of the app, as
    plain text (what a person can read)."""
    console = Console(width=200, record=True, color_system=None, file=io.StringIO())
    for screen in app.screen_stack:
        for widget in screen.query("Static, Drawn"):
            console.print(widget.render())
    return console.export_text()


def name(app) -> str:
    return type(app.screen).__name__


async def until(pilot, condition, what: str) -> None:
    """Let the app, the host and the client run until `condition()` holds (bounded by
    `waiting.LIMIT` seconds)."""
    await waiting.until(condition, lambda: f"{what} (screen {name(pilot.app)})", lambda: pilot.pause(0.01))


async def play_by_keys(pilot, app: SeatApp, session, seat: int, rng: random.Random,
                       heard: asyncio.Event | None = None) -> list:
    """Play `seat` by keys to the final screen; returns the decisions the keys should make.

    With `heard` (set whenever the app takes in something from the host), a seat with
    nothing to do waits for it instead of looking again and again: a pilot's key press
    waits for the whole process to go quiet, so other seats' apps must not keep it busy."""
    expected = []
    seen = None
    for _ in waiting.Steps(lambda: f"the final screen (screen {name(app)}, {len(session.decisions)} decisions made)",
                           progress=lambda: len(session.decisions)):  # bounds each step, not the whole game
        await pilot.pause(0.01)
        game = session.game
        mine = not game.is_terminal() and bool(game.legal_decisions_for(seat)) and app.my_turn()
        screen = name(app)
        if screen == "FinalScreen":
            return expected
        now = (screen, len(session.decisions), app.state.turn if app.state else None)
        if heard is not None and not mine and now == seen and screen != "PatronScreen":
            heard.clear()
            try:
                await asyncio.wait_for(heard.wait(), 1.0)  # at worst, look again in a second
            except TimeoutError:
                pass
            continue
        seen = now
        if screen == "PatronScreen":
            # Escape, not Enter: were the key to reach the table, it would pick nothing.
            await pilot.press("escape")
        elif screen == "KeepScreen":
            legal = game.legal_decisions_for(seat)  # set-up is simultaneous: any seat still to choose
            index = rng.randrange(len(legal))
            expected.append(legal[index])
            plan, foundation = divmod(index, 2)  # the engine's order: every Plan, with each Foundation
            await pilot.press(*["right"] * plan, "enter", *["right"] * foundation, "enter")
        elif screen == "TableScreen" and mine and game.phase is Phase.DRAFT:
            number = rng.randrange(len(game.revealed)) + 1
            card = game.revealed[number - 1]
            await pilot.press(str(number))  # points at the card: a number never opens it
            await pilot.pause()
            assert name(app) == "TableScreen" and app.screen.query_one("DraftRow").selected == number - 1
            await pilot.press("enter")  # opens the card pointed at
            await until(pilot, lambda: name(app) == "PlaceScreen", "the placement screen")
            covers = game.piers[seat].covers()
            cover = rng.choice(covers)
            expected.append(Draft(card, cover))
            await pilot.press(*(["down"] * covers.index(cover)), "enter")
        elif screen == "PlaceScreen" and mine and game.phase is Phase.PLAN:
            covers = game.piers[seat].covers()
            cover = rng.choice(covers)
            expected.append(PlacePlan(cover))
            await pilot.press(*(["down"] * covers.index(cover)), "enter")
    raise AssertionError("unreachable: Steps fails first")  # pragma: no cover


async def test_the_host_seat_plays_to_the_end_by_keys_and_scores_as_the_engine():
    """Ann plays in the app with the host's controls; Bob never comes: the table says he
    is away until `b`, answered yes, hands his seat to a bot. The final screen's scores
    are the engine's, from the host's record."""
    session = new_table(2, 21)
    near_the_end(session, 2, 21)
    made_before = len(session.decisions)

    host = await open_host(session)
    link = Client(f"ws://127.0.0.1:{host.port}/", session.codes.seats[0], min_backoff=0.02, max_backoff=0.2)
    app = SeatApp(link, desk=host, join_lines=["Bob: pier18 join …"])
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: "Bob: away" in screen_text(app), "the table saying Bob is away")
            if name(app) == "PatronScreen":  # the round that ended last, shown to whoever comes
                await pilot.press("enter")
            await pilot.press("j")
            assert name(app) == "JoinLinesScreen" and "Bob: pier18 join" in screen_text(app)
            await pilot.press("escape")
            if session.game.current_player == 1:  # Bob's turn: nothing happens until he is covered
                assert len(session.decisions) == made_before
            await pilot.press("b")
            await until(pilot, lambda: name(app) == "CoverScreen", "the question before a bot sits in")
            await pilot.press("y")
            await until(pilot, lambda: 1 in host.covered, "Bob's seat handed to a bot")
            await until(pilot, lambda: "a bot plays for them" in screen_text(app), "the table saying so")
            expected = await play_by_keys(pilot, app, session, 0, random.Random(5))
            final = screen_text(app)
            state = app.state
    finally:
        await link.close()
        await host.close()
    mine = [d for (seat, d) in session.game.history[made_before:] if seat == 0]
    assert mine == expected and len(expected) >= 3  # two drafts and the Plan, at least
    totals = engine_totals(session)
    assert tuple(sheet.total for sheet in state.table.final) == totals
    for standing in session.game.ranking():
        assert f"{standing.place}. {session.names[standing.seat]}  {standing.total} points" in final
    assert "New game" not in final  # a networked table plays one game


@pytest.mark.parametrize("players, seed, rounds_left", [(2, 41, 2), (3, 42, None)])
async def test_every_seat_at_its_own_app_plays_to_the_end_and_scores_as_the_engine(players, seed, rounds_left):
    """Every seat is a `SeatApp` (what `pier18 join` opens) on its own connection, each
    run by its own Textual pilot in its own task of one event loop, all at once; each is
    played by key presses to the final screen: the 3-player game from the first set-up
    choice, the 2-player one from its last two rounds (as `--resume` brings a table
    back). Every final screen shows each seat's total as the engine gives it for the
    host's record."""
    session = new_table(players, seed)
    if rounds_left is not None:
        near_the_end(session, rounds_left, seed)
    made_before = len(session.decisions)

    finished: list[int] = []
    everyone_done = asyncio.Event()

    async def one_seat(port: int, seat: int) -> tuple[list, str, object]:
        app = seat_app(port, session.codes.seats[seat])
        heard = asyncio.Event()
        kinds: list[str] = []

        def hook(message) -> None:
            if isinstance(message, SeatApp.Heard):
                kinds.append(message.event.kind)
                heard.set()

        try:
            async with app.run_test(size=MIN_SIZE, message_hook=hook) as pilot:
                rng = random.Random(seed * 10 + seat)
                expected = await play_by_keys(pilot, app, session, seat, rng, heard)
                # On top is not yet drawn: wait for the final screen's ranking itself.
                await until(pilot, lambda: " points" in screen_text(app) and "1. " in screen_text(app), "the ranking")
                result = expected, screen_text(app), app.state
                # Leave only once every seat is done and this client has heard its last
                # event, so no news of another seat leaving reaches an app shutting down.
                finished.append(seat)
                if len(finished) == players:
                    everyone_done.set()
                await asyncio.wait_for(everyone_done.wait(), 30)
                await app.client.close()
                await until(pilot, lambda: "closed" in kinds, "the client's last event")
                await pilot.pause()
                return result
        finally:
            await app.client.close()

    host = await open_host(session)
    try:
        seats = await asyncio.gather(*(one_seat(host.port, seat) for seat in range(players)))
        assert host.finished.is_set()
    finally:
        await host.close()
    game = replayed(session)
    assert game.history == session.game.history
    for seat, (expected, final, state) in enumerate(seats):
        assert [d for (s, d) in game.history[made_before:] if s == seat] == expected
        assert isinstance(expected[0], Keep if rounds_left is None else Draft) and isinstance(expected[-1], PlacePlan)
        assert tuple(sheet.total for sheet in state.table.final) == game.returns()
        for standing in game.ranking():
            assert f"{standing.place}. {session.names[standing.seat]}  {standing.total} points" in final
    assert sum(len(expected) for expected, _, _ in seats) == len(session.decisions) - made_before
    assert len(session.decisions) == len(game.history)


async def test_a_seat_sees_its_own_hand_and_a_watcher_sees_no_private_card():
    """At set-up, after Ann has kept her cards: Bob's app shows Bob's hand and sends his
    choice; a spectator's app shows no card the table may not know, and its view holds
    no seat's part."""
    session = new_table(2, 22)
    session.apply(session.game.legal_decisions()[0])  # Ann keeps; her choice stays hidden

    async def watch():
        host = await open_host(session)
        app = seat_app(host.port, session.codes.watch)
        try:
            async with app.run_test(size=SIZE) as pilot:
                await until(pilot, lambda: "watching" in screen_text(app), "the table")
                return app.state, screen_text(app), name(app)
        finally:
            await app.client.close()
            await host.close()

    state, text, screen = await watch()
    game = session.game
    public = set.intersection(*(cards_seat_may_know(game, s) for s in range(game.players)))
    assert state.you is None and state.player_view() is None and screen == "TableScreen"
    assert "watching" in text
    names = {c: game.deck[c].name for c in game.deck}
    hidden = [c for c in names if c not in public and not any(names[c] in names[p] for p in public)]
    assert set(game.hands[1]) <= set(hidden) and game.plans[0] in hidden  # what there is to hide
    assert [names[c] for c in hidden if names[c] in text] == []

    async def bob():
        host = await open_host(session)
        app = seat_app(host.port, session.codes.seats[1])
        try:
            async with app.run_test(size=SIZE) as pilot:
                await until(pilot, lambda: name(app) == "KeepScreen", "Bob's set-up screen")
                assert app.screen.hand == list(game.hands[1])
                await until(pilot, lambda: all(names[c] in screen_text(app) for c in hand), "Bob's cards drawn")
                shown = screen_text(app)
                await pilot.press("enter", "right", "enter")  # the first card as the Plan, the third as the Foundation
                await until(pilot, lambda: len(session.decisions) == 2, "Bob's choice at the host")
                return shown
        finally:
            await app.client.close()
            await host.close()

    hand = list(game.hands[1])
    bob_legal = game.legal_decisions()
    shown = await bob()
    assert isinstance(bob_legal[1], Keep) and session.decisions[1] == bob_legal[1]  # Enter, →, Enter
    ann_hidden = [c for c in hidden if c not in hand and not any(names[c] in names[h] for h in hand)]
    assert [names[c] for c in ann_hidden if names[c] in shown] == []


async def test_a_host_that_goes_away_is_one_line_and_the_seat_comes_back():
    """The host closes mid-game: the app keeps running and says the connection is lost;
    a host brought back on the same port (as `--resume` would) puts the table back."""
    session = new_table(2, 23)
    near_the_end(session, 1, 23)

    host = await open_host(session)
    port = host.port
    app = seat_app(port, session.codes.seats[0])
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: "Ann (you)" in screen_text(app), "the table")
            await host.close()
            await until(pilot, lambda: "Connection lost" in screen_text(app), "the lost-connection line")
            assert app.is_running and app.table() is not None
            assert app.table().query_one("#people").has_class("-lost")
            host = await open_host(session, port=port)
            await until(pilot, lambda: app.lost is None and "Connection lost" not in screen_text(app),
                        "the table back")
            assert "Ann (you)" in screen_text(app)
    finally:
        await app.client.close()
        await host.close()


async def test_a_wrong_code_ends_the_app_with_one_line_and_no_table():
    session = new_table(2, 24)

    host = await open_host(session)
    app = seat_app(host.port, "AAAA-BBBB-CCCC-DDDD")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: not app.is_running, "the app to stop")
    finally:
        await app.client.close()
        await host.close()
    assert app.problem == "the host refused: wrong code"
    assert app.state is None and app.crash is None
    assert session.decisions == []


async def test_a_seat_opened_elsewhere_closes_its_choice_and_says_so():
    """Ann's set-up screen is open when her code is used on another connection: the
    host keeps the newer one, so the app closes the screen it can no longer answer,
    says why in one line and keeps running; the other connection plays on."""
    session = new_table(2, 25)

    host = await open_host(session)
    app = seat_app(host.port, session.codes.seats[0])
    other = None
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: name(app) == "KeepScreen", "Ann's set-up screen")
            other = client(host.port, session.codes.seats[0])
            await until(pilot, lambda: app.problem is not None, "the app told it was replaced")
            await until(pilot, lambda: name(app) == "TableScreen", "the set-up screen closed")
            text = screen_text(app)
            await pilot.press("enter", "1", "enter")  # nothing to send from here any more
            mine = await other.wait_for(lambda s: s.my_turn)
            await other.decide(mine.you.legal[0])
            await other.wait_turn(1)
            (text, running) = text, app.is_running
    finally:
        if other is not None:
            await other.close()
        await app.client.close()
        await host.close()
    assert running and "this seat was opened on another connection" in text
    assert len(session.decisions) == 1  # only the other connection's choice


async def drive(pilot, session, links: dict, rng: random.Random, stop) -> None:
    """Make random legal decisions at the host, each sent by the connection of the seat to
    move (its `Client`), until `stop()` holds; each is waited for at the host."""
    for _ in range(200):
        if stop():
            return
        game = session.game
        made = len(session.decisions)
        link = links[game.current_player]
        await link.wait_turn(made)
        await link.decide(rng.choice(game.legal_decisions()))
        await until(pilot, lambda: len(session.decisions) > made, "the decision at the host")
    raise AssertionError("the table never got there")


def rounds_ended_since(session, count: int, moves_after: int):
    """A `stop` for `drive`: `count` more rounds have ended, then `moves_after` decisions."""
    first = len(session.game.awards)

    def stop() -> bool:
        awards = session.game.awards
        return len(awards) >= first + count and len(session.decisions) == awards[-1].after + moves_after

    return stop


def watched_table(host, session):
    """Clients for both seats of a 2-player table, and a spectator's app (not started)."""
    links = {seat: client(host.port, session.codes.seats[seat]) for seat in (0, 1)}
    link = Client(f"ws://127.0.0.1:{host.port}/", session.codes.watch, min_backoff=0.02, max_backoff=0.2)
    return links, link, SeatApp(link)


async def test_a_watcher_never_falls_behind_a_queue_of_patron_panels():
    """A spectator who presses nothing while two rounds end and the next one starts: its
    screen shows the latest round's Patron panel (not the first round's, waiting for
    Enter), over the table as it is now; Enter shows that table."""
    session = new_table(2, 26)
    near_the_end(session, 3, 26)

    host = await open_host(session)
    links, link, app = watched_table(host, session)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: "watching" in screen_text(app), "the table")
            await drive(pilot, session, links, random.Random(1), rounds_ended_since(session, 2, 1))
            made = len(session.decisions)
            await until(pilot, lambda: app.state.turn == made, "the watcher told of the last move")
            await pilot.pause()
            assert name(app) == "PatronScreen" and app.screen.award == session.game.awards[-1]
            assert [type(s).__name__ for s in app.screen_stack].count("PatronScreen") == 1
            assert app.table().view.history == tuple(app.state.table.history)
            await pilot.press("enter")
            await until(pilot, lambda: name(app) == "TableScreen", "the watcher at the current table")
    finally:
        for one in (*links.values(), link):
            await one.close()
        await host.close()


async def test_a_seats_patron_panel_stays_until_it_moves_on_while_the_table_goes_on():
    """Bob has not pressed Enter on the round's panel when Ann, who starts the next
    round, drafts (an Enter he pressed before the panel came up does not count): the panel stays (the table under it goes on), and once he moves on
    his table says what happened since his last move: the Patron and Ann's draft."""
    session = new_table(2, 28)
    near_the_end(session, 4, 28)

    host = await open_host(session)
    ann = client(host.port, session.codes.seats[0])
    app = seat_app(host.port, session.codes.seats[1])
    links = {0: ann, 1: app.client}
    game = session.game

    def ann_starts_a_round() -> bool:
        return bool(game.awards) and game.awards[-1].after == len(session.decisions) and game.current_player == 0

    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: "Bob (you)" in screen_text(app), "the table")
            early = events.Key("enter", "\r")  # pressed before the round ended, reaching the app after
            await drive(pilot, session, links, random.Random(3), ann_starts_a_round)
            # Bob's app may still be a state or two behind (a loaded machine): an earlier
            # round's panel gives way to the newer one by design, so wait for the last.
            await until(
                pilot,
                lambda: name(app) == "PatronScreen" and app.state.turn == len(session.decisions)
                and app.screen.award == game.awards[-1],
                "Bob's Patron panel of the round just ended",
            )
            award = app.screen.award
            app.post_message(early)
            await pilot.pause()
            assert name(app) == "PatronScreen" and app.screen.award == award  # the early key did not close it
            made = len(session.decisions)
            await drive(pilot, session, links, random.Random(4), lambda: len(session.decisions) > made)
            await until(pilot, lambda: app.state.turn == made + 1, "Ann's draft at Bob's app")
            await pilot.pause()
            assert name(app) == "PatronScreen" and app.screen.award == award
            assert len(app.table().view.history) == made + 1  # the table under it went on
            await pilot.press("escape")
            await until(pilot, lambda: name(app) == "TableScreen", "Bob back at the table")
            since = " ".join(shown_since(app).split())
            seat, draft = game.history[made]
            assert seat == 0 and f"Ann took #{draft.card} " in since
            assert f"won Patron #{award.card} on " in since
    finally:
        await ann.close()
        await app.client.close()
        await host.close()


def shown_since(app) -> str:
    console = Console(width=400, record=True, color_system=None, file=io.StringIO())
    console.print(app.table().query_one("#since").render())
    return console.export_text()


async def test_a_seat_joining_mid_game_shows_the_last_move_at_once():
    """Nothing came before the first view: the last move is worked out from it. Someone
    watching reads its move line in full; a seat reads it in its "since your last move"
    line (the news since its own last draft)."""
    from pier18.engine import Game, TableView
    from pier18.speech.moves import move_line

    session = new_table(2, 29)
    near_the_end(session, 2, 29)
    session.apply(session.game.legal_decisions()[0])  # a draft, so its line has points in it
    earlier = Game.replay(session.deck, 2, session.seed, session.decisions[:-1], session.first_player, session.deal)
    line = move_line(TableView.of(earlier), TableView.of(session.game), session.names)
    seat, draft = session.game.history[-1]
    assert seat == 1 and isinstance(draft, Draft)

    host = await open_host(session)
    app = seat_app(host.port, session.codes.seats[0])
    watcher = seat_app(host.port, session.codes.watch)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: "Ann (you)" in screen_text(app), "the table")
            since = " ".join(shown_since(app).split())
        async with watcher.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: "watching" in screen_text(watcher), "the watcher's table")
            shown = " ".join(screen_text(watcher).split())
    finally:
        await app.client.close()
        await watcher.client.close()
        await host.close()
    assert "took" in line and " ".join(line.split()) in shown
    cover = f"covering {draft.cover}" if draft.cover else "covering nothing"
    assert since.startswith("Since your last move: ") and f"Bob took #{draft.card} {cover}." in since, since


async def test_news_from_the_host_after_leaving_is_not_drawn():
    """Once the app is leaving (its screens being taken down), a late message from the
    host must not reach the screens: drawing on a table whose widgets are gone crashed
    a seat whose game had just ended while another seat disconnected."""
    session = new_table(2, 25)

    host = await open_host(session)
    app = seat_app(host.port, session.codes.seats[1])
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.state is not None, "the first view")
            seen = app.state
            app.exit()
            app.on_seat_app_heard(SeatApp.Heard(Event(Heard.LOST, "the host went quiet")))
            app.on_seat_app_heard(SeatApp.Heard(Event(Heard.STATE, state=None)))
    finally:
        await app.client.close()
        await host.close()
    assert app.lost is None and app.state is seen and app.crash is None


async def test_a_seats_game_log_lists_every_public_event_as_the_laptop_would():
    """`l` at a seat that joined mid-game: every decision's move line and every Patron
    award so far, oldest first, worked out from the one view the host sent. Expected
    here by replaying the game with the engine, step by step from the deal."""
    from pier18.engine import Game, TableView
    from pier18.speech.moves import move_line, patron_log_line

    session = new_table(2, 31)
    near_the_end(session, 2, 31)
    game = session.game
    now = TableView.of(game)
    replay = Game(session.deck, 2, session.seed, session.first_player, session.deal)
    expected = []
    for count, decision in enumerate(session.decisions, start=1):
        before = TableView.of(replay)
        replay.apply(decision)
        expected.append(move_line(before, TableView.of(replay), session.names, None, now))
        expected.extend(patron_log_line(a, session.deck, session.names) for a in game.awards if a.after == count)
    assert len(game.awards) >= 2

    host = await open_host(session)
    app = seat_app(host.port, session.codes.seats[1])
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: "Bob (you)" in screen_text(app), "the table")
            await pilot.press("l")
            await until(pilot, lambda: name(app) == "GameLogScreen", "the game log")
            logged = list(app.screen.lines)
            await pilot.press("escape")
            await until(pilot, lambda: name(app) != "GameLogScreen", "the log closed")
    finally:
        await app.client.close()
        await host.close()
    assert logged == expected
async def test_a_seat_reviews_its_own_decisions_from_the_views_it_was_sent(monkeypatch):
    """`v` on a networked seat's final screen reviews every decision that seat's player
    made, those made before this app joined included (the host sends their views once
    the game is over), each judged and drawn from exactly the engine's `PlayerView` of
    that seat there, and no page names a card it had not seen."""
    import re

    from pier18.engine import PlayerView
    from pier18.review.positions import game_at

    monkeypatch.setattr("pier18.tui.screens.review.REVIEW_WORLDS", 3)
    monkeypatch.setattr("pier18.tui.screens.review.REVIEW_JOBS", 1)
    session = new_table(2, 21)
    near_the_end(session, 2, 21)
    made_before = len(session.decisions)
    host = await open_host(session)
    link = Client(f"ws://127.0.0.1:{host.port}/", session.codes.seats[0], min_backoff=0.02, max_backoff=0.2)
    app = SeatApp(link, desk=host)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: "Bob: away" in screen_text(app), "the table saying Bob is away")
            if name(app) == "PatronScreen":
                await pilot.press("enter")
            await pilot.press("b")
            await until(pilot, lambda: name(app) == "CoverScreen", "the question before a bot sits in")
            await pilot.press("y")
            await until(pilot, lambda: 1 in host.covered, "Bob's seat handed to a bot")
            await play_by_keys(pilot, app, session, 0, random.Random(5))
            await pilot.press("v")
            await until(pilot, lambda: name(app) == "ReviewScreen" and app.screen.reviews is not None, "the review")
            screen = app.screen
            mine = [(i + 1, d) for i, (seat, d) in enumerate(session.game.history) if seat == 0]
            assert [(m.number, m.chosen) for m in screen.moments] == mine
            assert sum(1 for number, _ in mine if number > made_before) >= 3 and mine[0][0] <= made_before
            assert [r.number for r in screen.reviews] == [number for number, _ in mine]
            deck = session.deck
            for page, moment in enumerate(screen.moments, start=1):
                view = PlayerView.of(game_at(session, moment.position), 0)
                assert moment.view == view
                await pilot.press("right")
                await pilot.pause()
                assert screen.page == page
                console = Console(width=200, record=True, color_system=None, file=io.StringIO())
                for widget in screen.query(Static):  # the review's own page: the final screen under it shows the end
                    console.print(widget.content)
                text = console.export_text()
                assert f"Decision {moment.number} (" in text
                named = {int(n) for n in re.findall(r"#(\d+)", text)}
                named |= {card.id for card in deck.values() if re.search(rf"\b{re.escape(card.name)}\b", text)}
                assert not (named & view.unseen), f"page {page + 1} names cards {sorted(named & view.unseen)} not seen"
            await pilot.press("escape")
            await until(pilot, lambda: name(app) == "FinalScreen", "the final screen again")
    finally:
        await link.close()
        await host.close()


async def test_a_seat_that_comes_back_reviews_every_decision_its_player_made(monkeypatch):
    """Ann makes her set-up in one app and leaves; a bot the host hands her seat to drafts
    once for her; she joins again in a new app and plays to the end. Her final screen
    offers `v`, and the review holds every decision she made, the set-up before she left
    included (judged, not "0.00 lost in set-up" for want of it), none of the bot's, each
    from the engine's view of her seat there."""
    import threading

    from pier18.bots import make_bot
    from pier18.engine import PlayerView
    from pier18.net.host import Host
    from pier18.review.model import summarize
    from pier18.review.positions import game_at, positions
    from pier18.speech.scores import points_lost_line
    from net_support import WAIT, fast_config

    monkeypatch.setattr("pier18.tui.screens.review.REVIEW_WORLDS", 3)
    monkeypatch.setattr("pier18.tui.screens.review.REVIEW_JOBS", 1)
    session = new_table(2, 41, seats=["human", "hard"])
    released = threading.Event()  # the stand-in's second move waits for it: one move only
    stood_in: list[int] = []
    made: dict[tuple[str, int], object] = {}

    class OneMoveStandIn:
        def __init__(self, bot) -> None:
            self.bot = bot

        def choose(self, view):
            if stood_in:
                released.wait(WAIT)
            stood_in.append(view.seat)
            return self.bot.choose(view)

    def bots(level: str, seat: int):
        if (level, seat) not in made:
            bot = make_bot(level, seat * 7919 + 1)
            made[level, seat] = OneMoveStandIn(bot) if seat == 0 else bot
        return made[level, seat]

    host = Host(session, session.codes, fast_config(), bots=bots)
    await host.start()
    code = session.codes.seats[0]
    first = seat_app(host.port, code)
    try:
        async with first.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: name(first) == "KeepScreen", "Ann's set-up")
            await pilot.press("right", "enter", "enter")
            await until(pilot, lambda: any(seat == 0 for seat, _ in session.game.history), "Ann's set-up made")
            await first.client.close()  # Ann leaves
        host.cover(0)
        await waiting.until(session.stand_ins, "a bot drafting for Ann when her turn comes")
        stand_ins = session.stand_ins()
        assert len(stand_ins) == 1 and session.game.history[next(iter(stand_ins)) - 1][0] == 0
        again = seat_app(host.port, code)  # Ann joins again: her seat is hers at once
        async with again.run_test(size=SIZE) as pilot:
            await play_by_keys(pilot, again, session, 0, random.Random(41))
            assert again.screen.review is True  # the final screen offers `v`
            await pilot.press("v")
            await until(pilot, lambda: name(again) == "ReviewScreen" and again.screen.reviews is not None,
                        "the review")
            screen = again.screen
            own = [n for n, (seat, _) in enumerate(session.game.history, start=1) if seat == 0 and n not in stand_ins]
            assert [m.number for m in screen.moments] == own == [r.number for r in screen.reviews]
            assert screen.moments[0].phase is Phase.SETUP and screen.moments[0].number == 1
            at = {point.number: point.position for point in positions(session)}
            for moment in screen.moments:
                assert moment.position == at[moment.number]
                assert moment.view == PlayerView.of(game_at(session, moment.position), 0)
            summary = summarize(0, tuple(screen.reviews))
            line = points_lost_line(dict(summary.lost_by_phase), summary.lost, summary.decisions)
            console = Console(width=400, record=True, color_system=None, file=io.StringIO())
            for widget in screen.query(Static):
                console.print(widget.content)
            assert summary.decisions == len(own) and line in " ".join(console.export_text().split())
            assert summary.lost_by_phase[Phase.SETUP] == screen.reviews[0].verdict(False).loss
    finally:
        released.set()
        await host.close()


async def test_a_seat_joining_a_finished_game_reviews_its_whole_game(monkeypatch):
    """A seat that comes back only after its last decision (the game over, or nearly) has
    seen none of its choices in this app: its final screen still offers `v`, and the
    review holds every decision its player made."""
    monkeypatch.setattr("pier18.tui.screens.review.REVIEW_WORLDS", 2)
    monkeypatch.setattr("pier18.tui.screens.review.REVIEW_JOBS", 1)
    session = new_table(2, 43)
    rng = random.Random(43)
    while not session.game.is_terminal():
        session.apply(rng.choice(session.game.legal_decisions()))
    host = await open_host(session)
    app = seat_app(host.port, session.codes.seats[1])
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: name(app) == "FinalScreen", "the final screen")
            assert app.screen.review is True and not app._choice_views
            await pilot.press("v")
            await until(pilot, lambda: name(app) == "ReviewScreen" and app.screen.reviews is not None, "the review")
            mine = [(n, d) for n, (seat, d) in enumerate(session.game.history, start=1) if seat == 1]
            assert [(m.number, m.chosen) for m in app.screen.moments] == mine
    finally:
        await app.client.close()
        await host.close()


def people_line(app) -> str:
    """The table's line about who is here and who the game waits for ('' before it is drawn)."""
    table = app.table()
    found = list(table.query("#people")) if table is not None else []
    if not found:
        return ""
    console = Console(width=400, record=True, color_system=None, file=io.StringIO())
    console.print(found[0].render())
    return " ".join(console.export_text().split())


async def draft_by_keys(pilot, app: SeatApp, session, seat: int, rng: random.Random) -> Draft:
    """`seat`, at the table on its turn to draft, drafts a random card by keys."""
    await until(pilot, lambda: name(app) == "TableScreen" and app.my_turn(), "the seat's turn at the table")
    game = session.game
    number = rng.randrange(len(game.revealed)) + 1
    card = game.revealed[number - 1]
    made = len(session.decisions)
    await pilot.press(str(number), "enter")  # a number points, Enter opens it
    await until(pilot, lambda: name(app) == "PlaceScreen", "the placement screen")
    covers = game.piers[seat].covers()
    cover = rng.choice(covers)
    await pilot.press(*(["down"] * covers.index(cover)), "enter")
    await until(pilot, lambda: len(session.decisions) > made, "the draft made")
    return Draft(card, cover)


async def test_a_bots_moves_for_an_away_player_are_the_bots_everywhere():
    """Bob is away in the last round. The host's `b` asks first (no: nothing changes),
    then a hard bot drafts for him and places his Plan. Meanwhile "waiting for" names
    whoever can act now: Ann, not the absent Bob. When Bob comes back his "since your
    last move" holds the bot's draft and the status its Plan, each named as the bot's;
    so do his game log, his final screen and the host's record."""
    from pier18.persist import record

    session = new_table(2, 33)
    rng = random.Random(33)
    game = session.game
    # The last round, Ann to start it: Ann drafts, then Bob, then the Plans are placed.
    while not (game.phase is Phase.DRAFT and game.round == game.total_rounds and game.round_starter == 0):
        session.apply(rng.choice(game.legal_decisions()))
    made_before = len(session.decisions)

    host = await open_host(session)
    said: list[str] = []  # the host's own lines
    host.on_status = said.append
    link = Client(f"ws://127.0.0.1:{host.port}/", session.codes.seats[0], min_backoff=0.02, max_backoff=0.2)
    ann = SeatApp(link, desk=host)
    try:
        async with ann.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: "Bob: away" in people_line(ann), "Bob away")
            if name(ann) == "PatronScreen":
                await pilot.press("enter")
            # Ann is to move: the table waits for her, not for the absent Bob.
            assert "waiting for you" in people_line(ann) and "waiting for Bob" not in people_line(ann)
            await draft_by_keys(pilot, ann, session, 0, rng)
            # Now Bob is to move, and he is away: the table waits for him.
            await until(pilot, lambda: "waiting for Bob (away)" in people_line(ann), "the table waiting for Bob")
            await pilot.press("b")
            await until(pilot, lambda: name(ann) == "CoverScreen", "the question before a bot sits in")
            assert "Let a hard bot play for Bob" in screen_text(ann)
            await pilot.press("n")
            await until(pilot, lambda: name(ann) == "TableScreen", "the table again")
            assert host.covered == set() and len(session.decisions) == made_before + 1  # no: nothing changed
            assert "waiting for Bob (away)" in people_line(ann)
            await pilot.press("b")
            await until(pilot, lambda: name(ann) == "CoverScreen", "the question before a bot sits in")
            await pilot.press("y")
            # The bot drafts for Bob, then places his Plan ahead of Ann's (kept until hers).
            await until(pilot, lambda: session.ahead_stand_ins() == {1: "hard"}, "the bot's moves for Bob")
    finally:
        await link.close()
    number = made_before + 2
    assert session.stand_ins() == {number: "hard"} and session.game.history[number - 1][0] == 1
    bot_draft = session.game.history[number - 1][1]
    assert isinstance(bot_draft, Draft)
    cover = f"covering {bot_draft.cover}" if bot_draft.cover else "covering nothing"

    bob = seat_app(host.port, session.codes.seats[1])  # Bob comes back (Ann is away now)
    try:
        async with bob.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: "Bob (you)" in people_line(bob), "Bob's table")
            since = " ".join(shown_since(bob).split())
            assert since.startswith("Since your last move: Ann took "), since  # Bob's last own move came before
            assert f"a hard bot for Bob took #{bot_draft.card} {cover}" in since, since
            status = " ".join(str(bob.table().query_one("#status").render()).split())
            assert "a hard bot for you has placed the Plan card" in status, status
            await pilot.press("l")
            await until(pilot, lambda: name(bob) == "GameLogScreen", "the game log")
            logged = list(bob.screen.lines)
            await pilot.press("escape")
            await until(pilot, lambda: name(bob) != "GameLogScreen", "the log closed")
            assert host.cover(0).startswith("Ann's seat is played")  # the table goes on without Ann
            await play_by_keys(pilot, bob, session, 1, random.Random(34))
            await until(pilot, lambda: "while they were away" in screen_text(bob), "the final screen")
            final = " ".join(screen_text(bob).split())
    finally:
        await bob.client.close()
        await host.close()
    assert f"A hard bot for Bob took #{bot_draft.card} " in "\n".join(logged), logged
    assert any(line.startswith(f"A hard bot for Bob took #{bot_draft.card} ") for line in said), said
    assert not any(line.startswith(f"Bob took #{bot_draft.card} ") for line in logged), logged
    assert f"A hard bot made these moves for Bob while they were away: took #{bot_draft.card} {cover}; placed the Plan card covering" in final, final
    assert "A hard bot made this move for Ann while they were away: placed the Plan card" in final, final
    plans = {seat: n for n, (seat, _) in enumerate(session.game.history, start=1) if n > number}
    assert session.stand_ins() == {number: "hard", plans[0]: "hard", plans[1]: "hard"}
    data = json.loads(record.dumps(session))
    assert data["version"] == record.VERSION
    assert [n for n, author in enumerate(data["authors"], start=1) if author == "hard"] == sorted(session.stand_ins())
    assert record.loads(json.dumps(data)).stand_ins() == session.stand_ins()
