"""Reasons in words: why a pier scores what it does (`engine.explain`), why a hint's
choice is good, what a bot could not do, and the lesson's feedback on a choice.

Plain strings from the engine's values, said the same by every front end that needs them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import i18n
from ..engine.characters import Character
from ..engine.decisions import Draft, Keep
from ..engine.explain import Why
from ..engine.goals import goal_measures
from ..engine.motives import Keeps, Motive, PatronChance, Places, PlanProgress, PlanVerdict, PointsChange
from ..i18n import _, ngettext, pgettext
from .moves import card_label, card_name, covering, decision_text, goal_text, points_change, short_decision
from .people import either, players_list
from .scores import MEASURE, category_name, goal_progress, points, points_of

if TYPE_CHECKING:
    from collections.abc import Sequence
    from ..engine.cards import Card
    from ..engine.decisions import Decision
    from ..engine.deck import Deck
    from ..engine.explain import Reason
    from ..engine.outlook import Outcome, PlanOutlook


def hint_lines(deck: Deck, decision: Decision, expected_total: float | None, now: int | None,
               alternatives: Sequence[tuple[Decision, float]], reason: str) -> list[str]:
    """The judge's advice as sentences: the choice with every card named, where it
    should leave the player, the next best choices with how far each ranks below it
    (`alternatives`: points of `MEASURE`), and why.

    'take #7 Bandstand covering 1 section: you should end about 24 points (now 17).'
    """
    head = decision_text(deck, decision)
    if expected_total is None:
        lines = [_("{decision}.").format(decision=head)]
    elif now is None:
        lines = [_("{decision}: you should end about {points}.").format(decision=head, points=points(round(expected_total)))]
    else:
        lines = [_("{decision}: you should end about {points} (now {now}).").format(
            decision=head, points=points(round(expected_total)), now=now
        )]
    if alternatives:
        others = "; ".join(
            _("{decision}, {behind}").format(decision=short_decision(deck, d), behind=_behind(points)) for d, points in alternatives
        )
        lines.append(_("Next best (by {measure}): {others}.").format(measure=_(MEASURE), others=others))
    lines.append(_("Why: it {reason}.").format(reason=reason))
    return lines


def _behind(points: float) -> str:
    """How far a next best choice ranks below the best: '1.5 behind', 'as good'."""
    return _("as good") if points < 0.05 else _("{points} behind").format(points=i18n.decimal(points, 1))


def no_hint(problem: str | None) -> str:
    """A hint that did not come: 'No hint this time (why).'"""
    if problem:
        return _("No hint this time ({problem}).").format(problem=problem)
    return _("No hint this time (no advice came back).")


def bot_problem(problem: str | None) -> str:
    """A bot that failed to decide: it made the first legal choice instead."""
    if problem:
        return _("The bot had a problem ({problem}) and took its first legal choice.").format(problem=problem)
    return _("The bot had a problem (it gave no decision) and took its first legal choice.")


def patron_points(card: Card) -> str:
    """What a Patron card is won on: 'Fisher points', 'Lovers + Fisher points'."""
    return _("{characters} points").format(characters=" + ".join(points_of(character) for character in card.patrons))


def hint_why(deck: Deck, players: int, outcome: Outcome, names: Sequence[str]) -> str:
    """Why a hint's choice is good, in what it changes (the engine's `Outcome`): the
    points it scores now, each Patron race it changes, against whom and on what, and
    what it does for the Plan. Said after 'it'; what others can still change is said so.
    """
    decision, me = outcome.decision, outcome.seat
    if isinstance(decision, Keep):
        foundation = deck[decision.foundation]
        parts = [_("starts your pier with {card}, {points}").format(card=card_name(foundation), points=points(outcome.after.total))]
        plan = outcome.plan_after
        if plan is not None:
            parts.append(
                _(
                    "keeps {plan} as the Plan ({goal}, +{bonus} if it holds at the end; {numbers} on the Foundation alone)"
                ).format(plan=card_name(plan.card), goal=goal_text(plan.goal), bonus=plan.card.plan.bonus, numbers=_plan_numbers(plan))
            )
        return "; ".join(parts)
    if outcome.final:
        total = outcome.sheet_after(plan=True).total
        parts = [_("ends your pier at {points}").format(points=points(total))]
        plan = outcome.plan_after
        if plan is not None:
            if plan.met:
                verdict = _("meets your Plan ({goal}: {numbers}, +{bonus})").format(
                    goal=goal_text(plan.goal), numbers=_plan_numbers(plan), bonus=plan.card.plan.bonus
                )
            else:
                verdict = _("leaves your Plan unmet ({goal}: {numbers})").format(goal=goal_text(plan.goal), numbers=_plan_numbers(plan))
            if plan.unsettled:
                verdict = _("{verdict}, unless a rival's Plan placed unseen changes the count").format(verdict=verdict)
            parts.append(verdict)
        return "; ".join(parts)
    before, after = outcome.before, outcome.after
    gained = sum(after.points(c) - before.points(c) for c in Character)
    changed = any(after.points(c) != before.points(c) for c in Character)
    parts = [
        _("scores {gained:+d} on your pier now ({change})").format(gained=gained, change=points_change(before, after))
        if changed else _("scores nothing on your pier now")
    ]
    parts += _patron_reasons(deck, outcome, names)
    plan_before, plan_after = outcome.plan_before, outcome.plan_after
    if plan_before is not None and plan_after is not None:
        now = _plan_numbers(plan_after)
        was = ", ".join(str(value) for value in goal_measures(plan_before.goal, plan_before.sheet))
        values = {"goal": goal_text(plan_after.goal), "now": now, "was": was}
        if plan_after.met and not plan_before.met:
            parts.append(_("meets your Plan as the piers stand ({goal}: {now}, was {was})").format(**values))
        elif plan_before.met and not plan_after.met:
            parts.append(_("breaks your Plan as the piers stand ({goal}: {now}, was {was})").format(**values))
        elif now != _plan_numbers(plan_before):
            parts.append(_("moves your Plan on ({goal}: {now}, was {was})").format(**values))
    return "; ".join(parts)


def _plan_numbers(plan: PlanOutlook) -> str:
    """Where a pier stands on its Plan: 'Poets: 6/8', 'Poets: 5, best rival 6'."""
    rivals = [goal_measures(plan.goal, sheet)[0] for sheet in plan.rivals] if plan.goal.compares_players else []
    return goal_progress(plan.goal, goal_measures(plan.goal, plan.sheet), max(rivals) if rivals else None)


def _patron_reasons(deck: Deck, outcome: Outcome, names: Sequence[str]) -> list[str]:
    """What a draft does to this round's Patron races, each against whom and on what:
    'leads Bob for #7 Bandstand if it is the Patron left (Poet points: 5 to 4)'."""
    me = outcome.seat
    waiting = [names[s] for s, card in enumerate(outcome.drafted) if card is None and s != me]
    reasons: list[tuple[str, bool]] = []  # each with whether others can still change it
    for race in outcome.races:
        card = deck[race.card]
        scores = race.scores_after
        rivals = [s for s in range(len(scores)) if s != me]
        best = max(scores[s] for s in rivals)
        top = players_list([names[s] for s in rivals if scores[s] == best])
        score = _("{points}: {mine} to {theirs}").format(points=patron_points(card), mine=scores[me], theirs=best)
        label = card_label(card)
        if outcome.patron_won == race.card:
            if race.by_date_after:
                won = _("wins the Patron {card} over {rivals} ({score}, on the earlier date)")
            else:
                won = _("wins the Patron {card} over {rivals} ({score})")
            reasons.append((won.format(card=label, rivals=top, score=score), False))
        elif not waiting and len(outcome.races) == 1:  # the round ends: its Patron is settled
            winner = race.winner_after
            assert winner is not None
            mine = _("{points}: {mine} to {theirs}").format(points=patron_points(card), mine=scores[me], theirs=scores[winner])
            reasons.append((_("leaves the Patron {card} to {winner} ({score})").format(card=label, winner=names[winner], score=mine), False))
        elif race.changed:
            if race.winner_after == me:
                reasons.append((_("leads {rivals} for {card} if it is the Patron left ({score})").format(
                    rivals=top, card=label, score=score), True))
            elif me in race.after:
                tie = _("{points}: {best} each, the earliest date drafted wins").format(points=patron_points(card), best=best)
                reasons.append((_("ties {rivals} for {card} if it is the Patron left ({score})").format(
                    rivals=top, card=label, score=tie), True))
            else:
                reasons.append((_("trails {rivals} for {card} if it is the Patron left ({score})").format(
                    rivals=top, card=label, score=score), True))
    told = reasons[:2]  # the first two cards of the row: a hint is a few lines
    said = [reason for reason, _open in told]
    if waiting and any(open_ for _reason, open_ in told):
        said.append(ngettext("{names} still drafts and can change that", "{names} still draft and can change that",
                             len(waiting)).format(names=players_list(waiting)))
    return said


def _side_name(side: int) -> str:
    """A side of a pier, as a sentence names it: 'left', 'right'."""
    return pgettext("side", "left") if side == 0 else pgettext("side", "right")


def reason_gone() -> str:
    """Before a reason the placement ends."""
    return _("before:")


def reason_new() -> str:
    """Before a reason the placement brings (as wide as `reason_gone`)."""
    return _("after: ")


def _on_card(index: int, cards: Sequence[Card] | None) -> str:
    """The card section `index` belongs to ("#12 Lighthouse"), or without cards (a pier
    written out) the section itself, counted from the land ("section 3")."""
    return card_label(cards[index]) if cards is not None else _("section {number}").format(number=index + 1)


def _slot_place(slot: tuple[int, int], cards: Sequence[Card] | None = None) -> str:
    """Where a slot is, as a player finds it: "on the left of #12 Lighthouse"."""
    index, side = slot
    return _("on the {side} of {card}").format(side=_side_name(side), card=_on_card(index, cards))


def _span(slots: Sequence[tuple[int, int]], cards: Sequence[Card] | None) -> str:
    """Where a run of slots on one side is: "on the left of #12 Lighthouse", or
    "on the left, from #3 Helter Skelter to #12 Lighthouse"."""
    first, last = _on_card(slots[0][0], cards), _on_card(slots[-1][0], cards)
    side = _side_name(slots[0][1])
    if first == last:
        return _("on the {side} of {card}").format(side=side, card=first)
    return _("on the {side}, from {first} to {last}").format(side=side, first=first, last=last)


def _one_of(character: str | None) -> str:
    """One of a character, as a sentence names them (None: nobody known)."""
    return {
        "flower": _("a Flower Seller"), "poet": _("a Poet"), "lovers": _("other Lovers"), "fisher": _("a Fisher"),
    }.get(character or "", _("someone"))


def explanation(reason: Reason, cards: Sequence[Card] | None = None) -> str:
    """One reason in plain words: its points first, then the rule that gives them.

    `cards[i]` is the card section i of the pier belongs to, when the pier is made of
    cards (the table, `pier18 score --cards`); a pier written out names sections instead.
    """
    label = category_name(reason.category.value)
    points = f"+{reason.points}" if reason.points else "0"
    return f"{label} {points}: {_reason_why(reason, cards)}"


def _reason_why(reason: Reason, cards: Sequence[Card] | None) -> str:
    """The rule that gives a reason its points, in words."""
    def at(slot: tuple[int, int]) -> str:
        return _slot_place(slot, cards)

    first, last = reason.slots[0], reason.slots[-1]
    side = _side_name(reason.side)
    match reason.why:
        case Why.GROUP:
            return ngettext(
                "{n} character stands together {span} with a Flower Seller among them, so each of them but one Flower Seller scores 1",
                "{n} characters stand together {span} with a Flower Seller among them, so each of them but one Flower Seller scores 1",
                len(reason.slots),
            ).format(n=len(reason.slots), span=_span(reason.slots, cards))
        case Why.ALONE:
            return _("the Flower Seller {place} stands alone: a Flower Seller needs someone next to it").format(place=at(first))
        case Why.PAIR:
            return _("the Poets {place} and {other} make a pair").format(place=at(first), other=at(last))
        case Why.UNPAIRED:
            return _("the Poet {place} has no partner: Poets score in pairs").format(place=at(first))
        case Why.QUIET:
            return _("the Lovers {place} have peace and quiet: the two slots before them and after them are empty").format(
                place=at(first)
            )
        case Why.COMPANY:
            who = _one_of(reason.near_character.value if reason.near_character is not None else None)
            near = reason.near[0] if reason.near is not None else first[0]
            if abs(near - first[0]) == 1:
                message = _("the Lovers {place} have {who} right next to them: they need two empty slots on each side")
            else:
                message = _("the Lovers {place} have {who} two slots away: they need two empty slots on each side")
            return message.format(place=at(first), who=who)
        case Why.FULLER_SIDE:
            left, right = reason.counts
            if left == right:
                return ngettext(
                    "{n} Fisher on each side: a tie counts once, so the Fisher on the {side} scores 1",
                    "{n} Fishers on each side: a tie counts once, so each Fisher on the {side} scores 1",
                    left,
                ).format(n=left, side=side)
            return _("the {side} side has more Fishers ({more} against {fewer}): each one there scores 1").format(
                side=side, more=max(left, right), fewer=min(left, right)
            )
        case Why.EMPTIER_SIDE:
            fishers = len(reason.slots)
            if reason.counts[0] == reason.counts[1]:
                return ngettext(
                    "the Fisher on the {side} ties the other side, and a tie counts once",
                    "the {n} Fishers on the {side} tie the other side, and a tie counts once",
                    fishers,
                ).format(n=fishers, side=side)
            return ngettext(
                "the Fisher on the {side} is on the side with fewer: only the fuller side scores",
                "the {n} Fishers on the {side} are on the side with fewer: only the fuller side scores",
                fishers,
            ).format(n=fishers, side=side)
    raise AssertionError(reason.why)  # every rule is worded above


def lesson_part(deck: Deck, decision: Decision, at: str) -> str:
    """A suggestion as a whole decision, at any moment: both cards of a set-up, the card
    and its cover of a draft ('take ... covering ...' at a pick, 'place ... covering ...'
    once the card is chosen), the Plan's cover."""
    if isinstance(decision, Draft) and at == "cover":
        return _("place {card} {covering}").format(card=card_label(deck[decision.card]), covering=covering(decision.cover))
    return decision_text(deck, decision)


def lesson_refused(deck: Deck, suggestion: Decision, at: str) -> str:
    """The one line a step that needs a particular choice answers another with."""
    return _("Not this one: this step needs you to {what}.").format(what=lesson_part(deck, suggestion, at))


def _lesson_you_chose(
    deck: Deck, decision: Decision, before: int, after: int, patron: Card | None = None, plan_bonus: int = 0
) -> str:
    """The feedback's first line: what the learner did, their total before and after, and
    what of the change came from the Patron the choice won (`patron`, worth 1 point) or
    from the Plan's bonus (`plan_bonus`): each point said once, as part of the total."""
    line = _("You chose to {decision}: your total went from {before} to {after}").format(
        decision=decision_text(deck, decision), before=before, after=after
    )
    parts = []
    if patron is not None:
        parts.append(_("the 1 point for winning the Patron {card} included").format(card=card_label(patron)))
    if plan_bonus > 0:
        parts.append(_("your Plan's bonus of {points} included, as its goal is met").format(points=points(plan_bonus)))
    elif plan_bonus < 0:
        parts.append(_("your Plan's bonus of {points} lost, as its goal is no longer met").format(points=points(-plan_bonus)))
    if parts:
        return _("{chosen}, {included}.").format(chosen=line, included=players_list(parts))
    return f"{line}."


def _lesson_suggested(deck: Deck, suggestion: Decision | None, same: bool, after: int | None) -> str:
    """The feedback's line about the suggested choice."""
    if suggestion is None or after is None:
        return _("This lesson had no suggestion here: any choice was fine.")
    if same:
        return _("That is just what the lesson suggested.")
    return _("The suggested choice, to {decision}, would have made your total {after}.").format(
        decision=decision_text(deck, suggestion), after=after
    )


def lesson_feedback(
    deck: Deck, mine: Outcome, suggested: Outcome | None
) -> tuple[str, list[str], list[str], str]:
    """What a choice in the lesson did, next to the suggested one (the engine's outcomes,
    worded; nothing added up here): the line on the choice made, the reasons it ended
    and the ones it brought (`explanation`s, each card named), and the line on the
    suggestion. The lesson's box and its plain lines both say these."""
    final = mine.final
    was, now = mine.sheet_before(plan=final), mine.sheet_after(plan=final)
    won = deck[mine.patron_won] if mine.patron_won is not None else None
    chose = _lesson_you_chose(deck, mine.decision, was.total, now.total, won, now.plan - was.plan)
    gone, new = mine.reasons_changed()
    before = [v.card for v in mine.pier_before.visible()]
    after = [v.card for v in mine.pier.visible()]
    same = suggested is not None and suggested.decision == mine.decision
    theirs = suggested.sheet_after(plan=final).total if suggested is not None else None
    return (
        chose,
        [explanation(reason, before) for reason in gone],
        [explanation(reason, after) for reason in new],
        _lesson_suggested(deck, suggested.decision if suggested else None, same, theirs),
    )


def motive_text(motive: Motive) -> str:
    """One part of what a decision does (`engine.motives`), as a bot's move line ends:
    'keeps Pier Lamp as the Plan (At least 5 Poets, +4) and builds on Bandstand (3 points
    to start)', 'drafts Bandstand covering nothing', '+3 Lovers points', 'wins the Patron
    #7', 'Plan met for now: More Poets than any rival', 'closer to the Plan (...)'.

    The Patron is said only as decided as it is: won (the draft ends the round), won
    whichever card is left (no one still to draft can change it), else aimed at."""
    match motive:
        case Keeps(plan, goal, foundation, start):
            return _("keeps {plan} as the Plan ({goal}, +{bonus}) and builds on {foundation} ({points} to start)").format(
                plan=card_name(plan), goal=goal_text(goal), bonus=plan.plan.bonus, foundation=card_name(foundation),
                points=points(start),
            )
        case Places(card, plan, cover):
            if plan:
                return _("places the Plan {card} {covering}").format(card=card_name(card), covering=covering(cover))
            return _("drafts {card} {covering}").format(card=card_name(card), covering=covering(cover))
        case PointsChange(before, after):
            return points_change(before, after)
        case PatronChance(won, sure, leads, tied):
            if won is not None:
                return _("wins the Patron #{card}").format(card=won)
            if sure:
                return _("wins the Patron whichever card is left")
            if leads:
                return _("aims to win the Patron: leads if {cards} is left").format(cards=either([f"#{card}" for card in leads]))
            return _("aims to win the Patron: tied for it if {cards} is left").format(cards=either([f"#{card}" for card in tied]))
        case PlanVerdict(met, goal, sure):
            if not sure:
                return (_("Plan met for now: {goal}") if met else _("Plan missed for now: {goal}")).format(goal=goal_text(goal))
            return (_("Plan met: {goal}") if met else _("Plan missed: {goal}")).format(goal=goal_text(goal))
        case PlanProgress(closer, goal):
            return (_("closer to the Plan ({goal})") if closer else _("further from the Plan ({goal})")).format(goal=goal_text(goal))


def motives_text(motives: Sequence[Motive]) -> str:
    """What a decision does, all its parts in one line (the reason a review gives)."""
    return "; ".join(motive_text(motive) for motive in motives)


def seat_numbers(players: int) -> list[str]:
    """The seats as a sentence names them without their names: 'player 1', 'player 2'."""
    return [_("player {number}").format(number=seat + 1) for seat in range(players)]
