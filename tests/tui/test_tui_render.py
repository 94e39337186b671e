"""The rich pier renderer: sea on top, one row per visible section, cards labelled."""

from __future__ import annotations

import subprocess
import sys

from rich.console import Console

from helpers import child_env
from pier18.engine import Character, Pier, score_sections
from pier18.render import ROW_WIDTH, STYLES, draw_card, draw_pier
from pier18.render.style import SCORING, slot_text


def plain(renderable, width: int = 80) -> list[str]:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text().splitlines()


def test_sea_is_on_top_and_land_at_the_bottom(tui_deck):
    pier = Pier().place(tui_deck[1]).place(tui_deck[2], 1)
    lines = plain(draw_pier(pier.visible()))
    assert "sea" in lines[0] and "land" in lines[-1]
    rows = lines[1:-1]
    assert len(rows) == len(pier.visible_sections())
    # The top row is the sea end: the last section of the last card.
    assert "#2" in rows[0]
    assert "#1" in rows[len(tui_deck[2].sections)]


def test_covered_sections_are_hidden_and_counted(tui_deck):
    pier = Pier().place(tui_deck[3]).place(tui_deck[4], 3)
    lines = plain(draw_pier(pier.visible()))
    rows = 2 + len(tui_deck[4].sections) + 1  # sea, the cards' rows, land
    assert "#3" in lines[rows - 2]  # a one-row card: its label starts on its row,
    under = lines[rows - 2:-1]  # and what does not fit goes on under it, words whole
    assert all(line.startswith(" " * ROW_WIDTH) for line in under[1:]) and "…" not in "".join(under)
    label = " ".join(" ".join(line[ROW_WIDTH:].split()) for line in under)
    assert label.endswith(f"#3 {tui_deck[3].name} {tui_deck[3].date} (3 hidden)")


def test_each_slot_shows_glyph_and_letter(tui_deck):
    card = tui_deck[5]
    text = "\n".join(plain(draw_card(card)))
    for left, right in card.sections:
        for who in (left, right):
            if who is not None:
                assert STYLES[who].glyph + who.letter in text
    assert card.date in text and f"#{card.id}" in text


def test_the_style_table_uses_the_engine_letters():
    assert {c: s.letter for c, s in STYLES.items()} == {c: c.letter for c in Character}
    assert len({s.glyph for s in STYLES.values()}) == 4


def test_scoring_slots_are_drawn_reversed(tui_deck):
    pier = Pier().place(tui_deck[6])
    sheet = score_sections(pier.visible_sections())
    drawing = draw_pier(pier.visible(), sheet.scoring)
    scored = {slot for slots in sheet.scoring.values() for slot in slots}
    assert scored, "pick a card whose pier scores something"
    reversed_spans = [span for span in drawing.spans if getattr(span.style, "reverse", False)]
    assert len(reversed_spans) == len(scored)
    assert slot_text(Character.POET, True).style.reverse is SCORING.reverse is True
    assert not slot_text(Character.POET).style.reverse


def test_plain_sections_draw_without_labels():
    sections = [(Character.FISHER, None), (None, Character.LOVERS)]
    lines = plain(draw_pier(sections))
    assert len(lines) == 4
    assert "A" in lines[2] and "L" in lines[1]
    assert "#" not in "".join(lines)
    assert lines[2].index("A") < lines[1].index("L")  # left slot is left, right is right


def test_render_imports_no_textual():
    code = "import sys, pier18.render; print(any(m.startswith('textual') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=child_env(), check=True)
    assert out.stdout.strip() == "False"
