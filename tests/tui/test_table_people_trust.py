"""A table people trust: hidden choices stay hidden from every other seat (screens and
take-back questions), take-back in hot-seat, hints and bot moves in words, the move log
after a resume, the start rule, and no stale text. All by pilot, waiting on events."""

from __future__ import annotations

import random
import re
import tempfile
from pathlib import Path

from hostile import SAMPLES, hostile_deck
from pier18.bots import make_bot
from pier18.bots.judge import JudgeHints, judge
from pier18.bots.estimate import reasons
from pier18.engine import Draft, Game, Keep, Phase, PlacePlan, PlayerView, TableView, load_deck
from pier18.session import Session
from pier18.tui.app import Pier18App
from pier18.tui.moves import game_moves
from pier18.speech.moves import covering, short_decision
from pier18.speech.why import _behind, motive_text
from pier18.tui.screens.final import final_table
from tui_helpers import (
    ScreenWatcher, check_final_screen, first_keys, first_keys_game, make_app, play_by_keys, press_until, screen_name, drawn_text, shown,
    text_of, start_with_names, wait_until,
)



def random_bots(level: str, seat: int):
    return make_bot("random", seat)


def screen_text(app) -> str:
    """Everything the top screen draws now, as plain text."""
    return drawn_text(app)


def public_cards(table: TableView) -> set[int]:
    known = set(table.revealed) | {p for p in table.plans if p is not None}
    for seat in range(table.players):
        known.update(card.id for card in table.piers[seat].cards)
        known.update(table.patrons[seat])
    for award in table.awards:
        known.add(award.card)
        known.update(award.drafted)
    return known


def hidden_from(game: Game, seat: int | None) -> set[int]:
    """Cards `seat` may not know now (None: the whole table, for a public screen)."""
    if seat is None:
        return set(game.deck) - public_cards(TableView.of(game))
    return set(PlayerView.of(game, seat).unseen)


def named(text: str, game: Game) -> set[int]:
    """The cards `text` names: by name (as the deck has made it printable) or by #id."""
    flat = " ".join(text.split())
    return {
        card_id for card_id, card in game.deck.items()
        if re.search(rf"{re.escape(' '.join(card.name.split()))}(?!\d)|#{card_id}(?!\d)", flat)
    }


def leaks(text: str, game: Game, seat: int | None, names) -> list[str]:
    """What `text` says that `seat` may not know: a hidden card or a hidden Plan cover."""
    found = [f"card #{card_id} {game.deck[card_id].name}" for card_id in sorted(named(text, game) & hidden_from(game, seat))]
    flat = " ".join(text.split())
    table = TableView.of(game)
    for index, (maker, decision) in enumerate(game.history):
        if maker == seat or table.history[index][1] is not None:
            continue
        if isinstance(decision, PlacePlan) and f"{names[maker]} placed the Plan card covering" in flat:
            found.append(f"{names[maker]}'s Plan cover")
    if "place the Plan card covering" in flat and any(
        isinstance(d, PlacePlan) and table.history[i][1] is None and game.history[i][0] != seat
        for i, (_, d) in enumerate(game.history)
    ):
        found.append("a hidden Plan cover in a question")
    return found


def seat_of_screen(app) -> int | None:
    """The seat a screen is built for: the hand or the placement of the player to move."""
    if screen_name(app) in ("KeepScreen", "PlaceScreen"):
        return app.session.game.current_player
    return None


async def test_no_screen_or_question_shows_a_seat_what_it_may_not_know():
    """A whole three-person hot-seat game by keys: every screen, and the take-back
    question asked on every turn screen, holds only what its seat may know.

    The names are typed on the names screen and, like the card names, look like markup
    or carry escape codes (tests/hostile.py): every screen shows them literally (the
    crash the hostile-text tests started from: `x[/b]` as a name broke the pass screen).
    Every card's name is seen at least once over the game, so the leak check can
    recognise each one. It is also the suite's three-player whole game by keys: the keys
    made exactly the decisions the engine was asked for, and the final screen ranks as
    the engine does."""
    with tempfile.TemporaryDirectory() as folder:
        # Card names ("Card x[/b] 6") and goals ("x[/b] goal 12") made from the samples so
        # that neither a goal nor a player's name followed by a number reads as a card.
        cards, goals = [f"Card {text}" for text in SAMPLES], [f"{text} goal" for text in SAMPLES]
        deck = load_deck(hostile_deck(Path(folder) / "deck.toml", cards, goals))

    app = make_app(deck, 3, 11, names=None)
    async with app.run_test(size=(120, 40)) as pilot:
        names = await start_with_names(pilot, app, ["x[/b]", "Ann[/]", "[link=file:///etc/passwd]"])
        assert names == ["x[/b]", "Ann[/]", "[link=file:///etc/passwd]"]
        watcher = ScreenWatcher(names)
        seen = {"screens": 0, "questions": 0, "hidden placements asked over": 0}
        asked: set[tuple] = set()
        recognised: set[int] = set()

        async def look_and_ask(app) -> None:
            watcher(app)
            name = screen_name(app)
            game = app.session.game
            if name == "FinalScreen":
                return
            seat = seat_of_screen(app)
            text = screen_text(app)
            problems = leaks(text, game, seat, names)
            assert not problems, f"{name} for seat {seat} shows {problems}"
            recognised.update(named(text, game))
            seen["screens"] += 1
            turn = (len(game.history), name)
            if name in ("KeepScreen", "PlaceScreen", "PassScreen") and turn not in asked and app.session.decisions:
                asked.add(turn)
                await pilot.press("u")
                await wait_until(pilot, lambda: screen_name(app) == "TakebackScreen", "the take-back question")
                question = app.screen.question
                problems = leaks(question, game, app.at_keys(), names) + leaks(screen_text(app), game, None, names)
                assert not problems, f"take-back on {name}: {question!r} shows {problems}"
                if game.phase is Phase.PLAN and game.current_player > 0 and name == "PlaceScreen":
                    assert "hidden decision" in question
                    seen["hidden placements asked over"] += 1
                seen["questions"] += 1
                await pilot.press("n")
                await wait_until(pilot, lambda: screen_name(app) == name, "the screen again")

        expected = await play_by_keys(pilot, app, random.Random(11), on_screen=look_and_ask)
        assert screen_name(app) == "FinalScreen"
        check_final_screen(app, names)
        assert seen["questions"] >= 6 and seen["hidden placements asked over"] == 2
        assert recognised == set(deck), f"never recognised: {set(deck) - recognised}"
        assert {"PassScreen", "KeepScreen", "TableScreen", "PlaceScreen", "PatronScreen"} <= watcher.seen
        session = app.session
        assert session.decisions == expected
        engine = Game.replay(deck, 3, 11, expected)
        assert engine.is_terminal() and session.game.returns() == engine.returns()
        for seat in range(3):
            assert session.game.score(seat).as_dict() == engine.score(seat).as_dict()
        ranking = text_of(final_table(session.game, session.names))
        for standing in engine.ranking():
            assert f"{standing.place}. {names[standing.seat]}  {standing.total} points" in ranking


def plan_cover_matters(deck, players: int = 2) -> tuple[int, list]:
    """A seed and decisions up to Bob's Plan placement, where Ann's hidden cover changes
    whether Bob's Plan is met (so a preview judged on the real piers would give it away)."""
    for seed in range(300):
        game = Game(deck, players, seed)
        rng = random.Random(seed)
        while game.phase is not Phase.PLAN:
            legal = game.legal_decisions()
            game.apply(legal[rng.randrange(len(legal))])
        verdicts = set()
        for ann in game.legal_decisions():
            after = game.clone()
            after.apply(ann)
            for bob in after.legal_decisions():
                final = after.clone()
                final.apply(bob)
                verdicts.add((bob.cover, final.plan_met(1)))
        if len(verdicts) > len({cover for cover, _ in verdicts}):  # some Bob cover: met or not by Ann's
            return seed, game.decisions
    raise AssertionError("no deal where Ann's cover decides Bob's Plan")


async def test_bobs_plan_preview_is_the_same_whatever_ann_covered(tui_deck):
    seed, decisions = plan_cover_matters(tui_deck)

    async def bobs_previews(ann_cover: int) -> list[str]:
        session = Session(tui_deck, ["Ann", "Bob"], seed, decisions=[*decisions, PlacePlan(ann_cover)])
        app = Pier18App(2, lambda names: session, session=session, bot_pause=0.0)
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_until(pilot, lambda: screen_name(app) == "PassScreen", "Bob's pass screen")
            assert app.screen.player == "Bob"
            await pilot.press("enter")
            await wait_until(pilot, lambda: screen_name(app) == "PlaceScreen", "Bob's placement")
            texts = []
            for index in range(len(app.screen.choices)):
                app.screen.query_one("#cover-list").highlighted = index
                await pilot.pause()
                texts.append(shown(app.screen.query_one("#score-change")))
            return texts

    covers = Game.replay(tui_deck, 2, seed, decisions).legal_decisions()
    first = await bobs_previews(covers[0].cover)
    last = await bobs_previews(covers[-1].cover)
    assert first == last


async def to_hot_seat_plan(pilot, app, seat: int) -> None:
    """Play by first choices until `seat` has its Plan placement on screen."""
    await press_until(
        pilot,
        lambda: screen_name(app) == "PlaceScreen" and app.session.game.phase is Phase.PLAN
        and app.session.game.current_player == seat,
        lambda: first_keys(app),
        f"seat {seat}'s Plan placement",
    )


async def test_hot_seat_take_back_reaches_back_to_your_own_move_and_counts_hidden_ones(tui_deck):
    app = make_app(tui_deck, 2, 21, names=["Ann", "Bob"])
    async with app.run_test(size=(120, 40)) as pilot:
        session = app.session
        # Set-up: Bob has chosen nothing yet, so u reaches into Ann's hidden choice.
        await press_until(pilot, lambda: screen_name(app) == "KeepScreen" and session.game.current_player == 1,
                          lambda: "enter", "Bob's set-up")
        kept = session.decisions[0]
        await pilot.press("u")
        await wait_until(pilot, lambda: screen_name(app) == "TakebackScreen", "the question")
        question = app.screen.question
        assert "Ann's set-up choice" in question and "1 hidden decision" in question
        assert "laptop goes to Ann" in question
        assert tui_deck[kept.plan].name not in question and tui_deck[kept.foundation].name not in question
        await pilot.press("y")
        await wait_until(pilot, lambda: screen_name(app) == "PassScreen", "Ann's pass screen")
        assert app.screen.player == "Ann" and session.decisions == []

        # Drafting: on Bob's turn, u takes back Bob's own last decision and what came after.
        await press_until(
            pilot,
            lambda: screen_name(app) == "TableScreen" and session.game.phase is Phase.DRAFT
            and session.game.current_player == 1 and any(isinstance(d, Draft) for d in session.decisions[2:])
            and session.game.history[-1][0] == 0,
            lambda: first_keys(app),
            "Bob's draft after Ann's",
        )
        history = list(session.game.history)
        bobs_last = max(i for i, (seat, _) in enumerate(history) if seat == 1)
        await pilot.press("u")
        await wait_until(pilot, lambda: screen_name(app) == "TakebackScreen", "the question")
        assert app.screen.question.startswith("Take back Bob's")
        assert "Ann's move after it" in app.screen.question
        await pilot.press("y")
        await wait_until(pilot, lambda: len(session.decisions) == bobs_last, "the take-back")
        assert session.game.current_player == 1

    # The Plan phase, from Ann's placed Plan (the first choices before it, made by the
    # engine): Ann's placement is hidden from Bob; his u counts it, never shows it.
    decisions = first_keys_game(tui_deck, 2, 21, until=lambda game: game.phase is Phase.PLAN and game.current_player == 1)
    app = make_app(tui_deck, 2, 21, names=["Ann", "Bob"], decisions=decisions)
    async with app.run_test(size=(120, 40)) as pilot:
        session = app.session
        await to_hot_seat_plan(pilot, app, 1)
        ann = session.decisions[-1]
        assert isinstance(ann, PlacePlan)
        bobs_last = max(i for i, (seat, _) in enumerate(session.game.history) if seat == 1)
        await pilot.press("u")
        await wait_until(pilot, lambda: screen_name(app) == "TakebackScreen", "the question")
        question = app.screen.question
        assert question.startswith("Take back Bob's last move, take #")
        assert "1 hidden decision by Ann" in question and "laptop goes to Ann" in question
        assert "place the Plan card" not in question
        await pilot.press("y")
        await wait_until(pilot, lambda: len(session.decisions) == bobs_last, "the take-back")
        # Bob drafts again; when the Plans come, Ann gets a pass screen first.
        await press_until(pilot, lambda: session.game.phase is Phase.PLAN and screen_name(app) == "PassScreen",
                          lambda: first_keys(app), "the Plan phase")
        assert app.screen.player == "Ann" and "Plan" in shown(app.screen.query_one("#pass-message"))


async def test_the_hint_names_cards_where_you_should_end_and_the_next_best(tui_deck):
    app = make_app(tui_deck, 2, 5, seats=["human", "random"], names=["Ann", "Random bot"],
                   bot_provider=random_bots, hint_bot=JudgeHints(worlds=6, width=4))
    async with app.run_test(size=(120, 40)) as pilot:
        session = app.session
        await press_until(
            pilot,
            lambda: screen_name(app) == "TableScreen" and session.game.phase is Phase.DRAFT
            and session.game.current_player == 0 and not app.table().thinking,
            lambda: "enter",
            "Ann's draft turn",
        )
        view = PlayerView.of(session.game, 0)
        expected = JudgeHints(worlds=6, width=4).hint(view)
        await pilot.press("h")
        await wait_until(pilot, lambda: "Why:" in shown(app.table().query_one("#hint")), "the hint")
        text = " ".join(shown(app.table().query_one("#hint")).split())
        card = tui_deck[expected.decision.card]
        assert f"take #{card.id} {card.name} {covering(expected.decision.cover)}" in text
        now = view.score(0, with_plan=True).total  # the one total, as the table shows it
        assert f"total {now}" in shown(app.table().query_one("#pier-0"))
        assert f"you should end about {expected.expected_total:.0f} points (now {now})" in text
        assert "draft " not in text  # no notation
        assert 1 <= len(expected.alternatives) <= 2
        for decision, points in expected.alternatives:  # each with how far it ranks below the best
            assert f"{short_decision(tui_deck, decision)}, {_behind(points)}" in text
        row = app.table().query_one("#draft-row")
        marked = [view.card.id for view in row.query(".draft-card") if view.has_class("-hint")]
        assert marked == [card.id]


def test_hint_alternatives_are_the_next_best_of_the_one_judge(tui_deck):
    game = Game(tui_deck, 2, 9)
    game.apply(game.legal_decisions()[0])
    game.apply(game.legal_decisions()[3])
    view = PlayerView.of(game, game.current_player)
    hint = JudgeHints(worlds=6, width=5).hint(view)
    judged = judge(view, worlds=6, width=5)
    assert hint.decision == judged.best.decision
    assert hint.expected_total == round(judged.best.total, 2)
    nexts: list = []
    for choice in judged.choices[1:]:  # the next best different cards, in the judge's order
        if _card(choice.decision) not in {_card(c.decision) for c in [judged.best, *nexts]}:
            nexts.append(choice)
    assert [d for d, _ in hint.alternatives] == [c.decision for c in nexts[:2]]
    assert [p for _, p in hint.alternatives] == [round(judged.best.ahead - c.ahead, 2) for c in nexts[:2]]


def _card(decision):
    return decision.card if isinstance(decision, Draft) else decision


async def test_a_bot_move_line_says_its_cover_and_a_reason(tui_deck):
    app = make_app(tui_deck, 2, 5, seats=["human", "random"], names=["Ann", "Random bot"],
                   bot_provider=random_bots)
    async with app.run_test(size=(120, 40)) as pilot:
        session = app.session

        def bot_drafted() -> bool:
            return any(seat == 1 and isinstance(d, Draft) for seat, d in session.game.history)

        await press_until(pilot, bot_drafted, lambda: first_keys(app),
                          "the bot's draft")
        index = next(i for i, (seat, d) in enumerate(session.game.history) if seat == 1 and isinstance(d, Draft))
        draft = session.decisions[index]
        before = Game.replay(tui_deck, 2, 5, session.decisions[:index])
        line = app.moves.recent(index + 1, 1)[0]
        card = tui_deck[draft.card]
        assert line.startswith(f"Random bot took #{card.id} {card.name} {covering(draft.cover)}: ")
        parts = [motive_text(part) for part in reasons(TableView.of(before), 1, draft)]
        told = [part for part in parts[1:] if part in line]
        assert told, (line, parts)
        assert (parts[2] in line) if len(parts) > 2 else True  # the Patron or Plan reason when there is one


async def test_the_move_log_is_rebuilt_when_a_saved_game_is_resumed(tui_deck):
    seats = ["human", "random"]
    app = make_app(tui_deck, 2, 7, seats=seats, names=["Ann", "Random bot"], bot_provider=random_bots)
    async with app.run_test(size=(120, 40)) as pilot:
        session = app.session
        await press_until(pilot, lambda: session.game.round >= 2 and screen_name(app) == "TableScreen"
                          and session.game.current_player == 0,
                          lambda: first_keys(app), "round 2")
        played = app.moves.recent(len(session.decisions), 99)
        decisions = list(session.decisions)
    assert len(played) == len(decisions)
    assert not any("hidden until" in line for line in played)  # every choice is shown by now
    saved = Session(tui_deck, ["Ann", "Random bot"], 7, seats=seats, decisions=decisions)
    resumed = Pier18App(2, lambda names: saved, session=saved, bot_provider=random_bots, seats=seats,
                        bot_pause=0.0)
    async with resumed.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: screen_name(resumed) == "TableScreen", "the table")
        assert resumed.moves.recent(len(decisions), 99) == played == game_moves(saved)
        await pilot.pause()
        # Ann is to move: the table tells her what happened since her last move, the
        # bot's draft with the reason its move line ends with.
        seat, draft = saved.game.history[-1]
        reason = played[-1].split("; ", 1)[1].rstrip(".")
        cover = f"covering {draft.cover}" if draft.cover else "covering nothing"
        since = " ".join(shown(resumed.table().query_one("#since"), width=400).split())
        assert seat == 1 and f"Random bot took #{draft.card} {cover} — {reason}" in since, since


async def type_names(pilot, names) -> None:
    for i, name in enumerate(names):
        await pilot.press(*name)
        if i + 1 < len(names):
            await pilot.press("tab")


async def test_the_rulebook_start_rule_decides_who_drafts_first(tui_deck):
    app = make_app(tui_deck, 2, 13, names=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "NamesScreen", "the names screen")
        await type_names(pilot, ["Ann", "Bob"])
        await pilot.press("tab")  # to the start rule
        rules = " ".join(screen_text(app).split())
        assert "Bob starts: last saw the sea (rulebook)" in rules
        assert "Earliest Foundation date starts" in rules
        await pilot.press("down", "down", "enter")  # Bob last saw the sea
        await wait_until(pilot, lambda: app.session is not None, "the game")
        session = app.session
        assert session.first_player == 1 and session.names == ["Ann", "Bob"]
        await press_until(pilot, lambda: screen_name(app) == "TableScreen" and session.game.phase is Phase.DRAFT,
                          lambda: "enter", "round 1")
        assert session.game.current_player == 1
        assert "Bob starts: last saw the sea" in shown(app.table().query_one("#status"), width=400)
        # Round 1 to its Patron panel (the rest of the game follows from the engine's rules).
        await press_until(pilot, lambda: screen_name(app) == "PatronScreen",
                          lambda: first_keys(app), "the end of round 1")
        assert [seat for seat, d in session.game.history if isinstance(d, Draft)][0] == 1
        assert session.game.first_player == 1


async def test_the_default_start_rule_names_the_date(tui_deck):
    app = make_app(tui_deck, 2, 13, names=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "NamesScreen", "the names screen")
        await type_names(pilot, ["Ann", "Bob"])
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.session is not None, "the game")
        session = app.session
        assert session.first_player is None
        await press_until(pilot, lambda: screen_name(app) == "TableScreen" and session.game.phase is Phase.DRAFT,
                          lambda: "enter", "round 1")
        first = session.game.first_player
        date = session.game.piers[first].placements[0].card.date
        dates = [session.game.piers[s].placements[0].card.date_key for s in range(2)]
        assert first == dates.index(min(dates))
        assert f"{session.names[first]} starts: earliest Foundation date ({date})" in shown(
            app.table().query_one("#status"), width=400)


async def test_stale_and_wrong_texts_are_gone(tui_deck):
    from pier18.tui.widgets.draft_row import DraftRow
    from pier18.words import keys_notes

    assert "Anywhere" not in "".join(keys_notes())
    enter = [b for b in DraftRow.BINDINGS if getattr(b, "key", None) == "enter"]
    assert enter and "Place" not in enter[0].description and "Choose" in enter[0].description

    app = make_app(tui_deck, 2, 13, names=None, seats=["human", "random"], bot_provider=random_bots)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "NamesScreen", "the names screen")
        assert "Tab" not in screen_text(app).split("Who starts")[0]  # one name: nothing to tab to
    app = make_app(tui_deck, 2, 13, names=["Ann", "Bob"])
    async with app.run_test(size=(120, 40)) as pilot:
        await press_until(pilot, lambda: screen_name(app) == "PatronScreen",
                          lambda: first_keys(app), "a Patron panel")
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: screen_name(app) == "HelpScreen", "the keys on the Patron panel")
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(app) == "PatronScreen", "the Patron panel again")
        await pilot.press("u")
        await wait_until(pilot, lambda: screen_name(app) == "TakebackScreen", "take-back on the Patron panel")
        await pilot.press("n")
        moves = " ".join(app.moves.recent(99, 99))
        assert "hidden until everyone has chosen" not in moves and "Ann kept #" in moves


class _SeatMarkedHinter:
    """A hint giver whose every hint names the seat it was drawn for, and that seat's
    private cards, so a test can tell whose view a drawn hint came from."""

    def hint(self, view):
        from pier18.bots import Hint

        secret = f"secret of seat {view.seat}: hand {list(view.hand)}, returned {view.returned}"
        return Hint(view.legal[-1], 1.0, secret, expected_total=10.0, now=0)


async def test_at_one_laptop_nothing_drawn_from_one_seats_view_reaches_another_seat(tui_deck):
    """Every person asks for a hint on every turn of a 3-player hot-seat game, and every
    screen shown is checked before a key is pressed on it: no hint (text or card mark)
    drawn from another seat's view, none at all on a pass screen, and the laptop changes
    hands only through a pass screen, whatever the phase. (Before the fix, the hint asked
    on the last set-up screen stayed on the first draft table, for the next person.)"""
    rng = random.Random(7)
    app = make_app(tui_deck, 3, 4, hint_bot=_SeatMarkedHinter())
    asked: set[int] = set()  # the turns (decisions made before) on which a hint was asked
    at_keys: list[int] = []  # whose turn each screen of a turn was, in order

    async def check(app, pilot) -> None:
        name, game = screen_name(app), app.session.game
        if game.is_terminal() or name in ("FinalScreen", "PatronScreen"):
            return
        seat, turn = game.current_player, len(game.decisions)
        text = drawn_text(app)
        marks = re.findall(r"secret of seat (\d)", text)
        if name == "PassScreen":
            assert not marks, f"a hint on the pass screen for {app.session.names[seat]}"
            at_keys.append(-1)
            return
        assert all(int(mark) == seat for mark in marks), f"{name} for seat {seat} shows a hint of seat {marks}"
        if turn not in asked:
            assert not marks, f"{name} for seat {seat} shows a hint before it was asked"
            if name == "TableScreen":
                assert app.table().query_one("DraftRow").hinted is None, "a card marked hint before it was asked"
        if at_keys and at_keys[-1] not in (-1, seat):
            raise AssertionError(f"{name}: the laptop went to seat {seat} without a pass screen")
        at_keys.append(seat)
        if turn not in asked and name in ("KeepScreen", "TableScreen", "PlaceScreen") and (
            name != "TableScreen" or game.phase is Phase.DRAFT
        ):
            asked.add(turn)
            await app.screen.run_action("hint")
            await wait_until(pilot, lambda: f"secret of seat {seat}" in drawn_text(app), "the hint")

    async with app.run_test(size=(120, 40)) as pilot:
        await play_by_keys(pilot, app, rng, on_screen=lambda app: check(app, pilot))
    assert at_keys.count(-1) >= 3 * 3  # a pass screen before each set-up, Plan, and draft hand-over
