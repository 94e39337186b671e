"""The Pier 18 app: it moves between screens as the session's game asks for decisions.

Every decision goes through `Session.apply`, so autosave and undo can hook the session.
Which screen comes next is worked out from the game alone (`advance`), so after an undo
or a loaded save the app simply calls `advance` again.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from textual.binding import Binding

from ..i18n import _
from ..engine import Decision, Phase
from ..persist import autosave
from ..persist.lock import GameLocked
from ..speech.keys import KEY_TAKE_BACK
from ..speech.moves import since_your_turn
from ..speech.notices import play_resume_command
from ..speech.people import pass_reason
from ..speech.why import bot_problem
from .game_app import MIN_SIZE, GameApp, HintGiver
from .moves import bot_reasons, moves_and_reasons, since_start
from .screens.names import NamesScreen, Seating
from .thinking import think_in_background

if TYPE_CHECKING:
    from ..bots import Bot
    from ..engine import Game, PlayerView, TableView
    from ..session import Session
    from ..bots.ahead import Foresight
    from ..persist.autosave import Resumable
    from ..review.model import DecisionReview
    from .widgets.draft_row import DraftRow
    from .screens.final import FinalScreen
    from .screens.quit import QuitScreen
    from .screens.review import ReviewScreen

__all__ = ["BOT_PAUSE", "MIN_SIZE", "HintGiver", "Pier18App", "awards_before_last_decision"]


BotProvider = Callable[[str, int], "Bot"]

#: How long a bot's turn lasts at least, in seconds, so people can see it happen.
BOT_PAUSE = 0.8


#: How long each note on the game just opened stays up (Textual's default is 5 s).
OPENING_NOTE_SECONDS = 12.0

#: A turn of a session: see `Pier18App.turn`.
Turn = tuple[int, tuple[Decision, ...]]


class Pier18App(GameApp):
    """A game held at this laptop: one person, or several passing it round."""

    BINDINGS = [*GameApp.BINDINGS, Binding("u", "takeback", KEY_TAKE_BACK)]

    #: Unfinished saved games to offer before anything else (`pier18.persist.autosave.Resumable`);
    #: `pier18 play` sets it when one exists.
    resume_offer: Resumable | None = None
    #: Ask once, before anything, whether to play the guided first game instead
    #: (`pier18 play` on a machine with no saved games); yes ends the app, `chose_lesson` set.
    offer_lesson: bool = False
    chose_lesson: bool = False
    #: The guided first game (`LearnApp`): a first player chosen by its script, not by the sea.
    LESSON = False

    def __init__(
        self,
        players: int,
        new_session: Callable[[list[str]], Session],
        names: list[str] | None = None,
        session: Session | None = None,
        bot_provider: BotProvider | None = None,
        seats: list[str] | None = None,
        bot_pause: float = BOT_PAUSE,
        hint_bot: HintGiver | None = None,
    ) -> None:
        super().__init__(hint_bot)
        self.players = players
        self.new_session = new_session
        self.names = names
        self.session: Session | None = session
        self.bot_provider = bot_provider
        self.seats = list(seats) if seats else (list(session.seats) if session else None)
        self.bot_pause = bot_pause
        self.first_choice: int | None = None  # who starts round 1, if chosen on the names screen
        self._thinking: Turn | None = None  # the turn a bot worker is deciding
        self._foresight: Foresight | None = None  # the bots thinking while a person chooses
        #: What to say as the game given opens (`pier18 play --resume`: which game it is,
        #: and why a game played later was passed over), one notice each.
        self.opening_notes: list[str] = []
        #: Finished reviews, by seat and the game's decisions (`v` again shows one at once).
        self._reviewed: dict[tuple[int, tuple[Decision, ...]], tuple[DecisionReview, ...]] = {}
        #: The person the laptop was last handed to (a seat), at a laptop passed round:
        #: when the next person to move is someone else, a pass screen comes first.
        self._handed_to: int | None = None

    # -- start-up ------------------------------------------------------------------------

    def save_path(self) -> Path | None:
        """Where the game being played is autosaved (`Autosaving` holds its lock), if it is."""
        return getattr(getattr(self.new_session, "lock", None), "save", None)

    def how_to_go_on(self) -> str | None:
        """After a crash or a stop: an unfinished game that is autosaved can be resumed."""
        save = self.save_path()
        if self.game_running and save is not None:  # its autosave, named so that the very game comes back
            return _("Your game is saved: '{command}' goes on with it.").format(command=play_resume_command(save))
        return None

    def begin(self) -> None:
        if self.offer_lesson:
            from .screens.lesson import LessonOfferScreen

            self.offer_lesson = False
            self.push_screen(LessonOfferScreen(), self._lesson_answered)
            return
        offer, self.resume_offer = self.resume_offer, None
        if offer is not None and self.session is None:
            self.offer_resume(offer, self._begin)
        else:
            self._begin()

    def _lesson_answered(self, yes: bool | None) -> None:
        if yes:
            self.chose_lesson = True
            self.exit()
        else:
            self.begin()

    def offer_resume(self, found: autosave.Resumable, otherwise: Callable[[], None]) -> None:
        """Ask which saved game to go on with, before anything else.

        A game: it is locked to this process, autosaved to its own file again (and to
        `play --record FILE`, taking the factory's next record number) and shown where it
        stopped. If another terminal opened it meanwhile, the offer comes back without it.
        New game: `otherwise()` runs (the usual start: the names screen or a new game).
        """
        from .screens.resume import ResumeScreen

        games = found.free

        def answered(choice: int | None) -> None:
            if choice is None:
                otherwise()
                return
            saved = games[choice]
            session = saved.session
            assert session is not None
            factory = self.new_session  # an `Autosaving` when started by `pier18 play`
            try:
                if isinstance(factory, autosave.Autosaving):
                    factory.play(session, saved.path, saved.stamp)
                else:
                    autosave.attach(session, saved.path, on_error=self.warn)
            except GameLocked as locked:
                self.offer_resume(found.without(saved.path, autosave.open_elsewhere_notice(locked)), otherwise)
                return
            self.start(session)

        self.push_screen(ResumeScreen(games, found.messages()), answered)

    def _begin(self) -> None:
        if self.session is not None:
            self.start(self.session)
            for note in self.opening_notes:
                self.notify(note, timeout=OPENING_NOTE_SECONDS)
        elif self.names:
            self.start(self.new_session(self.names))
        else:
            self.push_screen(NamesScreen(self.players, self.seats), self._names_chosen)

    def _names_chosen(self, seating: Seating | None) -> None:
        if seating:
            self.names = seating.names
            self.first_choice = seating.first_player
            self.start(self._new_session(seating.names))

    def _new_session(self, names: list[str]) -> Session:
        """A new game; the start rule chosen on the names screen, if one was."""
        session = self.new_session(names)
        if self.first_choice is not None and session.first_player is None:
            session.choose_first_player(self.first_choice)
        return session

    def start(self, session: Session) -> None:
        """Show a session's game (a new one, or one loaded from a save)."""
        from .screens.table import TableScreen, TableState

        self.session = session
        self.names = session.names
        self.seats = list(session.seats)
        self._awards_shown = awards_before_last_decision(session)
        self.moves.clear()
        self._thinking = None
        self._hints.clear()
        self._handed_to = None
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(
            TableScreen(TableState(table_view(session.game), session.names, session.first_player is not None, self.LESSON))
        )
        self.advance()

    # -- the flow of a game ----------------------------------------------------------

    @property
    def game_running(self) -> bool:
        return self.session is not None and not self.session.game.is_terminal()

    def turn(self) -> Turn | None:
        """Which decision of which session is being made now: stale bot and hint answers
        (after an undo, a loaded save or a new game) are recognised by it and dropped.

        The whole history is part of it, so a move taken back and made differently is
        a different turn even at the same count of decisions.
        """
        if self.session is None:
            return None
        return id(self.session), tuple(self.session.decisions)

    def decide(self, decision: Decision | None) -> None:
        """Make the current player's decision through the session, then move on."""
        if decision is not None and self.session is not None:
            self.session.apply(decision)
        self.advance()

    def advance(self) -> None:
        """Show whatever the game needs next: a patron result, a choice or the end."""
        from ..flow import Show, next_step  # with the first game: not before the first paint
        from .screens.table import TableState

        session = self.session
        if session is None or self.too_small_now():
            return
        game = session.game
        names = session.names
        table = self.table()
        self.moves.clear()
        lines, reasons = moves_and_reasons(session)
        for count, line in enumerate(lines, start=1):
            self.moves.add(count, line)
        view = table_view(game)
        step = next_step(
            view, self.seats_here(), shared=session.hot_seat, awards_shown=self._awards_shown, handed_to=self._handed_to,
        )
        if table is not None:
            since = self.since_for(view)
            state = TableState(
                view,
                names,
                first_chosen=session.first_player is not None,
                lesson=self.LESSON,
                moves=self.event_line(view, names, reasons, session.stand_ins()),
                thinking=session.is_bot(game.current_player) and not game.is_terminal() and self.bot_provider is not None,
                since=since,
                reasons=reasons,
                stand_ins=session.stand_ins(),
            )
            if step.kind is not Show.PATRON:
                table.state = state
        self._think_ahead(person=step.kind is not Show.WAIT)
        if step.kind is Show.PATRON:
            self.show_award(view, names)
            if table is not None:  # the panel first, then the table under it
                table.show_later(state, self.when_drawn)
            return
        if step.kind is Show.FINAL:
            from .screens.final import FinalScreen

            self.push_screen(FinalScreen(view, names, self.save_path(), review=True, stand_ins=session.stand_ins()))
            return
        if step.kind is Show.WAIT:
            self.call_later(self.bot_turn)  # only bots play away from these keys here
            return
        seat = step.seat
        assert seat is not None
        then: Callable[[], None] | None = None
        if step.phase is Phase.SETUP:
            then = self._keep
        elif step.phase is Phase.PLAN:
            then = partial(self._place, None)
        if session.hot_seat:
            self._handed_to = seat  # the laptop is in front of the person to move now
        if not step.pass_first:
            if then is not None:
                then()  # nobody to hide anything from: one person at the laptop, or the draft goes on with them
            return
        # A laptop passed round: the person to move takes it on a pass screen, so nothing
        # drawn for the last one (a hint, a half-made choice) is ever in front of the next.
        from .screens.pass_device import PassScreen

        stand_ins = session.stand_ins()
        news = since_your_turn(view, names, since_start(view, seat, stand_ins), reasons, stand_ins)
        screen = PassScreen(names[seat], pass_reason(step.phase), news, secret=step.secret)
        self.push_screen(screen, lambda _: then() if then else None)

    def seats_here(self) -> list[int]:
        """The seats played at these keys: every seat but the bots' (all of them when no
        bot may move, as in tests that drive the bots' turns themselves)."""
        session = self.session
        assert session is not None
        return [seat for seat in range(session.players) if not (session.is_bot(seat) and self.bot_provider is not None)]

    def since_for(self, view: TableView) -> int | None:
        """Where "since your last move" starts for the person at the keys: the one person
        playing bots, or at a laptop passed round the player whose turn it is; None when
        only bots play."""
        session = self.session
        if session is None or view.is_terminal():
            return None
        people = [seat for seat in range(session.players) if not session.is_bot(seat)]
        stand_ins = session.stand_ins()  # a hosted game resumed here: a bot's moves for an away player
        if not session.hot_seat:
            return since_start(view, people[0], stand_ins) if people else None
        seat = view.current_player
        return since_start(view, seat, stand_ins) if seat in people else None

    def resync(self) -> None:
        """Show what the session's game asks for now: the hook for undo and loaded saves."""
        if self.session is None:
            return
        self._awards_shown = min(self._awards_shown, len(self.session.game.awards))
        table = self.table()
        while table is not None and self.screen is not table and self.screen is not self._too_small:
            self.pop_screen()
        self.advance()

    def _keep(self) -> None:
        from .screens.keep import KeepScreen

        assert self.session is not None
        game = self.session.game
        view = player_view(game, game.current_player)  # the screen sees this seat's cards only
        self.push_screen(KeepScreen(view, self.session.names[game.current_player]), self.decide)

    def _place(self, card_id: int | None) -> None:
        from .screens.place import PlaceScreen

        assert self.session is not None
        game = self.session.game
        self.push_screen(PlaceScreen(player_view(game, game.current_player), self.session.names, card_id), self.decide)

    def bot_turn(self) -> None:
        """A bot seat's turn: its bot decides in a worker thread, so the screen stays live."""
        session = self.session
        if session is None or self.bot_provider is None or session.game.is_terminal():
            return
        seat = session.game.current_player
        turn = self.turn()
        if turn is None or not session.is_bot(seat) or self._thinking == turn:
            return
        self._thinking = turn
        bot = self.bot_provider(session.seats[seat], seat)
        view = player_view(session.game, seat)  # all the bot gets: it cannot peek
        think_in_background(self, "bot", partial(_decide, self._foresight, bot, view), partial(self._bot_decided, turn, view), self.bot_pause)

    def _think_ahead(self, person: bool) -> None:
        """While a person here chooses (or reads a Patron panel), the bots work out their
        next decisions in a worker thread (`bots.ahead`): the very decisions they will make
        at their turn, so a reply is ready as soon as the person's move is made. Work on a
        line the game has left (another move, a take-back) stops."""
        session = self.session
        if session is None or self.bot_provider is None:
            return
        played = tuple(session.game.history)
        if self._foresight is None:
            if not any(session.is_bot(seat) for seat in range(session.players)):
                return
            from ..bots.ahead import Foresight

            self._foresight = Foresight()
        foresight = self._foresight
        foresight.follow(played)
        if not person or session.game.is_terminal():
            return
        stopped = foresight.begin(played)
        provider, seats = self.bot_provider, session.seats
        bots = {seat: provider(seats[seat], seat) for seat in range(session.players) if session.is_bot(seat)}
        game, rank = session.game.clone(), len(self.seats_here()) == 1

        def think() -> None:
            from textual.worker import get_current_worker

            worker = get_current_worker()
            foresight.think(game, bots.get, rank, stopped, lambda: worker.is_cancelled)

        # Started once the screen is drawn: the person's screen first, then the thinking.
        self.call_after_refresh(lambda: stopped.is_set() or self.run_worker(think, thread=True, group="ahead", exit_on_error=False))

    def _bot_decided(self, turn: Turn, view: PlayerView, decision: Decision | None, problem: str | None) -> None:
        if self._thinking == turn:
            self._thinking = None
        if turn != self.turn():
            return  # the game moved on meanwhile (undo, a loaded save, a new game)
        if problem is not None or decision is None:
            self.notify(bot_problem(problem), severity="warning")
            decision = view.legal[0]
        self.decide(decision)

    # -- hints -------------------------------------------------------------------------

    def hint_view(self) -> PlayerView | None:
        session = self.session
        if session is None or session.game.is_terminal() or session.is_bot(session.game.current_player):
            return None
        return player_view(session.game, session.game.current_player)

    def hint_seed(self) -> int:
        return self.session.seed if self.session is not None else 0

    def hint_names(self) -> list[str] | None:
        return list(self.session.names) if self.session is not None else None

    def log_view(self) -> tuple[TableView, list[str], dict[int, str]] | None:
        session = self.session
        return None if session is None else (table_view(session.game), list(session.names), bot_reasons(session))

    def stand_ins(self) -> dict[int, str]:
        return {} if self.session is None else self.session.stand_ins()

    def on_draft_row_picked(self, message: DraftRow.Picked) -> None:
        session = self.session
        if session is None:
            return
        game = session.game
        if session.is_bot(game.current_player) and self.bot_provider is not None:
            return  # a bot's turn: the row is there to look at
        if self.screen is not self.table():
            return  # a second Enter before the placement screen came up: it is already open
        if game.phase is Phase.DRAFT and message.card_id in game.revealed:
            self._place(message.card_id)

    def on_final_screen_new_game(self, message: FinalScreen.NewGame) -> None:
        if self.names:
            self.start(self._new_session(list(self.names)))

    def on_final_screen_review_asked(self, message: FinalScreen.ReviewAsked) -> None:
        """`v`: review one person's decisions; which one is asked when several played here."""
        from ..review.run import default_seats
        from .screens.review import ReviewWhoScreen

        if self.session is None:
            return
        seats = default_seats(self.session)
        if len(seats) == 1:
            self._review(seats[0])
        else:
            self.push_screen(ReviewWhoScreen(self.session.names, seats), self._review)

    def _review(self, seat: int | None) -> None:
        """The review of `seat`'s decisions, each judged and shown from that seat's own view."""
        from ..review.run import session_moments
        from .screens.review import ReviewScreen

        session = self.session
        if seat is None or session is None:
            return
        known = self._reviewed.get((seat, tuple(session.decisions)))
        self.push_screen(ReviewScreen(session.names, seat, session_moments(session, seat), known))

    def on_review_screen_reviewed(self, message: ReviewScreen.Reviewed) -> None:
        """A finished review is kept, so `v` again shows it at once (for this very game)."""
        if self.session is not None:
            self._reviewed[(message.seat, tuple(self.session.decisions))] = message.reviews

    # -- keys that work everywhere ---------------------------------------------------

    def quit_question(self) -> QuitScreen | None:
        from .screens.quit import QuitScreen

        return QuitScreen(self.save_path()) if self.game_running else None

    def at_keys(self) -> int | None:
        """The person whose own turn screen is showing (a take-back reaches back to their
        own last decision), or None where anyone may be at the keys (a pass screen, a
        Patron panel, the final score): the last person's decision is taken back there.
        """
        from .screens.help import HelpScreen
        from .screens.keep import KeepScreen
        from .screens.place import PlaceScreen
        from .screens.rules import RulesScreen
        from .screens.table import TableScreen

        session = self.session
        if session is None or session.game.is_terminal() or session.is_bot(session.game.current_player):
            return None
        for screen in reversed(self.screen_stack):
            if isinstance(screen, (KeepScreen, PlaceScreen)):
                return session.game.current_player
            if isinstance(screen, TableScreen):
                return session.game.current_player if session.game.phase is Phase.DRAFT else None
            if not isinstance(screen, (HelpScreen, RulesScreen)):
                return None
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`u` is offered only once a game is on: not on the names or resume questions."""
        if action == "takeback":
            return self.session is not None
        return super().check_action(action, parameters)

    def action_takeback(self) -> None:
        """`u`: take back the last decision, after a confirm (pier18.record rebuilds the game)."""
        if self._thinking is not None:
            self.notify(_("Wait for the bot to finish its move."), severity="warning")
            return
        self.request_takeback()

    def request_takeback(self) -> None:
        """Ask, then take back and show the game from the rebuilt state.

        On a person's turn screen in a hot-seat game it reaches back to that person's own
        last decision (`Session.takeback_count`); a hidden choice of someone else it must
        take back on the way is only counted, and its maker gets a pass screen first. The
        question is decided from the public `TableView` (`flow.takeback`: what is
        described, what only counted) and worded by `words.takeback_prompt`, so a choice
        still hidden is never named. After it, `resync` asks the rebuilt game what
        comes next, so a set-up takeback lands on the pass screen and never on a hand.
        """
        from ..flow import takeback
        from ..words import takeback_prompt
        from .screens.confirm import ConfirmScreen
        from .screens.takeback import TakebackScreen
        from .screens.too_small import TooSmallScreen

        session = self.session
        if session is None or isinstance(self.screen, (ConfirmScreen, TooSmallScreen)):
            return  # not over another question, nor over the too-small message
        at_keys = self.at_keys()
        count = session.takeback_count(at_keys)
        bots = [session.is_bot(seat) for seat in range(session.players)]
        view = table_view(session.game)
        facts = takeback(view, count, bots, at_keys)
        if facts is None:
            self.notify(_("Nothing to take back yet."), severity="warning")
            return
        question = takeback_prompt(view.deck, session.names, facts)

        def answered(yes: bool | None) -> None:
            if yes and self.session is session and session.takeback_count(at_keys) == count:
                session.takeback(count)
                self.resync()

        self.push_screen(TakebackScreen(question), answered)


def table_view(game: Game) -> TableView:
    """`TableView.of(game)`. The engine's game and views are imported with the first game
    (`session`), not before the names screen's first paint."""
    from ..engine import TableView

    return TableView.of(game)


def player_view(game: Game, seat: int) -> PlayerView:
    """`PlayerView.of(game, seat)` (imported as `table_view` says)."""
    from ..engine import PlayerView

    return PlayerView.of(game, seat)


def awards_before_last_decision(session: Session) -> int:
    """Patron awards to treat as already shown when a game is (re)opened.

    A game saved right after a round's last draft was closed with its patron panel on
    screen; counting the award that draft made as unseen shows the panel again.
    """
    made = len(session.game.history)
    return sum(1 for award in session.game.awards if award.after < made)


def _decide(foresight: Foresight | None, bot: Bot, view: PlayerView) -> Decision:
    """The bot's decision at `view`: the one it worked out ahead, if it did, else now."""
    decision = None if foresight is None else foresight.take(bot, view)
    return bot.choose(view) if decision is None else decision
