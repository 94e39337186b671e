"""A game being played: the engine's `Game` plus what it takes to save and rebuild it.

The session is the in-memory game record: deck, names, seats, seed, the deal (every
chance outcome, drawn from the seed unless given), every decision and who made it (the
seat's own player, or a bot standing in for a person who was away: `authors`).
Undo rebuilds the game from the record minus its last decision (never patches state).
Front ends (the Textual app, `pier18 replay`, `pier18 simulate`) drive games through it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .bots.seats import HUMAN
from .engine import Deck, Decision, Game
from .engine.errors import SetupError
from .engine.game import Deal
from .i18n import _, ngettext



def seat_kinds_for(players: int, kinds: int) -> str:
    """Seat kinds that are not one per player."""
    return ngettext(
        "{players} players but {n} seat kind: give one per player", "{players} players but {n} seat kinds: give one per player", kinds
    ).format(players=players, n=kinds)


def authors_for(decisions: int, authors: int) -> str:
    """A record whose `authors` list does not match its decisions, one to one."""
    made = ngettext("{n} decision", "{n} decisions", decisions).format(n=decisions)
    # TRANSLATORS: in an error about a record whose decisions and authors do not match in number
    by = ngettext("{n} author", "{n} authors", authors).format(n=authors)
    return _("{decisions} but {authors}: give one per decision").format(decisions=made, authors=by)

@dataclass(frozen=True)
class TableCodes:
    """A networked table's secret codes: one per seat (None for a bot seat) and one to watch.

    Kept with the game so that `pier18 host --resume` brings the table back with the
    same codes; a record holding them is written readable by its owner only.
    """

    seats: tuple[str | None, ...]
    watch: str


@dataclass
class Session:
    deck: Deck
    names: list[str]
    seed: int
    first_player: int | None = None
    seats: list[str] = field(default_factory=list)  # "human" or a bot level, per seat
    decisions: list[Decision] = field(default_factory=list)
    deal: Deal | None = None  # None: drawn from the seed (a version 1 record stores no deal)
    codes: TableCodes | None = None  # the secret codes of a networked table (`pier18 host`)
    #: Who made each decision: its seat's kind ("human", or the seat's bot level), or the
    #: level of a bot that played a person's seat while they were away (`pier18 host`'s
    #: `b`). Empty: every decision was its seat's own.
    authors: list[str] = field(default_factory=list)
    on_change: Callable[["Session"], None] | None = field(default=None, repr=False, compare=False)
    game: Game = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = [HUMAN] * len(self.names)
        if len(self.seats) != len(self.names):
            raise SetupError(seat_kinds_for(len(self.names), len(self.seats)))
        self.game = Game.replay(self.deck, len(self.names), self.seed, self.decisions, self.first_player, self.deal)
        self.deal = self.game.deal  # undo and saving reuse it: the seed is never asked again
        own = [self.seats[seat] for seat, _unused in self.game.history]
        if not self.authors:
            self.authors = own
        if len(self.authors) != len(self.decisions):
            raise SetupError(authors_for(len(self.decisions), len(self.authors)))
        #: The author of each choice made ahead of its turn and not applied yet, by seat.
        self._ahead: dict[int, str] = {}

    @property
    def players(self) -> int:
        return len(self.names)

    def apply(self, decision: Decision) -> None:
        """Make the current player's decision (IllegalDecision leaves everything as it
        was), and any choice made ahead that it lets through (`choose`), then notify."""
        self.choose(self.game.current_player, decision)

    def choose(self, seat: int, decision: Decision, by: str | None = None) -> None:
        """`seat` makes `decision`, on its turn or, in a simultaneous phase (set-up, the
        Plan placement), ahead of it (`Game.choose`). The decisions applied are recorded
        in the order the game applied them, each with its author; then notify (a choice
        kept for later too). `by`: the level of a bot standing in for the seat's player
        (None: the seat's own player made it)."""
        made = len(self.game.history)
        applied = self.game.choose(seat, decision)
        self._ahead[seat] = by or self.seats[seat]
        for mover, _unused in self.game.history[made:]:
            self.authors.append(self._ahead.pop(mover, self.seats[mover]))
        self.decisions.extend(applied)
        self._changed()

    def stand_ins(self) -> dict[int, str]:
        """The decisions a bot made for a person's seat while they were away: the bot's
        level, by the number of decisions made once it was applied (counted from 1, as
        a Patron award's `after`)."""
        return {
            number: author
            for number, ((seat, _unused), author) in enumerate(zip(self.game.history, self.authors), start=1)
            if author != self.seats[seat]
        }

    def ahead_stand_ins(self) -> dict[int, str]:
        """The choices a bot made ahead of their turn for an away person's seat, not
        applied yet (set-up, the Plan placement): the bot's level, by seat."""
        return {
            seat: author for seat, author in self._ahead.items()
            if author != self.seats[seat] and self.game.has_chosen(seat)
        }

    def choose_first_player(self, seat: int | None) -> None:
        """Who starts round 1 (None: the earliest Foundation date), before any decision."""
        if self.decisions:
            raise SetupError(_("who starts is chosen before the first decision"))
        self.first_player = seat
        self._ahead.clear()
        self.game = Game.replay(self.deck, self.players, self.seed, [], seat, self.deal)
        self._changed()

    def undo(self) -> Decision | None:
        """Take back the last decision by rebuilding the game without it."""
        if not self.decisions:
            return None
        last = self.decisions.pop()
        self.authors.pop()
        self._ahead.clear()  # choices made ahead are gone with the rebuilt game
        self.game = Game.replay(self.deck, self.players, self.seed, self.decisions, self.first_player, self.deal)
        self._changed()
        return last

    def is_bot(self, seat: int) -> bool:
        return self.seats[seat] != HUMAN

    @property
    def hot_seat(self) -> bool:
        """More than one person shares the laptop, so hidden choices need pass screens."""
        return sum(1 for seat in range(self.players) if not self.is_bot(seat)) > 1

    def takeback_count(self, at_keys: int | None = None) -> int:
        """How many decisions `takeback` would undo.

        With `at_keys` (the person whose turn screen is showing), it reaches back to that
        seat's own last decision, taking back every decision made after it too. Without
        it, or when that seat has made no decision yet, it takes back the last person's
        decision and the bots' after it (undoing only a bot's move would be pointless: the
        bot would make it again at once). 0 when no person has decided yet.
        """
        seats = [seat for seat, _unused in self.game.history]
        if at_keys is not None and at_keys in seats:
            return len(seats) - max(i for i, seat in enumerate(seats) if seat == at_keys)
        for count, seat in enumerate(reversed(seats), start=1):
            if not self.is_bot(seat):
                return count
        return 0

    def takeback(self, count: int | None = None) -> list[Decision]:
        """Undo the last `count` decisions (default: the last person's and any bot
        decisions made after it)."""
        undone: list[Decision] = []
        for _unused in range(self.takeback_count() if count is None else count):
            decision = self.undo()
            assert decision is not None
            undone.append(decision)
        return undone

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self)


def games_by_step(session: Session) -> list[Game]:
    """The game after 0, 1, ... n of the session's decisions, each a clone (so stepping
    through a record is instant), dealt as the record deals (a designed deal too, as the
    lesson's): what `pier18 replay` shows at each step, on the screen and in plain lines."""
    game = Game(session.deck, session.players, session.seed, session.first_player, session.deal)
    games = [game.clone()]
    for decision in session.decisions:
        game.apply(decision)
        games.append(game.clone())
    return games
