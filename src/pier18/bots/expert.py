"""The `expert` level: a search over what the seat knows, where each card is drawn only
when the game draws it.

`hard` deals one whole hidden world per sample and compares its candidates in it. The
expert searches a tree of the game as its seat sees it instead (information-set Monte
Carlo tree search):

- Every iteration deals the cards this seat has not seen at random, consistent with
  its view (`PlayerView.determinize`), and walks down the tree from the decision at
  hand. A rival still choosing its Plan and Foundation in set-up chooses by the greedy
  judgement of its own sampled hand (the seat cannot see that choice, so the tree does
  not branch on it).
- A node is a point where one seat decides, and the tree holds the decisions of every
  seat, the rivals' too (each picks by its own outcome), so the expert answers the
  replies rivals can make to each of its moves. A new draft row is a chance event: the
  branch after it is the row actually drawn, so nodes below are shared only by the
  samples that drew that very row, and no decision is ever made knowing a row before
  it is drawn. Decisions are picked by UCB1 among a greedy shortlist; a new node is
  played out to the end by the light greedy policy (`estimate.values_of`, with its
  progress memo), and every node on the path learns each seat's outcome.
- Where nothing unseen is left to matter, the answer is exact instead (`endgame`): the
  last round's drafts (every seat's best reply, to the end) and the Plan placements.

The outcome of a game for a seat is its margin over the best rival plus `WIN_WEIGHT`
per win, as for `hard`. The budget is a number of iterations, never a time, so a seed
always plays the same game. docs/bots.md says how strong this is and what was tried.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from . import judge
from ..engine import Decision, Draft, Phase, PlacePlan, PlayerView
from .ahead import Stopped
from .base import Hint, World, choice_of, legal_for
from .endgame import Endgame
from .estimate import ProgressMemo, values_of

#: Iterations per decision: the budget (decision time is measured by benchmarks/ladder.py).
ITERATIONS = 400
#: UCB1's exploration weight, in points of outcome.
EXPLORATION = 6.0
#: Candidates tried at a node: the best by the greedy judgement.
WIDTH = 8


@dataclass(frozen=True, slots=True)
class Estimate:
    """A candidate decision, with what the search learned about it."""

    decision: Decision
    outcome: float  # mean outcome for the seat: margin over the best rival plus the win weight
    final_total: float  # mean final total of the seat
    visits: int  # iterations through it (1 for an exact answer)



class _Edge:
    """A decision at a node, with every iteration's result through it."""

    __slots__ = ("decision", "seat", "visits", "value", "total", "child", "chance")

    def __init__(self, decision: Decision, seat: int) -> None:
        self.decision = decision
        self.seat = seat  # who makes it
        self.visits = 0
        self.value = 0.0  # sum of the deciding seat's outcomes
        self.total = 0.0  # sum of the searching seat's final totals
        self.child: _Node | None = None  # the next decision, when no card is drawn first
        self.chance: dict[object, _Node] | None = None  # the next decision after a draw, by what was drawn


class _Node:
    __slots__ = ("edges", "visits")

    def __init__(self, edges: list[_Edge]) -> None:
        self.edges = edges
        self.visits = 0


class ExpertBot:
    level = "expert"
    #: Asked between sampled worlds when set: true stops the search (`Stopped`). Only a
    #: copy thinking ahead has one (`ahead.Foresight`); it never changes a decision.
    stop: Callable[[], bool] | None = None

    def __init__(
        self, seed: int = 0, iterations: int = ITERATIONS, exploration: float = EXPLORATION, width: int = WIDTH
    ) -> None:
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.exploration = exploration
        self.width = width

    def choose(self, view: PlayerView) -> Decision:
        return self.estimates(view)[0].decision

    def hint(self, view: PlayerView) -> Hint:
        """The hint for the seat to move: the one judge's (`bots.judge.hint`), as every
        bot's. This search is how the expert plays; what a person is shown is the
        judgement the review and the lesson share, ranked by `speech.scores.MEASURE`."""
        return judge.hint(view)

    def estimates(self, view: PlayerView, finalists: int = 1) -> list[Estimate]:
        """The seat's candidates, best first (`finalists` as for `_search`)."""
        legal = legal_for(view)
        if view.phase is Phase.PLAN:
            return self._solve_plan(view, legal)
        world = view.determinize(random.Random(self.rng.getrandbits(64)))
        if view.phase is Phase.DRAFT and world.round == world.total_rounds:
            return self._solve_last_round(world, view.seat)
        return self._search(view, finalists)

    # -- exact answers ------------------------------------------------------------------

    def _solve_last_round(self, world: World, seat: int) -> list[Estimate]:
        """The last round: every card that can still reach a pier is on the table, so each
        draft is followed to the end with every seat's best reply (`Endgame.solve_round`)."""
        endgame = Endgame(world.deck, world.players, world.plans)
        order = [(seat + step) % world.players for step in range(world.players)]
        order = [s for s in order if world.drafted[s] is None]
        patrons = [len(won) for won in world.patrons]
        _, first = endgame.solve_round(world.piers, patrons, world.revealed, world.drafted, order)
        result = [Estimate(decision, values[seat], totals[seat], 1) for decision, values, totals in first]
        result.sort(key=lambda e: e.outcome, reverse=True)
        return result

    def _solve_plan(self, view: PlayerView, legal: tuple[Decision, ...]) -> list[Estimate]:
        """The Plan placement on `PlayerView.plan_start`: the others' covers are each one's
        best answer to the rest (`Endgame.best_covers`), and each of this seat's covers is
        judged against them."""
        seat = view.seat
        start = view.plan_start()
        endgame = Endgame(start.deck, start.players, start.plans)
        piers = list(start.piers)
        patrons = [len(won) for won in start.patrons]
        covers = endgame.best_covers(piers, patrons)
        result = []
        for decision in legal:
            assert isinstance(decision, PlacePlan)
            sheets = endgame.placed(piers, patrons, covers[:seat] + [decision.cover] + covers[seat + 1 :])
            result.append(Estimate(decision, endgame.objective(sheets, endgame.cards)[seat], float(sheets[seat].total), 1))
        result.sort(key=lambda e: e.outcome, reverse=True)
        return result

    # -- the search -----------------------------------------------------------------------

    def _search(self, view: PlayerView, finalists: int = 1) -> list[Estimate]:
        """The seat's candidates compared in the same sampled worlds (sequential halving),
        each followed in every world by the tree of replies below it. The best `finalists`
        different choices (`choice_of`) stay to the end, so a hint compares like with like."""
        me = view.seat
        memo: ProgressMemo = {}
        legal = list(view.legal)
        worth = values_of(view, me, legal, memo=memo)
        order = sorted(range(len(legal)), key=lambda i: (-worth[i], i))[: self.width]
        edges = [_Edge(legal[i], me) for i in order]
        if len(edges) == 1:
            world = view.determinize(random.Random(self.rng.getrandbits(64)))
            self._iterate(world, edges[0], view.round, me, memo)
            return [self._estimate(edges[0])]
        alive = list(edges)
        stages = max(1, math.ceil(math.log2(len(alive))))
        for stage in range(stages):
            worlds = max(1, self.iterations // stages // len(alive))
            for _ in range(worlds):
                if self.stop is not None and self.stop():
                    raise Stopped
                world = view.determinize(random.Random(self.rng.getrandbits(64)))
                for edge in alive:
                    self._iterate(world.clone(), edge, view.round, me, memo)
            alive.sort(key=lambda e: e.value / e.visits, reverse=True)
            if stage + 1 < stages:
                keep = max(2, (len(alive) + 1) // 2)
                choices: set[object] = set()
                kept = []
                for rank, edge in enumerate(alive):
                    new = choice_of(edge.decision) not in choices
                    if rank < keep or (new and len(choices) < finalists):
                        kept.append(edge)
                    if new:
                        choices.add(choice_of(edge.decision))
                alive = kept
        # Candidates dropped early rank below the survivors, whatever their early means.
        result = [self._estimate(edge) for edge in edges]
        result.sort(key=lambda e: (e.visits, e.outcome), reverse=True)
        return result

    @staticmethod
    def _estimate(edge: _Edge) -> Estimate:
        return Estimate(edge.decision, edge.value / edge.visits, edge.total / edge.visits, edge.visits)

    def _iterate(self, world: World, first: _Edge, drawn: int, me: int, memo: ProgressMemo) -> None:
        """One iteration below the candidate `first`: make it in `world`, walk the tree of
        the decisions that follow (a new node is played out), and let every edge on the
        way learn the result."""
        path = [first]
        holder = first  # the edge the next node hangs from
        world.choose(me, first.decision)  # its turn, or a simultaneous choice made ahead
        node = first.child
        endgame: Endgame | None = None
        while True:
            phase = world.phase
            if phase is Phase.SETUP and world.current_player != me:
                # A rival's hidden choice: by the greedy judgement of its sampled hand.
                legal = world.legal_decisions()
                worth = values_of(world, world.current_player, legal)
                world.apply(legal[worth.index(max(worth))])
                continue
            if endgame is None and phase is not Phase.SETUP:
                endgame = Endgame(world.deck, world.players, world.plans)
            if phase is Phase.PLAN or phase is Phase.OVER or path[-1].visits == 0:
                values, totals = self._play_out(world, endgame, memo)
                break
            if world.round != drawn:  # a row was drawn on the way here: branch on what was drawn
                key = (tuple(sorted(world.revealed)), tuple(world.plans), tuple(p.cards[0].id for p in world.piers))
                chance = holder.chance = holder.chance or {}
                node = chance.get(key)
                if node is None:
                    node = chance[key] = self._node(world, memo)
            elif node is None:
                node = holder.child = self._node(world, memo)
            edge = self._select(node)
            path.append(edge)
            holder, drawn = edge, world.round
            world.apply(edge.decision)
            node = edge.child
        for edge in path:
            edge.visits += 1
            edge.value += values[edge.seat]
            edge.total += totals[me]

    def _node(self, world: World, memo: ProgressMemo) -> _Node:
        """A new node for the seat to move: its greedy shortlist, best first."""
        seat = world.current_player
        legal = world.legal_decisions()
        worth = values_of(world, seat, legal, memo=memo)
        order = sorted(range(len(legal)), key=lambda i: (-worth[i], i))[: self.width]
        return _Node([_Edge(legal[i], seat) for i in order])

    def _select(self, node: _Node) -> _Edge:
        """UCB1: an untried edge first (the shortlist's order), else the best mean plus
        the exploration bonus."""
        node.visits += 1
        log_visits = math.log(node.visits)
        best, best_score = node.edges[0], float("-inf")
        for edge in node.edges:
            if edge.visits == 0:
                return edge
            score = edge.value / edge.visits + self.exploration * math.sqrt(log_visits / edge.visits)
            if score > best_score:
                best, best_score = edge, score
        return best

    def _play_out(self, world: World, endgame: Endgame | None, memo: ProgressMemo) -> tuple[list[float], list[int]]:
        """Every seat's outcome and final total: the light greedy policy to the Plan phase,
        then the Plans placed exactly (`Endgame.finals`)."""
        while world.phase is Phase.SETUP or world.phase is Phase.DRAFT:
            seat = world.current_player
            legal = world.legal_decisions()
            worth = values_of(world, seat, legal, True, memo)
            world.apply(legal[worth.index(max(worth))])
        if endgame is None:
            endgame = Endgame(world.deck, world.players, world.plans)
        sheets = endgame.finals(world.piers, [len(won) for won in world.patrons])
        return endgame.objective(sheets, endgame.cards), [sheet.total for sheet in sheets]
