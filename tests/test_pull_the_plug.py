"""Pull the plug on a real `pier18 play` in a terminal, then `pier18 play --resume`.

The game runs in a pseudo-terminal and is played by key presses (Enter moves every
screen along: pass, keep, pick, place, patron). It is killed with SIGKILL in the middle
of play; the autosave must load, hold every decision seen saved before the kill, and
`--resume` must go on with the same game in the same file.
"""

from __future__ import annotations

import signal
import sys

import pytest

from pier18.persist import record
from terminal import Terminal, decisions, play_until, saved

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


def test_sigkill_mid_game_then_resume_loses_nothing(tmp_path):
    data_dir = tmp_path / "data"
    game = Terminal(["play", "--players", "2", "--names", "Ann,Bob", "--seed", "3"], data_dir)
    try:
        before = play_until(game, data_dir, 6)  # set-up done, drafting under way
        game.press_enter()  # the plug is pulled in the middle of the next decision
    finally:
        game.kill()
    assert game.process.returncode == -signal.SIGKILL

    (path,) = saved(data_dir)
    after_kill = decisions(path)
    assert after_kill[: len(before)] == before  # nothing seen saved is lost
    assert len(after_kill) - len(before) <= 1  # at most the decision being made
    session = record.load(path)  # whole, loadable, replayed by the engine
    assert session.names == ["Ann", "Bob"] and session.seed == 3

    resumed = Terminal(["play", "--resume"], data_dir)
    try:
        later = play_until(resumed, data_dir, len(after_kill) + 1)
    finally:
        resumed.kill()
    assert saved(data_dir) == [path]  # the same game, saved in the same file
    assert later[: len(after_kill)] == after_kill
    assert b"Traceback" not in game.output + resumed.output
