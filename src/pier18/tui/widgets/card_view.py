"""One card drawn as a pier piece; a click on it tells its parent which card it is.

The card never changes: it is drawn once into lines for each look it takes (plain and
pointed at), so pointing at another card repaints two frames and draws nothing anew.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual.message import Message

from ...engine import Card
from ...render import draw_card
from .drawn import Drawn


class CardView(Drawn):
    """A card of the draft row or of a set-up hand."""

    class Clicked(Message):
        def __init__(self, card_id: int) -> None:
            super().__init__()
            self.card_id = card_id

    def __init__(
        self,
        card: Card,
        note: Text | str | None = None,
        *,
        number: int | None = None,
        ends: bool = False,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes, disabled=disabled)
        self.card = card
        self.note = note
        self.number = number
        self.ends = ends  # mark the sea end and the land end (the set-up hand)
        self._content = self.draw()

    def show_card(self, card: Card, number: int | None = None) -> None:
        """Show another card in this view (the draft row's next round: no new widget)."""
        if card is self.card and number == self.number:
            return
        self.card = card
        self.number = number
        self.update(self.draw())

    def draw(self) -> Group:
        drawing = draw_card(self.card, ends=self.ends)
        if self.number is not None:
            drawing = Text.assemble(Text(f"{self.number}: ", style="bold reverse"), drawing)
        parts: list[RenderableType] = [drawing]
        if self.note:
            parts.append(self.note if isinstance(self.note, Text) else Text(self.note))
        return Group(*parts)

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.card.id))
