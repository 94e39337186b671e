"""The game's public events told once each, in order, from the table's view alone.

One `Teller` per listener: `news(view)` gives the lines not said yet — each decision's
line as `speech.moves.move_line` words it (a hidden choice as having happened, and again in
full once it is shown), each Patron award after the draft that ended its round. It reads
nothing but a `TableView`, so a seat over the network (which gets only its views) and a
game held here tell the same events in the same words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..engine import Decision, TableView
from ..speech.moves import move_line, patron_log_line


class Teller:
    """What one listener has heard of a game so far, and what is new."""

    def __init__(self) -> None:
        #: Each decision as it was said (None: said as hidden), in the game's order.
        self.said: list[Decision | None] = []
        #: The Patron awards said, by the number of decisions that brought them about.
        self.awards_said: set[int] = set()

    @property
    def heard(self) -> int:
        """How many decisions have been said."""
        return len(self.said)

    def follows(self, view: TableView) -> bool:
        """Whether `view` goes on from what was said: every decision said is still in its
        history (a hidden one perhaps shown since). Not after a take-back, nor for
        another game."""
        history = view.history
        return len(history) >= len(self.said) and all(
            said is None or said == decision for said, (_seat, decision) in zip(self.said, history)
        )

    def newest(
        self,
        view: TableView,
        names: Sequence[str],
        reasons: Mapping[int, str] | None = None,
        stand_ins: Mapping[int, str] | None = None,
    ) -> list[str]:
        """What the newest change of `view` brought, as `news` tells it: where `view` does
        not go on from what was said (a take-back, another game, a game joined or resumed
        part way), what came before its last decision is heard first without a word, so
        only the last decision is told, never the whole game again."""
        if view.history and (not self.follows(view) or not self.said):
            self.said, self.awards_said = [], set()
            self.news(view.before_last(), names, reasons, stand_ins)
        return self.news(view, names, reasons, stand_ins)

    def news(
        self,
        view: TableView,
        names: Sequence[str],
        reasons: Mapping[int, str] | None = None,
        stand_ins: Mapping[int, str] | None = None,
    ) -> list[str]:
        """Every public event of `view` not said yet, oldest first (`reasons`: a bot's
        reason, `stand_ins`: the level of a bot that moved for an away player, each by
        the number of decisions made once it was applied)."""
        reasons, stand_ins = reasons or {}, stand_ins or {}
        history = view.history
        if not self.follows(view):  # a game taken back: tell it again from the start
            self.said, self.awards_said = [], set()
        shown = [
            index for index, (_seat, decision) in enumerate(history[: len(self.said)])
            if self.said[index] is None and decision is not None
        ]
        due = list(range(len(self.said), len(history))) + shown  # what is new, then what it showed
        ended = {award.after: award for award in view.awards}
        if not due and set(ended) <= self.awards_said:
            return []
        views = {len(history): view}
        earliest = min(due, default=len(history))
        step = view
        while len(step.history) > earliest:
            step = step.before_last()
            views[len(step.history)] = step
        lines: list[str] = []
        for index in due:
            made = index + 1
            new = index >= len(self.said)
            before, after = views[index], views[made]
            lines.append(move_line(before, after, names, reasons.get(made), None if new else view, stand_ins.get(made)))
            if new:
                self.said.append(history[index][1])
            else:
                self.said[index] = history[index][1]
            if made in ended and made not in self.awards_said:
                self.awards_said.add(made)
                lines.append(patron_log_line(ended[made], view.deck, names))
        for made in sorted(set(ended) - self.awards_said):
            self.awards_said.add(made)
            lines.append(patron_log_line(ended[made], view.deck, names))
        return lines
