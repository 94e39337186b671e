"""`pier18 simulate`: seeded games between computer opponents, to compare levels and check the deck.

The human-readable output adds what balancing needs (Plan goal rates with their counts,
each category's share of the points); `--json` prints the one object scripts read.
"""

from __future__ import annotations

import argparse
from .parser import Commands, add_deck_option

from ..i18n import _, decimal

from ..engine.sizes import TABLE_SIZES, table_sizes_text

from typing import TYPE_CHECKING
if TYPE_CHECKING:  # pragma: no cover
    from ..selfplay.simulation import Simulation
    from pathlib import Path

    from rich.progress import Progress, TaskID

    from ..engine.deck import Deck


def add_parser(sub: Commands) -> None:
    parser = sub.add_parser(
        "simulate",
        help=_("play seeded games between bots and report wins, scores and Plan goal rates"),
        description=_("Play seeded games between computer opponents and report the results."),
        epilog=_(
            "examples:\n"
            "  pier18 simulate --players 2 --seats hard,greedy --games 200 --seed 1\n"
            "  pier18 simulate --players 3 --seats greedy,greedy,greedy --games 2000 --json\n"
            "  pier18 simulate --players 2 --seats hard,hard --games 400 --jobs 2\n"
            "  pier18 simulate --players 2 --seats greedy,random --games 10 --record-dir games/\n"
            "  pier18 simulate --balance --players 3 --jobs 2\n"
            "\n"
            "Game i is dealt with seed S+i and the seats rotate every game, so no level keeps the\n"
            "first seat. Bot levels: random, greedy, hard, expert.\n"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--players", type=int, default=2, metavar="2|3", help=_("players per game (default 2)"))
    parser.add_argument(
        "--seats", metavar="LEVEL,LEVEL[,LEVEL]", help=_("one bot level per seat (default: greedy for every seat)")
    )
    parser.add_argument(
        "--games", type=int, default=None, metavar="N",
        help=_("games to play (default 100); with --balance, deals per Plan card (default 150)"),
    )
    parser.add_argument("--seed", type=int, default=0, metavar="S", help=_("seed of the first game (default 0)"))
    add_deck_option(parser, help=_("another deck file (default: the game's own deck)"), old_name=False)
    parser.add_argument(
        "--record-dir", metavar="DIR",
        help=_("save every game as a record `pier18 replay` reads, as DIR/game-00001.json ... (DIR is made if "
        "its parent folder exists; records already there are never written over without --force)"),
    )
    parser.add_argument("--force", action="store_true", help=_("let --record-dir write over records already there"))
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        metavar="J",
        help=_("play on J processes, at most one per core (same games, same results; default 1)"),
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object instead of the table"))
    parser.add_argument(
        "--balance", action="store_true",
        help=_("make every Plan card be kept in its own deals (hard bots) and report its met rate and worth"),
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import json
    import sys
    from pathlib import Path

    from .errors import EXIT_INTERRUPTED
    from ..selfplay.simulation import parse_seats, simulate_parallel
    from ..engine import load_deck
    from ..engine.errors import Pier18Error
    from ..engine.text import quote
    from .. import words
    from ..speech.notices import at_least_one, interrupted, jobs_over_cores, players_must_be
    from ..i18n import _
    from .play import check_seed

    if args.balance:
        from .balance import run_balance

        return run_balance(args)
    if args.games is None:
        args.games = 100
    if args.players not in TABLE_SIZES:
        raise Pier18Error(players_must_be(table_sizes_text(), quote(args.players)))
    check_seed(args.seed, args.games)  # --games first, then --seed with it
    if args.jobs < 1:
        raise Pier18Error(at_least_one("--jobs", quote(args.jobs)))
    from ..selfplay import cores

    if args.jobs > cores():
        raise Pier18Error(jobs_over_cores(quote(args.jobs), cores()))
    seats = parse_seats(",".join(["greedy"] * args.players) if args.seats is None else args.seats, args.players)
    deck = load_deck(args.deck)
    if args.record_dir == "":
        raise Pier18Error(_("--record-dir needs the name of a folder"))
    record_dir = Path(args.record_dir) if args.record_dir is not None else None
    if record_dir is not None:
        _check_record_dir(record_dir, args.games, args.force)
    from .errors import need_output

    need_output()  # every input read: only now the closed output, if it is

    if sys.stderr.isatty():
        result = _simulate_with_progress(deck, seats, record_dir, args)
    else:  # nobody watches a bar on a pipe or a file: no rich to import, nothing to update
        result = simulate_parallel(
            deck, args.players, seats, args.games, args.seed, record_dir, jobs=args.jobs, overwrite=args.force
        )
    if result.games and args.json:
        sys.stdout.write(json.dumps(result.as_json()) + "\n")
    elif result.games:
        _print_tables(result, deck, args)
    if result.interrupted:
        sys.stdout.flush()
        print(interrupted(words.games_finished(result.games, args.games)), file=sys.stderr)
        return EXIT_INTERRUPTED
    return 0


def _check_record_dir(record_dir: Path, games: int, force: bool) -> None:
    """Before any game is played, one clear line (exit 2) if the records cannot go to
    `record_dir`: its parent folder is missing (only DIR itself is made), it is not a
    folder, it cannot be written, or (without `force`) it already holds a record this
    run would write over. Not an error in a worker later, nor a file lost."""
    import os
    import tempfile

    from ..engine.errors import Pier18Error
    from ..engine.text import printable, shorten
    from ..persist.files import folder_problem, why_not
    from ..words import records_taken
    from ..speech.notices import about

    where = _("--record-dir {path}").format(path=shorten(record_dir))
    if not record_dir.is_dir():
        problem = folder_problem(record_dir.parent)
        if problem is None and os.path.lexists(record_dir):
            problem = folder_problem(record_dir)
        if problem is not None:
            raise Pier18Error(about(where, printable(problem)))
    try:
        record_dir.mkdir(exist_ok=True)  # never its parents
        with tempfile.TemporaryFile(dir=record_dir):
            pass
    except OSError as exc:
        raise Pier18Error(_("{where}: cannot write records there ({why})").format(where=where, why=printable(why_not(exc, record_dir)))) from None
    taken = sorted(entry.name for entry in os.scandir(record_dir) if _is_record_name(entry.name, games))
    if not force:
        if taken:
            raise Pier18Error(records_taken(where, printable(taken[0]), len(taken) - 1))
        return
    from ..persist.lock import holder
    from ..speech.notices import open_elsewhere

    for name in taken:  # --force is for old records, never a game another terminal is playing
        pid = holder(record_dir / name)
        if pid is not None:
            raise Pier18Error(_("{where}: {name}: {open_elsewhere}; choose another folder").format(where=where, name=printable(name), open_elsewhere=open_elsewhere(pid)))


def _is_record_name(name: str, games: int) -> bool:
    """Whether `name` is the record file of one of a run's first `games` games."""
    from ..selfplay.simulation import record_name

    number = name.removeprefix("game-").removesuffix(".json")
    if not (number.isascii() and number.isdigit() and len(number) < 20):
        return False
    return 1 <= int(number) <= games and name == record_name(int(number) - 1)


def _simulate_with_progress(deck: Deck, seats: tuple[str, ...], record_dir: Path | None, args: argparse.Namespace) -> Simulation:
    """`simulate_parallel` with a transient progress bar on stderr (a terminal)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from ..selfplay.simulation import simulate_parallel

    errors = Console(stderr=True)
    with Progress(
        TextColumn(_("simulating")),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=errors,
        transient=True,
        disable=not errors.is_terminal,
    ) as progress:
        task = progress.add_task("games", total=args.games)
        return simulate_parallel(
            deck, args.players, seats, args.games, args.seed, record_dir,
            on_game=_Ticker(progress, task), jobs=args.jobs, overwrite=args.force,
        )


class _Ticker:
    """Moves the progress bar on at most ten times a second.

    Calling rich's `advance` after every game added about 4% to a random game; a hard
    game takes long enough that the bar still moves after each one.
    """

    def __init__(self, progress: Progress, task: TaskID) -> None:
        import time

        self._clock = time.monotonic
        self._progress, self._task = progress, task
        self._pending, self._last = 0, self._clock()

    def __call__(self, _index: int) -> None:
        self._pending += 1
        now = self._clock()
        if now - self._last >= 0.1:
            self._progress.advance(self._task, self._pending)
            self._pending, self._last = 0, now


def _print_tables(result: Simulation, deck: Deck, args: argparse.Namespace) -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from .. import words
    from ..speech.moves import card_label, goal_text
    from ..i18n import _

    console = Console()
    seats = ",".join(result.seats)
    levels = Table(title=words.simulation_title(result.games, result.players, seats, result.seed))
    for index, heading in enumerate((_("level"), _("wins"), _("win share"), _("mean score"), _("decision ms (median)"), _("decision ms (p95)"))):
        levels.add_column(heading, justify="left" if index == 0 else "right")
    for level, stats in result.levels.items():
        timing = stats.decision_ms()
        levels.add_row(
            level,
            f"{stats.wins:g}",
            decimal(stats.wins / result.games * 100, 1) + "%",
            decimal(stats.mean_score, 2),
            decimal(timing["median"], 2),
            decimal(timing["p95"], 2),
        )
    console.print(levels)

    plans = Table(title=_("Plan goals: share of games where the owner met it"))
    for index, heading in enumerate((_("card"), _("goal"), _("chosen"), _("met"), _("rate"))):
        plans.add_column(heading, justify="left" if index < 2 else "right")
    rates = result.goal_rate()
    for card_id, rate in rates.items():
        card = deck[card_id]
        goal = card.plan.goal_for(result.players)
        flag = "" if 0.10 <= rate <= 0.80 else "  " + _("(outside 10-80%)")
        plans.add_row(  # the deck's words as Text: brackets in a card name are not markup
            Text(card_label(card)),
            Text(goal_text(goal)),
            str(result.plan_chosen[card_id]),
            str(result.plan_met.get(card_id, 0)),
            f"{rate:.0%}{flag}",
        )
    console.print(plans)

    shares = Table(title=_("Where the points came from (all seats)"))
    for name in result.category_share():
        shares.add_column(name, justify="right")
    shares.add_row(*(f"{share:.0%}" for share in result.category_share().values()))
    console.print(shares)
    console.print(_("{rate} games per second").format(rate=decimal(result.games / result.seconds, 1)) if result.seconds else "")
