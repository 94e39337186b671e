"""Drawing Pier 18 with `rich` only: piers, cards and the character style table.

Shared by the Textual app and `pier18 score`; it never imports textual, and nothing
imports it when `pier18` itself is imported.
"""

from .pier import ROW_WIDTH, FittedPier, draw_card, draw_pier, draw_sections
from .style import STYLES, CharacterStyle, character_text, patrons_text, slot_text

__all__ = ["ROW_WIDTH", "FittedPier", "STYLES", "CharacterStyle", "character_text", "draw_card", "draw_pier", "draw_sections", "patrons_text", "slot_text"]
