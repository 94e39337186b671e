"""Games against computer opponents: bots move in worker threads, people by keys only."""

from __future__ import annotations

import random

from pier18.bots import make_bot
from pier18.bots.judge import JudgeHints
from pier18.engine import Character, Draft, Game, Keep, Phase, PlacePlan
from pier18.tui.moves import MoveLog
from pier18.speech.keys import HINT_TAG
from pier18.speech.moves import decision_text
from helpers import table_move_line
from pier18.bots.seats import bot_name, seat_names
from tui_helpers import first_keys_game, make_app, play_by_keys, screen_name, shown, take_first_choices_until, wait_until

ONE_HUMAN = ["human", "random", "random"]


def random_bots(level: str, seat: int):
    return make_bot(level, seat)


async def test_one_person_plays_a_whole_game_against_two_bots(tui_deck):
    names = seat_names(["Ann"], ONE_HUMAN)
    assert names == ["Ann", "Random bot 2", "Random bot 3"]

    app = make_app(tui_deck, 3, 12, names=names, seats=ONE_HUMAN, bot_provider=random_bots)
    async with app.run_test(size=(100, 30)) as pilot:
        mine = await play_by_keys(pilot, app, random.Random(12))
        assert screen_name(app) == "FinalScreen"
        session = app.session
        # Only Ann pressed keys: her decisions are exactly the ones the keys chose.
        assert [d for i, d in enumerate(session.decisions) if _seat_of(session, i) == 0] == mine
        engine = Game.replay(tui_deck, 3, 12, session.decisions)
        assert engine.is_terminal() and session.game.is_terminal()
        assert session.game.returns() == engine.returns()
        for seat in range(3):
            assert session.game.score(seat).as_dict() == engine.score(seat).as_dict()
        assert len(session.decisions) > len(mine) > 0  # the bots moved too


def _seat_of(session, index: int) -> int:
    """Whose decision number `index` was, by replaying the decisions before it."""
    game = Game.replay(session.deck, session.players, session.seed, session.decisions[:index])
    return game.current_player


async def test_a_lone_human_gets_no_pass_screen_and_bots_never_show_the_hand(tui_deck):
    seats = ["random", "human", "random"]
    names = seat_names(["Ann"], seats)
    app = make_app(tui_deck, 3, 3, names=names, seats=seats, bot_provider=random_bots)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "KeepScreen", "Ann's set-up")
        game = app.session.game
        assert game.current_player == 1 and game.plans[0] is not None
        assert app.screen.hand == list(game.hands[1])
        # The bot before Ann kept its cards: the table says so, but shows none of them.
        table = app.table()
        panel = shown(table.query_one("#pier-0"))
        assert "hidden until everyone has chosen" in panel
        assert game.deck[game.plans[0]].name not in panel
        since = " ".join(shown(table.query_one("#since"), width=400).split())
        assert "So far: Random bot 1 kept a Plan and a Foundation." in since, since
        assert game.deck[game.plans[0]].name not in since and f"#{game.plans[0]}" not in since
        await pilot.press("enter", "enter")  # the first card as the Plan, the next as the Foundation
        await wait_until(pilot, lambda: app.session.game.phase.value == "draft", "the draft")
        # The bots may have drafted already (they do not pause in tests): read the whole log.
        # Once every choice is shown, the log names the cards (the "hidden" note is gone).
        log = " ".join(app.moves.recent(99, 99))
        assert "Random bot 3 kept #" in log and "hidden until" not in log


async def test_bot_moves_are_told_on_the_table(tui_deck):
    seats = ["human", "random"]
    app = make_app(tui_deck, 2, 5, names=seat_names(["Ann"], seats), seats=seats, bot_provider=random_bots)
    async with app.run_test(size=(100, 30)) as pilot:
        session = app.session

        def bot_drafted() -> bool:
            return any(isinstance(d, Draft) and _seat_of(session, i) == 1 for i, d in enumerate(session.decisions))

        await take_first_choices_until(pilot, app, bot_drafted, "the bot's first draft")
        index, draft = next(
            (i, d) for i, d in enumerate(session.decisions) if isinstance(d, Draft) and _seat_of(session, i) == 1
        )
        card = tui_deck[draft.card]
        before = Game.replay(tui_deck, 2, 5, session.decisions[:index])
        expected = table_move_line(before, draft, session.names)
        assert expected.startswith(f"Random bot took #{card.id} {card.name}")
        await pilot.pause()
        # The move line (in the game log) ends with one reason from the bot's estimate,
        # after the points; the table tells the draft in its "since your last move" line,
        # with that reason (under the patron panel if the round ended).
        (line,) = app.moves.recent(index + 1, 1)
        assert line.startswith(expected.removesuffix(".")) and line != expected  # a reason after the points
        reason = line.removesuffix(".").rsplit("; ", 1)[1]
        cover = f"covering {draft.cover}" if draft.cover else "covering nothing"
        since = " ".join(shown(app.table().query_one("#since"), width=400).split())
        assert f"Random bot took #{card.id} {cover} — {reason}" in since, since


def test_move_lines_give_points_and_keep_hidden_choices_hidden(tui_deck):
    game = Game(tui_deck, 2, 5)
    names = ["Ann", "Hard bot"]
    keep = game.legal_decisions()[0]
    line = table_move_line(game, keep, names)
    assert line == "Ann kept a Plan and a Foundation (hidden until everyone has chosen)."
    assert tui_deck[keep.plan].name not in line and tui_deck[keep.foundation].name not in line
    game.apply(keep)
    game.apply(game.legal_decisions()[0])
    seat = game.current_player
    draft = max(game.legal_decisions(), key=lambda d: d.cover)
    line = table_move_line(game, draft, names)
    card = tui_deck[draft.card]
    sections = f"{draft.cover} section{'s' if draft.cover != 1 else ''}" if draft.cover else "nothing"
    assert line.startswith(f"{names[seat]} took #{card.id} {card.name} covering {sections}: ")
    before = game.piers[seat].sheet()
    after = game.piers[seat].place(card, draft.cover).sheet()
    for character in Character:
        delta = after.points(character) - before.points(character)
        assert (f"{delta:+d} {character.title}" in line) == (delta != 0)
    while game.phase is not Phase.PLAN:
        game.apply(game.legal_decisions()[0])
    plan_line = table_move_line(game, PlacePlan(0), names)
    assert "placed the Plan card" in plan_line


def test_the_move_log_forgets_taken_back_moves():
    log = MoveLog()
    log.add(1, "one")
    log.add(2, "two")
    log.add(3, "three")
    assert log.recent(3, 2) == ["two", "three"]
    assert log.recent(2, 2) == ["one", "two"]  # after an undo of the third decision
    log.add(3, "three again")
    assert log.recent(3, 5) == ["one", "two", "three again"]


def test_bot_names_read_well():
    assert bot_name(["human", "hard"], 1) == "Hard bot"
    assert bot_name(["human", "hard", "hard"], 2) == "Hard bot 3"
    assert seat_names(["Ann", "Bob"], ["human", "greedy", "human"]) == ["Ann", "Greedy bot", "Bob"]


class _ScriptedHinter:
    """A hint giver whose advice the test chooses: the last legal keep, with set numbers."""

    def hint(self, view):
        from pier18.bots import Hint

        choice, other = view.legal[-1], view.legal[0]
        return Hint(choice, 7.0, "a reason the test wrote", expected_total=23.0, now=0, alternatives=((other, 19.0),))


async def test_h_shows_the_hint_it_was_given_for_the_set_up(tui_deck):
    """The hint screen says exactly what the hint giver advised (chosen here, not by a bot),
    and tags that choice in the list."""

    app = make_app(tui_deck, 2, 5, seats=["human", "random"], names=["Ann", "Random bot"],
                   bot_provider=random_bots, hint_bot=_ScriptedHinter())
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "KeepScreen", "Ann's set-up")
        legal = app.session.game.legal_decisions()
        chosen = legal[-1]
        await pilot.press("h")
        hint = app.screen.query_one("#hint")
        await wait_until(pilot, lambda: "Why:" in shown(hint), "the hint")
        text = shown(hint, 300)
        plan, foundation = tui_deck[chosen.plan], tui_deck[chosen.foundation]
        assert f"keep #{plan.id} {plan.name} as the Plan and #{foundation.id} {foundation.name} as the Foundation" in text
        assert "you should end about 23 points (now 0)" in text
        assert "a reason the test wrote" in text
        assert "Next best" in text and "19.0 behind" in text  # the alternative, with how far below the best
        assert app.session.decisions == []  # a hint decides nothing

        def tagged() -> list[int]:  # the cards whose title carries the hint's tag
            return [c for c in app.screen.hand if HINT_TAG in str(app.screen.query_one(f"#hand-{c}").border_title)]

        assert tagged() == [chosen.plan]  # the hinted Plan first,
        await pilot.press(*["right"] * app.screen.hand.index(chosen.plan), "enter")
        assert app.screen.plan == chosen.plan and tagged() == [chosen.foundation]  # then its Foundation


async def test_h_on_the_table_names_a_card_and_a_cover(tui_deck):
    app = make_app(tui_deck, 2, 5, seats=["human", "random"], names=["Ann", "Random bot"],
                   bot_provider=random_bots, hint_bot=JudgeHints(worlds=4, width=3))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter", "enter")  # Ann keeps her first Plan and Foundation
        session = app.session
        await wait_until(
            pilot,
            lambda: screen_name(app) == "TableScreen" and session.game.phase.value == "draft"
            and session.game.current_player == 0 and not app.table().thinking,
            "Ann's draft turn",
        )
        await pilot.press("h")
        await wait_until(pilot, lambda: "Why:" in shown(app.table().query_one("#hint")), "the hint")
        text = shown(app.table().query_one("#hint"))
        assert "Hint: take #" in text and "covering" in text
        card = int(text.split("take #")[1].split()[0])
        assert card in session.game.revealed
        await pilot.press(str(session.game.revealed.index(card) + 1), "enter")
        await pilot.pause()
        assert screen_name(app) == "PlaceScreen"
        assert "Hint: take #" in shown(app.screen.query_one("#hint"))  # the same turn's hint
        await pilot.pause()
        covers = app.screen.query_one("#cover-list")
        tagged = [i for i in range(covers.option_count) if str(covers.get_option_at_index(i).prompt).startswith(" hint ")]
        cover = int(text.split("covering ")[1].split()[0]) if "covering nothing" not in text else 0
        assert [app.screen.choices[i].cover for i in tagged] == [cover]


async def test_plans_placed_by_bots_stay_hidden_until_the_end(tui_deck):
    seats = ["random", "random", "human"]
    # From the end of round 3: the bots place their Plans in the app, then Ann.
    drafted = first_keys_game(tui_deck, 3, 6, until=lambda game: game.phase is Phase.PLAN)
    app = make_app(tui_deck, 3, 6, names=seat_names(["Ann"], seats), seats=seats, bot_provider=random_bots,
                   decisions=drafted)
    async with app.run_test(size=(100, 30)) as pilot:
        session = app.session
        await take_first_choices_until(
            pilot, app, lambda: session.game.phase is Phase.PLAN and session.game.current_player == 2, "Ann's Plan turn"
        )
        await wait_until(pilot, lambda: screen_name(app) == "PlaceScreen", "Ann's Plan placement")
        game = session.game
        for seat in (0, 1):
            plan = game.plans[seat]
            assert game.piers[seat].cards[-1].id == plan  # placed in the engine...
            panel = shown(app.table().query_one(f"#pier-{seat}"))
            assert "Plan: placed, shown when the game ends" in panel  # ...but not shown
            assert f"#{plan} " not in panel
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(app) == "FinalScreen", "the final score")
        assert f"#{game.plans[0]} " in shown(app.table().query_one("#pier-0"))


class _BrokenBot:
    """A bot with a bug: it raises instead of deciding."""

    level = "broken"

    def choose(self, view):
        raise ValueError("lost its cards")

    def hint(self, view):
        raise ValueError("lost its notes")


async def test_a_bot_that_fails_takes_its_first_legal_choice_and_the_game_goes_on(tui_deck):
    app = make_app(tui_deck, 2, 7, seats=["random", "human"], names=["Broken bot", "Ann"],
                   bot_provider=lambda level, seat: _BrokenBot())
    notes = []
    app.notify = lambda message, **kwargs: notes.append(message)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: app.session is not None and len(app.session.decisions) == 1, "the bot's move")
        first_legal = Game(tui_deck, 2, 7).legal_decisions()[0]
        assert app.session.decisions == [first_legal]
        assert any("lost its cards" in note and "first legal choice" in note for note in notes)
        await wait_until(pilot, lambda: screen_name(app) == "KeepScreen", "Ann's set-up after the bot")


async def test_a_hint_that_fails_says_so_and_decides_nothing(tui_deck):
    app = make_app(tui_deck, 2, 5, seats=["human", "random"], names=["Ann", "Random bot"],
                   bot_provider=random_bots, hint_bot=_BrokenBot())
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "KeepScreen", "Ann's set-up")
        await pilot.press("h")
        hint = app.screen.query_one("#hint")
        await wait_until(pilot, lambda: "No hint this time" in shown(hint), "the failed hint")
        assert "lost its notes" in shown(hint)
        assert app.session.decisions == []
        assert screen_name(app) == "KeepScreen"
