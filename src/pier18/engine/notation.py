"""The text notation of a visible pier: the format `pier18 score` reads.

One section per line, land end first: two tokens LEFT RIGHT. `.` is an empty slot;
F Flower Seller, P Poet, L Lovers, A Fisher (anchor), any case, or the full names
flower / poet / lovers / fisher. `#` starts a comment and blank lines are skipped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import _, ngettext
from .characters import Character
from .errors import NotationError
from .text import lines, quote

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterable

    from .characters import Section


#: The most sections a pier can show: every card of the deck, each of the most sections a
#: card may have (`deck.DECK_SIZE` × `deck.MAX_SECTIONS`, written out so that reading a
#: pier does not load the deck reader). A longer pier was never built on a table, and is
#: refused at its first section too many.
MAX_PIER_SECTIONS = 18 * 12


def parse_sections(text: str) -> tuple[Section, ...]:
    """Read a visible pier written in the notation; NotationError names the bad line.

    A line ends with "\n", "\r\n" or a lone "\r" (old Macs, and some phone notes apps):
    all three are line breaks to a person, and editors number the lines so. Read as
    "\n" only, a file of lone "\r"s was one line of every token ("8 tokens on line 1").
    """
    sections: list[Section] = []
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    for number, line in enumerate(lines(text), start=1):  # numbered as an editor numbers them
        tokens = line.split("#", 1)[0].split()
        if not tokens:
            continue
        if len(sections) == MAX_PIER_SECTIONS:
            raise NotationError(
                _("line {number}: more than {most} sections, more than a pier of the whole deck can show").format(
                    number=number, most=MAX_PIER_SECTIONS
                )
            )
        if len(tokens) != 2:
            raise NotationError(ngettext(
                "line {number}: expected two tokens LEFT RIGHT, found one token",
                "line {number}: expected two tokens LEFT RIGHT, found {count} tokens",
                len(tokens),
            ).format(number=number, count=len(tokens)))
        slots = []
        for token in tokens:
            try:
                slots.append(Character.from_token(token))
            except KeyError:
                raise NotationError(
                    _("line {number}: unknown token {token} (use . F P L A or flower poet lovers fisher)").format(
                        number=number, token=quote(token)
                    )
                ) from None
        sections.append((slots[0], slots[1]))
    if not sections:
        raise NotationError(_("the pier is empty: write one section per line, land end first"))

    return tuple(sections)


def format_sections(sections: Iterable[Section]) -> str:
    """Write visible sections in the notation, one line each, land end first."""
    return "".join(
        f"{left.letter if left else '.'} {right.letter if right else '.'}\n" for left, right in sections
    )
