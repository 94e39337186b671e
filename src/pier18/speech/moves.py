"""Cards and decisions in words: a card's name and goal, a decision, what it covers, the
line that tells a move (and a Patron award) to the table, and what happened since a turn.

Only what a `TableView` shows is told. Plain strings, said the same by every front end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import i18n
from ..engine.characters import Character
from ..engine.decisions import Draft, Keep, PlacePlan
from ..engine.phase import Phase
from ..i18n import _, ngettext
from .people import author, players_list
from .scores import category_name, points

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from ..engine.cards import Card
    from ..engine.decisions import Decision
    from ..engine.deck import Deck
    from ..engine.game import PatronAward
    from ..engine.goals import Goal
    from ..engine.scoring import ScoreSheet
    from ..engine.view import TableView


def card_name(card: Card | str) -> str:
    """A card's name (the card, or its name as a record keeps it), in the language
    spoken (a custom deck's name the catalog does not know stays as written). Looked up
    by `i18n.pgettext`: the name is the deck's, a message of the catalog
    (scripts/catalog.py reads the deck), no literal."""
    return i18n.pgettext("card", card if isinstance(card, str) else card.name)


def goal_text(goal: Goal) -> str:
    """A goal's text, as the deck gives it, in the language spoken (a custom deck's goal
    the catalog does not know stays as written)."""
    return i18n.pgettext("goal", goal.text)


def card_label(card: Card) -> str:
    """How a card is named in a sentence: '#7 Bandstand'."""
    return _("#{id} {name}").format(id=card.id, name=card_name(card))


def covering(cover: int) -> str:
    """'covering nothing', 'covering 1 section', 'covering 2 sections'."""
    if not cover:
        return _("covering nothing")
    return ngettext("covering {n} section", "covering {n} sections", cover).format(n=cover)


def kept_cards(deck: Deck, keep: Keep) -> str:
    """What a set-up choice keeps, every card named: '#3 Pier Lamp as the Plan and #11
    Bandstand as the Foundation' (after 'keep' or 'Ann kept')."""
    return _("{plan} as the Plan and {foundation} as the Foundation").format(
        plan=card_label(deck[keep.plan]), foundation=card_label(deck[keep.foundation])
    )


def decision_text(deck: Deck, decision: Decision) -> str:
    """A decision as an instruction, with every card named: 'take #7 Bandstand covering nothing'."""
    if isinstance(decision, Keep):
        return _("keep {cards}").format(cards=kept_cards(deck, decision))
    if isinstance(decision, Draft):
        return _("take {card} {covering}").format(card=card_label(deck[decision.card]), covering=covering(decision.cover))
    return _("place the Plan card {covering}").format(covering=covering(decision.cover))


def short_decision(deck: Deck, decision: Decision) -> str:
    """A decision in few words, for lists: '#7 Bandstand covering nothing'."""
    if isinstance(decision, Keep):
        return _("Plan {plan} + Foundation {foundation}").format(
            plan=card_label(deck[decision.plan]), foundation=card_label(deck[decision.foundation])
        )
    if isinstance(decision, Draft):
        return _("{card} {covering}").format(card=card_label(deck[decision.card]), covering=covering(decision.cover))
    return covering(decision.cover)


def points_change(before: ScoreSheet, after: ScoreSheet) -> str:
    """'+3 Lovers points, -1 Fisher point': what a placement does to each character's points."""
    changes = [
        _character_points(after.points(c) - before.points(c), c)
        for c in Character if after.points(c) != before.points(c)
    ]
    return ", ".join(changes) if changes else _("no points change")


def _character_points(change: int, character: Character) -> str:
    """A change in one character's points: '+2 Fisher points', '-1 Poet point'."""
    form = ngettext("{n:+d} {who} point", "{n:+d} {who} points", abs(change))
    return form.format(n=change, who=character.title)


def move_line(
    before: TableView,
    after: TableView,
    names: Sequence[str],
    reason: str | None = None,
    now: TableView | None = None,
    by: str | None = None,
) -> str:
    """The line for the decision that took the table from `before` to `after`.

    Only what the table may see is said: a hidden choice is said to have happened. With
    `now` (the table as it is now) a choice shown since is told in full. `reason` (a
    bot's, from its estimate) ends the line. `by`: the level of a bot that made the
    decision for its seat's away player, named as its author.
    """
    seat, decision = after.history[-1]
    if now is not None:
        decision = now.history[len(after.history) - 1][1]
    name = author(names, seat, by, start=True)
    if decision is None:
        if before.phase is Phase.PLAN:
            return _("{name} placed the Plan card (shown when the game ends).").format(name=name)
        return _("{name} kept a Plan and a Foundation (hidden until everyone has chosen).").format(name=name)
    if isinstance(decision, Keep):
        cards = kept_cards(before.deck, decision)
        if after.phase is not Phase.SETUP and now is None:
            return _("{name} kept {cards}; every Plan and Foundation is now shown.").format(name=name, cards=cards)
        return _("{name} kept {cards}.").format(name=name, cards=cards)
    if isinstance(decision, PlacePlan):
        if reason:
            return _("{name} placed the Plan card {covering}; {reason}.").format(
                name=name, covering=covering(decision.cover), reason=reason
            )
        return _("{name} placed the Plan card {covering}.").format(name=name, covering=covering(decision.cover))
    card = before.deck[decision.card]
    change = points_change(before.piers[seat].sheet(), after.piers[seat].sheet())
    line = _("{name} took {card} {covering}: {change}").format(
        name=name, card=card_label(card), covering=covering(decision.cover), change=change
    )
    was, now_met = before.plan_met(seat), after.plan_met(seat)
    if now_met and not was:
        line = _("{line}; Plan goal now met ✔").format(line=line)
    elif was and not now_met:
        line = _("{line}; Plan goal no longer met ✘").format(line=line)
    if reason and reason != change:
        line = _("{line}; {reason}").format(line=line, reason=reason)
    return _("{line}.").format(line=line)


def covering_short(cover: int) -> str:
    """'covering nothing', 'covering 1', 'covering 2' (a section is understood)."""
    return _("covering {n}").format(n=cover) if cover else _("covering nothing")


def _event_short(
    table: TableView, index: int, names: Sequence[str], reason: str | None = None, by: str | None = None
) -> str:
    """Decision number `index` (0-based) of the table's history in few words, as the
    table may see it now: 'Bob took #12 covering 1', 'Bob kept a Plan and a
    Foundation', 'Bob kept Plan #3 and Foundation #11', 'Bob placed the Plan card';
    a bot's `reason` follows a dash: 'Bob took #12 covering 1 — aims to win the Patron: …'.
    `by`: a bot made it for the seat's away player ('a hard bot for Bob took …')."""
    seat, decision = table.history[index]
    name = author(names, seat, by)
    if decision is None:  # hidden: a set-up choice, or a Plan placed before the end
        if table.phase is Phase.PLAN:
            return _("{name} placed the Plan card").format(name=name)
        return _("{name} kept a Plan and a Foundation").format(name=name)
    if isinstance(decision, Keep):
        return _("{name} kept Plan #{plan} and Foundation #{foundation}").format(
            name=name, plan=decision.plan, foundation=decision.foundation
        )
    if isinstance(decision, PlacePlan):
        line = _("{name} placed the Plan card {covering}").format(name=name, covering=covering_short(decision.cover))
    else:
        line = _("{name} took #{card} {covering}").format(
            name=name, card=decision.card, covering=covering_short(decision.cover)
        )
    return _("{line} — {reason}").format(line=line, reason=reason) if reason else line


def _patrons_of(card: Card) -> str:
    return players_list([category_name(character.value) for character in card.patrons])


def _patron_won_short(award: PatronAward, deck: Deck, names: Sequence[str]) -> str:
    """A Patron award in few words: 'Cy won Patron #2 on Flower Sellers, 6 to 4' (the
    best other score), '..., 5 to 5 on the earlier date'."""
    mine = award.scores[award.winner]
    rival = max(score for seat, score in enumerate(award.scores) if seat != award.winner)
    values = {"name": names[award.winner], "card": award.card, "patrons": _patrons_of(deck[award.card]),
              "mine": mine, "rival": rival}
    if award.by_date:
        return _("{name} won Patron #{card} on {patrons}, {mine} to {rival} on the earlier date").format(**values)
    return _("{name} won Patron #{card} on {patrons}, {mine} to {rival}").format(**values)


def patron_log_line(award: PatronAward, deck: Deck, names: Sequence[str]) -> str:
    """A Patron award in the game log: 'Round 2: Cy won the Patron #2 Bandstand
    (Flower Sellers), 6 to 4.'"""
    mine = award.scores[award.winner]
    rival = max(score for seat, score in enumerate(award.scores) if seat != award.winner)
    card = deck[award.card]
    values = {"round": award.round, "name": names[award.winner], "card": card_label(card),
              "patrons": _patrons_of(card), "mine": mine, "rival": rival}
    if award.by_date:
        return _(
            "Round {round}: {name} won the Patron {card} ({patrons}), {mine} to {rival}, "
            "the tie broken by the earliest date ({date})."
        ).format(date=deck[award.drafted[award.winner]].date, **values)
    return _("Round {round}: {name} won the Patron {card} ({patrons}), {mine} to {rival}.").format(**values)


def _table_events(
    table: TableView, names: Sequence[str], start: int = 0, reasons: Mapping[int, str] | None = None,
    stand_ins: Mapping[int, str] | None = None,
) -> list[str]:
    """Every public event after the first `start` decisions, oldest first, in few words:
    each decision as the table may see it (a bot's with its reason, from `reasons`, by
    the number of decisions it completed; one a bot made for an away player named as
    that bot's, from `stand_ins`, the bot's level by the same number), each Patron award
    after the draft that ended its round (the award the `start`-th decision itself
    brought about included)."""
    ended = {award.after: award for award in table.awards}
    reasons = reasons or {}
    stand_ins = stand_ins or {}
    start = max(start, 0)
    events: list[str] = []
    if start and start in ended:  # the round the player's own draft ended
        events.append(_patron_won_short(ended[start], table.deck, names))
    for index in range(start, len(table.history)):
        events.append(_event_short(table, index, names, reasons.get(index + 1), stand_ins.get(index + 1)))
        if index + 1 in ended:
            events.append(_patron_won_short(ended[index + 1], table.deck, names))
    return events


def since_your_turn(
    table: TableView, names: Sequence[str], start: int, reasons: Mapping[int, str] | None = None,
    stand_ins: Mapping[int, str] | None = None,
) -> str | None:
    """What happened since a player's last decision (the first `start` decisions came
    before; 0: the player has made none): 'Since your last move: Bob took #12 covering 1;
    Cy won Patron #2 on Flower Sellers, 6 to 4.', 'So far: Ann kept a Plan and a
    Foundation.' A move a bot made for an away player is that bot's ('a hard bot for Ann
    took #3 covering nothing', `stand_ins`). None when nothing has."""
    events = _table_events(table, names, start, reasons, stand_ins)
    if not events:
        return None
    if start:
        return _("Since your last move: {events}.").format(events="; ".join(events))
    return _("So far: {events}.").format(events="; ".join(events))


def plan_result(card: Card, met: bool | None, bonus: int, worth: int) -> str:
    """What a player's Plan brought: 'Plan #3 Pier Lamp met: +4 points' or 'Plan #3 Pier
    Lamp not met: 0 of its 4 points'."""
    if met:
        return _("Plan {card} met: +{points}").format(card=card_label(card), points=points(bonus))
    return _("Plan {card} not met: 0 of its {points}").format(card=card_label(card), points=points(worth))
