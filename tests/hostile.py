"""Hostile text for the adversarial tests: markup, escape codes, controls and odd Unicode.

`hostile_text()` draws player names or card names mixing Rich/Textual markup, terminal
escape sequences, control characters and Unicode that draws oddly (combining marks, a
right-to-left override, wide emoji, spaces that are not the plain one). `width_text()`
draws names from sequences terminals draw at different widths (emoji presentation
selectors, ZWJ sequences, flags, keycaps, skin tones, conjuncts…); `CELLS` says, for
each, what `printable` makes of it and how many cells a terminal draws that in.
`hostile_deck()` is the frozen TUI deck with such names and goal texts, written as a
TOML file.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from hypothesis import strategies as st

FROZEN_DECK = Path(__file__).parent / "tui" / "deck.toml"

MARKUP = ["[b]", "[/]", "x[/b]", "Ann[/]", "[link=file:///etc/passwd]", "[@click=app.quit]", "[red]", "[/red]", "[", "]", "\\"]
CONTROL = ["\x1b[2J", "\x1b]8;;http://x\x1b\\", "\x1b", "\x00", "\x07", "\x08", "\r", "\t", "\n", "\x7f", "\x9b"]
ODD = ["e\u0301", "\u202e", "\u200b", "\u200d", "\ufeff", "👨\u200d👩\u200d👧", "中", "🐟", "\u00a0", "\u3000"]
PLAIN = st.text(alphabet="abcXYZ 19-'\"", min_size=1, max_size=3)

TAGS = "\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"  # 🏴 + these: Scotland's flag

#: Sequences whose width terminals (and Rich) disagree on, or that are easy to get
#: wrong: what `printable` shows for each, and the cells any terminal draws that in,
#: worked out by hand (wide: 2, combining: 0, else 1; nothing is joined any more).
CELLS: dict[str, tuple[str, int]] = {
    "❤\ufe0fAnn": ("❤Ann", 4),  # VS16 makes a narrow heart an emoji: 1 or 2 cells
    "☺\ufe0f": ("☺", 1),
    "❤\ufe0e": ("❤", 1),  # VS15, the text presentation
    "🐟\ufe0e": ("🐟", 2),  # VS15 after a wide emoji: 1 or 2 cells
    "👨\u200d👩\u200d👧": ("👨\ufffd👩\ufffd👧", 8),  # a ZWJ family: 2 cells or 6
    "🇫🇷": ("FR", 2),  # a flag: 2 cells, or 4 one indicator at a time
    "🇫": ("F", 1),  # a lone regional indicator: 1 or 2
    "🇩🇪🇫": ("DEF", 3),  # a flag and a lone one
    "1\ufe0f\u20e3": ("1", 1),  # a keycap
    "#\u20e3": ("#", 1),
    "a\u20dd": ("a", 1),  # an enclosing circle
    "👍🏽": ("👍", 2),  # a skin tone: 2 cells or 4
    "🏽": ("", 0),
    "🏴" + TAGS: ("🏴" + "\ufffd" * 6, 8),  # a tag sequence (a subdivision flag)
    "e\u0301": ("é", 1),  # a combining accent, composed
    "e\ufe0f\u0301": ("é", 1),  # composed once the selector between is gone
    "\u0301x": ("\u0301x", 1),  # a combining mark with nothing before it
    "Z\u0335\u0322a": ("Z\u0335\u0322a", 2),  # stacked marks
    "\u1100\u1161": ("가", 2),  # Hangul jamo, composed
    "中文": ("中文", 4),  # wide CJK
    "ｱＡ": ("ｱＡ", 3),  # halfwidth and fullwidth forms
    "±Ω…": ("±Ω…", 3),  # East Asian ambiguous: narrow
    "a\u200bb": ("a\ufffdb", 3),  # zero-width space
    "a\u2060b": ("a\ufffdb", 3),  # word joiner
    "\u3164": ("\ufffd", 1),  # Hangul filler: looks like nothing, 0 or 2 cells
    "राम": ("र\ufffdम", 3),  # a spacing vowel sign: 0 cells or 1
    "क्ष": ("क\ufffdष", 3),  # a conjunct: 2 cells as one, or its letters one by one
    "น้ำ": ("น้ำ", 2),  # Thai: a mark above, a vowel after
    "䷀": ("\ufffd", 1),  # a hexagram: wide since Unicode 16, narrow before
    "⌚": ("⌚", 2),
    "🫠": ("🫠", 2),
}
WIDTH = list(CELLS)


def width_text(max_pieces: int = 3) -> st.SearchStrategy[str]:
    """A short name of sequences terminals draw at different widths, with plain letters."""
    piece = st.sampled_from(WIDTH) | PLAIN
    return st.lists(piece, min_size=1, max_size=max_pieces).map("".join)


def hostile_text(max_pieces: int = 4) -> st.SearchStrategy[str]:
    """A short text of markup, escapes and odd Unicode, with some plain letters between."""
    piece = st.sampled_from(MARKUP + CONTROL + ODD + WIDTH) | PLAIN
    return st.lists(piece, min_size=1, max_size=max_pieces).map("".join)


#: A fixed set that covers every kind of trouble at once, for the slower tests.
SAMPLES = ["x[/b]", "Ann[/]", "[link=file:///etc/passwd]", "A\x1b[2JB", "[@click=app.quit]", "e\u0301\u202e🐟中"]


def _toml_string(text: str) -> str:
    """A TOML basic string; JSON escapes are valid TOML escapes, except that TOML has
    no \\/ (json.dumps never writes one) and needs \\u for every control character."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def _cut(text: str, limit: int) -> str:
    """`text` without the characters past `limit` as a deck counts them (what the deck
    makes printable is never longer)."""
    from pier18.engine.deck import text_length

    while text_length(text) > limit:
        text = text[: -max(1, (text_length(text) - limit) // 2)]
    return text


def hostile_deck(path: Path, names: list[str], goals: list[str] | None = None) -> Path:
    """Write the frozen deck with card i named `names[i % len(names)]` plus its id (and
    goal texts from `goals` likewise), so names and goals stay distinct; returns `path`.

    Each text is cut to what a deck allows (`MAX_NAME_LENGTH`, `MAX_GOAL_TEXT_LENGTH`),
    so any generated text makes a deck that loads; the limits have their own tests."""
    from pier18.engine.deck import MAX_GOAL_TEXT_LENGTH, MAX_NAME_LENGTH

    text = FROZEN_DECK.read_text(encoding="utf-8")
    counter = iter(range(1, 100))

    def rename(match: re.Match) -> str:
        n = next(counter)
        return f"name = {_toml_string(f'{_cut(names[n % len(names)], MAX_NAME_LENGTH - 3)} {n}')}"

    text = re.sub(r'^name = ".*"$', rename, text, flags=re.M)
    if goals:
        goal_counter = iter(range(1, 100))

        def regoal(match: re.Match) -> str:
            n = next(goal_counter)
            return f"text = {_toml_string(f'{_cut(goals[n % len(goals)], MAX_GOAL_TEXT_LENGTH - 3)} {n}')}"

        head, cards = text.split("[[cards]]", 1)  # the comments above the cards show a goal too
        text = head + "[[cards]]" + re.sub(r'text = "[^"]*"', regoal, cards)
    path.write_text(text, encoding="utf-8")
    return path
