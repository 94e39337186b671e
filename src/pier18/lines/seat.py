"""A seat of a networked table (`pier18 join --lines`, `join --watch CODE --lines`, and
the host's own seat with `pier18 host --lines`) played in plain lines.

`LineSeat.run` follows the client's events and the lines typed, one at a time: each
public event said once, in order (`Teller`, from the table's view alone), the lobby in
words, each change once, and on this seat's turn what to do, its cards or the row and
its pier, then the prompt. Every line typed is answered at once (`commands.answer`, a
decision sent says so before the host's answer comes back as an event). On (re)joining
a game in progress, or when the connection comes back, a recap: where the game stands,
the events not heard yet, and this seat's turn if it is. The end of the input
(`TypedLines`) is 'quit'. No Rich, no Textual.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable, Hashable, Sequence
from typing import Any, TextIO, assert_never

from . import say
from ..engine import Phase
from ..engine.errors import NotationError, Pier18Error
from ..engine.text import quote, shorten
from ..i18n import _
from ..net.client import Client, Event, Heard
from ..net.protocol import NetState
from ..speech.notices import prog_line, refusal
from ..speech.people import lobby_seat, pass_reason, stands, table_line
from .commands import DECISION_WORDS, SEAT_WORDS, answer, command_word, help_lines, typed_decision
from .tell import Teller
from .typed import LineSource, TypedLines


class LineSeat:
    """One seat's (or a watcher's) front end in plain lines, over `client`.

    `lines`: where the typed lines come from (standard input by default: `TypedLines`);
    `out`: where the lines go. `commands` lets the host add its
    own commands (e.g. 'bot NAME'): it returns the answer, or None if the line is not
    one of them; `more_help` are their lines in 'help'. `stop` is what 'help' says of
    'quit', `left` what 'quit' says (None: nothing). `note` is said once, when the host
    lets us in (why plain lines); `quiet`: no terminal bell on our turn.
    """

    def __init__(
        self,
        client: Client,
        lines: LineSource | None = None,
        out: TextIO | None = None,
        *,
        commands: Callable[[str], str | None] | None = None,
        more_help: Sequence[str] = (),
        stop: str | None = None,
        left: str | None = None,
        note: str | None = None,
        quiet: bool = False,
    ) -> None:
        self.client = client
        self.lines = lines
        self.out = out
        self.commands = commands
        self.more_help = tuple(more_help)
        self.stop = stop
        self.left = left
        self.note = note
        self.quiet = quiet
        self.teller = Teller()
        self.lost = False  # said 'connection lost' for this outage
        self.recap_due = False  # let in again: the next state of a game in progress is recapped
        self.in_lobby = False  # the last state was the lobby's
        self.lobby_said: list[str] | None = None  # each seat's lobby line, as last said
        self.turn_said: Hashable = None  # the moment (`NetState.moment`) whose turn was last said
        self.others_said: Hashable = None  # the last draft turn of another seat said ('round 2, Bob to draft')
        self.away_said: tuple[tuple[int, ...], tuple[str, ...]] | None = None  # who was away, whom a bot played for
        self.rung: Hashable = None  # the moment the bell last rang for

    # -- saying ------------------------------------------------------------------------

    def say(self, *lines: str) -> None:
        out = self.out if self.out is not None else sys.stdout
        for line in lines:
            out.write(say.plain(line) + "\n")
        out.flush()

    # -- the loop ------------------------------------------------------------------------

    async def run(self) -> int:
        """Until the game is over (0), the host refuses us for good (2) or the client
        stops (0); 'quit', or the end of the input, leaves (0)."""
        source = self.lines if self.lines is not None else TypedLines()
        events = self.client.events().__aiter__()
        next_event: asyncio.Future[Any] = asyncio.ensure_future(events.__anext__())  # an Event
        next_line: asyncio.Future[Any] = asyncio.ensure_future(source.get())  # a line, None at the end
        try:
            while True:
                done, _pending = await asyncio.wait({next_event, next_line}, return_when=asyncio.FIRST_COMPLETED)
                if next_line in done:
                    line = next_line.result()
                    if line is None:  # the input ended: as 'quit'
                        line = "quit"
                    status = await self.on_line(line.strip())
                    if status is not None:
                        return status
                    next_line = asyncio.ensure_future(source.get())
                if next_event in done:  # after the line typed: its answer comes first
                    try:
                        event = next_event.result()
                    except StopAsyncIteration:
                        return 0
                    status = self.on_event(event)
                    if status is not None:
                        return status
                    next_event = asyncio.ensure_future(events.__anext__())
        finally:
            next_event.cancel()
            next_line.cancel()

    # -- what the client heard -------------------------------------------------------------

    def on_event(self, event: Event) -> int | None:
        """Say what `event` brings; an exit status once the seat is done."""
        match event.kind:
            case Heard.WELCOME:
                self.lost = False
                if self.note is not None:
                    self.say(self.note)
                    self.note = None
                connected = _("watching the table at {url}") if self.client.seat is None else _("connected to {url}")
                self.say(connected.format(url=shorten(self.client.url)))
                self.recap_due, self.lobby_said = True, None
            case Heard.STATE:
                if event.state is not None:
                    return self.on_state(event.state)
            case Heard.REFUSED:
                self.say(_("refused: {reason}").format(reason=event.text))
                state = self.client.state
                if state is not None and state.my_turn:
                    self.say(self.prompt(state))
            case Heard.VIEWS:  # the review is the full-screen game's; this seat never asks
                pass
            case Heard.LOST:
                if not self.lost:  # once per outage, not once per attempt
                    self.say(_("connection lost: {why}").format(why=event.text))
                self.lost = True
            case Heard.FATAL:  # refused for good, or a host breaking the protocol: bad input
                print(prog_line(event.text), file=sys.stderr, flush=True)  # an error, as every command's
                return 2
            case Heard.CLOSED:
                return 0
            case _:
                assert_never(event.kind)
        return None

    def on_state(self, state: NetState) -> int | None:
        """Say what is new in `state`: the lobby, the events, who is away, the end, and
        this seat's turn once per choice; 0 once the game is over."""
        if state.lobby:
            self.lobby(state)
            return None
        if self.in_lobby:
            self.in_lobby = False
            self.say(_("everyone is here: the game starts"))
        if self.recap_due:
            self.recap(state)
        else:
            self.say(*self.news(state))
        told = self.away(state)
        if state.table.is_terminal():
            self.say(*self.final_lines(state))
            return 0
        if state.my_turn and self.turn_said != state.moment:
            self.turn(state)
        elif not state.my_turn and state.table.phase is Phase.DRAFT and self.others_said != state.moment:
            self.others_said = state.moment  # whose turn it is now, once a turn, as a pass prompt says it
            if not told:
                self.say(self.stands(state))
        return None

    def final_lines(self, state: NetState) -> list[str]:
        """The end of the game (`say.final_lines`), and at a club's table who lost on time
        (they rank last for the club's ratings, whatever the game's ranking)."""
        lines = say.final_lines(state.table, state.names)
        lost = None if state.club is None else say.lost_on_time_line(state.club, state.names)
        return lines if lost is None else [*lines, lost]

    def club_lines(self, state: NetState) -> list[str]:
        """At a club's table: which table, and when the move is due ('Club table 3 · your
        move is due in 2 days'); nothing elsewhere."""
        return [] if state.club is None else [say.club_line(state.club, state.my_turn)]

    def news(self, state: NetState) -> list[str]:
        """The public events not said yet (`Teller.news`)."""
        return self.teller.news(state.table, state.names, stand_ins=state.stand_ins)

    def recap(self, state: NetState) -> None:
        """Where the game stands, the events not heard yet (a first hearing starts with
        'The game so far:'), and this seat's turn again if it is."""
        self.recap_due = False
        fresh = self.teller.heard == 0
        news = self.news(state)
        if not state.my_turn and not state.table.is_terminal():  # on its turn the turn's lines say it
            self.say(*self.club_lines(state))
        if not state.my_turn:  # on this seat's turn the turn's first line says where it stands
            self.say(self.stands(state))
        if news and fresh:  # nothing of this game heard before
            self.say(_("The game so far:"))
        self.say(*news)
        self.away_said = self.away_now(state)
        self.turn_said = None
        self.others_said = state.moment  # said just now, before the events

    def stands(self, state: NetState) -> str:
        """Where the game stands, who is away and whom a bot plays for (`speech.people.table_line`)."""
        covered = [seat.name for seat in state.seats if seat.covered]
        return table_line(state.table, state.names, state.waiting_for, covered, state.chosen_by())

    def away_now(self, state: NetState) -> tuple[tuple[int, ...], tuple[str, ...]]:
        return tuple(state.waiting_for), tuple(seat.name for seat in state.seats if seat.covered)

    def away(self, state: NetState) -> bool:
        """Where the game stands again, once, when a player goes away or comes back, or a
        bot starts or stops playing for one; whether it was said."""
        now = self.away_now(state)
        told = self.away_said is not None and now != self.away_said and not state.table.is_terminal()
        if told:
            self.say(self.stands(state))
        self.away_said = now
        return told

    def lobby(self, state: NetState) -> None:
        """Before the game: who is here and who is still to come, then each change once."""
        self.recap_due = False  # nothing has happened yet to recap
        self.in_lobby = True
        mine = None if state.you is None else state.you.seat
        seats = [
            lobby_seat(info.name, info.kind == "human", info.connected, info.covered, seat == mine)
            for seat, info in enumerate(state.seats)
        ]
        if self.lobby_said is None or len(self.lobby_said) != len(seats):
            self.say(_("Waiting for the players: the game starts when every seat is filled"), *(say.INDENT + line for line in seats))
        else:
            self.say(*(line for line, before in zip(seats, self.lobby_said) if line != before))
        self.lobby_said = seats

    def turn(self, state: NetState) -> None:
        """This seat's turn: what to do, its cards (set-up, with their Plan goals) or the
        row, its pier, then the prompt (and the bell)."""
        view = state.player_view()
        assert view is not None
        self.turn_said = state.moment
        self.say(stands(view.phase, view.round, state.names[view.seat]), pass_reason(view.phase))
        self.say(*self.club_lines(state))
        if view.phase is Phase.SETUP:
            self.say(*say.hand_lines(view, state.names))
        elif view.phase is Phase.DRAFT:
            self.say(*say.row_lines(view))
        else:
            self.say(*say.hand_lines(view, state.names))
            self.say(*say.piers_lines(view, state.names, [view.seat]))
        self.say(self.prompt(state))
        self.ring(state)

    def prompt(self, state: NetState) -> str:
        assert state.you is not None
        return _("{name}, your move: type it as 'moves' lists it, or 'help'.").format(name=state.names[state.you.seat])

    def ring(self, state: NetState) -> None:
        """The terminal bell, once, as a choice opens for this seat (not with --quiet,
        and never into a pipe or a file: it is a control character)."""
        if self.quiet or self.rung == state.moment:
            return
        self.rung = state.moment
        out = self.out if self.out is not None else sys.stdout
        if out.isatty():
            out.write("\a")
            out.flush()

    # -- what was typed --------------------------------------------------------------------

    async def on_line(self, line: str) -> int | None:
        """Answer one typed line at once; an exit status if it was 'quit'."""
        if not line:
            return None
        word = command_word(line)
        if word in ("quit", "exit"):
            if self.left is not None:
                self.say(self.left)
            return 0
        if word == "help":
            if self.client.seat is None:  # a watcher: no cards, no moves, no seat to come back to
                stop = self.stop or _("quit: stop watching; join again with the same code to watch on")
                self.say(*help_lines(stop, _("show: where the game stands"), *self.more_help, seat=False))
                return None
            stop = self.stop or _("quit: leave the table; join again with the same code to come back to your seat")
            self.say(*help_lines(stop, _("show: where the game stands, and on your turn what to do"), *self.more_help))
            return None
        if self.commands is not None:
            said = self.commands(line)
            if said is not None:
                self.say(said)
                return None
        state = self.client.state
        if state is None:
            self.say(_("Not connected yet."))
            return None
        if word == "show":
            self.show(state)
            return None
        lines = answer(word, state.table, state.player_view(), state.names)
        if lines is not None:
            self.say(*lines)
        elif word in DECISION_WORDS and state.you is not None:
            await self.decide(line, state)
        elif word in (*SEAT_WORDS, *DECISION_WORDS):  # a watcher has no cards and no moves
            self.say(_("You are watching: you have no cards and no moves."))
        else:
            self.say(_("unknown command, try help"))
        return None

    def show(self, state: NetState) -> None:
        """'show': the lobby, or where the game stands, and this seat's turn if it is."""
        if state.lobby:
            self.lobby_said = None
            self.lobby(state)
            return
        if state.table.is_terminal():
            self.say(*self.final_lines(state))
            return
        self.say(self.stands(state))
        if state.my_turn:
            self.turn(state)

    async def decide(self, line: str, state: NetState) -> None:
        """Send `line` as this seat's decision, if it is one of its moves now: 'sent: …'
        at once; the host's answer comes back as an event (or a refusal)."""
        if not state.my_turn or state.you is None:
            words = refusal("not_your_turn")
            # TRANSLATORS: a phrase made a sentence: 'It is not your turn.'
            self.say(_("{words}.").format(words=words[:1].upper() + words[1:]))
            return
        try:
            decision = typed_decision(line)
        except NotationError as exc:
            self.say(str(exc))
            return
        if decision not in state.you.legal:
            self.say(_("{move} is not one of your moves now; 'moves' lists them.").format(move=quote(line)))
            return
        try:
            await self.client.decide(decision)
        except Pier18Error as exc:
            self.say(str(exc))
            return
        # TRANSLATORS: said to a plain-lines player after their move went to the host
        self.say(_("sent: {move}").format(move=str(decision)))

