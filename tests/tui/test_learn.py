"""`pier18 learn`: the guided first game, played by a pilot from its first step to the
final screen.

The oracle is the script file (its suggestions) and the engine (what is legal, what a
decision does): the pilot presses the keys for the decisions it predicts and checks the
game made exactly those. The lesson's screens must show each step once, at its moment,
and the feedback after each of the learner's decisions.
"""

from __future__ import annotations

import random

from tui_helpers import screen_name, shown, wait_until

from pier18.engine import Decision, Draft, Keep, Phase, PlacePlan, PlayerView, load_deck
from pier18.persist import autosave
from pier18.persist.lesson import load_script, new_lesson
from pier18.tui.learn_app import LEARNER_SEAT, LearnApp
from pier18.words import lesson_refused, lesson_step_head

DECK = load_deck(None)
SCRIPT = load_script(DECK)


def make_learn_app(session=None, factory=None) -> LearnApp:
    session = session or new_lesson(DECK, SCRIPT)
    return LearnApp(SCRIPT, session, factory or (lambda names: None), bot_pause=0.0, last_move_pause=0.0)


def suggested(view: PlayerView) -> Decision:
    decision = SCRIPT.suggestion(view)
    assert decision is not None, f"the script suggests nothing at {view.phase} round {view.round}"
    return decision


def other_choice(view: PlayerView) -> Decision:
    """A legal choice other than the suggested one where the step allows it (else the suggested one)."""
    want = SCRIPT.suggestion(view)
    rng = random.Random(view.round * 10 + len(view.piers[view.seat].placements))
    legal = list(view.legal)
    rng.shuffle(legal)
    for decision in legal:
        if decision == want:
            continue
        at = "keep" if isinstance(decision, Keep) else "plan" if isinstance(decision, PlacePlan) else None
        needs = [s for s in SCRIPT.steps if s.need and (s.at == at or (at is None and s.round == view.round))]
        if needs and want is not None and not (isinstance(decision, Draft) and decision.card != want.card
                                                and all(s.at == "cover" for s in needs)):
            continue
        return decision
    return want


async def press_for(pilot, app, decision: Decision) -> None:
    """The keys that make `decision` on the screen showing now."""
    name = screen_name(app)
    if name == "KeepScreen":
        for _ in range(app.screen.choices.index(decision)):
            await pilot.press("down")
        await pilot.press("enter")
    elif name == "TableScreen":
        await pilot.press(str(list(app.session.game.revealed).index(decision.card) + 1))
    elif name == "PlaceScreen":
        await pilot.press(str(decision.cover))
        await pilot.pause()
        await pilot.press("enter")
    await pilot.pause()


async def play_lesson(pilot, app, choose, on_step=None, stop=lambda app: False) -> tuple[list[str], int]:
    """Play the lesson with `choose(view)` for the learner until the final screen (or
    `stop(app)`); the step heads seen, in order, and how many feedback screens came."""
    heads: list[str] = []
    feedbacks = 0
    planned: Decision | None = None
    for _ in range(2000):
        await pilot.pause()
        name = screen_name(app)
        if name == "FinalScreen" or stop(app):
            return heads, feedbacks
        if name == "LessonScreen":
            head = shown(app.screen.query_one("#lesson-text"), 300).splitlines()[0].strip()
            heads.append(head)
            if on_step is not None:
                await on_step(app, head)
            await pilot.press("enter")
        elif name == "FeedbackScreen":
            feedbacks += 1
            await pilot.press("enter")
        elif name in ("PatronScreen", "LastMoveScreen"):
            await pilot.press("enter")
        elif app.session.game.current_player == LEARNER_SEAT and name in ("KeepScreen", "TableScreen", "PlaceScreen"):
            if name == "TableScreen" and app.session.game.phase is not Phase.DRAFT:
                continue
            view = PlayerView.of(app.session.game, LEARNER_SEAT)
            if name != "PlaceScreen" or planned is None or planned not in view.legal:
                planned = choose(view)
            await press_for(pilot, app, planned)
    raise AssertionError(f"the lesson never ended: {screen_name(app)}")


def learner_decisions(session) -> list[Decision]:
    return [d for seat, d in session.game.history if seat == LEARNER_SEAT]


async def test_the_lesson_plays_to_the_final_screen_with_the_suggested_choices():
    app = make_learn_app()
    made: list[Decision] = []

    def choose(view):
        decision = suggested(view)
        if not made or made[-1] != decision or view.phase is Phase.SETUP:
            made.append(decision)
        return decision

    async with app.run_test(size=(120, 40)) as pilot:
        heads, feedbacks = await play_lesson(pilot, app, choose)
        assert screen_name(app) == "FinalScreen"
        assert heads == [lesson_step_head(s.number, len(SCRIPT.steps), s.title) for s in SCRIPT.steps]
        assert feedbacks == len(learner_decisions(app.session)) == 6
        assert learner_decisions(app.session) == list(dict.fromkeys(made)) or learner_decisions(app.session) == made
        game = app.session.game
        assert game.is_terminal() and game.plan_met(LEARNER_SEAT)


async def test_the_lesson_ends_with_other_legal_choices_too():
    app = make_learn_app()
    async with app.run_test(size=(120, 40)) as pilot:
        heads, feedbacks = await play_lesson(pilot, app, other_choice)
        assert screen_name(app) == "FinalScreen" and app.session.game.is_terminal()
        assert feedbacks == len(learner_decisions(app.session)) == 6
        assert heads[0] == lesson_step_head(1, len(SCRIPT.steps), SCRIPT.steps[0].title)
