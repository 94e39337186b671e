"""Whole games played through key presses only, checked against the engine."""

from __future__ import annotations

import random

import pytest

from pier18.engine import Game, Keep, Phase
from pier18.tui.screens.final import final_table
from tui_helpers import KEEP_FIRST, NAMES, SET_UP_2, at_the_last_plan, first_keys_game, keyed_game, make_app, play_by_keys, screen_name, take_the_laptop, text_of


# The three-player whole game by keys is test_table_people_trust.py::
# test_no_screen_or_question_shows_a_seat_what_it_may_not_know (same checks, and more).
@pytest.mark.parametrize(("players", "seed"), [(2, 8)])
async def test_a_whole_game_by_keys_matches_the_engine(tui_deck, players, seed):
    app = make_app(tui_deck, players, seed)
    async with app.run_test(size=(120, 40)) as pilot:
        expected = await play_by_keys(pilot, app, random.Random(seed))
        assert screen_name(app) == "FinalScreen"
        session = app.session
        assert session.decisions == expected
        engine = Game.replay(tui_deck, players, seed, expected)
        assert engine.is_terminal()
        assert session.game.returns() == engine.returns()
        for seat in range(players):
            assert session.game.score(seat).as_dict() == engine.score(seat).as_dict()
        shown = text_of(final_table(session.game, session.names))
        for standing in engine.ranking():
            assert f"{standing.place}. {NAMES[standing.seat]}  {standing.total} points" in shown


async def test_names_are_asked_on_the_first_screen(tui_deck):
    app = make_app(tui_deck, 2, 3, names=None)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert screen_name(app) == "NamesScreen"
        await pilot.press(*"Ann", "tab", *"Bob", "enter")
        await pilot.pause()
        assert app.session.names == ["Ann", "Bob"]
        assert screen_name(app) == "PassScreen"


async def test_the_names_screen_is_styled_once_as_it_first_shows_and_as_a_restyle_would(tui_deck, monkeypatch):
    """Textual restyles a screen whole each time it comes on top; the names screen, just
    pushed (its widgets were styled as they were mounted), skips that pass the first time:
    `pier18 play`'s start-up. Every widget's styles are what a whole restyle makes them."""
    from textual import events
    from textual.dom import DOMNode

    restyled: list[str] = []
    restyle = DOMNode.update_node_styles

    def spied(node, animate=True):
        restyled.append(type(node).__name__)
        restyle(node, animate)

    monkeypatch.setattr(DOMNode, "update_node_styles", spied)
    app = make_app(tui_deck, 3, 4, names=None)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen_name(app) == "NamesScreen"
        assert "NamesScreen" not in restyled
        styled = [(node, node.styles.css) for node in screen.walk_children(with_self=True)]
        screen.update_node_styles(animate=False)
        assert [(node, node.styles.css) for node in screen.walk_children(with_self=True)] == styled
        screen.post_message(events.ScreenResume())  # on top again later: restyled as usual
        await pilot.pause()
        assert "NamesScreen" in restyled


async def test_two_players_may_not_share_a_name(tui_deck):
    app = make_app(tui_deck, 2, 3, names=None)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press(*"Ann", "tab", *"ann", "enter")
        await pilot.pause()
        assert screen_name(app) == "NamesScreen"
        assert app.session is None


async def test_set_up_cards_stay_hidden_until_the_player_is_at_the_keys(tui_deck):
    app = make_app(tui_deck, 3, 4)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert screen_name(app) == "PassScreen" and app.screen.player == "Ann"
        await pilot.press("enter")
        await pilot.pause()
        assert screen_name(app) == "KeepScreen"
        assert app.screen.hand == list(app.session.game.hands[0])
        await pilot.press(*KEEP_FIRST)
        await pilot.pause()
        # Bob's cards are not on screen until Bob says he has the laptop.
        assert screen_name(app) == "PassScreen" and app.screen.player == "Bob"
        assert isinstance(app.session.decisions[0], Keep)


async def test_escape_goes_back_from_placing_to_the_cards(tui_deck):
    app = make_app(tui_deck, 2, 5)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press(*SET_UP_2)
        await pilot.pause()
        await take_the_laptop(pilot, app)
        assert screen_name(app) == "TableScreen"
        before = list(app.session.decisions)
        await pilot.press("right", "enter")
        await pilot.pause()
        assert screen_name(app) == "PlaceScreen"
        assert app.screen.card.id == app.session.game.revealed[1]
        await pilot.press("escape")
        await pilot.pause()
        assert screen_name(app) == "TableScreen"
        assert app.session.decisions == before


async def test_the_plan_cannot_be_escaped(tui_deck):
    app = make_app(tui_deck, 2, 6, decisions=first_keys_game(tui_deck, 2, 6, until=lambda game: game.phase is Phase.PLAN))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter", "enter")  # the last Patron panel, then Ann's pass screen
        await pilot.pause()
        assert screen_name(app) == "PlaceScreen" and app.session.game.phase is Phase.PLAN
        await pilot.press("escape")
        await pilot.pause()
        assert screen_name(app) == "PlaceScreen"
        assert app.screen.card.id == app.session.game.plans[0]


async def test_only_legal_covers_are_offered(tui_deck):
    app = make_app(tui_deck, 2, 7)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press(*SET_UP_2)
        await pilot.pause()
        await take_the_laptop(pilot, app)
        await pilot.press("1", "enter")
        await pilot.pause()
        game = app.session.game
        assert screen_name(app) == "PlaceScreen"
        offered = [d.cover for d in app.screen.choices]
        assert offered == list(game.piers[game.current_player].covers())
        await pilot.press(*["down"] * (len(offered) - 1), "9", "enter")  # 9 is no legal cover
        await pilot.pause()
        assert app.session.decisions[-1].cover == offered[-1]


async def test_the_final_screen_matches_pier18_score_for_each_pier(tui_deck, capsys):
    import json
    import shlex

    from pier18.cli import main
    from pier18.tui.screens.final import score_command
    from tui_helpers import DECK_FILE

    rng = random.Random(5)  # from the last Plan placement: it and the end by keys
    app = make_app(tui_deck, 3, 2, decisions=keyed_game(tui_deck, 3, 2, rng, until=at_the_last_plan))
    async with app.run_test(size=(100, 30)) as pilot:
        await play_by_keys(pilot, app, rng)
        game = app.session.game
    for seat in range(3):
        command = score_command(game, seat)
        assert command in text_of(final_table(game, NAMES), width=200)
        assert f"--deck {DECK_FILE.absolute()}" in command  # the game's deck is not the shipped one
        argv = shlex.split(command)[1:] + ["--json"]  # the command as shown, nothing added
        capsys.readouterr()
        assert main(argv) == 0
        scored = json.loads(capsys.readouterr().out)
        mine = game.score(seat).as_dict()
        goal = game.plan_card(seat).plan.goal_for(3)
        if goal.compares_players:  # `pier18 score` sees one pier: it cannot judge these
            scored.pop("plan"), mine.pop("plan"), scored.pop("total"), mine.pop("total")
        assert {k: scored[k] for k in mine} == mine


def scored_by(command: str, capsys) -> dict:
    """What running a final screen's `pier18 score` line prints, as it is shown."""
    import json
    import shlex

    from pier18.cli import main

    capsys.readouterr()
    assert main(shlex.split(command)[1:] + ["--json"]) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


def test_each_final_command_scores_as_the_game_did_wherever_the_deck_came_from(tui_deck, deck, capsys):
    """A game of another deck once printed `pier18 score` lines without it: 13 points for
    a pier the game scored 108. Here the lines carry the deck in every way a final screen
    can have one: its file; the game's own (nothing to add); a host's deck at the host's
    own seat (its file, passed in) and at a joined seat (no file here: said so)."""
    from pier18.engine import TableView
    from pier18.persist.record import parse_deck_text
    from pier18.tui.screens.final import record_text, score_command
    from tui_helpers import DECK_FILE
    from helpers import random_game

    def checked(game, commands):
        for seat, command in enumerate(commands):
            mine, scored = game.score(seat).as_dict(), scored_by(command, capsys)
            plan = game.plan_card(seat)
            if plan is not None and plan.plan.goal_for(game.players).compares_players:
                for key in ("plan", "total"):  # one pier cannot settle such a goal
                    mine.pop(key), scored.pop(key)
            assert {k: scored[k] for k in mine} == mine, command

    shipped = random_game(deck, 2, 12)
    plain = [score_command(shipped, seat) for seat in range(2)]
    assert not any("--deck" in c for c in plain)
    checked(shipped, plain)

    own_file = random_game(tui_deck, 3, 11)
    commands = [score_command(own_file, seat) for seat in range(3)]
    assert all(f"--deck {DECK_FILE.absolute()}" in c and "--players 3" in c for c in commands)
    checked(own_file, commands)

    hosted = parse_deck_text(DECK_FILE.read_text(encoding="utf-8"), "<host deck>", tui_deck.digest, "the host's deck")
    far = TableView.of(Game.replay(hosted, 3, 11, own_file.decisions))  # as a joined seat sees it
    assert far.is_terminal()
    at_the_host = [score_command(far, seat, tui_deck) for seat in range(3)]
    assert at_the_host == commands
    checked(own_file, at_the_host)
    joined = text_of(record_text(far, NAMES, None), width=300)
    assert "--deck DECK-FILE" in joined and "DECK-FILE: the deck file the host played with" in joined


async def test_clicking_a_pier_keeps_the_number_keys_working(tui_deck):
    app = make_app(tui_deck, 2, 5)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press(*SET_UP_2)
        await pilot.pause()
        await take_the_laptop(pilot, app)
        await pilot.click("#pier-0")
        await pilot.press("pagedown", "3", "enter")
        await pilot.pause()
        assert screen_name(app) == "PlaceScreen"
        assert app.screen.card.id == app.session.game.revealed[2]


async def test_a_click_points_at_a_card_in_the_draft_row_and_a_second_click_opens_it(tui_deck):
    app = make_app(tui_deck, 2, 5)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press(*SET_UP_2)
        await pilot.pause()
        await take_the_laptop(pilot, app)
        views = list(app.screen.query("CardView"))
        await pilot.click(views[1])
        await pilot.pause()
        assert screen_name(app) == "TableScreen"  # the first click only points
        assert app.screen.query_one("DraftRow").selected == 1
        await pilot.click(views[1])
        await pilot.pause()
        assert screen_name(app) == "PlaceScreen"
        assert app.screen.card.id == app.session.game.revealed[1]
