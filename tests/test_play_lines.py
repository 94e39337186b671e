"""`pier18 play --lines`: whole games played by a script that reads only the lines.

The script (`Player`) stands in for a person with a screen reader: it is handed every
line said so far whenever the game reads one, asks `moves` and types one of the moves
listed, presses Enter at a pass prompt, and tries a few other words on the way. After
the game, every public event of the game's log (what the app's `l` shows) must be among
the lines, no line may hold box drawing, and a game in Dutch must show no English
phrase of the catalog.
"""

from __future__ import annotations

import io
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from dutch import english_in
from helpers import child_env

from pier18 import cli, i18n
from pier18.speech.notices import replay_command
from pier18.engine import TableView
from pier18.lines.say import plain
from pier18.persist import record
from pier18.tui.moves import bot_reasons, game_log

MOVE = re.compile(r"^(keep \d+ \d+|draft \d+:\d+|plan \d+)\b")
#: Box drawing and block elements: what a screen reader spells out character by character.
BOXES = re.compile("[\u2500-\u259f]")
#: Marks and symbols a screen reader names ('heavy check mark', 'black star', 'anchor',
#: 'middle dot', 'right arrow') instead of saying a word: box drawing, the Plan verdicts'
#: ticks and crosses, the card kinds' signs, arrows.
SPELLED = re.compile("[\u2500-\u259f\u2714\u2718\u2605\u2665\u2693\u270e\u00b7\u2190-\u21ff]")
#: More lines than any game takes (a 3-player game reads about 300).
MOST_READS = 3000


class Player:
    """Reads the lines written so far each time a line is asked for, and answers."""

    def __init__(self, out: io.StringIO, seed: int) -> None:
        self.out = out
        self.read_up_to = 0  # lines read so far
        self.chooser = random.Random(seed)
        self.asked_moves = False
        self.tried: list[tuple[str, list[str]]] = []  # each extra word typed, and its answer
        self.pending: str | None = None  # the extra word typed last, whose answer is next
        self.passes = 0
        self.reads = 0
        self.prompt: list[str] | None = None  # the pass prompt, while the script answers it
        self.at_prompt: list[tuple[list[str], list[str]]] = []  # each pass prompt, and what `hand` got there
        self.extras = ["hand", "row", "piers", "plans", "scores", "pier", "frobnicate"]

    def lines(self) -> list[str]:
        return self.out.getvalue().splitlines()

    def readline(self, size: int = -1) -> str:
        self.reads += 1
        if self.reads > MOST_READS:  # a front end that never moves on: the input ends
            return ""
        lines = self.lines()
        new, self.read_up_to = lines[self.read_up_to:], len(lines)
        if self.pending is not None:
            self.tried.append((self.pending, new))
            if self.prompt is not None:  # `hand` at a pass prompt: then Enter
                self.at_prompt.append((self.prompt, new))
                self.prompt = self.pending = None
                return "\n"
            self.pending = None
        if self.asked_moves:
            self.asked_moves = False
            moves = [m.group(1) for line in new if (m := MOVE.match(line))]
            if not moves:  # the pass prompt again: the laptop is someone else's first
                self.passes += 1
                self.prompt = new
                self.pending = "hand"  # asked at the prompt: it must say nothing of the cards
                return "hand\n"
            if self.extras and self.chooser.random() < 0.3:
                self.pending = self.extras.pop(0)
                return self.pending + "\n"
            return self.chooser.choice(moves) + "\n"
        self.asked_moves = True
        return "moves\n"


def play(argv: list[str], seed: int) -> tuple[int, Player]:
    """Run `pier18 ARGV` in this process, its standard input the script's and its
    standard output a string."""
    out = io.StringIO()
    player = Player(out, seed)
    saved = sys.stdin, sys.stdout
    sys.stdin, sys.stdout = player, out  # type: ignore[assignment]
    try:
        status = cli.main(argv)
    finally:
        sys.stdin, sys.stdout = saved
    return status, player


def the_save(tmp_path: Path):
    saves = sorted((tmp_path / "pier18-data" / "games").glob("*.json"))
    assert len(saves) == 1, saves
    return record.load(saves[0])


def check_game(lines: list[str], session) -> None:
    """The game is over, every public event of its log among the lines, in order."""
    assert session.game.is_terminal()
    view = TableView.of(session.game)
    log = game_log(view, session.names, bot_reasons(session), session.stand_ins())
    assert log
    places = []
    for event in map(plain, log):  # the log's words, without the marks the screen adds
        found = [i for i, line in enumerate(lines) if line == event or line.startswith(event.rstrip("."))]
        assert found, (event, "\n".join(lines))
        places.append(found[0])
    players = session.players
    draft = places[players:-players]  # set-up choices and Plans are shown later than made
    assert draft == sorted(draft)
    spelled = [line for line in lines if SPELLED.search(line)]
    assert not spelled


@pytest.mark.parametrize(
    "lang, players, seats, seed",
    [("en", 2, "human,human", 5), ("en", 3, "human,human,random", 8), ("nl", 3, "human,random,human", 13)],
)
def test_a_whole_game_played_by_reading_only_the_lines(tmp_path, speaking, lang, players, seats, seed):
    status, player = play(
        ["--lang", lang, "play", "--lines", "--players", str(players), "--seats", seats, "--seed", str(seed)], seed
    )
    assert status == 0
    lines = player.lines()
    session = the_save(tmp_path)
    check_game(lines, session)
    saves = list((tmp_path / "pier18-data" / "games").glob("*.json"))
    assert lines[-1] == i18n._("The record: {command}").format(command=replay_command(saves[0], lines=True))
    assert lines[-1].endswith(" --lines")  # the last line: the game is over, and how to hear it again
    humans = seats.count("human")
    assert player.passes >= humans  # at least each person's set-up choice came after a pass prompt
    for prompt, answer in player.at_prompt:  # nothing of anyone's cards before the laptop is passed
        assert answer == prompt
    answers = dict(player.tried)
    if "frobnicate" in answers:  # the language of the game is still the one spoken
        assert answers["frobnicate"] == [i18n._("unknown command, try help")]
    for word, answer in player.tried:
        assert answer, word  # every line gets its answer at once
    if lang == "nl":
        assert english_in("\n".join(lines)) == []


def test_an_unknown_word_is_answered_at_once_and_the_hand_waits_for_the_pass(tmp_path):
    """Through the real command: an unknown word gets its one-line answer before anything
    else is typed; at a pass prompt, `hand` says nothing of the cards; then the game
    stops at the end of the input, saved, saying how to go on."""
    first = subprocess.run(
        [sys.executable, "-m", "pier18", "play", "--lines", "--players", "2", "--seats", "human,human", "--seed", "4"],
        input="frobnicate\nhand\n\nhand\nquit\n", capture_output=True, text=True, timeout=120,
        env=child_env(PIER18_DATA_DIR=str(tmp_path / "data")),
    )
    assert first.returncode == 0, first.stderr
    lines = first.stdout.splitlines()
    prompt = ["Pass the laptop to Player 1", "Everyone else: look away.", "Player 1: press Enter"]
    assert lines[1:4] == prompt
    assert lines[4] == "unknown command, try help"
    assert lines[5:8] == prompt  # hand: nothing of the cards before the laptop is passed
    assert lines[8:10] == ["set-up, Player 1 to choose", "Time to choose your Plan and Foundation from your three secret cards."]
    assert "Player 1, your cards, each from its land end:" in lines[10:]
    assert lines[-1].startswith("Your game is saved: 'pier18 play --resume ")
    assert lines[-1].endswith(" --lines' goes on with it.")  # played in plain lines: goes on in them
    assert not [line for line in lines if BOXES.search(line)]
    assert list((tmp_path / "data" / "games").glob("*.json"))


def test_a_game_stopped_in_plain_lines_goes_on_with_play_resume_lines(tmp_path, speaking):
    """Stopped after the set-up choice ('quit'), the game is saved; `play --resume
    --lines` tells the game so far and plays it to the end, still autosaved."""
    env = child_env(PIER18_DATA_DIR=str(tmp_path / "pier18-data"))
    argv = [sys.executable, "-m", "pier18", "play", "--lines", "--players", "2", "--bots", "1", "--level", "random",
            "--seed", "6"]
    first = subprocess.run(argv, input="keep\nmoves\n", capture_output=True, text=True, timeout=120, env=env)
    keep = next(m.group(1) for line in first.stdout.splitlines() if (m := MOVE.match(line)))
    first = subprocess.run(argv, input=f"{keep}\nquit\n", capture_output=True, text=True, timeout=120, env=env)
    assert first.returncode == 0, first.stderr
    for save in (tmp_path / "pier18-data" / "games").glob("*.json"):
        if not record.load(save).decisions:
            save.unlink()  # the game stopped before any choice
    status, player = play(["play", "--resume", "--lines"], 6)
    assert status == 0
    lines = player.lines()
    assert "The game so far:" in lines
    check_game(lines, the_save(tmp_path))


def test_a_game_resumed_after_the_bots_drafted_tells_their_reasons_in_the_recap(tmp_path, speaking):
    """The game so far, told again after a resume, ends each bot's move line with its
    reason, as when it was played (every event of the log among the lines)."""
    env = child_env(PIER18_DATA_DIR=str(tmp_path / "pier18-data"))
    argv = [sys.executable, "-m", "pier18", "play", "--lines", "--players", "2", "--bots", "1", "--level", "random",
            "--seed", "6"]
    first = subprocess.run(argv, input="keep\nmoves\n", capture_output=True, text=True, timeout=120, env=env)
    keep = next(m.group(1) for line in first.stdout.splitlines() if (m := MOVE.match(line)))
    for save in (tmp_path / "pier18-data" / "games").glob("*.json"):
        save.unlink()
    second = subprocess.run(argv, input=f"{keep}\nmoves\n", capture_output=True, text=True, timeout=120, env=env)
    draft = [m.group(1) for line in second.stdout.splitlines() if (m := MOVE.match(line))][-1]
    resume = [sys.executable, "-m", "pier18", "play", "--resume", "--lines"]
    third = subprocess.run(resume, input=f"{draft}\n", capture_output=True, text=True, timeout=120, env=env)
    assert third.returncode == 0, third.stderr
    saved = the_save(tmp_path)
    assert sum(1 for seat, d in saved.game.history if saved.is_bot(seat) and not str(d).startswith("keep")) >= 1
    status, player = play(["play", "--resume", "--lines"], 6)
    assert status == 0
    check_game(player.lines(), the_save(tmp_path))


def test_the_cards_in_hand_and_in_the_row_say_which_end_is_the_land_end(deck):
    """A card in the hand or the row has no pier yet: its sections are counted from the
    end that will lie on the land side, and the heading over the cards says so (in both
    languages), as the pier's heading does."""
    from pier18.engine import Game, PlayerView
    from pier18.lines import say

    game = Game(deck, 2, 7)
    hand = say.hand_lines(PlayerView.of(game, 0), ["Ann", "Bob"])
    assert hand[0] == "Ann, your cards, each from its land end:"
    assert hand[2].strip().startswith("section 1:")
    for seat in range(2):
        game.apply(PlayerView.of(game, seat).legal[0])
    row = say.row_lines(PlayerView.of(game, game.current_player))
    assert row[0] == "The draft row, each card from its land end:"
