"""A hosted table before its game starts: who is here, who is still to come, and at the
host's own seat the lines the others type to join (with the spectator's), so the host
finds them on the first screen.

The game starts by itself once every seat is filled; the host may start it sooner
(`s`), a bot playing each empty seat until its player comes. The app closes this
screen when the host says the game has started.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Static

from ...engine.text import printable
from ...i18n import N_, _
from ..widgets.footer import Footer
from .closing import unless_leaving


@dataclass(frozen=True)
class LobbyState:
    """Everything the lobby draws: one line per seat (`speech.people.lobby_seat`), and at the
    host's own seat the join lines; `host`: the person at the keys may start the game;
    `link`: what is wrong with the connection, if anything."""

    seats: Sequence[str]
    join_lines: Sequence[str] = ()
    host: bool = False
    link: str | None = None  # what is wrong with the connection to the host, if anything


class LobbyScreen(Screen[None]):
    DEFAULT_CSS = """
    LobbyScreen { align: center middle; }
    LobbyScreen #lobby-box {
        width: 96%;
        max-width: 130;
        height: auto;
        border: round $accent;
        padding: 1 2;
        background: $surface;
    }
    LobbyScreen #lobby-seats, LobbyScreen #lobby-join-title, LobbyScreen #lobby-wait, LobbyScreen #join-lines { margin-top: 1; }
    """
    BINDINGS = [Binding("s", "app.start_now", N_("Start now, bots for the empty seats"))]

    #: What the lobby shows; the app assigns a new one as players come and go.
    state: reactive[LobbyState] = reactive(LobbyState(()), always_update=True, init=False)

    def __init__(self, state: LobbyState) -> None:
        super().__init__()
        self.set_reactive(LobbyScreen.state, state)
        self._ready = False

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby-box"):
            yield Static(Text(_("Waiting for the players: the game starts when every seat is filled"), style="bold"))
            yield Static(id="lobby-link")
            yield Static(id="lobby-seats")
            yield Static(Text(_("To join this table, each player types their line:"), style="bold"), id="lobby-join-title")
            yield Static(id="lobby-join-lines")
            yield Static(Text(_("The game starts by itself when everyone is here; the host can start it sooner with bots."), style="italic"), id="lobby-wait")
        yield Footer()

    @unless_leaving
    def on_mount(self) -> None:
        self._ready = True
        self.show_lobby()

    def watch_state(self) -> None:
        self.show_lobby()

    def show_lobby(self) -> None:
        if not self._ready:
            return
        state = self.state
        link = self.query_one("#lobby-link", Static)
        link.update(Text(printable(state.link or ""), style="bold"))
        link.display = state.link is not None
        self.query_one("#lobby-seats", Static).update(Text("\n".join(printable(line) for line in state.seats)))
        lines = self.query_one("#lobby-join-lines", Static)
        lines.update(Text("\n".join(printable(line) for line in state.join_lines)))  # as printed
        for part in (lines, self.query_one("#lobby-join-title", Static)):
            part.display = bool(state.join_lines)
        self.query_one("#lobby-wait", Static).display = not state.host
        self.refresh_bindings()  # `s` is offered at the host only (the app's `check_action`)
