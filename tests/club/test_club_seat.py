"""A club game's seat says which club table it is and when its move is due, and at the
end who lost on time: the plain-line seat (`play ID` in the lines club, `LineSeat`) and
the Textual one (`SeatApp`), against a real club server over loopback on a fake clock."""

from __future__ import annotations

import asyncio
import io

from rich.console import Console
from textual.widgets import Static

import waiting
from club_net import member, open_club, seat
from net_support import WAIT
from test_club_lines import Keyboard, Screen

from pier18 import i18n
from pier18.lines.seat import LineSeat
from pier18.tui.seat_app import SeatApp

DAY, HOUR = 86400, 3600
SIZE = (120, 40)


def due_line(table: int, left: str) -> str:
    return i18n._("Club table {table} · your move is due in {time}").format(table=table, time=left)


def lost_line(names: str, count: int) -> str:
    return i18n.ngettext(
        "{names} lost on time: last in the club's ratings", "{names} lost on time: last in the club's ratings", count,
    ).format(names=names)


async def test_a_club_seat_in_lines_says_its_table_its_deadline_and_who_lost_on_time(club_db, keys, clock):
    """Ann plays a 2-day table set to `lose` in plain lines; Bob never comes, so each of
    his moves times out (the fake clock jumps two days) and the hard bot makes it. Every
    state carries the table, the deadline by the club's clock, the club's time and who
    lost on time; Ann's turn lines name the table and the time left, counted from the
    club's time (an hour after the start: '1 day and 23 hours'); the final lines say Bob
    lost on time, though the game's ranking may put him first."""
    server = await open_club(club_db, now=clock)
    ann, bob = member(server.port, "Ann", keys["Ann"]), member(server.port, "Bob", keys["Bob"])
    try:
        table = await ann.create(2, clock="2d", on_timeout="lose")
        await bob.join(table)
        started = clock()
        clock.advance(HOUR)  # Ann sits down an hour after the game began
        game = await seat(ann, table)
        first = game.state
        assert first is not None and first.club is not None
        assert (first.club.table, first.club.deadline, first.club.now, first.club.lost_on_time) == (
            table, started + 2 * DAY, started + HOUR, ())
        screen, keyboard = Screen(), Keyboard()
        playing = asyncio.create_task(LineSeat(game, keyboard, screen).run())
        prompt = i18n._("{name}, your move: type it as 'moves' lists it, or 'help'.").format(name="Ann")
        at = await screen.until(lambda line: line == prompt)
        assert due_line(table, "1 day and 23 hours") in screen.lines()[:at], screen.lines()
        seen = [first]
        last = None
        while True:  # each new state: Ann moves on hers; on Bob's, two days pass
            state = await game.wait_for(lambda s: s is not last, WAIT)
            last = state
            seen.append(state)
            if state.table.is_terminal():
                break
            if state.my_turn:  # typed as a player would; the seat sends it
                await keyboard.type(str(state.you.legal[0]))
            else:
                clock.advance(2 * DAY + 1)  # two days and a second: Bob's time is up
                server.wake_clock()
        assert await asyncio.wait_for(playing, WAIT) == 0
        assert all(s.club is not None and s.club.table == table for s in seen)
        assert seen[-1].club.lost_on_time == (1,) and seen[-1].club.deadline is None  # over: nothing is due
        assert all(s.club.deadline == s.club.now + 2 * DAY for s in seen[2:-1] if s.my_turn)  # a fresh 2 days each turn
        lines = screen.lines()
        assert lines.count(due_line(table, "2 days")) >= 5, lines  # each of Ann's turns says it
        assert lines[-1] == lost_line("Bob", 1), lines[-3:]  # after the ranking and the scores

        # The Textual seat on the finished table: its final screen says it too.
        app = SeatApp(await seat(ann, table))
        async with app.run_test(size=SIZE) as pilot:
            await waiting.until(lambda: type(app.screen).__name__ == "FinalScreen", lambda: "the final screen",
                                lambda: pilot.pause(0.01))
            assert lost_line("Bob", 1) in screen_text(app)
        await app.client.close()
        await game.close()
    finally:
        await ann.close()
        await bob.close()
        await server.close()


async def test_the_textual_club_seat_shows_its_table_and_when_its_move_is_due(club_db, keys, clock, speaking):
    """The Textual seat of a club game says in its people line which club table this is
    and when the move is due, by the club's clock."""
    server = await open_club(club_db, now=clock)
    ann = member(server.port, "Ann", keys["Ann"])
    try:
        table = await ann.create(2, seats=["human", "greedy"], clock="2d", on_timeout="bot")
        clock.advance(5 * HOUR)
        app = SeatApp(await seat(ann, table))
        async with app.run_test(size=SIZE) as pilot:
            await waiting.until(lambda: app.table() is not None, lambda: "the table", lambda: pilot.pause(0.01))
            await waiting.until(lambda: app.state is not None and app.state.my_turn, lambda: "Ann's turn",
                                lambda: pilot.pause(0.01))
            people = app.table().query_one("#people", Static)
            await waiting.until(lambda: due_line(table, "1 day and 19 hours") in text_of(people),
                                lambda: text_of(people), lambda: pilot.pause(0.01))
        await app.client.close()
    finally:
        await ann.close()
        await server.close()


def text_of(widget: Static) -> str:
    console = Console(width=400, record=True, color_system=None, file=io.StringIO())
    console.print(widget.render())
    return console.export_text()


def screen_text(app) -> str:
    console = Console(width=200, record=True, color_system=None, file=io.StringIO())
    for widget in app.screen.query("Static"):
        console.print(widget.render())
    return console.export_text()
