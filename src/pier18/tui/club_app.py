"""The Textual club (`pier18 club`): the club screen over a member's `ClubClient`.

The app asks the club for its lists when it starts, after every change it makes, on
`l`, and whenever the club says it is this member's turn somewhere (a notice, too).
Choosing a game to play ends the app with that seat's ticket (`play`): the command
then plays it in the same `SeatApp` as `pier18 join`, and opens the club again after.
A refusal or a network problem is one line on the screen, never an error.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual import work
from textual.binding import Binding

from ..club.client import ClubClient
from ..club.games import keep
from ..engine.errors import Pier18Error
from ..engine.text import shorten
from ..i18n import N_, _
from ..lines.club import NewTable, turns_now
from .exits import BaseApp
from .screens.club import ClubScreen, NewTableScreen, RatingsScreen


class ClubApp(BaseApp):
    """The club for `club`'s member; `play` is the (url, code) of the game chosen, if any."""

    CSS_PATH = [Path(__file__).with_name("pier18.tcss"), Path(__file__).with_name("club.tcss")]
    BINDINGS = [Binding("ctrl+q", "quit", N_("Quit"), show=False)]

    def __init__(self, club: ClubClient, now: Callable[[], float] = time.time) -> None:
        super().__init__()
        self.club = club
        self.now = now
        self.play: tuple[str, str] | None = None
        self.club_screen = ClubScreen(_("Club {address}: you play as {name}").format(address=shorten(club.address), name=club.name))
        self.problem: str | None = None

    def on_mount(self) -> None:
        super().on_mount()
        self.push_screen(self.club_screen)
        self.look()
        self.listen()

    def said(self, problem: str | None) -> None:
        self.problem = problem
        self.club_screen.link(problem)

    @work(group="club-look", exclusive=True, exit_on_error=False)
    async def look(self) -> None:
        """Ask for the lists and show them; keep each finished game in the games folder."""
        try:
            listed = await self.club.list()
        except Pier18Error as exc:
            self.said(str(exc))
            return
        self.said(None)
        self.club_screen.show(listed.games, listed.open, listed.now if listed.now is not None else self.now(), listed.unreadable)
        for info in listed.games:
            if info.status == "over" and info.your_seat is not None:
                try:
                    path = await keep(self.club, info.id)
                except (Pier18Error, OSError) as exc:
                    self.said(_("Could not keep the game of table {table}: {why}").format(table=info.id, why=str(exc)))
                    continue
                if path is not None:
                    self.notify(markup=False, message=_("The game of table {table} is now in your games folder ('pier18 games' lists it).").format(table=info.id))

    @work(group="club-turns", exclusive=True, exit_on_error=False)
    async def listen(self) -> None:
        """A notice, and the lists again, whenever it becomes this member's turn."""
        try:
            async for table in self.club.turns():
                try:
                    tables = await turns_now(self.club, table)  # notices kept while a game was played may be stale
                except Pier18Error as exc:
                    self.said(str(exc))
                    continue
                for now_yours in tables:
                    self.notify(markup=False, message=_("Your turn at table {table}.").format(table=now_yours))
                if tables:
                    self.look()
        except Pier18Error as exc:
            self.said(str(exc))

    def action_look(self) -> None:
        self.look()

    def action_play(self, table: int) -> None:
        self.ticket(table)

    @work(group="club-act", exclusive=True, exit_on_error=False)
    async def ticket(self, table: int) -> None:
        try:
            self.play = await self.club.ticket(table)
        except Pier18Error as exc:
            self.said(str(exc))
            return
        self.exit()

    def action_join(self, table: int) -> None:
        self.act(lambda: self.club.join(table), lambda seat: _("You sit at seat {seat} of table {table}; the game starts when every seat is filled.").format(seat=seat + 1, table=table))

    def action_rematch(self, table: int) -> None:
        info = self.club_screen.games.get(table)
        if info is None or info.status != "over":
            self.said(_("A rematch is for a finished game: point at one first."))
            return
        self.act(lambda: self.club.rematch(table), lambda made: _("Made table {table}, a rematch of table {old}.").format(table=made, old=table))

    def action_new_table(self) -> None:
        self.push_screen(NewTableScreen(self.club.name), self.make)

    def make(self, table: NewTable | None) -> None:
        if table is None:
            return
        self.act(
            lambda: self.club.create(table.players, list(table.seats), None if table.invite is None else list(table.invite), table.clock, table.on_timeout),
            lambda made: _("Made table {table}.").format(table=made),
        )

    @work(group="club-act", exclusive=True, exit_on_error=False)
    async def act(self, asking: Callable[[], Awaitable[int]], done: Callable[[int], str]) -> None:
        """Ask the club (`asking()`), say what came of it, and look again."""
        try:
            answer = await asking()
        except Pier18Error as exc:
            self.said(str(exc))
            return
        self.said(None)
        self.notify(done(answer), markup=False)
        self.look()

    def action_ratings(self) -> None:
        self.ratings()

    @work(group="club-act", exclusive=True, exit_on_error=False)
    async def ratings(self) -> None:
        try:
            members = await self.club.ratings()
        except Pier18Error as exc:
            self.said(str(exc))
            return
        self.push_screen(RatingsScreen(members))
