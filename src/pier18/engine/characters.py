"""The four pier characters and the two sides of a pier."""

from __future__ import annotations

import enum

from ..i18n import _


class Character(enum.StrEnum):
    """A character standing in a slot; its value is the name used in deck files."""

    FLOWER = "flower"
    POET = "poet"
    LOVERS = "lovers"
    FISHER = "fisher"

    @property
    def letter(self) -> str:
        """The one-letter token of the pier notation (A is the Fisher's anchor)."""
        return _LETTERS[self]

    # Deliberately hides `str.title()`: a character's title is its display name.
    @property
    def title(self) -> str:  # type: ignore[override]
        """The name players read, e.g. "Flower Seller", in the language spoken (read
        each time it is shown: never keep it in a module's or a class's value)."""
        if self is Character.FLOWER:
            return _("Flower Seller")
        if self is Character.POET:
            return _("Poet")
        if self is Character.LOVERS:
            return _("Lovers")
        return _("Fisher")

    @classmethod
    def from_token(cls, token: str) -> "Character | None":
        """Read a notation token: a letter or full name, any case; '.' is empty.

        Raises KeyError for anything else.
        """
        return _TOKENS[token.lower()]


class Side(enum.IntEnum):
    """A side of the pier; characters on different sides never interact."""

    LEFT = 0
    RIGHT = 1


CHARACTERS: tuple[Character, ...] = tuple(Character)

_LETTERS = {
    Character.FLOWER: "F",
    Character.POET: "P",
    Character.LOVERS: "L",
    Character.FISHER: "A",
}
_TOKENS: dict[str, Character | None] = {".": None}
for _c in Character:
    _TOKENS[_c.letter.lower()] = _c
    _TOKENS[_c.value] = _c


#: A section of a card or pier: (left slot, right slot); None is an empty slot.
Section = tuple["Character | None", "Character | None"]
