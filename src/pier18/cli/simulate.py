"""`pier18 simulate`: seeded games between computer opponents, to compare levels and check the deck.

The human-readable output adds what balancing needs (Plan goal rates with their counts,
each category's share of the points); `--json` prints the one object scripts read.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..app.simulating import check_record_dir
from ..engine import load_deck
from ..engine.errors import Pier18Error
from ..engine.sizes import TABLE_SIZES, table_sizes_text
from ..engine.text import quote
from ..i18n import _, ngettext
from ..selfplay import cores
from ..selfplay.simulation import parse_seats, simulate_parallel
from ..speech.notices import at_least_one, interrupted, jobs_over_cores, players_must_be
from .balance import run_balance
from .errors import EXIT_INTERRUPTED, need_output
from .parser import Commands, add_deck_option
from .play import check_seed


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
    from ..selfplay.simulation import parse_seats, simulate_parallel

    if args.balance:
        return run_balance(args)
    if args.games is None:
        args.games = 100
    if args.players not in TABLE_SIZES:
        raise Pier18Error(players_must_be(table_sizes_text(), quote(args.players)))
    check_seed(args.seed, args.games)  # --games first, then --seed with it
    if args.jobs < 1:
        raise Pier18Error(at_least_one("--jobs", quote(args.jobs)))
    if args.jobs > cores():
        raise Pier18Error(jobs_over_cores(quote(args.jobs), cores()))
    seats = parse_seats(",".join(["greedy"] * args.players) if args.seats is None else args.seats, args.players)
    deck = load_deck(args.deck)
    if args.record_dir == "":
        raise Pier18Error(_("--record-dir needs the name of a folder"))
    record_dir = Path(args.record_dir) if args.record_dir is not None else None
    if record_dir is not None:
        check_record_dir(record_dir, args.games, args.force)
    need_output()  # every input read: only now the closed output, if it is

    if sys.stderr.isatty():
        from ..render.simulation import simulate_with_progress  # Rich: only for a bar on a terminal

        result = simulate_with_progress(deck, seats, record_dir, args)
    else:  # nobody watches a bar on a pipe or a file: no rich to import, nothing to update
        result = simulate_parallel(
            deck, args.players, seats, args.games, args.seed, record_dir, jobs=args.jobs, overwrite=args.force
        )
    if result.games and args.json:
        sys.stdout.write(json.dumps(result.as_json()) + "\n")
    elif result.games:
        from ..render.simulation import print_tables  # Rich: only for the drawn tables

        print_tables(result, deck, args)
    if result.interrupted:
        sys.stdout.flush()
        print(interrupted(games_finished(result.games, args.games)), file=sys.stderr)
        return EXIT_INTERRUPTED
    return 0


def games_finished(finished: int, games: int) -> str:
    if not finished:
        return _("no game finished")
    return ngettext("{finished} of {n} game finished", "{finished} of {n} games finished", games).format(finished=finished, n=games)
