"""Text from outside the program (names, card names, goals), made safe to show.

A player name or a deck file may carry terminal escape codes, control characters or
invisible direction overrides. Those are replaced by visible stand-ins once, where the
text is read, so nothing downstream can clear a screen or hide a character.
"""

from __future__ import annotations

import unicodedata

#: Unicode categories that draw nothing or control the terminal: controls, format
#: characters (direction overrides, zero-width joiners), separators, private and unassigned.
_UNSHOWN = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})


def _stand_in(char: str) -> str:
    code = ord(char)
    if code < 0x20:
        return chr(0x2400 + code)  # ␀ … ␟, e.g. ␛ for ESC
    if code == 0x7F:
        return "\u2421"  # ␡
    return "\ufffd"  # �


def printable(text: str) -> str:
    """`text` with every control or invisible character replaced by a visible stand-in."""
    if text.isprintable():
        return text  # the usual case, checked in C
    return "".join(_stand_in(c) if unicodedata.category(c) in _UNSHOWN else c for c in text)


def quote(value: object, limit: int = 60) -> str:
    """`value` as an error message quotes it: printable, in quotes, at most `limit` characters.

    A string shows as `'its text'` (never escaped); anything else (a list from a deck file, a number) as
    its repr. A long token is cut with an ellipsis, so one bad argument cannot flood
    the terminal or hide the rest of the message.
    """
    if isinstance(value, str):
        text = printable(value)  # quoted as is, unescaped: the message is for a person
        return "'" + (text if len(text) <= limit - 2 else text[: max(limit - 3, 1)] + "…") + "'"
    shown = printable(repr(value))
    return shown if len(shown) <= limit else shown[: max(limit - 1, 1)] + "…"
