"""One key grammar on every screen (issue 30): a number or an arrow points, Enter (or a
second click on the thing pointed at) confirms; nothing is confirmed by the key that
opened a screen, nor by a key pressed before the screen was drawn; and the keys list
(`?`) is the screen's own active bindings.

On the draft table 1–4 used to open the placement at once while on the set-up screen
1–3 only pointed: "2, Enter" as set-up taught placed a card covering nothing, unseen,
and in the lesson the Enter closed the covering step's text before it was read.
"""

from __future__ import annotations

from textual import events

from pier18.engine import Draft, Phase, PlayerView
from pier18.persist.lesson import load_script, new_lesson
from pier18.session import Session
from pier18.tui.learn_app import LEARNER_SEAT, LearnApp
from pier18.tui.screens.help import HelpScreen, description_of, keys_shown
from pier18.tui.screens.replay import ReplayApp
from pier18.speech.keys import KEY_POINT_AT_CARD
from waiting import Steps
from tui_helpers import (
    settled,
    FIRST_CARD,
    KEEP_FIRST,
    drawn_text,
    first_keys,
    first_keys_game,
    keep_keys,
    make_app,
    press_until,
    screen_name,
    shown,
    take_the_laptop,
    wait_until,
)

DIGITS = [str(n) for n in range(10)]
SIZE = (120, 40)


async def numbers_stay(pilot, app, made=lambda: None) -> str:
    """Press every number key on the screen on top: each leaves that very screen on top
    and makes no decision (`made()`, the decisions so far). Returns the screen's name."""
    screen, before = app.screen, made()
    for digit in DIGITS:
        await pilot.press(digit)
        await pilot.pause()
        assert app.screen is screen, f"{digit} left {type(screen).__name__} for {screen_name(app)}"
        assert made() == before, f"{digit} made a decision on {type(screen).__name__}"
    return type(screen).__name__


def decisions(app):
    return lambda: None if app.session is None else len(app.session.decisions)


# -- a number never leaves a screen ------------------------------------------------------------


async def test_a_number_never_leaves_any_screen_of_a_game_at_one_laptop(tui_deck):
    seen: set[str] = set()
    app = make_app(tui_deck, 2, 5)
    async with app.run_test(size=SIZE) as pilot:
        made = decisions(app)
        await wait_until(pilot, lambda: screen_name(app) == "PassScreen", "the pass screen")
        seen.add(await numbers_stay(pilot, app, made))
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(app) == "KeepScreen", "Ann's set-up")
        seen.add(await numbers_stay(pilot, app, made))
        await pilot.press(*KEEP_FIRST)
        await press_until(pilot, lambda: app.session.game.phase is Phase.DRAFT, lambda: "enter", "the draft")
        await take_the_laptop(pilot, app)
        assert screen_name(app) == "TableScreen"
        seen.add(await numbers_stay(pilot, app, made))
        # Every box the table opens: a question, the keys list, the symbols, the log, why.
        for key, close in (("u", "n"), ("ctrl+q", "n"), ("question_mark", "escape"), ("s", "escape"),
                           ("l", "escape"), ("e", "escape"), ("r", "escape")):
            await pilot.press(key)
            await wait_until(pilot, lambda: screen_name(app) != "TableScreen", f"the box {key} opens")
            seen.add(await numbers_stay(pilot, app, made))
            await pilot.press(close)
            await wait_until(pilot, lambda: screen_name(app) == "TableScreen", f"the table after {key}")
        await pilot.press(*FIRST_CARD)
        await wait_until(pilot, lambda: screen_name(app) == "PlaceScreen", "the placement")
        seen.add(await numbers_stay(pilot, app, made))
    assert seen == {"PassScreen", "KeepScreen", "TableScreen", "TakebackScreen", "QuitScreen", "HelpScreen",
                    "LegendScreen", "GameLogScreen", "ExplainScreen", "RulesScreen", "PlaceScreen"}

    # The end of a game: the last Patron panel, the Plan, the final screen, the review.
    to_patron = first_keys_game(tui_deck, 2, 5, until=lambda game: game.phase is Phase.PLAN)[:-1]  # but the last draft
    app = make_app(tui_deck, 2, 5, decisions=to_patron)
    seen.clear()
    async with app.run_test(size=SIZE) as pilot:
        made = decisions(app)
        await press_until(pilot, lambda: screen_name(app) == "PatronScreen", lambda: first_keys(app), "the last Patron")
        seen.add(await numbers_stay(pilot, app, made))
        await press_until(pilot, lambda: screen_name(app) == "PlaceScreen", lambda: "enter", "the Plan placement")
        seen.add(await numbers_stay(pilot, app, made))
        await press_until(pilot, lambda: screen_name(app) == "FinalScreen", lambda: "enter", "the final screen")
        seen.add(await numbers_stay(pilot, app, made))
        await pilot.press("v")
        await wait_until(pilot, lambda: screen_name(app) == "ReviewWhoScreen", "whose review")
        seen.add(await numbers_stay(pilot, app, made))
        await pilot.press("2")  # points at Bob; Enter opens his review
        await pilot.pause()
        assert screen_name(app) == "ReviewWhoScreen"
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(app) == "ReviewScreen", "the review")
        assert app.screen.seat == 1
        seen.add(await numbers_stay(pilot, app, made))
    assert seen == {"PatronScreen", "PlaceScreen", "FinalScreen", "ReviewWhoScreen", "ReviewScreen"}


async def test_a_number_never_leaves_the_first_questions_or_the_replay(tui_deck):
    app = make_app(tui_deck, 2, 5, names=None)
    app.offer_lesson = True
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "LessonOfferScreen", "the offer of the lesson")
        await numbers_stay(pilot, app)
        await pilot.press("n")
        await wait_until(pilot, lambda: screen_name(app) == "NamesScreen", "the names")
        await numbers_stay(pilot, app)  # typed into the name
        await pilot.press("tab", "tab")  # to the start rule
        await numbers_stay(pilot, app)
        assert app.session is None

    session = Session(tui_deck, ["Ann", "Bob"], 5, decisions=first_keys_game(tui_deck, 2, 5, lambda g: g.round == 2))
    app = ReplayApp(session, 3)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "ReplayScreen", "the replay")
        await numbers_stay(pilot, app, lambda: app.screen.step)


# -- Enter confirms what a number pointed at ------------------------------------------------


async def test_on_the_table_a_number_points_and_enter_opens_that_card(tui_deck):
    """The issue's "2, Enter": the second card's placement opens and waits; nothing is
    placed until Enter again, with the cover pointed at."""
    app = make_app(tui_deck, 2, 5)
    async with app.run_test(size=SIZE) as pilot:
        await press_until(pilot, lambda: screen_name(app) == "TableScreen" and app.session.game.phase is Phase.DRAFT,
                          lambda: "enter", "the draft")
        game = app.session.game
        made = len(app.session.decisions)
        second = game.revealed[1]
        await pilot.press("2", "enter")
        await wait_until(pilot, lambda: screen_name(app) == "PlaceScreen", "the placement")
        await settled(pilot)
        assert app.screen.card.id == second and len(app.session.decisions) == made  # opened, nothing placed
        covers = game.piers[game.current_player].covers()
        cover = covers[-1]
        await pilot.press(str(cover))
        await pilot.pause()
        assert screen_name(app) == "PlaceScreen" and len(app.session.decisions) == made
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(app.session.decisions) == made + 1, "the placement made")
        assert app.session.decisions[-1] == Draft(second, cover)


async def test_a_click_points_at_a_cover_and_a_second_click_places_it(tui_deck):
    app = make_app(tui_deck, 2, 5)
    async with app.run_test(size=SIZE) as pilot:
        await press_until(pilot, lambda: screen_name(app) == "PlaceScreen", lambda: first_keys(app), "a placement")
        made, second = len(app.session.decisions), app.screen.choices[1]
        covers = app.screen.query_one("#cover-list")
        assert covers.option_count > 1 and covers.highlighted == 0
        row = covers.region.y + 1  # inside its border: the first option, then one a line
        await pilot.click(offset=(covers.region.x + 3, row + 1))
        await pilot.pause()
        assert screen_name(app) == "PlaceScreen" and covers.highlighted == 1  # pointed, not placed
        assert len(app.session.decisions) == made
        await pilot.click(offset=(covers.region.x + 3, row + 1))
        await wait_until(pilot, lambda: len(app.session.decisions) == made + 1, "the second click to place")
        assert app.session.decisions[-1] == second


# -- no key made before a screen was drawn acts on it ---------------------------------------


async def test_a_key_made_after_a_screen_was_pushed_but_before_it_was_drawn_never_acts_on_it(tui_deck):
    """An Enter made the moment the placement screen is put up (the key that opened it,
    pressed twice): the screen is on the stack but not drawn yet. It reaches the app
    later, and must not place the card unseen."""
    app = make_app(tui_deck, 2, 5)
    early: list[events.Key] = []

    def screen_changed(screen) -> None:
        if type(screen).__name__ == "PlaceScreen" and not early:
            early.append(events.Key("enter", "\r"))  # stamped now: after the push, before any drawing

    async with app.run_test(size=SIZE) as pilot:
        await press_until(pilot, lambda: screen_name(app) == "TableScreen" and app.session.game.phase is Phase.DRAFT,
                          lambda: "enter", "the draft")
        app.screen_change_signal.subscribe(app, screen_changed, immediate=True)
        made = len(app.session.decisions)
        await pilot.press(*FIRST_CARD)
        await wait_until(pilot, lambda: screen_name(app) == "PlaceScreen", "the placement")
        await settled(pilot)
        assert early
        app.post_message(early[0])
        await settled(pilot)
        assert screen_name(app) == "PlaceScreen" and len(app.session.decisions) == made
        await pilot.press("enter")  # a key pressed now, with the screen in sight, places
        await wait_until(pilot, lambda: len(app.session.decisions) == made + 1, "the placement made")


async def test_in_the_lesson_the_enter_that_opens_a_card_never_skips_the_covering_step():
    """The learner points at the suggested card and presses Enter: the covering step's
    text comes up and stays until acknowledged; its placement comes only after that."""
    from pier18.engine import load_deck

    deck = load_deck(None)
    script = load_script(deck)
    app = LearnApp(script, new_lesson(deck, script), lambda names: None, bot_pause=0.0)
    async with app.run_test(size=SIZE) as pilot:
        made = decisions(app)
        for _ in Steps("the learner's first draft", progress=lambda: len(app.session.decisions)):
            game = app.session.game
            name = screen_name(app)
            if name == "TableScreen" and game.phase is Phase.DRAFT and game.current_player == LEARNER_SEAT \
                    and not app.table().thinking:
                break
            if name in ("LessonScreen", "FeedbackScreen", "PatronScreen"):
                await numbers_stay(pilot, app, made)
                await pilot.press("enter")
            elif name == "KeepScreen":
                view = PlayerView.of(game, LEARNER_SEAT)
                legal = [d for d in view.legal if type(d).__name__ == "Keep"]
                await pilot.press(*keep_keys(legal.index(script.suggestion(view))))
            await pilot.pause()
        view = PlayerView.of(app.session.game, LEARNER_SEAT)
        card = script.suggestion(view).card
        before = made()
        await pilot.press(str(list(view.revealed).index(card) + 1), "enter")
        await wait_until(pilot, lambda: screen_name(app) != "TableScreen", "the card to open")
        await settled(pilot)
        assert screen_name(app) == "LessonScreen" and made() == before
        head = shown(app.screen.query_one("#lesson-text"), 300).splitlines()[0]
        await numbers_stay(pilot, app, made)
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(app) == "PlaceScreen", "the placement after the step")
        assert app.screen.card.id == card and made() == before, head


# -- the keys list is the screen's own bindings -----------------------------------------------


def active_keys(screen) -> dict[str, str]:
    """Every key active on `screen` now (Textual's hidden system keys aside), with the
    description the keys list should give it."""
    return {key: description_of(active.binding) for key, active in screen.active_bindings.items() if not active.binding.system}


async def check_keys_list(pilot, app, seen: list[str]) -> list:
    """Open `?` on the screen on top: it lists exactly that screen's active keys, each
    with its binding's description, each once; then close it. Returns its lines."""
    under = app.screen
    want = active_keys(under)
    await pilot.press("question_mark")
    await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), f"the keys list over {type(under).__name__}")
    lines = app.screen.lines
    listed = [key for line in lines for key in line.keys]
    assert sorted(listed) == sorted(want), type(under).__name__
    assert all(want[key] == line.description for line in lines for key in line.keys)
    text = " ".join(drawn_text(app).split())
    for line in lines:
        assert f"{keys_shown(app, line.keys)} {line.description}" in text, line
    await pilot.press("escape")
    await wait_until(pilot, lambda: app.screen is under, "the screen under the keys list")
    seen.append(type(under).__name__)
    return lines


async def test_the_keys_list_lists_exactly_the_keys_of_the_screen_it_was_opened_on(tui_deck):
    seen = []
    app = make_app(tui_deck, 2, 5, names=None)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "NamesScreen", "the names")
        await pilot.press("tab", "tab")  # from the names (where ? is typed) to the start rule
        await check_keys_list(pilot, app, seen)
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(app) == "PassScreen", "the pass screen")
        await check_keys_list(pilot, app, seen)
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(app) == "KeepScreen", "the set-up")
        await check_keys_list(pilot, app, seen)
        await pilot.press("enter")  # the Plan kept: the Foundation step has other keys
        await check_keys_list(pilot, app, seen)
        await pilot.press("enter")
        await press_until(pilot, lambda: app.session.game.phase is Phase.DRAFT, lambda: "enter", "the draft")
        await take_the_laptop(pilot, app)
        lines = await check_keys_list(pilot, app, seen)
        assert (("1", "2", "3", "4"), KEY_POINT_AT_CARD, True) in lines
        await pilot.press(*FIRST_CARD)
        await wait_until(pilot, lambda: screen_name(app) == "PlaceScreen", "the placement")
        await check_keys_list(pilot, app, seen)
        await press_until(pilot, lambda: screen_name(app) == "PatronScreen", lambda: first_keys(app), "a Patron panel")
        await check_keys_list(pilot, app, seen)
    assert seen == ["NamesScreen", "PassScreen", "KeepScreen", "KeepScreen", "TableScreen", "PlaceScreen", "PatronScreen"]
