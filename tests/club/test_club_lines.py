"""The plain-line club (`pier18 club --lines`): a whole game played from it by a script
that reads only its lines, against a real club server over loopback; every command
answered at once; a club's bad answers one line each; the same in Dutch."""

from __future__ import annotations

import asyncio
import re

import pytest

from pier18 import i18n
from pier18.club.protocol import ClubProtocolError, ClubRefused
from pier18.lines.club import LineClub, NewTableError, parse_new
from pier18.persist.listing import listed_games

from club_net import member, open_club
from net_support import WAIT

from test_join_lines import BOXES, MOVE
from test_join_lines import Screen as SeatScreen


class Screen(SeatScreen):
    """Where the club's lines go: a seat's screen (the same lines, read the same way) that
    can also wait for a line."""

    async def until(self, test, start: int = 0) -> int:
        """Until a line from `start` on passes `test`; its index."""
        while True:
            lines = self.lines()
            found = next((i for i in range(start, len(lines)) if test(lines[i])), None)
            if found is not None:
                return found
            self.wrote.clear()
            await asyncio.wait_for(self.wrote.wait(), WAIT)


class Keyboard:
    """The lines typed: `get` waits for the test to type one."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.asked = asyncio.Event()

    async def get(self) -> str | None:
        self.asked.set()
        return await self.queue.get()

    async def type(self, line: str | None) -> None:
        """Type `line` once the club asks for one (it has answered the line before)."""
        await asyncio.wait_for(self.asked.wait(), WAIT)
        self.asked.clear()
        self.queue.put_nowait(line)


async def answer_to(keyboard: Keyboard, screen: Screen, line: str) -> list[str]:
    """Type `line`; the lines said until the club asks for the next one."""
    await asyncio.wait_for(keyboard.asked.wait(), WAIT)
    before = len(screen.lines())
    await keyboard.type(line)
    await asyncio.wait_for(keyboard.asked.wait(), WAIT)
    return screen.lines()[before:]


@pytest.fixture
def data(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("PIER18_DATA_DIR", str(folder))
    return folder


@pytest.mark.parametrize("lang", ["en", "nl"])
async def test_a_whole_game_played_from_the_lines_club(club_db, keys, data, speaking, lang):
    speaking(lang)
    server = await open_club(club_db)
    ann = member(server.port, "Ann", keys["Ann"])
    await ann.connect()
    screen, keyboard = Screen(), Keyboard()
    club = LineClub(ann, keyboard, screen)
    running = asyncio.create_task(club.run())
    try:
        said = await answer_to(keyboard, screen, "new 2 greedy clock 2d bot")
        made = next(line for line in said if re.search(r"\b(\d+)\b.*play \1", line))
        table = int(re.search(r"play (\d+)", made).group(1))
        assert any(i18n._("{time} per move; when it runs out the hard bot moves for the seat").format(
            time=i18n.ngettext("{n} day", "{n} days", 2).format(n=2)) in line for line in said), said
        prompt = i18n._("{name}, your move: type it as 'moves' lists it, or 'help'.").format(name="Ann")
        back = i18n._("Back at the club; type rematch {table} for another game.").format(table=table)
        await keyboard.type(f"play {table}")
        at = 0
        while True:  # play: at each prompt, 'moves', then the first move it lists
            at = await screen.until(lambda line: line in (prompt, back), at)
            if screen.lines()[at] == back:
                break
            at += 1
            moves = [m.group(1) for line in await answer_to(keyboard, screen, "moves") if (m := MOVE.match(line))]
            assert moves
            await keyboard.type(moves[0])
        listing = await answer_to(keyboard, screen, "games")
        # the notices that came while the game was played are past: none is said now
        stale = i18n._("Your turn at table {table}: type play {table}.").format(table=table)
        assert stale not in screen.lines()[at:], screen.lines()[at:]
        assert any(line.strip().startswith(i18n._("Table {table}: {players}; {state}").split(":")[0].format(table=table)) for line in listing)
        kept = [game for game in listed_games() if game.path.name.startswith("club-")]
        assert len(kept) == 1 and kept[0].path.name.endswith(f"-{table}.json")
        ratings = await answer_to(keyboard, screen, "ratings")
        assert any("Ann" in line for line in ratings) and any("greedy" in line.lower() or "bot" in line for line in ratings)
        again = await answer_to(keyboard, screen, f"rematch {table}")
        assert any(str(table) in line for line in again), again
        rematch_turn = i18n._("Your turn at table {table}: type play {table}.").format(table=table + 1)  # the rematch's: news any time
        said = [line for line in await answer_to(keyboard, screen, "frobnicate") if line != rematch_turn]
        assert said == [i18n._("unknown command, try help")]
        await keyboard.type("quit")
        assert await asyncio.wait_for(running, WAIT) == 0
        assert not BOXES.search(screen.text)
        if lang == "nl":
            from dutch import english_in

            assert english_in(screen.text) == []
    finally:
        running.cancel()
        await ann.close()
        await server.close()


async def test_every_command_is_answered_at_once_and_refusals_are_one_line(club_db, keys, data):
    server = await open_club(club_db)
    ann, bob = member(server.port, "Ann", keys["Ann"]), member(server.port, "Bob", keys["Bob"])
    await ann.connect()
    await bob.connect()
    screen, keyboard = Screen(), Keyboard()
    running = asyncio.create_task(LineClub(bob, keyboard, screen).run())
    try:
        table = await ann.create(3, invite=["Bob", "Cy"], clock="5m", on_timeout="lose")
        assert len(await answer_to(keyboard, screen, "help")) > 5
        opened = await answer_to(keyboard, screen, "open")
        assert any(f"{table}" in line and "Ann" in line for line in opened)
        assert any("5 minutes per move" in line and "loses on time" in line for line in opened), opened
        assert any("Bob and Cy" in line for line in opened)
        assert len(await answer_to(keyboard, screen, "join 999")) == 1
        assert len(await answer_to(keyboard, screen, "join x")) == 1
        assert len(await answer_to(keyboard, screen, "play \u00b2")) == 1  # a digit to str.isdigit, no number to int
        assert len(await answer_to(keyboard, screen, "new 4")) == 1
        assert len(await answer_to(keyboard, screen, "new 2 clock 9y")) == 1
        joined = await answer_to(keyboard, screen, f"join {table}")
        assert len(joined) == 1 and "2" in joined[0]
        assert len(await answer_to(keyboard, screen, f"rematch {table}")) == 1  # not over: refused, one line
        assert await answer_to(keyboard, screen, "") == []
        await keyboard.type(None)  # the input ends: the club is left
        assert await asyncio.wait_for(running, WAIT) == 0
    finally:
        running.cancel()
        await ann.close()
        await bob.close()
        await server.close()


async def test_the_end_of_the_input_in_a_game_leaves_it_and_the_club_as_quit(club_db, keys, data):
    """`club --lines`, its input a pipe read as standard input is: a game played from the
    club, a move made, then the input ends. The seat goes back to the club and the club
    is left, each as its 'quit' says (status 0); the move is the club's."""
    from test_end_of_input import Keyboard

    server = await open_club(club_db)
    ann = member(server.port, "Ann", keys["Ann"])
    await ann.connect()
    keyboard, screen = Keyboard(), Screen()
    try:
        table = await ann.create(2, ["human", "random"])
        running = asyncio.create_task(LineClub(ann, keyboard.lines, screen).run())
        keyboard.type(f"play {table}")
        prompt = i18n._("{name}, your move: type it as 'moves' lists it, or 'help'.").format(name="Ann")
        at = await screen.until(lambda line: line == prompt)
        keyboard.type("moves")
        listed = await screen.until(MOVE.match, at)
        move = MOVE.match(screen.lines()[listed]).group(1)
        keyboard.type(move)
        await screen.until(lambda line: line == i18n._("sent: {move}").format(move=move), at)
        keyboard.end()
        assert await asyncio.wait_for(running, WAIT) == 0
        notice = i18n._("Your turn at table {table}: type play {table}.").format(table=table)  # news, any time
        said = [line for line in screen.lines() if line != notice]
        assert said[-2:] == [
            i18n._("Back at the club; type play {table} to go on.").format(table=table),
            i18n._("Left the club; your games wait for you."),
        ], said[-5:]
        (info,) = [info for info in (await ann.list()).games if info.id == table]
        assert info.status == "playing" and info.turn >= 1  # Ann's set-up choice, kept
    finally:
        keyboard.end()
        await ann.close()
        await server.close()
        keyboard.stream.close()


async def test_every_club_command_is_read_whatever_its_case(club_db, keys, data):
    """The club's commands and their keywords, typed in lower case by Ann and in capitals
    (or `Games`) by Bob: the same answers, names and table numbers aside. Every table
    made is full (bots), so neither member's lists show the other's."""
    from test_command_case import UNKNOWN, shouted

    server = await open_club(club_db)
    typed = ["help", "games", "list", "open", "ratings", "new 2 hard clock 2d lose", "new 3 greedy random clock 5m bot",
             "join 999", "play 999", "rematch 999", "new 2 wizard", "games"]
    said = {}
    try:
        for name, case in (("Ann", str), ("Bob", shouted)):
            lobby = member(server.port, name, keys[name])
            await lobby.connect()
            screen, keyboard = Screen(), Keyboard()
            running = asyncio.create_task(LineClub(lobby, keyboard, screen).run())
            try:
                answers = [line for command in typed for line in await answer_to(keyboard, screen, case(command))]
                said[name] = [re.sub(r"\d+", "N", line.replace(name, "NAME")) for line in answers]
                assert UNKNOWN not in said["Ann"] and said[name] == said["Ann"]
                await keyboard.type(case("quit"))
                assert await asyncio.wait_for(running, WAIT) == 0
            finally:
                running.cancel()
                await lobby.close()
    finally:
        await server.close()
async def test_a_table_the_club_cannot_read_is_said_in_the_games(club_db, keys, data):
    from club_databases import Raw

    server = await open_club(club_db, report=lambda _line: None)
    ann = member(server.port, "Ann", keys["Ann"])
    screen, keyboard = Screen(), Keyboard()
    running = asyncio.create_task(LineClub(ann, keyboard, screen).run())
    try:
        good = await ann.create(2, seats=["human", "greedy"])
        bad = await ann.create(2, seats=["human", "greedy"])
        with Raw(club_db) as raw:
            raw.run("UPDATE tables SET record = ? WHERE id = ?", ("not a record", bad))
        said = await answer_to(keyboard, screen, "games")
        assert any(f"Table {good}:" in line for line in said), said
        assert [line.strip() for line in said if str(bad) in line] == [
            f"Table {bad} cannot be read: the club's database is damaged there (its operator is told)."
        ], said
        await keyboard.type(None)
        assert await asyncio.wait_for(running, WAIT) == 0
    finally:
        running.cancel()
        await ann.close()
        await server.close()


def test_new_reads_seats_bots_invitations_and_the_clock():
    table = parse_new("3 hard invite Ann Smith, Bob clock 2d lose".split())
    assert table.seats == ("human", "human", "hard") and table.invite == ("Ann Smith", "Bob")
    assert (table.clock, table.on_timeout) == ("2d", "lose")
    assert parse_new(["2"]).invite is None and parse_new(["2"]).clock == "none"
    for bad in ("", "5", "2 hard hard", "2 wizard", "2 clock", "2 clock 0m", "2 invite \x1b[31m", "\u00b2", "\u0662 hard"):
        with pytest.raises(NewTableError):
            parse_new(bad.split())


class HostileClub:
    """A club whose every answer breaks the protocol or refuses."""

    name, address, ssl = "Ann", "127.0.0.1:9", None

    def __init__(self) -> None:
        self.problems = [ClubProtocolError("the club sent an answer this client cannot read"), ClubRefused("busy"), ClubRefused("\x1b[2Jweird", {"x": "\x07"})]

    async def _fail(self, *args, **kwargs):
        raise self.problems[0]

    list = ratings = create = join = rematch = ticket = export = _fail

    async def turns(self):
        raise ClubRefused("bad_key")
        yield 0


@pytest.mark.parametrize("which", [0, 1, 2])
async def test_a_hostile_club_s_answers_are_one_line_each(which):
    club = HostileClub()
    club.problems = [club.problems[which]]
    screen, keyboard = Screen(), Keyboard()
    running = asyncio.create_task(LineClub(club, keyboard, screen).run())
    try:
        for command in ("games", "open", "ratings", "new 2", "join 3", "play 3", "rematch 3"):
            said = await answer_to(keyboard, screen, command)
            assert len([line for line in said if not line.startswith(" ")]) <= 3, said
            assert not any("\x1b" in line or "\x07" in line or "Traceback" in line for line in said)
        await keyboard.type("quit")
        assert await asyncio.wait_for(running, WAIT) == 0
    finally:
        running.cancel()


def _playing(**more) -> "TableInfo":
    from pier18.club.protocol import SeatSummary, TableInfo

    info = dict(
        id=2, players=3, seats=(SeatSummary("Ann", "human"), SeatSummary("Bob", "human"), SeatSummary("Cy", "human")),
        status="playing", turn=3, to_act=(1,), your_seat=0, your_turn=False, clock="2d", on_timeout="lose",
        deadline=None, invited=None, created_by="Ann",
    )
    info.update(more)
    return TableInfo(**info)


def test_a_seat_lost_on_time_is_said_while_the_game_goes_on(speaking):
    """Ann's time ran out on a `lose` table: the hard bot moved for her and she ranks last,
    though the game goes on. Her list says so now, not only once the game is over."""
    from pier18.lines.club import table_state

    said = table_state(_playing(lost_on_time=(0, 2)), 0.0)
    assert said == "waiting for Bob; Ann and Cy lost on time", said
    assert table_state(_playing(), 0.0) == "waiting for Bob"


@pytest.mark.parametrize("left, said", [
    (2 * 86400 - 1, "1 day and 23 hours"),  # a 2-day clock just started: not "1 day"
    (86400, "1 day"),
    (3 * 3600 + 25 * 60 + 9, "3 hours and 25 minutes"),
    (5 * 60 - 1, "4 minutes"),
    (59, "less than a minute"),
])
def test_the_time_left_names_its_two_largest_units(left, said):
    from pier18.lines.club import time_left

    assert time_left(left) == said


async def test_the_time_left_counts_from_the_club_s_clock_not_this_computer_s(club_db, keys, data, clock):
    """A member whose computer's clock is a day fast still reads that a 2-day clock just
    started has 2 days left: the club sends its own time with its lists."""
    server = await open_club(club_db, now=clock)
    ann = member(server.port, "Ann", keys["Ann"])
    await ann.connect()
    screen, keyboard = Screen(), Keyboard()
    running = asyncio.create_task(LineClub(ann, keyboard, screen, now=lambda: clock() + 86400).run())
    try:
        await answer_to(keyboard, screen, "new 2 hard clock 2d bot")
        listing = await answer_to(keyboard, screen, "games")
        due = i18n._("due in {time}").format(time=i18n.ngettext("{n} day", "{n} days", 2).format(n=2))
        assert any(line.endswith(due) for line in listing), listing
        await keyboard.type("quit")
        assert await asyncio.wait_for(running, WAIT) == 0
    finally:
        running.cancel()
        await ann.close()
        await server.close()
