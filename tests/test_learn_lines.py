"""`pier18 learn --lines`: the guided first game played by a script that reads only the
lines, as a person with a screen reader would.

The script (`Learner`) is handed the lines said so far each time the lesson reads one.
At a step's pause it types `next` (or an empty line, Enter) and tries a few commands on
the way; at its turn it asks `moves` and types the move whose words the lesson said
last: the step's suggestion, a refusal's "this step needs you to ...", or else the
hint's advice (it asks `hint`). The oracle is the script file and the engine: the
learner must have made exactly the script's suggestions (the designed path), every step
must have been said once in order, each feedback must say what `speech.why.lesson_feedback`
says, and every public event of the game's log must be among the lines, with no box
drawing (`test_play_lines.check_game`); in Dutch, no English phrase of the catalog.
"""

from __future__ import annotations

import io
import re
import subprocess
import sys

import pytest

from dutch import english_in
from helpers import child_env
from test_play_lines import BOXES, check_game

from pier18 import cli, i18n
from pier18.engine import PlayerView, load_deck
from pier18.persist import record
from pier18.persist.lesson import LEARNER_SEAT, lesson_save, load_script, new_lesson, step_words
from pier18.speech.why import lesson_feedback

MOVE = re.compile(r"^(keep \d+ \d+|draft \d+:\d+|plan \d+): (.+)$")
DECK = load_deck(None)
SCRIPT = load_script(DECK)
#: More lines than the lesson takes.
MOST_READS = 2000


def pause_line() -> str:
    return i18n._("Type next, or press Enter, to go on.")


class Learner:
    """Reads the lines written so far each time a line is asked for, and answers."""

    def __init__(self, out: io.StringIO, extras: list[str] | None = None, stop_after: int | None = None) -> None:
        self.out = out
        self.read_up_to = 0
        self.since_move: list[str] = []  # the lines said since the learner's last move
        self.asked: str | None = None  # 'moves' or 'hint', whose answer is next
        self.moves: list[tuple[str, str]] = []  # the moves listed last: as typed, and in words
        self.extras = list(extras if extras is not None else ["hand", "row", "piers", "plans", "scores", "pier",
                                                              "why", "hint", "help", "frobnicate", "next"])
        self.tried: list[tuple[str, list[str]]] = []  # each extra line typed, and its answer
        self.pending: str | None = None
        self.made = 0  # moves typed
        self.stop_after = stop_after
        self.pauses = 0
        self.paused = 0  # lines still to type at a step's pause
        self.reads = 0

    def lines(self) -> list[str]:
        return self.out.getvalue().splitlines()

    def readline(self, size: int = -1) -> str:
        self.reads += 1
        if self.reads > MOST_READS:
            return ""  # a lesson that never moves on: the input ends
        lines = self.lines()
        new, self.read_up_to = lines[self.read_up_to:], len(lines)
        if self.pending is not None:  # an extra's answer: not what the lesson suggests
            self.tried.append((self.pending, new))
            self.pending = None
        else:
            self.since_move += new
        if self.stop_after is not None and self.made >= self.stop_after:
            return "quit\n"
        if new and new[-1] == pause_line():
            self.pauses += 1
            self.paused = 3  # at a step's pause: up to two extras, then on
        if self.paused:
            self.paused -= 1
            if self.extras and self.paused:
                self.pending = self.extras.pop(0)
                return self.pending + "\n"
            self.paused = 0
            return "next\n" if self.pauses % 3 else "\n"
        if self.asked == "moves":
            self.asked = None
            self.moves = [(m.group(1), m.group(2)) for line in new if (m := MOVE.match(line))]
        elif self.asked == "hint":
            self.asked = None
            move = self.said_move(new)
            assert move is not None, ("the hint names no move listed", new, self.moves)
            return self.move(move)
        if not self.moves:
            self.asked = "moves"
            return "moves\n"
        move = self.said_move(self.since_move)
        if move is None:
            self.asked = "hint"
            return "hint\n"
        return self.move(move)

    def said_move(self, lines: list[str]) -> str | None:
        """The listed move whose words were said last (a step's, a refusal's, a hint's):
        its words whole ('take #13 Ballroom covering 1 section'), or without their verb
        ('#13 Ballroom covering 1 section', as a cover step says 'place ...')."""
        for line in reversed(lines):
            if line.startswith(tuple(typed for typed, _words in self.moves)):
                continue  # the list of moves itself
            for typed, words in self.moves:
                if words in line or words.split(" ", 1)[-1] in line:
                    return typed
        return None

    def move(self, typed: str) -> str:
        self.made += 1
        self.moves, self.since_move = [], []
        return typed + "\n"


def learn(argv: list[str], learner_args: dict | None = None) -> tuple[int, Learner]:
    """Run `pier18 ARGV` in this process, its standard input the learner's and its
    standard output a string."""
    out = io.StringIO()
    learner = Learner(out, **(learner_args or {}))
    saved = sys.stdin, sys.stdout
    sys.stdin, sys.stdout = learner, out  # type: ignore[assignment]
    try:
        status = cli.main(argv)
    finally:
        sys.stdin, sys.stdout = saved
    return status, learner


def check_lesson(lines: list[str], session) -> None:
    """The whole lesson: the designed path followed, each step said once and in order,
    each feedback as the lesson's words say it, every public event among the lines."""
    check_game(lines, session)
    again = new_lesson(DECK, SCRIPT)
    heads: list[str] = []
    for seat, decision in session.game.history:
        if seat == LEARNER_SEAT:
            view = PlayerView.of(again.game, seat)
            suggestion = SCRIPT.suggestion(view)
            assert decision == suggestion, (decision, suggestion)  # the learner read the suggestions
            chose, gone, new, suggested = lesson_feedback(DECK, view.outcome(decision), view.outcome(suggestion))
            assert chose in lines and suggested in lines, chose
            for reason in gone + new:
                assert any(line.endswith(reason) for line in lines), reason
        again.apply(decision)
    for step in SCRIPT.steps:
        head = step_words(step, len(SCRIPT.steps), DECK, None)[0]
        heads.append(head)
        assert lines.count(head) == 1, head
    assert [line for line in lines if line in heads] == heads


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_whole_lesson_played_by_reading_only_the_lines(tmp_path, speaking, lang):
    status, learner = learn(["--lang", lang, "learn", "--lines"])
    assert status == 0
    lines = learner.lines()
    session = record.load(lesson_save())
    assert session.game.is_terminal()
    check_lesson(lines, session)
    for word, answer in learner.tried:
        assert answer, word  # every line answered at once
    answers = dict(learner.tried)
    assert answers["frobnicate"] == [i18n._("unknown command, try help")]
    assert answers["hint"][0] == i18n._("Hint: the hard bot is thinking…") and len(answers["hint"]) >= 2
    assert not learner.extras, learner.extras  # every extra was tried
    if lang == "nl":
        assert english_in("\n".join(lines)) == []


def test_a_step_that_needs_a_choice_refuses_another_in_one_line(tmp_path):
    """At the cover step that needs its cover, another cover of the same card is refused
    in one line naming what to do, nothing is made, and the lesson goes on."""
    step = next(s for s in SCRIPT.steps if s.need and s.at == "cover")
    want = SCRIPT.draft(step.round)
    keep = SCRIPT.keep()
    other = f"draft {want.card}:{0 if want.cover else 1}"
    typed = f"keep {keep.plan} {keep.foundation}\n\n\n\n{other}\nquit\n"
    proc = subprocess.run([sys.executable, "-m", "pier18", "learn", "--lines"], input=typed, capture_output=True,
                          text=True, timeout=120, env=child_env(PIER18_DATA_DIR=str(tmp_path / "data")))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    from pier18.speech.why import lesson_refused

    refusal = lesson_refused(DECK, want, "cover")
    assert refusal in lines and "1 section" in refusal
    assert lines[lines.index(refusal) + 1].startswith("Your lesson is saved:")  # quit: nothing made
    session = record.load(tmp_path / "data" / "lesson" / "lesson.json")
    assert [d for seat, d in session.game.history if seat == LEARNER_SEAT] == [keep]


@pytest.mark.parametrize("stop_after", [1, 3])
def test_quit_halfway_then_learn_lines_goes_on_with_a_recap(tmp_path, speaking, stop_after):
    """Stopped after some moves ('quit'), the lesson is saved; `learn --lines` again
    says where the lesson stands and the game so far, says the step of the moment it
    stopped at, and plays to the end."""
    status, first = learn(["learn", "--lines"], {"stop_after": stop_after, "extras": []})
    assert status == 0
    said = first.lines()
    assert said[-1] == i18n._("Your lesson is saved: 'pier18 learn --lines' goes on with it.")
    saved = record.load(lesson_save())
    assert len([1 for seat, _d in saved.game.history if seat == LEARNER_SEAT]) == stop_after

    status, second = learn(["learn", "--lines"], {"extras": []})
    assert status == 0
    lines = second.lines()
    assert i18n._("Going on with your lesson where you left it ('pier18 learn --lines --again' starts it over).") in lines
    recap = lines.index(i18n._("The game so far:"))
    table = __import__("pier18.engine", fromlist=["TableView"]).TableView.of(saved.game)
    done = SCRIPT.steps_done(table)
    standing = [line for line in lines if line.startswith("The lesson so far:")]
    assert standing == [f"The lesson so far: {done} of its {len(SCRIPT.steps)} steps done."]
    assert lines.index(standing[0]) > recap
    resumed_heads = [line for line in lines if line.startswith("Step ")]
    assert resumed_heads[0] == step_words(SCRIPT.steps[done], len(SCRIPT.steps), DECK, None)[0]
    session = record.load(lesson_save())
    assert session.game.is_terminal()
    check_game(lines, session)  # the recap and the rest: every event of the whole game


def test_again_starts_over_and_the_end_of_the_input_stops_saved(tmp_path):
    env = child_env(PIER18_DATA_DIR=str(tmp_path / "data"))
    keep = SCRIPT.keep()
    first = subprocess.run([sys.executable, "-m", "pier18", "learn", "--lines"], input=f"keep {keep.plan} {keep.foundation}\n",
                           capture_output=True, text=True, timeout=120, env=env)
    assert first.returncode == 0, first.stderr
    assert first.stdout.splitlines()[-1] == "Your lesson is saved: 'pier18 learn --lines' goes on with it."
    assert len(record.load(tmp_path / "data" / "lesson" / "lesson.json").decisions) >= 1
    again = subprocess.run([sys.executable, "-m", "pier18", "learn", "--lines", "--again"], input="",
                           capture_output=True, text=True, timeout=120, env=env)
    assert again.returncode == 0, again.stderr
    assert "The game so far:" not in again.stdout and "Step 1 of " in again.stdout
    assert record.load(tmp_path / "data" / "lesson" / "lesson.json").decisions == []


HOSTILE = [
    "x" * 200_000,
    "\x1b[2J\x1b]0;owned\x07hand",
    "keep \x1b[31m15 18\x00",
    "draft 99:99",
    "plan banana",
    "HAND",
    "\u202e\u200bhelp",
    "frobnicate " * 1000,
    "draft " + "9" * 100_000,
    "keep 15 18 " + "\x1b[A" * 5000,
]


def test_hostile_lines_are_each_answered_at_once_and_safely(tmp_path):
    """Every hostile line typed at the first pause gets its answer before the next is
    read: short, with no control character and nothing spelled back at length."""
    out = io.StringIO()
    answers: list[tuple[str, list[str]]] = []
    typed = iter(HOSTILE)

    class Hostile:
        read_up_to = 0
        last: str | None = None

        def readline(self, size: int = -1) -> str:
            lines = out.getvalue().splitlines()
            new, Hostile.read_up_to = lines[Hostile.read_up_to:], len(lines)
            if Hostile.last is not None:
                answers.append((Hostile.last, new))
            Hostile.last = next(typed, None)
            return "" if Hostile.last is None else Hostile.last + "\n"

    saved = sys.stdin, sys.stdout
    sys.stdin, sys.stdout = Hostile(), out  # type: ignore[assignment]
    try:
        status = cli.main(["learn", "--lines"])
    finally:
        sys.stdin, sys.stdout = saved
    assert status == 0
    assert [line for line, _answer in answers] == HOSTILE
    for line, answer in answers:
        assert answer, line[:40]
        assert all(len(said) < 400 for said in answer), (line[:40], answer)
        assert not any(re.search("[\x00-\x1f\x7f\u202e\u200b]", said) for said in answer), (line[:40], answer)
    assert dict(answers)[HOSTILE[0]] == ["unknown command, try help"]
    assert dict(answers)["HAND"][0].endswith("your cards, each from its land end:")  # a command in capitals is still the command
    assert not [line for line in out.getvalue().splitlines() if BOXES.search(line)]


def test_learn_plays_in_plain_lines_when_its_input_and_output_are_pipes(tmp_path):
    """Without --lines, where the screen would be drawn into a pipe: plain lines, said
    once, no escape code."""
    proc = subprocess.run([sys.executable, "-m", "pier18", "learn"], input="hand\nquit\n", capture_output=True,
                          text=True, timeout=120, env=child_env(PIER18_DATA_DIR=str(tmp_path / "data")))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[:2] == ["The Pier 18 lesson in plain lines: type help for the commands.",
                         "standard input and standard error are not terminals: playing in plain lines, as with --lines"]
    assert "\x1b" not in proc.stdout and "\x1b" not in proc.stderr
    assert "Player, your cards, each from its land end:" in lines
