"""The four pier characters and the two sides of a pier.

Both are closed sets of named values, as `enum` would make them, made here without
`enum`: `pier18 score --json` loads this module and must start about as fast as Python
itself, and `enum` (with the `functools` and `collections` it imports) was a third of
that command's start-up (docs/performance.md, "`pier18 score` start-up"). The members
behave as enum members did: equal to (and hashed as) their values, one object per value
(through pickle and copy too), the same `str()` and `repr()`, iterated in order by
iterating the class, and `Character("poet")` finds a member by its value.
"""

from __future__ import annotations

from ..i18n import _

TYPE_CHECKING = False  # no typing at run time: `pier18 score` must start fast
if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterator
    from typing import Any, TypeVar

    _M = TypeVar("_M")


class _Members(type):
    """The metaclass of a closed set: iterating the class gives its members in order, and
    calling it finds a member by value (ValueError for anything else, as `enum` does)."""

    _members: dict[Any, Any]

    def __iter__(cls: type[_M]) -> Iterator[_M]:
        return iter(cls._members.values())  # type: ignore[attr-defined]

    def __len__(cls) -> int:
        return len(cls._members)

    def __call__(cls: type[_M], value: object) -> _M:
        try:
            return cls._members[value]  # type: ignore[attr-defined, no-any-return]
        except (KeyError, TypeError):  # TypeError: an unhashable value
            raise ValueError(f"{value!r} is not a valid {cls.__name__}") from None

    def _add(cls, base: type, **values: Any) -> None:
        """Make the members, one per value, in order; each is an attribute of the class."""
        cls._members = {}
        for name, value in values.items():
            member = base.__new__(cls, value)  # type: ignore[call-overload]
            member.name, member.value = name, value
            setattr(cls, name, member)
            cls._members[value] = member


class _Member:
    """A member's `str()` and `repr()` as `enum` writes them (`repr` also seeds the hints:
    `bots.base.position_seed`), and copies that are the member itself."""

    __slots__ = ()
    name: str
    value: Any

    def __str__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"<{type(self).__name__}.{self.name}: {self.value!r}>"

    def __reduce__(self) -> tuple[Any, tuple[Any]]:
        return type(self), (self.value,)

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: object) -> Any:
        return self


class Character(_Member, str, metaclass=_Members):
    """A character standing in a slot; its value is the name used in deck files."""

    value: str
    FLOWER: Character
    POET: Character
    LOVERS: Character
    FISHER: Character

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


Character._add(str, FLOWER="flower", POET="poet", LOVERS="lovers", FISHER="fisher")


class Side(_Member, int, metaclass=_Members):
    """A side of the pier; characters on different sides never interact."""

    value: int
    LEFT: Side
    RIGHT: Side


Side._add(int, LEFT=0, RIGHT=1)


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
