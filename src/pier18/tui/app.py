"""The Pier 18 app: it moves between screens as the session's game asks for decisions.

Every decision goes through `Session.apply`, so autosave and undo can hook the session.
Which screen comes next is worked out from the game alone (`advance`), so after an undo
or a loaded save the app simply calls `advance` again.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from rich.text import Text
from textual import events
from textual.app import App
from textual.binding import Binding
from textual.geometry import Size

from ..bots import Bot, Hint
from ..engine import Decision, Phase, PlayerView, TableView
from ..persist.session import Session
from ..words import pass_reason
from .moves import MoveLog, game_moves, hint_text
from .screens.names import NamesScreen, Seating
from .screens.too_small import TooSmallScreen
from .thinking import think_in_background
from .widgets.draft_row import DraftRow
from .widgets.hint_line import HintedScreen

if TYPE_CHECKING:
    from ..persist.autosave import Resumable
    from .screens.final import FinalScreen
    from .screens.table import TableScreen

#: Below this size the layout would break, so a message is shown instead.
MIN_SIZE = (100, 30)


BotProvider = Callable[[str, int], Bot]

#: How long a bot's turn lasts at least, in seconds, so people can see it happen.
BOT_PAUSE = 0.8


#: How long a bot's move that ends a round stays in sight before the Patron panel (a key
#: goes on at once); 0 shows the panel straight away.
LAST_MOVE_PAUSE = 2.0


#: A turn of a session: see `Pier18App.turn`.
Turn = tuple[int, tuple[Decision, ...]]


class HintGiver(Protocol):
    def hint(self, view: PlayerView) -> Hint: ...


class Pier18App(App[None]):
    CSS_PATH = Path(__file__).with_name("pier18.tcss")
    TITLE = "Pier 18"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("ctrl+q", "request_quit", "Quit", priority=True),
        Binding("question_mark", "help", "Keys"),
        Binding("r", "rules", "Rules"),
        Binding("u", "takeback", "Take back"),
    ]

    #: Unfinished saved games to offer before anything else (`pier18.persist.autosave.Resumable`);
    #: `pier18 play` sets it when one exists.
    resume_offer: Resumable | None = None
    #: The unexpected exception that ended the app, and where its crash report was written.
    crash: BaseException | None = None
    crash_report: Path | None = None

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
        last_move_pause: float = LAST_MOVE_PAUSE,
    ) -> None:
        super().__init__()
        self.players = players
        self.new_session = new_session
        self.names = names
        self.session: Session | None = session
        self.bot_provider = bot_provider
        self.seats = list(seats) if seats else (list(session.seats) if session else None)
        self.bot_pause = bot_pause
        self.hint_bot = hint_bot
        self.last_move_pause = last_move_pause
        self.first_choice: int | None = None  # who starts round 1, if chosen on the names screen
        self.moves = MoveLog()
        self._thinking: Turn | None = None  # the turn a bot worker is deciding
        self._hints: dict[Turn, tuple[Text, Decision | None]] = {}  # hints given (text, advice), by turn
        self._hint_pending: Turn | None = None
        self._awards_shown = 0
        self._too_small: TooSmallScreen | None = None
        self._advance_later = False
        self._mounted = False  # the first Resize comes before on_mount pushes any screen
        self._early_warnings: list[str] = []  # `warn` before mounting

    # -- start-up and crashes --------------------------------------------------------

    def warn(self, message: str) -> None:
        """Show a problem (a save that failed...) as plain text: paths may hold brackets.

        Problems met before the app is on screen are shown once it is.
        """
        if not self._mounted:
            self._early_warnings.append(message)
            return
        self.notify(message, severity="error", markup=False)

    def _handle_exception(self, error: Exception) -> None:
        """Any unexpected exception: write a crash report and exit with status 1.

        Textual would print a screenful of traceback; the report file gets it instead,
        and `pier18 play` prints one line saying where. The autosave is not written
        here: it stays as the last decision saved it, so the game can be resumed.
        """
        if self.crash is None:
            from ..persist import crash

            self.crash = error
            lock = getattr(self.new_session, "lock", None)
            try:
                self.crash_report = crash.write_report(error, getattr(lock, "save", None))
            except OSError:
                self.crash_report = None
        super()._handle_exception(error)
        self._exit_renderables.clear()  # the report has the traceback; one line is printed

    def on_mount(self) -> None:
        offer, self.resume_offer = self.resume_offer, None
        if offer is not None and self.session is None:
            from .screens.resume import offer_resume

            offer_resume(self, offer, self._begin)
        else:
            self._begin()
        self._mounted = True
        for message in self._early_warnings:
            self.warn(message)
        self._early_warnings.clear()
        self.check_size()

    def _begin(self) -> None:
        if self.session is not None:
            self.start(self.session)
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
        from .screens.table import TableScreen

        self.session = session
        self.names = session.names
        self.seats = list(session.seats)
        self._awards_shown = awards_before_last_decision(session)
        self.moves.clear()
        self._thinking = None
        self._hints.clear()
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(TableScreen(session))
        self.advance()

    # -- the flow of a game ----------------------------------------------------------

    @property
    def game_running(self) -> bool:
        return self.session is not None and not self.session.game.is_terminal()

    def table(self) -> TableScreen | None:
        from .screens.table import TableScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, TableScreen):
                return screen
        return None

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
        session = self.session
        if session is None:
            return
        if self._too_small is not None:  # resumed by check_size once the terminal is larger
            self._advance_later = True
            return
        game = session.game
        names = session.names
        table = self.table()
        self.moves.clear()
        for count, line in enumerate(game_moves(session), start=1):
            self.moves.add(count, line)
        if table is not None:
            table.moves = self.moves.recent(len(session.decisions), game.players - 1)
            table.thinking = session.is_bot(game.current_player) and not game.is_terminal() and self.bot_provider is not None
            table.show_game()
        if len(game.awards) > self._awards_shown:
            from .screens.patron import LastMoveScreen, PatronScreen

            award = game.awards[self._awards_shown]
            self._awards_shown += 1

            def patron(_: object = None) -> None:
                self.push_screen(PatronScreen(award, game.deck, names), lambda _: self.advance())

            ended = award.after - 1  # the round's last draft
            last = self.moves.recent(award.after, 1)
            if self.last_move_pause > 0 and ended < len(game.history) and session.is_bot(game.history[ended][0]) and last:
                self.push_screen(LastMoveScreen(last[0], self.last_move_pause), patron)
            else:
                patron()
            return
        if game.is_terminal():
            from .screens.final import FinalScreen

            self.push_screen(FinalScreen(game, names, self.save_path()))
            return
        seat = game.current_player
        if session.is_bot(seat) and self.bot_provider is not None:
            self.call_later(self.bot_turn)
            return
        if game.phase is Phase.SETUP:
            from .screens.pass_device import PassScreen

            if not session.hot_seat:
                self._keep()  # one person at the laptop: nobody to hide the cards from
                return
            self.push_screen(PassScreen(names[seat], pass_reason(Phase.SETUP)), lambda _: self._keep())
        elif game.phase is Phase.PLAN:
            if not session.hot_seat:
                self._place(None)
                return
            from .screens.pass_device import PassScreen

            # Plans are placed at the same time: the one placed before stays hidden.
            self.push_screen(PassScreen(names[seat], pass_reason(Phase.PLAN)), lambda _: self._place(None))

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
        self.push_screen(KeepScreen(self.session.game, self.session.names[self.session.game.current_player]), self.decide)

    def _place(self, card_id: int | None) -> None:
        from .screens.place import PlaceScreen

        assert self.session is not None
        self.push_screen(PlaceScreen(self.session.game, self.session.names, card_id), self.decide)

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
        view = PlayerView.of(session.game, seat)  # all the bot gets: it cannot peek
        think_in_background(self, "bot", partial(bot.choose, view), partial(self._bot_decided, turn, view), self.bot_pause)

    def _bot_decided(self, turn: Turn, view: PlayerView, decision: Decision | None, problem: str | None) -> None:
        if self._thinking == turn:
            self._thinking = None
        if turn != self.turn():
            return  # the game moved on meanwhile (undo, a loaded save, a new game)
        if problem is not None or decision is None:
            why = problem or "it gave no decision"
            self.notify(f"The bot had a problem ({why}) and took its first legal choice.", severity="warning")
            decision = view.legal[0]
        self.decide(decision)

    # -- hints -------------------------------------------------------------------------

    def on_hinted_screen_hint_requested(self, message: HintedScreen.HintRequested) -> None:
        """`h`: ask the hard bot what the human to move should do; the hinted screens show it."""
        self.request_hint()

    def request_hint(self) -> None:
        session = self.session
        turn = self.turn()
        if session is None or turn is None or session.game.is_terminal():
            return
        if session.is_bot(session.game.current_player):
            return
        if turn in self._hints:
            self._show_hint(*self._hints[turn])
            return
        self._show_hint(Text("Hint: the hard bot is thinking…"), None)
        if self._hint_pending == turn:
            return
        self._hint_pending = turn
        if self.hint_bot is None:
            from ..bots import HardBot

            self.hint_bot = HardBot(session.seed)
        view = PlayerView.of(session.game, session.game.current_player)
        think_in_background(self, "hint", partial(self.hint_bot.hint, view), partial(self._hint_ready, turn, view))

    def _hint_ready(self, turn: Turn, view: PlayerView, hint: Hint | None, problem: str | None) -> None:
        if self._hint_pending == turn:
            self._hint_pending = None
        if turn != self.turn():
            return
        if problem is not None or hint is None:
            text, decision = Text(f"No hint this time ({problem or 'no advice came back'})."), None
        else:
            text, decision = hint_text(view.deck, hint), hint.decision
        self._hints[turn] = text, decision
        self._show_hint(text, decision)

    def _show_hint(self, text: Text, decision: Decision | None) -> None:
        for screen in self.screen_stack:  # also under a help or rules screen opened meanwhile
            if isinstance(screen, HintedScreen):
                screen.show_hint(text, decision)

    def known_hint(self) -> tuple[Text, Decision | None] | None:
        """The hint already given for this turn (the next screen of the turn shows it too)."""
        turn = self.turn()
        return self._hints.get(turn) if turn is not None else None

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

    def notify(self, message: str, *, markup: bool = False, **kwargs: Any) -> None:
        """Notices quote file paths and errors: plain text unless a caller asks for markup."""
        super().notify(message, markup=markup, **kwargs)

    # -- keys that work everywhere ---------------------------------------------------

    def action_request_quit(self) -> None:
        from .screens.quit import QuitScreen

        if isinstance(self.screen, QuitScreen):
            return
        if self.game_running:
            self.push_screen(QuitScreen(self.save_path()), lambda yes: self.exit() if yes else self.check_size())
        else:
            self.exit()

    def save_path(self) -> Path | None:
        """Where the game being played is autosaved (`Autosaving` holds its lock), if it is."""
        return getattr(getattr(self.new_session, "lock", None), "save", None)

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

    def action_takeback(self) -> None:
        """`u`: take back the last decision, after a confirm (pier18.record rebuilds the game)."""
        if self._thinking is not None:
            self.notify("Wait for the bot to finish its move.", severity="warning")
            return
        from .screens.takeback import request_takeback

        request_takeback(self)

    def action_help(self) -> None:
        from .screens.help import HelpScreen

        if not isinstance(self.screen, (HelpScreen, TooSmallScreen)):
            self.push_screen(HelpScreen())

    def action_rules(self) -> None:
        from .screens.rules import RulesScreen

        if not isinstance(self.screen, (RulesScreen, TooSmallScreen)):
            self.push_screen(RulesScreen())

    # -- terminal size -------------------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size)  # runs before App updates self.size

    def check_size(self, size: Size | None = None) -> None:
        """Cover the game with the too-small message, or take it away again."""
        if not self._mounted:
            return
        size = size or self.size
        width, height = MIN_SIZE
        small = size.width < width or size.height < height
        if small and self._too_small is None:
            self._too_small = TooSmallScreen(MIN_SIZE)
            self.push_screen(self._too_small)
        elif not small and self._too_small is not None and self.screen is self._too_small:
            self._too_small = None
            self.pop_screen()
            if self._advance_later:
                self._advance_later = False
                self.advance()


def awards_before_last_decision(session: Session) -> int:
    """Patron awards to treat as already shown when a game is (re)opened.

    A game saved right after a round's last draft was closed with its patron panel on
    screen; counting the award that draft made as unseen shows the panel again.
    """
    made = len(session.game.history)
    return sum(1 for award in session.game.awards if award.after < made)
