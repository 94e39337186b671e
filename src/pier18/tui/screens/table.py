"""The table: whose turn and which round, the draft row, and every player's pier."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.reactive import reactive
from textual.widgets import Static

from ...engine import Decision, Draft, Phase, TableView
from ...i18n import N_, _
from ...words import start_rule
from ...speech.keys import HINT_TAG
from ...speech.moves import since_your_turn
from ...speech.people import YOU, author, chosen_so_far
from ..widgets.footer import Footer
from .closing import app_leaving, kept, unless_leaving
from ..widgets.draft_row import DraftRow
from ..widgets.hint_line import HintedScreen, HintLine
from ..widgets.more_below import MoreBelow, MoreScroll
from ..widgets.pier_panel import PierPanel


class PiersScroll(MoreScroll, can_focus=False):
    """Scrolls with the wheel or PgUp/PgDn; never takes focus from the draft row."""


@dataclass(frozen=True)
class TableState:
    """Everything the table draws. The app gives the screen a new one (`screen.state =
    ...`, or `dataclasses.replace` of the one it has) and the screen redraws: nobody
    calls a redraw."""

    view: TableView  # the table as everyone sees it now
    names: Sequence[str]
    first_chosen: bool = False  # who starts round 1 was chosen, not dated
    lesson: bool = False  # the guided first game: its script, not the sea, chose who starts
    #: The newest public event(s) in full, as the app's `Teller` said them: the table's one
    #: event line, replaced at each event (`GameApp.event_line`).
    moves: Sequence[str] = ()
    thinking: bool = False  # someone other than the person at the keys decides
    people: Text | None = None  # network play: who is here, who is awaited
    link_lost: bool = False  # network play: the connection to the host is down
    at_once: bool = False  # network play: set-up and the Plan placement are chosen by every seat at once
    you: int | None = None  # network play: the seat at the keys (None: watching, or one laptop)
    since: int | None = None  # the person at the keys last moved after the first `since` decisions
    reasons: Mapping[int, str] = field(default_factory=dict)  # bots' reasons, by the decisions their move completed
    #: Decisions a bot made for an away player (its level, by the decisions made once it
    #: was applied), and in set-up or the Plan placement the seats whose choice such a bot
    #: made (its level, by seat): said as that bot's, never as the player's.
    stand_ins: Mapping[int, str] = field(default_factory=dict)
    chosen_by: Mapping[int, str] = field(default_factory=dict)


def placed_since(table: TableView, start: int) -> dict[int, int]:
    """The card each seat drafted last among the decisions after the first `start`: the
    ones marked on their piers (what happened since the person at the keys last looked)."""
    marks: dict[int, int] = {}
    for seat, decision in table.history[max(start, 0):]:
        if isinstance(decision, Draft):
            marks[seat] = decision.card
    return marks


def _made_with_one() -> TableState:
    raise AssertionError("a TableScreen is made with its TableState")


class TableScreen(HintedScreen[None]):
    """Shows the table from its `state`, which the app sets: the same screen for a game
    at one laptop and over the network. The draft row's `Picked` message goes up to the
    app."""

    # Parsed when the screen is first shown, not before the first paint (pier18.tcss).
    DEFAULT_CSS = """
    TableScreen #status {
        height: auto;
        max-height: 2;
        background: $boost;
        padding: 0 1;
    }
    TableScreen #draft-row {
        height: auto;
        padding: 0 1;
    }
    TableScreen .draft-card {
        width: 22;
        height: auto;
        border: round $panel-lighten-2;
        padding: 0 1;
        margin-right: 1;
    }
    TableScreen .draft-card.-selected { border: heavy $accent; background: $boost; }
    TableScreen #draft-row:focus .draft-card.-selected { border: heavy $accent; }
    TableScreen #piers-scroll { height: 1fr; }
    TableScreen #piers { height: auto; }
    TableScreen .pier-panel {
        width: 1fr;
        height: auto;
        border: round $panel-lighten-1;
        padding: 0 1;
    }
    TableScreen .pier-panel.-turn { border: heavy $accent; }
    """

    BINDINGS = [
        Binding("pageup", "scroll_piers(-1)", N_("Piers ↑"), show=False),
        Binding("pagedown", "scroll_piers(1)", N_("Piers ↓"), show=False),
        Binding("e", "explain", N_("Why")),
    ]

    #: What the table shows; assigning it redraws (every time: the draft row takes the
    #: focus again, the hint line asks again).
    #: Not `repaint`: `show_game` updates the widgets, each repainting itself as it
    #: changes, rather than the whole screen at every new state.
    state: reactive[TableState] = reactive(_made_with_one, always_update=True, init=False, repaint=False)

    def __init__(self, state: TableState, shared: bool = True) -> None:
        super().__init__()
        self.shared = shared  # one laptop passed round: each turn may be someone else at the keys
        self.set_reactive(TableScreen.state, state)
        self._ready = False  # composed and mounted: on_mount draws the first time
        self._turn_shown: tuple[int, int, Phase] | None = None  # whose turn the piers were scrolled for
        self._later: TableState | None = None  # the state to draw once the screen over it is up (`show_later`)

    @property
    def view(self) -> TableView:
        return self.state.view

    @property
    def thinking(self) -> bool:
        return self.state.thinking

    def compose(self) -> ComposeResult:
        yield Static("", id="status")
        yield Static("", id="moves")  # the event line: in one place, under whose turn it is
        yield Static("", id="people")
        yield Static("", id="since")
        yield HintLine(id="hint")
        yield DraftRow(id="draft-row")
        with PiersScroll(id="piers-scroll"):
            with Horizontal(id="piers"):
                for seat in range(self.state.view.players):
                    yield PierPanel(seat, id=f"pier-{seat}", classes="pier-panel")
        yield MoreBelow(_("PgDn or the mouse wheel scrolls the piers"), id="piers-more")
        yield Footer()

    @unless_leaving
    def on_mount(self) -> None:
        self.query_one(MoreBelow).follow(self.query_one(PiersScroll))
        self._ready = True
        self.show_game()

    def action_scroll_piers(self, direction: int) -> None:
        scroll = self.query_one(PiersScroll)
        scroll.scroll_page_down() if direction > 0 else scroll.scroll_page_up()

    def action_explain(self) -> None:
        """`e`: why each character on a pier scores; first the pier of the seat at the
        keys (over the network) or of the seat whose turn it is."""
        from .explain import ExplainScreen

        state = self.state
        seat = state.you if state.you is not None else state.view.current_player
        self.app.push_screen(kept(self.app, ExplainScreen, state.view, state.names, seat))

    def human_drafting(self) -> bool:
        return self.state.view.phase is Phase.DRAFT and not self.state.thinking

    def action_hint(self) -> None:
        if self.human_drafting():
            super().action_hint()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "hint":
            return self.human_drafting()
        return True

    def mark_hint(self, decision: Decision | None, tag: str = HINT_TAG) -> None:
        """Tag the hinted card in the draft row (with `tag`: the lesson's choice has its own)."""
        self.query_one(DraftRow).mark_hint(decision.card if isinstance(decision, Draft) else None, tag)

    def watch_state(self) -> None:
        self._later = None  # a state set now is newer than one waiting
        self.show_game()

    def show_later(self, state: TableState, when_drawn: Callable[[Callable[[], object]], None]) -> None:
        """Draw `state` once the screen going up over the table now is in sight (the
        app's `when_drawn`): the panel first, the table under it a frame later, unless a
        newer state is set meanwhile."""
        self._later = state

        def draw() -> None:
            if self._later is state and not app_leaving(self.app):
                self.state = state

        when_drawn(draw)

    def show_game(self) -> None:
        """Draw everything from `state` (the table's public view and the app's lines)."""
        if not self._ready:
            return  # not composed yet: on_mount draws it
        if app_leaving(self.app):
            return  # the app is taking its widgets down: nothing to draw on
        state = self.state
        table = state.view
        names = state.names
        status = self.status(table, names, state.thinking, state.at_once, state.you, state.chosen_by)
        if table.phase is Phase.DRAFT and table.round == 1:
            rule = start_rule(table, names, state.first_chosen, state.lesson)
            if rule:  # said right after the round, so a narrow terminal still shows it
                cut = status.plain.find("  ·  ")
                status = Text.assemble(status[:cut], "  ·  ", (rule, "italic"), status[cut:])
        self.query_one("#status", Static).update(status)
        people = self.query_one("#people", Static)
        people.update(state.people or "")
        people.display = state.people is not None
        people.set_class(state.link_lost, "-lost")
        since = since_your_turn(table, names, state.since, state.reasons, state.stand_ins) if state.since is not None else None
        since_line = self.query_one("#since", Static)
        since_line.update(Text(since or ""))  # wraps: it is the news a player came back to
        since_line.display = since is not None
        moves = self.query_one("#moves", Static)
        moves.update(Text(" ".join(state.moves), style="italic"))  # replaced, never added to; wraps, never cut
        moves.display = bool(state.moves)
        self.query_one(HintLine).ask_known()
        at_once = state.at_once and table.phase in (Phase.SETUP, Phase.PLAN)
        # Without a "since your last move" line, the cards of the last moves round the table are marked.
        marks = placed_since(table, state.since if state.since is not None else len(table.history) - (table.players - 1))
        for seat in range(table.players):
            if at_once:  # every seat still to choose is choosing now
                turn = not table.chosen[seat]
            else:
                turn = table.phase in (Phase.DRAFT, Phase.PLAN) and table.current_player == seat
            self.query_one(f"#pier-{seat}", PierPanel).show(table, names[seat], turn, at_once, marks.get(seat))
        now = (table.round, table.current_player, table.phase)
        if self.shared and now != self._turn_shown:  # at one laptop a new turn starts with the
            self._turn_shown = now  # names and totals in sight, not where the last player scrolled
            self.query_one(PiersScroll).scroll_home(animate=False)
        row = self.query_one(DraftRow)
        row.watching = state.thinking
        if list(table.revealed) != row.cards:
            row.show(table.deck, list(table.revealed))
        row.display = table.phase is Phase.DRAFT
        if table.phase is Phase.DRAFT:
            row.focus()
        elif row.has_focus:
            self.set_focus(None)  # a hidden row's keys would only clutter the footer
        self.refresh_bindings()

    @staticmethod
    def status(
        table: TableView, names: Sequence[str], thinking: bool = False, at_once: bool = False, you: int | None = None,
        chosen_by: Mapping[int, str] | None = None,
    ) -> Text:
        """The status line; names are plain text, never read as markup. `at_once`: set-up
        and the Plan placement are chosen by every seat at once (over the network), so
        the line says who has chosen (a bot for an away player, `chosen_by`, as that bot)
        and who is awaited, `you` being the seat at the keys."""
        who = names[table.current_player] if not table.is_terminal() else ""
        line = Text()
        chosen_by = chosen_by or {}
        if at_once and table.phase in (Phase.SETUP, Phase.PLAN):
            line.append(_("Set-up") if table.phase is Phase.SETUP else _("Game end"), style="bold")
            called = [_(YOU) if seat == you else name for seat, name in enumerate(names)]
            chose = [author(called, seat, chosen_by.get(seat)) for seat in range(table.players) if table.chosen[seat]]
            waiting = [called[seat] for seat in table.to_act()]
            return line.append("  ·  ").append(chosen_so_far(chose, waiting, table.phase is Phase.PLAN))
        if table.phase is Phase.DRAFT:
            line.append(_("Round {round} of {rounds}").format(round=table.round, rounds=table.total_rounds), style="bold")
            line.append("  ·  ")
            line.append(" " + _("{name}'s turn").format(name=who) + " ", style="reverse")
            line.append("  ·  ")
            if thinking:
                return line.append(_("{name} is choosing a card…").format(name=who))
            return line.append(_("pick a card (←/→ or 1–{cards}, then Enter) · the card left over is the Patron").format(cards=len(table.revealed)))
        if table.phase is Phase.PLAN:
            line.append(_("Game end"), style="bold")
            line.append("  ·  ")
            line.append(f" {who} ", style="reverse")
            return line.append(" " + (_("is placing the Plan card…") if thinking else _("places the Plan card")))
        if table.phase is Phase.OVER:
            return line.append(_("Game over"), style="bold")
        line.append(_("Set-up"), style="bold")
        if thinking:
            line.append("  ·  " + _("{name} is choosing a Plan and a Foundation…").format(name=who))
        return line
