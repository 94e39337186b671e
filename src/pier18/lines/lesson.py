"""The guided first game (`pier18 learn --lines`) in plain lines.

A `LineTable` with the lesson on top, as `tui.learn_app.LearnApp` is the hot-seat app
with it: the same script (`persist.lesson`), the same steps at the same moments, the
same judge of a move (`Script.refusal`) and the same feedback (`speech.why.lesson_feedback`).
Before each of the learner's choices the steps of that moment are said once (its head,
its text and what it asks for) and the lesson waits for 'next' (or Enter), as the box
waits for Enter; after each choice, what it scored next to what the suggestion would
have. The bot's moves and the Patron awards are told by the `Teller`, every command of
the other line seats is answered, and 'hint' (or h) and 'why' are the app's h and e.

Where the lesson is comes from the game alone, so a lesson resumed from its save says
the step of the moment it stopped at, after a recap of the game so far.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol, TextIO

from . import say
from ..engine import Decision, Phase, PlayerView, TableView
from ..i18n import _, ngettext
from ..persist.lesson import LEARNER_SEAT, Script, lesson_rival, step_words
from ..speech.why import lesson_feedback, lesson_refused, no_hint, reason_gone, reason_new
from .commands import DECISION_WORDS, command_word, help_lines
from .table import LineTable

if TYPE_CHECKING:  # pragma: no cover
    from ..bots import Hint
    from ..session import Session

#: The moments of each phase whose steps come before the learner's choice, in order.
MOMENTS = {Phase.SETUP: ("keep",), Phase.DRAFT: ("pick", "cover"), Phase.PLAN: ("plan",)}
#: Words that go on from a step (an empty line too: Enter).
NEXT_WORDS = ("next", "n")
#: A stressed word (*Plan*) or a markup tag ([b], [/b], [bold red]) in a script's text:
#: a screen reader would spell the marks out, so they go and the words stay.
_STRESS = re.compile(r"\*(\S(?:[^*]*\S)?)\*")
_MARKUP = re.compile(r"\[/?[a-z][a-z0-9 _.#-]*\]|\[/\]")


def plain_words(text: str) -> list[str]:
    """A step's text as lines of plain words: one line a paragraph, stress marks and
    markup tags left out."""
    paragraphs = [_MARKUP.sub("", _STRESS.sub(r"\1", part)) for part in text.split("\n\n")]
    return [" ".join(part.split()) for part in paragraphs if part.strip()]


class Advisor(Protocol):
    """What answers 'hint': the hard bot, or the app's hint giver."""

    def hint(self, view: PlayerView) -> Hint: ...


class LineLesson(LineTable):
    """Plays the lesson's `session` (the learner at `LEARNER_SEAT` against the script's
    bot) in plain lines; `notes` are said first (a resumed lesson, plain lines chosen
    for want of a terminal), `hint_bot` answers 'hint'."""

    def __init__(
        self,
        script: Script,
        session: Session,
        lines_in: TextIO | None,
        lines_out: TextIO,
        going_on: Callable[[], str | None] | None = None,
        notes: Sequence[str] = (),
        hint_bot: Advisor | None = None,
    ) -> None:
        super().__init__(session, lines_in, lines_out, lambda level, seat: lesson_rival(script), going_on)
        self.script = script
        self.notes = list(notes)
        self.hint_bot = hint_bot
        self.steps_said: set[tuple[int, str]] = set()  # (decisions made, moment)
        self.typed_early: str | None = None  # a move typed while a step waited: the choice's first line
        self.hints: dict[int, list[str]] = {}  # the hints given, by decisions made

    def read(self) -> str:
        if self.typed_early is not None:
            line, self.typed_early = self.typed_early, None
            return line
        return super().read()

    # -- where the lesson is -------------------------------------------------------------

    def opening(self) -> None:
        self.say(_("The Pier 18 lesson in plain lines: type help for the commands."))
        self.say(*self.notes)
        if not self.session.game.history:
            return
        self.say(_("The game so far:"))
        self.recall_reasons()
        self.catch_up()
        steps, done = len(self.script.steps), self.script.steps_done(self.table())
        self.say(ngettext(
            "The lesson so far: {done} of its {steps} step done.", "The lesson so far: {done} of its {steps} steps done.", steps
        ).format(done=done, steps=steps))

    def teaching(self, seat: int) -> bool:
        return seat == LEARNER_SEAT and not self.session.game.is_terminal()

    def turn(self, seat: int) -> None:
        """The steps of this moment (each once, waiting for 'next'), then the turn."""
        if self.teaching(seat):
            view = PlayerView.of(self.session.game, seat)
            for at in MOMENTS.get(view.phase, ()):
                self.teach(at, view)
        if self.typed_early is None:
            super().turn(seat)

    def teach(self, at: str, view: PlayerView) -> None:
        """The step of moment `at`, once, then (unless a move was typed already) a wait
        for 'next': every other line is answered, a move ends the wait and is made."""
        step = self.script.step_at(at, view)
        key = (len(self.session.decisions), at)
        if step is None or key in self.steps_said:
            return
        self.steps_said.add(key)
        head, text, task = step_words(step, len(self.script.steps), view.deck, self.script.shown_suggestion(view))
        self.say(head, *plain_words(text), task)
        if self.typed_early is not None:
            return
        self.say(_("Type next, or press Enter, to go on."))
        while True:
            line = self.read()
            if not line or command_word(line) in NEXT_WORDS:
                return
            if command_word(line) in DECISION_WORDS:
                self.typed_early = line
                return
            self.answer(line, view.seat)

    # -- the learner's choices -----------------------------------------------------------

    def decision(self, line: str, seat: int) -> Decision | None:
        """A legal decision, unless the step of the moment needs another: then the one
        line saying what to do, and None."""
        decision = super().decision(line, seat)
        if decision is None or not self.teaching(seat):
            return decision
        view = PlayerView.of(self.session.game, seat)
        refused = self.script.refusal(view, decision)
        if refused is not None:
            self.say(lesson_refused(view.deck, *refused))
            return None
        return decision

    def decide(self, seat: int, decision: Decision, bot: bool = False) -> None:
        """Made; for the learner, what it did next to what the suggestion would have."""
        if bot or not self.teaching(seat):
            super().decide(seat, decision, bot)
            return
        view = PlayerView.of(self.session.game, seat)
        suggestion = self.script.suggestion(view)
        mine = view.outcome(decision)
        theirs = view.outcome(suggestion) if suggestion is not None else None
        super().decide(seat, decision, bot)
        self.catch_up()
        chose, gone, new, suggested = lesson_feedback(view.deck, mine, theirs)
        self.say(chose)
        if gone or new:
            self.say(_("What changed on your pier:"))
            self.say(*(f"{say.INDENT}{reason_gone().strip()} {reason}" for reason in gone))
            self.say(*(f"{say.INDENT}{reason_new().strip()} {reason}" for reason in new))
        else:
            self.say(_("No character on your pier scores differently."))
        self.say(suggested)

    # -- the commands --------------------------------------------------------------------

    def answer(self, line: str, seat: int | None) -> bool:
        word = command_word(line)
        if word == "help":
            self.say(*help_lines(
                _("quit: stop here; the lesson is saved, and 'pier18 learn --lines' goes on with it"),
                _("hint (or h): the best move now, by the hard bot, and why"),
                _("why: why each pier scores what it does"),
                _("next (or Enter): go on after a step of the lesson"),
            ))
            return True
        if word in ("hint", "h"):
            self.hint(seat)
            return True
        if word == "why":
            self.say(*say.why_lines(self.table(), self.names))
            return True
        if word in NEXT_WORDS:
            self.say(self.prompt(seat) if seat is not None else _("Nothing to go on to now."))
            return True
        return super().answer(line, seat)

    def hint(self, seat: int | None) -> None:
        """The hard bot's advice for the learner's choice now (asked once a choice)."""
        game = self.session.game
        if seat is None or game.is_terminal() or game.current_player != seat:
            self.say(no_hint(_("it is not your turn")))
            return
        made = len(self.session.decisions)
        if made not in self.hints:
            self.say(_("Hint: the hard bot is thinking…"))
            view = PlayerView.of(game, seat)
            try:
                self.hints[made] = say.hint_lines(view, self.advisor().hint(view), self.names)
            except Exception as exc:  # noqa: BLE001 - no advice is no reason to stop the lesson
                self.say(no_hint(str(exc)))
                return
        self.say(*self.hints[made])

    def advisor(self) -> Advisor:
        if self.hint_bot is None:
            from ..bots import HardBot

            self.hint_bot = HardBot(self.script.bot_seed)
        return self.hint_bot

    def final(self, view: TableView) -> None:
        super().final(view)
        self.say(_("That was the whole lesson. 'pier18 play --lines --players 2 --bots 1' plays a game of your own against a bot."))
