"""Small promises of the table, the placement preview and the final screen."""

from __future__ import annotations

import random

from pier18.engine import Draft, Game, Phase, PlayerView, TableView
from pier18.tui.screens.table import TableScreen
from pier18.tui.widgets.score_change import ScoreChange
from tui_helpers import KEEP_FIRST, NAMES, SET_UP_2, at_the_last_plan, keyed_game, make_app, play_by_keys, screen_name, drawn_text, take_the_laptop, text_of, wait_until


def test_round_count_comes_from_the_engine(tui_deck):
    for players, rounds in ((2, 4), (3, 3)):
        game = Game(tui_deck, players, 1)
        while game.phase is Phase.SETUP:
            game.apply(game.legal_decisions()[0])
        assert game.total_rounds == rounds
        assert f"Round 1 of {rounds}" in TableScreen.status(TableView.of(game), NAMES[:players]).plain


def test_the_patron_outlook_names_the_engines_winner(tui_deck):
    """On the round's last draft the Patron is known: the preview must name who gets it."""
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        game = Game(tui_deck, 3, seed)
        while not game.is_terminal():
            legal = game.legal_decisions()
            last_draft = game.phase is Phase.DRAFT and len(game.revealed) == 2
            if last_draft:
                for decision in legal:
                    result = PlayerView.of(game, game.current_player).outcome(decision)
                    (race,) = result.races
                    after = game.clone()
                    after.apply(decision)
                    award = after.awards[-1]
                    assert race.card == award.card
                    assert race.winner_after == award.winner
                    assert race.scores_after == award.scores
                    text = text_of(ScoreChange.draw(result, NAMES), width=200)
                    assert f"If #{award.card} is the Patron: {NAMES[award.winner]} wins" in text
                    checked += 1
            game.apply(rng.choice(legal))
    assert checked > 100


def test_a_patron_outlook_says_was_only_when_the_words_change(tui_deck):
    """"(was: …)" with the same words as now reads as a change that is not there."""
    import re

    seen_same = seen_was = 0
    for seed in (8, 9):  # games with a tie whose partner changes and whose winner does not
        rng = random.Random(seed)
        game = Game(tui_deck, 3, seed)
        while not game.is_terminal():
            if game.phase is Phase.DRAFT:
                for decision in game.legal_decisions():
                    text = text_of(ScoreChange.draw(PlayerView.of(game, game.current_player).outcome(decision), NAMES), width=300)
                    for now, was in re.findall(r"is the Patron: (.*?)\s+\(was: (.*?)\)", text):
                        assert now.strip() != was.strip(), text
                        seen_was += 1
                    seen_same += text.count("(no change)")
            game.apply(rng.choice(game.legal_decisions()))
    assert seen_was and seen_same


def test_an_open_tie_says_the_date_decides(tui_deck):
    """Before every tied seat has drafted, nobody is named the winner yet."""
    found = False
    for seed in range(30):
        rng = random.Random(seed)
        game = Game(tui_deck, 3, seed)
        while not game.is_terminal() and not found:
            if game.phase is Phase.DRAFT and len(game.revealed) == 4:
                for decision in game.legal_decisions():
                    result = PlayerView.of(game, game.current_player).outcome(decision)
                    for race in result.races:
                        if race.winner_after is None:
                            assert len(race.after) > 1
                            text = text_of(ScoreChange.draw(result, NAMES), width=200)
                            assert f"If #{race.card} is the Patron: tie " in text
                            assert "the earliest date drafted this round decides" in text
                            found = True
            game.apply(rng.choice(game.legal_decisions()))
        if found:
            break
    assert found


async def test_the_final_buttons_are_in_sight_at_the_minimum_size(tui_deck):
    rng = random.Random(4)  # from the last Plan placement: it and the end by keys
    app = make_app(tui_deck, 3, 4, decisions=keyed_game(tui_deck, 3, 4, rng, until=at_the_last_plan))
    async with app.run_test(size=(100, 30)) as pilot:
        await play_by_keys(pilot, app, rng)
        assert screen_name(app) == "FinalScreen"
        await pilot.pause()
        for button in ("#new-game", "#quit"):
            region = app.screen.query_one(button).region
            assert region.height > 0 and region.bottom <= 29, (button, region)
        await pilot.click("#new-game")
        await pilot.pause()
        assert screen_name(app) in ("PassScreen", "KeepScreen")
        assert app.session.decisions == []


async def test_set_up_piers_stay_hidden_on_the_table(tui_deck):
    app = make_app(tui_deck, 3, 4)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter", *KEEP_FIRST)  # Ann keeps her first pair
        await pilot.pause()
        game = app.session.game
        assert game.plans[0] is not None
        from tui_helpers import shown

        panel = shown(app.table().query_one("#pier-0"))
        foundation = game.piers[0].cards[0]
        assert f"#{foundation.id} " not in panel and "total" not in panel
        assert "Plan and Foundation chosen" in panel


async def test_cover_keys_stop_at_the_ends_instead_of_wrapping(tui_deck):
    app = make_app(tui_deck, 2, 5)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press(*SET_UP_2)
        await pilot.pause()
        await take_the_laptop(pilot, app)
        await pilot.press("1", "enter")
        await pilot.pause()
        assert screen_name(app) == "PlaceScreen"
        covers = app.screen.query_one("#cover-list")
        most = covers.option_count - 1
        assert most > 0 and covers.highlighted == 0
        await pilot.press("up")
        assert covers.highlighted == 0  # no jump to covering the most
        await pilot.press(*["down"] * (most + 3))
        assert covers.highlighted == most
        await pilot.press("up")
        assert covers.highlighted == most - 1


async def test_the_names_screen_fits_whole_at_the_minimum_size(tui_deck):
    """Three names and the start rule at 100×30: the whole box is in sight without
    scrolling, centred, and an empty error line takes no room until there is an error
    (and again once a name is changed)."""
    app = make_app(tui_deck, 3, 4, names=None)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert screen_name(app) == "NamesScreen"
        box = app.screen.query_one("#names-box")
        assert box.region.y >= 0 and box.region.bottom <= 29, box.region  # row 29: the footer
        assert app.screen.max_scroll_y == 0, "nothing to scroll to"
        assert abs(box.region.x - (100 - box.region.right)) <= 1, "the box is centred"
        rule = app.screen.query_one("#start-rule")
        assert rule.region.bottom <= box.region.bottom
        error = app.screen.query_one("#names-error")
        assert error.region.height == 0
        await pilot.press(*"Ann", "tab", *"Bob", "tab", *"ann", "tab", "enter")
        await pilot.pause()
        assert screen_name(app) == "NamesScreen"  # Ann and ann: refused, and said so
        assert error.region.height >= 1 and error.region.bottom <= box.region.bottom <= 29
        await pilot.press("shift+tab", "backspace", "y")  # "any": the error was about names now changed
        await pilot.pause()
        assert error.region.height == 0


async def test_each_turn_starts_with_the_piers_scrolled_to_the_top(tui_deck):
    """At 100×30 the piers scroll; the first player scrolls down on their turn, and the
    next player's turn starts with every name and total in sight again, not where the
    last player left the scroll."""
    app = make_app(tui_deck, 3, 4)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press(*("enter", *KEEP_FIRST) * 3)  # the pass screen and set-up, per player
        await pilot.pause()
        await take_the_laptop(pilot, app)
        first = app.session.game.current_player
        assert screen_name(app) == "TableScreen"
        scroll = app.screen.query_one("#piers-scroll")
        await pilot.press("pagedown")
        await pilot.pause()
        assert scroll.scroll_y > 0, "nothing to scroll at 100×30: the test shows nothing"
        await pilot.press("1", "enter")
        await pilot.pause()
        await pilot.press("enter")  # placed: the next player's turn, after a pass screen
        await pilot.pause()
        assert screen_name(app) == "PassScreen"
        await take_the_laptop(pilot, app)
        assert screen_name(app) == "TableScreen" and app.session.game.current_player != first
        scroll = app.screen.query_one("#piers-scroll")
        assert scroll.scroll_y == 0


def offered(app) -> set[str]:
    """The keys the footer shows now."""
    return {key for key, active in app.screen.active_bindings.items() if active.binding.show and active.enabled}


async def test_take_back_is_not_offered_before_a_game_is_on(tui_deck):
    app = make_app(tui_deck, 2, 4, names=None)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("tab", "tab")  # past both names to the start rule: a name takes a "u"
        await pilot.pause()
        assert screen_name(app) == "NamesScreen" and app.focused.id == "start-rule"
        assert "u" not in offered(app)
        await pilot.press("enter")  # default names; then the game is on
        await pilot.pause()
        assert screen_name(app) != "NamesScreen" and "u" in offered(app)


async def test_the_keys_list_is_in_sight_whole_at_the_minimum_size(tui_deck):
    app = make_app(tui_deck, 2, 4)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert screen_name(app) == "HelpScreen"
        box = app.screen.query_one("#help-box")
        assert box.region.y >= 0 and box.region.bottom <= 29, box.region  # the footer's row is 29
        assert box.max_scroll_y == 0, "cut short: the end of the list is out of sight"
        shown = drawn_text(app)
        assert "Keys" in shown and "Every choice shows what it scores" in shown
        await pilot.press("escape")
        await pilot.pause()
        assert screen_name(app) != "HelpScreen"


async def test_the_start_rule_under_the_cursor_is_the_one_drawn_highlighted(tui_deck):
    """The names screen follows the start rule's cursor itself (`RadioSet` keeps its own
    in a private name): after any arrow keys and clicks it is the rule Textual draws
    highlighted, and Enter starts the game with it."""
    from textual.widgets import RadioButton

    from pier18.tui.screens.names import StartRule

    app = make_app(tui_deck, 3, 4, names=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert screen_name(app) == "NamesScreen"
        rule = app.screen.query_one(StartRule)
        rule.focus()
        buttons = list(rule.query(RadioButton))
        rng = random.Random(7)
        for _ in range(30):
            if rng.random() < 0.3:
                await pilot.click(buttons[rng.randrange(len(buttons))])  # pressed, and under the cursor
            else:
                await pilot.press(rng.choice(["up", "down", "left", "right"]))
            await pilot.pause()
            assert [i for i, button in enumerate(buttons) if button.has_class("-selected")] == [rule.highlighted()]
        if rule.highlighted() == rule.pressed_index:  # so that Enter's choice shows
            await pilot.press("down")
            await pilot.pause()
        chosen = rule.highlighted()
        assert chosen != rule.pressed_index and buttons[chosen].has_class("-selected")
        await pilot.press("enter")
        await pilot.pause()
        assert app.session is not None and app.session.first_player == (chosen - 1 if chosen > 0 else None)


async def test_the_final_screen_says_quit_once_and_q_still_quits(tui_deck):
    """'q Quit  ^q Quit' (play-test nl, 38): the footer shows one key for Quit; the
    screen's q, kept out of the footer, still ends the app at once."""
    rng = random.Random(4)
    decisions = keyed_game(tui_deck, 3, 4, rng, until=at_the_last_plan)
    app = make_app(tui_deck, 3, 4, decisions=decisions)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_by_keys(pilot, app, rng)
        assert screen_name(app) == "FinalScreen"
        from pier18.tui.widgets.footer import FooterKey

        shown = [key.description for key in app.screen.query(FooterKey)]
        assert shown.count("Quit") == 1, shown
        await pilot.press("q")
        await pilot.pause()
        await wait_until(pilot, lambda: not app.is_running, "the app ended by q")
