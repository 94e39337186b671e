"""Scores in words: the categories, points, a goal's progress, a Plan's verdict, the
ranking's tie-breakers, and the judge's measure with the review's figures.

Plain strings from the engine's values, said the same by every front end that needs them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import i18n
from ..engine.characters import Character
from ..engine.phase import Phase
from ..i18n import N_, _, ngettext, pgettext

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from ..engine.goals import Goal, GoalKind
    from ..engine.outlook import Standing, TieBreak


#: What each score category is called on screen, in the order the game lists them
#: (marked where shown: `category_name`).
CATEGORY_LABELS: dict[str, str] = {
    "flower": N_("Flower Sellers"),
    "poet": N_("Poets"),
    "lovers": N_("Lovers"),
    "fisher": N_("Fishers"),
    "patrons": N_("Patrons"),
    "plan": N_("Plan bonus"),
}


def category_name(key: str) -> str:
    """A score category's name on screen, by its key ('poet': 'Poets')."""
    return _(CATEGORY_LABELS[key])


def visible_characters() -> str:
    """A pier's characters that are not covered, as the tie-breaker and the goals count them."""
    return _("visible characters")


def _label(character: Character | None) -> str:
    assert character is not None  # the deck loader makes sure the goal names one
    return category_name(character.value)


#: What each number of a goal's measure is called, one name per number that
#: `engine.goals.goal_measures` gives ("Poets: left", "right"), by goal kind. Keyed by
#: the `GoalKind`'s value (a GoalKind is a str, equal to its value): the goals module is
#: not imported here, since `pier18 score` reads this module and must start fast.
_GOAL_MEASURE_NAMES: dict[GoalKind | str, Callable[[Goal], tuple[str, ...]]] = {
    "count": lambda goal: (_("{who}:").format(who=_label(goal.character)),),
    "points": lambda goal: (_("{category} points").format(category=points_of(goal.category) if goal.category else ""),),
    "patrons": lambda goal: (_("Patrons"),),
    "sections": lambda goal: (_("visible sections"),),
    "characters": lambda goal: (visible_characters(),),
    "group": lambda goal: (_("largest group"),),
    "each_side": lambda goal: (_("{who}: left").format(who=_label(goal.character)), pgettext("side", "right")),
    "empty_run": lambda goal: (_("longest empty run"),),
    "variety": lambda goal: tuple(category_name(c.value) for c in Character),
    "most": lambda goal: (_("{who}:").format(who=_label(goal.character)),),
    "most_points": lambda goal: (_("{who} points:").format(who=points_of(goal.category) if goal.category else ""),),
}


def goal_progress(goal: Goal, values: Sequence[int], best_rival: int | None = None) -> str:
    """Where a pier stands on `goal`, in numbers: "Poets: left 2/3, right 3/3", "Flower
    Seller points 5/7", "visible sections 13 (max 12)", "Poets: 4, best rival 3".

    `values` are the goal's measures on the pier; `best_rival` the highest rival's, for
    goals that compare players (None: no rival pier known).
    """
    names = _GOAL_MEASURE_NAMES[goal.kind](goal)
    if goal.compares_players:
        line = _("{measure} {value}").format(measure=names[0], value=values[0])
        return line if best_rival is None else _("{line}, best rival {rival}").format(line=line, rival=best_rival)
    return ", ".join(
        _("{measure} {value}").format(measure=name, value=_against(value, goal))
        for name, value in zip(names, values, strict=True)
    )


def _against(value: int, goal: Goal) -> str:
    """"5/7" for a lower bound, "13 (max 12)" for an upper one."""
    low, high = goal.at_least, goal.at_most
    if low is not None and high is not None:
        return _("{value} ({low} to {high})").format(value=value, low=low, high=high)
    if low is not None:
        return f"{value}/{low}"
    return _("{value} (max {high})").format(value=value, high=high)


#: The one measure every judgement shown to a player ranks by (`bots.judge`): the hint's
#: choice and its next best, the review's best choice and its points lost, and the lesson's
#: suggestion where its script gives no reason of its own. Named in these words everywhere.
#: Marked where shown (`_(MEASURE)`; a JSON report keeps it as written).
MEASURE = N_("expected points ahead of the best rival at the end")


def ahead_points(points: float) -> str:
    """A value of the measure, signed: '+2.30', '-1.05', '0.00'."""
    return i18n.decimal(points, 2, sign=True) if round(points, 2) else i18n.decimal(0, 2)


#: A Plan goal that compares players, where one pier alone is scored (`pier18 score`,
#: and the final screen's line for it). Marked where shown.
_ONE_PIER_CANNOT_JUDGE = N_("it compares players, so one pier alone cannot settle it: no bonus added")


def points(total: int) -> str:
    """'17 points' (a total on the final screen and in a command's ranking)."""
    return ngettext("{n} point", "{n} points", total).format(n=total)


def verdict(met: bool | None, final: bool, in_reach: bool | None = None) -> str:
    """A Plan's verdict, readable without colour: '✔ met', '✘ not met', or '✘ not yet'
    while the game goes on; '? not judged' when it cannot be. A goal the engine finds out
    of reach (`in_reach` False: no cards still to come can make it hold at the end) says
    so: '✘ out of reach', or '✔ met now, not at the end'."""
    if met is None:
        return _("? not judged")
    if final:
        return _("✔ met") if met else _("✘ not met")
    if in_reach is False:
        return _("✔ met now, not at the end") if met else _("✘ out of reach: cannot be met by the end")
    return _("✔ met") if met else _("✘ not yet")


def ahead_of(name: str, decided_by: TieBreak) -> str:
    """Why a place is above the next: 'ahead of Bob on points'."""
    if decided_by == "characters":
        message = _("ahead of {name} on visible characters (tied on points: first tie-breaker)")
    elif decided_by == "plan date":
        message = _("ahead of {name} on the earlier Plan card date (tied on points and characters: second tie-breaker)")
    else:
        message = _("ahead of {name} on points")
    return message.format(name=name)


def tied_with(name: str) -> str:
    """A place equal with the next: 'tied with Bob on every tie-breaker'."""
    return _("tied with {name} on every tie-breaker").format(name=name)


def final_ranking(standings: Sequence[Standing], names: Sequence[str]) -> str:
    """'Final ranking: 1. Ann 24, 2. Bob 19'."""
    places = ", ".join(
        _("{place}. {name} {total}").format(place=s.place, name=names[s.seat], total=s.total) for s in standings
    )
    return _("Final ranking: {places}").format(places=places)


def points_of(character: Character) -> str:
    """A character as it names points, a form of its own per language: 'Flower Seller'
    in English ('Flower Seller points'), the plural category in Dutch ('punten voor
    Bloemenverkopers'), as the score table names it."""
    if character is Character.FLOWER:
        return pgettext("points of", "Flower Seller")
    if character is Character.POET:
        return pgettext("points of", "Poet")
    if character is Character.LOVERS:
        return pgettext("points of", "Lovers")
    return pgettext("points of", "Fisher")


def plan_note(goal: str, met: bool | None, bonus: int) -> str:
    """`pier18 score --plan`: what the Plan goal added, or why nothing."""
    if met is None:
        return _('Plan goal "{goal}": {cannot_judge}').format(goal=goal, cannot_judge=_(_ONE_PIER_CANNOT_JUDGE))
    if met:
        return _('Plan goal "{goal}" met: +{bonus}').format(goal=goal, bonus=bonus)
    return _('Plan goal "{goal}" not met').format(goal=goal)


def decisions_count(decisions: int) -> str:
    """'1 decision', '5 decisions'."""
    return ngettext("{n} decision", "{n} decisions", decisions).format(n=decisions)


def review_columns() -> tuple[str, ...]:
    """The review table's columns."""
    return ("#", _("phase"), _("choice made"), _("best choice"), _("ahead"), _("lost"), _("mark"))


def review_marks() -> dict[str, str]:
    """How a decision is marked by the points it lost, by `review.model.Mark` value."""
    return {
        "best": pgettext("mark", "best"),
        "good": pgettext("mark", "good"),
        "inaccuracy": pgettext("mark", "inaccuracy"),
        "mistake": pgettext("mark", "mistake"),
        "blunder": pgettext("mark", "blunder"),
    }


def review_phase(phase: Phase, round_number: int) -> str:
    """A reviewed decision's phase, short: 'set-up', 'round 2', 'Plan'."""
    if phase is Phase.DRAFT:
        return _("round {round}").format(round=round_number)
    return _("set-up") if phase is Phase.SETUP else _("Plan")


def expected_points(chosen: float, best: float) -> str:
    """The choice made's points ahead (`MEASURE`) beside the best one's: '-1.30 / +0.52'."""
    return f"{ahead_points(chosen)} / {ahead_points(best)}"


def _lost_in(phase: Phase, points: float) -> str:
    """'2.31 in the drafts'."""
    if phase is Phase.SETUP:
        return _("{points} in set-up").format(points=i18n.decimal(points, 2))
    if phase is Phase.DRAFT:
        return _("{points} in the drafts").format(points=i18n.decimal(points, 2))
    return _("{points} in the Plan placement").format(points=i18n.decimal(points, 2))


def points_lost_line(lost: dict[Phase, float], total: float, decisions: int) -> str:
    """'Points lost: 0.00 in set-up, 2.31 in the drafts, 0.00 in the Plan placement; 2.31 over 5 decisions.'"""
    parts = ", ".join(_lost_in(phase, points) for phase, points in lost.items())
    return _("Points lost: {parts}; {total} over {decisions}.").format(
        parts=parts, total=i18n.decimal(total, 2), decisions=decisions_count(decisions)
    )


def accuracy_line(accuracy: float) -> str:
    return _("Accuracy {accuracy:.0f}%: a decision counts 100% at 0 points lost, 25% less per point lost, on average.").format(
        accuracy=accuracy
    )


def biggest_mistake(number: int, phase: str, loss: float, chosen: str, best: str, why: str) -> str:
    """The decision that cost a player most, and what would have been better."""
    return _("Biggest loss: decision {number} ({phase}), {loss} points: {chosen}; better {best} ({why}).").format(
        number=number, phase=phase, loss=i18n.decimal(loss, 2), chosen=chosen, best=best, why=why
    )


def category_points(parts: Sequence[tuple[str, int]]) -> str:
    """The categories that scored: 'Poets 5, Lovers 4, Patrons 2' ('nothing scored')."""
    if not parts:
        return _("nothing scored")
    return ", ".join(f"{label} {value}" for label, value in parts)
