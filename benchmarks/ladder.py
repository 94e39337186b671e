"""The bots' ladder: duplicate deals between the levels, with 95% intervals. Not a test.

    python benchmarks/ladder.py --players 2 --deals 200 --jobs 2          # every pairing
    python benchmarks/ladder.py --players 3 --pairs hard-expert --deals 150
    python benchmarks/ladder.py --players 2 --pairs hard-expert --save runs/2p.json
    python benchmarks/ladder.py --load runs/2p.json runs/3p.json           # print saved runs again

Each pairing A-B plays the same deals, every deal with the seats rotated through every
arrangement: at 2 players A,B and B,A; at 3 players each distinct order of A,B,B and of
A,A,B (six games). Deal `i` of a run with seed `S` is dealt with seed `S + i` and a
bot in seat `s` is seeded `10 * (S + i) + s`, so a run is the same whatever `--jobs`.

For each pairing it prints A's win rate against B (at 3 players: the share of A-B seat
pairs where A's seat finished above, a shared place counting half) and A's mean score
minus B's, each with a 95% interval taken over deals: the games of one deal share its
luck, so the deal, not the game, is the unit (mean of the deal means, plus or minus
1.96 standard errors). The Elo ladder (`hard` fixed at 1500) is fitted to every pairing's win
rate by maximum likelihood (a Bradley-Terry model with the logistic curve of Elo), with
half a drawn game added per pairing so that a clean sweep stays finite; its intervals
are the 2.5% and 97.5% points of the ratings refitted on 400 bootstrap resamples of the
deals of each pairing.

Decision time is per decision of each level, as CPU time of the deciding thread (so a
busy machine does not make a bot look slow) and as wall time.

A level may carry settings, for trying them: `expert:iterations=200`, `hard:worlds=64`;
`clairvoyant` is a seat that sees the whole deal (benchmarks/clairvoyant.py), there to
measure how much the game rewards knowing everything; it is not a level of the game.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import platform
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from pier18.bots import LEVELS, make_bot  # noqa: E402
from pier18.engine import Game, PlayerView, load_deck  # noqa: E402

BOOTSTRAP = 400
PRIOR_GAMES = 0.5
#: The ladder's fixed point: the default level, at the rating chess clubs give a beginner.
ANCHOR, ANCHOR_ELO = "hard", 1500.0


# -- playing ----------------------------------------------------------------------------


def make_seat(spec: str, seed: int) -> Any:
    """A bot from `level` or `level:key=value,...` (numbers read as numbers)."""
    level, _, settings = spec.partition(":")
    options: dict[str, Any] = {}
    for item in filter(None, settings.split(",")):
        key, _, value = item.partition("=")
        options[key] = _number(value)
    if level == "clairvoyant":
        from clairvoyant import Clairvoyant

        return Clairvoyant(seed, **options)
    if not options:
        return make_bot(level, seed)
    if level == "hard":
        from pier18.bots.hard import HardBot

        return HardBot(seed, **options)
    if level == "expert":
        from pier18.bots.expert import ExpertBot

        return ExpertBot(seed, **options)
    raise SystemExit(f"ladder: {level} takes no settings")


def _number(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def arrangements(a: str, b: str, players: int) -> list[tuple[str, ...]]:
    """Every seating of a deal: A,B and B,A; or each distinct order of A,B,B and A,A,B."""
    if players == 2:
        return [(a, b), (b, a)]
    return sorted(set(itertools.permutations((a, b, b)))) + sorted(set(itertools.permutations((a, a, b))))


def play_game(deck: Any, seats: tuple[str, ...], seed: int) -> dict[str, Any]:
    """One game: each seat's total and place, and each decision's times by seat."""
    bots = [make_seat(spec, seed * 10 + seat) for seat, spec in enumerate(seats)]
    game = Game(deck, len(seats), seed)
    cpu: list[list[float]] = [[] for _ in seats]
    wall: list[list[float]] = [[] for _ in seats]
    while not game.is_terminal():
        seat = game.current_player
        view = PlayerView.of(game, seat)
        started, started_cpu = time.perf_counter(), time.thread_time()
        bot = bots[seat]
        decision = bot.choose_seeing(game) if hasattr(bot, "choose_seeing") else bot.choose(view)
        cpu[seat].append(time.thread_time() - started_cpu)
        wall[seat].append(time.perf_counter() - started)
        game.apply(decision)
    places = {s.seat: s.place for s in game.ranking()}
    return {
        "totals": [game.score(s).total for s in range(len(seats))],
        "places": [places[s] for s in range(len(seats))],
        "cpu": cpu,
        "wall": wall,
    }


def play_deal(task: tuple[str | None, str, str, int, int]) -> dict[str, Any]:
    """Every arrangement of one deal: A's win share and score difference over them."""
    deck_path, a, b, players, seed = task
    deck = load_deck(deck_path)
    shares: list[float] = []
    diffs: list[float] = []
    times: dict[str, dict[str, list[float]]] = {a: {"cpu": [], "wall": []}, b: {"cpu": [], "wall": []}}
    for seats in arrangements(a, b, players):
        game = play_game(deck, seats, seed)
        mine = [s for s, spec in enumerate(seats) if spec == a]
        theirs = [s for s, spec in enumerate(seats) if spec == b]
        pairs = [(m, t) for m in mine for t in theirs]
        places = game["places"]
        shares.append(sum(1.0 if places[m] < places[t] else 0.5 if places[m] == places[t] else 0.0 for m, t in pairs) / len(pairs))
        totals = game["totals"]
        diffs.append(sum(totals[m] for m in mine) / len(mine) - sum(totals[t] for t in theirs) / len(theirs))
        for seat, spec in enumerate(seats):
            times[spec]["cpu"] += game["cpu"][seat]
            times[spec]["wall"] += game["wall"][seat]
    return {"seed": seed, "share": sum(shares) / len(shares), "diff": sum(diffs) / len(diffs), "times": times}


def run_pairing(a: str, b: str, players: int, deals: int, seed: int, jobs: int, deck_path: str | None) -> dict[str, Any]:
    tasks = [(deck_path, a, b, players, seed + i) for i in range(deals)]
    started = time.perf_counter()
    if jobs > 1:
        from multiprocessing import get_context

        with get_context().Pool(jobs) as pool:
            results = pool.map(play_deal, tasks, chunksize=1)
    else:
        results = [play_deal(task) for task in tasks]
    return {"a": a, "b": b, "players": players, "seed": seed, "deals": results, "seconds": time.perf_counter() - started}


# -- statistics -------------------------------------------------------------------------


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    """The mean and its 95% interval (normal, over the values given)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def fit_elo(pairings: list[tuple[str, str, float, float]], levels: list[str], anchor: str) -> dict[str, float]:
    """Ratings that make the win rates most likely: (a, b, a's win rate, games) each.

    The Bradley-Terry model: a beats b with chance g_a / (g_a + g_b), g = 10 ** (R / 400),
    fitted by Hunter's MM iteration (g_i = wins_i / sum over games of 1 / (g_i + g_j)),
    which climbs the likelihood at every step; `PRIOR_GAMES` drawn games are added to
    each pairing, and `anchor` is rated 0.
    """
    data = [(a, b, w * n + 0.5 * PRIOR_GAMES, n + PRIOR_GAMES) for a, b, w, n in pairings]
    strength = dict.fromkeys(levels, 1.0)
    for _ in range(10000):
        wins = dict.fromkeys(levels, 0.0)
        weight = dict.fromkeys(levels, 0.0)
        for a, b, won, n in data:
            wins[a] += won
            wins[b] += n - won
            together = n / (strength[a] + strength[b])
            weight[a] += together
            weight[b] += together
        new = {level: wins[level] / weight[level] if weight[level] else strength[level] for level in levels}
        scale = new[anchor]
        new = {level: value / scale for level, value in new.items()}
        change = max(abs(math.log(new[level] / strength[level])) for level in levels)
        strength = new
        if change < 1e-9:
            break
    return {level: ANCHOR_ELO + 400 * math.log10(value) for level, value in strength.items()}


def ladder(runs: list[dict[str, Any]], players: int, rng: random.Random) -> tuple[dict[str, float], dict[str, tuple[float, float]]]:
    """The Elo of every level in `runs` at one table size, with bootstrap intervals."""
    runs = [run for run in runs if run["players"] == players]
    levels = sorted({run["a"] for run in runs} | {run["b"] for run in runs}, key=_level_order)
    anchor = ANCHOR if ANCHOR in levels else levels[0]

    def observed(deal_lists: list[list[dict[str, Any]]]) -> list[tuple[str, str, float, float]]:
        games = len(arrangements("a", "b", players))
        return [
            (run["a"], run["b"], sum(d["share"] for d in deals) / len(deals), len(deals) * games)
            for run, deals in zip(runs, deal_lists)
        ]

    point = fit_elo(observed([run["deals"] for run in runs]), levels, anchor)
    samples: dict[str, list[float]] = {level: [] for level in levels}
    for _ in range(BOOTSTRAP):
        resampled = [[rng.choice(run["deals"]) for _ in run["deals"]] for run in runs]
        for level, rating in fit_elo(observed(resampled), levels, anchor).items():
            samples[level].append(rating)
    intervals = {}
    for level, values in samples.items():
        values.sort()
        intervals[level] = (values[int(0.025 * len(values))], values[min(len(values) - 1, int(0.975 * len(values)))])
    return point, intervals


def _level_order(spec: str) -> tuple[int, str]:
    level = spec.partition(":")[0]
    return (LEVELS.index(level) if level in LEVELS else len(LEVELS)), spec


def percentile(values: list[float], share: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(share * len(values)))] if values else 0.0


# -- output -------------------------------------------------------------------------------


def report(runs: list[dict[str, Any]], seed: int) -> None:
    rng = random.Random(seed)
    for players in sorted({run["players"] for run in runs}):
        mine = [run for run in runs if run["players"] == players]
        games = len(arrangements("a", "b", players))
        print(f"\n{players} players: duplicate deals, {games} games per deal (every seating), 95% intervals over deals")
        print(f"{'pairing':32} {'deals':>5}  {'A win rate':>10} {'95% interval':>15}  {'A - B score':>11} {'95% interval':>15}")
        for run in mine:
            share = mean_interval([d["share"] for d in run["deals"]])
            share = (share[0], max(0.0, share[1]), min(1.0, share[2]))  # a rate stays a rate
            diff = mean_interval([d["diff"] for d in run["deals"]])
            name = f"{run['a']} vs {run['b']}"
            print(
                f"{name:32} {len(run['deals']):5}  {share[0]:10.1%} {share[1]:7.1%} to {share[2]:5.1%}"
                f"  {diff[0]:+11.2f} {diff[1]:+7.2f} to {diff[2]:+5.2f}"
            )
        point, intervals = ladder(mine, players, rng)
        anchor = ANCHOR if ANCHOR in point else next(iter(point))
        print(f"Elo ({anchor} = {ANCHOR_ELO:.0f}; interval: {BOOTSTRAP} bootstrap resamples of the deals):")
        for level in sorted(point, key=point.__getitem__):
            low, high = intervals[level]
            print(f"  {level:30} {point[level]:6.0f}   {low:6.0f} to {high:6.0f}")
        times: dict[str, dict[str, list[float]]] = {}
        for run in mine:
            for deal in run["deals"]:
                for spec, kinds in deal["times"].items():
                    into = times.setdefault(spec, {"cpu": [], "wall": []})
                    into["cpu"] += kinds["cpu"]
                    into["wall"] += kinds["wall"]
        print("Decision time, ms (CPU of the deciding thread; wall clock on this machine as it was):")
        for spec in sorted(times, key=_level_order):
            cpu, wall = times[spec]["cpu"], times[spec]["wall"]
            print(
                f"  {spec:30} CPU median {1000 * percentile(cpu, 0.5):7.1f}  p95 {1000 * percentile(cpu, 0.95):7.1f}"
                f"   wall median {1000 * percentile(wall, 0.5):7.1f}  p95 {1000 * percentile(wall, 0.95):7.1f}"
                f"   ({len(cpu)} decisions)"
            )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, nargs="+", choices=(2, 3), default=[2, 3])
    parser.add_argument("--levels", default=",".join(LEVELS), help="levels for every pairing (default: all)")
    parser.add_argument("--pairs", nargs="*", help="only these pairings, as A-B (e.g. hard-expert)")
    parser.add_argument("--deals", type=int, default=200, help="deals per pairing (default 200)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--deck", default=None)
    parser.add_argument("--save", type=Path, help="also write the results (every deal) to this JSON file")
    parser.add_argument("--load", type=Path, nargs="*", help="print saved results instead of playing")
    args = parser.parse_args()
    if args.load:
        runs = [run for path in args.load for run in json.loads(path.read_text())["runs"]]
        report(runs, args.seed)
        return 0
    deck = load_deck(args.deck)
    print(f"# {platform.python_implementation()} {platform.python_version()} on {platform.machine()}; "
          f"deck {deck.source} ({deck.digest[:12]}); seed {args.seed}; {args.jobs} job(s)")
    if args.pairs:
        pairs = [tuple(pair.split("-", 1)) for pair in args.pairs]
    else:
        levels = args.levels.split(",")
        pairs = [(b, a) for a, b in itertools.combinations(levels, 2)]  # the stronger level first
    runs = []
    for players in args.players:
        for a, b in pairs:
            run = run_pairing(a, b, players, args.deals, args.seed, args.jobs, args.deck)
            share = mean_interval([d["share"] for d in run["deals"]])
            print(f"  played {a} vs {b}, {players} players, {args.deals} deals in {run['seconds']:.0f} s: "
                  f"A win rate {share[0]:.1%}", flush=True)
            runs.append(run)
            if args.save:
                args.save.write_text(json.dumps({"runs": runs}))
    report(runs, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
