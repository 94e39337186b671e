"""The bot levels' strength lines (`speech.people.LEVEL_STRENGTH`, shown by `pier18 play --help`
and used by `pier18 stats`) are the ladder's measured numbers in docs/bots.md."""

from __future__ import annotations

import re
from pathlib import Path

from pier18.bots import LEVELS
from pier18.cli.play import level_lines
from pier18.speech.people import LEVEL_STRENGTH

BOTS_PAGE = Path(__file__).resolve().parents[1] / "docs" / "bots.md"


def ladder_rows() -> dict[str, tuple[int, str]]:
    """The rows of the page's Elo table: level -> (Elo, the line `--help` shows)."""
    text = BOTS_PAGE.read_text(encoding="utf-8")
    section = text.split("### Elo", 1)[1].split("\n#", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        match = re.fullmatch(r"`(\w+)`", cells[0]) if len(cells) >= 4 else None
        if match:
            rows[match.group(1)] = (int(cells[1]), cells[-1])
    return rows


def test_every_level_has_the_elo_and_the_line_the_ladder_page_gives():
    assert ladder_rows() == LEVEL_STRENGTH


def test_the_levels_are_listed_weakest_first_in_the_order_of_the_game():
    assert list(LEVEL_STRENGTH) == list(LEVELS)
    ratings = [elo for elo, _ in LEVEL_STRENGTH.values()]
    assert ratings == sorted(ratings) and len(set(ratings)) == len(ratings)


def test_the_help_lines_show_each_levels_elo_and_line():
    lines = level_lines()
    for level, (elo, words) in LEVEL_STRENGTH.items():
        assert any(line.split() == [level, str(elo), *words.split()] for line in lines), level
