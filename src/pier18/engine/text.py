"""Text from outside the program (names, card names, goals), made safe to show.

A player name or a deck file may carry terminal escape codes, control characters or
invisible direction overrides. Those are replaced by visible stand-ins once, where the
text is read, so nothing downstream can clear a screen or hide a character. What
`printable` returns is always `str.isprintable()`.
"""

from __future__ import annotations

import unicodedata

#: How many characters of a path (or other outside text) an error line shows: enough for
#: any real path, and an error stays one line however long the text it names.
SHOWN = 120

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
    """`text` with every control or invisible character replaced by a visible stand-in,
    and every other kind of space (no-break, ideographic, …) by a plain one: it draws
    the same, and "Ann" with a no-break space cannot pose as another "Ann"."""
    if text.isprintable():
        return text  # the usual case, checked in C
    return "".join(_shown_as(c) for c in text)


def _shown_as(char: str) -> str:
    category = unicodedata.category(char)
    if category in _UNSHOWN:
        return _stand_in(char)
    return " " if category == "Zs" else char


def _spelled(char: str) -> str:
    """A space other than the plain one, spelled out (as TOML and JSON write it)."""
    return f"\\u{ord(char):04x}" if char != " " and unicodedata.category(char) == "Zs" else char


def quote(value: object, limit: int = 60) -> str:
    """`value` as an error message quotes it: printable, in quotes, at most `limit` characters.

    A string shows as `'its text'`, with controls as visible stand-ins and any space
    but the plain one spelled out (`'\\u00a0'`: a no-break space that looked like a
    space would make "got ' '" a riddle); anything else (a list from a deck file, a
    number) as its repr. A long token is cut with an ellipsis, so one bad argument
    cannot flood the terminal or hide the rest of the message.
    """
    if isinstance(value, str):
        value = value[:limit]  # enough to show; a huge value is never walked
        text = printable(value if value.isprintable() else "".join(_spelled(c) for c in value))
        return "'" + (text if len(text) <= limit - 2 else text[: max(limit - 3, 1)] + "…") + "'"
    shown = printable(repr(value))
    return shown if len(shown) <= limit else shown[: max(limit - 1, 1)] + "…"


def shorten(value: object, limit: int = SHOWN) -> str:
    """`value` (a path, a file name, any outside text) as an error line shows it: one
    printable line of at most `limit` characters.

    A longer text keeps its head and its tail around an ellipsis (a path's tail is its
    file name, the part that says most), so a 3,000,000-character path costs part of a
    line, not a screen; a line break or a control character shows as a stand-in, so
    the error stays on one line. Only the characters shown are ever walked.
    """
    text = value if isinstance(value, str) else str(value)
    if len(text) > limit:
        head = max((limit - 1) // 3, 1)
        tail = max(limit - 1 - head, 1)
        text = text[:head] + "…" + text[-tail:]
    return printable(text)


def lines(text: str) -> list[str]:
    """`text` split into lines at "\\n" only, as editors, `wc -l`, TOML and JSON count them.

    `str.splitlines()` also breaks at a form feed, a vertical tab, \\x1c-\\x1e, \\x85 and
    U+2028/U+2029, so a line number counted with it can point past the end of a
    one-line file. A "\\r" before the "\\n" stays on its line (whitespace to any reader).
    """
    return text.split("\n")


def name_key(name: str) -> str:
    """What makes two names the same name: case, spacing and Unicode forms aside.

    "Tea Room", "tea  room" and "Tea\\u00a0Room" are one name to a person reading or
    typing it, so a deck may not hold two of them, and typing any finds the card.
    """
    return " ".join(unicodedata.normalize("NFKC", printable(name)).casefold().split())
