"""`pier18 replay FILE --lines`: a saved game stepped through by a script that reads
only the lines.

The records are made by real games: one played to its end through `pier18 play --lines
--record FILE` (tests/test_play_lines.py's script at the keys, a bot at the table), the
others by the session as the app saves it. The script presses Enter and types a few
commands, reading what each line got; every public event of the game's log (what the
app's `l` shows) must be among the lines in order, 'back' and 'start' must step back and
go on from there, no line may hold box drawing, and Dutch must show no English phrase.
"""

from __future__ import annotations

import io
import random
import re
import subprocess
import sys

import pytest

from dutch import english_in
from helpers import child_env
from test_play_lines import BOXES, SPELLED, play

from pier18 import cli, i18n
from pier18.engine import TableView
from pier18.lines.replay import LineReplay
from pier18.lines.say import final_lines, plain
from pier18.persist import record
from pier18.session import Session, games_by_step
from pier18.tui.moves import bot_reasons, game_log
from pier18.speech.people import whose_turn

#: The line that says where the replay is: "Decision 3 of 40; round 1, Bob to draft."
WHERE = re.compile(r"^Decision (\d+) of (\d+); ")


class Stepper:
    """Types one line at a time, each after reading what the one before got."""

    def __init__(self, out: io.StringIO, script: list[str]) -> None:
        self.out = out
        self.script = list(script)
        self.read_up_to = 0
        self.typed: list[str | None] = []
        self.answers: list[list[str]] = []  # what each line typed got (the first: the greeting)

    def lines(self) -> list[str]:
        return self.out.getvalue().splitlines()

    def readline(self, size: int = -1) -> str:
        lines = self.lines()
        self.answers.append(lines[self.read_up_to:])
        self.read_up_to = len(lines)
        if not self.script:
            return ""  # the end of the input
        word = self.script.pop(0)
        self.typed.append(word)
        return word + "\n"


def replay(argv: list[str], script: list[str]) -> tuple[int, Stepper]:
    """`pier18 ARGV` in this process, its standard input the script's, its output a string."""
    out = io.StringIO()
    stepper = Stepper(out, script)
    saved = sys.stdin, sys.stdout
    sys.stdin, sys.stdout = stepper, out  # type: ignore[assignment]
    try:
        status = cli.main(argv)
    finally:
        sys.stdin, sys.stdout = saved
    return status, stepper


def recorded(deck, tmp_path, players: int, seed: int, seats: list[str] | None = None, steps: int | None = None):
    """A record as the app saves it, of a game played by random choices."""
    session = Session(deck, ["Ann", "Bob", "Cy"][:players], seed, seats=seats or [])
    chooser = random.Random(seed)
    while not session.game.is_terminal() and (steps is None or len(session.decisions) < steps):
        session.apply(chooser.choice(session.game.legal_decisions()))
    path = tmp_path / "game.json"
    record.save(session, path)
    return path, record.load(path)


def check_events(lines: list[str], session) -> None:
    """Every public event of the game's log among `lines`, the draft's in order; no box drawing."""
    view = TableView.of(session.game)
    log = game_log(view, session.names, bot_reasons(session), session.stand_ins())
    assert log
    places = []
    for event in map(plain, log):  # the log's words, without the marks the screen adds
        found = [i for i, line in enumerate(lines) if line == event or line.startswith(event.rstrip("."))]
        assert found, (event, "\n".join(lines))
        places.append(found[0])
    players = session.players
    draft = places[players:-players] if session.game.is_terminal() else places[players:]
    assert draft == sorted(draft)  # set-up choices and Plans are said in full later than made
    assert not [line for line in lines if SPELLED.search(line)]


def test_a_game_played_in_plain_lines_replays_every_event_in_order(tmp_path):
    """The record of a whole `play --lines` game (a person and a bot), stepped through
    with Enter alone: every event of its log, in order, then how it ended; Enter past the
    end is answered, and the end of the input ends the replay with status 0."""
    path = tmp_path / "played.json"
    status, _player = play(["play", "--lines", "--players", "2", "--seats", "human,random", "--seed", "3",
                            "--record", str(path)], 3)
    assert status == 0
    session = record.load(path)
    assert session.game.is_terminal()
    last = len(session.decisions)
    status, stepper = replay(["replay", str(path), "--lines"], [""] * (last + 1))
    assert status == 0
    lines = stepper.lines()
    assert lines[0] == i18n._("Pier 18 replay in plain lines: Enter says the next decision; type help for the commands.")
    assert lines[1] == f"Decision 0 of {last}; set-up, {session.names[0]} to choose."
    check_events(lines, session)
    assert all(stepper.answers[1:]), "every Enter gets its answer at once"
    assert stepper.answers[-2][-len(final_lines(TableView.of(session.game), session.names)):] == final_lines(
        TableView.of(session.game), session.names
    )
    assert stepper.answers[-1] == ["That was the last decision of the record; back or start steps back."]


@pytest.mark.parametrize("lang, players, seed", [("en", 3, 8), ("nl", 2, 13)])
def test_back_start_and_all_step_through_the_record(deck, tmp_path, speaking, lang, players, seed):
    """'back' says where the replay is and Enter then says that decision again; 'start'
    goes back to the deal; 'all' says the rest; the table's commands answer for the step
    the replay is at; an unknown word is answered; Dutch shows no English."""
    seats = ["human", "hard", "random"][:players]
    path, session = recorded(deck, tmp_path, players, seed, seats)
    last = len(session.decisions)
    script = ["", "", "next", "", "", "back", "", "row", "start", "plans", "frobnicate", "hand", "help", "next", "all",
              "scores", "next", "quit", "next"]
    status, stepper = replay(["--lang", lang, "replay", str(path), "--lines"], script)
    assert status == 0
    speaking(lang)
    answers = dict(zip(range(len(script)), stepper.answers[1:]))
    assert all(stepper.answers[1:])  # every line answered at once
    assert stepper.lines()[stepper.read_up_to:] == []  # 'quit': nothing more said,
    assert stepper.typed == script[:script.index("quit") + 1]  # and the rest of the input unread
    fifth = answers[4]
    where = answers[5]  # back: at decision 4
    assert len(where) == 1 and re.search(r"\b4\b", where[0]) and str(last) in where[0]
    assert answers[6] == fifth  # Enter after 'back': decision 5 again, as first said
    table_at_5 = TableView.of(games_by_step(session)[5])
    from pier18.lines.say import plans_lines, row_lines, score_lines

    assert answers[7] == row_lines(table_at_5)
    start = answers[8]
    assert len(start) == 1 and re.search(r"\b0\b", start[0])
    assert answers[9] == plans_lines(TableView.of(games_by_step(session)[0]), session.names)
    assert answers[10] == answers[11] == [i18n._("unknown command, try help")]  # no seat of its own: no hand
    assert answers[13] == stepper.answers[1]  # Enter after 'start': the first decision again
    rest = answers[14]
    assert rest[-len(final_lines(TableView.of(session.game), session.names)):] == final_lines(
        TableView.of(session.game), session.names
    )
    assert answers[15] == score_lines(TableView.of(session.game), session.names)
    assert len(answers[16]) == 1  # past the end: said so
    heard = [line for answer in (answers[13], rest) for line in answer]
    check_events(heard, session)
    text = "\n".join(stepper.lines())
    assert not SPELLED.search(text)
    if lang == "nl":
        assert english_in(text) == []


def test_an_unfinished_record_says_where_it_stops(deck, tmp_path):
    path, session = recorded(deck, tmp_path, 2, 3, steps=6)
    status, stepper = replay(["replay", str(path), "--lines"], ["end", "back", "all"])
    assert status == 0
    said_all, back, again = stepper.answers[1:4]
    assert said_all[-1] == f"The record stops here: {whose_turn(TableView.of(session.game), session.names)}."
    check_events(said_all, session)
    assert back == [f"Decision 5 of 6; {whose_turn(TableView.of(games_by_step(session)[5]), session.names)}."]
    assert len(again) >= 2 and again == said_all[-len(again):]  # the last decision again, where it stops


def test_the_hidden_choices_are_said_as_the_table_saw_them(deck, tmp_path):
    """At each step the lines say only what the table saw then (the replay screen's
    view): a set-up choice as made until every seat has chosen, then in full."""
    path, session = recorded(deck, tmp_path, 3, 5)
    status, stepper = replay(["replay", str(path), "--lines"], ["", "", ""])
    assert status == 0
    first, second, third = stepper.answers[1:4]
    history = session.game.history
    deck_ = session.deck
    for (seat, keep), said in zip(history[:2], (first, second)):
        hidden = [deck_[keep.plan].name, deck_[keep.foundation].name]
        assert len(said) == 1 and said[0].startswith(session.names[seat]), said
        assert not any(name in said[0] for name in hidden), said
    assert len(third) == 3  # the last choice, and the two shown with it
    assert all(deck_[keep.plan].name in " ".join(third) for _seat, keep in history[:3])


def test_a_designed_deal_replays_as_it_was_dealt(tmp_path):
    """A record of the lesson (its deal designed, not drawn from the seed) replays the
    cards that were dealt: the steps are the game the record holds."""
    from pier18.persist.lesson import lesson_deck, load_script, new_lesson

    lesson_cards = lesson_deck()
    session = new_lesson(lesson_cards, load_script(lesson_cards, None))
    chooser = random.Random(2)
    while not session.game.is_terminal():
        session.apply(chooser.choice(session.game.legal_decisions()))
    games = games_by_step(session)
    assert len(games) == len(session.decisions) + 1
    assert TableView.of(games[-1]).history == TableView.of(session.game).history
    assert [p.notation() for p in games[-1].piers] == [p.notation() for p in session.game.piers]
    out = io.StringIO()
    assert LineReplay(session, io.StringIO("all\n"), out).run() == 0
    check_events(out.getvalue().splitlines(), session)


def test_lines_and_json_together_is_one_line_and_status_2(tmp_path, deck, capsys):
    path, _session = recorded(deck, tmp_path, 2, 3, steps=4)
    assert cli.main(["replay", str(path), "--lines", "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith("pier18: ") and "--lines" in err and "--json" in err


def test_replay_lines_through_the_real_command(tmp_path, deck):
    """A child process, its input a pipe: every line answered, no escape code, status 0."""
    path, session = recorded(deck, tmp_path, 2, 6)
    done = subprocess.run(
        [sys.executable, "-m", "pier18", "replay", str(path), "--lines"], input="\nback\nall\nplans\n",
        capture_output=True, text=True, timeout=120, env=child_env(),
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == "" and "\x1b" not in done.stdout
    lines = done.stdout.splitlines()
    assert lines[1] == f"Decision 0 of {len(session.decisions)}; set-up, Ann to choose."
    assert lines[3] == f"Decision 0 of {len(session.decisions)}; set-up, Ann to choose."
    check_events(lines, session)
