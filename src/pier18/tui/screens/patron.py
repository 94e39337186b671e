"""The patron phase of a round: each pier's patron score, the winner and why."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from ...engine import Deck, PatronAward
from ...render import draw_card
from ...render.style import patrons_text


def explain(award: PatronAward, deck: Deck, names: list[str]) -> Group:
    """The award as a table plus one sentence saying why the winner won."""
    card = deck[award.card]
    head = Text(f"Round {award.round}: the Patron is #{card.id} {card.name} ", style="bold")
    head.append_text(patrons_text(card.patrons))
    table = Table(box=None, padding=(0, 2))
    table.add_column("Player")
    table.add_column("patron score", justify="right")
    table.add_column("drafted this round")
    for seat, name in enumerate(names):
        drafted = deck[award.drafted[seat]]
        mark = "→ " if seat == award.winner else "  "
        table.add_row(Text(mark + name), str(award.scores[seat]), Text(f"#{drafted.id} {drafted.name} ({drafted.date})"))
    best = award.scores[award.winner]
    winner = names[award.winner]
    why = Text()
    if award.by_date:
        tied = ", ".join(names[s] for s in award.tied)
        date = deck[award.drafted[award.winner]].date
        why.append(f"{tied} tie with {best}. ")
        why.append(f"{winner} wins: the earliest date drafted this round ({date}) breaks the tie.", style="bold")
    else:
        why.append(f"{winner} wins with the highest patron score ({best}).", style="bold")
    why.append(" The Patron is worth 1 point.")
    return Group(head, Text(""), draw_card(card), Text(""), table, Text(""), why)


class PatronScreen(ModalScreen[bool]):
    BINDINGS = [Binding("enter", "done", "Continue"), Binding("escape", "done", "Continue", show=False)]

    def __init__(self, award: PatronAward, deck: Deck, names: list[str]) -> None:
        super().__init__()
        self.award = award
        self.deck = deck
        self.names = names

    def compose(self) -> ComposeResult:
        with Vertical(id="patron-box"):
            yield Static(explain(self.award, self.deck, self.names), id="patron-panel")
            yield Static("[reverse] Enter [/reverse] continue", id="patron-continue")
        yield Footer()

    def action_done(self) -> None:
        self.dismiss(True)
