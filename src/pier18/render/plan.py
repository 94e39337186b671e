"""A Plan goal's progress: the numbers the engine judges it on, against the goal's bounds.

"Poets: left 2/3, right 3/3", "Flower Seller points 5/7", "visible sections 13 (at most
12)". The numbers come from `engine.goals.goal_measures`, so the line can never disagree
with the verdict; it is drawn wherever a Plan is shown (pier panels, the final screen).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from ..engine.cards import Card
from ..engine.goals import Goal
from ..engine.goals import goal_measures
from ..engine.scoring import ScoreSheet
from ..speech.scores import goal_progress as progress_words, verdict
from ..speech.moves import goal_text


def goal_progress(goal: Goal, sheet: ScoreSheet, others: Sequence[ScoreSheet] | None = None) -> str:
    """Where `sheet` stands on `goal`, in numbers (`speech.scores.goal_progress`); `others` are
    the rivals' sheets as known."""
    best = max(goal_measures(goal, other)[0] for other in others) if goal.compares_players and others else None
    return progress_words(goal, goal_measures(goal, sheet), best)


def verdict_text(met: bool | None, *, final: bool, in_reach: bool | None = None) -> Text:
    """✔ met / ✘ not met (or "not yet" while the game goes on, "out of reach" once the
    engine finds it cannot be met by the end): reads without colour."""
    style = "dim" if met is None else "bold green" if met and in_reach is not False else "bold red"
    return Text(verdict(met, final, in_reach), style=style)


def plan_summary(
    card: Card, players: int, sheet: ScoreSheet, others: Sequence[ScoreSheet] | None, met: bool | None, *, final: bool,
    in_reach: bool | None = None,
) -> Text:
    """The goal, its verdict and why: "At least 5 Poets (+4) ✔ met — Poets: 5/5"."""
    goal = card.plan.goal_for(players)
    line = Text(f"{goal_text(goal)} (+{card.plan.bonus}) ")
    line.append_text(verdict_text(met, final=final, in_reach=in_reach))
    line.append(f" — {goal_progress(goal, sheet, others)}", style="italic")
    return line
