"""The `hard` level: looks ahead over futures consistent with what it has seen.

Set-up and drafting use determinized Monte Carlo: the view deals the unseen cards at
random (`PlayerView.determinize`) into several *worlds*; every candidate decision is
tried in the same worlds (so luck cancels out between candidates) and played to the end
with every seat following the light greedy policy. The candidate with the best mean
outcome wins; weak candidates are dropped halfway (successive halving) so the strong
ones get more worlds. The final Plan placement depends on no unseen card, so it is
solved exactly over every seat's choice of cover (see `HardBot._solve_plan`).

The outcome scored for a seat is its margin over the best rival plus a bonus for
winning, so the bot prefers winning to running up the score.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from . import judge
from ..engine import Decision, Phase, PlayerView
from ..engine.pier import shared_foundations
from .base import Hint, World, choice_of, legal_for
from .estimate import values_of
from .playout import no_cycle_collection, outcome, plan_games, play_out

@dataclass(frozen=True, slots=True)
class Estimate:
    """A candidate decision with its mean outcome over the worlds it was tried in."""

    decision: Decision
    outcome: float  # mean margin over the best rival, plus WIN_WEIGHT per win share
    final_total: float  # mean final total of the deciding seat
    worlds: int


class HardBot:
    level = "hard"

    def __init__(self, seed: int = 0, worlds: int = 32, width: int = 8, light: bool = True) -> None:
        self.rng = random.Random(seed)
        self.worlds = worlds  # worlds the strongest candidate is tried in
        self.width = width  # candidates kept after the greedy shortlist
        self.light = light  # play-outs judge Plans without laying the Plan card on top

    def choose(self, view: PlayerView) -> Decision:
        return self.estimates(view)[0].decision

    def hint(self, view: PlayerView) -> Hint:
        """The hint for the seat to move: the one judge's (`bots.judge.hint`), not this
        bot's own search. The bot searches fast to play; what a person is shown is the
        judgement the review and the lesson share, ranked by `speech.scores.MEASURE`."""
        return judge.hint(view)

    def estimates(self, view: PlayerView, rng: random.Random | None = None, finalists: int = 1) -> list[Estimate]:
        """Candidates, best first, with their mean outcomes.

        The worlds are dealt from `rng` (the bot's own generator if None). `finalists`
        candidates that are different choices (`choice_of`) stay to the end of the search
        and are tried in every world, so their means compare like with like; the others
        are dropped along the way as usual.
        """
        rng = rng if rng is not None else self.rng
        legal = legal_for(view)
        if view.phase is Phase.PLAN:
            return self._solve_plan(view, legal)
        seat = view.seat
        worth = dict(zip(legal, values_of(view, seat, legal)))
        ranked = sorted(legal, key=worth.__getitem__, reverse=True)
        candidates = ranked[: self.width]
        if finalists > 1:  # enough different choices among the candidates
            for decision in ranked[self.width:]:
                if len({choice_of(d) for d in candidates}) >= finalists:
                    break
                if choice_of(decision) not in {choice_of(d) for d in candidates}:
                    candidates.append(decision)
        if len(candidates) == 1:
            only = candidates[0]
            return [Estimate(only, 0.0, self._total_after(view, only, rng), 0)]
        seeds = [rng.getrandbits(64) for _ in range(self.worlds)]
        sums: dict[Decision, list[float]] = {d: [0.0, 0.0, 0] for d in candidates}
        alive = list(candidates)
        start = 0
        # Successive halving: each stage tries the survivors in more worlds, then keeps the better half.
        stage = max(2, self.worlds // 4)
        while True:
            stop = min(self.worlds, start + stage)
            with no_cycle_collection(), shared_foundations():
                for world_seed in seeds[start:stop]:
                    world = view.determinize(random.Random(world_seed))
                    for decision in alive:
                        game = world.clone()
                        game.choose(seat, decision)  # its turn, or a simultaneous choice made ahead
                        game = play_out(game, self.light)
                        tally = sums[decision]
                        tally[0] += outcome(game, seat)
                        tally[1] += game.score(seat).total
                        tally[2] += 1
            start = stop
            alive.sort(key=lambda d: sums[d][0] / sums[d][2], reverse=True)
            if start >= self.worlds or len(alive) <= 1:
                break
            if len(alive) > finalists:
                alive = _keep(alive, max(finalists, (len(alive) + 1) // 2), finalists, choice_of)
            stage = min(self.worlds - start, stage * 2) or 1
            if 1 < finalists and len(alive) <= finalists:
                stage = self.worlds - start  # the finalists see every world left
        result = [Estimate(d, t[0] / t[2], t[1] / t[2], int(t[2])) for d, t in sums.items() if t[2]]
        # Candidates dropped early rank below the survivors, whatever their early means.
        result.sort(key=lambda e: (e.worlds, e.outcome), reverse=True)
        return result

    def _total_after(self, view: PlayerView, decision: Decision, rng: random.Random) -> float:
        world = view.determinize(random.Random(rng.getrandbits(64)))
        world.choose(view.seat, decision)
        world = play_out(world, self.light)
        return float(world.score(view.seat).total)

    def _solve_plan(self, view: PlayerView, legal: tuple[Decision, ...]) -> list[Estimate]:
        """The Plan placement, solved exactly over every seat's choice of cover (`plan_games`)."""
        seat = view.seat
        result = [
            Estimate(decision, outcome(game, seat), float(game.score(seat).total), 1)
            for decision, game in plan_games(view)
        ]
        result.sort(key=lambda e: e.outcome, reverse=True)
        return result


def _keep(ranked: list[Decision], keep: int, finalists: int, choice: Callable[[Decision], Hashable]) -> list[Decision]:
    """The best `keep` of `ranked` (best first), making sure the best of `finalists`
    different choices are among them; in the order of `ranked`."""
    if finalists <= 1:
        return ranked[:keep]
    firsts: list[Decision] = []
    for decision in ranked:
        if len(firsts) < finalists and choice(decision) not in {choice(d) for d in firsts}:
            firsts.append(decision)
    rest = [d for d in ranked if d not in firsts][: max(0, keep - len(firsts))]
    kept = set(firsts) | set(rest)
    return [d for d in ranked if d in kept]
