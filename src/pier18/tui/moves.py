"""The table's log of recent moves, and the hint put on screen.

The words themselves come from `pier18.words`; this module only keeps the lines of a
game in order (forgetting taken-back moves) and styles the hint.
"""

from __future__ import annotations

from rich.text import Text

from ..bots import Hint
from ..engine import Deck
from ..words import hint_lines


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


def hint_text(deck: Deck, hint: Hint) -> Text:
    """The hard bot's `Hint` for the player to move, as shown under `h` (words from
    `pier18.words.hint_lines`)."""
    head, *rest = hint_lines(deck, hint.decision, hint.expected_total, hint.now, hint.alternatives, hint.reason)
    text = Text()
    text.append("Hint: ", style="bold")
    text.append(head)
    for line in rest:
        text.append("\n")
        text.append(line, style="dim")
    return text
