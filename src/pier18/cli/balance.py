"""`pier18 simulate --balance`: every Plan card kept by force, and what it is worth.

See `pier18.selfplay.balance`. The table shows, per Plan card, how often its goal is met
when a seat must keep it, and its worth (the keeping seat's mean total minus its mean
over the same deals chosen freely), against the ranges the deck is tuned to.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from .. import i18n
from ..engine import load_deck
from ..engine.errors import Pier18Error
from ..engine.sizes import TABLE_SIZES, table_sizes_text
from ..engine.text import quote
from ..i18n import _, decimal, ngettext
from ..speech.moves import card_label, goal_text
from ..speech.notices import at_least_one, games_out_of_range, interrupted, jobs_over_cores, players_must_be
from .errors import EXIT_INTERRUPTED, need_output
from .play import MAX_GAMES

if TYPE_CHECKING:  # pragma: no cover
    from ..selfplay.balance import Balance
    from ..engine.deck import Deck


def run_balance(args: argparse.Namespace) -> int:

    from ..selfplay.balance import DEFAULT_DEALS, balance
    from ..selfplay import cores

    if args.players not in TABLE_SIZES:
        raise Pier18Error(players_must_be(table_sizes_text(), quote(args.players)))
    deals = DEFAULT_DEALS if args.games is None else args.games
    if not 1 <= deals <= MAX_GAMES:
        raise Pier18Error(games_out_of_range(MAX_GAMES, quote(deals)))
    if args.jobs < 1:
        raise Pier18Error(at_least_one("--jobs", quote(args.jobs)))
    if args.jobs > cores():
        raise Pier18Error(jobs_over_cores(quote(args.jobs), cores()))
    if args.seats or args.record_dir:
        raise Pier18Error(_("--balance seats hard bots everywhere and keeps no records: drop --seats and --record-dir"))
    deck = load_deck(args.deck)

    need_output()  # every input read: only now the closed output, if it is
    tasks = len(deck) * deals
    try:
        if sys.stderr.isatty():
            result = _with_progress(deck, args.players, deals, args.seed, args.jobs, tasks)
        else:
            result = balance(deck, args.players, deals, args.seed, args.jobs)
    except KeyboardInterrupt:
        print(interrupted(_("a balance run reports only when every deal is played")), file=sys.stderr)

        return EXIT_INTERRUPTED
    if args.json:
        sys.stdout.write(json.dumps(result.as_json(deck)) + "\n")
    else:
        sys.stdout.write(render(result, deck))
    return 0


def _with_progress(deck: Deck, players: int, deals: int, seed: int, jobs: int, tasks: int) -> Balance:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from ..selfplay.balance import balance

    errors = Console(stderr=True)
    with Progress(
        TextColumn(_("forced Plans")), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=errors, transient=True,
    ) as progress:
        task = progress.add_task("deals", total=tasks)
        return balance(deck, players, deals, seed, jobs, on_task=lambda done: progress.update(task, completed=done))


#: The widths of the report's card and goal columns (a longer name or goal is cut):
#: the shipped deck's longest goal, "At least 7 empty slots in a row on one side", fits.
CARD_WIDTH, GOAL_WIDTH = 21, 44


def render(result: Balance, deck: Deck) -> str:
    """The plain-text report (docs/balance.md carries it as it is)."""
    from ..selfplay.balance import MET_RANGE, SHARE_RANGE, WORTH_SPREAD

    mean = result.mean_worth()
    problems = result.problems()
    card, goal, met, worth, vs_mean, margin, kept = (_("card"), _("goal"), _("met"), _("worth"), _("vs mean"), "+-", _("kept"))
    lines = [
        *balance_head(
            result.players, result.deals, result.seed, result.worlds, result.width, MET_RANGE, result.met_margin(),
            WORTH_SPREAD, mean,
        ),
        "",
        f"{card:<{CARD_WIDTH}} {goal:<{GOAL_WIDTH}} {met:>4} {worth:>6} {vs_mean:>7} {margin:>4} {kept:>4}",
    ]
    for card_id, r in sorted(result.cards.items()):
        flag = "  <- " + ", ".join(problems[card_id]) if card_id in problems else ""
        name = card_label(deck[card_id])
        goal = goal_text(deck[card_id].plan.goal_for(result.players))
        worth_, vs, plus_minus = decimal(r.worth, 2, sign=True), decimal(r.worth - mean, 2, sign=True), decimal(r.worth_margin(), 1)
        lines.append(
            f"{name[:CARD_WIDTH]:<{CARD_WIDTH}} {goal[:GOAL_WIDTH]:<{GOAL_WIDTH}} {r.met_rate:>4.0%} {worth_:>6} {vs:>7} "
            f"{plus_minus:>4} {r.free_kept / r.deals:>4.0%}{flag}"
        )
    bad = result.bad_shares()
    lines += [
        "",
        _("share of character points (free games, every seat), target {low:.0%}-{high:.0%}:").format(low=SHARE_RANGE[0], high=SHARE_RANGE[1]),
        "  " + "  ".join(f"{name} {decimal(share * 100, 1)}%{' <-' if name in bad else ''}" for name, share in result.shares().items()),
        "",
        _("every Plan and category in range") if not problems and not bad else _("OUT OF RANGE: see the rows marked <-"),
    ]
    return "\n".join(lines) + "\n"


def balance_head(
    players: int, deals: int, seed: int, worlds: int, width: int, met: tuple[float, float], margin: float,
    spread: float, mean: float,
) -> list[str]:
    """The `simulate --balance` report's first lines: how it was played, and what its columns mean."""
    return [
        ngettext(
            "Forced Plans, {players} players: {n} deal per Plan card, seed {seed},",
            "Forced Plans, {players} players: {n} deals per Plan card, seed {seed},",
            deals,
        ).format(players=players, n=deals, seed=seed),
        _("hard bots (worlds {worlds}, width {width}) in every seat.").format(worlds=worlds, width=width),
        _("met: goal met in forced games, target {low:.0%}-{high:.0%} (95% margin at most +-{margin}%)").format(
            low=met[0], high=met[1], margin=i18n.decimal(margin * 100, 1)
        ),
        _("worth: mean total keeping the Plan minus choosing freely, same deals;"),
        _("  target: within +-{spread} of the mean of all Plans ({mean}); +- is its 95% margin").format(
            spread=i18n.decimal(spread, 1), mean=i18n.decimal(mean, 2, sign=True)
        ),
        _("kept: share of the free games where the seat kept this Plan anyway"),
    ]
