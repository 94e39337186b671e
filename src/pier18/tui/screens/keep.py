"""Set-up, on one screen: the player's three cards and which to keep as Plan and Foundation."""

from __future__ import annotations

from itertools import permutations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import OptionList, Static

from ..widgets.footer import Footer
from ..widgets.choice_list import KeepList
from ..widgets.hint_line import HintedScreen, HintLine
from textual.widgets.option_list import Option

from ...engine import Decision, Keep, PlayerView
from ...render.style import stressed
from ...words import (
    AS_FOUNDATION,
    AS_PLAN,
    BACK_TO_DECK,
    FOUNDATION,
    HINT_TAG,
    PLAN,
    back_to_deck,
    card_label,
    keep_help,
    plan_goal_note,
)
from ..widgets.card_view import CardView
from .closing import unless_leaving


class KeepScreen(HintedScreen[Keep]):
    """Dismisses with the chosen `Keep` (only the engine's legal choices are offered).

    Drawn from the seat's own `PlayerView`: its hand and its legal choices, nothing else.
    """

    def __init__(self, view: PlayerView, name: str) -> None:
        super().__init__()
        self.view = view
        self.player = name
        self.hand = list(view.hand)
        legal = set(view.legal)
        self.choices = [Keep(p, f) for p, f in permutations(self.hand, 2) if Keep(p, f) in legal]

    def compose(self) -> ComposeResult:
        deck = self.view.deck
        yield Static(stressed(keep_help(self.player)), id="keep-help")
        yield HintLine(id="hint")
        with Horizontal(id="keep-hand"):
            for card_id in self.hand:
                card = deck[card_id]
                note = Text(plan_goal_note(card, self.view.players))
                yield CardView(card, note, id=f"hand-{card_id}", classes="hand-card")
        with Vertical(id="keep-choices"):
            yield KeepList(*(Option(self._label(k), id=str(i)) for i, k in enumerate(self.choices)), id="keep-list")
        yield Footer()

    def _label(self, keep: Keep) -> Text:
        deck = self.view.deck
        plan, foundation = deck[keep.plan], deck[keep.foundation]
        (back,) = [c for c in self.hand if c not in (keep.plan, keep.foundation)]
        text = Text()
        text.append(f"{PLAN} ", style="bold")
        text.append(f"{card_label(plan)}: {plan.plan.goal_for(self.view.players).text}")
        text.append(f"  ·  {FOUNDATION} ", style="bold")
        text.append(card_label(foundation))
        text.append(f"  ·  {back_to_deck(back)}", style="dim")
        return text

    @unless_leaving
    def on_mount(self) -> None:
        self.query_one(OptionList).focus()
        self.query_one(OptionList).highlighted = 0

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        keep = self.choices[event.option_index]
        for card_id in self.hand:
            view = self.query_one(f"#hand-{card_id}", CardView)
            view.set_class(card_id == keep.plan, "-plan")
            view.set_class(card_id == keep.foundation, "-foundation")
            view.border_title = AS_PLAN if card_id == keep.plan else AS_FOUNDATION if card_id == keep.foundation else BACK_TO_DECK

    def mark_hint(self, decision: Decision | None) -> None:
        """Tag the hinted Plan + Foundation pair in the list."""
        if isinstance(decision, Keep) and decision in self.choices:
            index = self.choices.index(decision)
            label = Text.assemble(Text(f" {HINT_TAG} ", style="bold reverse"), " ", self._label(decision))
            self.query_one(OptionList).replace_option_prompt_at_index(index, label)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.choices[event.option_index])
