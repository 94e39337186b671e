"""`pier18 learn`: the guided first game, played by a pilot from its first step to the
final screen.

The oracle is the script file (its suggestions) and the engine (what is legal, what a
decision does): the pilot presses the keys for the decisions it predicts and checks the
game made exactly those. The lesson's screens must show each step once, at its moment,
and the feedback after each of the learner's decisions.
"""

from __future__ import annotations

import random

from waiting import Steps
from tui_helpers import keep_keys, screen_name, shown, wait_until

from pier18.engine import Decision, Draft, Keep, Phase, PlacePlan, PlayerView, load_deck
from pier18.persist import autosave
from pier18.persist.lesson import load_script, new_lesson
from pier18.tui.learn_app import LEARNER_SEAT, LearnApp
from pier18 import i18n
from pier18.speech.why import lesson_refused, _lesson_suggested


def lesson_step_head(number: int, steps: int, title: str) -> str:
    """A lesson step's head, as the catalog says it."""
    return i18n._("Step {number} of {steps}: {title}").format(number=number, steps=steps, title=title)


DECK = load_deck(None)
SCRIPT = load_script(DECK)


def make_learn_app(session=None, factory=None) -> LearnApp:
    session = session or new_lesson(DECK, SCRIPT)
    return LearnApp(SCRIPT, session, factory or (lambda names: None), bot_pause=0.0)


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
        legal = [d for d in PlayerView.of(app.session.game, LEARNER_SEAT).legal if isinstance(d, Keep)]
        for key in keep_keys(legal.index(decision)):
            await pilot.press(key)
    elif name == "TableScreen":
        await pilot.press(str(list(app.session.game.revealed).index(decision.card) + 1), "enter")
    elif name == "PlaceScreen":
        await pilot.press(str(decision.cover))
        await pilot.pause()
        await pilot.press("enter")
    await pilot.pause()


def expected_suggestion_line(view: PlayerView, made: Decision) -> str:
    """The feedback's line on the suggestion, from the script and the engine alone."""
    want = SCRIPT.suggestion(view)
    if want is None:
        return _lesson_suggested(DECK, None, False, None)
    outcome = view.outcome(want)
    return _lesson_suggested(DECK, want, want == made, outcome.sheet_after(plan=outcome.final).total)


async def play_lesson(pilot, app, choose, on_step=None, stop=lambda app: False) -> tuple[list[str], int]:
    """Play the lesson with `choose(view)` for the learner until the final screen (or
    `stop(app)`); the step heads seen, in order, and how many feedback screens came.
    Each feedback must say of the suggestion what the script and the engine say."""
    heads: list[str] = []
    feedbacks = 0
    planned: Decision | None = None
    before: PlayerView | None = None
    for _ in Steps(lambda: f"the end of the lesson ({screen_name(app)} on top)",
                   progress=lambda: (len(app.session.decisions), screen_name(app))):
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
            made = [d for seat, d in app.session.game.history if seat == LEARNER_SEAT][-1]
            text = " ".join(shown(app.screen.query_one("#feedback-text"), 2000).split())
            assert expected_suggestion_line(before, made) in text, text
            await pilot.press("enter")
        elif name == "PatronScreen":
            await pilot.press("enter")
        elif app.session.game.current_player == LEARNER_SEAT and name in ("KeepScreen", "TableScreen", "PlaceScreen"):
            if name == "TableScreen" and app.session.game.phase is not Phase.DRAFT:
                continue
            view = before = PlayerView.of(app.session.game, LEARNER_SEAT)
            if name != "PlaceScreen" or planned is None or planned not in view.legal:
                planned = choose(view)
            await press_for(pilot, app, planned)
    raise AssertionError("unreachable: Steps fails first")  # pragma: no cover


def learner_decisions(session) -> list[Decision]:
    return [d for seat, d in session.game.history if seat == LEARNER_SEAT]


async def test_the_lesson_plays_to_the_final_screen_with_the_suggested_choices():
    """Every step once, in order, each naming its suggestion whole (the card and its
    cover; both set-up cards), and a feedback after each of the learner's decisions."""
    from pier18.speech.moves import card_label, covering

    app = make_learn_app()
    made: list[Decision] = []
    wholes: list[bool] = []

    async def whole(app, head):
        text = " ".join(shown(app.screen.query_one("#lesson-text"), 300).split())
        want = SCRIPT.suggestion(PlayerView.of(app.session.game, LEARNER_SEAT))
        if isinstance(want, Keep):
            parts = [card_label(DECK[want.plan]), card_label(DECK[want.foundation])]
        elif isinstance(want, Draft):
            parts = [f"{card_label(DECK[want.card])} {covering(want.cover)}"]
        else:
            parts = [covering(want.cover)]
        wholes.append(all(part in text for part in parts))

    def choose(view):
        decision = suggested(view)
        if not made or made[-1] != decision or view.phase is Phase.SETUP:
            made.append(decision)
        return decision

    async with app.run_test(size=(120, 40)) as pilot:
        heads, feedbacks = await play_lesson(pilot, app, choose, on_step=whole)
        assert screen_name(app) == "FinalScreen"
        assert heads == [lesson_step_head(s.number, len(SCRIPT.steps), s.title) for s in SCRIPT.steps]
        assert wholes == [True] * len(SCRIPT.steps)
        assert feedbacks == len(learner_decisions(app.session)) == 6
        assert learner_decisions(app.session) == list(dict.fromkeys(made)) or learner_decisions(app.session) == made
        game = app.session.game
        assert game.is_terminal() and game.plan_met(LEARNER_SEAT)


async def test_the_lessons_choice_wears_the_lessons_tag_never_the_hints():
    """The table tags the card a pick step suggests as the lesson's: the hint (`h`) is the
    one judge's, and the lesson's choice, made to show a step's idea, may not be its."""
    from pier18.tui.widgets.draft_row import CardView, DraftRow
    from pier18.speech.keys import HINT_TAG

    app = make_learn_app()

    def tagged(app) -> bool:
        return screen_name(app) == "TableScreen" and app.screen.query_one(DraftRow).hinted is not None

    async with app.run_test(size=(120, 40)) as pilot:
        await play_lesson(pilot, app, suggested, stop=tagged)
        row = app.screen.query_one(DraftRow)
        want = SCRIPT.suggestion(PlayerView.of(app.session.game, LEARNER_SEAT))
        assert isinstance(want, Draft) and row.hinted == want.card
        tags = {view.card.id: view.border_subtitle for view in row.query(CardView)}
        assert tags[want.card] == i18n._("lesson") and HINT_TAG not in tags.values()


async def test_the_lesson_ends_with_other_legal_choices_too():
    app = make_learn_app()
    async with app.run_test(size=(120, 40)) as pilot:
        heads, feedbacks = await play_lesson(pilot, app, other_choice)
        assert screen_name(app) == "FinalScreen" and app.session.game.is_terminal()
        assert feedbacks == len(learner_decisions(app.session)) == 6
        assert heads[0] == lesson_step_head(1, len(SCRIPT.steps), SCRIPT.steps[0].title)


async def test_a_cover_step_for_another_card_than_the_suggested_one_suggests_no_cover():
    """The learner takes another card than the step's: the cover step that follows does
    not tell them how much the suggested card (not theirs) should cover, nor refuses any
    cover for the card they took."""
    from pier18.persist.lesson import lesson_any_choice

    app = make_learn_app()
    texts: list[str] = []

    def choose(view):
        want = suggested(view) if view.phase is Phase.SETUP else SCRIPT.suggestion(view)
        if view.phase is Phase.DRAFT and view.round == 1:
            return next(d for d in view.legal if isinstance(d, Draft) and d.card != want.card and d.cover == 0)
        return want

    async def read(app, head):
        texts.append(" ".join(shown(app.screen.query_one("#lesson-text"), 300).split()))

    def covered(app):
        return len(texts) >= 3 and screen_name(app) == "FeedbackScreen"

    async with app.run_test(size=(120, 40)) as pilot:
        await play_lesson(pilot, app, choose, on_step=read, stop=covered)
        want = SCRIPT.draft(1)
        assert SCRIPT.step("cover", 1).need and texts[2].endswith(lesson_any_choice("cover")), texts[2]
        made = learner_decisions(app.session)[-1]
        assert isinstance(made, Draft) and made.card != want.card and made.cover == 0  # not refused


async def test_a_step_that_needs_a_choice_refuses_another_in_one_line_and_asks_again():
    needing = [s for s in SCRIPT.steps if s.need]
    assert needing, "the shipped script has a step that needs a particular choice"
    app = make_learn_app()
    told: list[str] = []
    notify = app.notify
    app.notify = lambda message, **options: (told.append(message), notify(message, **options))[1]
    refused: list[tuple[Decision, Decision]] = []

    def choose(view):
        want = suggested(view)
        step = SCRIPT.step("cover", view.round) if view.phase is Phase.DRAFT else None
        if step is not None and step.need and not refused:
            other = next(d for d in view.legal if isinstance(d, Draft) and d.card == want.card and d != want)
            refused.append((other, want))
            return other
        return want

    def at_the_needed_place(app):
        return refused and screen_name(app) in ("PlaceScreen", "TableScreen") and len(told) > 0

    async with app.run_test(size=(120, 40)) as pilot:
        await play_lesson(pilot, app, choose, stop=at_the_needed_place)
        other, want = refused[0]
        before = list(app.session.decisions)
        assert told == [lesson_refused(DECK, want, "cover")]  # one line, naming what to do
        assert "\n" not in told[0] and "1 section" in told[0]
        await wait_until(pilot, lambda: screen_name(app) == "PlaceScreen", "the placement asked again")
        assert app.session.decisions == before and other not in app.session.decisions  # nothing was made
        await press_for(pilot, app, want)
        await wait_until(pilot, lambda: screen_name(app) == "FeedbackScreen", "the feedback")
        assert app.session.decisions[-1] == want


async def test_quitting_at_each_step_and_resuming_lands_on_that_step(tmp_path):
    """The lesson is autosaved like any game: at each step, the game saved then and a new
    app opened from the save (as `pier18 learn` does) shows that very step again (a cover
    step's save is from before the card was chosen: its round's pick step comes back)."""
    from pier18.persist import record

    heads_resumed: list[tuple[str, str]] = []
    app = make_learn_app()

    async def reopen(app, head):
        save = tmp_path / f"lesson-{len(heads_resumed)}.json"
        record.save(app.session, save)
        again = make_learn_app(session=record.load(save))
        async with again.run_test(size=(120, 40)) as other:
            await wait_until(other, lambda: screen_name(again) in ("LessonScreen", "PatronScreen"), "a screen")
            if screen_name(again) == "PatronScreen":  # saved just as a round ended: its Patron first, as in any game
                await other.press("enter")
            await wait_until(other, lambda: screen_name(again) == "LessonScreen", f"the step after resuming at {head}")
            heads_resumed.append((head, shown(again.screen.query_one("#lesson-text"), 300).splitlines()[0].strip()))

    async with app.run_test(size=(120, 40)) as pilot:
        heads, _ = await play_lesson(pilot, app, suggested, on_step=reopen)
    assert len(heads_resumed) == len(SCRIPT.steps)
    heads = {lesson_step_head(s.number, len(SCRIPT.steps), s.title): s for s in SCRIPT.steps}
    for was, resumed in heads_resumed:
        step = heads[was]
        if step.at == "cover" and SCRIPT.step("pick", step.round) is not None:
            # the card chosen is not a decision yet: the save is from before it, at the pick
            pick = SCRIPT.step("pick", step.round)
            assert resumed == lesson_step_head(pick.number, len(SCRIPT.steps), pick.title)
        else:
            assert resumed == was


async def test_the_lesson_is_autosaved_to_its_own_file_and_pier18_learn_goes_on_with_it(monkeypatch, at_a_terminal):
    from pier18.cli import learn as learn_cli
    from pier18.persist.lesson import lesson_save

    opened: list[LearnApp] = []

    def fake_run(app):  # the app "runs": on the first lesson, the learner keeps two cards
        opened.append(app)
        if len(opened) == 1:
            app.session.apply(SCRIPT.suggestion(PlayerView.of(app.session.game, LEARNER_SEAT)))
        return 0

    monkeypatch.setattr("pier18.tui.exits.run_app", fake_run)
    monkeypatch.setattr("pier18.cli.errors.check_terminal", lambda: None)
    assert learn_cli.learn() == 0
    session = opened[-1].session
    assert len(session.decisions) == 1  # the autosave wrote the lesson's own file
    assert lesson_save().is_file() and autosave.autosaves() == []  # never among the saved games
    assert learn_cli.learn() == 0
    assert opened[-1].session.decisions == session.decisions and opened[-1].opening_notes
    assert learn_cli.learn(again=True) == 0
    assert opened[-1].session.decisions == []


async def test_the_offer_of_the_lesson_is_a_question_before_the_game(tui_deck):
    from tui_helpers import make_app


    app = make_app(tui_deck, 2, 3)
    app.offer_lesson = True
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "LessonOfferScreen", "the offer")
        assert i18n._(
            "New to Pier 18? 'pier18 learn' plays a guided first game against a bot, one idea at a time "
            "(about ten minutes). Play it now?"
        ) in " ".join(shown(s, 300) for s in app.screen.query(".confirm-line")).replace("\n", " ")
        await pilot.press("n")
        await wait_until(pilot, lambda: app.session is not None and screen_name(app) == "PassScreen", "the game, as without the offer")
        assert not app.chose_lesson
    app = make_app(tui_deck, 2, 3)
    app.offer_lesson = True
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "LessonOfferScreen", "the offer")
        await pilot.press("y")
        await wait_until(pilot, lambda: app.return_code is not None, "the app to end for the lesson")
    assert app.chose_lesson
