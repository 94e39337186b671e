"""Placing a card: choose how many sections it covers, with a live preview.

Drawn from the placing seat's own `PlayerView` (at one laptop or over the network
alike); only the engine's legal covers are offered. ↑/↓, a number (how many sections)
or a click point at a cover and preview it; Enter or a second click confirms (dismisses
with the decision), Escape goes back to the card choice (dismisses with None) when
allowed.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import OptionList, Static
from ..widgets.footer import Footer
from ..widgets.choice_list import CoverList
from ..widgets.hint_line import HintedScreen, HintLine
from textual.widgets.option_list import Option

from ...engine import Decision, Draft, Outcome, PlacePlan, PlayerView
from ...render import FittedPier
from ...render.style import stressed
from ...words import cover_choice, place_help
from ...speech.keys import HINT_TAG, KEY_BACK_TO_CARDS
from ..widgets.cover_why import CoverWhy
from ..widgets.drawn import Drawn
from ..widgets.score_change import ScoreChange
from ...i18n import N_, _
from .closing import still_shown, unless_leaving


class SideScroll(VerticalScroll, can_focus=False):
    """The preview's side: the covers, the score change and what it changes, scrolled
    by the wheel where the terminal is short; the cover list keeps the keys."""


class PlaceScreen(HintedScreen[Decision | None]):
    # Parsed when the screen is first shown, not before the first paint (pier18.tcss).
    DEFAULT_CSS = """
    PlaceScreen #place-help { height: auto; padding: 0 1; background: $boost; }
    PlaceScreen #place-body { height: 1fr; }
    PlaceScreen #place-pier-scroll { width: 46; border: round $accent; padding: 0 1; }
    PlaceScreen #place-side { width: 1fr; padding: 0 1; }
    PlaceScreen #cover-list { height: auto; max-height: 7; }
    PlaceScreen #score-change { height: auto; margin-top: 1; }
    PlaceScreen #cover-why { height: auto; margin-top: 1; }
    """

    BINDINGS = [
        Binding("escape", "back", KEY_BACK_TO_CARDS),
        *(Binding(str(k), f"cover({k})", N_("Point at a cover"), show=False) for k in range(10)),
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
        self._outcomes: dict[int, Outcome] = {}
        self._shown: int | None = None  # the cover whose preview is shown

    def compose(self) -> ComposeResult:
        yield Static(
            stressed(place_help(self.names[self.seat], self.card, not self.can_go_back, self.can_go_back)), id="place-help"
        )
        yield HintLine(id="hint")
        with Horizontal(id="place-body"):
            with VerticalScroll(id="place-pier-scroll"):
                yield Drawn(keep_tallest=True, room=0, id="place-pier")  # room: `_measure_room`
            with SideScroll(id="place-side"):
                yield CoverList(*(Option(self._label(d), id=str(i)) for i, d in enumerate(self.choices)), id="cover-list")
                yield ScoreChange(id="score-change")
                yield CoverWhy(keep_tallest=True, room=0, id="cover-why")  # room: `_measure_room`
        yield Footer()

    def _label(self, decision: Draft | PlacePlan) -> str:
        return cover_choice(not self.view.piers[self.seat].placements, decision.cover)

    @unless_leaving
    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.focus()
        options.highlighted = 0
        self.show_preview(0)
        # The preview follows the cover pointed at in the same turn as the list's own
        # highlight (one frame), not a message later (`OptionHighlighted`, often the next).
        self.watch(options, "highlighted", self._pointed_at, init=False)
        self.call_after_refresh(self._measure_room)

    def outcome(self, index: int) -> Outcome:
        """The engine's outcome of the cover at `index` (worked out once: the view is fixed)."""
        if index not in self._outcomes:
            self._outcomes[index] = self.view.outcome(self.choices[index])
        return self._outcomes[index]

    def previews(self) -> list[tuple[Drawn, Callable[[int], RenderableType]]]:
        """The preview's parts, each with how it is drawn for the cover at an index."""
        title = _("{name}'s pier after placing #{id}").format(name=self.names[self.seat], id=self.card.id)

        def pier(index: int) -> RenderableType:
            result = self.outcome(index)
            return FittedPier(result.pier.visible(), result.after.scoring, title, marked=self.card.id)

        return [
            (self.query_one("#place-pier", Drawn), pier),
            (self.query_one(ScoreChange), lambda index: ScoreChange.draw(self.outcome(index), self.names)),
            (self.query_one(CoverWhy), lambda index: CoverWhy.draw(self.outcome(index))),
        ]

    def _pointed_at(self, index: int | None) -> None:
        if index is not None and 0 <= index < len(self.choices):
            self.show_preview(index)

    def show_preview(self, index: int) -> None:
        """Each cover's preview is drawn once, then shown again as drawn; the covers not
        looked at yet are drawn ahead while the player reads this one (`_draw_ahead`)."""
        if index == self._shown:
            return
        self._shown = index
        with self.app.batch_update():
            for part, draw in self.previews():
                part.show_kept(index, partial(draw, index))
        self.call_after_refresh(self._draw_ahead)

    def on_resize(self) -> None:
        self.call_after_refresh(self._measure_room)

    def _measure_room(self) -> None:
        """The pier and the "what this changes" part keep the height of the tallest
        cover's (another cover lays nothing out again), within the room left below them
        in their scrolls (blank lines there never make a scroll overflow)."""
        if not still_shown(self):
            return
        self.query_one("#place-pier", Drawn).fit_room(self.query_one("#place-pier-scroll"))
        self.query_one(CoverWhy).fit_room(self.query_one(SideScroll))

    def _draw_ahead(self) -> None:
        """Draw one part of a cover's preview not drawn yet, then come back for the next
        (one at a time: a key pressed meanwhile waits for one part at most)."""
        if not still_shown(self):
            return
        for index in range(len(self.choices)):
            for part, draw in self.previews():
                if part.prepare(index, partial(draw, index)):
                    self.call_after_refresh(self._draw_ahead)
                    return

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
            label = Text.assemble(Text(f" {_(HINT_TAG)} ", style="bold reverse"), " ", self._label(decision))
            self.query_one(OptionList).replace_option_prompt_at_index(index, label)

    def action_back(self) -> None:
        if self.can_go_back:
            self.dismiss(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":
            return self.can_go_back
        return True
