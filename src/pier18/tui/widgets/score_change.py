"""The live score change of a placement preview, category by category.

It draws the engine's `Outcome` of the decision being tried (`PlayerView.outcome`) and
works nothing out itself. Its totals are the game's one total, points if the game ended
now (a met Plan's bonus included), as on the table; placing the Plan card ends the game
for that seat, so there "final" is its final score.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...engine import CATEGORIES, Outcome
from ...render.plan import goal_progress, verdict_text
from ...render.style import category_label
from .drawn import Drawn
from ...i18n import _, pgettext
from ...words import patron_outlook


def _delta(change: int) -> Text:
    if change > 0:
        return Text(f"+{change}", style="bold green")
    if change < 0:
        return Text(str(change), style="bold red")
    return Text("±0", style="dim")


class ScoreChange(Drawn):
    def show(self, outcome: Outcome, names: list[str]) -> None:
        self.update(self.draw(outcome, names))

    @staticmethod
    def draw(outcome: Outcome, names: list[str]) -> Group:
        final = outcome.final
        # One total everywhere: points if the game ended now, a met Plan's bonus included.
        before, after = outcome.sheet_before(plan=True), outcome.sheet_after(plan=True)
        table = Table(box=None, padding=(0, 1), show_edge=False)
        table.add_column(_("Category"))
        table.add_column(pgettext("score column", "now"), justify="right")
        table.add_column(pgettext("score column", "final") if final else pgettext("score column", "after"), justify="right")
        table.add_column(pgettext("score column", "change"), justify="right")
        for category in CATEGORIES:
            points_now, points_then = before.points(category), after.points(category)
            table.add_row(category_label(category), str(points_now), str(points_then), _delta(points_then - points_now))
        table.add_row(Text(_("Total"), style="bold"), str(before.total), str(after.total), _delta(after.total - before.total))
        parts: list[RenderableType] = [table]
        plan_after = outcome.plan_after
        if plan_after is not None and plan_after.met is not None:
            plan = Text(_("Plan goal after this:") + " ")
            plan.append_text(verdict_text(plan_after.met, final=final, in_reach=plan_after.in_reach))
            if final or after.plan:
                plan.append(" " + _("(Plan bonus {bonus})").format(bonus=after.plan))
            plan.append(f" — {goal_progress(plan_after.goal, plan_after.sheet, plan_after.rivals)}", style="italic")
            parts.append(plan)
        if final and plan_after is not None and plan_after.unsettled:
            parts.append(Text(
                _(
                    "This goal compares you with the other players: judged on their piers as you see them. "
                    "Their Plan cards (placed unseen, or still to place) may change it at the end."
                ),
                style="italic yellow",
            ))
        dates = {seat: card.date for seat, card in enumerate(outcome.drafted) if card is not None}
        for race in outcome.races:
            line = Text(_("If #{id} is the Patron:").format(id=race.card) + " ")
            now = patron_outlook(race, names, dates)
            line.append(now)
            then = patron_outlook(race, names, {}, after=False)
            if race.changed and then != now:  # the same words twice would read as a change
                line.append(" " + _("(was: {before})").format(before=then), style="bold yellow")
            else:
                line.append(" " + _("(no change)"), style="dim")
            parts.append(line)
        return Group(*parts)
