"""The legend of every symbol the drawings use: the characters, an empty slot, a card's
head (number, patron symbols, date), which end is the sea and which the land, and the
brackets round each card of a pier. Shown by `s` and on the set-up screen."""

from __future__ import annotations

from rich.text import Text

from ..engine.characters import Character
from ..words import (
    category_name,
    LEGEND_BRACKETS,
    LEGEND_CHARACTER,
    LEGEND_DATE,
    LEGEND_EMPTY,
    LEGEND_EXAMPLE,
    LEGEND_HEAD,
    LEGEND_PATRONS,
    LEGEND_SEA_LAND,
    LEGEND_TITLE,
)
from .pier import LAND_MARK, SEA_MARK
from .style import DIM, EMPTY_SLOT, LABEL, LAND, SEA, character_text, patrons_text


def legend(title: bool = True) -> Text:
    """Every symbol and what it means, one kind to a line (lines wrap between words)."""
    text = Text()
    if title:
        text.append(f"{LEGEND_TITLE}\n", style="bold")
    for index, character in enumerate(Character):
        text.append("  " if index else "")
        text.append_text(character_text(character))
        text.append(f" {category_name(character.value)}")
    text.append(f": {LEGEND_CHARACTER};  ")
    text.append(EMPTY_SLOT, style=DIM)
    text.append(f" {LEGEND_EMPTY}\n")
    number, date = LEGEND_EXAMPLE
    text.append(f"{number} ", style="bold")
    text.append_text(patrons_text((Character.FLOWER, Character.LOVERS)))
    text.append(f" {date}", style=LABEL)
    text.append(f": {LEGEND_HEAD}\n")
    text.append(f"{LEGEND_PATRONS}\n{LEGEND_DATE}\n")
    text.append(SEA_MARK, style=SEA)
    text.append(" / ")
    text.append(LAND_MARK, style=LAND)
    text.append(f": {LEGEND_SEA_LAND}\n{LEGEND_BRACKETS}")
    return text
