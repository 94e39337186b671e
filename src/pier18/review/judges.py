"""Who prices the decisions: the strongest bot available, behind one small interface.

A judge is given a seat's `PlayerView` at a decision (what the seat knew then, nothing
more), the decision it made and a random stream for the worlds it samples, and returns
a `Verdict`: every candidate it tried, the chosen one among them, with the seat's
expected final total after each, all in the same worlds.

`STRONGEST` names the judge `pier18 review` uses. It is `hard` today; when the `expert`
level lands, a judge of its own goes into `JUDGES` and `STRONGEST` names it, and nothing
else changes (the review, the command and the tests ask for `make_judge(STRONGEST)`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from ..bots.estimate import values_of
from ..bots.hard import HardBot, play_out
from ..engine import Decision, Phase, PlayerView
from .model import Verdict

#: Sampled worlds per decision unless told otherwise (`pier18 review --worlds`).
DEFAULT_WORLDS = 64
#: Candidates a judge tries besides the choice made, after a greedy shortlist.
DEFAULT_WIDTH = 8


class Judge(Protocol):
    level: str  # the bot level it judges as

    def judge(self, view: PlayerView, chosen: Decision, rng: random.Random) -> Verdict:
        """The verdict on `chosen`, one of `view.legal`, from `view` alone."""
        ...


class HardJudge:
    """The `hard` bot's way of looking ahead, with every candidate in every world.

    Set-up and drafts: the greedy shortlist of the `width` best-looking decisions (as
    the hard bot makes it), plus the choice made if it is not among them, each played
    out to the end in the same `worlds` deals of the cards the seat has not seen
    (`PlayerView.determinize`), every seat then following the light greedy policy
    (`bots.hard.play_out`). The hard bot drops weak candidates halfway; a judge does not,
    so the choice made and the best one are always compared over the same worlds.

    The Plan placement depends on no unseen card: the hard bot's exact answer (every
    seat's best cover against the others', `HardBot.estimates`) prices each cover.
    """

    level = "hard"

    def __init__(self, worlds: int = DEFAULT_WORLDS, width: int = DEFAULT_WIDTH) -> None:
        self.worlds = worlds
        self.width = width

    def judge(self, view: PlayerView, chosen: Decision, rng: random.Random) -> Verdict:
        legal = view.legal
        if view.phase is Phase.PLAN:
            exact = {e.decision: e.final_total for e in HardBot().estimates(view)}
            return Verdict.of(chosen, exact, 1)
        seat = view.seat
        worth = values_of(view, seat, legal)
        ranked = sorted(range(len(legal)), key=lambda i: -worth[i])  # stable: the engine's order on ties
        candidates = [legal[i] for i in ranked[: self.width]]
        if chosen not in candidates:
            candidates.append(chosen)
        sums = dict.fromkeys(candidates, 0.0)
        for _ in range(self.worlds):
            world = view.determinize(random.Random(rng.getrandbits(64)))
            for decision in candidates:
                game = world.clone()
                game.choose(seat, decision)
                sums[decision] += play_out(game).score(seat).total
        return Verdict.of(chosen, {d: total / self.worlds for d, total in sums.items()}, self.worlds)


#: Every judge by the level it judges as.
JUDGES: dict[str, Callable[[int], Judge]] = {"hard": lambda worlds: HardJudge(worlds)}

#: The judge `pier18 review` asks: the strongest bot available.
STRONGEST = "hard"


def make_judge(level: str = STRONGEST, worlds: int = DEFAULT_WORLDS) -> Judge:
    return JUDGES[level](worlds)
