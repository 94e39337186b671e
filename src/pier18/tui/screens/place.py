"""Placing a card: choose how many sections it covers, with a live preview.

Drawn from the placing seat's own `PlayerView` (at one laptop or over the network
alike); only the engine's legal covers are offered. ↑/↓, a number (how many sections)
or a click point at a cover and preview it; Enter or a second click confirms (dismisses
with the decision), Escape goes back to the card choice (dismisses with None) when
allowed.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import OptionList, Static
from ..widgets.footer import Footer
from ..widgets.choice_list import CoverList
from ..widgets.hint_line import HintedScreen, HintLine
from textual.widgets.option_list import Option

from ...engine import Decision, Draft, PlacePlan, PlayerView
from ...render import FittedPier
from ...render.style import stressed
from ...words import HINT_TAG, KEY_BACK_TO_CARDS, KEY_POINT_AT_COVER, cover_choice, pier_after, place_help
from ..widgets.cover_why import CoverWhy
from ..widgets.score_change import ScoreChange
from .closing import unless_leaving


class SideScroll(VerticalScroll, can_focus=False):
    """The preview's side: the covers, the score change and what it changes, scrolled
    by the wheel where the terminal is short; the cover list keeps the keys."""


class PlaceScreen(HintedScreen[Decision | None]):
    BINDINGS = [
        Binding("escape", "back", KEY_BACK_TO_CARDS),
        *(Binding(str(k), f"cover({k})", KEY_POINT_AT_COVER, show=False) for k in range(10)),
    ]

    def __init__(self, view: PlayerView, names: list[str], card_id: int | None = None) -> None:
        super().__init__()
        # The view as it was when the screen opened: a highlight handled after the
        # decision is made still previews this turn, and no other seat's card is in it.
        self.view = view
        self.names = names
        self.seat = view.seat
        legal = view.legal
        if card_id is None:  # the Plan card
            self.choices: list[Draft | PlacePlan] = [d for d in legal if isinstance(d, PlacePlan)]
            plan = view.plans[view.seat]
            assert plan is not None, "the Plan phase always has a Plan card"
            card_id = plan
            self.can_go_back = False
        else:
            self.choices = [d for d in legal if isinstance(d, Draft) and d.card == card_id]
            self.can_go_back = True
        self.card = view.deck[card_id]

    def compose(self) -> ComposeResult:
        yield Static(
            stressed(place_help(self.names[self.seat], self.card, not self.can_go_back, self.can_go_back)), id="place-help"
        )
        yield HintLine(id="hint")
        with Horizontal(id="place-body"):
            with VerticalScroll(id="place-pier-scroll"):
                yield Static("", id="place-pier")
            with SideScroll(id="place-side"):
                yield CoverList(*(Option(self._label(d), id=str(i)) for i, d in enumerate(self.choices)), id="cover-list")
                yield ScoreChange(id="score-change")
                yield CoverWhy(id="cover-why")
        yield Footer()

    def _label(self, decision: Draft | PlacePlan) -> str:
        return cover_choice(not self.view.piers[self.seat].placements, decision.cover)

    @unless_leaving
    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.focus()
        options.highlighted = 0
        self.show_preview(0)

    def show_preview(self, index: int) -> None:
        result = self.view.outcome(self.choices[index])
        title = pier_after(self.names[self.seat], self.card.id)
        self.query_one("#place-pier", Static).update(
            FittedPier(result.pier.visible(), result.after.scoring, title, marked=self.card.id)
        )
        self.query_one(ScoreChange).show(result, self.names)
        self.query_one(CoverWhy).show(result)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_preview(event.option_index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.choices[event.option_index])

    def action_cover(self, cover: int) -> None:
        """A number points at that cover (Enter places it); a cover not on offer rings."""
        for index, decision in enumerate(self.choices):
            if decision.cover == cover:
                self.query_one(OptionList).highlighted = index
                return
        self.app.bell()

    def mark_hint(self, decision: Decision | None) -> None:
        """Tag the hinted cover in the list (when the hint is for this card)."""
        if decision in self.choices:
            index = self.choices.index(decision)
            label = Text.assemble(Text(f" {HINT_TAG} ", style="bold reverse"), " ", self._label(decision))
            self.query_one(OptionList).replace_option_prompt_at_index(index, label)

    def action_back(self) -> None:
        if self.can_go_back:
            self.dismiss(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":
            return self.can_go_back
        return True
