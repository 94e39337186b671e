"""A review as one JSON-ready object (`pier18 review --json`); docs/review.md lists its keys."""

from __future__ import annotations

from typing import Any

from ..engine import Deck
from ..speech.moves import decision_text
from ..speech.scores import MEASURE
from .model import PHASES, THRESHOLDS, Choice, DecisionReview, Review, SeatSummary, Verdict


def _points(value: float) -> float:
    return round(value, 2)


def _priced(choice: Choice) -> dict[str, Any]:
    """A choice's price: `ahead` is the measure (`speech.scores.MEASURE`), `total` the final total."""
    return {"ahead": _points(choice.expected), "total": None if choice.total is None else _points(choice.total)}


def _choice(deck: Deck, choice: Choice) -> dict[str, Any]:
    return {"decision": str(choice.decision), "text": decision_text(deck, choice.decision), **_priced(choice)}


def _verdict(deck: Deck, verdict: Verdict, item: DecisionReview) -> dict[str, Any]:
    return {
        "chosen": _choice(deck, verdict.chosen),
        "best": _choice(deck, verdict.best),
        "loss": _points(verdict.loss),
        "mark": verdict.mark.value,
        "worlds": verdict.worlds,
        "choices": [{"decision": str(c.decision), **_priced(c)} for c in verdict.choices],
        "why_chosen": item.why(verdict.chosen.decision),
        "why_best": item.why(verdict.best.decision),
    }


def _decision(deck: Deck, review: Review, item: DecisionReview) -> dict[str, Any]:
    found = {
        "number": item.number,
        "player": review.names[item.seat],
        "seat": item.seat,
        "phase": item.phase.value,
        "round": item.round,
        "position": item.position,
        **_verdict(deck, item.foresight, item),
    }
    if item.hindsight is not None:
        found["hindsight"] = _verdict(deck, item.hindsight, item)
    return found


def _summary(summary: SeatSummary) -> dict[str, Any]:
    return {
        "decisions": summary.decisions,
        "points_lost": _points(summary.lost),
        "points_lost_per_decision": _points(summary.lost_per_decision),
        "lost_by_phase": {phase.value: _points(summary.lost_by_phase[phase]) for phase in PHASES},
        "accuracy": None if summary.accuracy is None else round(summary.accuracy, 1),
        "marks": {mark.value: count for mark, count in summary.marks.items()},
        "biggest": None if summary.biggest is None else summary.biggest.number,
    }


def review_json(review: Review, deck: Deck) -> dict[str, Any]:
    """The whole review: how it was judged, each reviewed seat's summary, every decision.

    Hindsight, when asked for, is only ever under a `hindsight` key (a seat's summary,
    a decision's verdict), beside the review judged from what each player knew.
    """
    seats = []
    for seat in review.seats:
        entry: dict[str, Any] = {"player": review.names[seat], "seat": seat, **_summary(review.summary(seat))}
        if review.with_hindsight:
            entry["hindsight"] = _summary(review.summary(seat, hindsight=True))
        seats.append(entry)
    return {
        "judge": review.judge,
        "measure": MEASURE,
        "worlds": review.worlds,
        "seed": review.seed,
        "thresholds": {mark.value: points for mark, points in THRESHOLDS},
        "finished": review.finished,
        "hindsight": review.with_hindsight,
        "players": [{"name": name, "seat": kind} for name, kind in zip(review.names, review.kinds)],
        "seats": seats,
        "decisions": [_decision(deck, review, item) for item in review.decisions],
    }
