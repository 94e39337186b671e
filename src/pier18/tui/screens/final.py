"""The final score: every category, patrons, Plan bonus, the ranking and its tie-breaker."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from ...engine import CATEGORIES, Game, TableView
from ...render.style import category_label
from ...words import DECIDED_BY


def score_command(game: Game, seat: int) -> str:
    """The `pier18 score` command that scores this seat's final pier on its own."""
    command = f'pier18 score --cards "{game.piers[seat].notation()}" --patrons {len(game.patrons[seat])}'
    plan = game.plans[seat]
    if plan is not None:
        command += f" --plan {plan} --players {game.players}"
    return command


def final_table(game: Game, names: list[str]) -> Group:
    view = TableView.of(game)
    sheets = [view.score(seat) for seat in range(view.players)]
    table = Table(padding=(0, 1))
    table.add_column("")
    for name in names:
        table.add_column(Text(name), justify="right")
    for category in CATEGORIES:
        table.add_row(category_label(category), *(str(sheet.points(category)) for sheet in sheets))
    table.add_row(Text("Total", style="bold"), *(Text(str(s.total), style="bold") for s in sheets))
    table.add_row(Text("visible characters", style="dim"), *(str(s.characters) for s in sheets))
    plans = Text()
    for seat, name in enumerate(names):
        card = view.plan_card(seat)
        if card is None:
            continue
        met = view.plan_met(seat)
        plans.append(f"{name}'s Plan #{card.id} ({card.date}): {card.plan.goal_for(game.players).text} ")
        plans.append("✔ met" if met else "✘ not met", style="bold green" if met else "bold red")
        plans.append("\n")
    ranking = Text()
    standings = view.standings
    for i, standing in enumerate(standings):
        ranking.append(f"{standing.place}. {names[standing.seat]}  {standing.total} points", style="bold" if standing.place == 1 else "")
        if standing.decided_by:
            below = names[standings[i + 1].seat]
            ranking.append(f"  — ahead of {below} {DECIDED_BY.get(standing.decided_by, standing.decided_by)}", style="dim")
        ranking.append("\n")
    winners = [names[s.seat] for s in standings if s.place == 1]
    crown = Text(" and ".join(winners) + (" win" if len(winners) > 1 else " wins") + " Pier 18!", style="bold yellow")
    check = Text("Check any pier on its own:\n", style="dim")
    for seat, name in enumerate(names):
        check.append(f"  {name}: {score_command(game, seat)}\n", style="dim")
    return Group(crown, table, plans, ranking, check)


class FinalScreen(Screen[None]):
    BINDINGS = [Binding("n", "new_game", "New game"), Binding("q", "quit_game", "Quit")]

    class NewGame(Message):
        """Asks the app for a new game with the same players."""

    def __init__(self, game: Game, names: list[str]) -> None:
        super().__init__()
        self.game = game
        self.names = names

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="final-scroll"):
            yield Static(final_table(self.game, self.names), id="final-table")
        # Outside the scroll, so the buttons stay in sight even at the 100×30 minimum.
        with Horizontal(id="final-buttons"):
            yield Button("New game (n)", id="new-game", variant="primary")
            yield Button("Quit (q)", id="quit")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "new-game":
            self.action_new_game()
        else:
            self.action_quit_game()

    def action_new_game(self) -> None:
        self.post_message(self.NewGame())

    def action_quit_game(self) -> None:
        self.app.exit()
