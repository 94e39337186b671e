"""Colour is never the only signal (docs/accessibility.md, "Colour").

Every character, highlight and pointer has a mark in the characters drawn or in a text
style (reverse, bold, underline) besides its colour, and the game keeps them with
`NO_COLOR=1`, where Textual draws in greys and `pier18 score` in no colour at all.
"""

from __future__ import annotations

import re

from rich.style import Style
from test_table_trust_snapshots import to_the_draft
from textual.filter import Monochrome, NoColor
from textual.geometry import Region
from tui_helpers import FIRST_CARD, NAMES, make_app, screen_name, screen_rows, wait_until

from pier18.cli import main
from pier18.engine import Character
from pier18.render.style import STYLES, character_text, slot_text
from pier18.tui.screens.names import RuleButton
from pier18.tui.widgets.card_view import CardView
from pier18.tui.widgets.choice_list import CoverList
from pier18.tui.widgets.draft_row import DraftRow

from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "pier.txt"


def drawn(widget) -> str:
    """What a widget draws now, border included, as plain text."""
    region = widget.region
    return "\n".join(strip.text for strip in widget.render_lines(Region(0, 0, region.width, region.height)))


def test_every_character_has_its_own_letter_and_glyph():
    """Without colour a character is its glyph and letter: both differ from every other's."""
    looks = [STYLES[character] for character in Character]
    assert len({look.letter for look in looks}) == len({look.glyph for look in looks}) == len(Character)
    for character in Character:
        look = STYLES[character]
        assert look.letter == character.letter and look.token == look.glyph + look.letter
        # As drawn: the same two symbols, plain or scoring (reversed, not recoloured).
        assert character_text(character).plain == character_text(character, scoring=True).plain == look.token
        assert slot_text(character, scoring=True).style.reverse and not slot_text(character).style.reverse
    assert len({character_text(character).plain for character in Character}) == len(Character)


async def test_the_pointed_card_and_the_turn_differ_in_their_characters(tui_deck):
    app = make_app(tui_deck, 3, 4)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_the_draft(pilot)
        await wait_until(pilot, lambda: screen_name(app) == "TableScreen", "the table")
        row = app.screen.query_one(DraftRow)
        for step in range(len(row.cards)):
            views = list(row.query(CardView))
            await wait_until(pilot, lambda: all(view.region.area for view in views), "the cards drawn")
            pointed = [index for index, view in enumerate(views) if "┏" in drawn(view)]
            assert pointed == [row.selected] == [step]  # a heavy border, and only there
            assert all("╭" in drawn(view) for index, view in enumerate(views) if index != step)
            await pilot.press("right")
        # The turn: "▶ " before the name, and a heavy border round the panel.
        rows = "\n".join(screen_rows(app))
        turn = NAMES[app.session.game.current_player]
        assert rows.count("▶ ") == 1 and f"┃ ▶ {turn} " in rows


async def test_the_pointed_option_is_bold_and_underlined(tui_deck):
    """The cover pointed at (and any `PointingList`'s option) reads without its background."""
    app = make_app(tui_deck, 3, 4)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_the_draft(pilot)
        await pilot.press(*FIRST_CARD)
        await wait_until(pilot, lambda: screen_name(app) == "PlaceScreen", "the placement screen")
        covers = app.screen.query_one(CoverList)
        assert covers.has_focus
        style: Style = covers.get_component_rich_style("option-list--option-highlighted")
        assert style.bold and style.underline
        app.screen.set_focus(None)
        await wait_until(pilot, lambda: not covers.has_focus, "the list to lose the focus")
        style = covers.get_component_rich_style("option-list--option-highlighted")
        assert style.bold and style.underline
        for kind in ("option-list--option",):
            assert not covers.get_component_rich_style(kind).underline


async def test_the_chosen_start_rule_has_its_own_glyph(tui_deck):
    app = make_app(tui_deck, 2, 4, names=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "NamesScreen", "the names screen")
        buttons = list(app.screen.query(RuleButton))
        await wait_until(pilot, lambda: all(button.region.area for button in buttons), "the rules drawn")
        assert ["●" in drawn(b) for b in buttons] == [True, False, False]
        assert ["○" in drawn(b) for b in buttons] == [False, True, True]
        buttons[2].value = True  # as a click or Space chooses it
        await wait_until(pilot, lambda: ["●" in drawn(b) for b in buttons] == [False, False, True], "only the third drawn chosen")
        assert ["○" in drawn(b) for b in buttons] == [True, True, False]


async def test_no_color_keeps_every_mark_on_the_table(tui_deck, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(tui_deck, 3, 4)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.no_color and any(isinstance(f, (Monochrome, NoColor)) for f in app.get_line_filters())
        await to_the_draft(pilot)
        await wait_until(pilot, lambda: screen_name(app) == "TableScreen", "the table")
        rows = screen_rows(app)
        text = "\n".join(rows)
        for character in Character:
            assert STYLES[character].token in text
        assert "≈≈ sea ≈≈" in text and "▀▀ land ▀▀" in text
        assert "✘ not yet" in text or "✔ met" in text  # each Plan's verdict
        assert f"▶ {NAMES[app.session.game.current_player]} " in text
        # The pointed card: its border alone is heavy (the first card, top left).
        top = next(row for row in rows if "┏" in row or "╭" in row)
        assert top.lstrip().startswith("┏") and "╭" in top
        await pilot.press("right")
        await wait_until(pilot, lambda: app.screen.query_one(DraftRow).selected == 1, "the second card pointed at")
        await wait_until(
            pilot,
            lambda: (top := next(r for r in screen_rows(app) if "┏" in r or "╭" in r)).lstrip().startswith("╭") and "┏" in top,
            "the heavy border on the second card",
        )


def test_no_color_score_keeps_glyphs_letters_and_the_scoring_reversed(capsys, monkeypatch):
    """`pier18 score` on a colour terminal with NO_COLOR: no colour at all, every mark kept."""
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("NO_COLOR", "1")
    assert main(["score", str(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    codes = re.findall(r"\x1b\[([0-9;]*)m", out)
    assert codes, "styles are kept"
    assert not [c for c in codes if re.search(r"(^|;)(3[0-9]|4[0-9]|9[0-7]|10[0-7])(;|$)", c)], "no colour"
    assert any(re.search(r"(^|;)7(;|$)", c) for c in codes), "the scoring slots are reversed"
    plain = re.sub(r"\x1b\[[0-9;]*m", "", out)
    for character in Character:
        assert STYLES[character].token in plain
    assert "≈≈ sea ≈≈" in plain and "▀▀ land ▀▀" in plain
