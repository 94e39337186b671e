"""A key on the game's own screens draws what it changes and nothing more (issue 31).

Speed itself is measured by `benchmarks/latency.py`, never here; these tests hold the
drawing rules that make it fast, and that the faster drawing is the same drawing:
- a `Drawn` widget's lines are exactly a `Static`'s with the same content and styles,
  and a new content as tall as the old repaints only the lines that differ;
- → on the draft table repaints the two cards whose look changes, not the row, the
  other cards or the screen;
- ↓/↑ on the placement preview, once each cover has been drawn, lay nothing out again
  and show each cover's own preview (drawn once, shown again as drawn);
- → on the set-up screen repaints neither the screen nor the cards whose look is the same.
"""

from __future__ import annotations

import asyncio
import random

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.widgets import Static

from pier18.engine import Draft, Phase, PlayerView
from pier18.tui.widgets.card_view import CardView
from pier18.tui.widgets.cover_why import CoverWhy
from pier18.tui.widgets.drawn import Drawn
from pier18.tui.widgets.score_change import ScoreChange
from tui_helpers import keyed_game, make_app, press_until, screen_name, shown, text_of, wait_until

#: Far above any refresh's wait on a loaded machine: a refresh that never comes fails.
BOUND = 60.0


async def refreshed(app, times: int = 3) -> None:
    """Until the app has refreshed the screen `times` times (what a key started is drawn)."""
    for _ in range(times):
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        app.call_after_refresh(lambda: done.done() or done.set_result(None))
        await asyncio.wait_for(done, BOUND)


def content() -> Group:
    table = Table(box=None, padding=(0, 1))
    table.add_column("Category")
    table.add_column("now", justify="right")
    table.add_row(Text("Fishers", style="bold blue"), "3")
    table.add_row("Poets [not markup]", Text("-2", style="red"))
    return Group(Text("A heading that is long enough to wrap at this width", style="bold"), table)


class Both(App[None]):
    CSS = """
    Static, Drawn { width: 30; padding: 0 1; background: $boost; color: $accent; }
    """

    def compose(self) -> ComposeResult:
        yield Static(content(), id="static")
        yield Drawn(content(), id="drawn")


async def test_a_drawn_widget_draws_what_a_static_draws():
    app = Both()
    async with app.run_test(size=(60, 20)) as pilot:
        await refreshed(app)
        static, drawn = app.query_one("#static"), app.query_one("#drawn", Drawn)
        assert static.size == drawn.size and drawn.size.height > 3
        for y in range(static.size.height):
            assert list(drawn.render_line(y)) == list(static.render_line(y)), y
        drawn.update(Text("one line"))
        await pilot.pause()
        await refreshed(app)
        assert drawn.size.height == 1  # a content of another height is laid out anew


async def test_a_drawn_widget_repaints_only_the_lines_that_changed(monkeypatch):
    app = Both()
    async with app.run_test(size=(60, 20)) as pilot:
        drawn = app.query_one("#drawn", Drawn)
        drawn.update(Text("one\ntwo\nthree\nfour"))
        await refreshed(app)
        calls: list = []
        original = drawn.refresh

        def recorded(*regions, **kwargs):
            calls.append((regions, kwargs))
            return original(*regions, **kwargs)

        monkeypatch.setattr(drawn, "refresh", recorded)
        drawn.update(Text("one\n2\n3\nfour"))
        width = drawn.size.width
        assert calls == [((Region(0, 1, width, 2),), {})]
        calls.clear()
        drawn.update(Text("one\n2\n3\nfour"))  # the same lines: nothing to repaint
        assert calls == []
        await refreshed(app)
        assert [drawn.render_line(y).text.strip() for y in range(4)] == ["one", "2", "3", "four"]


def count_calls(monkeypatch, widget, name: str, counts: dict) -> None:
    original = getattr(widget, name)

    def counted(*args, **kwargs):
        counts[widget] = counts.get(widget, 0) + 1
        return original(*args, **kwargs)

    monkeypatch.setattr(widget, name, counted)


def at_the_draft(tui_deck):
    return keyed_game(tui_deck, 3, 4, random.Random(3), until=lambda game: game.phase is Phase.DRAFT)


async def test_an_arrow_on_the_table_repaints_only_the_two_cards_it_changes(tui_deck, monkeypatch):
    app = make_app(tui_deck, 3, 4, decisions=at_the_draft(tui_deck))
    async with app.run_test(size=(120, 40)) as pilot:
        await press_until(pilot, lambda: screen_name(app) == "TableScreen" and app.drawn(), lambda: "enter", "the table")
        screen = app.screen
        row = screen.query_one("#draft-row")
        views = list(row.query(CardView))
        assert len(views) >= 3
        await refreshed(app)
        counts: dict = {}
        for widget in (screen, row, *views):
            count_calls(monkeypatch, widget, "refresh", counts)
        before = row.selected
        await pilot.press("right")
        await wait_until(pilot, lambda: row.selected == (before + 1) % len(views), "the card pointed at to move")
        await refreshed(app)
        assert views[row.selected].has_class("-selected") and not views[before].has_class("-selected")
        assert counts.get(screen, 0) == 0 and counts.get(row, 0) == 0, "the screen or the whole row was repainted"
        untouched = [view for index, view in enumerate(views) if index not in (before, row.selected)]
        assert all(counts.get(view, 0) == 0 for view in untouched), "a card whose look is the same was repainted"


async def test_covers_on_the_preview_lay_nothing_out_once_drawn_and_each_shows_its_own(tui_deck, monkeypatch):
    app = make_app(tui_deck, 3, 4, decisions=at_the_draft(tui_deck))
    async with app.run_test(size=(120, 40)) as pilot:
        await press_until(pilot, lambda: screen_name(app) == "TableScreen" and app.drawn(), lambda: "enter", "the table")
        game = app.session.game
        covers = {card: sum(1 for d in game.legal_decisions() if isinstance(d, Draft) and d.card == card) for card in game.revealed}
        card = max(covers, key=lambda c: covers[c])
        assert covers[card] >= 2, "the test needs a card with two covers or more"
        view = PlayerView.of(game, game.current_player)
        await pilot.press(str(list(game.revealed).index(card) + 1), "enter")
        await wait_until(pilot, lambda: screen_name(app) == "PlaceScreen" and app.drawn(), "the placement screen")
        screen = app.screen
        count = len(screen.choices)
        for key in ["down"] * (count - 1) + ["up"] * (count - 1):  # every cover drawn once
            await pilot.press(key)
        await refreshed(app, 5)
        layouts: dict = {}
        count_calls(monkeypatch, screen, "_refresh_layout", layouts)
        options = screen.query_one("#cover-list")
        for key in ["down"] * (count - 1) + ["up"] * (count - 1):
            await pilot.press(key)
            await refreshed(app)
            index = options.highlighted
            outcome = view.outcome(screen.choices[index])
            assert shown(screen.query_one(ScoreChange)) == text_of(ScoreChange.draw(outcome, app.session.names), 200)
            assert shown(screen.query_one(CoverWhy)) == text_of(CoverWhy.draw(outcome), 200)
        assert layouts.get(screen, 0) == 0, "a cover drawn before laid the screen out again"


async def test_an_arrow_on_the_set_up_screen_repaints_neither_the_screen_nor_unchanged_cards(tui_deck, monkeypatch):
    app = make_app(tui_deck, 3, 4)
    async with app.run_test(size=(120, 40)) as pilot:
        await press_until(pilot, lambda: screen_name(app) == "KeepScreen" and app.drawn(), lambda: "enter", "set-up")
        screen = app.screen
        await refreshed(app)
        counts: dict = {}
        count_calls(monkeypatch, screen, "refresh", counts)
        views = list(screen.query(CardView))
        for view in views:
            count_calls(monkeypatch, view, "refresh", counts)
        before = screen.pointed
        await pilot.press("right")
        await wait_until(pilot, lambda: screen.pointed != before, "the pointer to move")
        await refreshed(app)
        assert counts.get(screen, 0) == 0, "the whole screen was repainted"
        untouched = [v for v in views if v.card.id not in (before, screen.pointed)]
        assert all(counts.get(view, 0) == 0 for view in untouched), "a card whose look is the same was repainted"
