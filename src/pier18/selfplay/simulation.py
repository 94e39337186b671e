"""Self-play: many seeded games between bot levels, and what they tell about the deck.

Game `i` of a run with seed `S` is dealt with seed `S + i` (so `pier18 play --seed`
can show any of them again) and its seats are rotated by `i`, so no level keeps the
first seat. Bots only ever get a `PlayerView` of their own seat.
"""

from __future__ import annotations

import signal
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any
from multiprocessing import get_context
import os

from ..bots import LEVELS, make_bot, make_legal_bot
from ..engine import CATEGORIES, TABLE_SIZES, Decision, Deck, Game, Phase, PlayerView, check_table_size
from ..engine.errors import Pier18Error
from ..engine.text import quote
from ..i18n import _, ngettext
from ..persist import record
from ..persist.children import worker_start
from ..session import Session
from ..speech.notices import at_least_one, seats_for_players

_OVER = Phase.OVER


@dataclass
class LevelStats:
    """What one bot level did over a run (a level may hold several seats)."""

    seat_games: int = 0
    wins: float = 0.0  # a shared first place is split between the tied seats
    score_sum: int = 0
    category_sums: dict[str, int] = field(default_factory=lambda: dict.fromkeys(CATEGORIES, 0))
    decision_seconds: list[float] = field(default_factory=list)

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.seat_games if self.seat_games else 0.0

    def decision_ms(self) -> dict[str, float]:
        """Median and 95th percentile of this level's time per decision, in milliseconds."""
        times = sorted(self.decision_seconds)
        if not times:
            return {"median": 0.0, "p95": 0.0}
        n = len(times)
        # The median as `statistics.median` takes it, read off the list already sorted
        # (a long run keeps hundreds of thousands of times; sorting them twice shows).
        median = times[n // 2] if n % 2 else (times[n // 2 - 1] + times[n // 2]) / 2
        p95 = times[min(n - 1, int(0.95 * n))]
        return {"median": round(1000 * median, 3), "p95": round(1000 * p95, 3)}


@dataclass
class Simulation:
    """The outcome of `simulate`: per-level results and per-Plan goal rates."""

    players: int
    seats: tuple[str, ...]
    seed: int
    games: int = 0
    seconds: float = 0.0
    levels: dict[str, LevelStats] = field(default_factory=dict)
    plan_chosen: dict[int, int] = field(default_factory=dict)
    plan_met: dict[int, int] = field(default_factory=dict)
    interrupted: bool = False  # Ctrl+C stopped the run: `games` counts the finished ones

    def goal_rate(self) -> dict[int, float]:
        """Per Plan card id: the share of games where its owner met the goal."""
        return {card: self.plan_met.get(card, 0) / n for card, n in sorted(self.plan_chosen.items())}

    def category_share(self) -> dict[str, float]:
        """Each scoring category's share of all points scored, over every seat."""
        sums = dict.fromkeys(CATEGORIES, 0)
        for stats in self.levels.values():
            for name, points in stats.category_sums.items():
                sums[name] += points
        total = sum(sums.values()) or 1
        return {name: points / total for name, points in sums.items()}

    def as_json(self) -> dict[str, object]:
        """The `pier18 simulate --json` object."""
        return {
            "games": self.games,
            "wins": {level: round(s.wins, 3) for level, s in self.levels.items()},
            "mean_score": {level: round(s.mean_score, 3) for level, s in self.levels.items()},
            "goal_rate": {str(card): round(rate, 4) for card, rate in self.goal_rate().items()},
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else 0.0,
            "decision_ms": {level: s.decision_ms() for level, s in self.levels.items()},
        }


def parse_seats(text: str, players: int) -> tuple[str, ...]:
    """Read `--seats greedy,hard[,random]`: one known level per player."""
    seats = tuple(word.strip().lower() for word in text.split(",") if word.strip())
    for level in seats:
        if level not in LEVELS:
            raise Pier18Error(_("unknown bot level {level} in --seats (use {levels})").format(level=quote(level), levels=", ".join(LEVELS)))
    if len(seats) != players:
        raise Pier18Error(seats_for_players(len(seats), players, "level"))
    return seats


def seats_for_game(seats: Sequence[str], index: int) -> tuple[str, ...]:
    """The seat order of game `index`: the levels rotated by one seat per game."""
    first = index % len(seats)
    return tuple(seats[first:]) + tuple(seats[:first])


def play_game(deck: Deck, levels: Sequence[str], seed: int, timings: Sequence[list[float]] | None = None) -> Game:
    """One game between bots of the given levels (by seat), dealt with `seed`.

    A bot that decides from the legal decisions alone (a `LegalBot`, e.g. `random`)
    is handed those from the engine; any other bot gets its seat's `PlayerView`.

    With `timings`, each decision's time (the bot's choice, and the view or the legal
    decisions it was given) is appended to `timings[seat]`. The loop runs a dozen times
    per game over many thousands of games, so the methods it calls are looked up once.
    """
    players = len(levels)
    by_view: list[Callable[[PlayerView], Decision]] = []
    by_legal: list[Callable[[Sequence[Decision]], Decision] | None] = []
    for seat, level in enumerate(levels):
        bot_seed = seed * 10 + seat
        legal_bot = make_legal_bot(level, bot_seed)
        by_legal.append(None if legal_bot is None else legal_bot.choose_legal)
        by_view.append(make_bot(level, bot_seed).choose if legal_bot is None else legal_bot.choose)
    game = Game(deck, players, seed)
    view_of, legal_decisions, apply = PlayerView.of, game.legal_decisions, game.apply
    clock = time.perf_counter
    while game.phase is not _OVER:  # `game.is_terminal()`, without a call per decision
        seat = game.current_player
        if timings is not None:
            started = clock()
        choose_legal = by_legal[seat]
        if choose_legal is not None:
            decision = choose_legal(legal_decisions())
        else:
            decision = by_view[seat](view_of(game, seat))
        if timings is not None:
            timings[seat].append(clock() - started)
        apply(decision)
    return game


def simulate(
    deck: Deck,
    players: int,
    seats: Sequence[str],
    games: int,
    seed: int = 0,
    record_dir: Path | None = None,
    on_game: Callable[[int], None] | None = None,
    start: int = 0,
    overwrite: bool = False,
) -> Simulation:
    """Play `games` seeded games between the seat levels; `on_game(i)` after each.

    `start` skips to game number `start` of the run, so a long run can be split into
    parts (e.g. one per core) that together play exactly the same games. Game i's
    record goes to `record_dir/game-0000i.json`, never over a file already there
    unless `overwrite` (FileExistsError naming the file).

    Ctrl+C ends the run at once: the game being played is dropped, and the result holds
    the finished games with `interrupted` set.
    """
    check_table_size(players)
    if len(seats) != players:
        given = len(seats)
        raise Pier18Error(
            ngettext("{n} seat level given for {players} players", "{n} seat levels given for {players} players", given).format(
                n=given, players=players
            )
        )
    if games < 1:
        raise Pier18Error(at_least_one("--games"))
    result = Simulation(players, tuple(seats), seed)
    for level in seats:
        result.levels.setdefault(level, LevelStats())
    started = time.perf_counter()
    try:
        with _ctrl_c() as ctrl_c:
            for index in range(start, start + games):
                levels = seats_for_game(seats, index)
                timings: list[list[float]] = [[] for _seat in range(players)]
                game = play_game(deck, levels, seed + index, timings)
                ctrl_c.held = True  # a finished game is counted whole, or not at all
                _tally(result, game, levels, timings)
                result.games += 1
                if record_dir is not None:
                    _record(deck, game, levels, seed + index, record_dir / record_name(index), overwrite)
                if on_game is not None:
                    on_game(index)
                ctrl_c.release()
    except KeyboardInterrupt:
        result.interrupted = True
    result.seconds = time.perf_counter() - started
    return result


class _CtrlC:
    """Ctrl+C during a run: raised at once, or while `held`, as soon as `release` is called."""

    def __init__(self) -> None:
        self.held = False
        self.pending = False

    def handler(self, signum: int, frame: FrameType | None) -> None:
        if self.held:
            self.pending = True
        else:
            raise KeyboardInterrupt

    def release(self) -> None:
        self.held = False
        if self.pending:
            self.pending = False
            raise KeyboardInterrupt


@contextmanager
def _ctrl_c() -> Iterator[_CtrlC]:
    """Let Ctrl+C be held back around each finished game's count while a run lasts.

    A handler of its own for SIGINT, which holds the interrupt while `held` is set: two
    attribute writes per game, where blocking the signal (`pthread_sigmask`) took two
    system calls, about 3% of a random game. The handler is set only where Ctrl+C would
    raise KeyboardInterrupt anyway: not in a worker process that ignores it, nor outside
    the main thread (where nothing can be held and Ctrl+C is never delivered).
    """
    ctrl_c = _CtrlC()
    try:
        ours = signal.getsignal(signal.SIGINT) is signal.default_int_handler
        if ours:
            signal.signal(signal.SIGINT, ctrl_c.handler)
    except ValueError:  # not the main thread
        ours = False
    try:
        yield ctrl_c
    finally:
        if ours:
            signal.signal(signal.SIGINT, signal.default_int_handler)


def merge(parts: Sequence[Simulation]) -> Simulation:
    """One result from the parts of a split run (their seconds add up: CPU time, not wall time)."""
    first = parts[0]
    total = Simulation(first.players, first.seats, first.seed)
    for level in first.seats:
        total.levels.setdefault(level, LevelStats())
    for part in parts:
        total.interrupted = total.interrupted or part.interrupted
        total.games += part.games
        total.seconds += part.seconds
        for level, stats in part.levels.items():
            into = total.levels.setdefault(level, LevelStats())
            into.seat_games += stats.seat_games
            into.wins += stats.wins
            into.score_sum += stats.score_sum
            for name, points in stats.category_sums.items():
                into.category_sums[name] += points
            into.decision_seconds.extend(stats.decision_seconds)
        for card, n in part.plan_chosen.items():
            total.plan_chosen[card] = total.plan_chosen.get(card, 0) + n
        for card, n in part.plan_met.items():
            total.plan_met[card] = total.plan_met.get(card, 0) + n
    return total


def simulate_parallel(
    deck: Deck,
    players: int,
    seats: Sequence[str],
    games: int,
    seed: int = 0,
    record_dir: Path | None = None,
    on_game: Callable[[int], None] | None = None,
    jobs: int = 2,
    overwrite: bool = False,
) -> Simulation:
    """`simulate` split over `jobs` processes: the same games, the same results.

    `seconds` is then the sum of the parts' times (time on one core), and decision
    times are measured inside each process.

    Ctrl+C stops every process at once; the result holds the parts that had finished,
    with `interrupted` set. The worker processes ignore Ctrl+C, so a terminal's Ctrl+C
    (sent to all of them) is handled here, once; they end with this process, however it
    ends (`persist.children`).
    """
    if jobs <= 1 or games < 2:
        return simulate(deck, players, seats, games, seed, record_dir, on_game, overwrite=overwrite)
    if players not in TABLE_SIZES or len(seats) != players or games < 1:
        return simulate(deck, players, seats, games, seed, record_dir, on_game)  # raises the usual error
    # Imported only here: loading it takes longer than a hundred games in one process.

    size = max(1, min(25, -(-games // (jobs * 4))))
    tasks = [
        (deck, players, tuple(seats), min(size, games - start), seed, record_dir, None, start, overwrite)
        for start in range(0, games, size)
    ]
    parts: list[tuple[int, Simulation]] = []
    interrupted = False
    pool = get_context().Pool(jobs, initializer=worker_start, initargs=(os.getpid(),))
    try:
        for start, part in pool.imap_unordered(_play_part, tasks):
            parts.append((start, part))
            if on_game is not None:
                for index in range(part.games):
                    on_game(start + index)
        pool.close()
    except KeyboardInterrupt:
        interrupted = True
    finally:
        pool.terminate()  # at once: an interrupted run does not wait for the games being played
        pool.join()
    parts.sort(key=lambda item: item[0])
    total = merge([part for _key, part in parts] or [Simulation(players, tuple(seats), seed)])
    total.interrupted = total.interrupted or interrupted
    return total


def _play_part(task: tuple[Any, ...]) -> tuple[int, Simulation]:
    """One part of a split run, in a worker process: (its first game number, its result)."""
    return task[7], simulate(*task)


def _tally(result: Simulation, game: Game, levels: Sequence[str], timings: list[list[float]]) -> None:
    """Add a finished game's wins, scores, points per category and Plan goals to `result`."""
    winners = [s.seat for s in game.ranking() if s.place == 1]
    for seat, level in enumerate(levels):
        stats = result.levels[level]
        sheet = game.score(seat)
        stats.seat_games += 1
        stats.score_sum += sheet.total
        sums = stats.category_sums
        for name in CATEGORIES:
            sums[name] += getattr(sheet, name)
        if seat in winners:
            stats.wins += 1 / len(winners)
        stats.decision_seconds += timings[seat]
        plan = game.plans[seat]
        if plan is not None:
            result.plan_chosen[plan] = result.plan_chosen.get(plan, 0) + 1
            if game.plan_met(seat):
                result.plan_met[plan] = result.plan_met.get(plan, 0) + 1


def record_name(index: int) -> str:
    """The file name of game `index` (from 0) of a run's records."""
    return f"game-{index + 1:05d}.json"


def _record(deck: Deck, game: Game, levels: Sequence[str], seed: int, path: Path, overwrite: bool = False) -> None:
    """Save a finished game as a game record that `pier18 replay` can show."""
    names = [f"{level} {seat + 1}" for seat, level in enumerate(levels)]
    session = Session(deck, names, seed, seats=list(levels), decisions=game.decisions)
    try:
        record.save(session, path, overwrite=overwrite)
    except OSError as exc:  # a full disk: say which record could not be written
        raise OSError(exc.errno, exc.strerror or str(exc), str(path)) from None
