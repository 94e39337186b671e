"""`?`: the keys of every screen, in one short list."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

KEYS = """[b]Keys[/b]

[b]Anywhere[/b]
  ?          this list            r        the rules
  Ctrl+Q     quit (asks first while a game is running; the game is saved)
  u          take back the last decision (asks first; as often as you like)

[b]Choosing names[/b]   Tab moves between names, Enter starts
[b]Pass the laptop[/b]  Enter when the named player has the laptop
[b]Set-up[/b]           ↑/↓ choose Plan + Foundation, Enter keeps them
[b]Table[/b]            ←/→ or 1–4 choose a card, Enter (or click) places it;
                 PgUp/PgDn (or the wheel) scroll the piers
[b]Placing[/b]          ↑/↓ (or 0–3, or click) how many sections to cover,
                 Enter places it, Escape goes back to the cards
[b]Patron[/b]           Enter continues
[b]Final score[/b]      n new game, q quit
[b]Hints[/b]            h (set-up, table, placing) asks the hard bot what it
                 would do, and why; bots move on their own

Every choice shows what it scores before you confirm it."""


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape", "close", "Close"), Binding("question_mark", "close", "Close", show=False)]

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box"):
            yield Static(KEYS, id="help-text")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
