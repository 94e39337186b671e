"""How each character looks, in one table shared by every front end.

A character is always drawn as a glyph plus its notation letter, so a pier reads the
same in a terminal without colour (or with `NO_COLOR`). The colours come from the
Okabe–Ito palette, made to stay apart for colour-blind eyes: yellow Flower Seller, sky
blue Poet, pink Lovers, vermilion Fisher. `tests/test_palette.py` simulates protanopia,
deuteranopia and tritanopia on them and requires every pair to stay clearly apart
(docs/accessibility.md, "Colour"). Each stays a different colour when a terminal has
only 16 (rich turns them into bright yellow, bright cyan, white and dark yellow there);
a test checks that too.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text

from ..engine.characters import Character
from ..speech.scores import category_name


class CharacterStyle:
    """A character's look, one per character (`CHARACTER_STYLES`), never changed. Written
    out, not a dataclass: defining a dataclass costs about a millisecond, which
    `pier18 score` would pay at every start."""

    __slots__ = ("glyph", "letter", "colour", "character")

    def __init__(self, glyph: str, colour: str, character: Character) -> None:
        self.glyph, self.letter, self.colour, self.character = glyph, character.letter, colour, character

    @property
    def name(self) -> str:
        """The character's name in the language spoken now (never the one at import)."""
        return self.character.title

    @property
    def token(self) -> str:
        """Glyph and letter, e.g. "★F"."""
        return f"{self.glyph}{self.letter}"

    @property
    def style(self) -> Style:
        return Style(color=self.colour, bold=True)


STYLES: dict[Character, CharacterStyle] = {
    # Okabe–Ito yellow, sky blue, reddish purple and vermilion.
    Character.FLOWER: CharacterStyle("★", "#f0e442", Character.FLOWER),
    Character.POET: CharacterStyle("✎", "#56b4e9", Character.POET),
    Character.LOVERS: CharacterStyle("♥", "#cc79a7", Character.LOVERS),
    Character.FISHER: CharacterStyle("⚓", "#d55e00", Character.FISHER),
}

#: Width in cells of one drawn slot (the anchor glyph is two cells wide).
SLOT_WIDTH = 3
EMPTY_SLOT = "·"

SEA = Style(color="#5fa8d3")
LAND = Style(color="#8a9a5b")
PLANK = Style(color="#9c7b55")
FRAME = Style(color="#a0a0a0")
FRAME_MARKED = Style(color="#ffffff", bold=True)
LABEL = Style(color="#c8c8c8")
DIM = Style(dim=True)
SCORING = Style(reverse=True)


def character_text(character: Character, scoring: bool = False) -> Text:
    """A character as glyph + letter; `scoring` draws it reversed (readable in mono too)."""
    look = STYLES[character]
    style = look.style + SCORING if scoring else look.style
    return Text(look.token, style=style)


def slot_text(character: Character | None, scoring: bool = False, side: int = 1) -> Text:
    """One slot padded to SLOT_WIDTH cells, towards the planks (side 0 = left slot).

    An empty slot is a dim dot in the middle.
    """
    if character is None:
        return Text(f" {EMPTY_SLOT} ", style=DIM)
    text = character_text(character, scoring)
    pad = " " * max(SLOT_WIDTH - text.cell_len, 0)
    return Text(pad).append_text(text) if side == 0 else text.append(pad)


def patrons_text(characters: tuple[Character, ...]) -> Text:
    """A card's patron symbol(s), e.g. "♥L" or "★F✎P"."""
    text = Text()
    for character in characters:
        text.append_text(character_text(character))
    return text


def stressed(pieces: Sequence[str], style: str = "bold") -> Text:
    """A sentence given in pieces (`words.Stressed`), the pieces at odd places in `style`."""
    return Text.assemble(*((piece, style) if index % 2 else piece for index, piece in enumerate(pieces)))


def category_label(category: str) -> Text:
    """A score category's label: the character's glyph and name, or 'Patrons', 'Plan bonus'."""
    name = category_name(category)
    if category in ("patrons", "plan"):
        return Text(name)
    return character_text(Character(category)).append(f" {name}")
