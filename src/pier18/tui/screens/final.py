"""The end of the game: who won and why, every pier as built, every Plan and its verdict.

Everything comes from the finished game's `TableView` (nothing is hidden any more; over
the network it is the view the host sent): the
ranking with the tie-breaker that decided each place, the piers side by side with their
scoring characters lit, each Plan with the numbers it was judged on, the score per
category, and where the record is kept (with the command that replays it).
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Static

from ...engine import CATEGORIES, Deck, Game, TableView
from ...engine.deck import deck_file, is_default_deck
from ...engine.text import printable
from ...render import FittedPier
from ...render.plan import plan_summary
from ...render.style import category_label
from ...words import DECIDED_BY, DECK_FILE, DECK_FILE_NOTE, command
from ..widgets.footer import Footer
from ..widgets.more_below import MoreBelow, MoreScroll
from .closing import unless_leaving


def table_of(game: Game | TableView) -> TableView:
    """What the whole table sees of a game (a view is taken as it is)."""
    return game if isinstance(game, TableView) else TableView.of(game)


def score_command(game: Game | TableView, seat: int, deck: Deck | None = None) -> str:
    """The `pier18 score` command that scores this seat's final pier on its own, with
    everything the game scored it with: its cards and covers, its Patrons, its Plan, the
    number of players (which Plan goal counts) and the deck (`deck`, by default the
    view's: the game's own deck needs no --deck, another one is named by its file)."""
    view = table_of(game)
    words: list[object] = ["pier18", "score", "--cards", view.piers[seat].notation(), "--patrons", len(view.patrons[seat])]
    plan = view.plan_card(seat)
    if plan is not None:
        words += ["--plan", plan.id]
    if deck is None or deck.digest != view.deck.digest:  # only the very deck the game used
        deck = view.deck
    words += ["--players", view.players, *deck_words(deck)]
    return command(*words)


def deck_words(deck: Deck) -> list[object]:
    """`--deck FILE` for a command line, or nothing for the game's own deck; DECK_FILE
    stands in for a file this computer does not have."""
    if is_default_deck(deck):
        return []
    return ["--deck", deck_file(deck) or DECK_FILE]


def ranking_text(view: TableView, names: list[str]) -> Text:
    """The winner(s), then each place with the tie-breaker that put it above the next."""
    standings = view.standings
    winners = [names[s.seat] for s in standings if s.place == 1]
    text = Text(" and ".join(winners) + (" win" if len(winners) > 1 else " wins") + " Pier 18!\n", style="bold yellow")
    for i, standing in enumerate(standings):
        text.append(f"{standing.place}. ", style="bold")
        text.append(names[standing.seat], style="bold" if standing.place == 1 else "")
        text.append(f"  {standing.total} points", style="bold" if standing.place == 1 else "")
        if standing.decided_by:
            below = names[standings[i + 1].seat]
            text.append(f"  — ahead of {below} {DECIDED_BY[standing.decided_by]}", style="dim")
        elif i + 1 < len(standings):
            text.append(f"  — tied with {names[standings[i + 1].seat]} on every tie-breaker", style="dim")
        text.append("\n")
    return text


def plan_text(view: TableView, seat: int) -> Text:
    """The seat's Plan revealed: goal, ✔ met / ✘ not met, and the numbers that decided it."""
    card = view.plan_card(seat)
    if card is None:
        return Text("no Plan", style="dim")
    sheets = [view.score(p) for p in range(view.players)]
    others = [sheets[p] for p in range(view.players) if p != seat]
    line = Text(f"Plan #{card.id} {card.name} ({card.date}): ", style="bold")
    line.append_text(plan_summary(card, view.players, sheets[seat], others, view.plan_met(seat), final=True))
    return line


def pier_card(view: TableView, names: list[str], seat: int) -> Group:
    """One finished pier as on the table, its scoring characters lit, with its Plan."""
    sheet = view.score(seat)
    place = next(s.place for s in view.standings if s.seat == seat)
    head = Text(f"{place}. ", style="bold")
    head.append(names[seat], style="bold")
    head.append(f"  {sheet.total} points", style="bold")
    return Group(head, plan_text(view, seat), FittedPier(view.piers[seat].visible(), sheet.scoring))


def breakdown(view: TableView, names: list[str]) -> Table:
    """Points per category for every seat, then the total and the first tie-breaker."""
    sheets = [view.score(seat) for seat in range(view.players)]
    table = Table(padding=(0, 1), title="Score by category", title_justify="left", title_style="bold")
    table.add_column("")
    for name in names:
        table.add_column(Text(name), justify="right")
    for category in CATEGORIES:
        table.add_row(category_label(category), *(str(sheet.points(category)) for sheet in sheets))
    table.add_row(Text("Total", style="bold"), *(Text(str(s.total), style="bold") for s in sheets))
    table.add_row(Text("visible characters", style="dim"), *(str(s.characters) for s in sheets))
    return table


def record_text(view: TableView, names: list[str], record: Path | None, deck: Deck | None = None) -> Text:
    """Where the game is kept and how to watch it again; the commands that check each pier."""
    text = Text()
    if record is not None:
        text.append("This game is saved in ")
        text.append(printable(str(record)), style="bold")  # a file name is outside text
        text.append("\nWatch it again:\n  ")
        text.append(command("pier18", "replay", record), style="bold")  # the record holds its deck
        text.append("\n")
    text.append("Check any pier on its own:\n", style="dim")
    commands = [score_command(view, seat, deck) for seat in range(len(names))]
    for name, line in zip(names, commands):
        text.append(f"  {name}: {line}\n", style="dim")
    if any(f"--deck {DECK_FILE}" in line for line in commands):
        text.append(f"  {DECK_FILE_NOTE}\n", style="dim")
    return text


def final_table(game: Game | TableView, names: list[str], record: Path | None = None, deck: Deck | None = None) -> Group:
    """The final screen's words without the piers: ranking, score by category, record."""
    view = table_of(game)
    return Group(ranking_text(view, names), scores_and_record(view, names, record, deck))


def scores_and_record(view: TableView, names: list[str], record: Path | None, deck: Deck | None = None) -> Group:
    return Group(breakdown(view, names), Text(""), record_text(view, names, record, deck))


class FinalScreen(Screen[None]):
    BINDINGS = [Binding("n", "new_game", "New game"), Binding("q", "quit_game", "Quit")]

    class NewGame(Message):
        """Asks the app for a new game with the same players."""

    def __init__(
        self, view: TableView, names: list[str], record: Path | None = None, new_game: bool = True, deck: Deck | None = None
    ) -> None:
        super().__init__()
        self.view = view
        self.names = names
        self.new_game = new_game  # False where the app cannot start another game (network play)
        self.record = record  # the autosave the game was written to, if any
        self.deck = deck  # the game's deck as loaded here, when the view's came from a host

    def compose(self) -> ComposeResult:
        view = self.view
        with MoreScroll(id="final-scroll"):
            yield Static(ranking_text(view, self.names), id="final-ranking")
            with Horizontal(id="final-piers"):
                for seat in range(view.players):
                    yield Static(pier_card(view, self.names, seat), id=f"final-pier-{seat}", classes="final-pier")
            yield Static(scores_and_record(view, self.names, self.record, self.deck), id="final-table")
        yield MoreBelow("↓ or PgDn scrolls (the score by category and the record are below)", id="final-more")
        # Outside the scroll, so the buttons stay in sight even at the 100×30 minimum.
        with Horizontal(id="final-buttons"):
            if self.new_game:
                yield Button("New game (n)", id="new-game", variant="primary")
            yield Button("Quit (q)", id="quit")
        yield Footer()

    @unless_leaving
    def on_mount(self) -> None:
        self.query_one(MoreBelow).follow(self.query_one(MoreScroll))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "new-game":
            self.action_new_game()
        else:
            self.action_quit_game()

    def action_new_game(self) -> None:
        if self.new_game:
            self.post_message(self.NewGame())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.new_game if action == "new_game" else True

    def action_quit_game(self) -> None:
        self.app.exit()
