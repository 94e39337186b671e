"""The live score change of a placement preview, category by category.

It draws the engine's `Outcome` of the decision being tried (`PlayerView.outcome`) and
works nothing out itself. Placing the Plan card ends the game for that seat, so there
"now" and "final" are final scores, Plan bonus included.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from ...engine import CATEGORIES, Outcome
from ...render.plan import goal_progress, verdict_text
from ...render.style import category_label


def _delta(change: int) -> Text:
    if change > 0:
        return Text(f"+{change}", style="bold green")
    if change < 0:
        return Text(str(change), style="bold red")
    return Text("±0", style="dim")


class ScoreChange(Static):
    def show(self, outcome: Outcome, names: list[str]) -> None:
        self.update(self.draw(outcome, names))

    @staticmethod
    def draw(outcome: Outcome, names: list[str]) -> Group:
        final = outcome.final
        before, after = outcome.sheet_before(plan=final), outcome.sheet_after(plan=final)
        table = Table(box=None, padding=(0, 1), show_edge=False)
        table.add_column("Category")
        table.add_column("now", justify="right")
        table.add_column("final" if final else "after", justify="right")
        table.add_column("change", justify="right")
        for category in CATEGORIES:
            points_now, points_then = before.points(category), after.points(category)
            table.add_row(category_label(category), str(points_now), str(points_then), _delta(points_then - points_now))
        table.add_row(Text("Total", style="bold"), str(before.total), str(after.total), _delta(after.total - before.total))
        parts: list[RenderableType] = [table]
        plan_after = outcome.plan_after
        if plan_after is not None and plan_after.met is not None:
            plan = Text("Plan goal after this: ")
            plan.append_text(verdict_text(plan_after.met, final=final))
            if final:
                plan.append(f" (Plan bonus {after.plan})")
            plan.append(f" — {goal_progress(plan_after.goal, plan_after.sheet, plan_after.rivals)}", style="italic")
            parts.append(plan)
        if final and plan_after is not None and plan_after.unsettled:
            parts.append(
                Text(
                    "This goal compares you with the other players: judged on their piers as you see them. "
                    "Their Plan cards (placed unseen, or still to place) may change it at the end.",
                    style="italic yellow",
                )
            )
        dates = {seat: card.date for seat, card in enumerate(outcome.drafted) if card is not None}
        for race in outcome.races:
            line = Text(f"If #{race.card} is the Patron: ")
            now = _outlook(race.after, race.winner_after, names, dates)
            line.append(now)
            was = _outlook(race.before, race.winner_before, names, {})
            if race.changed and was != now:  # the same words twice would read as a change
                line.append(f" (was: {was})", style="bold yellow")
            else:
                line.append(" (no change)", style="dim")
            parts.append(line)
        return Group(*parts)


def _outlook(leaders: tuple[int, ...], winner: int | None, names: list[str], dates: dict[int, str]) -> str:
    """Who would win a Patron, as the engine's `patron_contest` decides it."""
    if winner is not None:
        return f"{names[winner]} wins" + (" the tie on the earlier date" if len(leaders) > 1 else "")
    tie = "tie " + "/".join(names[s] for s in leaders) + ": the earliest date drafted this round wins"
    known = [f"{names[s]} {dates[s]}" for s in leaders if s in dates]
    return tie + (f" ({', '.join(known)})" if known else "")
