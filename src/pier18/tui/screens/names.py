"""The first screen: who is playing (skipped when `--names` is given).

Only the human seats are asked; bot seats are listed with the names they play under.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from ...bots.seats import HUMAN, bot_name, clashes_with_bots, seat_names


class NamesScreen(Screen[list[str]]):
    """Asks each human player's name; dismisses with every seat's name, bots included."""

    BINDINGS = [Binding("enter", "start", "Start the game", show=True)]

    def __init__(self, players: int, seats: list[str] | None = None) -> None:
        super().__init__()
        self.players = players
        self.seats = list(seats) if seats else [HUMAN] * players
        self.humans = [seat for seat, kind in enumerate(self.seats) if kind == HUMAN]

    def compose(self) -> ComposeResult:
        with Vertical(id="names-box"):
            yield Static("[b]Pier 18[/b] — build the finest pier of your generation", id="names-title")
            if len(self.humans) == self.players:
                yield Static(f"{self.players} players at one laptop. Type each name, Tab to move, Enter to start.")
            else:
                bots = ", ".join(bot_name(self.seats, s) for s in range(self.players) if s not in self.humans)
                who = "your name" if len(self.humans) == 1 else "each player's name"
                yield Static(f"Playing against {bots}. Type {who}, Tab to move, Enter to start.")
            for seat in self.humans:
                yield Input(placeholder=f"Player {seat + 1}", id=f"name-{seat}", max_length=12)
            yield Static("", id="names-error")
        yield Footer()

    def names(self) -> list[str]:
        """Every seat's name: what was typed (or "Player N") for people, bots by level."""
        typed = [self.query_one(f"#name-{seat}", Input).value.strip() or f"Player {seat + 1}" for seat in self.humans]
        return seat_names(typed, self.seats)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        seat = int((event.input.id or "name-0").split("-")[1])
        later = [s for s in self.humans if s > seat]
        if later:
            self.query_one(f"#name-{later[0]}", Input).focus()
        else:
            self.action_start()

    def action_start(self) -> None:
        names = self.names()
        if len(set(n.lower() for n in names)) != len(names):
            humans = [names[s] for s in self.humans]
            clash = clashes_with_bots(humans, self.seats)
            why = f"{clash} is a bot's name here." if clash else "Each player needs a different name."
            self.query_one("#names-error", Static).update(Text(why, style="bold red"))
            return
        self.dismiss(names)
