"""One player's side of the table: score by category, patrons, Plan goal and pier."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.widgets import Static

from ...engine import Character, Game, Phase
from ...render import draw_pier
from ...render.style import character_text, patrons_text


def score_line(game: Game, seat: int) -> Text:
    """Points per character category, glyph first: "★F 3  ✎P 2  ♥L 0  ⚓A 4"."""
    sheet = game.score(seat)
    line = Text()
    for character in Character:
        if line:
            line.append("  ")
        line.append_text(character_text(character))
        line.append(f" {sheet.points(character)}")
    return line


def plan_line(game: Game, seat: int) -> Text:
    """The public Plan goal with a live mark that reads without colour."""
    card = game.plan_card(seat)
    if card is None:
        return Text("Plan: not chosen yet", style="dim")
    goal = card.plan.goal_for(game.players)
    met = game.plan_met(seat)
    line = Text("Plan: ", style="bold")
    line.append(f"{goal.text} (+{card.plan.bonus}) ")
    line.append("✔ met" if met else "✘ not yet", style="bold green" if met else "bold red")
    return line


def patrons_line(game: Game, seat: int) -> Text:
    won = game.patrons[seat]
    line = Text(f"Patrons {len(won)}", style="bold")
    for card_id in won:
        line.append(f"  #{card_id} ")
        line.append_text(patrons_text(game.deck[card_id].patrons))
    return line


class PierPanel(Static):
    """Redrawn from the game whenever it changes (it keeps no state of its own)."""

    def __init__(self, seat: int, **kwargs) -> None:
        super().__init__(**kwargs)
        self.seat = seat

    def show(self, game: Game, name: str, turn: bool) -> None:
        self.set_class(turn, "-turn")
        self.update(self.draw(game, name, turn))

    def draw(self, game: Game, name: str, turn: bool) -> Group:
        seat = self.seat
        head = Text(("▶ " if turn else "  ") + name, style="bold reverse" if turn else "bold")
        sheet = game.score(seat)
        head.append(f"  total {sheet.total}", style="bold")
        parts = [head, score_line(game, seat), patrons_line(game, seat)]
        if game.phase is not Phase.SETUP:
            parts.append(plan_line(game, seat))
        pier = game.piers[seat]
        parts.append(draw_pier(pier.visible(), sheet.scoring, label_width=14))
        return Group(*parts)


__all__ = ["PierPanel", "patrons_line", "plan_line", "score_line"]
