"""Reviewing a record: every decision of the chosen seats judged, on one core or several.

Each decision is judged on its own, from the position `positions` gives it, with a
random stream drawn from the review's seed and the decision's number alone. So the same
record and seed give the same review on one process or many, and a decision's verdict
depends on nothing but what its seat knew there (two records that differ only in cards
the seat could not see give it the same verdicts).
"""

from __future__ import annotations

import random
import signal
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..bots.estimate import describe
from ..bots.seats import human_seats
from ..engine import Deck, Decision, Game, PlayerView
from ..engine.game import Deal
from ..persist.session import Session
from .hindsight import judge_in_hindsight
from .judges import DEFAULT_WORLDS, STRONGEST, make_judge
from .model import DecisionReview, Review
from .positions import Position, positions


def default_seats(session: Session) -> list[int]:
    """The seats a review looks at unless told: every person's seat (a review is for the
    people who played; a bot's decisions are the judge's own kind of play), or every
    seat of a game of bots only (`simulate --record-dir`), which has no person."""
    return human_seats(session.seats) or list(range(session.players))


def decisions_to_review(session: Session, seats: Sequence[int]) -> list[Position]:
    """The record's decisions made by `seats`, in order."""
    return [point for point in positions(session) if point.seat in seats]


def world_stream(seed: int, number: int) -> random.Random:
    """The random stream decision `number` of a review with `seed` samples its worlds from."""
    return random.Random(seed * 65536 + number)


@dataclass(frozen=True)
class _Task:
    """Everything one decision's verdict needs, to send to another process."""

    deck: Deck
    players: int
    seed: int
    first_player: int | None
    deal: Deal | None
    decisions: tuple[Decision, ...]
    made_by: tuple[int, ...]  # the seat of each decision of the record
    point: Position
    judge: str
    worlds: int
    review_seed: int
    hindsight: bool


def review_session(
    session: Session,
    seats: Sequence[int] | None = None,
    *,
    worlds: int = DEFAULT_WORLDS,
    seed: int = 0,
    hindsight: bool = False,
    jobs: int = 1,
    judge: str = STRONGEST,
    on_decision: Callable[[], None] | None = None,
) -> Review:
    """Judge every decision the seats made in the session's record (default: `default_seats`).

    `worlds` is the judge's budget per decision (never a time), `seed` picks the worlds,
    `jobs` the processes; `on_decision()` is called as each decision is judged.
    """
    chosen = sorted(set(default_seats(session) if seats is None else seats))
    every = positions(session)
    made_by = tuple(point.seat for point in every)
    tasks = [
        _Task(
            session.deck, session.players, session.seed, session.first_player, session.deal,
            tuple(session.decisions), made_by, point, judge, worlds, seed, hindsight,
        )
        for point in every
        if point.seat in chosen
    ]
    reviews = _run(tasks, jobs, on_decision)
    return Review(
        names=tuple(session.names),
        kinds=tuple(session.seats),
        seats=tuple(chosen),
        judge=judge,
        worlds=worlds,
        seed=seed,
        finished=session.game.is_terminal(),
        with_hindsight=hindsight,
        decisions=tuple(sorted(reviews, key=lambda r: r.number)),
    )


def _run(tasks: list[_Task], jobs: int, on_decision: Callable[[], None] | None) -> list[DecisionReview]:
    if jobs <= 1 or len(tasks) < 2:
        done = []
        for task in tasks:
            done.append(review_one(task))
            if on_decision is not None:
                on_decision()
        return done
    # Imported only here, as self-play does: loading it costs more than a small review.
    from multiprocessing import get_context

    # The workers ignore Ctrl+C: a terminal sends it to all of them, and it is handled here, once.
    pool = get_context().Pool(min(jobs, len(tasks)), initializer=signal.signal, initargs=(signal.SIGINT, signal.SIG_IGN))
    try:
        found = []
        for review in pool.imap_unordered(review_one, tasks):  # the set-up ones, the longest, go first
            found.append(review)
            if on_decision is not None:
                on_decision()
        pool.close()
        return found
    finally:
        pool.terminate()
        pool.join()


def review_one(task: _Task) -> DecisionReview:
    """One decision's review (in a worker process, or here)."""
    point = task.point
    game = Game.replay(task.deck, task.players, task.seed, task.decisions[: point.position], task.first_player, task.deal)
    view = PlayerView.of(game, point.seat)
    chosen = task.decisions[point.number - 1]
    foresight = make_judge(task.judge, task.worlds).judge(view, chosen, world_stream(task.review_seed, point.number))
    later = None
    if task.hindsight:
        real = list(zip(task.made_by[point.position :], task.decisions[point.position :]))
        later = judge_in_hindsight(game, point.seat, chosen, real)
    named = {chosen, foresight.best.decision} | ({later.best.decision} if later is not None else set())
    return DecisionReview(
        number=point.number,
        seat=point.seat,
        phase=point.phase,
        round=point.round,
        position=point.position,
        foresight=foresight,
        hindsight=later,
        reasons={d: describe(view, point.seat, d) for d in named},
    )
