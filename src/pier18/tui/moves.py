"""The table's log of recent moves, and the hint put on screen.

The words themselves come from `pier18.words`; this module only keeps the lines of a
game in order (forgetting taken-back moves) and styles the hint.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from rich.text import Text

from ..engine import Decision
from ..i18n import _
from ..speech.moves import move_line, patron_log_line
from ..speech.why import hint_lines, hint_why, motive_text

TYPE_CHECKING = False
if TYPE_CHECKING:  # the bots are not imported before the first screen is painted, nor the game
    from ..bots import Hint
    from ..engine import PlayerView, TableView
    from ..session import Session


class MoveLog:
    """The move lines of a game, each under the number of decisions it completed.

    After an undo the lines of taken-back moves are left out, and replaced when the
    move is made again.
    """

    def __init__(self) -> None:
        self._lines: list[tuple[int, str]] = []

    def clear(self) -> None:
        self._lines.clear()

    def add(self, count: int, line: str) -> None:
        self._lines = [entry for entry in self._lines if entry[0] < count]
        self._lines.append((count, line))

    def recent(self, count: int, how_many: int) -> list[str]:
        """The last `how_many` lines among the first `count` decisions."""
        lines = [line for number, line in self._lines if number <= count]
        return lines[-how_many:] if how_many > 0 else []


def bot_reason(table: TableView, seat: int, decision: Decision) -> str | None:
    """A bot's reason for its decision (`bots.estimate.bot_reason`), the bots imported
    at the first bot move: not before the first paint."""
    from ..bots.estimate import bot_reason as reason

    found = reason(table, seat, decision)
    return None if found is None else motive_text(found)


def game_moves(session: Session) -> list[str]:
    """Every move line of the session's game, oldest first, worded from what the table
    may see now: a set-up choice shown since is told in full. Rebuilt from the history,
    so the log is the same after a take-back or a resumed save.
    """
    return moves_and_reasons(session)[0]


def bot_reasons(session: Session) -> dict[int, str]:
    """The reason of each bot decision of the session's game, under the number of
    decisions it completed (what the table's move lines end with)."""
    return moves_and_reasons(session)[1]


def moves_and_reasons(session: Session) -> tuple[list[str], dict[int, str]]:
    """`game_moves` and `bot_reasons` at once, from one replay of the game."""
    from ..engine import Game, TableView

    game = Game(session.deck, session.players, session.seed, session.first_player, session.deal)
    now = TableView.of(session.game)
    before = TableView.of(game)
    lines: list[str] = []
    found: dict[int, str] = {}
    stand_ins = session.stand_ins()
    for index, (seat, decision) in enumerate(session.game.history):
        game.apply(decision)
        after = TableView.of(game)
        shown = now.history[index][1]
        by_bot = session.is_bot(seat) or index + 1 in stand_ins  # a bot seat, or a bot for an away player
        reason = bot_reason(before, seat, shown) if by_bot and shown is not None else None
        if reason:
            found[index + 1] = reason
        lines.append(move_line(before, after, session.names, reason, now, stand_ins.get(index + 1)))
        before = after
    return lines, found


def game_log(
    view: TableView, names: Sequence[str], reasons: Mapping[int, str] | None = None,
    stand_ins: Mapping[int, str] | None = None,
) -> list[str]:
    """Every public event of the game so far, oldest first: each decision's move line as
    the table may see it now (a bot's with its reason, from `reasons`, by the number of
    decisions it completed; one a bot made for an away player named as that bot's, from
    `stand_ins`, by the same number), each round's Patron award after the draft that ended it.

    Worked out from the one view (`TableView.before_last`, step by step back to the
    deal), so a seat of a networked table shows the same log as the laptop."""
    reasons = reasons or {}
    stand_ins = stand_ins or {}
    ended = {award.after: award for award in view.awards}
    lines: list[str] = []
    after = view
    while after.history:
        before = after.before_last()
        made = len(after.history)
        if made in ended:
            lines.append(patron_log_line(ended[made], view.deck, names))
        lines.append(move_line(before, after, names, reasons.get(made), view, stand_ins.get(made)))
        after = before
    return lines[::-1]


def since_start(view: TableView, seat: int, stand_ins: Collection[int] = ()) -> int:
    """How many decisions came before the events `seat` has not seen at its own turn:
    those after its player's last decision (all of them, if they have made none). A
    decision a bot made for the seat while its player was away (its number, counted
    from 1, in `stand_ins`) is news to them, not theirs."""
    for index in range(len(view.history) - 1, -1, -1):
        if view.history[index][0] == seat and index + 1 not in stand_ins:
            return index + 1
    return 0


def view_moves(
    view: TableView, names: list[str], how_many: int, stand_ins: Mapping[int, str] | None = None
) -> list[tuple[int, str]]:
    """The lines of the last `how_many` decisions, each under its number, worked out from
    one view alone (`TableView.before_last`): what a client that has just joined shows."""
    stand_ins = stand_ins or {}
    lines: list[tuple[int, str]] = []
    after = view
    while after.history and len(lines) < how_many:
        before = after.before_last()
        made = len(after.history)
        lines.append((made, move_line(before, after, names, None, view, stand_ins.get(made))))
        after = before
    return lines[::-1]


def hint_text(view: PlayerView, hint: Hint, names: Sequence[str] | None = None) -> Text:
    """The judge's `Hint` for the player to move, as shown under `h` (words from
    `pier18.speech.why.hint_lines`); the reason names the other players by `names`."""
    deck = view.deck
    reason = hint.reason
    if hint.outcome is not None and names is not None:
        reason = hint_why(deck, view.players, hint.outcome, names)
    head, *rest = hint_lines(deck, hint.decision, hint.expected_total, hint.now, hint.alternatives, reason)
    text = Text()
    text.append(_("Hint:") + " ", style="bold")
    text.append(head)
    for line in rest:
        text.append("\n")
        text.append(line, style="dim")
    return text
