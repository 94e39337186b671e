"""The `random` level: any legal decision, uniformly. A baseline and a fast sparring partner."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import Decision, PlayerView
from .base import legal_for

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Sequence

_MASK = (1 << 64) - 1


class RandomBot:
    """Picks uniformly from the legal decisions, by a seeded SplitMix64 sequence.

    Self-play makes a bot per seat per game, and seeding a `random.Random` (a Mersenne
    Twister) costs more than all of this bot's picks in a game; SplitMix64 starts from
    the seed as it is and is plenty for choosing among a few dozen decisions.
    """

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self._state = seed & _MASK

    def choose(self, view: PlayerView) -> Decision:
        return self.choose_legal(legal_for(view))

    def choose_legal(self, legal: Sequence[Decision]) -> Decision:
        """Any legal decision (a `LegalBot`: self-play builds this bot no view).

        Draws the next 64-bit number of the sequence (Steele, Lea and Flood's
        SplitMix64) in place: a method call per pick cost a fifth of the bot's time.
        """
        self._state = z = (self._state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return legal[((z ^ (z >> 31)) * len(legal)) >> 64]  # scaled, not `%`: no bias to low indices
