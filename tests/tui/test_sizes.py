"""Every size reads whole (issue 22): at 100×30, 120×40 and 160×50 no card name is cut
and every key the footer should show is there, whole, on the hot-seat table, the
set-up, the placement preview, the patron panel and the final screen.

A name is "cut" if it shows with an ellipsis in place of its end ("#3 Helter Ske…") or
broken inside a word ("Helter Sk" at a border). The scan reads every widget's own
lines (`drawn_text`, parts scrolled out of sight included) and the rows the terminal is
sent (`screen_rows`, for what a widget's edge or the screen's edge cuts off).
"""

from __future__ import annotations

import random
import re

import pytest
from textual import events
from textual.geometry import Size
from tui_helpers import drawn_text, keyed_game, make_app, play_by_keys, screen_name, screen_rows, start_with_names

from pier18.engine import load_deck
from pier18.i18n import _
from pier18.tui.widgets.footer import Footer
from pier18.tui.widgets.footer import SHORT_KEYS
from pier18.speech.moves import card_name

SIZES = [(100, 30), (120, 40), (160, 50)]
SCREENS = {"KeepScreen", "TableScreen", "PlaceScreen", "PatronScreen", "FinalScreen"}


def cut_names(deck, text: str) -> list[str]:
    """The card names `text` shows cut: with "…" for their end, or ended inside a word."""
    found = []
    for card in deck.cards():
        name = card_name(card)  # as shown, in the language spoken
        for k in range(1, len(name)):
            if name[:k] + "…" in text:
                found.append(name[:k] + "…")
            elif k >= 4 and name[k - 1].isalpha() and name[k].isalpha():
                if re.search(rf"(?<![^\W\d_]){re.escape(name[:k])}(?![^\W\d_])", text):
                    found.append(name[:k] + "|")
    return found


def missing_keys(app) -> list[str]:
    """The keys the screen shows in its footer ("⏎ Choose this card", or with its short
    label where room is short, "⏎ Choose") that its footer row does not show whole."""
    footers = list(app.screen.query(Footer))
    if not footers:
        return []
    (footer,) = footers
    row = screen_rows(app)[footer.region.y]
    missing = []
    for binding in {b.binding.action: b.binding for b in app.screen.active_bindings.values() if b.binding.show}.values():
        shown = app.get_key_display(binding)
        labels = {_(binding.description), _(SHORT_KEYS.get(binding.description, binding.description))}
        if not any(re.search(rf"(^| ){re.escape(f'{shown} {label}')}( |$)", row) for label in labels):
            missing.append(f"{shown} {_(binding.description)}")
    return missing


class SizeWatcher:
    def __init__(self, deck) -> None:
        self.deck = deck
        self.seen: set[str] = set()
        self.checked: set[tuple[int, int]] = set()
        self.problems: list[str] = []

    def __call__(self, app) -> None:
        name = screen_name(app)
        if name not in SCREENS:
            return
        key = (id(app.screen), len(app.session.game.history))
        if key in self.checked:
            return
        self.checked.add(key)
        self.seen.add(name)
        rows = "\n".join(screen_rows(app))
        for cut in sorted(set(cut_names(self.deck, drawn_text(app)) + cut_names(self.deck, rows))):
            self.problems.append(f"{name}: {cut!r}")
        for key in missing_keys(app):
            self.problems.append(f"{name}: footer lacks {key!r}")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "nl"])
async def test_every_screen_reads_whole(tui_deck, size, language, speaking):
    """In English with the tests' deck (its longest names), and in Dutch with the shipped
    deck, whose names and goals the catalog translates: a Dutch name fits where the
    English one did."""
    speaking(language)
    deck = tui_deck if language == "en" else load_deck(None)
    rng = random.Random(7)
    watcher = SizeWatcher(deck)
    app = make_app(deck, 3, 7)
    async with app.run_test(size=size) as pilot:
        await play_by_keys(pilot, app, rng, on_screen=watcher)
        watcher(app)
    assert watcher.seen == SCREENS
    assert not watcher.problems, "\n".join(sorted(set(watcher.problems)))


#: Sizes below the minimum a terminal can be dragged to, down to a single cell: the
#: too-small notice covers the game, and nothing under it may break meanwhile.
SMALL_SIZES = [(1, 1), (2, 40), (10, 5), (20, 10), (30, 30), (40, 20), (45, 40), (50, 30), (55, 29), (60, 12),
               (70, 40), (80, 24), (99, 30), (100, 29), (120, 3)]
#: The overlays every game screen can open, by key.
OVERLAYS = {"question_mark": "HelpScreen", "r": "RulesScreen", "s": "LegendScreen", "l": "GameLogScreen",
            "e": "ExplainScreen", "ctrl+q": "QuitScreen", "u": "TakebackScreen"}


async def sweep_sizes(pilot, app, size=(120, 40)) -> None:
    """Drag the terminal through every small size and back: the notice at each, never a
    crash, and the same screen again at the end."""
    name = screen_name(app)
    for small in SMALL_SIZES:
        await pilot.resize_terminal(*small)
        await pilot.pause()
        assert app.is_running and app.return_code is None, f"{name} at {small}"
        assert screen_name(app) == "TooSmallScreen", f"{name} at {small}"
    await pilot.resize_terminal(*size)
    await pilot.pause()
    assert app.is_running and screen_name(app) == name


async def test_every_screen_lives_through_every_size_down_to_one_cell(tui_deck):
    """A whole hot-seat game (and its review) where each kind of screen, and each
    overlay over the table, is dragged through sizes from 1×1 up. (Before the fix, the
    placement screen at 30–50 columns raised inside Textual's option list.)"""
    rng = random.Random(3)
    app = make_app(tui_deck, 2, 3, names=None)
    swept: set[str] = set()

    async def sweep(app, pilot) -> None:
        name = screen_name(app)
        if name == "PlaceScreen":
            name += "-" + app.session.game.phase.value
        if name in swept:
            return
        swept.add(name)
        await sweep_sizes(pilot, app)
        if name == "TableScreen":
            for key, overlay in OVERLAYS.items():
                await pilot.press(key)
                await pilot.pause()
                assert screen_name(app) == overlay
                swept.add(overlay)
                await sweep_sizes(pilot, app)
                await pilot.press("escape")
                await pilot.pause()
                assert screen_name(app) == "TableScreen"

    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert screen_name(app) == "NamesScreen"
        swept.add("NamesScreen")
        await sweep_sizes(pilot, app)
        await start_with_names(pilot, app, ["Ann", "Bob"])
        await play_by_keys(pilot, app, rng, on_screen=lambda app: sweep(app, pilot))
        await sweep(app, pilot)  # the final screen
        await pilot.press("v")
        await pilot.pause()
        if screen_name(app) == "ReviewWhoScreen":
            await pilot.press("enter")
            await pilot.pause()
        assert screen_name(app) == "ReviewScreen"
        await sweep(app, pilot)
    assert {"NamesScreen", "PassScreen", "KeepScreen", "TableScreen", "PlaceScreen-draft", "PlaceScreen-plan", "PatronScreen",
            "FinalScreen", "ReviewScreen", *OVERLAYS.values()} <= swept


async def test_a_window_dragged_quickly_never_crashes_and_the_notice_says_the_size_needed(tui_deck):
    """The notice says the size needed at any size it is shown at, in words that wrap
    (at 40×12 it once read "Please enlarge the terminal (needs 10"), and a terminal that
    grows back before the notice's first update leaves nothing to update (it once raised
    NoMatches and ended the game)."""
    app = make_app(tui_deck, 2, 5)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert screen_name(app) == "PassScreen"
        for small in [(10, 5), (20, 8), (40, 12), (59, 20), (80, 29)]:
            await pilot.resize_terminal(*small)
            await pilot.pause()
            assert screen_name(app) == "TooSmallScreen"
            words = " ".join(" ".join(screen_rows(app)).split())
            assert "Needs 100×30" in words, (small, words)
        await pilot.resize_terminal(120, 40)
        for step in range(40):  # dragged back and forth, faster than the screen refreshes
            size = Size(50 + step % 7, 20) if step % 2 == 0 else Size(120, 40)
            app.post_message(events.Resize(size, size))
            if step % 5 == 4:
                await pilot.pause()
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert app.is_running and app.return_code is None
        assert screen_name(app) == "PassScreen"
