"""A seat that sees the whole deal: how much does knowing everything win? Not a level.

`Clairvoyant` is handed the real game, not a view (`choose_seeing(game)`, which only
`benchmarks/ladder.py` calls), so it knows every hand and the order of the draw pile.
Each of its candidate decisions (the greedy shortlist) is played out on a copy of the
real game, to the end; in that play-out its own later decisions, up to `depth - 1`
levels down, are chosen the same way (a look-ahead into the real future), and every
other decision by the light greedy policy. It plays for the margin over the best rival
plus a bonus for winning, as `hard` does.

With `search="expert"` it is the expert bot itself, at its own budget, except that
every world it samples is the real game (`_Seeing`): the expert's search with nothing
hidden from it, so the gap it opens over the expert is what hidden cards cost that search.

It lives here, outside the game, so no seat of a real game can ever be clairvoyant.
"""

from __future__ import annotations

from typing import Any

from pier18.bots.estimate import values_of
from pier18.bots.hard import outcome
from pier18.engine import Decision, Phase, PlayerView


class _Seeing:
    """A seat's view whose every sampled world is the real game."""

    def __init__(self, view: PlayerView, game: Any) -> None:
        self._view = view
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._view, name)

    def determinize(self, rng: Any) -> Any:
        return self._game.clone()


class Clairvoyant:
    level = "clairvoyant"

    def __init__(self, seed: int = 0, depth: int = 2, width: int = 6, search: str = "lookahead", **settings: Any) -> None:
        self.depth = depth
        self.width = width
        self.expert = None
        if search == "expert":
            from pier18.bots.expert import ExpertBot

            self.expert = ExpertBot(seed, **settings)

    def choose_seeing(self, game: Any) -> Decision:
        if self.expert is not None:
            return self.expert.choose(_Seeing(PlayerView.of(game, game.current_player), game))  # type: ignore[arg-type]
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
