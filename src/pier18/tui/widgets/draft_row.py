"""The revealed cards of a round; the current player picks one to place.

As on every screen, an arrow or a number key only points at a card, and Enter (or a
second click on the card pointed at) picks it: the first click points. The row tells
the screen with a `Picked` message and never applies anything itself; what the card is
placed with (its cover) is still to be chosen and confirmed on the placement screen.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.containers import Horizontal
from textual.geometry import Offset
from textual.message import Message
from textual.reactive import reactive

from ...engine import Deck
from ...speech.keys import HINT_TAG, KEY_CHOOSE_CARD, KEY_NEXT_CARD, KEY_POINT_AT_CARD, KEY_PREVIOUS_CARD
from ...i18n import _
from ..cursor import follow_soon
from .card_view import CardView


class DraftRow(Horizontal, can_focus=True):
    BINDINGS = [
        Binding("left", "move(-1)", KEY_PREVIOUS_CARD),
        Binding("right", "move(1)", KEY_NEXT_CARD),
        Binding("enter", "pick", KEY_CHOOSE_CARD),
        *(Binding(str(n), f"point_at({n})", KEY_POINT_AT_CARD, show=False) for n in range(1, 5)),
    ]

    #: The card pointed at. Not `repaint`: the row draws nothing itself; the two cards
    #: whose look changes (`_mark`) repaint themselves.
    selected: reactive[int] = reactive(0, repaint=False)
    #: Someone else is choosing: the row is only there to look at (its screen says so).
    watching: reactive[bool] = reactive(False, bindings=True)

    class Picked(Message):
        def __init__(self, card_id: int) -> None:
            super().__init__()
            self.card_id = card_id

    def __init__(
        self, *, name: str | None = None, id: str | None = None, classes: str | None = None, disabled: bool = False
    ) -> None:
        super().__init__(name=name, id=id, classes=classes, disabled=disabled)
        self.cards: list[int] = []
        self.hinted: int | None = None  # the card the turn's hint names
        self.tag = HINT_TAG  # its tag: the hint's, or the lesson's for a lesson step's choice

    def show(self, deck: Deck, cards: list[int]) -> None:
        """Redraw the row for a new set of revealed cards."""
        keep = self.cards[self.selected] if self.cards and self.selected < len(self.cards) else None
        self.cards = list(cards)
        # The views there show the new cards (a view made and styled costs more than a
        # card drawn anew); only a longer or shorter row mounts or removes any.
        views = list(self.query_children(CardView))
        for number, (view, card_id) in enumerate(zip(views, cards), start=1):
            view.show_card(deck[card_id], number)
        if len(views) > len(cards):
            for view in views[len(cards):]:
                view.remove()
        elif len(cards) > len(views):
            self.mount_all(
                CardView(deck[c], number=n, classes="draft-card") for n, c in enumerate(cards[len(views):], start=len(views) + 1)
            )
        self.selected = cards.index(keep) if keep in cards else 0
        self.call_after_refresh(self._mark)

    def mark_hint(self, card_id: int | None, tag: str = HINT_TAG) -> None:
        """Tag the hinted card (None: no hint for this turn) with `tag`: the hint's own,
        or another's (the lesson's choice is not the hint's and never wears its tag)."""
        self.hinted = card_id
        self.tag = tag
        self._mark()

    def watch_selected(self) -> None:
        self._mark()

    def _mark(self) -> None:
        for index, view in enumerate(self.query(CardView)):
            view.set_class(index == self.selected, "-selected")
            hinted = view.card.id == self.hinted
            view.set_class(hinted, "-hint")
            subtitle = _(self.tag) if hinted else None
            if view.border_subtitle != subtitle:  # setting it repaints the card, changed or not
                view.border_subtitle = subtitle
        follow_soon(self.app)

    def pointer_spot(self) -> Offset | None:
        """The card pointed at: the terminal's cursor sits on its number (see cursor.py)."""
        views = list(self.query_children(CardView))
        return views[self.selected].content_region.offset if self.selected < len(views) else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While a bot chooses, the row is only there to look at."""
        if action == "pick" and self.watching:
            return False
        return True

    def action_move(self, step: int) -> None:
        if self.cards:
            self.selected = (self.selected + step) % len(self.cards)

    def action_point_at(self, number: int) -> None:
        """A number key points at that card; only Enter (or a second click) picks it."""
        if 1 <= number <= len(self.cards):
            self.selected = number - 1
        else:
            self.app.bell()

    def action_pick(self) -> None:
        if self.cards:
            self.post_message(self.Picked(self.cards[self.selected]))

    def on_card_view_clicked(self, message: CardView.Clicked) -> None:
        message.stop()
        if message.card_id not in self.cards:
            return
        self.focus()
        index = self.cards.index(message.card_id)
        if index != self.selected:
            self.selected = index  # the first click points at the card
        elif not self.watching:
            self.action_pick()  # a click on the card pointed at picks it
