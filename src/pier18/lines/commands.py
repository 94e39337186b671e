"""The commands every plain-line seat answers, in the same words wherever it plays
(`play --lines` at one laptop, `join --lines` and `host --lines` over the network).

`answer` reads only the table's view and the asking seat's own view, so nothing hidden
from that seat can reach its answer.

One rule of case for every typed command, in every plain-line front end (and the
host's own commands): a command and its keywords are read whatever their case
(`command_word`: `HELP`, `Keep 15 3`, `new 2 Hard clock 2D`), and a decision's
arguments are numbers (`typed_decision`); a name given to a command is compared as
names are everywhere (`engine.text.name_key`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import say
from ..engine import Decision, parse_decision
from ..i18n import _

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import PlayerView, TableView

#: The first words of a decision typed in the record notation.
DECISION_WORDS = ("keep", "draft", "plan")
#: The commands that need the asking seat's own cards.
SEAT_WORDS = ("hand", "moves", "pier")


def command_word(line: str) -> str:
    """The command a typed line gives: its first word in lower case ('' for none)."""
    words = line.split(maxsplit=1)
    return words[0].lower() if words else ""


def typed_decision(line: str) -> Decision:
    """A decision typed in the record notation, its first word in any case ('KEEP 15 3');
    NotationError if it is none."""
    words = line.split()
    return parse_decision(" ".join([command_word(line), *words[1:]]))


def answer(word: str, table: TableView, mine: PlayerView | None, names: Sequence[str]) -> list[str] | None:
    """The lines answering the command `word` (`mine`: the asking seat's view, None for
    someone who has no seat here now), or None when `word` is no command answered here."""
    if word == "row":
        return say.row_lines(table)
    if word == "piers":
        return say.piers_lines(table if mine is None else mine, names)
    if word in ("score", "scores"):
        return say.score_lines(table, names)
    if word == "plans":
        return say.plans_lines(table if mine is None else mine, names)
    if mine is None or word not in SEAT_WORDS:
        return None
    if word == "hand":
        return say.hand_lines(mine, names)
    if word == "moves":
        return say.moves_lines(mine)
    return say.piers_lines(mine, names, [mine.seat])


def help_lines(stop: str, *more: str, seat: bool = True) -> list[str]:
    """What may be typed, one command a line; `stop` says what 'quit' does here and
    `more` adds the commands of this front end. Without a `seat` (a replay) only the
    table's commands."""
    said = [
        _("hand: your cards, each with its Plan goal") if seat else None,
        _("row: the draft row, each card in words"),
        _("pier: your pier, from the land end to the sea end; piers: every pier")
        if seat else _("piers: every pier, from the land end to the sea end"),
        _("plans: every Plan the table may see, with its goal"),
        _("scores: every player's points"),
        _("moves: every move you may make now") if seat else None,
        _("a move as 'moves' lists it: keep P F (Plan and Foundation), draft C:K (card C covering K sections), plan K")
        if seat else None,
        *more,
        stop,
    ]
    return [_("Commands, one a line:")] + [say.INDENT + line for line in said if line is not None]
