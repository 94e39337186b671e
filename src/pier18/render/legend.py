"""The legend of every symbol the drawings use: the characters, an empty slot, a card's
head (number, patron symbols, date), which end is the sea and which the land, and the
brackets round each card of a pier. Shown by `s` and on the set-up screen."""

from __future__ import annotations

from rich.text import Text

from ..engine.characters import Character
from ..i18n import _
from ..speech.scores import category_name
from .pier import land_mark, sea_mark
from .style import DIM, EMPTY_SLOT, LABEL, LAND, SEA, character_text, patrons_text

#: The example card head the legend explains: no card's own, so it is never taken for one.
EXAMPLE_HEAD = ("#id", "MM-DD")


def legend(title: bool = True) -> Text:
    """Every symbol and what it means, one kind to a line (lines wrap between words)."""
    text = Text()
    if title:
        text.append(_("Symbols") + "\n", style="bold")
    for index, character in enumerate(Character):
        text.append("  " if index else "")
        text.append_text(character_text(character))
        text.append(f" {category_name(character.value)}")
    text.append(": " + _("a character in a slot") + ";  ")
    text.append(EMPTY_SLOT, style=DIM)
    text.append(" " + _("an empty slot") + "\n")
    number, date = EXAMPLE_HEAD
    text.append(f"{number} ", style="bold")
    text.append_text(patrons_text((Character.FLOWER, Character.LOVERS)))
    text.append(f" {date}", style=LABEL)
    text.append(": " + _("card number, patron symbol(s), date") + "\n")
    patrons = _(
        "Patron symbols: the characters a card counts when it is left over as a round's Patron "
        "(the most points in them wins it)."
    )
    dates = _("Dates (month-day): the earlier date wins a tie and, by default, the earliest Foundation starts.")
    text.append(f"{patrons}\n{dates}\n")
    text.append(sea_mark(), style=SEA)
    text.append(" / ")
    text.append(land_mark(), style=LAND)
    sea_land = _("the sea end at the top, the land end at the bottom; a new card goes on at the sea end.")
    text.append(f": {sea_land}\n" + _("┌ │ └ or [ ]: where each card of a pier starts and ends."))
    return text
