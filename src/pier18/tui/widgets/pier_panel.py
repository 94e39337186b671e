"""One player's side of the table: score by category, patrons, Plan goal and pier.

Drawn from the engine's `TableView` only, so it shows exactly what the whole table may
see: hidden Foundations during set-up and placed Plans during the Plan phase stay out.
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.widgets import Static

from ...engine import Character, Phase, ScoreSheet, TableView
from ...render import ROW_WIDTH, draw_pier
from ...render.style import character_text, patrons_text


def score_line(sheet: ScoreSheet) -> Text:
    """Points per character category, glyph first: "★F 3  ✎P 2  ♥L 0  ⚓A 4"."""
    line = Text()
    for character in Character:
        if line:
            line.append("  ")
        line.append_text(character_text(character))
        line.append(f" {sheet.points(character)}")
    return line


def plan_line(table: TableView, seat: int) -> Text:
    """The public Plan goal with a live mark that reads without colour."""
    card = table.plan_card(seat)
    if card is None:
        return Text("Plan: not chosen yet", style="dim")
    if table.plan_hidden(seat):
        return Text("Plan: placed, shown when the game ends", style="bold")
    goal = card.plan.goal_for(table.players)
    met = table.plan_met(seat)
    line = Text("Plan: ", style="bold")
    line.append(f"{goal.text} (+{card.plan.bonus}) ")
    line.append("✔ met" if met else "✘ not yet", style="bold green" if met else "bold red")
    return line


def patrons_line(table: TableView, seat: int) -> Text:
    won = table.patrons[seat]
    line = Text(f"Patrons {len(won)}", style="bold")
    for card_id in won:
        line.append(f"  #{card_id} ")
        line.append_text(patrons_text(table.deck[card_id].patrons))
    return line


def set_up_line(table: TableView, seat: int) -> Text:
    """During set-up the choices are secret: only say whether the seat has made them."""
    if seat < table.current_player:
        return Text("Plan and Foundation chosen (hidden until everyone has chosen)", style="dim")
    if seat == table.current_player:
        return Text("choosing a Plan and a Foundation…", style="italic")
    return Text("waiting to choose a Plan and a Foundation", style="dim")


class PierPanel(Static):
    """Redrawn from the table view whenever it changes (it keeps no state of its own)."""

    def __init__(self, seat: int, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.seat = seat

    def show(self, table: TableView, name: str, turn: bool) -> None:
        self.set_class(turn, "-turn")
        self.update(self.draw(table, name, turn))

    def draw(self, table: TableView, name: str, turn: bool) -> Group:
        seat = self.seat
        head = Text(("▶ " if turn else "  ") + name, style="bold reverse" if turn else "bold")
        if table.phase is Phase.SETUP:
            return Group(head, set_up_line(table, seat))
        sheet = table.score(seat)
        head.append(f"  total {sheet.total}", style="bold")
        pier = table.piers[seat]
        parts = [head, score_line(sheet), patrons_line(table, seat), plan_line(table, seat)]
        parts.append(draw_pier(pier.visible(), sheet.scoring, label_width=self._label_width()))
        return Group(*parts)

    def _label_width(self) -> int:
        """Card labels use the room beside the pier (at least 14 cells, before layout)."""
        return max(14, self.content_size.width - ROW_WIDTH - 1)


__all__ = ["PierPanel", "patrons_line", "plan_line", "score_line"]
