"""One seat of a table someone hosts (`pier18 join`, the host's own seat), or a spectator.

The same screens as a game at one laptop, fed from the network: the host sends each
connection its seat's view (`pier18.net.protocol.NetState`), and the screens get the
engine's `TableView` (`state.table`) and this seat's `PlayerView`
(`state.player_view()`), never anything more. No pass-the-laptop screens: the person at
the keys is always the same seat. A decision chosen on a screen goes to the host
(`Client.decide`), which checks it with the engine; the next view shows what happened.

The client runs in a worker that posts each of its events to the app as a `Heard`
message, so everything on screen changes on the app's own thread. A lost connection,
a refused decision or a host that has gone away is one line on the table, never an
error: the client reconnects by itself and the next view puts the screens right.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, assert_never

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.widgets import Static

from ..i18n import N_, _
from ..engine import Deck, Decision, Phase, PlayerView, TableView
from ..flow import Show, next_step
from ..net.client import Client, Event, Heard
from ..net.protocol import NetState
from ..lines.say import club_line, lost_on_time_line
from ..words import close_table, connection_lost, seat_presence, table_goes_on
from ..speech.moves import move_line
from ..speech.notices import connection_dropped
from ..speech.people import lobby_seat, waiting_now
from .game_app import GameApp, HintGiver
from .moves import bot_reason, since_start, view_moves
from .screens.closing import app_leaving
from .widgets.draft_row import DraftRow

if TYPE_CHECKING:
    from ..review.model import DecisionReview
    from ..review.run import Moment
    from .screens.final import FinalScreen
    from .screens.keep import KeepScreen
    from .screens.lobby import LobbyScreen, LobbyState
    from .screens.place import PlaceScreen
    from .screens.quit import QuitScreen
    from .screens.review import ReviewScreen
    from .screens.table import TableScreen


class HostDesk(Protocol):
    """What the host's own seat may do to the table besides playing (`net.host.Host`)."""

    def cover(self, seat: int) -> str: ...

    def stand_in_level(self) -> str: ...

    def start_now(self) -> str: ...


class SeatApp(GameApp):
    """Plays `client`'s seat (or watches, when its code is the spectator code).

    `desk` and `join_lines` are given at the host's own seat: `b` then hands an away
    player's seat to a bot, `j` shows the join commands again. `record` is where the
    host autosaves the game, shown on the final screen; `resume` the command that opens
    the table again, said when the host leaves or crashes; `deck` the deck as the host
    loaded it, so the final screen's `pier18 score` lines can name its file. The
    terminal bell rings whenever a choice opens for this seat, unless `quiet`.
    """

    BINDINGS = [
        *GameApp.BINDINGS,
        Binding("b", "cover", N_("Bot sits in")),
        Binding("j", "join_lines", N_("Join lines")),
    ]

    class Heard(Message):
        """The client heard something (`net.client.Event`): posted by the listening worker."""

        def __init__(self, event: Event) -> None:
            super().__init__()
            self.event = event

    def __init__(
        self,
        client: Client,
        *,
        desk: HostDesk | None = None,
        join_lines: list[str] | None = None,
        record: Path | None = None,
        resume: str | None = None,
        deck: Deck | None = None,
        hint_bot: HintGiver | None = None,
        quiet: bool = False,
    ) -> None:
        super().__init__(hint_bot)
        self.quiet = quiet  # no bell when it becomes this seat's turn
        self._rung: Hashable | None = None  # the moment (`NetState.moment`) the bell last rang for
        self.client = client
        self.desk = desk
        self.join_lines = list(join_lines or [])
        self.record = record
        self.resume = resume
        self.deck = deck
        self.state: NetState | None = None
        self.lost: str | None = None  # why the connection is down, while it is
        self.problem: str | None = None  # why the host refused us for good
        self._asked: Hashable | None = None  # the moment (`_moment`) a set-up or placement screen is open for
        self._lobby: LobbyScreen | None = None  # up while the host waits for its players
        self._sent: int | None = None  # the turn a decision was sent for, until the host answers
        self.reasons: dict[int, str] = {}  # bots' reasons heard, by the number of decisions their move completed
        #: This seat's view each time it had a choice to make here (with the table's
        #: decisions then), by its own decisions before (`review.run.decisions_made`).
        #: The review (`v`) reads the views the host sends once the game is over
        #: (`Client.own_decisions`), which cover the decisions made while this app was
        #: away too; these only if the host has gone before sending them.
        self._choice_views: dict[int, tuple[int, PlayerView]] = {}
        self._views_asked = False  # the host was asked for them (`Client.ask_views`)
        self._review_wanted = False  # `v` was pressed before they came: open it when they do
        self._reviewed: tuple[DecisionReview, ...] | None = None

    # -- the connection --------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(_("Connecting to the table…"), id="connecting")

    def begin(self) -> None:
        self.client.start()
        self.listen()

    @work(group="net", exclusive=True, exit_on_error=False)
    async def listen(self) -> None:
        """Hand each event of the client to the app, in order, as a message."""
        async for event in self.client.events():
            self.post_message(self.Heard(event))

    def on_seat_app_heard(self, message: SeatApp.Heard) -> None:
        if app_leaving(self):  # the screens are being taken down: nothing to draw on
            return
        event = message.event
        match event.kind:
            case Heard.WELCOME:
                self.lost = None
            case Heard.STATE:
                self.lost = None
                if event.state is not None:
                    self.on_state(event.state)
                    return
            case Heard.VIEWS:
                if self._review_wanted:
                    self._review_wanted = False
                    self._open_review()
                return
            case Heard.REFUSED:
                self._sent = None
                self.notify(_("The host refused that move: {reason}").format(reason=event.text), severity="warning")
            case Heard.LOST:
                self.lost = event.text
                self._sent = None  # the view after reconnecting says whether it arrived
            case Heard.FATAL:
                self.problem = event.text
                if self.state is None:  # never got in (a wrong code, no host): nothing to show
                    self.exit()
                    return
            case Heard.CLOSED:
                pass
            case _:
                assert_never(event.kind)
        self.show_connection()
        self.advance()

    def on_state(self, state: NetState) -> None:
        before, self.state = self.state, state
        table = state.table
        mine = state.player_view() if state.my_turn else None
        if mine is not None:
            from ..review.run import decisions_made

            self._choice_views.setdefault(decisions_made(table, mine.seat), (len(table.history), mine))
        if table.is_terminal() and state.you is not None and not self._views_asked:
            self._views_asked = True
            self.ask_views()
        made = len(table.history)
        if before is not None and made == len(before.table.history) + 1:
            seat, decision = table.history[-1]
            reason = None
            by = state.stand_ins.get(made)  # a bot's move for an away player: the bot's
            if decision is not None and (state.seats[seat].kind != "human" or by is not None):
                reason = bot_reason(before.table, seat, decision)
                if reason:
                    self.reasons[made] = reason
            self.moves.add(made, move_line(table.before_last(), table, state.names, reason, by=by))
        elif before is None or made != len(before.table.history):  # joined, or back after a gap
            for count, line in view_moves(table, state.names, table.players - 1, state.stand_ins):
                self.moves.add(count, line)
        if before is None:
            # On joining, the rounds that ended before the last move are over for this
            # screen (they are in the game log); after that every round's panel is
            # shown until this person moves on, however fast the table goes.
            self._awards_shown = max(self._awards_shown, sum(1 for award in table.awards if award.after < made))
        if self._sent is not None and self._sent != state.turn:
            self._sent = None  # the host has answered
        self.ring()
        self.advance()

    def ring(self) -> None:
        """The terminal bell as a choice opens for this seat: its turn comes, or a choice
        made by every seat at once (set-up, the Plan placement) begins; once per choice,
        and never with `quiet` (`--quiet`)."""
        state = self.state
        if self.quiet or state is None or not self.my_turn() or self._rung == state.moment:
            return
        self._rung = state.moment
        self.bell()

    def show_connection(self) -> None:
        """The one line about the connection, on the table, the lobby or the waiting screen."""
        table = self.table()
        if table is not None:
            people, lost = self._people()
            table.state = replace(table.state, people=people, link_lost=lost)
            return
        if self._lobby is not None and self.state is not None:
            self._lobby.state = self._lobby_state(self.state)
            return
        line = self._link_line() or _("Connecting to the table…")
        for waiting in self.query("#connecting"):
            if isinstance(waiting, Static):
                waiting.update(Text(line))

    def _link_line(self) -> str | None:
        """What is wrong with the connection, if anything."""
        if self.problem is not None:
            return _("No connection to the table: {why}. Ctrl+Q leaves.").format(why=self.problem)
        if self.lost is not None:
            return connection_lost(self.lost, self.client.seat is not None)
        return None

    # -- the lobby ---------------------------------------------------------------------------

    def _lobby_state(self, state: NetState) -> LobbyState:
        from .screens.lobby import LobbyState

        me = self.client.seat
        seats = [
            lobby_seat(info.name, info.kind == "human", info.connected, info.covered, seat == me)
            for seat, info in enumerate(state.seats)
        ]
        if me is None:
            seats.append(_("watching: you see only what the whole table sees"))
        link = self._link_line()
        at_host = self.desk is not None
        return LobbyState(seats, self.join_lines if at_host else (), at_host, link)

    def _show_lobby(self, state: NetState) -> bool:
        """While the host waits for its players, the lobby is the screen (True); once the
        game has started it goes, as soon as nothing is over it (False: on with the game)."""
        from .screens.lobby import LobbyScreen

        lobby = self._lobby
        if state.lobby:
            if lobby is None:
                self._lobby = LobbyScreen(self._lobby_state(state))
                self.push_screen(self._lobby)
            else:
                lobby.state = self._lobby_state(state)
            return True
        if lobby is None:
            return False
        if self.screen is not lobby:
            return True  # help, the rules or a question over it: it goes once they close
        self._lobby = None
        self.pop_screen()
        return False

    def _people(self) -> tuple[Text, bool]:
        """The table's line about who is here (or about the connection), and whether the
        connection is down."""
        state = self.state
        assert state is not None
        line = Text()
        if self.problem is not None:
            line.append(_("No connection to the table: {why}. Ctrl+Q leaves.").format(why=self.problem), style="bold")
        elif self.lost is not None:
            line.append(connection_lost(self.lost, self.client.seat is not None), style="bold")
        else:
            me = self.client.seat
            for seat, info in enumerate(state.seats):
                if line:
                    line.append("  ·  ")
                text = seat_presence(info.name, info.kind == "human", info.connected, info.covered, seat == me)
                line.append(text, style="bold" if seat == me else "")
            if me is None:
                line.append("  ·  ").append(_("watching: you see only what the whole table sees"), style="italic")
            if state.club is not None and not state.table.is_terminal():  # which club table, and when the move is due
                line.append("  ·  ").append(club_line(state.club, self.my_turn()), style="bold")
            # Who the game waits for now: the seats that can act, never merely who is away
            # (in set-up and the Plan placement the status line says it, with who has chosen).
            waiting = waiting_now(state.table, state.names, state.waiting_for, me)
            if waiting and state.table.phase not in (Phase.SETUP, Phase.PLAN):
                held_up = any(seat in state.waiting_for for seat in state.table.to_act())
                line.append("  ·  ").append(waiting, style="bold reverse" if held_up else "bold")
        return line, self.lost is not None or self.problem is not None

    # -- the flow of a game ----------------------------------------------------------

    @staticmethod
    def _moment(state: NetState) -> Hashable:
        """What a choice on screen is for (`NetState.moment`)."""
        return state.moment

    def my_turn(self) -> bool:
        """It is this seat's turn, its decision has not been sent yet, and the host still
        lets this client in."""
        state = self.state
        if state is None or self.problem is not None or state.table.is_terminal():
            return False
        return state.my_turn and self._sent != state.turn

    def advance(self) -> None:
        """Show the latest view: the table, a Patron panel, this seat's choice or the end."""
        from .screens.table import TableScreen, TableState

        state = self.state
        if state is None or self.too_small_now() or self._show_lobby(state):
            return
        view = state.table
        table = self.table()
        if table is None:
            table = TableScreen(TableState(view, state.names), shared=False)  # one person's own scroll
            self.push_screen(table)
        self._drop_stale(table)
        people, lost = self._people()
        me = self.client.seat
        since = since_start(view, me, state.stand_ins) if me is not None and not view.is_terminal() else None
        moves = self.event_line(view, state.names, self.reasons, state.stand_ins)
        shown = TableState(
            view, state.names, moves=moves, thinking=not self.my_turn(), people=people, link_lost=lost, at_once=True,
            you=self.client.seat, since=since, reasons=dict(self.reasons), stand_ins=dict(state.stand_ins),
            chosen_by=state.chosen_by(),
        )
        self._newer_panel(view)
        if self.screen is not table:
            table.state = shown
            return  # a Patron panel, a question or this turn's own screen is up: it comes back here
        step = next_step(view, () if me is None else (me,), at_once=True, awards_shown=self._awards_shown)
        if step.kind is Show.PATRON:
            self.show_award(view, state.names)
            table.show_later(shown, self.when_drawn)  # the panel first, then the table under it
            return
        table.state = shown
        if step.kind is Show.FINAL:
            from .screens.final import FinalScreen

            review = me is not None  # every seated player reviews their own game
            lost_line = None if state.club is None else lost_on_time_line(state.club, state.names)
            self.push_screen(FinalScreen(
                view, state.names, self.record, new_game=False, deck=self.deck, review=review, stand_ins=state.stand_ins,
                lost_on_time=lost_line,
            ))
            return
        mine = state.player_view()
        if step.kind is not Show.CHOOSE or not self.my_turn() or mine is None:
            return  # another seat's turn, or this seat's choice is on its way to the host
        if step.phase is Phase.SETUP:
            from .screens.keep import KeepScreen

            self._ask(KeepScreen(mine, state.names[mine.seat]))
        elif step.phase is Phase.PLAN:
            self._place(mine, None)

    def _ask(self, screen: KeepScreen | PlaceScreen) -> None:
        assert self.state is not None
        self._asked = self._moment(self.state)
        self.push_screen(screen, self.decide)

    def _place(self, mine: PlayerView, card_id: int | None) -> None:
        from .screens.place import PlaceScreen

        assert self.state is not None
        self._ask(PlaceScreen(mine, self.state.names, card_id))

    def _drop_stale(self, table: TableScreen) -> None:
        """Close a set-up or placement screen opened for a turn that has gone by (the host
        moved on: a bot played for this seat while it was away, say)."""
        state = self.state
        if self._asked is None or state is None or (self._asked == self._moment(state) and self.my_turn()):
            return
        self._asked = None
        while self.screen is not table and self.screen is not self._too_small:
            self.pop_screen()

    def _newer_panel(self, view: TableView) -> None:
        """A round has ended while the panel of an earlier one is up (this seat was away,
        or someone watching pressed nothing): the newer panel takes its place, so the
        screen never lags a queue of panels behind. A help or rules screen on top of it
        is left alone until closed."""
        from .screens.patron import PatronScreen

        if isinstance(self.screen, PatronScreen) and len(view.awards) > self._awards_shown:
            self.pop_screen()  # popped, not dismissed: its callback would only show the next one

    def decide(self, decision: Decision | None) -> None:
        """A set-up or placement screen closed: send its decision (None: back to the cards)."""
        asked, self._asked = self._asked, None
        state = self.state
        if decision is not None and state is not None and asked == self._moment(state) and self.my_turn():
            self._sent = state.turn
            self.send(decision)
        self.advance()

    @work(group="send", exit_on_error=False)
    async def send(self, decision: Decision) -> None:
        """To the host; if the connection is down just now, say so and ask again later."""
        try:
            await self.client.decide(decision)
        except Exception as exc:  # NetError, or the connection closing under the send
            self._sent = None
            self.notify(_("The move was not sent ({why}); choose it again.").format(why=str(exc) or connection_dropped()), severity="warning")
            self.advance()

    def on_draft_row_picked(self, message: DraftRow.Picked) -> None:
        state = self.state
        mine = state.player_view() if state is not None else None
        if state is None or mine is None or not self.my_turn() or self.screen is not self.table():
            return  # not this seat's turn (the row is there to look at), or already open
        if state.table.phase is Phase.DRAFT and message.card_id in state.table.revealed:
            self._place(mine, message.card_id)

    @work(group="views", exit_on_error=False)
    async def ask_views(self) -> None:
        """Ask the host for this seat's view at each of its decisions (the game is over)."""
        try:
            await self.client.ask_views()
        except Exception:  # the connection is down: `v` asks again, or makes do (`_open_review`)
            self._views_asked = False

    def on_final_screen_review_asked(self, message: FinalScreen.ReviewAsked) -> None:
        """`v`: this seat's own decisions reviewed, from the views of them the host sent it alone."""
        state = self.state
        if state is None or self.client.seat is None or not state.table.is_terminal():
            return
        if self.client.own_decisions is None and self.client.connected:  # on its way, or to ask for again
            from ..i18n import _

            self._review_wanted = True
            if not self._views_asked:
                self._views_asked = True
                self.ask_views()
            self.notify(_("Asking the host for the views of your decisions…"))
            return
        self._open_review()

    def _open_review(self) -> None:
        from .screens.review import ReviewScreen
        from ..i18n import _

        state, seat = self.state, self.client.seat
        if state is None or seat is None or not state.table.is_terminal() or app_leaving(self):
            return
        moments = self._own_moments()
        if moments is None:
            self.notify(_("The review needs the host, which has gone: it knows what you saw at each decision."), severity="warning")
            return
        self.push_screen(ReviewScreen(state.names, seat, moments, self._reviewed))

    def _own_moments(self) -> list[Moment] | None:
        """Every decision this seat's player made (a bot's move for them while they were
        away is the bot's), each with the seat's view then: as the host sent them, or,
        the host gone before it answered, as this app saw them if it saw each one (None
        if it did not: a review of some decisions would misreport the rest)."""
        from ..review.run import Moment, seen_moments

        state, seat = self.state, self.client.seat
        assert state is not None and seat is not None
        sent = self.client.own_decisions
        if sent is not None:
            return [Moment(d.number, d.view.phase, d.view.round, d.position, d.view, d.chosen) for d in sent]
        seen = [m for m in seen_moments(self._choice_views, state.table) if m.number not in state.stand_ins]
        mine = [n for n, (made, _unused) in enumerate(state.table.history, start=1) if made == seat and n not in state.stand_ins]
        return seen if [m.number for m in seen] == mine else None

    def on_review_screen_reviewed(self, message: ReviewScreen.Reviewed) -> None:
        self._reviewed = message.reviews

    # -- hooks of the game app ----------------------------------------------------------------

    def turn(self) -> Hashable | None:
        return None if self.state is None else self.state.turn

    def hint_view(self) -> PlayerView | None:
        return self.state.player_view() if self.state is not None and self.my_turn() else None

    def hint_seed(self) -> int:
        return self.client.seat or 0

    def hint_names(self) -> list[str] | None:
        return list(self.state.names) if self.state is not None else None

    def log_view(self) -> tuple[TableView, list[str], dict[int, str]] | None:
        state = self.state
        return None if state is None else (state.table, list(state.names), self.reasons)

    def stand_ins(self) -> dict[int, str]:
        return {} if self.state is None else dict(self.state.stand_ins)

    def after_modal(self) -> None:
        self.advance()  # a view may have come while help, the rules or a question were up

    def save_path(self) -> Path | None:
        return self.record if self.desk is not None else None  # the host's autosave, at its own seat

    def how_to_go_on(self) -> str | None:
        """The game lives at the host: join again (at the host's own seat, resume the
        table), never 'play --resume'."""
        return how_to_go_on(self)

    def quit_question(self) -> QuitScreen | None:
        from .screens.quit import LeaveScreen

        if self.state is None or self.state.table.is_terminal():
            return None
        if self.desk is not None:
            return LeaveScreen(*close_table(self.resume))
        return LeaveScreen(
            _("Leave the table?"),
            _("The game goes on without you: join again with the same code to come back to your seat."),
        ) if self.client.seat is not None else None

    # -- the host's own seat --------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cover":
            state = self.state
            return self.desk is not None and state is not None and bool(state.waiting_for) and not state.table.is_terminal()
        if action == "join_lines":  # in the lobby they are on the screen already
            state = self.state
            return bool(self.join_lines) and not (state is not None and (state.table.is_terminal() or state.lobby))
        if action == "start_now":
            return self.desk is not None and self.state is not None and self.state.lobby
        if action == "takeback":
            return False  # the host keeps every move: nothing is taken back at a shared table
        return super().check_action(action, parameters)

    def action_cover(self) -> None:
        """`b` (host): after a yes, a bot plays for an away player until they are back:
        the one the game waits for now if one is away, else the first away."""
        from .screens.confirm import ConfirmScreen
        from .screens.cover import CoverScreen

        state, desk = self.state, self.desk
        if desk is None or state is None or not state.waiting_for or isinstance(self.screen, ConfirmScreen):
            return
        now = [seat for seat in state.table.to_act() if seat in state.waiting_for]
        seat = (now or list(state.waiting_for))[0]

        def answered(yes: bool | None) -> None:
            if yes and self.state is not None and seat in self.state.waiting_for:
                self.notify(desk.cover(seat))
            self.after_modal()

        self.push_screen(CoverScreen(state.names[seat], desk.stand_in_level()), answered)

    def action_start_now(self) -> None:
        """`s` in the lobby (host): start at once, a bot playing each empty seat until its player comes."""
        if self.desk is not None and self.state is not None and self.state.lobby:
            self.notify(self.desk.start_now())

    def action_join_lines(self) -> None:
        from .screens.join_lines import JoinLinesScreen

        if self.join_lines and not isinstance(self.screen, JoinLinesScreen):
            self.push_screen(JoinLinesScreen(self.join_lines), lambda _: self.after_modal())



class _Seated(Protocol):
    desk: HostDesk | None
    resume: str | None


def how_to_go_on(app: _Seated) -> str:
    """After a seat's app crashed or was stopped: join again, or, at the host's own seat
    with an autosave, resume the table from it (its `pier18 host --resume` line)."""
    return table_goes_on(app.resume if app.desk is not None else None)
