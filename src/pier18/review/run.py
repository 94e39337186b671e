"""Reviewing a record: every decision of the chosen seats judged, on one core or several.

Each decision is judged on its own, from the position `positions` gives it, in worlds
drawn from that position (`bots.base.position_seed`) and the review's seed alone. So the
same record and seed give the same review on one process or many, a decision's verdict
depends on nothing but what its seat knew there (two records that differ only in cards
the seat could not see give it the same verdicts), and with seed 0 it is the judgement
the hint gives of that position.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from multiprocessing import get_context
import os

from ..bots.estimate import reasons
from ..bots.seats import human_seats
from ..engine import Deck, Decision, Game, Phase, PlayerView, TableView
from ..engine.game import Deal
from ..persist.children import worker_start
from ..session import Session
from ..speech.why import motives_text
from .hindsight import judge_in_hindsight
from .judges import DEFAULT_WORLDS, STRONGEST, make_judge
from .model import DecisionReview, Review, Verdict
from .positions import Position, positions


def default_seats(session: Session) -> list[int]:
    """The seats a review looks at unless told: every person's seat (a review is for the
    people who played; a bot's decisions are the judge's own kind of play), or every
    seat of a game of bots only (`simulate --record-dir`), which has no person."""
    return human_seats(session.seats) or list(range(session.players))


def decisions_to_review(session: Session, seats: Sequence[int]) -> list[Position]:
    """The record's decisions made by `seats`' own players, in order (a bot's move for
    an away player is the bot's, not theirs to be judged on)."""
    stand_ins = session.stand_ins()
    return [point for point in positions(session) if point.seat in seats and point.number not in stand_ins]


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
        for point in decisions_to_review(session, chosen)
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

    # The workers ignore Ctrl+C (a terminal sends it to all of them, and it is handled here,
    # once) and end with this process, however it ends.
    pool = get_context().Pool(min(jobs, len(tasks)), initializer=worker_start, initargs=(os.getpid(),))
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
    later = None
    if task.hindsight:
        real = list(zip(task.made_by[point.position :], task.decisions[point.position :]))
        later = judge_in_hindsight(game, point.seat, chosen, real)
    moment = Moment(point.number, point.phase, point.round, point.position, view, chosen)
    return _judged(moment, task.judge, task.worlds, task.review_seed, later)


def _judged(moment: Moment, judge: str, worlds: int, seed: int, later: Verdict | None = None) -> DecisionReview:
    """The review of one moment: judged from its view alone (and `later`, in hindsight)."""
    view, chosen = moment.view, moment.chosen
    foresight = make_judge(judge, worlds).judge(view, chosen, seed)
    named = {chosen, foresight.best.decision} | ({later.best.decision} if later is not None else set())
    return DecisionReview(
        number=moment.number,
        seat=view.seat,
        phase=moment.phase,
        round=moment.round,
        position=moment.position,
        foresight=foresight,
        hindsight=later,
        reasons={d: motives_text(reasons(view, view.seat, d)) for d in named},
    )


# -- a review from what one seat saw (the review screen) ------------------------------------


@dataclass(frozen=True, slots=True)
class Moment:
    """One decision of a seat with what the seat knew when making it: all a judge reads,
    and all a review screen shows of the game at that point."""

    number: int  # its place among the game's decisions, from 1
    phase: Phase
    round: int
    position: int  # the view is the game after its first `position` decisions
    view: PlayerView  # the seat's own view there
    chosen: Decision


def session_moments(session: Session, seat: int) -> list[Moment]:
    """Every decision `seat`'s player made in the session (not a bot's made for them while
    they were away), each with the seat's view it is judged from."""
    game = Game(session.deck, session.players, session.seed, session.first_player, session.deal)
    views: dict[int, PlayerView] = {}
    found = []
    every = positions(session)
    stand_ins = session.stand_ins()
    for index, decision in enumerate(session.decisions):
        views.setdefault(index, PlayerView.of(game, seat))
        point = every[index]
        if point.seat == seat and point.number not in stand_ins:
            found.append(Moment(point.number, point.phase, point.round, point.position, views[point.position], decision))
        game.apply(decision)
    return found


def decisions_made(table: TableView, seat: int) -> int:
    """How many decisions `seat` has made so far at the table (shown yet or not): the key
    `seen_moments` finds a view under."""
    return sum(1 for made, _ in table.history if made == seat)


def seen_moments(views: Mapping[int, tuple[int, PlayerView]], table: TableView) -> list[Moment]:
    """A seat's decisions in a finished game, each with the view it was deciding from,
    as a seat that only ever got its own views knows them (a network seat).

    `views[k]` is the first view the seat got with a choice to make after `k` decisions
    of its own, with the number of decisions the table had made then; `table` is the
    finished game as the whole table sees it, whose history shows every decision. A
    decision with no view (made while this app was away, or by a bot sitting in) is
    left out: nothing is known of what the seat saw then.
    """
    if not views:
        return []
    seat = next(iter(views.values()))[1].seat
    found = []
    mine = [(index, decision) for index, (made, decision) in enumerate(table.history) if made == seat]
    for count, (index, decision) in enumerate(mine):
        position, view = views.get(count, (0, None))
        if view is None or decision is None or decision not in view.legal or view.seat != seat:
            continue
        found.append(Moment(index + 1, view.phase, view.round, position, view, decision))
    return found


def review_moments(
    moments: Sequence[Moment],
    *,
    worlds: int = DEFAULT_WORLDS,
    seed: int = 0,
    jobs: int = 1,
    judge: str = STRONGEST,
    on_decision: Callable[[], None] | None = None,
    start: str | None = None,
) -> tuple[DecisionReview, ...]:
    """Each moment judged from its own view, in order: the same verdicts `review_session`
    gives those decisions with the same `seed` (each moment's worlds come from its view and
    the seed alone). `on_decision()` is called as each is judged, and may raise to stop.
    `start` is the way `jobs` > 1 starts its processes (None: the system's default; a
    program with threads of its own, such as the app, asks for "spawn")."""
    calls = [(moment, judge, worlds, seed) for moment in moments]
    if jobs <= 1 or len(calls) < 2:
        done = []
        for call in calls:
            done.append(_judged(*call))
            if on_decision is not None:
                on_decision()
        return tuple(done)

    pool = get_context(start).Pool(min(jobs, len(calls)), initializer=worker_start, initargs=(os.getpid(),))
    try:
        found = []
        for review in pool.imap_unordered(_judged_call, calls):
            found.append(review)
            if on_decision is not None:
                on_decision()
        pool.close()
        return tuple(sorted(found, key=lambda r: r.number))
    finally:
        pool.terminate()
        pool.join()


def _judged_call(call: tuple[Moment, str, int, int]) -> DecisionReview:
    return _judged(*call)
