"""The lesson script's shape is checked when it is read: a bad file is one line naming
the file, the step and the field, and `pier18 learn` exits with status 2 before drawing
anything. And `pier18 play` offers the lesson once, on a machine with no saved games."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import child_env
from pier18.engine import load_deck
from pier18.persist import autosave
from pier18.persist.lesson import LessonError, default_script_path, first_time_offer, load_script
from pier18.engine.text import shorten

pytestmark = pytest.mark.usefixtures("at_a_terminal")  # the app, as in a shell

DECK = load_deck(None)
SHIPPED = default_script_path().read_text(encoding="utf-8")
#: The shipped script's deal and set-up Foundation lines, whatever the lesson's design.
DEAL = re.search(r"^deal = \[[^\]]*\]", SHIPPED, re.M).group(0)
FOUNDATION = re.search(r"^foundation = \d+", SHIPPED, re.M).group(0)


def spoiled(old: str, new: str) -> str:
    """The shipped script with the first `old` of its data (after the notes) made `new`."""
    notes, data = SHIPPED.split("\nversion = 1\n", 1)
    data = "version = 1\n" + data
    assert old in data, old
    return notes + "\n" + data.replace(old, new, 1)


#: (the file's text, what the one line must say)
BAD = {
    "not toml": ("deal = [", "is not valid TOML"),
    "unknown field": (SHIPPED + "\nspeed = 3\n", "unknown field 'speed'"),
    "version": (spoiled("version = 1", "version = 7"), "'version' must be 1, got 7"),
    "bot": (spoiled('bot = "greedy"', 'bot = "wizard"'), "'bot' must be random, greedy or hard, got 'wizard'"),
    "deal short": (spoiled(DEAL, DEAL.rsplit(",", 1)[0] + "]"), "'deal' must list every card id of the deck once (18 ids)"),
    "deal twice": (spoiled(DEAL, DEAL.rsplit(",", 1)[0] + ", " + DEAL.rsplit(",", 2)[1].strip() + "]"), "'deal' must list every card id"),
    "moment": (spoiled('at = "keep"', 'at = "jump"'), "step 1: 'at' must be keep, pick, cover or plan, got 'jump'"),
    "cover text": (spoiled("cover = 1", 'cover = "one"'), "step 3: 'cover' must be a whole number, got 'one'"),
    "need number": (spoiled("need = true", "need = 1"), "step 3: 'need' must be true or false, got 1"),
    "card id": (spoiled("card = 13", "card = 99"), "step 2: 'card' must be a card id of the deck, got 99"),
    "round": (spoiled("round = 1", "round = 9"), "step 2: 'round' must be a round of the game (1 to 4), got 9"),
    "step field": (spoiled("card = 13", "cards = 13"), "step 2: unknown field 'cards'"),
    "cover at keep": (spoiled(FOUNDATION, FOUNDATION + "\ncover = 1"), "step 1: unknown field 'cover'"),
    "no title": (spoiled('title = "Three cards, two jobs"', 'title = "  "'), "step 1: 'title' must be some words"),
    "missing text": (spoiled('text = """\nYou get three', 'words = """\nYou get three'), "step 1: unknown field 'words'"),
    "twice": (spoiled('at = "cover"\nround = 2', 'at = "pick"\nround = 2'), "step 5 is shown at the same moment as step 4"),
    "order": (spoiled('at = "pick"\nround = 3', 'at = "pick"\nround = 1'), "step 6 comes earlier in the game than step 5"),
    "no steps": ("version = 1\nbot = 'greedy'\nbot_seed = 1\ndeal = " + str(sorted(DECK)) + "\nstep = []\n", "has no [[step]]"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_each_mistake_in_a_script_is_one_exact_line(tmp_path, case):
    text, says = BAD[case]
    path = tmp_path / "lesson.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LessonError) as error:
        load_script(DECK, path)
    message = str(error.value)
    assert message.startswith(shorten(path)) and says in message and "\n" not in message, message


def test_the_shipped_script_reads():
    script = load_script(DECK)
    assert [s.number for s in script.steps] == list(range(1, len(script.steps) + 1))
    assert {s.at for s in script.steps} == {"keep", "pick", "cover", "plan"}


@pytest.mark.parametrize("case", ["not toml", "step field", "missing file", "a folder"])
def test_pier18_learn_with_a_bad_script_is_one_line_and_status_2(tmp_path, case):
    path = tmp_path / "lesson.toml"
    if case == "a folder":
        path.mkdir()
    elif case != "missing file":
        path.write_text(BAD[case][0], encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "pier18", "learn", "--script", str(path)],
        capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL,
        env=child_env(PIER18_DATA_DIR=str(tmp_path / "data")),
    )
    assert done.returncode == 2, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"pier18: {shorten(path)}") and done.stdout == "", done.stderr
    assert "Traceback" not in done.stderr


def test_the_lesson_is_offered_once_on_a_machine_with_no_saved_games(tmp_path, monkeypatch):
    monkeypatch.setenv("PIER18_DATA_DIR", str(tmp_path / "fresh"))
    assert first_time_offer() is True
    assert first_time_offer() is False  # never again
    assert first_time_offer() is False


def test_the_lesson_is_not_offered_where_games_were_played(tmp_path, monkeypatch):
    monkeypatch.setenv("PIER18_DATA_DIR", str(tmp_path / "played"))
    autosave.games_dir().mkdir(parents=True)
    (autosave.games_dir() / "20260101-000000-ann-bob-abcdef.json").write_text("{}", encoding="utf-8")
    assert first_time_offer() is False


def test_pier18_play_offers_it_the_first_time_only(tmp_path, monkeypatch):
    """`pier18 play` asks before the names screen the first time, and never after; with
    the names given on the command line there is no names screen and no question."""
    from pier18.cli import build_parser
    from pier18.cli import play

    monkeypatch.setenv("PIER18_DATA_DIR", str(tmp_path / "first"))
    offered: list[bool] = []

    def fake_run(app, factory):
        offered.append(app.offer_lesson)
        return 0

    monkeypatch.setattr(play, "run_app", fake_run)
    monkeypatch.setattr("pier18.cli.errors.check_terminal", lambda: None)
    named = build_parser().parse_command(["play", "--players", "2", "--bots", "1", "--names", "Ann"])
    args = build_parser().parse_command(["play", "--players", "2", "--bots", "1"])
    assert play.run(named) == 0
    for _ in range(3):
        assert play.run(args) == 0
    assert offered == [False, True, False, False]


@pytest.mark.parametrize("finished", [True, False])
def test_yes_to_the_lesson_goes_on_into_the_game_asked_for_once_it_is_played(tmp_path, monkeypatch, finished):
    """"Yes, teach me" on the first `pier18 play --players 3`: the lesson, then the
    3-player game asked for (it once ended with the lesson). A lesson left half-way ends
    the command: `pier18 learn` goes on with it."""
    from pier18.cli import build_parser, learn, play
    from pier18.persist import lesson

    monkeypatch.setenv("PIER18_DATA_DIR", str(tmp_path / "first"))
    ran: list[tuple[str, int, bool]] = []

    def fake_run(app, factory):
        ran.append(("play", app.players, app.offer_lesson))
        if app.offer_lesson:
            app.chose_lesson = True  # "Yes, teach me"
        return 0

    def fake_learn(script_path=None, again=False):
        ran.append(("learn", 2, False))
        return 0

    monkeypatch.setattr(play, "run_app", fake_run)
    monkeypatch.setattr(play, "learn", fake_learn)  # play reads the name it imported
    monkeypatch.setattr(play, "lesson_finished", lambda: finished)
    monkeypatch.setattr("pier18.cli.errors.check_terminal", lambda: None)
    assert play.run(build_parser().parse_command(["play", "--players", "3"])) == 0
    game = [("play", 3, False)] if finished else []
    assert ran == [("play", 3, True), ("learn", 2, False), *game]


# -- the designed path: the lesson agrees with the judge, and each step's idea happens ---


def _designed_path(script):
    """The lesson played as designed, with the engine alone: the learner (seat 0) takes
    every suggestion, the bot plays as in the lesson (`lesson_rival`). For each of the
    learner's decisions: (its view, the script's suggestion, the hint's first choice, the
    learner's sheet before and after); and the finished game."""
    from pier18.bots.judge import hint
    from pier18.engine import Phase, PlayerView
    from pier18.persist.lesson import lesson_rival, new_lesson

    game = new_lesson(DECK, script).game
    made = []
    while game.phase is not Phase.OVER:
        view = PlayerView.of(game, game.current_player)
        if view.seat != 0:
            game.apply(lesson_rival(script).choose(view))
            continue
        suggestion = script.suggestion(view)
        assert suggestion is not None and suggestion in view.legal, (
            f"{view.phase.value} round {view.round}: the script's choice is not legal on the designed path")
        best = hint(view).decision  # what h says there: the judge with the hint's worlds and width
        before = game.piers[0].sheet()
        game.apply(suggestion)
        made.append((view, suggestion, best, before, game.piers[0].sheet()))
    return made, game


def _gains(before, after, category):
    return getattr(after, category) - getattr(before, category)


def test_on_the_designed_path_each_suggestion_is_the_hints_first_choice_and_each_steps_idea_happens():
    """Following every suggestion, each one is legal, is what `h` names first (so the
    review calls it best, 0 lost), is shown whole (card and cover) on its step, and the
    idea each step teaches happens on the table: the Patron goes by points, a cover
    that scores more than covering nothing, a gain in the category a step is about, a
    Patron tie that the earlier date settles, the Plan's goal met."""
    from pier18.engine import Draft, Keep, Phase
    from pier18.persist.lesson import lesson_task
    from pier18.speech.moves import card_label, covering

    script = load_script(DECK)
    made, game = _designed_path(script)
    assert len(made) == 6  # set-up, 4 drafts, the Plan
    disagree = [f"{v.phase.value} round {v.round}: the lesson says {s}, h says {b}" for v, s, b, _, _ in made if s != b]
    moment = {(v.phase, v.round if v.phase is Phase.DRAFT else 0): (v, s, b, a) for v, s, _, b, a in made}
    awards = {award.round: award for award in game.awards}
    keep_view, keep, _, _ = moment[(Phase.SETUP, 0)]

    def draft(round_):
        return moment[(Phase.DRAFT, round_)]

    def patron_by_points(round_):
        award = awards[round_]
        return not award.by_date and award.winner == 0

    def cover_pays(round_):
        view, chosen, _, _ = draft(round_)
        plain = view.outcome(Draft(chosen.card, 0)).sheet_after(plan=False).total
        return chosen.cover >= 1 and view.outcome(chosen).sheet_after(plan=False).total > plain

    def gains(round_, category):
        _, _, before, after = draft(round_)
        return _gains(before, after, category) > 0

    def tie_by_date(round_):
        award = awards[round_]
        return award.by_date and len(award.tied) == 2 and min(award.scores) > 0 and award.winner == 0

    #: What each step of the shipped script teaches, and how the table shows it happened.
    ideas = {
        ("keep", 0): lambda: isinstance(keep, Keep) and game.plans[0] == keep.plan
        and game.piers[0].placements[0].card.id == keep.foundation,
        ("pick", 1): lambda: patron_by_points(1),
        ("cover", 1): lambda: cover_pays(1) and gains(1, "flower"),
        ("pick", 2): lambda: gains(2, "flower"),
        ("cover", 2): lambda: gains(2, "fisher"),
        ("pick", 3): lambda: gains(3, "lovers"),
        ("cover", 3): lambda: gains(3, "poet"),
        ("pick", 4): lambda: tie_by_date(4),
        ("plan", 0): lambda: game.plan_met(0) is True,
    }
    assert {(s.at, s.round) for s in script.steps} == set(ideas), "every step of the lesson has its idea checked"
    missed = [f"step {s.number} ({s.title})" for s in script.steps if not ideas[(s.at, s.round)]()]
    assert not disagree and not missed, f"the lesson disagrees with h: {disagree}; these steps' ideas never happen: {missed}"
    # every step shows its suggestion whole: both cards, or the card and its cover
    for step in script.steps:
        phase = {"keep": Phase.SETUP, "plan": Phase.PLAN}.get(step.at, Phase.DRAFT)
        view, suggestion, _, _ = moment[(phase, step.round)]
        task = lesson_task(DECK, suggestion, step.need, step.at)
        if isinstance(suggestion, Keep):
            assert card_label(DECK[suggestion.plan]) in task and card_label(DECK[suggestion.foundation]) in task, task
        else:
            card = [card_label(DECK[suggestion.card])] if isinstance(suggestion, Draft) else []
            assert all(part in task for part in [*card, covering(suggestion.cover)]), task


def test_off_the_designed_path_the_lesson_suggests_nothing():
    """A learner who chose something else plays a game the lesson was not designed or
    checked for: the steps suggest nothing there (the hint, `h`, is the guide), rather
    than a choice that may be a poor one."""
    from pier18.engine import Keep, PlayerView
    from pier18.persist.lesson import lesson_rival, new_lesson

    script = load_script(DECK)
    game = new_lesson(DECK, script).game
    view = PlayerView.of(game, 0)
    other = next(d for d in view.legal if isinstance(d, Keep) and d != script.suggestion(view))
    game.apply(other)
    game.apply(lesson_rival(script).choose(PlayerView.of(game, 1)))
    view = PlayerView.of(game, 0)
    assert script.draft(1) in view.legal  # the script's card is there to take...
    assert script.suggestion(view) is None  # ...but it is no longer the lesson's answer


def test_the_catalog_holds_each_step_as_its_screen_shows_it():
    """Every step's title and text is a message (context "lesson") in the form the lesson
    screen looks up: each paragraph one line."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
    import catalog

    held = {m.id for m in catalog.messages() if m.context == "lesson"}
    script = load_script(DECK)
    assert {s.title for s in script.steps} | {s.text for s in script.steps} <= held
    assert "greedy" not in held  # the rival's level is no sentence


def test_a_step_is_shown_in_the_language_spoken(monkeypatch, tmp_path, speaking):
    """The lesson's words come from the catalog; a step it does not know (a script of
    one's own) is shown as written."""
    from tiny_catalog import speak_tiny

    from pier18.tui.screens.lesson import LessonScreen

    script = load_script(DECK)
    first, second = script.steps[0], script.steps[1]
    speak_tiny(monkeypatch, tmp_path, {("lesson", first.title): "Drie kaarten, twee taken", ("lesson", first.text): "Je krijgt drie kaarten."})
    try:
        shown = LessonScreen(first, len(script.steps), DECK, None).text.plain
        assert "Drie kaarten, twee taken" in shown and "Je krijgt drie kaarten." in shown and first.text not in shown
        other = LessonScreen(second, len(script.steps), DECK, None).text.plain
        assert second.title in other and second.text in other
    finally:
        speaking("en")
