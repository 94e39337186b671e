"""A Plan goal's progress: the numbers the engine judges it on, against the goal's bounds.

"Poets: left 2/3, right 3/3", "Flower Seller points 5/7", "visible sections 13 (at most
12)". The numbers come from `engine.goals.goal_measures`, so the line can never disagree
with the verdict; it is drawn wherever a Plan is shown (pier panels, the final screen).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from ..engine.cards import Card, Goal
from ..engine.characters import Character
from ..engine.goals import goal_measures
from ..engine.scoring import ScoreSheet
from ..words import CATEGORY_LABELS

_MEASURED = {
    "patrons": "Patrons",
    "sections": "visible sections",
    "characters": "visible characters",
    "group": "largest group",
    "empty_run": "longest empty run",
}


def _against(value: int, goal: Goal) -> str:
    """"5/7" for a lower bound, "13 (max 12)" for an upper one."""
    low, high = goal.at_least, goal.at_most
    if low is not None and high is not None:
        return f"{value} ({low} to {high})"
    if low is not None:
        return f"{value}/{low}"
    return f"{value} (max {high})"


def _kinds(character: Character | None) -> str:
    assert character is not None  # the deck loader makes sure the goal names one
    return CATEGORY_LABELS[character.value]


def goal_progress(goal: Goal, sheet: ScoreSheet, others: Sequence[ScoreSheet] | None = None) -> str:
    """Where `sheet` stands on `goal`, in numbers; `others` are the rivals' sheets as known."""
    values = goal_measures(goal, sheet)
    kind = goal.kind
    if goal.compares_players:
        what = _kinds(goal.character) if kind == "most" else f"{_kinds(goal.category)} points"
        line = f"{what}: {values[0]}"
        if others:
            best = max(goal_measures(goal, other)[0] for other in others)
            line += f", best rival {best}"
        return line
    if kind == "count":
        return f"{_kinds(goal.character)}: {_against(values[0], goal)}"
    if kind == "points":
        assert goal.category is not None
        return f"{goal.category.title} points {_against(values[0], goal)}"
    if kind == "each_side":
        left, right = values
        return f"{_kinds(goal.character)}: left {_against(left, goal)}, right {_against(right, goal)}"
    if kind == "variety":
        return ", ".join(f"{CATEGORY_LABELS[c.value]} {_against(v, goal)}" for c, v in zip(sheet.counts, values))
    return f"{_MEASURED.get(kind, kind)} {_against(values[0], goal)}"


def verdict_text(met: bool | None, *, final: bool) -> Text:
    """✔ met / ✘ not met (or "not yet" while the game goes on): reads without colour."""
    if met is None:
        return Text("? not judged", style="dim")
    if met:
        return Text("✔ met", style="bold green")
    return Text("✘ not met" if final else "✘ not yet", style="bold red")


def plan_summary(card: Card, players: int, sheet: ScoreSheet, others: Sequence[ScoreSheet] | None, met: bool | None, *, final: bool) -> Text:
    """The goal, its verdict and why: "At least 5 Poets (+4) ✔ met — Poets: 5/5"."""
    goal = card.plan.goal_for(players)
    line = Text(f"{goal.text} (+{card.plan.bonus}) ")
    line.append_text(verdict_text(met, final=final))
    line.append(f" — {goal_progress(goal, sheet, others)}", style="italic")
    return line
