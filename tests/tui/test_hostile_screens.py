"""Games with hostile player names and card names: every screen shows them literally,
nothing is read as markup, and no escape code reaches the screen. (The whole game by
keys with the fixed markup sample is the privacy game in test_table_people_trust.py.)"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from rich.text import Text
from textual.widgets import Input, RadioButton

from hostile import SAMPLES, WIDTH, hostile_deck, hostile_text, width_text
from pier18.engine import TableView, load_deck
from pier18.engine.text import printable
from pier18.persist import autosave as saves
from pier18.session import Session
from pier18.tui.app import Pier18App
from pier18.tui.screens.final import FinalScreen
from pier18.tui.screens.quit import QuitScreen
from pier18 import i18n
from tui_helpers import (
    ScreenWatcher, check_final_screen, check_rows_in_line, keyed_game, make_app, play_by_keys, screen_name, screen_rows, shown,
    start_with_names, typed_name, wait_until,
)


async def play_round_one(deck, raw_names: list[str], seed: int, widths: bool = False, size=(120, 40)) -> tuple[list[str], set[str]]:
    """Type `raw_names` on the names screen and play round 1 by keys (every kind of turn
    screen: pass, keep, table, place, patron); then the engine plays the rest and the app
    reopens the finished game as it opens a save, so the final screen is checked too.
    The names screen's start rules must name the players as typed. With `widths`, every
    row of every screen (the names screen too) must be drawn as wide as the screen
    (`check_rows_in_line`)."""
    players = len(raw_names)
    app = make_app(deck, players, seed, names=None)
    rng = random.Random(seed)
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "NamesScreen", "the names screen")
        for seat, raw in enumerate(raw_names):
            app.screen.query_one(f"#name-{seat}", Input).value = raw
        await pilot.pause()
        for seat, raw in enumerate(raw_names):  # the start rules name the players literally
            label = app.screen.query_one(f"#sea-{seat}", RadioButton).label.plain
            assert label == i18n._("{name} starts: last saw the sea (rulebook)").format(name=typed_name(raw, seat)), label
        if widths:
            check_rows_in_line(app)
        names = await start_with_names(pilot, app, raw_names)
        watcher = ScreenWatcher(names, widths=widths)

        def round_one(app) -> None:
            watcher(app)
            if screen_name(app) == "PatronScreen":
                raise RoundOver

        with pytest.raises(RoundOver):
            await play_by_keys(pilot, app, rng, on_screen=round_one)
        session = app.session
    assert session.game.awards, "round 1 did not end"
    for decision in keyed_game(deck, players, seed, rng, start=session.decisions):
        session.apply(decision)
    app = Pier18App(players, lambda chosen: session, session=session, bot_pause=0.0)
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "FinalScreen", "the final screen")
        check_final_screen(app, names)
        if widths:
            check_rows_in_line(app)
    return names, watcher.seen


class RoundOver(Exception):
    pass


def _distinct(raw_names: list[str]) -> bool:
    made = [typed_name(raw, seat).lower() for seat, raw in enumerate(raw_names)]
    return len(set(made)) == len(made)


# Round 1 by pilot each (the whole game by keys with the fixed markup sample is the
# privacy game in test_table_people_trust.py): a few examples, the same ones every run
# (derandomize), so a failure here is never a one-off.
@settings(max_examples=2, deadline=None, derandomize=True)
@given(
    raw_names=st.lists(hostile_text(3), min_size=2, max_size=2).filter(_distinct),
    card_names=st.lists(hostile_text(3), min_size=1, max_size=4),
    seed=st.integers(0, 50),
)
async def test_any_hostile_names_play_a_whole_game_and_show_literally(raw_names, card_names, seed):
    with tempfile.TemporaryDirectory() as folder:
        deck = load_deck(hostile_deck(Path(folder) / "deck.toml", card_names, card_names))
    names, seen = await play_round_one(deck, raw_names, seed)
    assert all(name.isprintable() for name in names)
    assert {"PassScreen", "KeepScreen", "TableScreen", "PlaceScreen", "PatronScreen"} <= seen


# Names and card names of sequences terminals draw at other widths than Rich measures
# them (tests/hostile.py, WIDTH): round 1 by keys at the size the README asks for, and
# every row of every screen drawn exactly as wide as the screen. The example plays with
# every such sequence at once; two more come from Hypothesis, the same two each run.
@settings(max_examples=2, deadline=None, derandomize=True)
@example(raw_names=["\u2764\ufe0fAnn", "👨\u200d👩\u200d👧🇫🇷"], card_names=WIDTH, seed=3)
@given(
    raw_names=st.lists(width_text(3), min_size=2, max_size=2).filter(_distinct),
    card_names=st.lists(width_text(3), min_size=1, max_size=4),
    seed=st.integers(0, 50),
)
async def test_names_of_any_width_keep_every_row_of_every_screen_in_line(raw_names, card_names, seed):
    with tempfile.TemporaryDirectory() as folder:
        deck = load_deck(hostile_deck(Path(folder) / "deck.toml", card_names, card_names))
    names, seen = await play_round_one(deck, raw_names, seed, widths=True, size=(100, 30))
    assert {"PassScreen", "KeepScreen", "TableScreen", "PlaceScreen", "PatronScreen"} <= seen


async def test_the_names_screen_shows_what_is_typed_literally_and_in_line(tui_deck):
    """Markup, escape codes and sequences of disputed width typed (or pasted) into the
    names: each box shows the name the game will use, and each start rule names it
    literally (read as markup, "[b]" would vanish and "[/]" raise); every row stays in line."""
    raw_names = [*SAMPLES, "\u2764\ufe0fAnn", "👨\u200d👩\u200d👧", "🇫🇷1\ufe0f\u20e3", "👍🏽\tx", "[@click=app.quit]q"]

    app = make_app(tui_deck, 2, 7, names=None)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "NamesScreen", "the names screen")
        for first, second in zip(raw_names, raw_names[1:] + raw_names[:1]):
            for seat, raw in enumerate((first, second)):
                app.screen.query_one(f"#name-{seat}", Input).value = raw
            await pilot.pause()
            for seat, raw in enumerate((first, second)):
                assert app.screen.query_one(f"#name-{seat}", Input).value == printable(raw)
                label = app.screen.query_one(f"#sea-{seat}", RadioButton).label.plain
                assert label == i18n._("{name} starts: last saw the sea (rulebook)").format(name=typed_name(raw, seat)), label
            check_rows_in_line(app)
        assert app.is_running and screen_name(app) == "NamesScreen"


async def test_a_bot_error_that_looks_like_markup_is_a_plain_notice(tui_deck):
    """Notices quote outside text (a bot's error, a file path): never read as markup."""

    class Broken:
        def choose(self, view):
            raise ValueError("[/] closing tag from nowhere [@click=app.quit]")

    app = make_app(tui_deck, 2, 7, seats=["random", "human"], names=["Broken bot", "Ann"],
                   bot_provider=lambda level, seat: Broken())
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "KeepScreen", "the game after the bot's move")
        message = "[/] closing tag from nowhere [@click=app.quit]"
        # A toast draws its message when shown: read as markup, this one would raise.
        await wait_until(pilot, lambda: any(message in toast.render().plain for toast in app.screen.query("Toast")),
                         "the notice, drawn")
        assert app.is_running and screen_name(app) == "KeepScreen"


# -- file names: on every screen as on stderr (engine.text.printable) ---------------------

HOSTILE_FILE = "\x1b[31mbad\x1b]0;title\x07 \u2764\ufe0f.json"  # red, a window title, a bell, an emoji
SHOWN_FILE = "\u241b[31mbad\u241b]0;title\u2407 \u2764.json"


def _plain_and_one_style(widget) -> str:
    """What a Static shows, checked to be one plain run: no span that changes the style
    halfway (as the escape code would have in the terminal)."""
    content = widget.content
    assert isinstance(content, Text) and not content.spans, content
    return content.plain


async def test_the_resume_offer_names_a_damaged_save_with_stand_ins_for_its_escape_codes(tui_deck):
    """A damaged autosave whose file name holds escape codes is set aside, and the offer
    says so on its own row: with ␛ and ␇ where the codes were, one style, and in line."""
    saves.games_dir().mkdir(parents=True, exist_ok=True)
    session = Session(tui_deck, ["Ann", "Bob"], 11)
    saves.attach(session, saves.games_dir() / "a.json")
    session.apply(session.game.legal_decisions()[0])  # an unfinished game: the offer opens
    (saves.games_dir() / HOSTILE_FILE).write_text('{"format": "pier18-record", "version": 1')

    factory = saves.autosaving(lambda names: Session(tui_deck, names, 99))
    app = Pier18App(2, factory, names=["Ann", "Bob"])
    app.resume_offer = saves.find_resumable()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "ResumeScreen", "the resume offer")
        notes = [_plain_and_one_style(w) for w in app.screen.query(".confirm-line") if "damaged" in shown(w)]
        assert len(notes) == 1 and SHOWN_FILE.removesuffix(".json") in notes[0], notes
        screenshot = app.export_screenshot()
        assert "\x1b" not in screenshot and "\x07" not in screenshot and "\ufe0f" not in screenshot
        check_rows_in_line(app)
    factory.release()


async def test_every_file_name_on_a_screen_shows_as_on_stderr(tui_deck):
    """The quit question, the final screen and a notice (a save that failed) each name a
    file: with stand-ins for escape codes, never the codes."""
    path = Path("/tmp") / HOSTILE_FILE
    game = Session(tui_deck, ["Ann", "Bob"], 5).game
    while not game.is_terminal():
        game.apply(game.legal_decisions()[0])

    app = make_app(tui_deck, 2, 5)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await wait_until(pilot, lambda: app.session is not None, "the game")
        app.warn(f"could not save the game to {path}: No space left on device")
        await wait_until(pilot, lambda: any(SHOWN_FILE in t.render().plain for t in app.screen.query("Toast")), "the notice")
        screens = [app.export_screenshot()]
        app.push_screen(QuitScreen(path))
        await wait_until(pilot, lambda: screen_name(app) == "QuitScreen", "the quit question")
        await pilot.pause()  # drawn
        screens.append(app.export_screenshot())
        assert any(SHOWN_FILE in row for row in screen_rows(app)), "\n".join(screen_rows(app))
        check_rows_in_line(app)
        app.pop_screen()
        app.push_screen(FinalScreen(TableView.of(game), ["Ann", "Bob"], path))
        await wait_until(pilot, lambda: screen_name(app) == "FinalScreen", "the final screen")
        await pilot.pause()
        final = shown(app.screen.query_one("#final-table"))
        assert f"saved in /tmp/{SHOWN_FILE}" in final and f"pier18 replay '/tmp/{SHOWN_FILE}'" in final, final
        screens.append(app.export_screenshot())
        assert not any("\x1b" in svg or "\x07" in svg for svg in screens)


def _deck_at_the_limits(path: Path) -> Path:
    """The frozen deck with every card's name and goal text as long as a deck allows
    (`MAX_NAME_LENGTH`, `MAX_GOAL_TEXT_LENGTH`): plain words, wide characters, one word."""
    import re

    from hostile import FROZEN_DECK
    from pier18.engine.deck import MAX_GOAL_TEXT_LENGTH, MAX_NAME_LENGTH, text_length

    names = iter(range(1, 100))
    goals = iter(range(1, 100))

    def name(match) -> str:
        n = next(names)
        text = ["Grand Pavilion Hotel and Pier", "中" * 14 + "字", "Supercalifragilisticexpialidoc"][n % 3] + f"{n:02d}"
        text = text[: len(text) - (text_length(text) - MAX_NAME_LENGTH)] if text_length(text) > MAX_NAME_LENGTH else text
        return f'name = "{text.ljust(MAX_NAME_LENGTH - text_length(text) + len(text), "x")}"'

    def goal(match) -> str:
        text = f"At least 3 Flower Sellers on each side of the pier {next(goals):02d} "
        return f'text = "{text.ljust(MAX_GOAL_TEXT_LENGTH, "y")}"'

    head, cards = FROZEN_DECK.read_text(encoding="utf-8").split("[[cards]]", 1)
    cards = re.sub(r'text = "[^"]*"', goal, re.sub(r'^name = ".*"$', name, cards, flags=re.M))
    path.write_text(head + "[[cards]]" + cards, encoding="utf-8")
    return path


async def test_deck_texts_at_their_limits_keep_every_screen_whole(tmp_path):
    """Names and goals as long as a deck allows, and players' names of 64 characters, at
    the size the README asks for: every row in line, and the placement screen's title
    leaves the screen to the pier and the covers (a 10,000-character name once filled it;
    such a deck is now refused, tests/test_deck.py)."""
    from pier18.engine.deck import MAX_GOAL_TEXT_LENGTH, MAX_NAME_LENGTH, text_length

    deck = load_deck(_deck_at_the_limits(tmp_path / "long.toml"))
    assert {text_length(card.name) for card in deck.values()} == {MAX_NAME_LENGTH}
    assert {text_length(card.plan.two.text) for card in deck.values()} == {MAX_GOAL_TEXT_LENGTH}
    raw_names = ["A" * 63 + "n", "B" * 63 + "o"]
    app = make_app(deck, 2, 4, names=None)
    rng = random.Random(4)
    places = []
    async with app.run_test(size=(100, 30)) as pilot:
        names = await start_with_names(pilot, app, raw_names)
        watcher = ScreenWatcher(names, widths=True)

        def round_one(app) -> None:
            watcher(app)
            if screen_name(app) == "PlaceScreen":
                help_rows = app.screen.query_one("#place-help").region.height
                covers = app.screen.query_one("#cover-list").region.height
                places.append((help_rows, covers))
                assert help_rows <= 5 and covers >= 2, (help_rows, covers)
            if screen_name(app) == "PatronScreen":
                raise RoundOver

        with pytest.raises(RoundOver):
            await play_by_keys(pilot, app, rng, on_screen=round_one)
    assert places and {"KeepScreen", "TableScreen", "PlaceScreen"} <= watcher.seen
