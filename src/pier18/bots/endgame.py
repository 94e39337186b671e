"""Exact answers for the end of a game, where nothing unseen matters any more.

Once the last round's draft row is on the table, every card that can still reach a
pier is known: what is left is the last round's drafts and the Plan placements. These
are solved exactly here, over every seat's every choice (each seat choosing what is
best for itself, given how the seats after it will answer), for the decision a bot
faces and for the sampled futures a bot plays out.

Totals, Plan verdicts, Patron winners and the ranking are the engine's answers
(`patron_contest`, `goal_met`, `with_plan`, `table_scores`, `rank`); this module only
tries the choices.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine import Card, Decision, Deck, Draft, Pier, ScoreSheet, goal_met, patron_contest, rank, table_scores, with_plan

#: How much a win is worth next to one point of margin, in a seat's value (as `hard`).
WIN_WEIGHT = 4.0

#: Every seat's outcome and final total.
Result = tuple[list[float], list[int]]

#: A seat's value of a finished table: every seat's final sheet and Plan card in, one
#: number per seat out.
Objective = Callable[[Sequence[ScoreSheet], Sequence[Card]], list[float]]


def margin_and_win(sheets: Sequence[ScoreSheet], plans: Sequence[Card]) -> list[float]:
    """Each seat's margin over its best rival plus `WIN_WEIGHT` times its share of the win."""
    standings = rank(sheets, plans)
    totals = [0] * len(sheets)
    for standing in standings:
        totals[standing.seat] = standing.total
    winners = [standing.seat for standing in standings if standing.place == 1]
    share = WIN_WEIGHT / len(winners)
    values = []
    for seat, total in enumerate(totals):
        best_rival = max(t for s, t in enumerate(totals) if s != seat)
        values.append(total - best_rival + (share if seat in winners else 0.0))
    return values


class Endgame:
    """The end of one game, solved: a table whose Plan cards are all known.

    `finals` places every Plan as well as its owner can; `solve_round` plays the last
    round's remaining drafts, every seat choosing best for itself. Answers about one
    pier are kept, so solving many futures of one game reuses them.
    """

    def __init__(self, deck: Deck, players: int, plans: Sequence[int | None], objective: Objective = margin_and_win) -> None:
        assert all(plan is not None for plan in plans), "the Plans are known once set-up is over"
        self.deck = deck
        self.players = players
        self.plan_ids: tuple[int | None, ...] = tuple(plans)
        self.cards: tuple[Card, ...] = tuple(deck[plan] for plan in plans if plan is not None)
        self.goals = tuple(card.plan.goal_for(players) for card in self.cards)
        self.comparing = any(goal.compares_players for goal in self.goals)
        self.objective = objective
        # (seat, id of the pier, patrons) -> the seat's best cover on that pier for its own
        # total, and the final sheet it gives (the Plan judged on that pier alone). The
        # pier is kept in the value so its id cannot be taken by another pier meanwhile.
        self._own: dict[tuple[int, int, int], tuple[int, ScoreSheet, Pier]] = {}

    # -- the Plan placements ----------------------------------------------------------

    def own_best(self, seat: int, pier: Pier, patrons: int) -> tuple[int, ScoreSheet]:
        """The seat's best cover on `pier` (most points, then most characters, then the
        smallest cover) and its final sheet, the goal judged on that pier alone: exact
        whenever the goal compares no players (a goal that does is left unjudged here)."""
        key = (seat, id(pier), patrons)
        known = self._own.get(key)
        if known is not None:
            return known[0], known[1]
        card, goal = self.cards[seat], self.goals[seat]
        best: ScoreSheet | None = None
        chosen = 0
        for cover in pier.covers():
            sheet = pier.place(card, cover).sheet(patrons)
            if not goal.compares_players:
                sheet = with_plan(sheet, card, goal_met(goal, sheet))
            if best is None or (sheet.total, sheet.characters) > (best.total, best.characters):
                best, chosen = sheet, cover
        assert best is not None
        self._own[key] = (chosen, best, pier)
        return chosen, best

    def finals(self, piers: Sequence[Pier], patrons: Sequence[int]) -> list[ScoreSheet]:
        """Every seat's final sheet once each has placed its Plan card (`plan_choices`)."""
        return self.plan_choices(piers, patrons)[1]

    def plan_choices(self, piers: Sequence[Pier], patrons: Sequence[int]) -> tuple[list[int], list[ScoreSheet]]:
        """Where each seat places its Plan card on its pier, and every final sheet.

        A seat whose goal looks at its own pier only takes its best cover for its own
        total (its cover changes nothing else it is judged on). A seat whose goal
        compares players then answers the others' final piers with its best cover, in
        seat order, twice round (so two such seats answer each other).
        """
        covers: list[int] = []
        sheets: list[ScoreSheet] = []
        for seat, (pier, count) in enumerate(zip(piers, patrons)):
            cover, sheet = self.own_best(seat, pier, count)
            covers.append(cover)
            sheets.append(sheet)
        if not self.comparing:
            return covers, sheets
        for _ in range(2):
            for seat, goal in enumerate(self.goals):
                if not goal.compares_players:
                    continue
                card, pier, count = self.cards[seat], piers[seat], patrons[seat]
                others = [sheet for other, sheet in enumerate(sheets) if other != seat]
                best: ScoreSheet | None = None
                for cover in pier.covers():
                    base = pier.place(card, cover).sheet(count)
                    sheet = with_plan(base, card, goal_met(goal, base, others))
                    if best is None or (sheet.total, sheet.characters) > (best.total, best.characters):
                        best, covers[seat] = sheet, cover
                assert best is not None
                sheets[seat] = best
        return covers, sheets

    def placed(self, piers: Sequence[Pier], patrons: Sequence[int], covers: Sequence[int]) -> list[ScoreSheet]:
        """The final sheets with each Plan covering `covers[seat]` (the engine's totals)."""
        finished = [pier.place(card, cover) for pier, card, cover in zip(piers, self.cards, covers)]
        won = [(0,) * count for count in patrons]  # only how many Patrons counts
        return table_scores(self.deck, finished, won, self.plan_ids)[0]

    def best_covers(self, piers: Sequence[Pier], patrons: Sequence[int], first: Sequence[int] | None = None) -> list[int]:
        """Plan covers where no seat gains by changing its own, found by best responses.

        Starts from each seat's best cover for its own total (or from `first`), then lets
        every seat in turn switch to its best answer to the others, up to three times
        round the table (`hard` does the same).
        """
        covers = list(first) if first is not None else self.plan_choices(piers, patrons)[0]
        for _ in range(3):
            changed = False
            for seat in range(self.players):
                best, best_value = covers[seat], None
                for cover in piers[seat].covers():
                    trial = covers[:seat] + [cover] + covers[seat + 1 :]
                    value = self.objective(self.placed(piers, patrons, trial), self.cards)[seat]
                    if best_value is None or value > best_value:
                        best, best_value = cover, value
                changed |= best != covers[seat]
                covers[seat] = best
            if not changed:
                break
        return covers


    def values(self, piers: Sequence[Pier], patrons: Sequence[int]) -> Result:
        """Each seat's outcome and final total if the game ends on these piers, each Plan
        placed as `finals` places it."""
        sheets = self.finals(piers, patrons)
        return self.objective(sheets, self.cards), [sheet.total for sheet in sheets]

    # -- the last round -----------------------------------------------------------------

    def solve_round(
        self,
        piers: Sequence[Pier],
        patrons: Sequence[int],
        row: Sequence[int],
        drafted: Sequence[int | None],
        order: Sequence[int],
    ) -> tuple[Result, list[tuple[Decision, list[float], list[int]]]]:
        """The last round from here: `order` are the seats still to draft, in turn.

        Returns every seat's outcome and final total with best play, and, for the first
        seat of `order`, each of its drafts with the outcomes and totals it leads to.
        Each seat picks the draft best for itself, knowing how the seats after it will
        answer (the first best in the engine's order of legal drafts, on a tie), then
        every Plan is placed as `finals` places it.
        """
        first: list[tuple[Decision, list[float], list[int]]] = []
        result = self._solve(list(piers), list(patrons), list(row), list(drafted), list(order), first)
        return result, first

    def _solve(
        self,
        piers: list[Pier],
        patrons: list[int],
        row: list[int],
        drafted: list[int | None],
        order: list[int],
        first: list[tuple[Decision, list[float], list[int]]] | None,
    ) -> Result:
        if not order:
            (patron,) = row
            winner = patron_contest(self.deck, patron, piers, drafted)[1]
            assert winner is not None  # everyone has drafted
            won = patrons.copy()
            won[winner] += 1
            return self.values(piers, won)
        seat, rest = order[0], order[1:]
        pier = piers[seat]
        deck = self.deck
        best: Result | None = None
        for card in row:
            others = [c for c in row if c != card]
            drafted[seat] = card
            for cover in pier.covers():
                piers[seat] = pier.place(deck[card], cover)
                result = self._solve(piers, patrons, others, drafted, rest, None)
                if first is not None:
                    first.append((Draft(card, cover), *result))
                if best is None or result[0][seat] > best[0][seat]:
                    best = result
        piers[seat] = pier
        drafted[seat] = None
        assert best is not None
        return best
