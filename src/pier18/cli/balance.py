"""`pier18 simulate --balance`: every Plan card kept by force, and what it is worth.

See `pier18.selfplay.balance`. The table shows, per Plan card, how often its goal is met
when a seat must keep it, and its worth (the keeping seat's mean total minus its mean
over the same deals chosen freely), against the ranges the deck is tuned to.
"""

from __future__ import annotations

from ..engine.sizes import TABLE_SIZES, table_sizes_text

TYPE_CHECKING = False
if TYPE_CHECKING:  # pragma: no cover
    import argparse

    from ..selfplay.balance import Balance
    from ..engine.deck import Deck


def run_balance(args: argparse.Namespace) -> int:
    import json
    import sys

    from ..selfplay.balance import DEFAULT_DEALS, balance
    from ..engine import load_deck
    from ..engine.errors import Pier18Error
    from ..engine.text import quote
    from ..selfplay import cores
    from .play import MAX_GAMES

    if args.players not in TABLE_SIZES:
        raise Pier18Error(f"--players must be {table_sizes_text()}, not {quote(args.players)}")
    deals = DEFAULT_DEALS if args.games is None else args.games
    if not 1 <= deals <= MAX_GAMES:
        raise Pier18Error(f"--games must be a whole number from 1 to {MAX_GAMES:,}, not {quote(deals)}")
    if args.jobs < 1:
        raise Pier18Error(f"--jobs must be at least 1, not {quote(args.jobs)}")
    if args.jobs > cores():
        raise Pier18Error(f"--jobs {quote(args.jobs)} is more than the {cores()} core(s) here")
    if args.seats or args.record_dir:
        raise Pier18Error("--balance seats hard bots everywhere and keeps no records: drop --seats and --record-dir")
    deck = load_deck(args.deck)
    tasks = len(deck) * deals
    try:
        if sys.stderr.isatty():
            result = _with_progress(deck, args.players, deals, args.seed, args.jobs, tasks)
        else:
            result = balance(deck, args.players, deals, args.seed, args.jobs)
    except KeyboardInterrupt:
        print("pier18: interrupted: a balance run reports only when every deal is played", file=sys.stderr)
        from .errors import EXIT_INTERRUPTED

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
        TextColumn("forced Plans"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=errors, transient=True,
    ) as progress:
        task = progress.add_task("deals", total=tasks)
        return balance(deck, players, deals, seed, jobs, on_task=lambda done: progress.update(task, completed=done))


def render(result: Balance, deck: Deck) -> str:
    """The plain-text report (docs/balance.md carries it as it is)."""
    from ..selfplay.balance import MET_RANGE, SHARE_RANGE, WORTH_SPREAD

    mean = result.mean_worth()
    problems = result.problems()
    lines = [
        f"Forced Plans, {result.players} players: {result.deals} deals per Plan card, seed {result.seed},",
        f"hard bots (worlds {result.worlds}, width {result.width}) in every seat.",
        f"met: goal met in forced games, target {MET_RANGE[0]:.0%}-{MET_RANGE[1]:.0%} "
        f"(95% margin at most +-{result.met_margin():.1%})",
        "worth: mean total keeping the Plan minus choosing freely, same deals;",
        f"  target: within +-{WORTH_SPREAD} of the mean of all Plans ({mean:+.2f}); +- is its 95% margin",
        "kept: share of the free games where the seat kept this Plan anyway",
        "",
        f"{'card':<21} {'goal':<40} {'met':>4} {'worth':>6} {'vs mean':>7} {'+-':>4} {'kept':>4}",
    ]
    for card, r in sorted(result.cards.items()):
        flag = "  <- " + ", ".join(problems[card]) if card in problems else ""
        name = f"#{card} {deck[card].name}"
        goal = deck[card].plan.goal_for(result.players).text
        lines.append(
            f"{name[:21]:<21} {goal[:40]:<40} {r.met_rate:>4.0%} {r.worth:>+6.2f} {r.worth - mean:>+7.2f} "
            f"{r.worth_margin():>4.1f} {r.free_kept / r.deals:>4.0%}{flag}"
        )
    bad = result.bad_shares()
    lines += [
        "",
        f"share of character points (free games, every seat), target {SHARE_RANGE[0]:.0%}-{SHARE_RANGE[1]:.0%}:",
        "  " + "  ".join(f"{name} {share:.1%}{' <-' if name in bad else ''}" for name, share in result.shares().items()),
        "",
        "every Plan and category in range" if not problems and not bad else "OUT OF RANGE: see the rows marked <-",
    ]
    return "\n".join(lines) + "\n"
