"""`?`: the keys of every screen, in one short list."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from .closing import ModalClosesOnce
from ..widgets.footer import Footer

KEYS = """[b]Keys[/b]

[b]On every game screen[/b] (not while typing names)
  ?        this list       r    the rules
  Ctrl+Q   quit (asks first while a game is running; the game is saved)
  u        take back (asks first; as often as you like). On your turn
           it goes back to your own last decision; another player's
           hidden choice on the way is only counted, never shown, and
           that player gets the laptop back first.

[b]Choosing names[/b]   Tab/Enter: next name; ↑/↓ who starts, Enter starts
[b]Pass the laptop[/b]  Enter when the named player has the laptop
[b]Set-up[/b]           ↑/↓ choose Plan + Foundation, Enter keeps them
[b]Table[/b]            ←/→ choose a card and Enter (or click) opens it to
                 choose the cover, or 1–4 open that card at once;
                 PgUp/PgDn or the wheel scroll the piers
[b]Placing[/b]          ↑/↓ (or 0–3, or click) how many sections to cover,
                 Enter places it, Escape goes back to the cards
[b]Bot's move[/b]       any key (or a moment) goes on to the Patron
[b]Patron[/b]           Enter continues; at a shared table it closes when
                 the next move is made (watching: by itself)
[b]Final score[/b]      n new game, q quit
[b]Hints[/b]            h (set-up, table, placing) asks the hard bot what it
                 would do, and why; bots move on their own
[b]Network play[/b]     no take-backs; host: j join lines, b a bot sits in

Every choice shows what it scores before you confirm it."""


class HelpScreen(ModalClosesOnce[None]):
    """The list scrolls (↑/↓, PgUp/PgDn, Home/End, the wheel) where the terminal is too
    short for all of it, as at the 100×30 minimum."""

    BINDINGS = [Binding("escape", "close", "Close"), Binding("question_mark", "close", "Close", show=False)]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Static(KEYS, id="help-text")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
