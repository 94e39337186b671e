"""The one judge of a position: what the hint advises, what the review calls best and
how many points it says a choice lost, and what the lesson suggests when its script
gives no reason of its own.

`judge(view)` prices the decisions of the seat to move by one measure,
`speech.scores.MEASURE`: the seat's expected points ahead of the best rival at the end of the
game (its final total minus the highest other total; below 0 when behind). The measure
is the lead, not the seat's own points, because a game is won by being ahead: a card
taken from under a rival's nose, or a Patron kept from it, is worth something even when
it scores nothing for the seat itself. The hard bot plays for the same lead plus a bonus
for winning (`playout.outcome`); a person is shown the lead alone, which can be said in
one phrase, in points.

How: the hard bot's greedy shortlist of the `width` best-looking decisions (widened
until it holds `HINT_ALTERNATIVES` + 1 different choices, so a hint has next best ones;
plus any decision asked for by `also`, such as the choice a player made), every one of
them played out to the end in the same `worlds` deals of the cards the seat has not
seen (`PlayerView.determinize`), every seat then following the light greedy policy
(`playout.play_out`). The worlds come from `position_seed(view)` alone (and `salt`, 0
unless a review asks for another sample), and each candidate's value depends only on
its own play-outs, so adding a candidate changes no other candidate's value: the
decision the hint names first is the best of any review of that position, at 0 lost.
The Plan placement depends on no unseen card and is priced exactly, against every
other seat's best cover (`playout.plan_games`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from ..engine import Decision, Phase, PlayerView
from ..engine.pier import shared_foundations
from .base import HINT_ALTERNATIVES, Hint, World, choice_of, legal_for, position_seed, ranked_hint
from .estimate import values_of
from .playout import no_cycle_collection, plan_games, play_out

#: Sampled worlds per judgement: the hint's and the review's (`pier18 review --worlds`).
JUDGE_WORLDS = 64
#: Candidates judged after the greedy shortlist (more when needed for different choices).
JUDGE_WIDTH = 8


@dataclass(frozen=True, slots=True)
class Priced:
    """A candidate decision with the one measure and the seat's final total, both means."""

    decision: Decision
    ahead: float  # expected points ahead of the best rival at the end (`speech.scores.MEASURE`)
    total: float  # expected final total of the seat


@dataclass(frozen=True, slots=True)
class Judgement:
    """Every candidate judged for the seat to move, best first (ties in shortlist order)."""

    choices: tuple[Priced, ...]
    worlds: int  # worlds each candidate was played out in (1: priced exactly)

    @property
    def best(self) -> Priced:
        return self.choices[0]

    def of(self, decision: Decision) -> Priced | None:
        return next((c for c in self.choices if c.decision == decision), None)


def ahead(game: World, seat: int) -> float:
    """The measure of a finished game for `seat`: its total minus the best other total."""
    return _ahead(_totals(game), seat)


def _totals(game: World) -> list[int]:
    return [game.score(s).total for s in range(game.players)]


def _ahead(totals: list[int], seat: int) -> float:
    return float(totals[seat] - max(t for s, t in enumerate(totals) if s != seat))


def shortlist(view: PlayerView, width: int = JUDGE_WIDTH) -> list[Decision]:
    """The candidates judged: the `width` best by the greedy judgement (the engine's order
    on ties), widened by the next best different choices until there are
    `HINT_ALTERNATIVES` + 1 of them (or every choice there is)."""
    legal = legal_for(view)
    worth = values_of(view, view.seat, legal)
    ranked = [legal[i] for i in sorted(range(len(legal)), key=lambda i: -worth[i])]
    candidates = ranked[:width]
    choices = {choice_of(d) for d in candidates}
    for decision in ranked[width:]:
        if len(choices) > HINT_ALTERNATIVES:
            break
        if choice_of(decision) not in choices:
            candidates.append(decision)
            choices.add(choice_of(decision))
    return candidates


def judge(
    view: PlayerView, *, worlds: int = JUDGE_WORLDS, width: int = JUDGE_WIDTH,
    also: Iterable[Decision] = (), salt: int = 0,
) -> Judgement:
    """The seat to move's candidates priced by `speech.scores.MEASURE`, best first.

    The same position, `worlds`, `width` and `salt` always give the same judgement, in
    any process; a decision in `also` (legal for the seat) is priced too, without
    changing any other candidate's price.
    """
    legal = legal_for(view)
    seat = view.seat
    if view.phase is Phase.PLAN:
        exact = [Priced(decision, ahead(game, seat), float(game.score(seat).total)) for decision, game in plan_games(view)]
        return Judgement(_ranked(exact), 1)
    candidates = shortlist(view, width)
    candidates += [d for d in dict.fromkeys(also) if d in legal and d not in candidates]
    rng = random.Random(position_seed(view) + (salt << 64))
    sums = {d: [0.0, 0.0] for d in candidates}
    with no_cycle_collection(), shared_foundations():
        for _ in range(worlds):
            world = view.determinize(random.Random(rng.getrandbits(64)))
            for decision in candidates:
                game = world.clone()
                game.choose(seat, decision)  # its turn, or a simultaneous choice made ahead
                totals = _totals(play_out(game))
                tally = sums[decision]
                tally[0] += _ahead(totals, seat)
                tally[1] += totals[seat]
    priced = [Priced(d, t[0] / worlds, t[1] / worlds) for d, t in sums.items()]
    return Judgement(_ranked(priced), worlds)


def _ranked(priced: list[Priced]) -> tuple[Priced, ...]:
    """Best first by the measure; equal ones keep their order (the shortlist's)."""
    return tuple(sorted(priced, key=lambda p: -p.ahead))


def hint(view: PlayerView, *, worlds: int = JUDGE_WORLDS, width: int = JUDGE_WIDTH) -> Hint:
    """The hint (`h`) for the seat to move: the judgement's best, where it should leave
    the seat, the next best different choices with how many points of the measure each
    ranks below it, and why."""
    judged = judge(view, worlds=worlds, width=width)
    best = judged.best
    others = ((c.decision, c.ahead, True) for c in judged.choices[1:])
    return ranked_hint(view, best.decision, best.ahead, best.total, others)


class JudgeHints:
    """Gives hints from the one judge (what `GameApp` asks with `h`); `worlds` and
    `width` as for `judge` (lighter ones for tests)."""

    def __init__(self, worlds: int = JUDGE_WORLDS, width: int = JUDGE_WIDTH) -> None:
        self.worlds = worlds
        self.width = width

    def hint(self, view: PlayerView) -> Hint:
        return hint(view, worlds=self.worlds, width=self.width)
