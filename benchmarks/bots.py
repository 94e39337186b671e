"""Speed and strength of the computer opponents (issue 5). Not a test: run it by hand.

    python benchmarks/bots.py                    # everything, 1,000 games per match-up
    python benchmarks/bots.py --games 200 --jobs 2
    python benchmarks/bots.py --only speed

Targets it checks:
  * random-vs-random 3-player games: at least 5,000 per second on one core
  * `hard` decisions: median under 300 ms, 95th percentile under 1 s
  * 2-player: `hard` wins at least 60% against `greedy`, `greedy` at least 85% against `random`

Speed runs in this process (one core). Strength matches may be split over `--jobs`
processes; each part plays exactly the games a single run would, and decision times
are measured inside each part, so they are per-core times too.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from pier18.selfplay.simulation import simulate, simulate_parallel  # noqa: E402
from pier18.engine import Game, load_deck  # noqa: E402


def engine_only(deck, games: int, seed: int) -> float:
    """Games per second with random decisions straight from `legal_decisions` (no views, no bots)."""
    chooser = random.Random(seed)
    started = time.perf_counter()
    for index in range(games):
        game = Game(deck, 3, seed + index)
        while not game.is_terminal():
            legal = game.legal_decisions()
            game.apply(legal[chooser.randrange(len(legal))])
        game.returns()
    return games / (time.perf_counter() - started)


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="games per strength match-up (default 1000)")
    parser.add_argument("--speed-games", type=int, default=20000, help="random-vs-random games timed (default 20000)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=1, help="processes for the strength matches")
    parser.add_argument("--deck", default=None, help="deck file (default: the game's own)")
    parser.add_argument("--only", choices=("speed", "strength"), help="run one half only")
    args = parser.parse_args()
    deck = load_deck(args.deck)
    print(f"# {platform.python_implementation()} {platform.python_version()} on {platform.machine()}, "
          f"{platform.processor() or platform.platform()}; deck {deck.source} ({deck.digest[:12]})")

    if args.only in (None, "speed"):
        result = simulate(deck, 3, ("random", "random", "random"), args.speed_games, args.seed)
        rate = result.games / result.seconds
        print(f"random-vs-random, 3 players, as `simulate` plays them: {rate:8.0f} games/s "
              f"(target >= 5000: {verdict(rate >= 5000)})")
        print(f"random decisions straight from the engine (no views):  {engine_only(deck, args.speed_games, args.seed):8.0f} games/s")

    if args.only in (None, "strength"):
        for players, seats, level, target in (
            (2, ("hard", "greedy"), "hard", 0.60),
            (2, ("greedy", "random"), "greedy", 0.85),
        ):
            started = time.perf_counter()
            result = simulate_parallel(deck, players, seats, args.games, args.seed, jobs=args.jobs)
            share = result.levels[level].wins / result.games
            print(f"{' vs '.join(seats)} ({players} players, {result.games} games, "
                  f"{time.perf_counter() - started:.0f} s wall): {level} wins {share:.1%} "
                  f"(target >= {target:.0%}: {verdict(share >= target)}); mean scores "
                  + ", ".join(f"{name} {stats.mean_score:.2f}" for name, stats in result.levels.items()))
            for name, stats in result.levels.items():
                timing = stats.decision_ms()
                note = ""
                if name == "hard":
                    ok = timing["median"] < 300 and timing["p95"] < 1000
                    note = f"  (target median < 300, p95 < 1000: {verdict(ok)})"
                print(f"    {name:6} decision ms: median {timing['median']:8.2f}  p95 {timing['p95']:8.2f}{note}")
        result = simulate_parallel(deck, 3, ("hard", "greedy", "greedy"), max(30, args.games // 10), args.seed, jobs=args.jobs)
        timing = result.levels["hard"].decision_ms()
        print(f"hard vs greedy vs greedy (3 players, {result.games} games): hard wins "
              f"{result.levels['hard'].wins / result.games:.1%}; hard decision ms median {timing['median']:.2f} "
              f"p95 {timing['p95']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
