"""The first screen: who is playing (skipped when `--names` is given)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, Static


class NamesScreen(Screen[list[str]]):
    """Asks each player's name; dismisses with the list of names."""

    BINDINGS = [Binding("enter", "start", "Start the game", show=True)]

    def __init__(self, players: int) -> None:
        super().__init__()
        self.players = players

    def compose(self) -> ComposeResult:
        with Vertical(id="names-box"):
            yield Static("[b]Pier 18[/b] — build the finest pier of your generation", id="names-title")
            yield Static(f"{self.players} players at one laptop. Type each name, Tab to move, Enter to start.")
            for seat in range(self.players):
                yield Input(placeholder=f"Player {seat + 1}", id=f"name-{seat}", max_length=12)
            yield Static("", id="names-error")
        yield Footer()

    def names(self) -> list[str]:
        return [self.query_one(f"#name-{seat}", Input).value.strip() or f"Player {seat + 1}" for seat in range(self.players)]

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        seat = int((event.input.id or "name-0").split("-")[1])
        if seat + 1 < self.players:
            self.query_one(f"#name-{seat + 1}", Input).focus()
        else:
            self.action_start()

    def action_start(self) -> None:
        names = self.names()
        if len(set(n.lower() for n in names)) != len(names):
            self.query_one("#names-error", Static).update("[b red]Each player needs a different name.[/]")
            return
        self.dismiss(names)
