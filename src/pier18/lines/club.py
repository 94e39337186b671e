"""A club (`pier18 club --lines`) in plain lines: your games, open tables, a new table,
a rematch, the ratings, and each game played as `join --lines` plays a seat.

The phrases for a club table, its clock and a rating are here too, one function each,
so the Textual club screen says a table in the same words. Every line typed is
answered at once; when it becomes your turn at a table, one line says so (while you
are not playing a game). The end of the input (`TypedLines`) is 'quit', in a game
played from here too. No Rich, no Textual.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TextIO
from typing import TYPE_CHECKING

from ..bots.seats import HUMAN, LEVELS
from ..club.clock import Clock, ClockError, clock_words, parse_on_timeout, parse_seconds, time_left
from ..club.games import keep
from ..club.protocol import MAX_INVITED, MAX_NAME, MemberRating, TableInfo
from ..engine.errors import Pier18Error
from ..engine.sizes import TABLE_SIZES
from ..engine.text import printable_name, quote
from ..i18n import _, ngettext
from ..speech.notices import connection_dropped
from ..speech.people import bot_seat_name, either, level_names, players_list
from ..speech.scores import points
from .commands import command_word
from .say import INDENT, plain
from .seat import LineSeat
from .typed import LineSource, TypedLines

if TYPE_CHECKING:  # pragma: no cover
    from ..club.client import ClubClient


# -- the words for a club table -----------------------------------------------------------------


def seat_name(name: str | None, kind: str) -> str:
    """Who sits at a seat: the member's name, a bot ('Hard bot'), or 'a free seat'."""
    if name is not None:
        return name
    if kind != HUMAN:
        return bot_seat_name(kind)
    return _("a free seat")


def seat_names(info: TableInfo) -> list[str]:
    return [seat_name(seat.name, seat.kind) for seat in info.seats]


def due_words(deadline: float | None, now: float) -> str | None:
    """When the move waited for is due: 'due in 2 days', 'time is up', None without a clock."""
    if deadline is None:
        return None
    if deadline <= now:
        return _("time is up")
    return _("due in {time}").format(time=time_left(deadline - now))


def table_state(info: TableInfo, now: float) -> str:
    """Where a table stands: waiting for players, whose turn (and when it is due), or the result."""
    names = seat_names(info)
    if info.status == "open":
        free = sum(1 for seat in info.seats if seat.name is None and seat.kind == HUMAN)
        return ngettext("waiting for {n} more player", "waiting for {n} more players", free).format(n=free)
    if info.status == "over":
        ranked = sorted(info.standings, key=lambda standing: (standing.place, standing.seat))
        results = players_list([
            _("{name} {points}").format(name=names[standing.seat], points=points(standing.total)) for standing in ranked
        ])
        said = _("over: {results}").format(results=results)
        return lost_on_time(said, info, names)
    if info.your_turn:
        turn = _("your turn")
    else:
        turn = _("waiting for {names}").format(names=players_list([names[seat] for seat in info.to_act]))
    due = due_words(info.deadline, now)
    said = turn if due is None else _("{turn}, {due}").format(turn=turn, due=due)
    return lost_on_time(said, info, names)  # the game goes on, but these seats rank last: say it before the end


def lost_on_time(said: str, info: TableInfo, names: Sequence[str]) -> str:
    """`said`, then who lost on time at the table, if anyone did (one name or several:
    the verb agrees in Dutch)."""
    seats = [seat for seat in info.lost_on_time if 0 <= seat < len(names)]
    if not seats:
        return said
    lost = players_list([names[seat] for seat in seats])
    return ngettext("{said}; {names} lost on time", "{said}; {names} lost on time", len(seats)).format(said=said, names=lost)


def table_line(info: TableInfo, now: float) -> str:
    """'Table 7: Ann and Hard bot; your turn, due in 2 days'."""
    return _("Table {table}: {players}; {state}").format(
        table=info.id, players=players_list(seat_names(info)), state=table_state(info, now)
    )


def unreadable_line(table: int) -> str:
    """A table of the member's that the club cannot read (a damaged row at the club)."""
    return _("Table {table} cannot be read: the club's database is damaged there (its operator is told).").format(table=table)


def table_clock(info: TableInfo) -> str:
    """The table's clock and what a timeout does, as a player reads it before joining."""
    try:
        return clock_words(Clock(parse_seconds(info.clock), info.on_timeout))
    except (ClockError, ValueError):
        return _("an unknown clock ({clock})").format(clock=printable_name(info.clock) or "?")


def invited_words(invited: Sequence[str] | None) -> str:
    if invited is None:
        return _("open to all")
    if not invited:
        return _("invited: nobody else")
    return _("invited: {names}").format(names=players_list(list(invited)))


async def turns_now(club: ClubClient, table: int) -> list[int]:
    """Of the table a turn notice named and those named by notices waiting behind it, the
    ones where the club's list says it is still the member's turn. Notices wait while a
    game is played, and by then that game has moved on (or ended): never say a turn that
    is not there."""
    tables = {table} | club.waiting_turns()
    listed = await club.list()
    return sorted(info.id for info in listed.games if info.id in tables and info.your_turn)


def rating_line(place: int, member: MemberRating) -> str:
    """'1. Ann: rating 12.3, 4 games'."""
    games = ngettext("{n} game", "{n} games", member.games).format(n=member.games)
    return _("{place}. {name}: rating {rating}, {games}").format(
        place=place, name=member.name, rating=f"{member.ordinal:.1f}", games=games
    )


def rating_lines(members: Sequence[MemberRating]) -> list[str]:
    if not members:
        return [_("No ratings yet: they come with the first finished game.")]
    return [_("Ratings, best first:")] + [INDENT + rating_line(place, member) for place, member in enumerate(members, start=1)]


# -- a new table, as typed -----------------------------------------------------------------------


@dataclass(frozen=True)
class NewTable:
    """What `create` is asked for: the seats ('human' or a bot level; seat 0 is you), who
    is invited (None: anyone), the clock and what a timeout does."""

    players: int
    seats: tuple[str, ...]
    invite: tuple[str, ...] | None
    clock: str
    on_timeout: str

    def describe(self, me: str) -> list[str]:
        """The table as it will be, before anyone joins: seats, clock, who may join."""
        others = [bot_seat_name(kind) if kind != HUMAN else _("a free seat") for kind in self.seats[1:]]
        return [
            _("{count} seats: {players}").format(count=self.players, players=players_list([me, *others])),
            _("Clock: {clock}").format(clock=clock_words(Clock(parse_seconds(self.clock), self.on_timeout))),
            invited_words(self.invite),
        ]


class NewTableError(Pier18Error):
    """A new table that cannot be made as typed; one line."""


def new_table(players: str, bots: Sequence[str] = (), invite: str = "", clock: str = "none", on_timeout: str = "bot") -> NewTable:
    """A `NewTable` from its parts as typed (the Textual form's fields, the words of `new`);
    NewTableError naming the part at fault."""
    sizes = either([str(size) for size in TABLE_SIZES])
    if not _number(players) or int(players) not in TABLE_SIZES:
        raise NewTableError(_("seats {got}: expected {sizes}").format(got=quote(players), sizes=sizes))
    count = int(players)
    levels = []
    for bot in bots:
        if bot.lower() not in LEVELS:
            raise NewTableError(_("bot {got}: expected {levels}").format(got=quote(bot), levels=level_names()))
        levels.append(bot.lower())
    if len(levels) > count - 1:
        raise NewTableError(ngettext("a table of {n} seat has room for {bots} bots", "a table of {n} seats has room for {bots} bots", count).format(
            n=count, bots=count - 1
        ))
    names = [name.strip() for name in (invite.split(",") if "," in invite else invite.split())]
    names = [name for name in names if name]
    for name in names:
        if len(name) > MAX_NAME or printable_name(name) != name:
            raise NewTableError(_("invite {got}: not a member's name").format(got=quote(name)))
    if len(names) > MAX_INVITED:
        raise NewTableError(_("invite: at most {n} names").format(n=MAX_INVITED))
    try:
        parse_seconds(clock)
        rule = parse_on_timeout(on_timeout)
    except ClockError as exc:
        raise NewTableError(str(exc)) from None
    seats = (HUMAN,) + (HUMAN,) * (count - 1 - len(levels)) + tuple(levels)
    return NewTable(count, seats, tuple(names) if names else None, clock.strip().lower(), rule)


def _number(word: str) -> bool:
    """Whether `word` is a number as typed here: ASCII digits ('²' is a digit to Python,
    and no number to `int`)."""
    word = word.strip()
    return word.isascii() and word.isdigit()


def parse_new(rest: Sequence[str]) -> NewTable:
    """`new 3 hard invite Ann,Bob clock 2d lose`: the seats first, then bot levels, then
    `invite NAMES` (commas between names with spaces) and `clock CLOCK [bot|lose]`."""
    players, bots, invite, clock, on_timeout = "", [], [], "none", "bot"
    at = 0
    while at < len(rest):
        word = rest[at].lower()
        if word == "clock":
            if at + 1 >= len(rest):
                raise NewTableError(_("clock: say which (none, 5m, 2d)"))
            clock = rest[at + 1]
            at += 2
            if at < len(rest) and rest[at].lower() in ("bot", "lose"):
                on_timeout = rest[at].lower()
                at += 1
            continue
        if word == "invite":
            at += 1
            while at < len(rest) and rest[at].lower() != "clock":
                invite.append(rest[at])
                at += 1
            continue
        if word in ("open", "all"):
            at += 1
            continue
        if not players and _number(word):
            players = word
        else:
            bots.append(rest[at])
        at += 1
    if not players:
        raise NewTableError(_("new: say how many seats first, e.g. new 2 hard clock 2d bot"))
    return new_table(players, bots, " ".join(invite), clock, on_timeout)


# -- the plain-line club ------------------------------------------------------------------------


class LineClub:
    """A member at a club in plain lines, over `club` (a connected `ClubClient`).

    `lines` and `out` as `LineSeat`'s; `connect_seat(url, code)` makes the game
    connection for a ticket (`net.client.Client` by default, with the club's TLS); `now`
    reads the time (tests drive it)."""

    def __init__(
        self,
        club: ClubClient,
        lines: LineSource | None = None,
        out: TextIO | None = None,
        *,
        connect_seat: Callable[[str, str], Any] | None = None,
        now: Callable[[], float] = time.time,
        quiet: bool = False,
        note: str | None = None,
    ) -> None:
        self.club = club
        self.lines = lines
        self.out = out
        self.connect_seat = connect_seat
        self.now = now
        self.quiet = quiet
        self.note = note
        self.told: set[int] = set()  # tables whose turn was said since they were last played

    def say(self, *lines: str) -> None:
        out = self.out if self.out is not None else sys.stdout
        for line in lines:
            out.write(plain(line) + "\n")
        out.flush()

    async def run(self) -> int:
        """Until 'quit' or the end of the input (0)."""
        if self.lines is None:
            self.lines = TypedLines()
        source = self.lines
        if self.note is not None:
            self.say(self.note)
        self.say(_("At the club as {name}. Type help for the commands.").format(name=self.club.name))
        await self.guarded(self.games())
        turns = self.club.turns().__aiter__()
        next_turn: asyncio.Future[Any] = asyncio.ensure_future(turns.__anext__())
        next_line: asyncio.Future[Any] = asyncio.ensure_future(source.get())
        try:
            while True:
                done, _pending = await asyncio.wait({next_turn, next_line}, return_when=asyncio.FIRST_COMPLETED)
                if next_turn in done:
                    try:
                        table = next_turn.result()
                    except (StopAsyncIteration, Pier18Error) as exc:
                        if isinstance(exc, Pier18Error):
                            self.say(str(exc))
                        next_turn = asyncio.ensure_future(asyncio.Event().wait())
                    else:
                        try:
                            tables = await turns_now(self.club, table)
                        except Pier18Error as exc:
                            self.say(str(exc))
                            tables = []
                        for table in tables:
                            if table not in self.told:
                                self.told.add(table)
                                self.say(_("Your turn at table {table}: type play {table}.").format(table=table))
                        next_turn = asyncio.ensure_future(turns.__anext__())
                if next_line in done:
                    line = next_line.result()
                    if line is None:  # the input ended (in a game played from here too): as 'quit'
                        line = "quit"
                    if await self.on_line(line.strip()):
                        return 0
                    next_line = asyncio.ensure_future(source.get())
        finally:
            next_turn.cancel()
            next_line.cancel()

    async def guarded(self, work: Any) -> None:
        """Run one command's work; a club's refusal or a network problem is one line."""
        try:
            await work
        except Pier18Error as exc:
            self.say(str(exc))

    async def on_line(self, line: str) -> bool:
        """Answer one typed line; True to leave the club."""
        if not line:
            return False
        parts = line.split()
        word, rest = command_word(line), parts[1:]
        if word in ("quit", "exit"):
            self.say(_("Left the club; your games wait for you."))
            return True
        if word == "help":
            self.say(*self.help_lines())
        elif word in ("games", "list"):
            await self.guarded(self.games())
        elif word == "open":
            await self.guarded(self.open_tables())
        elif word == "ratings":
            await self.guarded(self.ratings())
        elif word == "new":
            await self.guarded(self.new(rest))
        elif word in ("join", "play", "rematch"):
            table = self.table_id(word, rest)
            if table is not None:
                action = {"join": self.join, "play": self.play, "rematch": self.rematch}[word]
                await self.guarded(action(table))
        else:
            self.say(_("unknown command, try help"))
        return False

    def table_id(self, word: str, rest: Sequence[str]) -> int | None:
        if len(rest) == 1 and _number(rest[0]) and 0 < int(rest[0]) < 2**31:
            return int(rest[0])
        self.say(_("{command}: give the table's number, e.g. {command} 7").format(command=word))
        return None

    def help_lines(self) -> list[str]:
        return [
            _("Club commands, one a line:"),
            INDENT + _("games: your games, whose turn it is and when it is due"),
            INDENT + _("open: the tables you may join, with their clocks"),
            INDENT + _("new SEATS [BOTS] [invite NAMES] [clock CLOCK [bot|lose]]: a new table, e.g. new 2 hard clock 2d bot"),
            INDENT + _("join N: sit at open table N"),
            INDENT + _("play N: play your seat at table N ('quit' there comes back here)"),
            INDENT + _("rematch N: a new table with the players of finished table N"),
            INDENT + _("ratings: the club's ratings"),
            INDENT + _("quit: leave the club (your games wait for you)"),
        ]

    async def games(self) -> None:
        listed = await self.club.list()
        now = listed.now if listed.now is not None else self.now()  # the club's clock: this computer's may be wrong
        if not listed.games and not listed.unreadable:
            self.say(_("You have no club games yet: 'open' lists tables to join, 'new' makes one."))
        else:
            self.say(_("Your games:"))
            for info in listed.games:
                self.say(INDENT + table_line(info, now))
                if info.status != "over":
                    self.say(INDENT * 2 + table_clock(info))
            for table in listed.unreadable:
                self.say(INDENT + unreadable_line(table))
        for info in listed.games:
            if info.status == "over" and info.your_seat is not None:
                await self.keep(info.id)

    async def keep(self, table: int) -> None:
        """Keep the finished game at `table` in the games folder (once), and say so."""
        try:
            path = await keep(self.club, table)
        except (Pier18Error, OSError) as exc:
            self.say(_("Could not keep the game of table {table}: {why}").format(table=table, why=str(exc)))
            return
        if path is not None:
            self.say(_("The game of table {table} is now in your games folder ('pier18 games' lists it).").format(table=table))

    async def open_tables(self) -> None:
        listed = await self.club.list()
        now = listed.now if listed.now is not None else self.now()
        if not listed.open:
            self.say(_("No open tables: 'new' makes one."))
            return
        self.say(_("Open tables (join N to sit at one):"))
        for info in listed.open:
            self.say(
                INDENT + table_line(info, now),
                INDENT * 2 + table_clock(info),
                INDENT * 2 + invited_words(info.invited),
            )

    async def ratings(self) -> None:
        self.say(*rating_lines(await self.club.ratings()))

    async def new(self, rest: Sequence[str]) -> None:
        try:
            table = parse_new(rest)
        except NewTableError as exc:
            self.say(str(exc))
            return
        self.say(_("New table:"), *(INDENT + line for line in table.describe(self.club.name)))
        made = await self.club.create(table.players, list(table.seats), None if table.invite is None else list(table.invite), table.clock, table.on_timeout)
        if HUMAN in table.seats[1:]:
            self.say(_("Made table {table}; the game starts when every seat is filled.").format(table=made))
        else:
            self.say(_("Made table {table}; type play {table} to play.").format(table=made))

    async def join(self, table: int) -> None:
        seat = await self.club.join(table)
        self.say(_("You sit at seat {seat} of table {table}; the game starts when every seat is filled.").format(seat=seat + 1, table=table))

    async def rematch(self, table: int) -> None:
        made = await self.club.rematch(table)
        self.say(_("Made table {table}, a rematch of table {old}.").format(table=made, old=table))

    async def play(self, table: int) -> None:
        """Play this member's seat at `table` as `join --lines` does; back here after."""
        from ..net.client import Client

        url, code = await self.club.ticket(table)
        client = self.connect_seat(url, code) if self.connect_seat is not None else Client(url, code, ssl=self.club.ssl)
        self.told.discard(table)
        seat = LineSeat(
            client, self.lines, self.out, quiet=self.quiet,
            stop=_("quit: back to the club; the game waits for you"),
            left=_("Back at the club; type play {table} to go on.").format(table=table),
        )
        self.say(_("Table {table}: connecting…").format(table=table))
        try:
            client.start()
            await client.until(lambda: client.ever_in or client.fatal is not None)
            if not client.ever_in:
                self.say(str(client.fatal or connection_dropped()))
                return
            await seat.run()
        finally:
            await client.close()
        self.told.discard(table)
        state = client.state
        if state is not None and state.table.is_terminal():
            await self.keep(table)
            self.say(_("Back at the club; type rematch {table} for another game.").format(table=table))
