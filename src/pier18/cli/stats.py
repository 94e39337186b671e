"""`pier18 stats`: your record from the games saved on this machine.

Games, wins and mean score by the bots you played and the table size, the Plans you
kept and how often you met them, and an Elo estimate against the bots' ladder. Each
game counts once however many times it was saved (`persist.history`); a file that
cannot be read is one line on standard error and is otherwise left alone.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:  # pragma: no cover
    import argparse

    from ..persist.history import History


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from .parser import file_name

    parser = sub.add_parser(
        "stats",
        help="your record: wins and scores by opponent, Plans met, an Elo estimate",
        description=(
            "Your record from the games saved on this machine: games, wins and mean score by opponent "
            "level and table size, the Plans you kept and how often you met them, and an Elo estimate "
            "against the bots' ladder. Each game counts once, however often it was saved."
        ),
    )
    parser.add_argument(
        "paths", nargs="*", metavar="PATH", type=file_name,
        help="also read these game records, or folders of them (copies kept elsewhere)",
    )
    parser.add_argument("--name", help="count only the seats of this player (any case); default: every person's seat")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import sys
    from pathlib import Path

    from ..engine.text import printable
    from ..persist import autosave, history

    if args.name is not None and not printable(args.name).strip():
        from .errors import CliError
        from ..words import STATS_NAME_EMPTY

        raise CliError(STATS_NAME_EMPTY)
    saves, skipped = history.from_saved(autosave.saved_games())
    more, unread = history.read(Path(path) for path in args.paths)
    found = history.tally(saves + more, skipped + unread, args.name)
    from .errors import need_output

    need_output()  # every input read: only now the closed output, if it is
    from ..words import stats_skipped

    for problem in found.skipped:
        print(stats_skipped(printable(str(problem.path)), printable(problem.reason)), file=sys.stderr)
    if args.json:
        import json

        print(json.dumps(as_json(found), indent=1, ensure_ascii=False))
        return 0
    _print(found, printable(str(autosave.games_dir())))
    return 0


def as_json(found: History) -> dict[str, object]:
    """The `pier18 stats --json` object."""
    elo = found.elo()
    return {
        "games": found.games,
        "unfinished": found.unfinished,
        "players": dict(sorted(found.players.items())),
        "tables": [
            {
                "opponents": opponents,
                "players": players,
                "games": tally.games,
                "wins": round(tally.wins, 3),
                "mean_score": round(tally.mean_score, 2),
            }
            for (opponents, players), tally in sorted(found.by_table.items(), key=_table_order)
        ],
        "plans": [
            {"card": card, "name": name, "kept": tally.kept, "met": tally.met}
            for (card, name), tally in sorted(found.plans.items())
        ],
        "elo": None if elo is None else {
            "rating": round(elo.rating), "low": round(elo.low), "high": round(elo.high), "results": elo.results,
        },
        "skipped": [{"file": str(problem.path), "reason": problem.reason} for problem in found.skipped],
    }


def _table_order(item: tuple[tuple[str, int], object]) -> tuple[int, str]:
    (opponents, players), _ = item
    return players, opponents


def _print(found: History, folder: str) -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from ..words import (
        LEVEL_STRENGTH, STATS_BY_TABLE, STATS_PLAN_COLUMNS, STATS_PLANS, STATS_TABLE_COLUMNS, elo_line,
        players_counted, stats_headline,
    )

    console = Console(highlight=False)
    console.print(Text(stats_headline(found.games, found.unfinished, folder)))
    if not found.games:
        return
    console.print(Text(players_counted(sorted(found.players.items()))))
    tables = Table(title=STATS_BY_TABLE)
    for number, heading in enumerate(STATS_TABLE_COLUMNS):
        tables.add_column(heading, justify="left" if number == 0 else "right")
    for (opponents, players), tally in sorted(found.by_table.items(), key=_table_order):
        tables.add_row(
            Text(opponents), str(players), str(tally.games), f"{tally.wins:g}",
            f"{tally.wins / tally.games:.0%}", f"{tally.mean_score:.1f}",
        )
    console.print(tables)
    if found.plans:
        plans = Table(title=STATS_PLANS)
        for number, heading in enumerate(STATS_PLAN_COLUMNS):
            plans.add_column(heading, justify="left" if number == 0 else "right")
        for (card, name), plan in sorted(found.plans.items()):
            plans.add_row(Text(f"#{card} {name}"), str(plan.kept), str(plan.met), f"{plan.met / plan.kept:.0%}")
        console.print(plans)
    ladder = {level: elo for level, (elo, _) in LEVEL_STRENGTH.items()}
    elo = found.elo()
    console.print(Text(elo_line(None if elo is None else (elo.rating, elo.low, elo.high, elo.results), ladder)))
