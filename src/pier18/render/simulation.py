"""`pier18 simulate`'s drawing: the progress bar on a terminal, and the tables of results."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from .. import words
from ..engine.deck import Deck
from ..i18n import _, decimal
from ..selfplay.simulation import Simulation, simulate_parallel
from ..speech.moves import card_label, goal_text


def simulate_with_progress(deck: Deck, seats: tuple[str, ...], record_dir: Path | None, args: argparse.Namespace) -> Simulation:
    """`simulate_parallel` with a transient progress bar on stderr (a terminal)."""
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
            on_game=Ticker(progress, task), jobs=args.jobs, overwrite=args.force,
        )


class Ticker:
    """Moves the progress bar on at most ten times a second.

    Calling rich's `advance` after every game added about 4% to a random game; a hard
    game takes long enough that the bar still moves after each one.
    """

    def __init__(self, progress: Progress, task: TaskID) -> None:
        self._clock = time.monotonic
        self._progress, self._task = progress, task
        self._pending, self._last = 0, self._clock()

    def __call__(self, _index: int) -> None:
        self._pending += 1
        now = self._clock()
        if now - self._last >= 0.1:
            self._progress.advance(self._task, self._pending)
            self._pending, self._last = 0, now


def print_tables(result: Simulation, deck: Deck, args: argparse.Namespace) -> None:
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
