"""Is the balance runs' lighter hard bot nearly as strong as the full one? Not a test.

Plays the same seeded games with one hard bot against greedy bots, once with the full
`hard` level (`HardBot(worlds=32, width=8)`) and once with each lighter setting asked for
(by default the one balance runs use, `pier18.selfplay.balance.WORLDS` / `WIDTH`), and prints
each one's win share and mean score. The hard seat rotates with the game number. As
every setting plays the same deals against the same greedy bots, each lighter row also
shows its win share minus the full bot's with a 95% margin taken from the per-game
differences (paired, so the luck of the deal cancels). docs/balance.md quotes the
output, which `scripts/balance_doc.py` reads from benchmarks/light_hard.txt.

    python benchmarks/light_hard.py                       # the balance setting, 2 and 3 players
    python benchmarks/light_hard.py --players 2 --light 4x2 8x4 6x6 --cache runs/   # compare settings

benchmarks/light_hard.txt holds the commands it was made with and what they printed
(`--cache DIR` keeps each row's games, so a row already played is not played again;
`--deck=PATH` measures on another deck file).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from pier18.bots import GreedyBot  # noqa: E402
from pier18.selfplay.balance import WIDTH, WORLDS  # noqa: E402
from pier18.bots.hard import HardBot  # noqa: E402
from pier18.engine import Game, PlayerView, load_deck  # noqa: E402

DECK = load_deck(next((a.split("=", 1)[1] for a in sys.argv if a.startswith("--deck=")), None))
FULL = (32, 8)


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


def margin(values: list[float]) -> float:
    """Half the 95% confidence interval of the mean of `values`."""
    n = len(values)
    mean = sum(values) / n
    return 1.96 * math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n) if n > 1 else 0.0


def setting(text: str) -> tuple[int, int]:
    worlds, width = text.lower().split("x")
    return int(worlds), int(width)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--light", type=setting, nargs="+", default=[(WORLDS, WIDTH)], help="WORLDSxWIDTH")
    parser.add_argument("--deck", help="a deck file instead of the shipped deck (written --deck=PATH)")
    parser.add_argument("--cache", type=Path, help="keep each row's games here and reuse them (same deck, seed, games)")
    args = parser.parse_args()
    print(f"one hard bot against greedy bots, {args.games} games per row, seed {args.seed}, deck version {DECK.version}")
    print(f"{'players':>7} {'hard bot':<22} {'win share':>9} {'+-95%':>6} {'mean score':>10} {'vs full':>8} {'+-95%':>6}")
    with Pool(args.jobs) as pool:
        for players in args.players:
            full: list[float] = []
            for worlds, width in [FULL, *args.light]:
                label = f"{'full' if (worlds, width) == FULL else 'light'} ({worlds} worlds, {width})"
                tasks = [(players, i, args.seed, worlds, width) for i in range(args.games)]
                saved = None
                if args.cache:
                    saved = args.cache / f"{DECK.digest[:16]}-{players}p-{args.games}-{args.seed}-{worlds}x{width}.json"
                if saved and saved.exists():
                    results = [tuple(r) for r in json.loads(saved.read_text())]
                else:
                    results = pool.map(play, tasks, chunksize=1)
                    if saved:
                        saved.parent.mkdir(parents=True, exist_ok=True)
                        saved.write_text(json.dumps(results))
                wins = [r[0] for r in results]
                share = sum(wins) / len(wins)
                mean = sum(r[1] for r in results) / len(results)
                line = f"{players:>7} {label:<22} {share:>9.1%} {margin(wins):>6.1%} {mean:>10.2f}"
                if (worlds, width) == FULL:
                    full = wins
                else:
                    diffs = [a - b for a, b in zip(wins, full)]
                    line += f" {sum(diffs) / len(diffs):>+8.1%} {margin(diffs):>6.1%}"
                print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
