"""The table flows without losing anything a player should see (issue #22, part A).

- A key pressed before a screen was shown never acts on it (the queued Enter).
- A Patron result stays until the player moves on, and names the draft that ended the
  round; the card just placed is marked on its pier, beside the table, never over it.
- The game log (`l`) lists every public event of the game.
- The pass screen says what happened since that player last moved.
- One total: every screen shows, for the same pier, the engine's
  `score(seat, with_plan=True)`, and `pier18 score` agrees or says why it cannot.
"""

from __future__ import annotations

import re

from textual import events

from pier18.engine import Draft, Game, Phase, PlacePlan, TableView
from pier18.tui.moves import game_moves
from pier18.speech.moves import patron_log_line
from pier18.speech.scores import _ONE_PIER_CANNOT_JUDGE
from waiting import Steps
from tui_helpers import (
    settled,
    NAMES,
    FIRST_CARD,
    first_keys,
    first_keys_game,
    make_app,
    press_until,
    screen_name,
    shown,
    text_of,
    wait_until,
)


def random_bots(level: str, seat: int):
    from pier18.bots import make_bot

    return make_bot("random", seat)


def stack(app) -> list[str]:
    return [type(screen).__name__ for screen in app.screen_stack]


def enter() -> events.Key:
    """An Enter as the terminal hands it to the app, stamped now."""
    return events.Key("enter", "\r")


def people_key(app) -> tuple[str, ...] | str | None:
    """The keys a person presses to go on with the first choice; None while a bot moves."""
    name = screen_name(app)
    if name == "TableScreen":
        return None if app.table().thinking or app.session.game.is_terminal() else FIRST_CARD
    return "enter"


async def play_people_until(pilot, app, condition, what: str) -> None:
    for _ in Steps(lambda: f"{what} ({screen_name(app)} on top)", progress=lambda: len(app.session.decisions)):
        if condition():
            return
        keys = people_key(app)
        if keys is None:
            await pilot.pause(0.01)
            continue
        await pilot.press(*((keys,) if isinstance(keys, str) else keys))
        await pilot.pause()


# -- a key meant for one box never acts on the next ---------------------------------------


async def test_a_key_pressed_before_a_box_was_shown_never_acts_on_it(tui_deck):
    # Against a bot: Ann places her card, and an Enter pressed while the bot moves comes
    # to the app once the bot's draft has ended the round. It must not close the Patron.
    app = make_app(tui_deck, 2, 5, seats=["human", "random"], names=["Ann", "Random bot"], bot_provider=random_bots)
    async with app.run_test(size=(120, 40)) as pilot:
        game = app.session.game

        def ann_opens_a_round() -> bool:
            return (screen_name(app) == "TableScreen" and game.phase is Phase.DRAFT and game.current_player == 0
                    and not app.table().thinking and all(card is None for card in game.drafted))

        await play_people_until(pilot, app, ann_opens_a_round, "a round Ann opens")
        await pilot.press(*FIRST_CARD)
        await wait_until(pilot, lambda: screen_name(app) == "PlaceScreen", "Ann's placement")
        early = enter()  # pressed before the Patron panel exists
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(app) == "PatronScreen", "the Patron panel")
        award = app.screen.award
        app.post_message(early)
        await settled(pilot)
        assert screen_name(app) == "PatronScreen" and app.screen.award == award
        await pilot.press("enter")  # a key pressed now, on the panel, closes it
        await wait_until(pilot, lambda: screen_name(app) == "TableScreen", "the table again")

    # At one laptop: Enter twice on the Patron panel closes it, and the second Enter does
    # not pick the highlighted card on the table under it.
    app = make_app(tui_deck, 2, 5)
    async with app.run_test(size=(120, 40)) as pilot:
        await press_until(pilot, lambda: screen_name(app) == "PatronScreen",
                          lambda: first_keys(app), "a Patron panel")
        made = len(app.session.decisions)
        app.post_message(enter())
        app.post_message(enter())
        await settled(pilot)
        assert stack(app) == ["Screen", "TableScreen"] and len(app.session.decisions) == made

    # Enter twice on the pass screen opens the set-up and makes no choice on it.
    app = make_app(tui_deck, 2, 5)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "PassScreen", "the pass screen")
        app.post_message(enter())
        app.post_message(enter())
        await settled(pilot)
        assert stack(app)[-1] == "KeepScreen" and app.session.decisions == []


async def test_each_patron_panel_shows_its_own_round_and_an_early_key_never_closes_it(tui_deck):
    """The app makes one Patron panel and fills it again for each round: the second round's
    panel shows the second award and the draft that ended that round, never the first's;
    the table under it shows the round's last card once the panel is up; and an Enter
    made after the panel was put up again but before it was drawn (when the person
    could not yet see it) is dropped, as for a new screen."""
    app = make_app(tui_deck, 2, 5)
    panels: list = []
    early: list[events.Key] = []
    push = app.push_screen

    def push_screen(screen, *args, **kwargs):
        done = push(screen, *args, **kwargs)
        if screen_name(app) == "PatronScreen":
            panels.append(screen)
            early.append(enter())  # made now: after the panel went up, before it is drawn
        return done

    app.push_screen = push_screen
    async with app.run_test(size=(120, 40)) as pilot:
        session = app.session
        seen = []
        for round_ in (1, 2):
            await press_until(pilot, lambda: screen_name(app) == "PatronScreen" and len(panels) == round_,
                              lambda: first_keys(app), f"round {round_}'s Patron panel")
            await wait_until(pilot, app.drawn, "the panel drawn")
            app.post_message(early[-1])
            await settled(pilot)
            award = session.game.awards[-1]
            assert award.round == round_
            assert screen_name(app) == "PatronScreen" and app.screen.award == award  # the early Enter did nothing
            card = tui_deck[award.card]
            panel = " ".join(shown(app.screen.query_one("#patron-panel"), width=400).split())
            assert f"Round {round_}: the Patron is #{card.id} {card.name}" in panel
            _, draft = session.game.history[award.after - 1]
            last = " ".join(shown(app.screen.query_one("#patron-last"), width=400).split())
            assert f" took #{draft.card} " in last, last
            seen.append((panel, last))
            table = app.table()  # the table under the panel shows the game as it is now
            await wait_until(pilot, lambda: table.view.history == TableView.of(session.game).history, "the table drawn")
            await pilot.press("enter")
            await wait_until(pilot, lambda: screen_name(app) != "PatronScreen", "the panel closed")
        assert panels[0] is panels[1]  # one panel, filled again
        assert seen[0] != seen[1]


async def test_the_patron_panels_first_paint_shows_its_keys(tui_deck):
    """The Patron panel's footer has its keys in the panel's first paint, for the first
    panel of a game (made then) as for a later one (filled again): not a frame or more
    later, after the table under it has been drawn again."""
    from pier18.tui.widgets.footer import Footer, FooterKey

    app = make_app(tui_deck, 2, 5)
    at_first_paint: list[list[str]] = []  # the footer's keys laid out, at each panel's first paint
    watched: set[int] = set()

    def painted(screen) -> None:  # right after a layout pass of `screen` is painted
        if screen is app.screen and screen_name(app) == "PatronScreen" and app.drawn() and len(at_first_paint) < len(app.session.game.awards):
            keys = [key for key in screen.query_one(Footer).query(FooterKey) if key.region]
            at_first_paint.append([key.description for key in keys])

    def came_on_top(screen) -> None:
        if id(screen) not in watched:
            watched.add(id(screen))
            screen.screen_layout_refresh_signal.subscribe(app, painted, immediate=True)

    async with app.run_test(size=(120, 40)) as pilot:
        app.screen_change_signal.subscribe(app, came_on_top, immediate=True)  # after the app's own
        for round_ in (1, 2):
            await press_until(pilot, lambda: screen_name(app) == "PatronScreen" and len(app.session.game.awards) == round_,
                              lambda: first_keys(app), f"round {round_}'s Patron panel")
            await wait_until(pilot, app.drawn, "the panel drawn")
            assert len(at_first_paint) == round_
            assert "Continue" in at_first_paint[-1], at_first_paint
            await pilot.press("enter")
            await wait_until(pilot, lambda: screen_name(app) != "PatronScreen", "the panel closed")


# -- events stay until the player moves on -------------------------------------------------


async def test_a_bots_round_ending_draft_is_on_the_patron_panel_until_the_player_moves_on(tui_deck):
    app = make_app(tui_deck, 2, 5, seats=["human", "random"], names=["Ann", "Random bot"], bot_provider=random_bots)
    async with app.run_test(size=(120, 40)) as pilot:
        session = app.session

        def a_bot_ended_a_round() -> bool:
            awards = session.game.awards
            return (screen_name(app) == "PatronScreen" and bool(awards)
                    and session.game.history[awards[-1].after - 1][0] == 1)

        await play_people_until(pilot, app, a_bot_ended_a_round, "a round the bot ends")
        award = session.game.awards[-1]
        seat, draft = session.game.history[award.after - 1]
        card = tui_deck[draft.card]
        panel = " ".join(shown(app.screen.query_one("#patron-last"), width=400).split())
        assert panel.startswith(f"Last draft: Random bot took #{card.id} {card.name} ")
        # Beside the table, not over it: the card is marked on the bot's pier under the panel
        # (drawn once the panel is in sight: the panel comes first).
        pier = app.table().query_one("#pier-1")
        await wait_until(pilot, lambda: any(getattr(part, "marked", None) == card.id for part in pier.content.renderables),
                         "the card marked on the bot's pier")
        assert "┏" in shown(pier) or "«" in shown(pier)  # heavy edges: marked without colour too
        made = len(session.decisions)
        await pilot.pause(0.3)  # long enough for any timer that would close it
        await settled(pilot)
        assert screen_name(app) == "PatronScreen" and app.screen.award == award
        assert len(session.decisions) == made  # and the game waits for the player
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(app) == "TableScreen", "the table")


# -- bot moves beside the table, never over it ---------------------------------------------


class GatedBot:
    """A random bot that, once it is asked, waits for the test to let it answer: the
    test looks at the screen while a bot is thinking, for as long as it needs."""

    level = "random"

    def __init__(self, seat: int, asked, go) -> None:
        from pier18.bots import make_bot

        self.bot = make_bot("random", seat)
        self.seat, self.asked, self.go = seat, asked, go

    def choose(self, view):
        self.asked.append(self.seat)
        assert self.go.wait(60), "the test never let the bot answer"
        self.go.clear()
        return self.bot.choose(view)


async def test_the_table_stays_in_sight_while_a_bot_thinks_with_the_last_bots_card_marked(tui_deck):
    """Ann against two bots: whenever a bot is thinking, the table is the screen on top
    (no box over it), it says who is choosing, and a card the other bot drafted since
    Ann's last move is marked on that bot's pier and told in the since line."""
    import threading

    asked: list[int] = []
    go = threading.Event()
    app = make_app(tui_deck, 3, 9, seats=["human", "random", "random"], names=["Ann", "Bot one", "Bot two"],
                   bot_provider=lambda level, seat: GatedBot(seat, asked, go))
    looked = marked = 0
    async with app.run_test(size=(120, 40)) as pilot:
        game = app.session.game
        try:
            for _ in Steps("the end of round 3", progress=lambda: len(game.history)):
                if game.is_terminal() or game.round > 3:
                    break
                if len(asked) > looked:  # a bot is thinking now
                    looked = len(asked)
                    seat = asked[-1]
                    await settled(pilot)
                    assert stack(app)[-1] == "TableScreen", stack(app)
                    table = app.table()
                    assert table.thinking
                    status = " ".join(shown(table.query_one("#status"), width=400).split())
                    assert re.search(rf"Bot {'one' if seat == 1 else 'two'} is (choosing|placing)", status), status
                    other = 3 - seat
                    mine = max(i for i, (who, _) in enumerate(game.history) if who == 0) if game.history else -1
                    drafts = [d for who, d in game.history[mine + 1:] if who == other and isinstance(d, Draft)]
                    if game.phase is Phase.DRAFT and drafts:
                        pier = table.query_one(f"#pier-{other}")
                        assert any(getattr(part, "marked", None) == drafts[-1].card for part in pier.content.renderables)
                        since = " ".join(shown(table.query_one("#since"), width=400).split())
                        assert f"took #{drafts[-1].card} " in since, since
                        marked += 1
                    go.set()
                    continue
                keys = people_key(app)
                if keys is None:
                    await pilot.pause(0.01)
                    continue
                await pilot.press(*((keys,) if isinstance(keys, str) else keys))
                await pilot.pause()
        finally:
            go.set()  # never leave a bot waiting, even when a check fails
    assert looked >= 4 and marked >= 2, (looked, marked)


# -- the game log ------------------------------------------------------------------------


async def test_the_game_log_lists_every_event_of_the_game(tui_deck):
    """From the last round by keys to the final screen, then `l`: every decision's move
    line (as the table tells it, a bot's with its reason) and every Patron award, in
    the order they happened, worked out here from the session by replaying the game."""
    app = make_app(tui_deck, 2, 7, seats=["human", "random"], names=["Ann", "Random bot"], bot_provider=random_bots,
                   decisions=first_keys_game(tui_deck, 2, 7, until=lambda game: game.round == 4))
    async with app.run_test(size=(100, 30)) as pilot:
        await play_people_until(pilot, app, lambda: screen_name(app) == "FinalScreen", "the final screen")
        session = app.session
        await pilot.press("l")
        await wait_until(pilot, lambda: screen_name(app) == "GameLogScreen", "the game log")
        logged = app.screen.lines
        text = shown(app.screen.query_one("#log-lines"), width=1000)
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(app) == "FinalScreen", "the final screen again")
        # A log longer than the screen opens at its newest line and scrolls back to the first.
        from pier18.tui.screens.log import GameLogScreen

        app.push_screen(GameLogScreen([f"{n}: {line}" for n in range(4) for line in logged]))
        await wait_until(pilot, lambda: screen_name(app) == "GameLogScreen" and bool(app.screen.query("#log-scroll")),
                         "a long game log")
        scroll = app.screen.query_one("#log-scroll")
        await wait_until(pilot, lambda: scroll.max_scroll_y > 0 and scroll.scroll_y == scroll.max_scroll_y,
                         "the log at its newest line")
        await pilot.press("home")
        await wait_until(pilot, lambda: scroll.scroll_y == 0, "the log at its first line")
    game = session.game
    lines = game_moves(session)
    expected = []
    for count, line in enumerate(lines, start=1):
        expected.append(line)
        expected.extend(patron_log_line(award, game.deck, session.names) for award in game.awards if award.after == count)
    assert len(lines) == len(game.history) and len(game.awards) == game.total_rounds
    assert logged == expected
    assert all(line in text for line in expected)
    assert any("; " in line and "Random bot took" in line for line in logged)  # a bot's reason is there


# -- since your turn ---------------------------------------------------------------------


async def test_the_pass_screen_says_what_happened_since_that_player_last_moved(tui_deck):
    """Three players at one laptop, from the last round's drafts: each Plan pass screen
    names every draft since that player's last move, the last round's Patron, and the
    Plans placed meanwhile, never their covers (they are hidden until the end)."""
    decisions = first_keys_game(tui_deck, 3, 12, until=lambda game: game.round == game.total_rounds)
    app = make_app(tui_deck, 3, 12, decisions=decisions)
    async with app.run_test(size=(120, 40)) as pilot:
        game = app.session.game
        seen = []
        for placer in range(3):
            await press_until(pilot, lambda: game.phase is Phase.PLAN and screen_name(app) == "PassScreen"
                              and game.current_player == placer,
                              lambda: first_keys(app), f"pass screen {placer}")
            text = " ".join(shown(app.screen.query_one("#pass-message"), width=400).split())
            assert text.startswith(f"Pass the laptop to {NAMES[placer]} Since your last move: "), text
            last = max(i for i, (seat, _) in enumerate(game.history) if seat == placer)
            for seat, decision in game.history[last + 1:]:
                if isinstance(decision, Draft):
                    cover = f"covering {decision.cover}" if decision.cover else "covering nothing"
                    assert f"{NAMES[seat]} took #{decision.card} {cover}" in text, text
                else:
                    assert isinstance(decision, PlacePlan)
                    assert re.search(rf"{NAMES[seat]} placed the Plan card[;.]", text), text
                    seen.append(seat)
            award = game.awards[-1]
            assert f"{NAMES[award.winner]} won Patron #{award.card} on " in text
            assert "placed the Plan card covering" not in text  # a hidden cover stays hidden
            await pilot.press("enter")
        assert seen == [0, 0, 1]  # Bob was told of Ann's Plan, Cy of Ann's and Bob's


# -- one total -----------------------------------------------------------------------------


def _total_of_preview(app) -> int:
    """The "now" total of the placement preview on screen."""
    text = text_of(app.screen.query_one("#score-change").content, width=200)
    match = re.search(r"Total\s+(\d+)\s+(\d+)", text)
    assert match, text
    return int(match.group(1))


async def test_every_screen_shows_the_engines_total_for_a_pier(tui_deck, capsys):
    """The table, the draft and Plan previews, the final screen and `pier18 score` give
    one total for a pier: the engine's points if the game ended now, a met Plan's bonus
    included. This game has met Plans from the last round on (Ann's and Cy's) and a
    "most" goal (Bob's), which `pier18 score` cannot judge from one pier: the final
    screen says so beside its line in the very words `pier18 score` uses."""
    import shlex

    from pier18.cli import main
    from pier18.tui.screens.final import score_command

    decisions = first_keys_game(tui_deck, 3, 12, until=lambda game: game.round == game.total_rounds)
    app = make_app(tui_deck, 3, 12, decisions=decisions)
    checked = {"table": 0, "draft preview": 0, "Plan preview": 0, "with a bonus": 0}
    async with app.run_test(size=(120, 40)) as pilot:
        game = app.session.game
        for _ in Steps("the final screen", progress=lambda: len(game.history)):
            name = screen_name(app)
            if name == "FinalScreen":
                break
            if name == "TableScreen" and game.phase is Phase.DRAFT:
                for seat in range(3):
                    total = game.score(seat, with_plan=True).total
                    assert f"total {total}" in shown(app.table().query_one(f"#pier-{seat}")), seat
                    checked["table"] += 1
                    checked["with a bonus"] += total != game.score(seat).total
            if name == "PlaceScreen":
                kind = "draft preview" if game.phase is Phase.DRAFT else "Plan preview"
                assert _total_of_preview(app) == game.score(game.current_player, with_plan=True).total, kind
                checked[kind] += 1
            await pilot.press(*(FIRST_CARD if name == "TableScreen" else ("enter",)))
            await pilot.pause()
        assert screen_name(app) == "FinalScreen"
        final_text = " ".join(shown(app.screen.query_one("#final-table"), width=400).split())
        piers = [" ".join(shown(app.screen.query_one(f"#final-pier-{s}"), width=200).split()) for s in range(3)]
    assert all(checked.values()), checked
    unjudged = 0
    for seat in range(3):
        total = game.score(seat).total
        assert f"{NAMES[seat]} {total} points" in piers[seat]
        command = score_command(game, seat)
        capsys.readouterr()
        assert main(shlex.split(command)[1:]) == 0
        out = " ".join(capsys.readouterr().out.split())
        if game.plan_card(seat).plan.goal_for(3).compares_players:
            assert _ONE_PIER_CANNOT_JUDGE in out
            assert f"{command} " + f'Plan goal "{game.plan_card(seat).plan.goal_for(3).text}": {_ONE_PIER_CANNOT_JUDGE}' in final_text
            unjudged += 1
        else:
            assert re.search(rf"│ Total\s+│\s+{total} │", out) or f"Total {total}" in out, out
    assert unjudged == 1
