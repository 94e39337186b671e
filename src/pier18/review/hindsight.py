"""The same decisions judged with everything known after the game: hindsight.

Where the judge samples the cards a seat could not see, hindsight plays in the real game:
the real deal (the draws to come, the other seats' hands) and the other seats' real
choices. Every legal decision of the seat at that position is tried there once: the other
seats make the decisions they really made next, for as long as each is still legal (a
seat whose next real decision no longer is, because an alternative took its card, plays
the light greedy policy from then on), and the seat under review plays the light greedy
policy after the decision, whichever one it is, so the candidates differ by that
decision alone. Nobody knew any of this when deciding: a loss here says what luck and
the others' hidden cards made of a choice, not that it was a poor one.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..bots.estimate import values_of
from ..bots.judge import ahead
from ..engine import Decision, Game, Phase
from .model import Verdict


def judge_in_hindsight(game: Game, seat: int, chosen: Decision, later: Sequence[tuple[int, Decision]]) -> Verdict:
    """The verdict on `chosen`, made by `seat` in the real `game` (the position it was
    judged from), given `later`: the real decisions of the other seats from there, in
    order, each with its seat."""
    futures: dict[Decision, float] = {}
    totals: dict[Decision, float] = {}
    for decision in game.legal_decisions_for(seat):
        world = game.clone()
        queues = {s: [d for made, d in later if made == s] for s in range(game.players) if s != seat}
        _play(world, seat, decision, queues)
        futures[decision] = ahead(world, seat)  # the one measure, as the judge's (`speech.scores.MEASURE`)
        totals[decision] = float(world.score(seat).total)
    return Verdict.of(chosen, futures, 1, totals)


def _play(game: Game, seat: int, decision: Decision, queues: dict[int, list[Decision]]) -> None:
    """Play the real game on from `seat` making `decision`: the others' real decisions
    while each stays legal, else (and for `seat` afterwards) the light greedy policy."""
    game.choose(seat, decision)  # in set-up or the Plan phase, it waits for its turn if others come first
    while game.phase is not Phase.OVER:
        mover = game.current_player
        legal = game.legal_decisions()
        queue = queues.get(mover, [])
        if queue:
            real = queue.pop(0)
            if real in legal:
                game.apply(real)
                continue
            queue.clear()  # its card was taken, or its pier is another: greedy from now on
        values = values_of(game, mover, legal, True)
        game.apply(legal[values.index(max(values))])
