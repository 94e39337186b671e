"""A saved game stepped through in plain lines (`pier18 replay FILE --lines`).

The steps are the replay screen's (`session.games_by_step`: the game after each
decision of the record), and so is what each step shows: the table as everyone saw it
then (`TableView`), no seat's own cards. An empty line (Enter) or 'next' says the next
decision's events as the game said them (`Teller`: a hidden choice as having happened,
and in full once it was shown; each Patron award after the draft that ended its round),
'back' and 'start' step back and say where the replay is, 'all' says the rest; the
table's commands (`commands.answer`: row, piers, plans, scores) read the step it is at.
Every line typed (`TypedLines`) is answered at once; the end of the input ends the replay.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from . import say
from ..engine import TableView
from ..i18n import _
from ..session import games_by_step
from ..speech.people import whose_turn
from ..speech.why import motive_text
from .commands import answer, command_word, help_lines
from .tell import Teller
from .typed import TypedLines

if TYPE_CHECKING:  # pragma: no cover
    from ..session import Session


def bot_reasons(session: Session, tables: list[TableView]) -> dict[int, str]:
    """Each bot decision's reason (what the game's move lines end with), by the number of
    decisions it completed, worked out from the table the bot decided at."""
    from ..bots.estimate import bot_reason

    stand_ins = session.stand_ins()
    shown = tables[-1].history  # as the table sees the record's end: a hidden choice gets none
    found: dict[int, str] = {}
    for index, (seat, decision) in enumerate(shown):
        if decision is not None and (session.is_bot(seat) or index + 1 in stand_ins):
            reason = bot_reason(tables[index], seat, decision)
            if reason is not None:
                found[index + 1] = motive_text(reason)
    return found


class LineReplay:
    """Steps through `session` (a record read by `persist.record`) in plain lines read
    from `lines_in` (standard input when None) and written to `lines_out`; `note` is
    said first (why plain lines)."""

    def __init__(self, session: Session, lines_in: TextIO | None, lines_out: TextIO, note: str | None = None) -> None:
        self.session = session
        self.typed = TypedLines(lines_in)
        self.lines_out = lines_out
        self.note = note
        self.tables = [TableView.of(game) for game in games_by_step(session)]
        self.reasons = bot_reasons(session, self.tables)
        self.stand_ins = session.stand_ins()
        self.step = 0
        self.teller = Teller()

    @property
    def last(self) -> int:
        return len(self.tables) - 1

    @property
    def names(self) -> list[str]:
        return self.session.names

    def say(self, *lines: str) -> None:
        for line in lines:
            self.lines_out.write(say.plain(line) + "\n")
        self.lines_out.flush()

    def run(self) -> int:
        """Until 'quit' or the end of the input: 0."""
        if self.note is not None:
            self.say(self.note)
        self.say(_("Pier 18 replay in plain lines: Enter says the next decision; type help for the commands."))
        self.say(self.where())
        while True:
            line = self.typed.next()
            if line is None:
                return 0
            word = command_word(line) or "next"
            if word in ("quit", "exit"):
                return 0
            self.say(*self.answer(word))

    def answer(self, word: str) -> list[str]:
        """The lines answering one command."""
        if word == "next":
            if self.step == self.last:
                return [self.at_end()]
            return self.forward(self.step + 1)
        if word in ("all", "end"):
            if self.step == self.last:
                return [self.at_end()]
            return self.forward(self.last)
        if word == "back":
            return [self.go(self.step - 1)]
        if word == "start":
            return [self.go(0)]
        if word == "help":
            return help_lines(
                _("quit: stop the replay"),
                _("Enter or next: the next decision"),
                _("back: one decision back; start: back to the deal"),
                _("all or end: every decision left, to the end of the record"),
                seat=False,
            )
        lines = answer(word, self.tables[self.step], None, self.names)
        return lines if lines is not None else [_("unknown command, try help")]

    def forward(self, to: int) -> list[str]:
        """Step on to decision `to`, saying each decision's events on the way, then how
        the game ended if the record ends there."""
        lines: list[str] = []
        while self.step < to:
            self.step += 1
            lines += self.teller.news(self.tables[self.step], self.names, self.reasons, self.stand_ins)
        if self.step == self.last:
            lines += self.ending()
        return lines

    def go(self, step: int) -> str:
        """Step back to decision `step` (not before the deal): the events up to it are
        heard again without a word, so 'next' goes on from there."""
        self.step = max(0, step)
        self.teller = Teller()
        self.teller.news(self.tables[self.step], self.names, self.reasons, self.stand_ins)
        return self.where()

    def where(self) -> str:
        """Which decision the replay is at, and where the game stood then."""
        return _("Decision {step} of {last}; {stands}.").format(
            step=self.step, last=self.last, stands=whose_turn(self.tables[self.step], self.names)
        )

    def ending(self) -> list[str]:
        """The end of the record: how the game ended, or where it stopped."""
        table = self.tables[self.last]
        if table.is_terminal():
            return say.final_lines(table, self.names)
        return [_("The record stops here: {stands}.").format(stands=whose_turn(table, self.names))]

    def at_end(self) -> str:
        return _("That was the last decision of the record; back or start steps back.")
