"""The text notation of a visible pier: the format `pier18 score` reads.

One section per line, land end first: two tokens LEFT RIGHT. `.` is an empty slot;
F Flower Seller, P Poet, L Lovers, A Fisher (anchor), any case, or the full names
flower / poet / lovers / fisher. `#` starts a comment and blank lines are skipped.
"""

from __future__ import annotations

from .characters import Character
from .errors import NotationError
from .text import lines, quote

TYPE_CHECKING = False
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
            raise NotationError(f"line {number}: more than {MAX_PIER_SECTIONS} sections, more than a pier of the whole deck can show")
        if len(tokens) != 2:
            what = "one token" if len(tokens) == 1 else f"{len(tokens)} tokens"
            raise NotationError(f"line {number}: expected two tokens LEFT RIGHT, found {what}")
        slots = []
        for token in tokens:
            try:
                slots.append(Character.from_token(token))
            except KeyError:
                raise NotationError(
                    f"line {number}: unknown token {quote(token)} (use . F P L A or flower poet lovers fisher)"
                ) from None
        sections.append((slots[0], slots[1]))
    if not sections:
        raise NotationError("the pier is empty: write one section per line, land end first")
    return tuple(sections)


def format_sections(sections: Iterable[Section]) -> str:
    """Write visible sections in the notation, one line each, land end first."""
    return "".join(
        f"{left.letter if left else '.'} {right.letter if right else '.'}\n" for left, right in sections
    )
