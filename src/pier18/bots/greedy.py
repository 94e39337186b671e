"""The `greedy` level: the decision with the best immediate worth.

Worth is the score change now, plus the Patron it would win this round, plus the
progress it makes towards its Plan (see `estimate`). Ties go to a seeded coin toss so
two greedy seats do not always mirror each other.
"""

from __future__ import annotations

import random

from ..engine import Decision, PlayerView
from .base import legal_for
from .estimate import values_of


class GreedyBot:
    level = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Decision:
        legal = legal_for(view)
        best: Decision = legal[0]
        best_value = float("-inf")
        for decision, value in zip(legal, values_of(view, view.seat, legal)):
            value += 1e-6 * self.rng.random()
            if value > best_value:
                best, best_value = decision, value
        return best
