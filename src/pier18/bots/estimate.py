"""How good a decision looks right now: score change, patron chances, Plan progress.

The greedy bot uses these values directly; the hard bot uses the light version to play
out sampled futures quickly. Every function reads a *table*: a `PlayerView`, or a
`Game` that a view dealt with `PlayerView.determinize` (both name the public state the
same way: deck, players, piers, patrons, plans, revealed, drafted, round_starter). The
rules themselves (scoring, goals) always come from the engine.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import Card, Decision, Draft, Goal, Keep, Outcome, PlacePlan, Pier, ScoreSheet, goal_measures, goal_met, with_plan
from ..engine.outlook import outcome
from ..words import bot_keeps, bot_patron_reason, bot_places, plan_progress_reason, plan_verdict_reason, points_change
from .base import Table

#: For each card of the row as a possible Patron: each rival's score and drafted date.
Rivals = dict[int, list[tuple[int, tuple[int, int] | None]]]

#: How far a Plan goal's `at_most` bound may be exceeded before progress reaches zero.
_OVER_SLACK = 4.0


def plan_goal(table: Table, seat: int) -> tuple[Card, Goal] | None:
    """The seat's Plan card and the goal that counts at this table size, if known."""
    plan = table.plans[seat]
    if plan is None:
        return None
    card = table.deck[plan]
    return card, card.plan.goal_for(table.players)


def _fraction(value: float, goal: Goal) -> float:
    """How close `value` is to the goal's bounds: 1.0 inside them."""
    progress = 1.0
    if goal.at_least:
        progress = min(1.0, value / goal.at_least)
    if goal.at_most is not None and value > goal.at_most:
        progress *= max(0.0, 1.0 - (value - goal.at_most) / _OVER_SLACK)
    return progress


def plan_progress(goal: Goal, sheet: ScoreSheet, others: Sequence[ScoreSheet] | None) -> float:
    """A 0..1 measure of how close a pier is to meeting a Plan goal (1.0 = met now).

    Unlike `goal_met` it gives partial credit, so a bot can tell "closer" from "no change".
    Goals that compare players count 0.5 when there is nobody to compare with yet.
    """
    values = goal_measures(goal, sheet)
    if not goal.compares_players:
        return sum(_fraction(value, goal) for value in values) / len(values)
    if not others:
        return 0.5
    mine, best = values[0], max(goal_measures(goal, other)[0] for other in others)
    if mine > best:
        return 1.0
    if mine == best:
        return 0.5
    return max(0.0, 0.5 - 0.15 * (best - mine))


def other_sheets(table: Table, seat: int) -> list[ScoreSheet]:
    """Every other seat's current score (empty piers of hidden Foundations are skipped)."""
    return [
        table.piers[s].sheet(len(table.patrons[s]))
        for s in range(table.players)
        if s != seat and len(table.piers[s])
    ]


def _rivals(table: Table, seat: int) -> Rivals:
    """For each card of the row as a possible Patron: every rival's score for it and the
    date of the card the rival drafted this round (None if it has not drafted yet)."""
    deck = table.deck
    rivals = []
    for s in range(table.players):
        if s != seat:
            drafted = table.drafted[s]
            rivals.append((table.piers[s].sheet(), deck[drafted].date_key if drafted is not None else None))
    return {
        patron: [(sheet.patron_score(deck[patron].patrons), date) for sheet, date in rivals]
        for patron in table.revealed
    }


def _patron_chance(table: Table, rivals: Rivals, pier: Pier, card: int) -> float:
    row = [c for c in table.revealed if c != card]
    if not row:
        return 0.0
    deck = table.deck
    my_date = deck[card].date_key
    my_sheet = pier.sheet()
    wins = 0.0
    for patron in row:
        mine = my_sheet.patron_score(deck[patron].patrons)
        share = 1.0
        for theirs, date in rivals[patron]:
            if theirs > mine:
                share = 0.0
                break
            if theirs == mine:
                if date is None:
                    share *= 0.5
                elif date < my_date:
                    share = 0.0
                    break
        wins += share
    return wins / len(row)


def patron_chance(table: Table, seat: int, pier: Pier, card: int) -> float:
    """The chance that `seat` wins this round's Patron if it drafts `card` onto `pier`.

    When the seat drafts last the Patron card is known and the answer is exact (ties go
    to the earliest drafted date). Otherwise each card still in the row is taken as an
    equally likely Patron and the others' piers as they stand now.
    """
    return _patron_chance(table, _rivals(table, seat), pier, card)


def draft_values(table: Table, seat: int, decisions: Sequence[Draft], light: bool = False) -> list[float]:
    """Immediate worth of each draft: score change + expected Patron + Plan progress.

    The light version (for play-outs) judges the Plan on the pier as it is; the full
    one also lays the Plan card on top, as it will be at the end. What every option
    shares (the rivals' patron scores, the Plan's progress now) is worked out once.
    """
    deck = table.deck
    old = table.piers[seat]
    old_total = old.sheet().total
    rivals = _rivals(table, seat)
    known = plan_goal(table, seat)
    progress = None
    if known is not None:
        plan_card, goal = known
        bonus = plan_card.plan.bonus
        patrons = len(table.patrons[seat])
        others = other_sheets(table, seat) if goal.compares_players else None

        def progress(pier: Pier) -> float:
            sheet = (pier if light else pier.place(plan_card)).sheet()
            if goal.kind.spec.reads_patrons:  # a pier alone does not know its Patrons
                sheet = sheet.with_patrons(patrons)
            return plan_progress(goal, sheet, others)

        progress_now = progress(old)
    values = []
    for decision in decisions:
        new = old.place(deck[decision.card], decision.cover)
        value = new.sheet().total - old_total + _patron_chance(table, rivals, new, decision.card)
        if progress is not None:
            value += bonus * (progress(new) - progress_now)
        values.append(value)
    return values


def draft_value(table: Table, seat: int, decision: Draft, light: bool = False) -> float:
    """Immediate worth of one draft (see `draft_values`)."""
    return draft_values(table, seat, [decision], light)[0]


def keep_value(table: Table, decision: Keep) -> float:
    """Set-up worth of a Plan/Foundation pair: the Foundation's points plus Plan progress."""
    deck = table.deck
    foundation = Pier().place(deck[decision.foundation])
    plan = deck[decision.plan]
    goal = plan.plan.goal_for(table.players)
    finished = foundation.place(plan).sheet()
    return foundation.sheet().total + plan.plan.bonus * plan_progress(goal, finished, None)


def plan_value(table: Table, seat: int, decision: PlacePlan) -> float:
    """Final total if the seat places its Plan this way, judged against the piers as they are."""
    known = plan_goal(table, seat)
    assert known is not None, "the Plan phase always has a Plan card"
    card, goal = known
    sheet = table.piers[seat].place(card, decision.cover).sheet(len(table.patrons[seat]))
    others = other_sheets(table, seat)
    return with_plan(sheet, card, goal_met(goal, sheet, others)).total


def value_of(table: Table, seat: int, decision: Decision, light: bool = False) -> float:
    """The greedy worth of any decision for `seat` at this table."""
    if isinstance(decision, Draft):
        return draft_value(table, seat, decision, light)
    if isinstance(decision, Keep):
        return keep_value(table, decision)
    return plan_value(table, seat, decision)


def values_of(table: Table, seat: int, decisions: Sequence[Decision], light: bool = False) -> list[float]:
    """The greedy worth of each of the seat's legal decisions (all of one kind)."""
    drafts = [d for d in decisions if isinstance(d, Draft)]
    if drafts and len(drafts) == len(decisions):
        return draft_values(table, seat, drafts, light)
    return [value_of(table, seat, decision, light) for decision in decisions]


def describe(table: Table, seat: int, decision: Decision) -> str:
    """One line saying what a decision does to the seat's score, in the game's words.

    It is the reason given with a hint; `reasons` gives its parts.
    """
    return "; ".join(reasons(table, seat, decision))


def patron_reason(result: Outcome) -> str | None:
    """What a draft does for the round's Patron, from the engine's races: won (its draft
    ends the round), sure whichever card is left, or only aimed at (it leads, or ties,
    for some cards while others still draft). Never "wins" while someone can change it."""
    seat, races = result.seat, result.races
    if not races:
        return None
    won = result.patron_won
    sure = won is None and all(race.settled and race.winner_after == seat for race in races)
    leads = [race.card for race in races if race.winner_after == seat]
    tied = [race.card for race in races if race.winner_after is None and seat in race.after]
    return bot_patron_reason(won, sure, leads, tied)


def reasons(table: Table, seat: int, decision: Decision) -> list[str]:
    """What a decision does, part by part: what it places and how (first), the points it
    changes (second, for placements), then what it does for the Patron and the Plan, if anything.

    The table's bot move lines pick one of these as the bot's reason.
    """
    deck = table.deck
    if isinstance(decision, Keep):
        plan, foundation = deck[decision.plan], deck[decision.foundation]
        goal = plan.plan.goal_for(table.players)
        points = Pier().place(foundation).sheet().total
        return [bot_keeps(plan, goal.text, foundation, points)]
    old = table.piers[seat]
    if isinstance(decision, Draft):
        card = deck[decision.card]
    else:
        placing = plan_goal(table, seat)
        assert placing is not None
        card = placing[0]
    new = old.place(card, decision.cover)
    parts = [bot_places(card, not isinstance(decision, Draft), decision.cover), points_change(old.sheet(), new.sheet())]
    if isinstance(decision, Draft):
        patron = patron_reason(
            outcome(deck, seat, table.piers, table.patrons, table.plans, table.revealed, table.drafted, decision)
        )
        if patron is not None:
            parts.append(patron)
    known = plan_goal(table, seat)
    if known is not None:
        plan_card, goal = known
        patrons = len(table.patrons[seat])
        if type(decision) is PlacePlan:
            met = goal_met(goal, new.sheet(patrons), other_sheets(table, seat))
            parts.append(plan_verdict_reason(met, goal.text))
        else:
            others = other_sheets(table, seat) if goal.compares_players else None
            progress = plan_progress(goal, new.place(plan_card).sheet(patrons), others)
            before_progress = plan_progress(goal, old.place(plan_card).sheet(patrons), others)
            if progress != before_progress:
                parts.append(plan_progress_reason(progress > before_progress, goal.text))
    return parts
