"""How good a decision looks right now: score change, patron chances, Plan progress.

The greedy bot uses these values directly; the hard bot uses the light version to play
out sampled futures quickly. Every function reads a *table*: a `PlayerView`, or a
`Game` that a view dealt with `PlayerView.determinize` (both name the public state the
same way: deck, players, piers, patrons, plans, revealed, drafted, round_starter). The
rules themselves (scoring, goals) always come from the engine.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import Card, Character, Deck, Decision, Draft, Goal, Keep, Outcome, PlacePlan, Pier, ScoreSheet, goal_measures, goal_met, with_plan
from ..engine.goals import measure_reader
from ..engine.motives import Keeps, Motive, PatronChance, Places, PlanProgress, PlanVerdict, PointsChange
from ..engine.outlook import outcome
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


#: Plan progress already worked out, for `draft_values(memo=...)`: (id of the pier, Plan
#: card, Patrons or -1, light) -> (progress, the pier, kept so that its id stays its own).
ProgressMemo = dict[tuple[int, int, int, bool], tuple[float, Pier]]


def _patron_odds(
    table: Table, seat: int, cards: dict[int, Card]
) -> list[tuple[int, int, int, int, int, tuple[int, int] | None]]:
    """For each card of the row as a possible Patron, what `_patron_chance` reads of the
    rivals, folded: (card, where its characters' points lie in `_points`, twice (the
    second 4, a 0, for a Patron of one character), the best rival score, how many
    rivals with it have not drafted, the earliest draft date among those with it that
    have). Only a rival with the best score can beat or tie the seat's pier."""
    rivals = []
    drafted_cards = table.drafted
    piers = table.piers
    for s in range(table.players):
        if s != seat:
            drafted = drafted_cards[s]
            rivals.append((_points(piers[s].sheet()), cards[drafted].date_key if drafted is not None else None))
    odds = []
    for patron in table.revealed:
        first, second = _patron_places(cards[patron])
        best = -1
        undrafted = 0
        earliest = None
        for points, date in rivals:  # `sheet.patron_score(card.patrons)` of each, the best kept
            theirs = points[first] + points[second]
            if theirs < best:
                continue
            if theirs > best:
                best, undrafted, earliest = theirs, 0, None
            if date is None:
                undrafted += 1
            elif earliest is None or date < earliest:
                earliest = date
        odds.append((patron, first, second, best, undrafted, earliest))
    return odds


def _points(sheet: ScoreSheet) -> tuple[int, int, int, int, int]:
    """A sheet's points per character (`_PATRON_PLACES`), then 0."""
    return (sheet.flower, sheet.poet, sheet.lovers, sheet.fisher, 0)


#: Where each character's points lie in `_points`.
_PATRON_PLACES = {Character.FLOWER: 0, Character.POET: 1, Character.LOVERS: 2, Character.FISHER: 3}
#: `_patron_places` by card, with the card (so that its id stays its own).
_PLACES: dict[int, tuple[tuple[int, int], Card]] = {}


def _patron_places(card: Card) -> tuple[int, int]:
    """Where a Patron card's one or two characters' points lie in `_points` (4, a 0,
    for the second of a card with one): the deck allows no more."""
    known = _PLACES.get(id(card))
    if known is None or known[1] is not card:
        places = tuple(_PATRON_PLACES[c] for c in card.patrons) + (4, 4)
        assert len(card.patrons) <= 2, "a Patron card names one or two characters"
        known = _PLACES[id(card)] = ((places[0], places[1]), card)
    return known[0]


def draft_values(
    table: Table, seat: int, decisions: Sequence[Draft], light: bool = False, memo: ProgressMemo | None = None
) -> list[float]:
    """Immediate worth of each draft: score change + expected Patron + Plan progress.

    The light version (for play-outs) judges the Plan on the pier as it is; the full
    one also lays the Plan card on top, as it will be at the end. What every option
    shares (the rivals' patron scores, the Plan's progress now) is worked out once.
    With `memo`, the progress of a pier towards a goal that looks at that pier only is
    kept there and read back (the values are the same): play-outs of one decision meet
    the same piers again and again.

    This runs at every step of every play-out (most of the judge's time), so it is
    written for speed; the values are those of `patron_chance` and `plan_progress`,
    to the last bit (tests/test_playout_identity.py, tests/test_bots.py).
    """
    cards = _cards_of(table.deck)
    old = table.piers[seat]
    old_total = old.sheet().total
    odds = _patron_odds(table, seat, cards)
    row_size = len(odds) - 1
    known = plan_goal(table, seat)
    progress = None
    if known is not None:
        plan_card, goal = known
        bonus = plan_card.plan.bonus
        patrons = len(table.patrons[seat])
        others = other_sheets(table, seat) if goal.compares_players else None
        reads_patrons = goal.kind.spec.reads_patrons
        by_measure = _progress_table(goal, others)
        measure = measure_reader(goal, patrons)  # `goal_measures(goal, sheet.with_patrons(patrons))`

        def progress(pier: Pier, sheet: ScoreSheet) -> float:
            """`plan_progress` of the pier (`sheet` its sheet), with the Plan on top unless light."""
            values = measure(sheet if light else pier.place(plan_card).sheet())
            found = by_measure.get(values)
            if found is None:
                sheet = (pier if light else pier.place(plan_card)).sheet()
                found = by_measure[values] = plan_progress(goal, sheet.with_patrons(patrons) if reads_patrons else sheet, others)
            return found

        if memo is not None and others is None:
            memo_get = memo.get
            plan_id, count = plan_card.id, patrons if reads_patrons else -1
            key = (id(old), plan_id, count, light)
            known_now = memo_get(key)
            if known_now is None:
                known_now = memo[key] = (progress(old, old.sheet()), old)
            progress_now = known_now[0]
        else:
            memo = None
            progress_now = progress(old, old.sheet())
    values = []
    place = old.place
    for decision in decisions:
        drafted = decision.card
        card = cards[drafted]
        new = place(card, decision.cover)
        sheet = new.sheet()
        total = sheet.total
        # `_patron_chance(table, rivals, new, drafted)`, with the rivals folded by `_patron_odds`
        if row_size > 0:
            my_date = card.date_key
            points = (sheet.flower, sheet.poet, sheet.lovers, sheet.fisher, 0)  # `_points(sheet)`
            wins = 0.0
            for patron, first, second, best, undrafted, earliest in odds:
                if patron == drafted:
                    continue
                mine = points[first] + points[second]
                if mine > best:
                    wins += 1.0
                elif mine == best:
                    if earliest is None or not earliest < my_date:  # else a rival drafted earlier wins the tie
                        wins += 0.5**undrafted
            chance = wins / row_size
        else:
            chance = 0.0
        value = total - old_total + chance
        if progress is not None:
            if memo is not None:
                key = (id(new), plan_id, count, light)
                known_new = memo_get(key)
                if known_new is None:
                    known_new = memo[key] = (progress(new, sheet), new)
                value += bonus * (known_new[0] - progress_now)
            else:
                value += bonus * (progress(new, sheet) - progress_now)
        values.append(value)
    return values


#: Each deck's cards by id as a plain dict (a `Deck` looks them up in Python code).
_DECK_CARDS: dict[int, tuple[Deck, dict[int, Card]]] = {}


def _cards_of(deck: Deck) -> dict[int, Card]:
    known = _DECK_CARDS.get(id(deck))
    if known is None or known[0] is not deck:
        known = _DECK_CARDS[id(deck)] = (deck, dict(deck.items()))
    return known[1]


#: Plan progress by the numbers its goal measures, per goal and rivals' sheets: the
#: same numbers always give the same progress (`plan_progress`), and a play-out meets
#: the same few numbers over and over. Goals that compare players are kept per call.
_PROGRESS: dict[int, tuple[Goal, dict[tuple[int, ...], float]]] = {}


def _progress_table(goal: Goal, others: Sequence[ScoreSheet] | None) -> dict[tuple[int, ...], float]:
    if others is not None:
        return {}
    known = _PROGRESS.get(id(goal))
    if known is None or known[0] is not goal:
        known = _PROGRESS[id(goal)] = (goal, {})
    return known[1]


def draft_value(table: Table, seat: int, decision: Draft, light: bool = False) -> float:
    """Immediate worth of one draft (see `draft_values`)."""
    return draft_values(table, seat, [decision], light)[0]


def keep_value(table: Table, decision: Keep) -> float:
    """Set-up worth of a Plan/Foundation pair: the Foundation's points plus Plan progress.

    It depends on the two cards and the table size alone, so it is worked out once for
    each: every play-out from the set-up asks it for every seat's every pair."""
    deck = table.deck
    plan, foundation_card = deck[decision.plan], deck[decision.foundation]
    key = (id(plan), id(foundation_card), table.players)
    known = _KEEP_VALUES.get(key)
    if known is None or known[1] is not plan or known[2] is not foundation_card:
        foundation = Pier().place(foundation_card)
        goal = plan.plan.goal_for(table.players)
        finished = foundation.place(plan).sheet()
        value = foundation.sheet().total + plan.plan.bonus * plan_progress(goal, finished, None)
        known = _KEEP_VALUES[key] = (value, plan, foundation_card)
    return known[0]


#: `keep_value` by (the Plan card's id(), the Foundation card's id(), players), with the
#: two cards (so that their ids stay theirs).
_KEEP_VALUES: dict[tuple[int, int, int], tuple[float, Card, Card]] = {}


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


def values_of(
    table: Table, seat: int, decisions: Sequence[Decision], light: bool = False, memo: ProgressMemo | None = None
) -> list[float]:
    """The greedy worth of each of the seat's legal decisions (all of one kind); `memo`
    as for `draft_values`."""
    drafts = [d for d in decisions if isinstance(d, Draft)]
    if drafts and len(drafts) == len(decisions):
        return draft_values(table, seat, drafts, light, memo)
    if decisions and all(type(d) is PlacePlan for d in decisions):
        return plan_values(table, seat, decisions)  # type: ignore[arg-type]  # all PlacePlan
    return [value_of(table, seat, decision, light) for decision in decisions]


def plan_values(table: Table, seat: int, decisions: Sequence[PlacePlan]) -> list[float]:
    """`plan_value` of each decision, with what they share (the Plan, the others' sheets)
    worked out once: every play-out ends with a Plan placement per seat."""
    known = plan_goal(table, seat)
    assert known is not None, "the Plan phase always has a Plan card"
    card, goal = known
    pier = table.piers[seat]
    patrons = len(table.patrons[seat])
    others = other_sheets(table, seat)
    bonus = card.plan.bonus
    values: list[float] = []
    for decision in decisions:
        sheet = pier.place(card, decision.cover).sheet(patrons)
        # `with_plan(sheet, card, met).total`: the sheet has no Plan points of its own
        values.append(sheet.total + bonus if goal_met(goal, sheet, others) else sheet.total)
    return values


def patron_reason(result: Outcome) -> PatronChance | None:
    """What a draft does for the round's Patron, from the engine's races: won (its draft
    ends the round), sure whichever card is left, or only aimed at (it leads, or ties,
    for some cards while others still draft). Never "wins" while someone can change it."""
    seat, races = result.seat, result.races
    if not races:
        return None
    won = result.patron_won
    sure = won is None and all(race.settled and race.winner_after == seat for race in races)
    leads = tuple(race.card for race in races if race.winner_after == seat)
    tied = tuple(race.card for race in races if race.winner_after is None and seat in race.after)
    if won is None and not sure and not leads and not tied:
        return None
    return PatronChance(won, sure, leads, tied)


def bot_reason(table: Table, seat: int, decision: Decision) -> Motive | None:
    """One reason for a bot's placement, from its estimate's parts (`reasons`): the
    Patron chance or the Plan progress if it has one, else the points it changes. What
    every move line of a bot ends with (the table, its log, a seat, plain lines), worded
    by `speech.why.motive_text`."""
    if not isinstance(decision, (Draft, PlacePlan)):
        return None  # a set-up line names both cards already
    parts = reasons(table, seat, decision)
    extra = parts[2:] or parts[1:2]
    return extra[0] if extra else None


def reasons(table: Table, seat: int, decision: Decision) -> list[Motive]:
    """What a decision does, part by part, as values (`speech.why.motives_text` words
    them): what it places and how (first), the points it changes (second, for
    placements), then what it does for the Patron and the Plan, if anything.

    The table's bot move lines pick one of these as the bot's reason.
    """
    deck = table.deck
    if isinstance(decision, Keep):
        plan, foundation = deck[decision.plan], deck[decision.foundation]
        goal = plan.plan.goal_for(table.players)
        points = Pier().place(foundation).sheet().total
        return [Keeps(plan, goal, foundation, points)]
    old = table.piers[seat]
    if isinstance(decision, Draft):
        card = deck[decision.card]
    else:
        placing = plan_goal(table, seat)
        assert placing is not None
        card = placing[0]
    new = old.place(card, decision.cover)
    parts: list[Motive] = [Places(card, not isinstance(decision, Draft), decision.cover), PointsChange(old.sheet(), new.sheet())]
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
            # against the rivals' piers without their Plans (hidden, or still to come): not the last word
            parts.append(PlanVerdict(met, goal, sure=not goal.compares_players))
        else:
            others = other_sheets(table, seat) if goal.compares_players else None
            progress = plan_progress(goal, new.place(plan_card).sheet(patrons), others)
            before_progress = plan_progress(goal, old.place(plan_card).sheet(patrons), others)
            if progress != before_progress:
                parts.append(PlanProgress(progress > before_progress, goal))
    return parts
