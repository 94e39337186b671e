"""`pier18 stats`: your record from the games saved on this machine.

Games, wins and mean score by the bots you played and the table size, the Plans you
kept and how often you met them, and an Elo estimate against the bots' ladder once
there are enough games for it to mean something. Each game counts once however many
times it was saved (`persist.history`); a file that cannot be read is one line on
standard error and is otherwise left alone.

Your seats are those of the names given with `--name` (once per name), or else of the
names that played alone against bots in a game saved on this machine (see
`persist.history`); the output says which, and names the others it left out. The
lesson is a line of its own, outside the record.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.text import printable
from ..i18n import _, decimal, ngettext, pgettext
from ..persist import autosave, history, listing
from ..persist.lesson import lesson_save
from ..speech.moves import card_name
from ..speech.people import LEVEL_STRENGTH, players_list
from ..speech.scores import points
from .errors import CliError, need_output
from .parser import Commands, file_name

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Sequence

    from ..persist.history import History, Lesson


def add_parser(sub: Commands) -> None:
    parser = sub.add_parser(
        "stats",
        help=_("your record: wins and scores by opponent, Plans met, an Elo estimate"),
        description=_(
            "Your record from the games saved on this machine: games, wins and mean score by opponent "
            "level and table size, the Plans you kept and how often you met them, and an Elo estimate "
            "against the bots' ladder. Each game counts once, however often it was saved."
        ),
    )
    parser.add_argument(
        "paths", nargs="*", metavar="PATH", type=file_name,
        help=_("also read these game records, or folders of them (copies kept elsewhere)"),
    )
    parser.add_argument(
        "--name", action="append", metavar="NAME",
        help=_("count the seats of this name (any case); once per name you play under. Default: the names that "
        "played alone against bots on this machine"),
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object instead of tables"))
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:

    given: list[str] | None = args.name
    if given is not None and any(not printable(name).strip() for name in given):

        raise CliError(_("--name needs a player's name, as the games show it"))
    saves, skipped = history.from_saved(listing.listed_games())
    more, unread = history.read(Path(path) for path in args.paths)
    names = given if given is not None else history.alone_among_bots(saves)  # this machine's games only
    found = history.tally(saves + more, skipped + unread, names)

    lesson_path = lesson_save()
    lesson = history.lesson(autosave.load_saved(lesson_path) if lesson_path.is_file() else None)

    need_output()  # every input read: only now the closed output, if it is

    for problem in found.skipped:
        print(
            _("pier18 stats: skipped {path}: {reason}").format(path=printable(str(problem.path)), reason=printable(problem.reason)),
            file=sys.stderr,
        )
    if args.json:

        print(json.dumps(as_json(found, names, given is not None, lesson), indent=1, ensure_ascii=False))
        return 0
    _print(found, printable(str(autosave.games_dir())), given is not None, lesson)
    return 0


def as_json(found: History, names: Sequence[str] = (), given: bool = True, lesson: Lesson | None = None) -> dict[str, object]:
    """The `pier18 stats --json` object."""
    elo = found.elo()
    return {
        "games": found.games,
        "unfinished": found.unfinished,
        "you": {"names": list(names), "from": "--name" if given else "alone_against_bots"},
        "players": dict(sorted(found.players.items())),
        "others": dict(sorted(found.others.items())),
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
            "shown": elo.shown, "more_games": found.more_games(elo),
        },
        "lesson": None if lesson is None else {
            "finished": lesson.finished, "decisions": lesson.decisions, "total": lesson.total, "won": lesson.won,
        },
        "skipped": [{"file": str(problem.path), "reason": problem.reason} for problem in found.skipped],
    }


def _table_order(item: tuple[tuple[str, int], object]) -> tuple[int, str]:
    (opponents, players), _count = item
    return players, opponents


def _print(found: History, folder: str, given: bool = True, lesson: Lesson | None = None) -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text


    console = Console(highlight=False)
    others = sorted(found.others, key=str.casefold)
    if not found.games and others:  # games saved, none of them yours as far as stats can tell
        console.print(Text(nobody_counted(others, given)))
    else:
        console.print(Text(stats_headline(found.games, found.unfinished, folder)))
    if lesson is not None:
        console.print(Text(lesson_line(lesson.finished, lesson.decisions, lesson.total, lesson.won)))
    if not found.games:
        return
    console.print(Text(players_counted(sorted(found.players.items()), given, others)))
    tables = Table(title=_("By opponents and table size"))
    columns = (_("opponents"), _("players"), _("games"), _("wins"), _("win share"), _("mean score"))
    for number, heading in enumerate(columns):
        tables.add_column(heading, justify="left" if number == 0 else "right")
    for (opponents, players), tally in sorted(found.by_table.items(), key=_table_order):
        tables.add_row(
            Text(_opponents_shown(opponents)), str(players), str(tally.games), f"{tally.wins:g}",
            f"{tally.wins / tally.games:.0%}", decimal(tally.mean_score, 1),
        )
    console.print(tables)
    if found.plans:
        plans = Table(title=_("Plans kept"))
        for number, heading in enumerate((_("card"), _("kept"), _("met"), _("rate"))):
            plans.add_column(heading, justify="left" if number == 0 else "right")
        for (card, name), plan in sorted(found.plans.items()):
            plans.add_row(Text(f"#{card} {card_name(name)}"), str(plan.kept), str(plan.met), f"{plan.met / plan.kept:.0%}")
        console.print(plans)
    ladder = {level: elo for level, (elo, _unused) in LEVEL_STRENGTH.items()}
    elo = found.elo()
    if elo is not None and not elo.shown:
        console.print(Text(elo_not_yet(elo.results, elo.low, elo.high, found.more_games(elo))))
        return
    console.print(Text(elo_line(None if elo is None else (elo.rating, elo.low, elo.high, elo.results), ladder)))


def _opponents_shown(opponents: str) -> str:
    """A table's opponents as the record groups them ("hard+people"), each in words a
    person reads: bot levels by their names (the words --level takes), other people as
    such, in the language spoken. The key itself stays as it is in --json."""

    return "+".join(pgettext("opponents", "people") if kind == "people" else kind for kind in opponents.split("+"))


def stats_headline(games: int, unfinished: int, folder: str) -> str:
    """The first line of `pier18 stats`."""
    if not games and not unfinished:
        return _("No finished games saved in {folder} yet; 'pier18 play' starts one.").format(folder=folder)
    saved = ngettext(
        "{n} finished game saved on this machine", "{n} finished games saved on this machine", games
    ).format(n=games)
    if unfinished:
        return ngettext(
            "Your record: {saved} ({folder}); {n} unfinished game not counted yet.",
            "Your record: {saved} ({folder}); {n} unfinished games not counted yet.",
            unfinished,
        ).format(saved=saved, folder=folder, n=unfinished)
    return _("Your record: {saved} ({folder}).").format(saved=saved, folder=folder)


def players_counted(players: Sequence[tuple[str, int]], given: bool = True, others: Sequence[str] = ()) -> str:
    """Whose games `pier18 stats` counted: 'Counted: Ann (5 games), Bob (1 game).'; when
    no `--name` was `given`, why those names, and the other people at their tables."""
    counted = ", ".join(
        _("{name} ({games})").format(name=name, games=ngettext("{n} game", "{n} games", games).format(n=games))
        for name, games in players
    )
    if given:
        return _("Counted: {counted}.").format(counted=counted)
    if others:
        return _(
            "Counted: {counted} — the names that played alone against bots on this machine; "
            "not counted: {others}, who played at your tables. --name NAME (once per name) counts those names instead."
        ).format(counted=counted, others=players_list(list(others)))
    return _(
        "Counted: {counted} — the names that played alone against bots on this machine. "
        "--name NAME (once per name) counts those names instead."
    ).format(counted=counted)


def nobody_counted(names: Sequence[str], given: bool) -> str:
    """`pier18 stats` found finished games but no seat of the names it counts."""
    found = _(" (names in the games: {names})").format(names=players_list(list(names))) if names else ""
    if given:
        return _("No finished game has a seat of the names given{found}.").format(found=found)
    return _(
        "No saved game was played alone against bots on this machine, so whose record this is "
        "is not known{found}: give your names with --name NAME, once per name."
    ).format(found=found)


def lesson_line(finished: bool, decisions: int, total: int | None, won: bool | None) -> str:
    """`pier18 stats`' line for the guided first game, counted apart from the record."""
    if not finished:
        made = ngettext("{n} decision made", "{n} decisions made", decisions).format(n=decisions)
        return _("The lesson (not in your record): under way, {made}; 'pier18 learn' goes on with it.").format(made=made)
    if won:
        return _("The lesson (not in your record): finished, {points}, you came first.").format(points=points(total or 0))
    return _("The lesson (not in your record): finished, {points}, the bot came first.").format(points=points(total or 0))


def elo_not_yet(results: int, low: float, high: float, games: int) -> str:
    """An Elo estimate not shown: too few results for its interval to mean something."""
    counted = ngettext("{n} result", "{n} results", results).format(n=results)
    more = ngettext("about {n} more game", "about {n} more games", games).format(n=games)
    return _(
        "Elo estimate: not yet. From {counted} against bots it could be anywhere from {low:.0f} to {high:.0f}; "
        "{more} against bots will narrow it enough to show."
    ).format(counted=counted, low=low, high=high, more=more)


def elo_line(estimate: tuple[float, float, float, int] | None, ladder: dict[str, int]) -> str:
    """Where the player stands on the bots' ladder: (rating, low, high, results) or None."""
    rungs = ", ".join(f"{level} {elo}" for level, elo in ladder.items())
    if estimate is None:
        return _("Elo estimate: play a bot to get one (the ladder: {rungs}).").format(rungs=rungs)
    rating, low, high, results = estimate
    return ngettext(
        "Elo estimate: {rating:.0f} (95% between {low:.0f} and {high:.0f}, from {n} result against bots; the ladder: {rungs}).",
        "Elo estimate: {rating:.0f} (95% between {low:.0f} and {high:.0f}, from {n} results against bots; the ladder: {rungs}).",
        results,
    ).format(rating=rating, low=low, high=high, n=results, rungs=rungs)

