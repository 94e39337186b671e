"""A seat that sees the whole deal: how much does knowing everything win? Not a level.

`Clairvoyant` is handed the real game, not a view (`choose_seeing(game)`, which only
`benchmarks/ladder.py` calls), so it knows every hand and the order of the draw pile.
Each of its candidate decisions (the greedy shortlist) is played out on a copy of the
real game, to the end; in that play-out its own later decisions, up to `depth - 1`
levels down, are chosen the same way (a look-ahead into the real future), and every
other decision by the light greedy policy. It plays for the margin over the best rival
plus a bonus for winning, as `hard` does.

It lives here, outside the game, so no seat of a real game can ever be clairvoyant.
"""

from __future__ import annotations

from typing import Any

from pier18.bots.estimate import values_of
from pier18.bots.hard import outcome
from pier18.engine import Decision, Phase


class Clairvoyant:
    level = "clairvoyant"

    def __init__(self, seed: int = 0, depth: int = 2, width: int = 6) -> None:
        self.depth = depth
        self.width = width

    def choose_seeing(self, game: Any) -> Decision:
        return self._best(game, game.current_player, self.depth)

    def _best(self, game: Any, seat: int, depth: int) -> Decision:
        legal = game.legal_decisions()
        if len(legal) == 1:
            return legal[0]
        worth = values_of(game, seat, legal)
        ranked = sorted(range(len(legal)), key=lambda i: worth[i], reverse=True)[: self.width]
        best, best_value = legal[ranked[0]], float("-inf")
        for index in ranked:
            trial = game.clone()
            trial.apply(legal[index])
            value = outcome(self._finish(trial, seat, depth - 1), seat)
            if value > best_value:
                best, best_value = legal[index], value
        return best

    def _finish(self, game: Any, seat: int, depth: int) -> Any:
        while game.phase is not Phase.OVER:
            mover = game.current_player
            if mover == seat and depth > 0:
                game.apply(self._best(game, seat, depth))
            else:
                legal = game.legal_decisions()
                worth = values_of(game, mover, legal, True)
                game.apply(legal[worth.index(max(worth))])
        return game
