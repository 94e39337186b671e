"""`pier18 review FILE`: where each player lost points, decision by decision.

Every decision of the chosen seats (default: every person's seat, or every seat of a
game of bots only) is judged by the strongest bot from what its player knew then; the
table says what was chosen, what was best and what it cost, and a summary per seat the
points lost per phase, an accuracy and the biggest loss. `--hindsight` adds the same
judged with the real future known, in tables of their own. docs/review.md says how.

Imports nothing heavy at module level: the record, the bots and Rich load in `run`.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from ..engine import load_deck
from ..engine.errors import Pier18Error
from ..engine.text import name_key, printable, quote, shorten
from ..i18n import _, decimal, pgettext
from ..persist import record
from ..speech.moves import decision_text, short_decision
from ..speech.notices import at_least_one, jobs_over_cores
from ..speech.scores import MEASURE, decisions_count
from ..words import sampled_worlds
from .errors import need_output
from .parser import Commands, add_deck_option, file_name
from .play import check_seed

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Callable

    from rich.console import Console

    from ..engine import Deck
    from ..session import Session
    from ..review.model import Review

#: The most sampled worlds `--worlds` may ask for (64 is the default; 10,000 would take hours).
MAX_WORLDS = 10_000


def add_parser(sub: Commands) -> None:
    parser = sub.add_parser(
        "review",
        help=_("judge every decision of a saved game: the best choice, and the points each one lost"),
        description=_("Review a Pier 18 game record: each decision judged by the strongest bot from what its player knew."),
        epilog=_(
            "examples:\n"
            "  pier18 review game.json\n"
            "  pier18 review game.json --seat Ann --hindsight\n"
            "  pier18 review game.json --json --jobs 2\n"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", metavar="FILE", type=file_name, help=_("a game record or autosave (from play, host or simulate)"))
    parser.add_argument(
        "--seat", action="append", metavar="NAME",
        help=_("review this player's decisions (again for more; default: every human seat, or every seat if all are bots)"),
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object instead of the tables"))
    parser.add_argument(
        "--jobs", type=int, default=None, metavar="J",
        help=_("judge on J processes, at most one per core (the same review; default: every core)"),
    )
    parser.add_argument("--seed", type=int, default=0, metavar="S", help=_(
        "another sample of worlds (default 0: the worlds the hint h plays, so a hinted choice is the best, 0 lost)"
    ))
    parser.add_argument(
        "--worlds", type=int, default=None, metavar="N",
        help=_("sampled worlds per decision: more is steadier and slower (default 64)"),
    )
    parser.add_argument(
        "--hindsight", action="store_true",
        help=_("also judge each decision with everything known after the game (the real draws and Plans), apart"),
    )
    add_deck_option(parser, help=_("the deck file, for a record saved without its deck"), old_name=False)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:

    from ..review.judges import DEFAULT_WORLDS
    from ..review.run import decisions_to_review, default_seats, review_session
    from ..selfplay import cores

    # The numbers first: each is blamed on itself, before any file is read.
    jobs = cores() if args.jobs is None else args.jobs  # the review is the same on any number
    if jobs < 1:
        raise Pier18Error(at_least_one("--jobs", quote(jobs)))
    if jobs > cores():
        raise Pier18Error(jobs_over_cores(quote(jobs), cores()))
    check_seed(args.seed)
    worlds = DEFAULT_WORLDS if args.worlds is None else args.worlds
    if not 1 <= worlds <= MAX_WORLDS:
        raise Pier18Error(_("--worlds must be a whole number from 1 to {most:,}, got {got}").format(most=MAX_WORLDS, got=quote(worlds)))
    deck = None
    if args.deck is not None:

        deck = load_deck(args.deck)
    session = record.load(args.file, deck)
    seats = _seats(session, args.seat) if args.seat else default_seats(session)

    need_output()  # every input read: only now the closed output, if it is

    def review(on_decision: Callable[[], None] | None = None) -> Review:
        return review_session(
            session, seats, worlds=worlds, seed=args.seed, hindsight=args.hindsight, jobs=jobs,
            on_decision=on_decision,
        )

    if sys.stderr.isatty():
        result = _with_progress(review, len(decisions_to_review(session, seats)))
    else:  # nobody watches a bar on a pipe or a file
        result = review()
    if args.json:

        from ..review.report import review_json

        sys.stdout.write(json.dumps(review_json(result, session.deck), ensure_ascii=False) + "\n")
        return 0
    _print_review(result, session.deck, args.file)
    return 0


def _seats(session: Session, names: list[str]) -> list[int]:
    """The seats `--seat` names, or one line naming the one that names nobody."""

    keys = [name_key(name) for name in session.names]
    seats = []
    for name in names:
        key = name_key(printable(name))
        if key not in keys:
            raise Pier18Error(_("--seat {name}: no player of that name in this game (its players: {names})").format(name=quote(name), names=", ".join(session.names)))
        seats.append(keys.index(key))
    return seats


def _with_progress(review: Callable[[Callable[[], None]], Review], total: int) -> Review:
    """The review with a transient progress bar on stderr (a terminal)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    errors = Console(stderr=True)
    with Progress(
        TextColumn(_("reviewing")), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=errors, transient=True, disable=not errors.is_terminal,
    ) as progress:
        task = progress.add_task(_("reviewing"), total=total)
        return review(lambda: progress.advance(task))


_MARK_STYLES = {"best": "green", "good": "", "inaccuracy": "yellow", "mistake": "red", "blunder": "bold red"}


def _print_review(review: Review, deck: Deck, path: str) -> None:
    from rich.console import Console
    from rich.text import Text

    console = Console(markup=False, emoji=False, highlight=False)
    console.print(Text(review_title(printable(shorten(path)), review.judge, review.worlds, review.seed), style="bold"))
    note = _(
        "Ahead: the player's {measure} after the choice, as the hint ranks choices: {why}. "
        "Lost: the best choice's minus the choice made's."
    ).format(measure=_(MEASURE), why=_(
        "your final total minus the highest of the others' (below 0 when behind), averaged over deals of the "
        "cards you have not seen with the game played on by the bots' policy; ahead, not your own points, "
        "because a game is won by being ahead: a card that keeps a rival from points counts too"
    ))
    console.print(Text(note, style="dim"))
    _print_seats(console, review, deck, hindsight=False)
    if review.with_hindsight:
        console.print()
        console.print(Text(_(
            "HINDSIGHT: the same decisions judged with everything known after the game (the real draws, Plans and "
            "choices), which nobody knew when deciding"
        ), style="bold magenta"))
        console.print(Text(_(
            "Ahead: the player's points ahead of the best rival at the end after the choice in the real game, the "
            "others making their real decisions while they could and the player then following the bots' policy "
            "(so it can differ from how the game really ended)."
        ), style="dim"))
        _print_seats(console, review, deck, hindsight=True)


def _print_seats(console: Console, review: Review, deck: Deck, hindsight: bool) -> None:
    from rich.table import Table
    from rich.text import Text

    from ..speech.scores import (
        accuracy_line,
        biggest_mistake,
        expected_points,
        points_lost_line,
        review_columns,
        review_marks,
        review_phase,
    )

    marks = review_marks()
    for seat in review.seats:
        items = review.of_seat(seat)
        name = review.names[seat]
        if not items:
            console.print(Text(_("{name} has made no decision yet.").format(name=name)))
            continue
        table = Table(title=Text(_("{name} ({kind}): {decisions}").format(
            name=name, kind=pgettext("seat kind", "human") if review.kinds[seat] == "human" else review.kinds[seat],
            decisions=decisions_count(len(items)),
        )), title_justify="left")
        for index, heading in enumerate(
            ("#", _("phase"), _("choice made"), _("best in hindsight"), _("ahead"), _("lost"), _("mark"))
            if hindsight else review_columns()
        ):
            table.add_column(heading, justify="right" if index in (0, 4, 5) else "left")
        for item in items:
            verdict = item.verdict(hindsight)
            assert verdict is not None
            same = verdict.best.decision == verdict.chosen.decision
            table.add_row(
                str(item.number),
                Text(review_phase(item.phase, item.round)),
                Text(short_decision(deck, verdict.chosen.decision)),  # card names: the deck's words
                Text(_("the same") if same else short_decision(deck, verdict.best.decision)),
                expected_points(verdict.chosen.expected, verdict.best.expected),
                decimal(verdict.loss, 2),
                Text(marks[verdict.mark], style=_MARK_STYLES[verdict.mark]),
            )
        console.print(table)
        summary = review.summary(seat, hindsight)
        console.print(Text(points_lost_line(dict(summary.lost_by_phase), summary.lost, summary.decisions)))
        assert summary.accuracy is not None  # it made decisions
        console.print(Text(accuracy_line(summary.accuracy)))
        worst = summary.biggest
        if worst is None:
            console.print(Text(_("No decision lost any points.")))
        else:
            verdict = worst.verdict(hindsight)
            assert verdict is not None
            console.print(Text(biggest_mistake(
                worst.number, review_phase(worst.phase, worst.round), verdict.loss,
                decision_text(deck, verdict.chosen.decision), decision_text(deck, verdict.best.decision),
                worst.why(verdict.best.decision),
            )))
        console.print()


def review_title(where: str, judge: str, worlds: int, seed: int) -> str:
    """The review's first line: what was reviewed, and how."""
    return _(
        "Review of {where}: each decision judged by the {judge} bot from what its player knew then "
        "({worlds} a decision, seed {seed})"
    ).format(where=where, judge=judge, worlds=sampled_worlds(worlds), seed=seed)
