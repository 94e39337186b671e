"""The end of the game: who won and why, every pier as built, every Plan and its verdict.

Everything comes from the finished game's `TableView` (nothing is hidden any more; over
the network it is the view the host sent): the
ranking with the tie-breaker that decided each place, the piers side by side with their
scoring characters lit, each Plan with the numbers it was judged on, the score per
category, the moves a bot made for a player who was away (said as that bot's), and
where the record is kept (with the command that replays it).
"""

from __future__ import annotations

from collections.abc import Mapping
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
from ...i18n import N_, _
from ...render import FittedPier
from ...render.breakdown import breakdown_text
from ...render.plan import plan_summary
from ...render.style import category_label, stressed
from ...words import record_kept, stand_in_moves, winners
from ...speech.keys import KEY_NEW_GAME, KEY_QUIT, with_key
from ...speech.moves import card_label
from ...speech.notices import replay_command
from ...speech.scores import visible_characters, ahead_of, plan_note, points, tied_with
from ...words import score_command as score_words
from ...speech.moves import goal_text
from ..widgets.footer import Footer
from ..widgets.more_below import MoreBelow, MoreScroll
from .closing import unless_leaving

#: Stands for the deck file in a final screen's `pier18 score` line when this computer
#: has no file holding the game's deck (a seat that joined a host's own deck): a
#: command's placeholder, like an option's, not translated.
DECK_FILE = "DECK-FILE"


def table_of(game: Game | TableView) -> TableView:
    """What the whole table sees of a game (a view is taken as it is)."""
    return game if isinstance(game, TableView) else TableView.of(game)


def score_command(game: Game | TableView, seat: int, deck: Deck | None = None) -> str:
    """The `pier18 score` command that scores this seat's final pier on its own, with
    everything the game scored it with: its cards and covers, its Patrons, its Plan, the
    number of players (which Plan goal counts) and the deck (`deck`, by default the
    view's: the game's own deck needs no --deck, another one is named by its file)."""
    view = table_of(game)
    plan = view.plan_card(seat)
    notation, patrons = view.piers[seat].notation(), len(view.patrons[seat])
    return score_words(notation, patrons, None if plan is None else plan.id, view.players, deck_shown(view, deck))


def deck_shown(view: TableView, deck: Deck | None = None) -> object | None:
    """The deck file a command line names (`deck` if it is the very deck the game used,
    else the view's): None for the game's own deck, DECK_FILE for a file this computer
    does not have."""
    if deck is None or deck.digest != view.deck.digest:
        deck = view.deck
    if is_default_deck(deck):
        return None
    return deck_file(deck) or DECK_FILE


def ranking_text(view: TableView, names: list[str]) -> Text:
    """The winner(s), then each place with the tie-breaker that put it above the next."""
    standings = view.standings
    text = Text(winners([names[s.seat] for s in standings if s.place == 1]) + "\n", style="bold yellow")
    for i, standing in enumerate(standings):
        text.append(f"{standing.place}. ", style="bold")
        text.append(names[standing.seat], style="bold" if standing.place == 1 else "")
        text.append(f"  {points(standing.total)}", style="bold" if standing.place == 1 else "")
        if standing.decided_by:
            below = names[standings[i + 1].seat]
            text.append(f"  — {ahead_of(below, standing.decided_by)}", style="dim")
        elif i + 1 < len(standings):
            text.append(f"  — {tied_with(names[standings[i + 1].seat])}", style="dim")
        text.append("\n")
    return text


def plan_text(view: TableView, seat: int) -> Text:
    """The seat's Plan revealed: goal, ✔ met / ✘ not met, and the numbers that decided it."""
    card = view.plan_card(seat)
    if card is None:
        return Text(_("no Plan"), style="dim")
    sheets = [view.score(p) for p in range(view.players)]
    others = [sheets[p] for p in range(view.players) if p != seat]
    line = Text(_("Plan {card} ({date})").format(card=card_label(card), date=card.date) + ": ", style="bold")
    line.append_text(plan_summary(card, view.players, sheets[seat], others, view.plan_met(seat), final=True))
    return line


def pier_card(view: TableView, names: list[str], seat: int) -> Group:
    """One finished pier as on the table, its scoring characters lit, with its Plan."""
    sheet = view.score(seat)
    place = next(s.place for s in view.standings if s.seat == seat)
    head = Text(f"{place}. ", style="bold")
    head.append(names[seat], style="bold")
    head.append(f"  {points(sheet.total)}", style="bold")
    return Group(head, plan_text(view, seat), FittedPier(view.piers[seat].visible(), sheet.scoring))


def breakdown(view: TableView, names: list[str]) -> Table:
    """Points per category for every seat, then the total and the first tie-breaker."""
    sheets = [view.score(seat) for seat in range(view.players)]
    table = Table(padding=(0, 1), title=_("Score by category"), title_justify="left", title_style="bold")
    table.add_column("")
    for name in names:
        table.add_column(Text(name), justify="right")
    for category in CATEGORIES:
        table.add_row(category_label(category), *(str(sheet.points(category)) for sheet in sheets))
    table.add_row(Text(_("Total"), style="bold"), *(Text(str(s.total), style="bold") for s in sheets))
    table.add_row(Text(visible_characters(), style="dim"), *(str(s.characters) for s in sheets))
    return table


def record_text(view: TableView, names: list[str], record: Path | None, deck: Deck | None = None) -> Text:
    """Where the game is kept and how to watch it again; the commands that check each pier."""
    text = Text()
    if record is not None:  # a file name is outside text; the record holds its deck
        text.append_text(stressed(record_kept(printable(str(record)), replay_command(record))))
    text.append(_("Check any pier on its own:") + "\n", style="dim")
    for seat, name in enumerate(names):
        text.append(f"  {name}: {score_command(view, seat, deck)}\n", style="dim")
        plan = view.plan_card(seat)
        goal = plan.plan.goal_for(view.players) if plan is not None else None
        if plan is not None and goal is not None and goal.compares_players:  # as `pier18 score` says it
            text.append(f"    {plan_note(goal_text(goal), None, plan.plan.bonus)}\n", style="dim")
    if deck_shown(view, deck) == DECK_FILE:
        note = _("{deck_file}: the deck file the host played with (ask for it: this game's deck is not the game's own)")
        text.append(f"  {note.format(deck_file=DECK_FILE)}\n", style="dim")
    return text


def final_table(game: Game | TableView, names: list[str], record: Path | None = None, deck: Deck | None = None) -> Group:
    """The final screen's words without the piers: ranking, score by category, record."""
    view = table_of(game)
    return Group(ranking_text(view, names), scores_and_record(view, names, record, deck))


def scores_and_record(view: TableView, names: list[str], record: Path | None, deck: Deck | None = None) -> Group:
    return Group(breakdown(view, names), Text(""), record_text(view, names, record, deck))


class FinalScreen(Screen[None]):
    DEFAULT_CSS = """
    FinalScreen #final-scroll { height: 1fr; padding: 1 2 0 2; }
    FinalScreen #final-ranking { height: auto; }
    FinalScreen #final-table { height: auto; }
    FinalScreen #final-breakdown { height: auto; margin-bottom: 1; }
    FinalScreen #final-piers { height: auto; margin-bottom: 1; }
    FinalScreen .final-pier {
        width: 1fr;
        height: auto;
        border: round $panel-lighten-1;
        padding: 0 1;
    }
    FinalScreen #final-buttons { height: auto; padding: 0 2; }
    FinalScreen #final-buttons Button { margin-right: 2; }
    """
    BINDINGS = [
        Binding("n", "new_game", KEY_NEW_GAME),
        Binding("v", "review", N_("Review")),
        # Not in the footer: the app's own Ctrl+Q says "Quit" there (one label, one key
        # shown); q works, and the Quit button names it.
        Binding("q", "quit_game", KEY_QUIT, show=False),
    ]

    class NewGame(Message):
        """Asks the app for a new game with the same players."""

    class ReviewAsked(Message):
        """`v`: asks the app for the review of the decisions of the player at the keys."""

    def __init__(
        self, view: TableView, names: list[str], record: Path | None = None, new_game: bool = True, deck: Deck | None = None,
        review: bool = False, stand_ins: Mapping[int, str] | None = None, lost_on_time: str | None = None,
    ) -> None:
        super().__init__()
        self.lost_on_time = lost_on_time  # at a club's table: who lost on time and ranks last for its ratings
        self.stand_ins = dict(stand_ins or {})  # moves bots made for away players: said as theirs
        self.view = view
        self.names = names
        self.new_game = new_game  # False where the app cannot start another game (network play)
        self.record = record  # the autosave the game was written to, if any
        self.deck = deck  # the game's deck as loaded here, when the view's came from a host
        self.review = review  # whether the app can review a player's decisions (`v`)

    def compose(self) -> ComposeResult:
        view = self.view
        with MoreScroll(id="final-scroll"):
            yield Static(ranking_text(view, self.names), id="final-ranking")
            if self.lost_on_time is not None:
                yield Static(Text(self.lost_on_time, style="bold"), id="final-lost-on-time")
            stood_in = stand_in_moves(view, self.names, self.stand_ins)
            if stood_in:
                yield Static(Text("\n".join(stood_in), style="italic"), id="final-stand-ins")
            with Horizontal(id="final-piers"):
                for seat in range(view.players):
                    yield Static(pier_card(view, self.names, seat), id=f"final-pier-{seat}", classes="final-pier")
            yield Static(breakdown_text(view, self.names), id="final-breakdown")
            yield Static(scores_and_record(view, self.names, self.record, self.deck), id="final-table")
        yield MoreBelow(_("↓ or PgDn scrolls (where the points came from and the record are below)"), id="final-more")
        # Outside the scroll, so the buttons stay in sight even at the 100×30 minimum.
        with Horizontal(id="final-buttons"):
            if self.new_game:
                yield Button(with_key(KEY_NEW_GAME, "n"), id="new-game", variant="primary")
            if self.review:
                yield Button(with_key(N_("Review"), "v"), id="review")
            yield Button(with_key(KEY_QUIT, "q"), id="quit")
        yield Footer()

    @unless_leaving
    def on_mount(self) -> None:
        self.query_one(MoreBelow).follow(self.query_one(MoreScroll))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "new-game":
            self.action_new_game()
        elif event.button.id == "review":
            self.action_review()
        else:
            self.action_quit_game()

    def action_new_game(self) -> None:
        if self.new_game:
            self.post_message(self.NewGame())

    def action_review(self) -> None:
        if self.review:
            self.post_message(self.ReviewAsked())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "review":
            return self.review
        return self.new_game if action == "new_game" else True

    def action_quit_game(self) -> None:
        self.app.exit()
