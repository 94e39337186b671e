"""The `random` level: any legal decision, uniformly. A baseline and a fast sparring partner."""

from __future__ import annotations

import random

from ..engine import Decision, PlayerView
from .base import legal_for


class RandomBot:
    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Decision:
        legal = legal_for(view)
        return legal[int(self.rng.random() * len(legal))]  # randrange is several times slower
