"""What a seat may see, in plain lines: cards, piers, the row, the scores, the moves.

Every line is built from the game's phrases (`pier18.words`) and catalog messages; a
pier is read as sections from the land end to the sea end ('section 1, #7 Bandstand:
left Poet, right empty'), never drawn. Each function reads a `TableView` or a
`PlayerView`, so nothing hidden from a seat can reach its lines.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..club.clock import time_left
from ..engine import Phase
from ..engine.explain import explain
from ..engine.explain import explain
from ..i18n import _, ngettext, pgettext
from ..speech.moves import card_label, decision_text, goal_text, plan_result
from ..speech.people import players_list
from ..speech.scores import CATEGORY_LABELS, points, category_name, category_points, final_ranking, verdict
from ..speech.why import explanation, hint_lines as advice_lines, hint_why, patron_points

if TYPE_CHECKING:  # pragma: no cover
    from ..bots import Hint
    from ..engine import Card, PlayerView, TableView
    from ..net.protocol import ClubPart
    from ..engine.characters import Character, Section
    from ..engine.pier import Pier

#: How much a line under a heading is indented (a screen reader says nothing of it).
INDENT = "  "

#: The marks the full-screen game puts beside a word that already says the same ('✔ met',
#: '✘ not yet', 'Plan goal now met ✔'): a screen reader would read 'heavy check mark'.
_MARKS = re.compile(r" ?[\u2714\u2718] ?")


def pier_title(name: str, total: int) -> str:
    """Above each pier drawn: 'Ann: 17 points', 'Cy: 1 point'."""
    return _("{name}: {points}").format(name=name, points=points(total))


def plain(line: str) -> str:
    """`line` as a screen reader should hear it: the marks that only repeat a word left
    out, with the space beside them ('  ✔ met' -> '  met', 'now met ✔.' -> 'now met.')."""
    return _MARKS.sub(lambda mark: " " if mark.group().startswith(" ") and mark.group().endswith(" ") else "", line)


def slot(character: Character | None) -> str:
    """A slot of a section: the character standing there, or 'empty'."""
    # TRANSLATORS: a slot of a pier section with no character standing in it
    return character.title if character is not None else pgettext("slot", "empty")


def section_line(number: int, section: Section, card: Card | None = None) -> str:
    """'section 1: left Poet, right empty', or with the card it belongs to
    'section 1, #7 Bandstand: left Poet, right empty' (counted from the land end)."""
    left, right = slot(section[0]), slot(section[1])
    if card is None:
        return _("section {number}: left {left}, right {right}").format(number=number, left=left, right=right)
    return _("section {number}, {card}: left {left}, right {right}").format(
        number=number, card=card_label(card), left=left, right=right
    )


def card_lines(card: Card, players: int, goal: bool = False) -> list[str]:
    """A card in words: its name, date and Patron, each section from the land end, and
    with `goal` its Plan goal and what the goal is worth."""
    if card.patrons:
        head = _("{card}, date {date}, Patron on {points}").format(
            card=card_label(card), date=card.date, points=patron_points(card)
        )
    else:
        # TRANSLATORS: a card and its date (the number that orders the draft): 'Harbour Master, date 7'
        head = _("{card}, date {date}").format(card=card_label(card), date=card.date)
    lines = [head] + [INDENT + section_line(number, section) for number, section in enumerate(card.sections, start=1)]
    if goal:
        lines.append(INDENT + _("Plan goal: {goal} (+{bonus})").format(
            goal=goal_text(card.plan.goal_for(players)), bonus=card.plan.bonus
        ))
    return lines


def pier_lines(pier: Pier, name: str, total: int) -> list[str]:
    """A pier from the land end to the sea end, one line a visible section, under its
    owner's name and points."""
    visible = pier.visible()
    if not visible:
        return [_("{title}: no cards yet").format(title=pier_title(name, total))]
    lines = [_("{title}; the pier from the land end to the sea end:").format(title=pier_title(name, total))]
    lines += [
        INDENT + section_line(number, seen.section, seen.card) for number, seen in enumerate(visible, start=1)
    ]
    return lines


def piers_lines(view: TableView | PlayerView, names: Sequence[str], seats: Sequence[int] | None = None) -> list[str]:
    """The piers of `seats` (every seat by default), as `view` may see them."""
    lines: list[str] = []
    for seat in range(view.players) if seats is None else seats:
        lines += pier_lines(view.piers[seat], names[seat], view.score(seat, with_plan=True).total)
    return lines


def row_lines(view: TableView | PlayerView) -> list[str]:
    """The draft row, each card in words, its sections counted from the end that will
    lie on the land side (the heading says so: a card in the hand has no pier yet)."""
    if not view.revealed:
        return [_("The draft row is empty.")]
    lines = [_("The draft row, each card from its land end:")]
    for card in view.revealed:
        lines += [INDENT + line for line in card_lines(view.deck[card], view.players)]
    return lines


def hand_lines(view: PlayerView, names: Sequence[str]) -> list[str]:
    """A seat's own cards: in set-up the three dealt, each with its Plan goal; then the
    Plan kept, its goal and how it stands."""
    deck, seat = view.deck, view.seat
    if view.phase is Phase.SETUP and view.hand:
        lines = [_("{name}, your cards, each from its land end:").format(name=names[seat])]
        for card in view.hand:
            lines += [INDENT + line for line in card_lines(deck[card], view.players, goal=True)]
        return lines
    plan = view.plan_card(seat)
    if plan is None:
        return [_("{name}, you have no cards in hand.").format(name=names[seat])]
    goal = goal_text(plan.plan.goal_for(view.players))
    met = verdict(view.plan_met(seat), view.phase is Phase.OVER, view.plan_in_reach(seat))
    return [
        _("Your Plan: {card}: {goal}").format(card=card_label(plan), goal=goal),
        INDENT + met,
        *(INDENT + line for line in card_lines(plan, view.players)[1:]),
    ]


def moves_lines(view: PlayerView) -> list[str]:
    """Every legal move of the seat, each as it is typed and what it does; never cut."""
    if not view.legal:
        return [_("You have no move to make now.")]
    return [
        _("{move}: {what}").format(move=str(decision), what=decision_text(view.deck, decision))
        for decision in view.legal
    ]


def score_lines(view: TableView | PlayerView, names: Sequence[str]) -> list[str]:
    """Each seat's points, with the categories that scored."""
    lines = []
    for seat in range(view.players):
        sheet = view.score(seat, with_plan=True)
        parts = [(category_name(key), sheet.points(key)) for key in CATEGORY_LABELS if sheet.points(key)]
        # TRANSLATORS: a pier's title (its owner and total), then the points of each category that scored
        lines.append(_("{title} ({categories})").format(
            title=pier_title(names[seat], sheet.total), categories=category_points(parts)
        ))
    return lines


def plans_lines(view: TableView | PlayerView, names: Sequence[str]) -> list[str]:
    """Each seat's Plan as `view` may see it: its card, goal and how it stands, or that
    it is not shown yet."""
    lines = []
    final = view.phase is Phase.OVER
    for seat in range(view.players):
        plan = view.plan_card(seat)
        if plan is None:
            lines.append(_("{name}: Plan not shown yet").format(name=names[seat]))
            continue
        # TRANSLATORS: a player's Plan at the end: the card, its goal, then whether it was met
        lines.append(_("{name}: Plan {card}: {goal}; {verdict}").format(
            name=names[seat],
            card=card_label(plan),
            goal=goal_text(plan.plan.goal_for(view.players)),
            verdict=verdict(view.plan_met(seat), final, view.plan_in_reach(seat)),
        ))
    return lines


def final_lines(view: TableView, names: Sequence[str]) -> list[str]:
    """The end of a game: the ranking, each Plan's result and every score."""
    lines = [final_ranking(view.standings, names)]
    for seat in range(view.players):
        plan = view.plan_card(seat)
        if plan is not None and view.plans_met is not None:
            sheet = view.score(seat, with_plan=True)
            lines.append(_("{name}: {result}").format(
                name=names[seat], result=plan_result(plan, view.plans_met[seat], sheet.plan, plan.plan.bonus)
            ))
    return lines + score_lines(view, names)


def club_line(club: ClubPart, my_turn: bool) -> str:
    """Which club table a game is and when its move is due, counted from the club's
    time: 'Club table 3 · your move is due in 1 day and 23 hours'."""
    left = club.left()
    if left is None:
        return _("Club table {table}").format(table=club.table)
    if left <= 0:
        return _("Club table {table} · the time for this move is up").format(table=club.table)
    if my_turn:
        return _("Club table {table} · your move is due in {time}").format(table=club.table, time=time_left(left))
    return _("Club table {table} · the next move is due in {time}").format(table=club.table, time=time_left(left))


def lost_on_time_line(club: ClubPart, names: Sequence[str]) -> str | None:
    """Who lost on time at a club's table, whatever the game's ranking says: 'Ann lost
    on time: last in the club's ratings' (None: nobody did)."""
    seats = [seat for seat in club.lost_on_time if 0 <= seat < len(names)]
    if not seats:
        return None
    return ngettext(
        "{names} lost on time: last in the club's ratings", "{names} lost on time: last in the club's ratings", len(seats)
    ).format(names=players_list([names[seat] for seat in seats]))


def why_lines(view: TableView | PlayerView, names: Sequence[str], seats: Sequence[int] | None = None) -> list[str]:
    """Why each pier of `seats` (every seat by default) scores what it does: the engine's
    reasons (`engine.explain`), each worded by `speech.why.explanation`, its cards named."""
    lines: list[str] = []
    for seat in range(view.players) if seats is None else seats:
        visible = view.piers[seat].visible()
        reasons = explain([seen.section for seen in visible])
        lines.append(_("Why {name}'s pier scores what it does (total now {total})").format(
            name=names[seat], total=view.score(seat).total
        ))
        if not reasons:
            lines.append(INDENT + _("No characters on this pier yet: nothing scores."))
        cards = [seen.card for seen in visible]
        lines += [INDENT + explanation(reason, cards) for reason in reasons]
    return lines


def hint_lines(view: PlayerView, hint: Hint, names: Sequence[str]) -> list[str]:
    """The judge's advice for the seat to move (`speech.why.hint_lines`): the choice first,
    then the next best ones and why, the other players named by `names`."""
    reason = hint.reason if hint.outcome is None else hint_why(view.deck, view.players, hint.outcome, names)
    head, *rest = advice_lines(view.deck, hint.decision, hint.expected_total, hint.now, hint.alternatives, reason)
    return [_("Hint: {advice}").format(advice=head), *(INDENT + line for line in rest)]
