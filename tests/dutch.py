"""What "no English" means for a screen or an output read in Dutch.

Every message of the Dutch catalog whose Dutch differs from its English is cut at its
placeholders, stressed pieces and lines into fragments; a fragment of two words or more
(a phrase, not a name or a number) found in the text is English a Dutch reader would
have read. Messages Dutch writes the same ("Pier 18", "hint") never count.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

PO = Path(__file__).resolve().parents[1] / "src" / "pier18" / "locale" / "nl" / "LC_MESSAGES" / "pier18.po"
WORD = re.compile(r"[^\W\d_]{2,}")


def _fragments(text: str) -> list[str]:
    pieces = re.split(r"\{[^{}]*\}|\*|\n|%\([^)]*\)[sd]|%[sd]", text)
    return [" ".join(piece.split()) for piece in pieces]


@cache
def english_phrases() -> frozenset[str]:
    with PO.open("rb") as file:
        catalog = read_po(file, locale="nl")
    dutch_fragments: set[str] = set()
    english: set[str] = set()
    for message in catalog:
        if not message.id or message.context == "rules":
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            dutch_fragments.update(_fragments(text))
        if set(ids) & set(strings):
            continue
        for text in ids:
            english.update(f for f in _fragments(text) if len(WORD.findall(f)) >= 2 and len(f) >= 10)
    return frozenset(english - dutch_fragments)


def english_in(text: str) -> list[str]:
    """The English phrases of the catalog that `text` shows (spacing as drawn ignored)."""
    flat = " ".join(text.split())
    return sorted(phrase for phrase in english_phrases() if phrase in flat)
