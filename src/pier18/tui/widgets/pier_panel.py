"""One player's side of the table: score by category, patrons, Plan and pier.

The Plan is drawn as a small card beside its goal, its live verdict and the numbers
behind it ("Poets: 2/4"), so a player never has to work out how far off the goal is.

Drawn from the engine's `TableView` only, so it shows exactly what the whole table may
see: hidden Foundations during set-up and placed Plans during the Plan phase stay out.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...engine import Character, Phase, ScoreSheet, TableView
from ...render import ROW_WIDTH, FittedPier, draw_sections
from ...render.plan import goal_progress, verdict_text
from ...render.style import character_text, patrons_text
from .drawn import Drawn
from ...i18n import _
from ...speech.moves import goal_text


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
    """The public Plan: goal, bonus, a live mark that reads without colour, and its numbers."""
    card = table.plan_card(seat)
    if card is None:
        return Text(_("Plan: not chosen yet"), style="dim")
    if table.plan_hidden(seat):
        return Text(_("Plan: placed, shown when the game ends"), style="bold")
    goal = card.plan.goal_for(table.players)
    sheets = [table.score(p) for p in range(table.players)]
    others = [sheets[p] for p in range(table.players) if p != seat]
    line = Text(_("Plan #{id} {date} (+{bonus})").format(id=card.id, date=card.date, bonus=card.plan.bonus) + "\n", style="bold")
    line.append(f"{goal_text(goal)}\n")
    line.append_text(verdict_text(table.plan_met(seat), final=table.is_terminal(), in_reach=table.plan_in_reach(seat)))
    line.append(f" — {goal_progress(goal, sheets[seat], others)}", style="italic")
    return line


def plan_block(table: TableView, seat: int) -> RenderableType:
    """The Plan line, with the card drawn small beside it while it is still in hand."""
    line = plan_line(table, seat)
    card = table.plan_card(seat)
    if card is None or table.plan_hidden(seat) or any(p.card.id == card.id for p in table.piers[seat]):
        return line
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True, width=ROW_WIDTH)
    grid.add_column(ratio=1)
    grid.add_row(draw_sections(card), line)
    return grid


def patrons_line(table: TableView, seat: int) -> Text:
    won = table.patrons[seat]
    line = Text(_("Patrons {count}").format(count=len(won)), style="bold")
    for card_id in won:
        line.append(f"  #{card_id} ")
        line.append_text(patrons_text(table.deck[card_id].patrons))
    return line


def set_up_line(table: TableView, seat: int, at_once: bool = False) -> Text:
    """During set-up the choices are secret: only say whether the seat has made them.
    `at_once` (over the network): every seat that has not chosen is choosing now; at one
    laptop the seats after the one at the keys wait for it."""
    if table.chosen[seat]:
        return Text(_("Plan and Foundation chosen (hidden until everyone has chosen)"), style="dim")
    if at_once or seat == table.current_player:
        return Text(_("choosing a Plan and a Foundation…"), style="italic")
    return Text(_("waiting to choose a Plan and a Foundation"), style="dim")


class PierPanel(Drawn):
    """Redrawn from the table view whenever it changes (it keeps no state of its own)."""

    def __init__(self, seat: int, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.seat = seat

    def show(self, table: TableView, name: str, turn: bool, at_once: bool = False, marked: int | None = None) -> None:
        self.set_class(turn, "-turn")
        self.update(self.draw(table, name, turn, at_once, marked))

    def draw(self, table: TableView, name: str, turn: bool, at_once: bool = False, marked: int | None = None) -> Group:
        """The panel; `marked` is a card drawn with a bright, heavy frame (one placed since
        the person at the keys last moved)."""
        seat = self.seat
        head = Text(("▶ " if turn else "  ") + name, style="bold reverse" if turn else "bold")
        if table.phase is Phase.SETUP:
            return Group(head, set_up_line(table, seat, at_once))
        sheet = table.score(seat, with_plan=True)  # the one total: points if the game ended now
        head.append("  " + _("total {total}").format(total=sheet.total), style="bold")
        pier = table.piers[seat]
        parts: list[RenderableType] = [head, score_line(sheet), patrons_line(table, seat), plan_block(table, seat)]
        parts.append(FittedPier(pier.visible(), sheet.scoring, marked=marked))
        return Group(*parts)


__all__ = ["PierPanel", "patrons_line", "plan_block", "plan_line", "score_line"]
