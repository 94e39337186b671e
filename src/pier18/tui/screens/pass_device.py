"""Pass-and-play privacy: hides the table until the named player is at the keys."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.widgets import Static

from ...i18n import N_, _
from ...speech.keys import ENTER
from .closing import ClosesOnce
from ..widgets.footer import Footer


class PassScreen(ClosesOnce[bool]):
    DEFAULT_CSS = """
    PassScreen #pass-message {
        width: 60;
        padding: 1 2;
        border: double $accent;
        content-align: center middle;
        text-align: center;
    }
    """
    BINDINGS = [Binding("enter", "ready", N_("I am ready"))]

    def __init__(self, name: str, why: str, since: str | None = None, secret: bool = True) -> None:
        super().__init__()
        self.player = name
        self.why = why
        self.secret = secret  # a hidden choice follows: the others look away
        self.since = since  # what happened since this player last moved (public events only)

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(self.message(), id="pass-message")
        yield Footer()

    def message(self) -> Text:
        """The name is plain text: brackets in it are never read as markup."""
        since = Text(f"\n\n{self.since}", style="italic") if self.since else Text("")
        return Text.assemble(
            (_("Pass the laptop to {name}").format(name=self.player), "bold"),
            since,
            f"\n\n{self.why}\n\n" + _("Everyone else: look away.") + "\n\n" if self.secret else f"\n\n{self.why}\n\n",
            (" " + _("{name}: press {key}").format(name=self.player, key=ENTER) + " ", "reverse"),
        )

    def action_ready(self) -> None:
        self.dismiss(True)

    def on_click(self) -> None:
        self.dismiss(True)
