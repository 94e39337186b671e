"""`l`: the game log, every public event of the game so far in words, oldest first.

Drawn from lines the app makes from the table's public view (`tui.moves.game_log`: each
decision as the table may see it, each Patron award), so it never shows a hidden card.
It scrolls (↑/↓, PgUp/PgDn, Home/End, the wheel) and opens at the newest line.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from ...i18n import _
from ...speech.keys import KEY_CLOSE
from ..widgets.footer import Footer
from .closing import ModalClosesOnce, unless_leaving


class GameLogScreen(ModalClosesOnce[None]):
    DEFAULT_CSS = """
    GameLogScreen { align: center middle; }
    GameLogScreen #log-box {
        width: 96%;
        max-width: 120;
        height: 90%;
        border: round $accent;
        padding: 0 1;
        background: $surface;
    }
    GameLogScreen #log-title { height: auto; margin-bottom: 1; }
    GameLogScreen #log-scroll { height: 1fr; }
    """
    BINDINGS = [Binding("escape,l,enter", "close", KEY_CLOSE)]

    def __init__(self, lines: Sequence[str]) -> None:
        super().__init__()
        self.lines = list(lines)

    def refill(self, lines: Sequence[str]) -> None:
        """Opened again (the app keeps it, `closing.kept`): the log as it is now, at its
        newest line (drawn anew only if it has changed)."""
        lines = list(lines)
        if not self.is_mounted:
            self.lines = lines
            return
        changed = lines != self.lines
        if changed:
            self.lines = lines
            self.query_one("#log-lines", Static).update(self.text())
        self.at_newest(laid_out=not changed)

    def text(self) -> Text:
        return Text("\n".join(self.lines) if self.lines else _("Nothing has happened yet: the cards are dealt."))  # names are plain text

    def compose(self) -> ComposeResult:
        with Vertical(id="log-box"):
            yield Static(Text(_("Game log: every public event so far, oldest first"), style="bold"), id="log-title")
            with VerticalScroll(id="log-scroll"):
                yield Static(self.text(), id="log-lines")
        yield Footer()

    @unless_leaving
    def on_mount(self) -> None:
        self.at_newest(laid_out=False)

    def at_newest(self, laid_out: bool) -> None:
        """Scrolled to the newest line: once the lines are laid out, unless they are already."""
        scroll = self.query_one(VerticalScroll)
        if self.focused is not scroll:
            scroll.focus()
        if not laid_out:
            self.call_after_refresh(scroll.scroll_end, animate=False)
        elif not scroll.is_vertical_scroll_end:
            scroll.scroll_end(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
