"""Set-up by the cards themselves: the player points at the card to keep as the Plan,
then at the one to keep as the Foundation; the third goes back into the deck.

As on every screen, ←/→ (or ↑/↓), 1–3 or a click point at a card; Enter, or a click on
the card already pointed at, keeps it; Escape goes back from the Foundation to the Plan. Under the cards,
the preview: in the first step the card pointed at in both roles, in the second the
pier the pair starts and the Plan judged on it. The symbols' legend is beside it, and
every card is drawn with its sea end and land end marked.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.geometry import Offset
from textual.reactive import reactive
from textual.widgets import Static

from ...engine import Decision, Keep, PlayerView
from ...i18n import _
from ...render import FittedPier
from ...render.legend import legend
from ...render.plan import plan_summary
from ...render.style import stressed
from ...words import foundation_role, keep_foundation_help, keep_plan_help
from ...speech.keys import (
    HINT_TAG,
    KEY_BACK_TO_PLAN,
    KEY_KEEP_AS_FOUNDATION,
    KEY_KEEP_AS_PLAN,
    KEY_NEXT_CARD,
    KEY_POINT_AT_CARD,
    KEY_PREVIOUS_CARD,
)
from ...speech.moves import goal_text
from ..cursor import follow_soon
from ..widgets.card_view import CardView
from ..widgets.drawn import Drawn
from ..widgets.footer import Footer
from ..widgets.hint_line import HintedScreen, HintLine
from .closing import still_shown, unless_leaving


class KeepScreen(HintedScreen[Keep]):
    """Dismisses with the chosen `Keep` (only the engine's legal choices are offered).

    Drawn from the seat's own `PlayerView`: its hand and its legal choices, nothing else.
    `plan` is the card kept as the Plan (None: the first step), `pointed` the card
    pointed at; the screen is drawn from the two.
    """

    # Parsed when the screen is first shown, not before the first paint (pier18.tcss).
    DEFAULT_CSS = """
    KeepScreen #keep-help { margin: 0 1; height: auto; }
    KeepScreen #keep-hand { height: auto; margin: 1 0 0 0; }
    KeepScreen .hand-card {
        width: 1fr;
        height: auto;
        border: round $panel-lighten-2;
        padding: 0 1;
        margin: 0 1;
    }
    KeepScreen .hand-card.-plan { border: heavy $success; }
    KeepScreen .hand-card.-foundation { border: heavy $warning; }
    /* Dimmed, and dashed: a mark that reads without colour too. */
    KeepScreen .hand-card.-unchoosable { opacity: 60%; border: dashed $panel-lighten-2; }
    KeepScreen #keep-below { height: auto; margin: 1 0 0 0; }
    KeepScreen #keep-preview { width: 1fr; height: auto; padding: 0 1; }
    KeepScreen #keep-legend { width: 1fr; height: auto; padding: 0 1; border-left: vkey $panel-lighten-2; }
    """

    BINDINGS = [
        Binding("left", "point(-1)", KEY_PREVIOUS_CARD, show=False),  # the help line says them
        Binding("right", "point(1)", KEY_NEXT_CARD, show=False),
        Binding("up", "point(-1)", KEY_PREVIOUS_CARD, show=False),
        Binding("down", "point(1)", KEY_NEXT_CARD, show=False),
        *(Binding(str(n), f"point_at({n - 1})", KEY_POINT_AT_CARD, show=False) for n in range(1, 4)),
        Binding("enter", "keep_plan", KEY_KEEP_AS_PLAN),
        Binding("enter", "keep_foundation", KEY_KEEP_AS_FOUNDATION),
        Binding("escape", "back_to_plan", KEY_BACK_TO_PLAN),
    ]

    # Not `repaint`: a repaint of the screen is a repaint of everything on it. The
    # watchers redraw the parts that change, and those repaint themselves.
    plan: reactive[int | None] = reactive(None, init=False, repaint=False)
    pointed: reactive[int] = reactive(0, init=False, repaint=False)

    def __init__(self, view: PlayerView, name: str) -> None:
        super().__init__()
        self.view = view
        self.player = name
        self.hand = list(view.hand)
        self.legal = [d for d in view.legal if isinstance(d, Keep)]
        self.hinted: Keep | None = None
        self.set_reactive(KeepScreen.pointed, self.hand[0])

    # -- what may be pointed at and kept ----------------------------------------------------

    def choosable(self) -> list[int]:
        """The cards the step lets the player point at: any card with a legal Plan role,
        then the cards that make a legal pair with the Plan."""
        if self.plan is None:
            return [c for c in self.hand if any(k.plan == c for k in self.legal)]
        return [c for c in self.hand if Keep(self.plan, c) in self.legal]

    def keep_for(self, foundation: int) -> Keep | None:
        keep = Keep(self.plan, foundation) if self.plan is not None else None
        return keep if keep in self.legal else None

    # -- drawing -----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        deck = self.view.deck
        with VerticalScroll(id="keep-body", can_focus=False):
            yield Static(id="keep-help")
            yield HintLine(id="hint")
            with Horizontal(id="keep-hand"):
                for number, card_id in enumerate(self.hand, 1):
                    card = deck[card_id]
                    note = Text(_("Plan goal: {goal} (+{bonus})").format(goal=goal_text(card.plan.goal_for(self.view.players)), bonus=card.plan.bonus))
                    yield CardView(card, note, number=number, ends=True, id=f"hand-{card_id}", classes="hand-card")
            with Horizontal(id="keep-below"):
                yield Drawn(keep_tallest=True, room=0, id="keep-preview")  # room: `_measure_room`
                yield Static(legend(), id="keep-legend")
        yield Footer()

    @unless_leaving
    def on_mount(self) -> None:
        self.draw_step()
        self.call_after_refresh(self._measure_room)

    def on_resize(self) -> None:
        self.call_after_refresh(self._measure_room)

    def _measure_room(self) -> None:
        """The preview keeps the height of the tallest drawn so far (pointing at another
        card lays nothing out again), within the room left below it."""
        if still_shown(self):
            self.query_one("#keep-preview", Drawn).fit_room(self.query_one("#keep-body"))

    def watch_plan(self) -> None:
        self.draw_step()
        self.refresh_bindings()

    def watch_pointed(self) -> None:
        self.draw()  # only the cards and the preview: a key press redraws no more than it changes

    def draw_step(self) -> None:
        """The instructions of the step, then the cards and the preview."""
        plan = self.view.deck[self.plan] if self.plan is not None else None
        help_text = keep_plan_help(self.player) if plan is None else keep_foundation_help(self.player, plan)
        self.query_one("#keep-help", Static).update(stressed(help_text))
        self.draw()

    def draw(self) -> None:
        """The cards (which is pointed at, what each becomes) and the preview."""
        choosable = self.choosable()
        for card_id in self.hand:
            view = self.query_one(f"#hand-{card_id}", CardView)
            pointed = card_id == self.pointed
            is_plan = card_id == self.plan or (self.plan is None and pointed)
            is_foundation = self.plan is not None and pointed and card_id != self.plan
            view.set_class(is_plan, "-plan")
            view.set_class(is_foundation, "-foundation")
            view.set_class(card_id not in choosable and card_id != self.plan, "-unchoosable")
            title = _("PLAN") if is_plan else _("FOUNDATION") if is_foundation else _("back to deck") if self.plan is not None else ""
            hint = self.hinted
            hinted = hint is not None and (
                card_id == hint.plan if self.plan is None else self.plan == hint.plan and card_id == hint.foundation
            )  # the hinted Foundation only beside the hinted Plan
            title = f"{title} {_(HINT_TAG)}".strip() if hinted else title
            if view.border_title != title:  # setting it repaints the card, changed or not
                view.border_title = title
        # Drawn once per Plan and card pointed at: pointing back at a card draws nothing.
        self.query_one("#keep-preview", Drawn).show_kept((self.plan, self.pointed), self.preview)
        follow_soon(self.app)

    def pointer_spot(self) -> Offset | None:
        """The card pointed at: the terminal's cursor sits on its number (see cursor.py)."""
        return self.query_one(f"#hand-{self.pointed}", CardView).content_region.offset

    def preview(self) -> RenderableType:
        """The first step: the card pointed at as the Plan and as the Foundation. The
        second: the pier the pair starts, and the Plan judged on it."""
        deck = self.view.deck
        card = deck[self.pointed]
        if self.plan is None:
            other = next((k for k in self.legal if k.foundation == self.pointed), None)
            lines = Text()
            lines.append(_("As your Plan:") + " ", style="bold")
            lines.append(_("{goal} (+{bonus}), judged at the end, with the card laid last on your pier").format(
                goal=goal_text(card.plan.goal_for(self.view.players)), bonus=card.plan.bonus
            ))
            if other is not None:
                total = self.view.outcome(other).sheet_after(plan=False).total
                lines.append("\n" + _("As your Foundation:") + " ", style="bold")
                lines.append(foundation_role(total))
            return lines
        keep = self.keep_for(self.pointed)
        if keep is None:
            return Text("")
        outcome = self.view.outcome(keep)
        plan = outcome.plan_after
        parts: list[RenderableType] = [Text(_("Your pier starts as:"), style="bold"), FittedPier(outcome.pier.visible(), outcome.after.scoring)]
        if plan is not None:
            parts.append(Text(_("Your Plan on it now:"), style="bold"))
            parts.append(
                plan_summary(plan.card, self.view.players, plan.sheet, plan.rivals, plan.met, final=False, in_reach=plan.in_reach)
            )
        return Group(*parts)

    # -- keys and clicks -----------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "keep_plan":
            return self.plan is None
        if action in ("keep_foundation", "back_to_plan"):
            return self.plan is not None
        return True

    def action_point(self, step: int) -> None:
        choosable = self.choosable()
        if self.pointed in choosable:
            self.pointed = choosable[(choosable.index(self.pointed) + step) % len(choosable)]
        elif choosable:
            self.pointed = choosable[0]

    def action_point_at(self, index: int) -> None:
        if index < len(self.hand) and self.hand[index] in self.choosable():
            self.pointed = self.hand[index]
        else:
            self.app.bell()

    def action_keep_plan(self) -> None:
        if self.plan is None and self.pointed in self.choosable():
            self.plan = self.pointed
            self.action_point(0)  # onto a card that can be the Foundation

    def action_keep_foundation(self) -> None:
        keep = self.keep_for(self.pointed)
        if keep is not None:
            self.dismiss(keep)

    def action_back_to_plan(self) -> None:
        if self.plan is not None:
            plan, self.plan = self.plan, None
            self.pointed = plan

    def on_card_view_clicked(self, event: CardView.Clicked) -> None:
        event.stop()
        if event.card_id not in self.choosable():
            if self.plan is not None and event.card_id == self.plan:
                self.action_back_to_plan()  # a click on the Plan: choose it again
            return
        if event.card_id != self.pointed:
            self.pointed = event.card_id
        elif self.plan is None:
            self.action_keep_plan()
        else:
            self.action_keep_foundation()

    def mark_hint(self, decision: Decision | None) -> None:
        """Tag the hinted Plan, then the hinted Foundation, on its card."""
        self.hinted = decision if isinstance(decision, Keep) and decision in self.legal else None
        if self.is_mounted:
            self.draw()
