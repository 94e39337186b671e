"""What the play-outs and the judge answer on fixed seeds, as plain data: used by
tests/test_playout_identity.py to check that making them faster changed nothing.

    PYTHONPATH=src python tests/playout_identity.py > tests/fixtures/playout-identity.json

(run once with the code before a speed change; the test compares with the file).
Floats are kept as `repr` so that equality is bit for bit.
"""

from __future__ import annotations

import json
import random
import sys

from pier18.bots.estimate import values_of
from pier18.bots.judge import judge
from pier18.bots.playout import play_out
from pier18.engine import Game, PlayerView, load_deck
from pier18.selfplay.simulation import play_game


def positions(deck, players: int, seed: int):
    """Every position of a recorded bot game, with the seat to move."""
    levels = ["hard", "greedy", "random"][:players]
    finished = play_game(deck, levels, seed)
    game = Game(deck, players, seed)
    for decision in finished.decisions:
        yield game, game.current_player
        game.apply(decision)


def collect() -> dict:
    deck = load_deck()
    out: dict = {"values": [], "playouts": [], "judge": []}
    for players, seed in ((3, 0), (3, 1), (2, 2), (2, 3)):
        for number, (game, seat) in enumerate(positions(deck, players, seed)):
            view = PlayerView.of(game, seat)
            legal = game.legal_decisions()
            for light in (False, True):
                out["values"].append([players, seed, number, light, [repr(v) for v in values_of(view, seat, legal, light)]])
            rng = random.Random(number * 1000 + seed)
            for _ in range(3):
                world = view.determinize(random.Random(rng.getrandbits(64)))
                for light in (True, False):
                    finished = play_out(world.clone(), light)
                    out["playouts"].append([
                        players, seed, number, light,
                        [repr(d) for _, d in finished.history[len(game.history):]],
                        [finished.score(s).total for s in range(players)],
                    ])
            if number % 3 == 0:
                judged = judge(view, worlds=3)
                out["judge"].append([
                    players, seed, number,
                    [[repr(c.decision), repr(c.ahead), repr(c.total)] for c in judged.choices],
                ])
    return out


if __name__ == "__main__":
    json.dump(collect(), sys.stdout, indent=0)
