"""Keys that work anywhere, the terminal-size guard, and random key mashing."""

from __future__ import annotations

import random

import re


from pier18 import words
from pier18.speech.keys import KEY_HELP, KEY_RULES
from pier18.tui.app import MIN_SIZE, Pier18App
from pier18.tui.resources import rules_path, rules_text
from pier18.tui.widgets.rules_page import RulesPage
from tui_helpers import KEEP_FIRST, RANDOM_KEYS, make_app, mash, screen_name

async def test_random_keys_never_crash_or_lose_a_card(tui_deck):
    """Any keys and clicks (Ctrl+Q among them, Enter and Escape often): never a crash or
    a command palette, every card always somewhere, every decision saved."""
    decided: list[int] = []

    def check(app) -> None:
        game = app.session.game if app.session is not None else None
        if game is not None:
            assert sorted(game.cards_in_play()) == sorted(tui_deck)
            assert len(game.history) == len(app.session.decisions)
            decided.append(len(game.history))

    keys = (*RANDOM_KEYS, "ctrl+q", "enter", "enter", "escape")  # no "y": a quit is asked, not answered
    await mash(lambda: make_app(tui_deck, 3, 9), random.Random(18), 300, keys, size=(100, 30), check=check)
    assert max(decided) > 0, "the mash made no decision at all"


async def test_ctrl_q_asks_first_while_a_game_is_running(tui_deck):
    app = make_app(tui_deck, 2, 1)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert screen_name(app) == "QuitScreen"
        await pilot.press("n")
        await pilot.pause()
        assert screen_name(app) == "PassScreen"
        await pilot.press("ctrl+q", "y")
        await pilot.pause()
        assert not app.is_running


async def test_help_and_rules_open_and_close(tui_deck):
    app = make_app(tui_deck, 2, 1)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert screen_name(app) == "HelpScreen"
        await pilot.press("escape", "r")
        await pilot.pause()
        assert screen_name(app) == "RulesScreen"
        assert app.screen.query_one(RulesPage)
        await pilot.press("escape")
        await pilot.pause()
        assert screen_name(app) == "PassScreen"


def words_in(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z0-9]+", text))


def page_text(page: RulesPage) -> str:
    return "\n".join(strip.text for strip in page.lines)


async def test_the_rules_page_shows_the_whole_rules_text_every_time(tui_deck):
    """The page (`r`) draws the rules from lines made once: every heading and every word
    of docs/rules.md is on it (the fences' language names aside), and opening it again
    shows the very same lines."""
    markdown = rules_text()
    headings = [line.lstrip("#").strip() for line in re.findall(r"^#{1,6} .*$", markdown, re.M)]
    prose = re.sub(r"^```\w*$", "", markdown, flags=re.M)
    app = make_app(tui_deck, 2, 1)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert screen_name(app) == "RulesScreen"
        page = app.screen.query_one(RulesPage)
        first = page_text(page)
        lines = [line.strip() for line in first.splitlines()]
        assert "Pier 18: how to play" in first
        for heading in headings:
            assert any(heading in line for line in lines), heading
        assert words_in(prose) <= words_in(first)
        assert max(len(strip) for strip in page.lines) <= page.scrollable_content_region.width
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert screen_name(app) == "RulesScreen"
        assert page_text(app.screen.query_one(RulesPage)) == first


async def test_random_keys_on_the_help_and_rules_screens(tui_deck):
    """Any keys and clicks on the two screens that open over every game (the rules in
    Textual's Markdown viewer): never a crash; only their own keys close them."""

    rng = random.Random(7)
    app = make_app(tui_deck, 2, 1)
    keys = [key for key in RANDOM_KEYS if key not in ("escape", "question_mark")]  # their own closing keys
    async with app.run_test(size=(100, 30)) as pilot:
        for opener, shown in (("question_mark", "HelpScreen"), ("r", "RulesScreen")):
            await pilot.press(opener)
            for _ in range(5):
                assert screen_name(app) == shown
                await pilot.press(*(rng.choice(keys) for _ in range(10)))
                await pilot.click(offset=(rng.randrange(100), rng.randrange(29)))  # not the footer's keys
                await pilot.pause()
                assert app.crash is None
            await pilot.press("escape")
            assert screen_name(app) == "PassScreen"


def test_the_rules_text_ships_from_docs():
    assert rules_path().is_file()
    assert rules_text().startswith("# ")


async def test_too_small_shows_a_message_and_resizing_keeps_the_game(tui_deck):
    app = make_app(tui_deck, 2, 2)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter", *KEEP_FIRST)
        await pilot.pause()
        decisions = list(app.session.decisions)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert screen_name(app) == "TooSmallScreen"
        assert app.screen.message() == words.too_small(MIN_SIZE, (80, 24))
        assert f"{MIN_SIZE[0]}×{MIN_SIZE[1]}" in app.screen.message()
        assert "terminal" in app.screen.message()
        await pilot.press("enter", "down", "enter")  # ignored while too small
        await pilot.pause()
        assert app.session.decisions == decisions
        await pilot.resize_terminal(*MIN_SIZE)
        await pilot.pause()
        assert screen_name(app) == "PassScreen"
        assert app.session.decisions == decisions


async def test_too_small_in_a_browser_speaks_of_the_window_and_zoom(tui_deck, monkeypatch):
    """In a browser's page (`host --web`) there is no terminal to enlarge: the notice asks
    for a larger window or a smaller zoom."""
    monkeypatch.setattr(Pier18App, "is_web", property(lambda app: True))
    app = make_app(tui_deck, 2, 2)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert screen_name(app) == "TooSmallScreen"
        shown = app.screen.message()
        assert shown == words.too_small(MIN_SIZE, (80, 24), web=True)
        assert "window" in shown and "zoom out" in shown
        assert "terminal" not in shown and "Ctrl+Q" not in shown
        await pilot.resize_terminal(*MIN_SIZE)
        await pilot.pause()
        assert screen_name(app) != "TooSmallScreen"


async def test_starting_in_a_small_terminal_shows_the_message(tui_deck):
    app = make_app(tui_deck, 2, 2, names=None)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert screen_name(app) == "TooSmallScreen"
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert screen_name(app) == "NamesScreen"


def test_the_rules_page_is_in_the_language_spoken(monkeypatch, tmp_path, speaking):
    """Each paragraph of the rules from the catalog (context "rules"), the rest as
    written; the lines kept are kept per language, so English comes back in English."""
    from tiny_catalog import speak_tiny

    from pier18.tui.widgets.rules_page import rules_lines

    def text(lines):
        return "\n".join(strip.text for strip in lines)

    english = text(rules_lines(80))
    assert "Pier 18: how to play" in english
    speak_tiny(monkeypatch, tmp_path, {("rules", "# Pier 18: how to play"): "# Pier 18: zo speel je het"})
    try:
        dutch = text(rules_lines(80))
        assert "Pier 18: zo speel je het" in dutch and "Pier 18: how to play" not in dutch
        assert words_in(english) - {"how", "to", "play"} <= words_in(dutch)  # every other block as written
    finally:
        speaking("en")
    assert text(rules_lines(80)) == english


async def test_the_keys_labels_and_buttons_are_in_the_language_spoken(tui_deck, monkeypatch, tmp_path, speaking):
    """A key's label is kept as the English message (marked where it is bound) and said
    in the language spoken where it is drawn: the footer, the `?` list, a button."""
    from textual.widgets import Button

    from pier18.tui.screens.quit import QuitScreen
    from pier18.tui.widgets.footer import FooterKey
    from tiny_catalog import speak_tiny
    from tui_helpers import shown

    dutch = {(None, KEY_HELP): "Toetsen", (None, KEY_RULES): "Regels", (None, QuitScreen.YES): "Ja, stoppen"}
    speak_tiny(monkeypatch, tmp_path, dutch)
    try:
        app = make_app(tui_deck, 2, 1)
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            labels = {key.description for key in app.screen.query(FooterKey)}
            assert {"Toetsen", "Regels"} <= labels and KEY_RULES not in labels
            await pilot.press("question_mark")
            await pilot.pause()
            assert screen_name(app) == "HelpScreen"
            listed = shown(app.screen.query_one("#help-text"))
            assert "Regels" in listed and "Toetsen" in listed
            await pilot.press("escape", "ctrl+q")
            await pilot.pause()
            assert screen_name(app) == "QuitScreen"
            assert str(app.screen.query_one("#yes", Button).label) == "Ja, stoppen (y)"
    finally:
        speaking("en")
