"""One player's side of the table: score by category, patrons, Plan goal and pier."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.widgets import Static

from ...engine import Character, Game, Phase, Pier, PlayerView, ScoreSheet
from ...render import ROW_WIDTH, draw_pier
from ...render.style import character_text, patrons_text


def score_line(game: Game, seat: int, sheet: ScoreSheet | None = None) -> Text:
    """Points per character category, glyph first: "★F 3  ✎P 2  ♥L 0  ⚓A 4"."""
    sheet = sheet or game.score(seat)
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
    # Plans are placed at the same time: judge against the piers the table may see.
    met = game.plan_met(seat, [table_pier(game, s) for s in range(game.players)])
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
        if game.phase is Phase.SETUP:
            return Group(head, set_up_line(game, seat))
        pier = table_pier(game, seat)
        hidden_plan = pier is not game.piers[seat]
        sheet = game.score(seat) if not hidden_plan else _sheet(pier, len(game.patrons[seat]))
        head.append(f"  total {sheet.total}", style="bold")
        parts = [head, score_line(game, seat, sheet), patrons_line(game, seat)]
        if hidden_plan:
            parts.append(Text("Plan: placed, shown when the game ends", style="bold"))
        else:
            parts.append(plan_line(game, seat))
        parts.append(draw_pier(pier.visible(), sheet.scoring, label_width=self._label_width()))
        return Group(*parts)


    def _label_width(self) -> int:
        """Card labels use the room beside the pier (at least 14 cells, before layout)."""
        return max(14, self.content_size.width - ROW_WIDTH - 1)


def _sheet(pier: Pier, patrons: int) -> ScoreSheet:
    sheet = pier.sheet()
    return sheet.with_patrons(patrons) if patrons else sheet


def table_pier(game: Game, seat: int) -> Pier:
    """The seat's pier as everyone at the table may see it.

    Plans are placed at the same time, so a Plan already placed stays hidden (as in
    the engine's `PlayerView`) until the last player has placed theirs.
    """
    if game.phase is not Phase.PLAN or seat == game.current_player:
        return game.piers[seat]
    visible = PlayerView.of(game, game.current_player).piers[seat]
    return game.piers[seat] if visible == game.piers[seat] else visible


def set_up_line(game: Game, seat: int) -> Text:
    """During set-up the choices are secret: only say whether the seat has made them."""
    if game.plans[seat] is not None:
        return Text("Plan and Foundation chosen (hidden until everyone has chosen)", style="dim")
    if seat == game.current_player:
        return Text("choosing a Plan and a Foundation…", style="italic")
    return Text("waiting to choose a Plan and a Foundation", style="dim")


__all__ = ["PierPanel", "patrons_line", "plan_line", "score_line", "table_pier"]
