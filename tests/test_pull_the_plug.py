"""Pull the plug on a real `pier18 play` in a terminal, then `pier18 play --resume`.

The game runs in a pseudo-terminal and is played by key presses (Enter moves every
screen along: pass, keep, pick, place, patron). It is killed with SIGKILL in the middle
of play; the autosave must load, hold every decision seen saved before the kill, and
`--resume` must go on with the same game in the same file.
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest

from helpers import child_env
from pier18.persist import autosave as saves
from pier18.persist import record

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


class Terminal:
    """A `pier18` process on a pseudo-terminal of 130x40, its output drained as it comes."""

    def __init__(self, args: list[str], data_dir: Path) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 130, 0, 0))
        # No COLUMNS/LINES from this process: Textual would believe them over the terminal.
        env = child_env(TERM="xterm-256color", **{saves.DATA_DIR_ENV: str(data_dir)})
        self.process = subprocess.Popen(
            [sys.executable, "-m", "pier18", *args],
            stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True, start_new_session=True,
        )
        os.close(slave)
        self.master = master
        self.output = b""

    def read_reply(self, limit: float = 10, settled: float = 0.2) -> None:
        """Wait for the program to draw something (at most `limit` seconds), then read
        until it has stopped drawing for `settled` seconds: it has handled the key.

        (Enter pressed again while a screen was still closing used to close the table
        too and leave a blank screen; fixed, see docs/testing.md. Waiting for the
        screen keeps each Enter to one decision, so the test knows what was saved.)
        """
        wait = limit
        while True:
            ready, _, _ = select.select([self.master], [], [], wait)
            if not ready:
                return
            try:
                self.output += os.read(self.master, 65536)
            except OSError:
                return
            wait = settled

    def press_enter(self) -> None:
        os.write(self.master, b"\r")

    def kill(self) -> None:
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)
        os.close(self.master)


def saved(data_dir: Path) -> list[Path]:
    folder = data_dir / "games"
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


def decisions(path: Path) -> list[str]:
    try:
        return json.loads(path.read_text())["decisions"]
    except (OSError, ValueError, KeyError):
        return []  # not written yet: os.replace makes it appear whole, never half


def play_until(terminal: Terminal, data_dir: Path, count: int, presses: int = 300) -> list[str]:
    """Press Enter, each time after the screen has answered the last press, until the
    autosave holds `count` decisions; returns what it holds."""
    terminal.read_reply()  # the first screen
    for _ in range(presses):
        files = saved(data_dir)
        if files and len(decisions(files[-1])) >= count:
            return decisions(files[-1])
        terminal.press_enter()
        terminal.read_reply()
    raise AssertionError(f"the game did not reach {count} decisions; the screen showed:\n{terminal.output[-2000:]!r}")


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
