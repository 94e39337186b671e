"""Hostile text for the adversarial tests: markup, escape codes, controls and odd Unicode.

`hostile_text()` draws player names or card names mixing Rich/Textual markup, terminal
escape sequences, control characters and Unicode that draws oddly (combining marks, a
right-to-left override, wide emoji, spaces that are not the plain one). `hostile_deck()` is the frozen TUI deck with such
names and goal texts, written as a TOML file.
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


def hostile_text(max_pieces: int = 4) -> st.SearchStrategy[str]:
    """A short text of markup, escapes and odd Unicode, with some plain letters between."""
    piece = st.sampled_from(MARKUP + CONTROL + ODD) | PLAIN
    return st.lists(piece, min_size=1, max_size=max_pieces).map("".join)


#: A fixed set that covers every kind of trouble at once, for the slower tests.
SAMPLES = ["x[/b]", "Ann[/]", "[link=file:///etc/passwd]", "A\x1b[2JB", "[@click=app.quit]", "e\u0301\u202e🐟中"]


def _toml_string(text: str) -> str:
    """A TOML basic string; JSON escapes are valid TOML escapes, except that TOML has
    no \\/ (json.dumps never writes one) and needs \\u for every control character."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def hostile_deck(path: Path, names: list[str], goals: list[str] | None = None) -> Path:
    """Write the frozen deck with card i named `names[i % len(names)]` plus its id (and
    goal texts from `goals` likewise), so names and goals stay distinct; returns `path`."""
    text = FROZEN_DECK.read_text(encoding="utf-8")
    counter = iter(range(1, 100))

    def rename(match: re.Match) -> str:
        n = next(counter)
        return f"name = {_toml_string(f'{names[n % len(names)]} {n}')}"

    text = re.sub(r'^name = ".*"$', rename, text, flags=re.M)
    if goals:
        goal_counter = iter(range(1, 100))

        def regoal(match: re.Match) -> str:
            n = next(goal_counter)
            return f"text = {_toml_string(f'{goals[n % len(goals)]} {n}')}"

        head, cards = text.split("[[cards]]", 1)  # the comments above the cards show a goal too
        text = head + "[[cards]]" + re.sub(r'text = "[^"]*"', regoal, cards)
    path.write_text(text, encoding="utf-8")
    return path
