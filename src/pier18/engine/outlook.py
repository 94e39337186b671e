"""The engine's answers about a table: totals, Plan verdicts, Patron contests, standings,
and what a decision would do.

Screens, bots, the network protocol and the command line ask these questions here and
do no score arithmetic of their own, so a change to how a Plan bonus counts, or who wins
a tied Patron, is one edit in this module and every front end follows.

Everything here reads plain values (a deck, piers, patron counts, Plan cards), so it
answers for a `Game`, a `TableView` or a `PlayerView` alike, and for what-ifs built
from them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from .cards import Card
from .decisions import Decision, Draft, Keep, PlacePlan
from .explain import Reason, changed, explain
from .goals import Goal
from .goals import can_still_be_met, goal_met
from .pier import Pier
from .scoring import ScoreSheet
from .sizes import rounds_of

if TYPE_CHECKING:  # pragma: no cover
    from .deck import Deck

# -- Plans and totals ---------------------------------------------------------------------


def judge_plan(card: Card, players: int, seat: int, sheets: Sequence[ScoreSheet]) -> bool | None:
    """A seat's Plan goal judged on every seat's sheet (the others count for `most` goals)."""
    goal = card.plan.goal_for(players)
    others = [s for p, s in enumerate(sheets) if p != seat] if goal.compares_players else ()
    return goal_met(goal, sheets[seat], others)


def with_plan(sheet: ScoreSheet, card: Card | None, met: bool | None) -> ScoreSheet:
    """`sheet` with the Plan bonus of `card` counted when its goal is met: the one place
    that says what a met Plan is worth."""
    return sheet.with_plan(card.plan.bonus) if met and card is not None else sheet


def plan_scores(
    players: int, sheets: Sequence[ScoreSheet], plans: Sequence[Card | None]
) -> tuple[list[ScoreSheet], list[bool | None]]:
    """Every seat's sheet with its Plan bonus where its goal holds on `sheets`, and each
    Plan's verdict (None: no Plan). `sheets` have no Plan points; others' sheets count for
    goals that compare players."""
    scored: list[ScoreSheet] = []
    verdicts: list[bool | None] = []
    for seat, card in enumerate(plans):
        met = None if card is None else judge_plan(card, players, seat, sheets)
        verdicts.append(met)
        scored.append(with_plan(sheets[seat], card, met))
    return scored, verdicts


def base_sheets(piers: Sequence[Pier], patrons: Sequence[Sequence[int]]) -> list[ScoreSheet]:
    """Each seat's score without a Plan bonus: its pier and the Patrons it has won."""
    return [pier.sheet(len(won)) for pier, won in zip(piers, patrons, strict=True)]


def table_scores(
    deck: Deck,
    piers: Sequence[Pier],
    patrons: Sequence[Sequence[int]],
    plans: Sequence[int | None],
) -> tuple[list[ScoreSheet], list[bool | None]]:
    """Every seat's score if the game ended with these piers: categories, patrons, and
    the Plan bonus where its goal holds; and each Plan's verdict. At the end of a game
    this is the final score."""
    cards = [None if plan is None else deck[plan] for plan in plans]
    return plan_scores(len(piers), base_sheets(piers, patrons), cards)


# -- Patron contests ------------------------------------------------------------------------


def patron_contest(
    deck: Deck, patron: int, piers: Sequence[Pier], drafted: Sequence[int | None]
) -> tuple[tuple[int, ...], int | None, bool]:
    """Who would win the Patron card `patron` on these piers: (scores, winner, by date).

    Each seat's patron score is its points in the patron's character(s); the highest
    wins, and a tie goes to the tied seat whose card drafted this round (`drafted`) has
    the earliest date. The winner is None while a tied seat has not drafted yet.
    """
    characters = deck[patron].patrons
    scores = tuple([pier.sheet().patron_score(characters) for pier in piers])
    best = max(scores)
    if scores.count(best) == 1:
        return scores, scores.index(best), False
    winner: int | None = None  # the first tied seat with the earliest card drafted
    earliest: tuple[int, int] | None = None
    for seat, score in enumerate(scores):
        if score == best:
            card = drafted[seat]
            if card is None:
                return scores, None, True
            date = deck[card].date_key
            if earliest is None or date < earliest:
                winner, earliest = seat, date
    return scores, winner, True


def leaders(scores: Sequence[int]) -> tuple[int, ...]:
    """The seats with the highest of `scores`."""
    best = max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best)


# -- standings ------------------------------------------------------------------------------


class TieBreak(StrEnum):
    """What put a seat above the next one in the final ranking (rulebook order)."""

    TOTAL = "total"
    CHARACTERS = "characters"
    PLAN_DATE = "plan date"


@dataclass(frozen=True, slots=True)
class Standing:
    """A seat's place in the final ranking and what separated it from the seat below."""

    seat: int
    place: int  # 1 = winner; equal only if every tie-breaker is equal
    total: int
    characters: int
    decided_by: TieBreak | None  # None: last place, or equal with the seat below


#: A seat without a Plan card ranks after every date on the Plan tie-breaker.
_NO_PLAN_DATE = (13, 0)


def rank(sheets: Sequence[ScoreSheet], plans: Sequence[Card | None]) -> list[Standing]:
    """Seats from first to last by their sheets: total, then visible characters, then
    earliest Plan date (`plans[seat]`, None: no Plan); each with what put it above the next."""
    keys = [
        (-sheet.total, -sheet.characters, _NO_PLAN_DATE if plan is None else plan.date_key)
        for sheet, plan in zip(sheets, plans, strict=True)
    ]
    order = sorted(range(len(keys)), key=keys.__getitem__)
    standings: list[Standing] = []
    place = 1
    for i, seat in enumerate(order):
        if i > 0 and keys[seat] != keys[order[i - 1]]:
            place = i + 1
        decided_by = None
        if i + 1 < len(order):
            a, b = keys[seat], keys[order[i + 1]]
            decided_by = (
                TieBreak.TOTAL if a[0] != b[0]
                else TieBreak.CHARACTERS if a[1] != b[1]
                else TieBreak.PLAN_DATE if a[2] != b[2]
                else None
            )
        standings.append(Standing(seat, place, -keys[seat][0], -keys[seat][1], decided_by))
    return standings


# -- what a decision would do ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PatronRace:
    """Who would win one card of the row as this round's Patron, before and after a draft,
    and whether the seats still to draft this round can change that.

    `winner_*` is None while the highest patron score is tied and a tied seat has still
    to draft (the dates decide then). `to_draft` are the seats that draft this round
    after this draft; `threats` those of them whose draft could still take this Patron
    from `winner_after` (a higher patron score, or the same one with an earlier date),
    and `beat_date`, when every threat can at best tie, the date (MM-DD) of the winner's
    card that a threat's card would have to come before. A race is `settled` when its
    winner is known and nobody still to draft can change it.
    """

    card: int
    scores_before: tuple[int, ...]
    scores_after: tuple[int, ...]
    winner_before: int | None
    winner_after: int | None
    by_date_after: bool
    to_draft: tuple[int, ...] = ()
    threats: tuple[int, ...] = ()
    beat_date: str | None = None

    @property
    def before(self) -> tuple[int, ...]:
        """The seats with the highest patron score now."""
        return leaders(self.scores_before)

    @property
    def after(self) -> tuple[int, ...]:
        """The seats with the highest patron score after the draft."""
        return leaders(self.scores_after)

    @property
    def changed(self) -> bool:
        return (self.before, self.winner_before) != (self.after, self.winner_after)

    @property
    def settled(self) -> bool:
        """If this card is the Patron, `winner_after` wins it whatever the others still draft."""
        return self.winner_after is not None and self.winner_after not in self.to_draft and not self.threats


def open_race(
    deck: Deck,
    patron: int,
    row: Sequence[int],
    piers: Sequence[Pier],
    drafted: Sequence[int | None],
    scores: Sequence[int],
    winner: int | None,
) -> tuple[tuple[int, ...], tuple[int, ...], str | None]:
    """What is still open in the race for `patron` once these cards are drafted:
    (the seats still to draft, those of them that could take it from `winner`, and the
    date their card would have to beat when none of them can do more than tie).

    A seat still to draft takes one of the cards left in `row` other than `patron`
    (which must stay to be the Patron), with any cover its pier allows; each such draft
    is tried. The winner's own card (drafted this round) sets the date to beat on a tie.
    """
    to_draft = tuple(seat for seat, card in enumerate(drafted) if card is None)
    characters = deck[patron].patrons
    best = max(scores)
    held = drafted[winner] if winner is not None else None
    date = deck[held].date_key if held is not None else None
    choices = [card for card in row if card != patron]
    threats: list[int] = []
    only_ties = True
    for seat in to_draft:
        if seat == winner:
            continue
        threat = False
        for card in choices:
            for cover in piers[seat].covers():
                score = piers[seat].place(deck[card], cover).sheet().patron_score(characters)
                if score > best:
                    threat, only_ties = True, False
                elif score == best and (date is None or deck[card].date_key < date):
                    threat = True
        if threat:
            threats.append(seat)
    beat = deck[held].date if threats and only_ties and held is not None else None
    return to_draft, tuple(threats), beat


@dataclass(frozen=True, slots=True)
class PlanOutlook:
    """A seat's Plan goal judged on a pier, with the other piers as the seat knows them.

    `rivals` are the other seats' sheets (for goals that compare players); `unsettled`
    is True when the goal compares players, so what rivals still do (or have placed
    unseen) can change the verdict.
    """

    card: Card
    goal: Goal
    sheet: ScoreSheet  # the seat's sheet the goal is judged on (no Plan points)
    rivals: tuple[ScoreSheet, ...]
    met: bool | None
    #: Whether the goal can still hold at the end (`plan_in_reach`); None: it compares
    #: players, or nobody asked.
    in_reach: bool | None = None

    @property
    def unsettled(self) -> bool:
        return self.goal.compares_players

    @property
    def bonus(self) -> int:
        """The points the Plan adds now: its bonus when met, else 0."""
        return self.card.plan.bonus if self.met else 0


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a legal decision does for the seat that makes it, on the table it can see.

    `before` and `after` are the seat's sheets without a Plan bonus; `plan_before` and
    `plan_after` judge its Plan on them (None: no Plan card yet). A draft that ends the
    round settles its Patron (`patron_won`, counted in `after`); `races` says, for every
    other card of the row, who would win it as the Patron now and after. Placing the
    Plan card is the seat's last decision: `final` is True and its totals are final
    (unless a goal that compares players meets Plans placed unseen).
    """

    seat: int
    decision: Decision
    pier: Pier  # the seat's pier after the decision
    before: ScoreSheet
    after: ScoreSheet
    plan_before: PlanOutlook | None
    plan_after: PlanOutlook | None
    races: tuple[PatronRace, ...] = ()
    drafted: tuple[Card | None, ...] = ()  # the cards drafted this round, counting this one (ties go by date)
    patron_won: int | None = None  # the Patron card this draft wins, when it ends the round
    final: bool = False
    pier_before: Pier = field(default_factory=Pier)  # the seat's pier before the decision

    def reasons_changed(self) -> tuple[tuple[Reason, ...], tuple[Reason, ...]]:
        """What the decision changes in why the pier scores (`explain.changed`): the
        reasons of the pier before that are gone after it, and the new reasons after it."""
        return changed(explain(self.pier_before.visible_sections()), explain(self.pier.visible_sections()))

    def sheet_before(self, plan: bool) -> ScoreSheet:
        """The seat's sheet now, with the Plan bonus if `plan` and its goal holds."""
        return _counted(self.before, self.plan_before if plan else None)

    def sheet_after(self, plan: bool) -> ScoreSheet:
        """The seat's sheet after the decision, with the Plan bonus if `plan` and its goal holds."""
        return _counted(self.after, self.plan_after if plan else None)


def _counted(sheet: ScoreSheet, plan: PlanOutlook | None) -> ScoreSheet:
    return sheet if plan is None else with_plan(sheet, plan.card, plan.met)


def plan_outlook(
    deck: Deck, players: int, seat: int, plan: int | None, sheets: Sequence[ScoreSheet],
    pier: Pier | None = None, awarded: int = 0,
) -> PlanOutlook | None:
    """The seat's Plan judged on `sheets` (every seat's, as the seat knows them); with
    the seat's `pier` and the Patrons `awarded` so far, also whether it is still in reach."""
    if plan is None:
        return None
    card = deck[plan]
    goal = card.plan.goal_for(players)
    rivals = tuple(sheet for other, sheet in enumerate(sheets) if other != seat)
    reach = None if pier is None else plan_in_reach(deck, players, goal, pier, sheets[seat], awarded)
    return PlanOutlook(card, goal, sheets[seat], rivals, judge_plan(card, players, seat, sheets), reach)


def plan_in_reach(deck: Deck, players: int, goal: Goal, pier: Pier, sheet: ScoreSheet, awarded: int) -> bool | None:
    """Whether a Plan goal can still hold on `pier` (scored as `sheet`) when it is judged,
    with `awarded` Patron cards given so far in the game: each pier ends with its
    Foundation, one card a round and the Plan card (`goals.can_still_be_met`)."""
    rounds = rounds_of(deck, players)
    placements = rounds + 2 - len(pier)
    last = len(pier.placements[-1].card.sections) if pier.placements else 0
    return can_still_be_met(goal, sheet, placements, rounds - awarded, last, [card.sections for card in deck.values()])


def outcome(
    deck: Deck,
    seat: int,
    piers_now: Sequence[Pier],
    patrons_now: Sequence[Sequence[int]],
    plans: Sequence[int | None],
    revealed: Sequence[int],
    drafted_now: Sequence[int | None],
    decision: Decision,
) -> Outcome:
    """What `decision` would do for `seat`, on the table as that seat sees it
    (`PlayerView.outcome` passes its own fields).

    Only the seat's own pier, its patrons and this round's Patron contest change, and all
    of that is public or the seat's own, so no hidden card is needed.
    """
    players = len(piers_now)
    piers = list(piers_now)
    patrons = [len(won) for won in patrons_now]
    before_sheets = [pier.sheet(count) for pier, count in zip(piers, patrons)]
    drafted: tuple[int | None, ...] = ()
    races: list[PatronRace] = []
    won = None
    final = False
    awarded = sum(patrons)
    pier_before = piers[seat] if type(decision) is not Keep else Pier()
    if type(decision) is Keep:
        plan: int | None = decision.plan
        piers[seat] = Pier().place(deck[decision.foundation])
    elif type(decision) is Draft:
        plan = plans[seat]
        piers[seat] = piers[seat].place(deck[decision.card], decision.cover)
        after_drafted = list(drafted_now)
        after_drafted[seat] = decision.card
        drafted = tuple(after_drafted)
        row = [card for card in revealed if card != decision.card]
        for card in row:
            scores_now, winner_now, _ = patron_contest(deck, card, piers_now, drafted_now)
            scores_then, winner_then, by_date = patron_contest(deck, card, piers, drafted)
            still = open_race(deck, card, row, piers, drafted, scores_then, winner_then)
            races.append(PatronRace(card, scores_now, scores_then, winner_now, winner_then, by_date, *still))
        if len(row) == 1 and all(card is not None for card in drafted):  # the round ends: its Patron is settled
            awarded += 1
            won = row[0] if races[0].winner_after == seat else None
            if won is not None:
                patrons[seat] += 1
    else:
        assert type(decision) is PlacePlan
        plan = plans[seat]
        assert plan is not None, "the Plan phase always has a Plan card"
        piers[seat] = piers[seat].place(deck[plan], decision.cover)
        final = True
    after_sheets = [pier.sheet(count) for pier, count in zip(piers, patrons)]
    if type(decision) is Keep:  # before it, the seat had no pier and no Plan
        before_plan = None
        before = Pier().sheet()
    else:
        before_plan = plan_outlook(deck, players, seat, plan, before_sheets)
        before = before_sheets[seat]
    return Outcome(
        seat=seat,
        decision=decision,
        pier=piers[seat],
        before=before,
        after=after_sheets[seat],
        plan_before=before_plan,
        plan_after=plan_outlook(deck, players, seat, plan, after_sheets, piers[seat], awarded),
        races=tuple(races),
        drafted=tuple(None if card is None else deck[card] for card in drafted),
        patron_won=won,
        final=final,
        pier_before=pier_before,
    )
