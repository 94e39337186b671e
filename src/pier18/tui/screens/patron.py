"""The patron phase of a round: each pier's patron score, the winner and why."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from ...engine import Deck, PatronAward
from ...i18n import N_, _
from ...render import draw_card
from ...render.style import patrons_text, stressed
from ...words import patron_why
from ...speech.keys import ENTER, KEY_GAME_LOG, KEY_HELP, KEY_LEGEND, KEY_RULES, KEY_TAKE_BACK
from ...speech.moves import card_label
from .closing import ModalClosesOnce, unless_leaving
from ..widgets.drawn import Drawn
from ..widgets.footer import Footer


def explain(award: PatronAward, deck: Deck, names: list[str]) -> Group:
    """The award as a table plus one sentence saying why the winner won."""
    card = deck[award.card]
    head = Text(_("Round {round}: the Patron is {card}").format(round=award.round, card=card_label(card)) + " ", style="bold")
    head.append_text(patrons_text(card.patrons))
    table = Table(box=None, padding=(0, 2))
    player, score, drafted_now = _("Player"), _("patron score"), _("drafted this round")
    table.add_column(player)
    table.add_column(score, justify="right")
    table.add_column(drafted_now)
    for seat, name in enumerate(names):
        drafted = deck[award.drafted[seat]]
        mark = "→ " if seat == award.winner else "  "
        table.add_row(Text(mark + name), str(award.scores[seat]), Text(_("{card} ({date})").format(card=card_label(drafted), date=drafted.date)))
    why = stressed(patron_why(award, deck, names))
    return Group(head, Text(""), draw_card(card), Text(""), table, Text(""), why)


class PatronScreen(ModalClosesOnce[bool]):
    """The Patron panel of a round, with the draft that ended it (`last`, its move line).

    It stays until the person at the keys moves on (Enter or Escape): never on a timer,
    never because the table moved on meanwhile (over the network the game goes on under
    it, and a newer round's panel takes its place). A key pressed before it was shown
    never closes it (`GameApp` drops such keys).
    """

    # Parsed when the screen is first shown, not before the first paint (pier18.tcss).
    DEFAULT_CSS = """
    PatronScreen { align: center middle; }
    PatronScreen #patron-box {
        width: 86;
        height: auto;
        max-height: 90%;
        border: double $warning;
        padding: 1 2;
        background: $surface;
    }
    PatronScreen #patron-panel { height: auto; }
    PatronScreen #patron-continue { margin-top: 1; }
    """

    # A modal screen hides the app's own bindings, so the keys that work on every game
    # screen are bound here too.
    BINDINGS = [
        Binding("enter", "done", N_("Continue")),
        Binding("escape", "done", N_("Continue"), show=False),
        Binding("u", "app.takeback", KEY_TAKE_BACK),
        Binding("l", "app.game_log", KEY_GAME_LOG),
        Binding("question_mark", "app.help", KEY_HELP),
        Binding("r", "app.rules", KEY_RULES),
        Binding("s", "app.legend", KEY_LEGEND),
    ]

    def __init__(self, award: PatronAward, deck: Deck, names: list[str], last: str | None = None) -> None:
        super().__init__()
        self.award = award
        self.deck = deck
        self.names = names
        self.last = last

    def compose(self) -> ComposeResult:
        go_on = Text.assemble((f" {ENTER} ", "reverse"), " " + _("continue"))
        with Vertical(id="patron-box"):
            yield Static(self._last_line(), id="patron-last")
            # Drawn once per content: measured for the layout and painted from the same lines.
            yield Drawn(explain(self.award, self.deck, self.names), id="patron-panel")
            yield Static(go_on, id="patron-continue")
        yield Footer(at_once=True)  # nothing here takes the focus: its keys are known now

    @unless_leaving
    def on_mount(self) -> None:
        self.query_one("#patron-last").display = self.last is not None

    def refill(self, award: PatronAward, deck: Deck, names: list[str], last: str | None = None) -> None:
        """Show another round's award (the app keeps one panel: `closing.kept`)."""
        self.award, self.deck, self.names, self.last = award, deck, names, last
        if not self.is_mounted:
            return  # composed from these when first shown
        last_line = self.query_one("#patron-last", Static)
        last_line.update(self._last_line())
        last_line.display = last is not None
        self.query_one("#patron-panel", Drawn).update(explain(award, deck, names))
        # Laid out again whatever its size: the app counts the panel drawn (keys pressed
        # from then on act on it) at that layout's paint (`GameApp._laid_out`).
        self.refresh(layout=True)

    def _last_line(self) -> Text:
        return Text(_("Last draft: {line}").format(line=self.last) if self.last is not None else "", style="italic")

    def action_done(self) -> None:
        self.dismiss(True)
