"""Is the balance runs' lighter hard bot nearly as strong as the full one? Not a test.

Plays the same seeded deals with one hard bot against greedy bots, once with the full
`hard` level (`HardBot(worlds=32, width=8)`) and once with the setting balance runs use
(`pier18.bots.balance.WORLDS` / `WIDTH`), and prints each one's win share and mean score.
The hard seat rotates with the game number. docs/balance.md quotes the output, which
`scripts/balance_doc.py` reads from benchmarks/light_hard.txt.

    python benchmarks/light_hard.py --games 200 --jobs 2 > benchmarks/light_hard.txt
"""

from __future__ import annotations

import argparse
import math
import sys
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from pier18.bots import GreedyBot  # noqa: E402
from pier18.bots.balance import WIDTH, WORLDS  # noqa: E402
from pier18.bots.hard import HardBot  # noqa: E402
from pier18.engine import Game, PlayerView, load_deck  # noqa: E402

DECK = load_deck()


def play(task: tuple[int, int, int, int, int]) -> tuple[float, int]:
    """(win share, total) of the hard seat in game `index`."""
    players, index, seed, worlds, width = task
    hard_seat = index % players
    bots = [GreedyBot(seed * 10 + s) for s in range(players)]
    game = Game(DECK, players, seed + index)
    hard = HardBot((seed + index) * 10 + hard_seat, worlds=worlds, width=width)
    while not game.is_terminal():
        seat = game.current_player
        view = PlayerView.of(game, seat)
        game.apply(hard.choose(view) if seat == hard_seat else bots[seat].choose(view))
    winners = [s.seat for s in game.ranking() if s.place == 1]
    return (1 / len(winners) if hard_seat in winners else 0.0), game.score(hard_seat).total


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    print(f"one hard bot against greedy bots, {args.games} games per row, seed {args.seed}, deck version {DECK.version}")
    print(f"{'players':>7} {'hard bot':<22} {'win share':>9} {'+-95%':>6} {'mean score':>10}")
    with Pool(args.jobs) as pool:
        for players in args.players:
            for label, worlds, width in (("full (32 worlds, 8)", 32, 8), (f"light ({WORLDS} worlds, {WIDTH})", WORLDS, WIDTH)):
                tasks = [(players, i, args.seed, worlds, width) for i in range(args.games)]
                results = pool.map(play, tasks, chunksize=1)
                share = sum(r[0] for r in results) / len(results)
                margin = 1.96 * math.sqrt(share * (1 - share) / len(results))
                mean = sum(r[1] for r in results) / len(results)
                print(f"{players:>7} {label:<22} {share:>9.1%} {margin:>6.1%} {mean:>10.2f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
