"""Forced-Plan balance: what every Plan card is worth, whether bots like it or not.

Self-play (`simulation.py`) only sees the Plans bots choose, so a goal bots never keep
(too weak, or a free bonus they do not need) never shows up. Here every Plan card gets
its own seeded games: deal `i` for card `c` at a table of `players` gives card `c` to
seat `i % players`, and that seat must keep `c` as its Plan (everything else is its own
choice). The same deal is also played with the seat choosing freely. Every seat is a
hard bot (`HardBot(seed, worlds, width)`, a lighter setting than the default level).

For each card this gives the goal's met rate in forced games and the Plan's *worth*: the
keeping seat's mean final total minus its mean over the same deals played freely.
The free games also give each character category's share of the character points.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from multiprocessing import get_context
import os

from ..bots.hard import HardBot
from ..engine import CHARACTERS, HAND_SIZE, Deal, Deck, Game, Keep, Phase, PlayerView, check_table_size
from ..engine.errors import Pier18Error
from ..persist.children import worker_start
from ..speech.notices import at_least_one

#: The hard bot setting balance runs use (see docs/balance.md for its strength).
WORLDS = 6
WIDTH = 6
#: Deals per Plan card and table size when none are asked for.
DEFAULT_DEALS = 150
#: The ranges the deck is tuned to (docs/balance.md).
MET_RANGE = (0.25, 0.70)
WORTH_SPREAD = 1.5
SHARE_RANGE = (0.18, 0.32)


def forced_deal(deck: Deck, players: int, seed: int, seat: int, card: int) -> Deal:
    """The deal of `seed`, with `card` swapped into `seat`'s hand if it is not there."""
    deal = Deal.from_seed(deck, players, seed)
    order = list(deal.order)
    hand = range(HAND_SIZE * seat, HAND_SIZE * (seat + 1))
    if order.index(card) not in hand:
        target = hand[seed % HAND_SIZE]
        where = order.index(card)
        order[target], order[where] = order[where], order[target]
    return Deal(tuple(order), deal.reshuffle)


class ForcedPlan:
    """A hard bot that must keep `card` as its Plan; every other choice is its own."""

    level = "hard"

    def __init__(self, bot: HardBot, card: int) -> None:
        self.bot, self.card = bot, card

    def choose(self, view: PlayerView) -> object:
        if view.phase is Phase.SETUP:
            allowed = tuple(d for d in view.legal if isinstance(d, Keep) and d.plan == self.card)
            if allowed:
                view = view.restricted(allowed)
        return self.bot.choose(view)


def play_deal(
    deck: Deck, players: int, deal: Deal, seed: int, forced: tuple[int, int] | None, worlds: int, width: int
) -> Game:
    """One game of hard bots on `deal`; `forced` = (seat, card) makes that seat keep the card."""
    bots: list[HardBot | ForcedPlan] = [HardBot(seed * 10 + s, worlds=worlds, width=width) for s in range(players)]
    if forced is not None:
        seat, card = forced
        bots[seat] = ForcedPlan(HardBot(seed * 10 + seat, worlds=worlds, width=width), card)
    game = Game(deck, players, seed, deal=deal)
    while not game.is_terminal():
        seat = game.current_player
        game.apply(bots[seat].choose(PlayerView.of(game, seat)))  # type: ignore[arg-type]
    return game


@dataclass
class CardResult:
    """One Plan card's forced games: per deal, met or not, and the keeping seat's totals."""

    card: int
    met: list[bool] = field(default_factory=list)
    forced_total: list[int] = field(default_factory=list)
    free_total: list[int] = field(default_factory=list)
    free_kept: int = 0  # deals where the seat, choosing freely, kept this card anyway

    @property
    def deals(self) -> int:
        return len(self.met)

    @property
    def met_rate(self) -> float:
        return sum(self.met) / self.deals if self.deals else 0.0

    @property
    def worth(self) -> float:
        if not self.deals:
            return 0.0
        return (sum(self.forced_total) - sum(self.free_total)) / self.deals

    def worth_margin(self) -> float:
        """Half the 95% confidence interval of `worth` (paired differences)."""
        n = self.deals
        if n < 2:
            return 0.0
        diffs = [a - b for a, b in zip(self.forced_total, self.free_total)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return 1.96 * math.sqrt(var / n)


@dataclass
class Balance:
    """The outcome of a balance run at one table size."""

    players: int
    deals: int
    seed: int
    worlds: int = WORLDS
    width: int = WIDTH
    cards: dict[int, CardResult] = field(default_factory=dict)
    character_points: dict[str, int] = field(default_factory=lambda: {c.value: 0 for c in CHARACTERS})

    def mean_worth(self) -> float:
        worths = [r.worth for r in self.cards.values()]
        return sum(worths) / len(worths) if worths else 0.0

    def shares(self) -> dict[str, float]:
        total = sum(self.character_points.values()) or 1
        return {name: points / total for name, points in self.character_points.items()}

    def met_margin(self) -> float:
        """Half the widest 95% confidence interval of a met rate at this many deals (p = 50%)."""
        return 1.96 * math.sqrt(0.25 / self.deals) if self.deals else 0.0

    def problems(self) -> dict[int, list[str]]:
        """Per card, what falls outside the ranges (empty lists are left out)."""
        mean = self.mean_worth()
        low, high = MET_RANGE
        out: dict[int, list[str]] = {}
        for card, r in self.cards.items():
            found = []
            if not low <= r.met_rate <= high:
                found.append("met")
            if abs(r.worth - mean) > WORTH_SPREAD:
                found.append("worth")
            if found:
                out[card] = found
        return out

    def bad_shares(self) -> list[str]:
        low, high = SHARE_RANGE
        return [name for name, share in self.shares().items() if not low <= share <= high]

    def as_json(self, deck: Deck) -> dict[str, object]:
        mean = self.mean_worth()
        return {
            "players": self.players,
            "deals": self.deals,
            "seed": self.seed,
            "bot": {"level": "hard", "worlds": self.worlds, "width": self.width},
            "ranges": {"met": list(MET_RANGE), "worth_spread": WORTH_SPREAD, "share": list(SHARE_RANGE)},
            "met_margin": round(self.met_margin(), 4),
            "mean_worth": round(mean, 3),
            "plans": {
                str(card): {
                    "name": deck[card].name,
                    "goal": deck[card].plan.goal_for(self.players).text,
                    "deals": r.deals,
                    "met": sum(r.met),
                    "met_rate": round(r.met_rate, 4),
                    "worth": round(r.worth, 3),
                    "worth_margin": round(r.worth_margin(), 3),
                    "free_kept": r.free_kept,
                    "ok": card not in self.problems(),
                }
                for card, r in sorted(self.cards.items())
            },
            "character_share": {name: round(share, 4) for name, share in self.shares().items()},
            "ok": not self.problems() and not self.bad_shares(),
        }


Task = tuple[Deck, int, int, int, int, int, int]  # deck, players, card, index, seed, worlds, width
Outcome = tuple[int, int, bool, int, int, bool, dict[str, int]]


def play_task(task: Task) -> Outcome:
    """Deal `index` of card `card`: the forced game and the free game on the same deal.

    Returns (card, index, met, forced total, free total, kept freely, character points of
    every seat in the free game).
    """
    deck, players, card, index, seed, worlds, width = task
    game_seed = seed + 1000 * card + index
    seat = index % players
    deal = forced_deal(deck, players, game_seed, seat, card)
    forced = play_deal(deck, players, deal, game_seed, (seat, card), worlds, width)
    free = play_deal(deck, players, deal, game_seed, None, worlds, width)
    points = {c.value: 0 for c in CHARACTERS}
    for s in range(players):
        sheet = free.score(s)
        for c in CHARACTERS:
            points[c.value] += sheet.points(c)
    return (
        card, index, bool(forced.plan_met(seat)), forced.score(seat).total, free.score(seat).total,
        free.plans[seat] == card, points,
    )


def balance(
    deck: Deck,
    players: int,
    deals: int = DEFAULT_DEALS,
    seed: int = 0,
    jobs: int = 1,
    on_task: Callable[[int], None] | None = None,
    worlds: int = WORLDS,
    width: int = WIDTH,
    cards: Sequence[int] | None = None,
    saved: Sequence[Outcome] = (),
    on_outcome: Callable[[Outcome], None] | None = None,
) -> Balance:
    """Play `deals` forced and free games per Plan card; the same result for any `jobs`.

    `saved` are outcomes of this very run (same deck, table size, seed and bot) played
    before, by an interrupted run: their deals are not played again. `on_outcome` sees
    every new outcome as soon as it is played, so a caller can save them as they come.
    """
    check_table_size(players)
    if deals < 1:
        raise Pier18Error(at_least_one("--games"))
    chosen = sorted(deck) if cards is None else sorted(cards)
    wanted = {(c, i) for i in range(deals) for c in chosen}
    outcomes: list[Outcome] = list({(o[0], o[1]): o for o in saved if (o[0], o[1]) in wanted}.values())
    known = {(o[0], o[1]) for o in outcomes}
    tasks: list[Task] = [
        (deck, players, c, i, seed, worlds, width) for i in range(deals) for c in chosen if (c, i) not in known
    ]
    result = Balance(players, deals, seed, worlds, width, {c: CardResult(c) for c in chosen})

    def done(outcome: Outcome) -> None:
        outcomes.append(outcome)
        if on_outcome is not None:
            on_outcome(outcome)
        if on_task is not None:
            on_task(len(outcomes))

    if jobs <= 1:
        for task in tasks:
            done(play_task(task))
    else:

        pool = get_context().Pool(jobs, initializer=worker_start, initargs=(os.getpid(),))
        try:
            for outcome in pool.imap_unordered(play_task, tasks, chunksize=1):
                done(outcome)
            pool.close()
        finally:
            pool.terminate()
            pool.join()
    for card, _index, met, forced_total, free_total, kept, points in sorted(outcomes, key=lambda o: (o[0], o[1])):
        r = result.cards[card]
        r.met.append(met)
        r.forced_total.append(forced_total)
        r.free_total.append(free_total)
        r.free_kept += kept
        for name, value in points.items():
            result.character_points[name] += value
    return result

