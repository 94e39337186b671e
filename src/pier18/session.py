"""A game being played: the engine's `Game` plus what it takes to save and rebuild it.

The session is the in-memory game record: deck, names, seats, seed and every decision.
Undo rebuilds the game from the record minus its last decision (never patches state).
Front ends (the Textual app, `pier18 replay`, `pier18 simulate`) drive games through it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .engine import Deck, Decision, Game

HUMAN = "human"


@dataclass
class Session:
    deck: Deck
    names: list[str]
    seed: int
    first_player: int | None = None
    seats: list[str] = field(default_factory=list)  # "human" or a bot level, per seat
    decisions: list[Decision] = field(default_factory=list)
    on_change: Callable[["Session"], None] | None = field(default=None, repr=False, compare=False)
    game: Game = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = [HUMAN] * len(self.names)
        if len(self.seats) != len(self.names):
            raise ValueError("one seat kind per player name")
        self.game = Game.replay(self.deck, len(self.names), self.seed, self.decisions, self.first_player)

    @property
    def players(self) -> int:
        return len(self.names)

    def apply(self, decision: Decision) -> None:
        """Make a decision (IllegalDecision leaves everything as it was), then notify."""
        self.game.apply(decision)
        self.decisions.append(decision)
        self._changed()

    def undo(self) -> Decision | None:
        """Take back the last decision by rebuilding the game without it."""
        if not self.decisions:
            return None
        last = self.decisions.pop()
        self.game = Game.replay(self.deck, self.players, self.seed, self.decisions, self.first_player)
        self._changed()
        return last

    def is_bot(self, seat: int) -> bool:
        return self.seats[seat] != HUMAN

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self)
