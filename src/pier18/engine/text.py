"""Text from outside the program (names, card names, goals, file names), made safe to show.

A player name or a deck file may carry terminal escape codes, control characters or
invisible direction overrides, and Unicode that terminals draw at different widths. All
of it goes through `printable` once, where it is read (the deck, a record or autosave,
`--names`, the names screen, a network message, a file name shown anywhere), so nothing
downstream can clear a screen, hide a character or push a panel's border out of line.

The rule:

- Controls, format characters (direction overrides, zero-width spaces and joiners, tag
  characters), private-use, unassigned and surrogate code points, line and paragraph
  separators, and invisible fillers (Hangul fillers, the grapheme joiner) become visible
  stand-ins: ␛ for ESC and the like, � for the rest. Any other space becomes a plain one.
- Nothing is left whose width depends on the characters around it. Terminals that
  measure one code point at a time (xterm, VTE, tmux: `wcwidth`) and those that measure
  grapheme clusters (Rich and Textual, kitty, WezTerm) disagree about sequences, so they
  are taken apart. Variation selectors (U+FE0F emoji and U+FE0E text presentation, and
  the others) and skin-tone modifiers are dropped, and so are enclosing marks (the
  keycap U+20E3 and the like). Each regional indicator becomes the letter it stands
  for (🇫🇷 is "FR"). A ZWJ sequence shows its parts with a stand-in between (👨‍👩‍👧 is
  👨�👩�👧). Spacing vowel signs (category Mc) and the viramas that join consonants
  into conjuncts (Devanagari, Bengali, Tamil, Khmer…) become �: one cell or none,
  or a conjunct two cells wide, depending on the terminal. So do the few characters
  whose width a later Unicode changed (the trigrams and hexagrams, wide since 16.0).
- The result is in Unicode's composed form (NFC): "é" typed as e and an accent is the
  same name as "é", and draws in one cell everywhere.

What is left draws in cells that every terminal agrees on: wide characters (CJK, emoji,
fullwidth forms) two, combining marks none, everything else one, including the East
Asian "ambiguous" ones (± Ω …), which xterm-likes draw narrow unless set to a legacy
CJK mode (not supported). So Rich's cell width of what `printable` returns, which is
what Textual lays out, is what the terminal draws (tests/test_hostile_text.py checks it
against `wcwidth`, character by character and by grapheme cluster). What `printable`
returns is always `str.isprintable()`, and `printable` of it is itself.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from typing import Any

#: How many characters of a path (or other outside text) an error line shows: enough for
#: any real path, and an error stays one line however long the text it names.
SHOWN = 120
#: The most characters a whole message line shows (an error, a server's note to its
#: operator): each outside value in it is cut where it is put in (`shorten`, `quote`), so
#: no real message comes near this; it is the last bound, so that one value missed there
#: cannot flood a terminal or a log.
LONGEST_LINE = 1000

#: Unicode categories that draw nothing or control the terminal: controls, format
#: characters (direction overrides, zero-width joiners), separators, private and unassigned.
_UNSHOWN = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})

#: Code points dropped: they only choose how the character before them looks, and
#: terminals do not agree how wide that makes it. Variation selectors (Mongolian,
#: VS1-16, VS17-256) and the five skin-tone modifiers.
_DROPPED = (
    (0x180B, 0x180D), (0x180F, 0x180F), (0xFE00, 0xFE0F), (0x1F3FB, 0x1F3FF), (0xE0100, 0xE01EF),
)

#: Code points shown as �: invisible fillers that are letters to Unicode (Hangul fillers,
#: the grapheme joiner, two deprecated Khmer vowels), and the few whose width a later
#: Unicode changed, which terminals with other tables draw otherwise: symbols made wide
#: in 16.0, RIFLE and MODERN PENTATHLON made narrow in 13.0, and an Ahom sign that is a
#: spacing vowel sign (see Mc below) from 16.0.
_REPLACED = (
    (0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x3164, 0x3164), (0xFFA0, 0xFFA0),
    (0x2630, 0x2637), (0x268A, 0x268F), (0x4DC0, 0x4DFF), (0x1D300, 0x1D356), (0x1D360, 0x1D376),
    (0x1F93B, 0x1F93B), (0x1F946, 0x1F946), (0x1171E, 0x1171E),
)

#: Also shown as �: the viramas and invisible stackers of Brahmic scripts (Unicode's
#: IndicSyllabicCategory Virama and Invisible_Stacker). Each joins the consonants around it
#: into one conjunct, which grapheme-aware terminals draw two cells wide and `wcwidth`
#: terminals as wide as its letters.
_JOINERS = (
    (0x094D, 0x094D), (0x09CD, 0x09CD), (0x0A4D, 0x0A4D), (0x0ACD, 0x0ACD), (0x0B4D, 0x0B4D),
    (0x0BCD, 0x0BCD), (0x0C4D, 0x0C4D), (0x0CCD, 0x0CCD), (0x0D4D, 0x0D4D), (0x0DCA, 0x0DCA),
    (0x1039, 0x1039), (0x17D2, 0x17D2), (0x1A60, 0x1A60), (0x1B44, 0x1B44), (0x1BAB, 0x1BAB),
    (0xA806, 0xA806), (0xA8C4, 0xA8C4), (0xA9C0, 0xA9C0), (0xAAF6, 0xAAF6), (0x10A3F, 0x10A3F),
    (0x11046, 0x11046), (0x110B9, 0x110B9), (0x11133, 0x11133), (0x111C0, 0x111C0), (0x11235, 0x11235),
    (0x1134D, 0x1134D), (0x113D0, 0x113D0), (0x11442, 0x11442), (0x114C2, 0x114C2), (0x115BF, 0x115BF),
    (0x1163F, 0x1163F), (0x116B6, 0x116B6), (0x11839, 0x11839), (0x1193E, 0x1193E), (0x119E0, 0x119E0),
    (0x11A47, 0x11A47), (0x11A99, 0x11A99), (0x11C3F, 0x11C3F), (0x11D45, 0x11D45), (0x11D97, 0x11D97),
    (0x11F42, 0x11F42),
)

#: Each regional indicator (two make a flag) and the capital letter it stands for.
_REGIONAL = {chr(0x1F1E6 + n): chr(ord("A") + n) for n in range(26)}

#: What `_shown_as` gives the code points above, looked up at once; made whole on first
#: use, then set (`pier18 score --json` starts without it; a thread never sees half of it).
_MAPPED: dict[str, str] | None = None


def _mapped() -> dict[str, str]:
    global _MAPPED
    if _MAPPED is None:
        _MAPPED = {
            **{chr(c): "" for low, high in _DROPPED for c in range(low, high + 1)},
            **{chr(c): "\ufffd" for low, high in _REPLACED + _JOINERS for c in range(low, high + 1)},
            **_REGIONAL,
        }
    return _MAPPED


def _stand_in(char: str) -> str:
    code = ord(char)
    if code < 0x20:
        return chr(0x2400 + code)  # ␀ … ␟, e.g. ␛ for ESC
    if code == 0x7F:
        return "\u2421"  # ␡
    return "\ufffd"  # �


def printable(text: str) -> str:
    """`text` as it can be shown on any terminal at the width Rich measures (module doc):
    controls and invisible characters as visible stand-ins, other spaces as a plain one
    (so "Ann" with a no-break space cannot pose as another "Ann"), emoji sequences
    taken apart, and the whole in composed form (NFC)."""
    if text.isascii():
        return text if text.isprintable() else "".join(_shown_as(c) for c in text)  # the usual case, checked in C
    shown = unicodedata.normalize("NFC", "".join(_shown_as(c) for c in text))
    # Composing can, rarely, make a character the rule replaces (two vowel signs into one).
    return shown if all(_shown_as(c) == c for c in shown) else "".join(_shown_as(c) for c in shown)


def printable_name(text: str) -> str:
    """A name (a player's, a card's, a goal's text) as `printable` shows it, without the
    spaces around it; empty if nothing would show: only spaces or emoji selectors, only
    combining marks (drawn on nothing), or only the Braille blank."""
    shown = printable(text.strip()).strip()
    return shown if any(_shows(char) for char in shown) else ""


def _shows(char: str) -> bool:
    """A character that draws something where it stands: not a space, not a mark drawn
    on the character before it, not the blank Braille cell."""
    return char != "\u2800" and unicodedata.category(char) not in ("Zs", "Mn", "Me")


def _shown_as(char: str) -> str:
    category = unicodedata.category(char)
    if category in _UNSHOWN:
        return _stand_in(char)
    if category == "Zs":
        return " "
    if category == "Me":  # enclosing marks: the keycap, the circle…
        return ""
    if category == "Mc":
        return "\ufffd"
    return _mapped().get(char, char)


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


def look_alike_key(name: str) -> str:
    """What a name looks like: two names with one key pass for each other on a screen.

    It is Unicode's confusable skeleton (UTS #39, from Unicode's confusables.txt, as ICU's
    SpoofChecker makes it) of the name as `name_key` spaces it, taken before case
    folding (a Cyrillic "В" passes for "B") and again after it: "Аnn" with a Cyrillic
    "А" looks like "Ann", "bоt:hard" with a Cyrillic "о" like "bot:hard", "Hard‐bot"
    with a Unicode hyphen like "Hard-bot", "IJsbrand" like "Ĳsbrand", "Ian" like "lan".
    Names that differ in a letter or an accent ("Ann" and "Anna", "José" and "Jose",
    "Zoë" and "Zoe") look different. A key to compare, never to show.
    """
    key = _LOOKS.get(name)
    if key is None:
        spaced = " ".join(unicodedata.normalize("NFKC", printable(name)).split())
        checker = _spoof_checker()
        key = str(checker.getSkeleton(0, str(checker.getSkeleton(0, spaced)).casefold()))
        if len(_LOOKS) >= LOOKS_KEPT:
            _LOOKS.clear()
        _LOOKS[name] = key
    return key


#: The look-alike keys made so far, by name (a club compares a new name with every
#: member's), up to `LOOKS_KEPT` of them.
_LOOKS: dict[str, str] = {}
LOOKS_KEPT = 1 << 16


def same_name(one: str, other: str) -> bool:
    """Whether two names would pass for each other: one name to a person reading or
    typing them (`name_key`), or look-alikes (`look_alike_key`)."""
    return name_key(one) == name_key(other) or look_alike_key(one) == look_alike_key(other)


def passes_for(name: str, others: Iterable[str]) -> str | None:
    """The first of `others` that `name` would pass for (`same_name`), or None."""
    key, looks = name_key(name), look_alike_key(name)
    return next((other for other in others if name_key(other) == key or look_alike_key(other) == looks), None)


def all_differ(names: Sequence[str]) -> bool:
    """Whether no two of `names` would pass for each other (`same_name`)."""
    return all(passes_for(name, names[:at]) is None for at, name in enumerate(names))


def _spoof_checker() -> Any:
    """ICU's SpoofChecker (PyICU), made once; ICU is loaded at the first name compared."""
    global _checker
    if _checker is None:
        import icu

        _checker = icu.SpoofChecker()
    return _checker


_checker: Any = None  # ICU's SpoofChecker, once made
