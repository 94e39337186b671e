"""What a review says, as plain data: each decision's verdict and each seat's summary.

A `Verdict` prices one decision one way: every candidate the judge tried, each with the
one measure every judgement shown to a player ranks by (`speech.scores.MEASURE`: the seat's
expected points ahead of the best rival at the end, `Choice.expected`) and the seat's
expected final total (`Choice.total`, shown beside it), all in the same sampled worlds,
so the choice made and the best one differ by what they do and not by luck.
The points lost are `best.expected - chosen.expected`: never negative, since the choice
made is always among the candidates and the best is the highest of them, and exactly 0
when the choice made is the best.

A `DecisionReview` is one decision of the record with its verdict from what the seat
knew (`foresight`) and, when asked, with everything known after the game
(`hindsight`, kept apart). A `Review` holds them in the record's order; a screen steps
through `Review.of_seat(seat)` and rebuilds the pier as it was from `position`
(`positions.view_at`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from ..engine import Decision, Phase


class Mark(StrEnum):
    """How a decision is marked by the points it lost (`THRESHOLDS`)."""

    BEST = "best"  # the best choice the judge found: 0 points lost
    GOOD = "good"  # lost something, less than an inaccuracy
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


#: Points lost from which a decision gets each mark, the worst first. A good final total
#: is about 17 points at three players and 27 at two, and the sampled worlds make a loss
#: uncertain by a few tenths of a point (docs/review.md), so under 1 point is "good": a
#: Lovers pair or a Poet lost (1 point) is an inaccuracy, a Patron race or two categories
#: lost (2) a mistake, and a Plan bonus thrown away (4, a Plan's usual worth) a blunder.
THRESHOLDS: tuple[tuple[Mark, float], ...] = ((Mark.BLUNDER, 4.0), (Mark.MISTAKE, 2.0), (Mark.INACCURACY, 1.0))

#: The loss at which a decision counts for nothing in the accuracy: a blunder's.
ACCURACY_ZERO = THRESHOLDS[0][1]

#: The phases a decision is made in, in the order of a game.
PHASES: tuple[Phase, ...] = (Phase.SETUP, Phase.DRAFT, Phase.PLAN)


def mark_of(loss: float) -> Mark:
    """The mark for a decision that lost `loss` points."""
    for mark, points in THRESHOLDS:
        if loss >= points:
            return mark
    return Mark.BEST if loss <= 0 else Mark.GOOD


@dataclass(frozen=True, slots=True)
class Choice:
    """A candidate decision, priced by the measure, with the seat's final total after it."""

    decision: Decision
    expected: float  # `speech.scores.MEASURE`: mean points ahead of the best rival at the end
    total: float | None = None  # mean final total of the seat (None: not known)


@dataclass(frozen=True, slots=True)
class Verdict:
    """One decision judged one way: the choice made, the best choice and every candidate."""

    chosen: Choice
    best: Choice  # the chosen one itself when nothing beat it
    choices: tuple[Choice, ...]  # every candidate judged, best first, the chosen one among them
    worlds: int  # worlds each candidate was played out in (1: judged exactly, or in the real game)

    @classmethod
    def of(
        cls, chosen: Decision, choices: Mapping[Decision, float], worlds: int,
        totals: Mapping[Decision, float] | None = None,
    ) -> "Verdict":
        """The verdict on `chosen` from every candidate's measure (`chosen` among them),
        and, if given, its expected final total.

        Candidates are listed best first, equal ones in the order given; the chosen one
        comes first among the best, so a choice as good as the best is the best and loses
        exactly 0.
        """
        if chosen not in choices:
            raise ValueError("the choice made must be among the candidates judged")
        order = list(choices)
        ranked = sorted(order, key=lambda d: (-choices[d], d != chosen, order.index(d)))
        listed = tuple(Choice(d, choices[d], None if totals is None else totals[d]) for d in ranked)
        made = next(c for c in listed if c.decision == chosen)
        return cls(made, listed[0], listed, worlds)

    @property
    def loss(self) -> float:
        """Points lost by the choice made: the best choice's measure minus its own."""
        return self.best.expected - self.chosen.expected

    @property
    def mark(self) -> Mark:
        """The mark for the loss as it is shown, to the hundredth of a point."""
        return mark_of(round(self.loss, 2))

    @property
    def kept(self) -> float:
        """What the decision counts for in the accuracy, 0 to 1: all of it at 0 lost, a
        quarter less for each point lost, nothing from a blunder's loss on
        (`ACCURACY_ZERO`). The measure can be below 0, so no share of it would do."""
        return max(0.0, 1.0 - round(self.loss, 2) / ACCURACY_ZERO)


@dataclass(frozen=True, slots=True)
class DecisionReview:
    """One decision of the record, judged."""

    number: int  # its place among the record's decisions, from 1
    seat: int
    phase: Phase  # SETUP, DRAFT or PLAN
    round: int  # the draft round it was made in (0 in set-up; the last round's number for the Plan)
    position: int  # it was judged from the view after the record's first `position` decisions
    foresight: Verdict  # judged from what the seat knew then
    hindsight: Verdict | None  # judged with the real draws and choices (only when asked)
    #: What the choice made, the best choice and the best in hindsight each do at once,
    #: in words (`bots.estimate.reasons`: points changed, Patron chance, Plan progress).
    reasons: Mapping[Decision, str]

    @property
    def decision(self) -> Decision:
        return self.foresight.chosen.decision

    def why(self, decision: Decision) -> str:
        return self.reasons[decision]

    def verdict(self, hindsight: bool = False) -> Verdict | None:
        return self.hindsight if hindsight else self.foresight


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """What one seat's decisions cost it, judged one way (foresight or hindsight)."""

    seat: int
    decisions: int
    lost: float  # points lost over all its decisions
    lost_by_phase: Mapping[Phase, float]  # points lost in each of `PHASES`
    accuracy: float | None  # percent: the mean of each decision's `Verdict.kept` (None: no decision)
    marks: Mapping[Mark, int]  # how many decisions got each mark
    biggest: DecisionReview | None  # the decision that lost most (None: none lost anything)

    @property
    def lost_per_decision(self) -> float:
        return self.lost / self.decisions if self.decisions else 0.0


def summarize(seat: int, reviews: tuple[DecisionReview, ...], hindsight: bool = False) -> SeatSummary:
    """The summary of one seat's decisions (those of `reviews` made by `seat`)."""
    judged = [(r, v) for r in reviews if r.seat == seat and (v := r.verdict(hindsight)) is not None]
    by_phase = dict.fromkeys(PHASES, 0.0)
    marks = dict.fromkeys(Mark, 0)
    biggest: tuple[float, DecisionReview] | None = None
    for review, verdict in judged:
        by_phase[review.phase] += verdict.loss
        marks[verdict.mark] += 1
        if verdict.loss > 0 and (biggest is None or verdict.loss > biggest[0]):
            biggest = (verdict.loss, review)
    accuracy = 100.0 * sum(v.kept for _, v in judged) / len(judged) if judged else None
    return SeatSummary(
        seat, len(judged), sum(by_phase.values()), by_phase, accuracy, marks, biggest[1] if biggest else None
    )


@dataclass(frozen=True)
class Review:
    """A whole review: who played, how it was judged, and every decision reviewed."""

    names: tuple[str, ...]
    kinds: tuple[str, ...]  # each seat's kind: "human" or a bot level
    seats: tuple[int, ...]  # the seats reviewed
    judge: str  # the bot level that judged
    worlds: int  # sampled worlds per decision
    seed: int
    finished: bool  # whether the record's game had ended
    with_hindsight: bool
    decisions: tuple[DecisionReview, ...]  # every reviewed decision, in the record's order

    def of_seat(self, seat: int) -> tuple[DecisionReview, ...]:
        return tuple(r for r in self.decisions if r.seat == seat)

    def summary(self, seat: int, hindsight: bool = False) -> SeatSummary:
        return summarize(seat, self.decisions, hindsight)
