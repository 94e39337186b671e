"""The live score change of a placement preview, category by category."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from ...render.plan import verdict_text
from ...render.style import category_label
from ..preview import Preview


def _delta(change: int) -> Text:
    if change > 0:
        return Text(f"+{change}", style="bold green")
    if change < 0:
        return Text(str(change), style="bold red")
    return Text("±0", style="dim")


class ScoreChange(Static):
    def show(self, preview: Preview, names: list[str]) -> None:
        self.update(self.draw(preview, names))

    @staticmethod
    def draw(preview: Preview, names: list[str]) -> Group:
        table = Table(box=None, padding=(0, 1), show_edge=False)
        table.add_column("Category")
        table.add_column("now", justify="right")
        table.add_column("final" if preview.final else "after", justify="right")
        table.add_column("change", justify="right")
        for category in preview.categories:
            table.add_row(category_label(category), str(preview.before.points(category)), str(preview.after.points(category)), _delta(preview.change(category)))
        table.add_row(Text("Total", style="bold"), str(preview.before.total), str(preview.after.total), _delta(preview.total_change))
        parts: list[RenderableType] = [table]
        if preview.plan_met is not None:
            plan = Text("Plan goal after this: ")
            plan.append_text(verdict_text(preview.plan_met, final=preview.final))
            if preview.final:
                plan.append(f" (Plan bonus {preview.after.plan})")
            plan.append(f" — {preview.plan_why}", style="italic")
            parts.append(plan)
        if preview.rivals_unknown:
            parts.append(
                Text(
                    "This goal compares you with the other players: judged on their piers as you see them. "
                    "Their Plan cards (placed unseen, or still to place) may change it at the end.",
                    style="italic yellow",
                )
            )
        for race in preview.races:
            line = Text(f"If #{race.card} is the Patron: ")
            now = _outlook(race.after, race.winner_after, names, preview.drafted_dates)
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
