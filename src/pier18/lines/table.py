"""A game held here (the hot-seat `Session` of `pier18 play`) played in plain lines.

`LineTable.run` says each public event once, in order (each decision's move line as
`speech.moves.move_line` tells it, a hidden choice as having happened and again in full once
it is shown, each Patron award after the draft that ended its round), asks
`flow.next_step` what comes next, lets the bots move, and reads one line at a time from
the person at the keys, answering every line at once. At one laptop passed round, the
pass prompt is a line too, and a seat's hidden cards are said only after it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TextIO

from . import say
from ..engine import Decision, Game, Phase, PlayerView, TableView
from ..engine.errors import NotationError
from ..engine.text import quote
from ..flow import Show, next_step
from ..i18n import _
from ..speech.keys import ENTER
from ..speech.people import pass_reason, whose_turn
from ..speech.why import bot_problem, motive_text
from .commands import DECISION_WORDS, SEAT_WORDS, answer, command_word, help_lines, typed_decision
from .tell import Teller
from .typed import TypedLines

if TYPE_CHECKING:  # pragma: no cover
    from ..bots import Bot
    from ..session import Session

#: Makes (or gives again) the bot of a seat: its level and its seat.
BotProvider = Callable[[str, int], "Bot"]

class Stop(Exception):
    """The person at the keys asked to stop ('quit'), or the input ended."""


class LineTable:
    """Plays `session` in plain lines read from `lines_in` (`TypedLines`: standard input
    when None) and written to `lines_out`.

    `bot_for` makes the bot of each bot seat (None: every seat is played at the keys);
    `going_on` says, when the person stops before the end, how to go on with the game
    (its autosave), or None.
    """

    def __init__(
        self,
        session: Session,
        lines_in: TextIO | None,
        lines_out: TextIO,
        bot_for: BotProvider | None = None,
        going_on: Callable[[], str | None] | None = None,
    ) -> None:
        self.session = session
        self.typed = TypedLines(lines_in)
        self.lines_out = lines_out
        self.bot_for = bot_for
        self.going_on = going_on
        self.teller = Teller()
        #: A bot's reason for its decision, by the number of decisions it completed.
        self.reasons: dict[int, str] = {}
        self.handed_to: int | None = None  # who last had the laptop, at one passed round
        self.at_keys: int | None = None  # the seat choosing now, once the laptop is theirs

    # -- saying ------------------------------------------------------------------------

    def say(self, *lines: str) -> None:
        for line in lines:
            self.lines_out.write(say.plain(line) + "\n")
        self.lines_out.flush()

    def read(self) -> str:
        """The next line typed (`TypedLines`); Stop at the end of the input."""
        line = self.typed.next()
        if line is None:
            raise Stop
        return line

    @property
    def names(self) -> list[str]:
        return self.session.names

    def table(self) -> TableView:
        return TableView.of(self.session.game)

    def catch_up(self) -> None:
        """Say every public event not said yet, oldest first (`Teller.news`)."""
        self.say(*self.teller.news(self.table(), self.names, self.reasons, self.session.stand_ins()))

    # -- the game ------------------------------------------------------------------------

    def here(self) -> list[int]:
        """The seats played at these keys: every seat but the bots'."""
        session = self.session
        return [seat for seat in range(session.players) if not (session.is_bot(seat) and self.bot_for is not None)]

    def run(self) -> int:
        """Until the game is over or the person stops ('quit', or the end of the input): 0."""
        try:
            self.opening()
            while True:
                self.catch_up()
                session = self.session
                view = self.table()
                step = next_step(
                    view, self.here(), shared=session.hot_seat, awards_shown=len(view.awards), handed_to=self.handed_to
                )
                if step.kind is Show.FINAL:
                    self.final(view)
                    return 0
                if step.kind is Show.WAIT:
                    self.bot_moves()
                    continue
                if step.kind is not Show.CHOOSE or step.seat is None:  # a Patron award: said already
                    continue
                seat = step.seat
                if session.hot_seat:
                    self.handed_to = seat
                self.at_keys = None
                if step.pass_first:
                    self.pass_to(seat, step.secret)
                self.at_keys = seat
                self.turn(seat)
                self.choose(seat)
                self.at_keys = None
        except Stop:
            going_on = self.going_on() if self.going_on is not None and not self.session.game.is_terminal() else None
            if going_on:
                self.say(going_on)
            return 0

    def opening(self) -> None:
        """The first lines: what this is, and before a game resumed, its events so far."""
        self.say(_("Pier 18 in plain lines: type help for the commands."))
        if self.session.game.history:
            self.say(_("The game so far:"))
        self.recall_reasons()

    def recall_reasons(self) -> None:
        """The reasons of the bots' moves made before this table was opened (a game
        resumed), so the game so far is told as it was played."""
        from ..bots.estimate import bot_reason

        session = self.session
        now = self.table()
        game = Game(session.deck, session.players, session.seed, session.first_player, session.deal)
        for made, (seat, decision) in enumerate(session.game.history, start=1):
            shown = now.history[made - 1][1]
            if session.is_bot(seat) and shown is not None and made not in self.reasons:
                reason = bot_reason(TableView.of(game), seat, shown)  # the table as the bot saw it
                if reason is not None:
                    self.reasons[made] = motive_text(reason)
            game.apply(decision)

    def bot_moves(self) -> None:
        """The bot to move decides, from its seat's `PlayerView` alone."""
        session = self.session
        game = session.game
        seat = game.current_player
        if self.bot_for is None or not session.is_bot(seat):
            raise AssertionError("the game waits for a seat no bot plays")
        view = PlayerView.of(game, seat)
        try:
            decision = self.bot_for(session.seats[seat], seat).choose(view)
        except Exception as exc:  # noqa: BLE001 - a bot's failure must not end the game
            self.say(bot_problem(str(exc)))
            decision = view.legal[0]
        self.decide(seat, decision, bot=True)

    def decide(self, seat: int, decision: Decision, bot: bool = False) -> None:
        """Make `seat`'s decision through the session (so that it is autosaved)."""
        from ..bots.estimate import bot_reason

        before = self.table()
        self.session.choose(seat, decision)
        if bot:
            reason = bot_reason(before, seat, decision)
            if reason is not None:
                self.reasons[len(self.session.game.history)] = motive_text(reason)

    def pass_to(self, seat: int, secret: bool) -> None:
        """The pass prompt (the pass screen's words; `secret`: a hidden choice follows,
        the others look away), until Enter (an empty line); every other line is
        answered, nothing hidden said before it."""
        name = self.names[seat]
        prompt = [_("Pass the laptop to {name}").format(name=name)]
        if secret:
            prompt.append(_("Everyone else: look away."))
        prompt.append(_("{name}: press {key}").format(name=name, key=ENTER))
        self.say(*prompt)
        while True:
            line = self.read()
            if not line:
                return
            if not self.answer(line, None):
                self.say(*prompt)

    def turn(self, seat: int) -> None:
        """What the person to choose hears first: where the game stands, what to do and
        what they choose from."""
        view = PlayerView.of(self.session.game, seat)
        self.say(whose_turn(self.table(), self.names), pass_reason(view.phase))
        if view.phase is Phase.SETUP:
            self.say(*say.hand_lines(view, self.names))
        elif view.phase is Phase.DRAFT:
            self.say(*say.row_lines(view))
        else:
            self.say(*say.hand_lines(view, self.names))
            self.say(*say.piers_lines(view, self.names, [seat]))
        self.say(self.prompt(seat))

    def prompt(self, seat: int) -> str:
        return _("{name}, your move: type it as 'moves' lists it, or 'help'.").format(name=self.names[seat])

    def choose(self, seat: int) -> None:
        """Read lines until one is a legal decision of `seat`, answering each."""
        while True:
            line = self.read()
            if not line:
                self.say(self.prompt(seat))
                continue
            if self.answer(line, seat):
                continue
            decision = self.decision(line, seat)
            if decision is not None:
                self.decide(seat, decision)
                return

    def decision(self, line: str, seat: int) -> Decision | None:
        """`line` as a legal decision of `seat`, or None, its answer said."""
        if command_word(line) not in DECISION_WORDS:
            self.say(_("unknown command, try help"))
            return None
        try:
            decision = typed_decision(line)
        except NotationError as exc:
            self.say(str(exc))
            return None
        if decision not in PlayerView.of(self.session.game, seat).legal:
            self.say(_("{move} is not one of your moves now; 'moves' lists them.").format(move=quote(line)))
            return None
        return decision

    def answer(self, line: str, seat: int | None) -> bool:
        """Answer a command (`seat`: the person choosing, None before the laptop is
        theirs); False when `line` is no command here (a decision, or a word for the
        seat at the keys said at a pass prompt). 'quit' stops."""
        word = command_word(line)
        if word in ("quit", "exit"):
            raise Stop
        if word == "help":
            self.say(*help_lines(_("quit: stop here; the game is saved")))
            return True
        mine = None if seat is None else PlayerView.of(self.session.game, seat)
        lines = answer(word, self.table(), mine, self.names)
        if lines is not None:
            self.say(*lines)
            return True
        if word in (*SEAT_WORDS, *DECISION_WORDS):
            return False  # a decision, or at a pass prompt the seat's own once the laptop is theirs
        self.say(_("unknown command, try help"))
        return True

    def final(self, view: TableView) -> None:
        """The end: the ranking, each Plan's result and every score."""
        self.say(*say.final_lines(view, self.names))
