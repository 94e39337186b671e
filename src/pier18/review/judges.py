"""Who prices the decisions: the one judge the hint and the lesson ask too.

A judge is given a seat's `PlayerView` at a decision (what the seat knew then, nothing
more), the decision it made and the review's seed, and returns a `Verdict`: every
candidate it tried, the chosen one among them, each priced by `speech.scores.MEASURE` (the
seat's expected points ahead of the best rival at the end) in the same worlds.

`STRONGEST` names the judge `pier18 review` uses: `hard`, which is `bots.judge.judge`,
the very function the hint (`h`) is given by. With the review's seed 0 (the default) and
its worlds (`bots.judge.JUDGE_WORLDS`), a review and a hint of the same position play
the same worlds, so the decision the hint names first is the review's best, at 0 lost.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..bots.judge import JUDGE_WIDTH, JUDGE_WORLDS, judge
from ..engine import Decision, PlayerView
from .model import Verdict

#: Sampled worlds per decision unless told otherwise (`pier18 review --worlds`): the hint's.
DEFAULT_WORLDS = JUDGE_WORLDS
#: Candidates a judge tries besides the choice made, after a greedy shortlist: the hint's.
DEFAULT_WIDTH = JUDGE_WIDTH


class Judge(Protocol):
    level: str  # the bot level it judges as

    def judge(self, view: PlayerView, chosen: Decision, seed: int = 0) -> Verdict:
        """The verdict on `chosen`, one of `view.legal`, from `view` alone; `seed` 0 plays
        the worlds the hint plays, another seed another sample of them."""
        ...


class HardJudge:
    """The one judge (`bots.judge.judge`), with the choice made priced beside its
    candidates: the hard bot's greedy shortlist, every one of them played out in the
    same worlds (the hard bot's own search drops weak candidates halfway; a judge does
    not), the Plan placement priced exactly."""

    level = "hard"

    def __init__(self, worlds: int = DEFAULT_WORLDS, width: int = DEFAULT_WIDTH) -> None:
        self.worlds = worlds
        self.width = width

    def judge(self, view: PlayerView, chosen: Decision, seed: int = 0) -> Verdict:
        judged = judge(view, worlds=self.worlds, width=self.width, also=(chosen,), salt=seed)
        ahead = {c.decision: c.ahead for c in judged.choices}
        totals = {c.decision: c.total for c in judged.choices}
        return Verdict.of(chosen, ahead, judged.worlds, totals)


#: Every judge by the level it judges as.
JUDGES: dict[str, Callable[[int], Judge]] = {"hard": lambda worlds: HardJudge(worlds)}

#: The judge `pier18 review` asks: the strongest bot available.
STRONGEST = "hard"


def make_judge(level: str = STRONGEST, worlds: int = DEFAULT_WORLDS) -> Judge:
    return JUDGES[level](worlds)
