"""A `pier18` process on a pseudo-terminal, for the tests that play it by keys or stop it.

Everything the process writes is kept (`output`), so a test can read what it did to
the terminal: which modes it turned on, and whether it turned them off again.

With `window=True` the pseudo-terminal is the process's controlling terminal, as a
terminal window's is (the process leads a session of its own, as a window's shell
does), so `close_window` hangs it up as closing the window does: the kernel sends the
process SIGHUP (and SIGCONT), and every read or write of it fails from then on.
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
import time
from pathlib import Path

from helpers import child_env
from pier18.persist import autosave as saves


#: Runs `python -m pier18 ARGS` with standard input as its controlling terminal (the
#: process is a session leader already: `start_new_session`).
IN_A_WINDOW = (
    "import fcntl, os, runpy, sys, termios; fcntl.ioctl(0, termios.TIOCSCTTY, 0); "
    "sys.argv[0] = 'pier18'; runpy.run_module('pier18', run_name='__main__', alter_sys=True)"
)


class Terminal:
    """A `pier18` process on a pseudo-terminal of 130x40, its output drained as it comes."""

    def __init__(self, args: list[str], data_dir: Path, window: bool = False) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 130, 0, 0))
        # No COLUMNS/LINES from this process: Textual would believe them over the terminal.
        env = child_env(TERM="xterm-256color", **{saves.DATA_DIR_ENV: str(data_dir)})
        start = ["-c", IN_A_WINDOW] if window else ["-m", "pier18"]
        self.process = subprocess.Popen(
            [sys.executable, *start, *args],
            stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True, start_new_session=True,
        )
        os.close(slave)
        self.master: int | None = master
        self.output = b""
        self.ended = False  # the other end has closed: everything written has been read

    def read_reply(self, limit: float = 10, settled: float = 0.2) -> None:
        """Wait for the program to draw something (at most `limit` seconds), then read
        until it has stopped drawing for `settled` seconds: it has handled the key.

        (Enter pressed again while a screen was still closing used to close the table
        too and leave a blank screen; fixed, see docs/testing.md. Waiting for the
        screen keeps each Enter to one decision, so the test knows what was saved.)
        """
        wait = limit
        while not self.ended:
            ready, _, _ = select.select([self.master], [], [], wait)
            if not ready:
                return
            self._read()
            wait = settled

    def read_until(self, text: bytes, limit: float = 60) -> None:
        """Read until the output holds `text` (fails after `limit` seconds or at the end)."""
        end = time.monotonic() + limit
        while text not in self.output:
            left = end - time.monotonic()
            if self.ended or left <= 0:
                raise AssertionError(f"never saw {text!r}; the terminal showed:\n{self.output[-2000:]!r}")
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                self._read()

    def read_to_end(self, limit: float = 60) -> int:
        """Read everything until the program has closed the terminal; its exit status."""
        end = time.monotonic() + limit
        while not self.ended:
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"still running after {limit} s; the terminal showed:\n{self.output[-2000:]!r}")
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                self._read()
        return self.process.wait(timeout=limit)

    def _read(self) -> None:
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # EIO: every copy of the other end is closed
            chunk = b""
        self.output += chunk
        self.ended = not chunk

    def press_enter(self) -> None:
        os.write(self.master, b"\r")

    def send(self, number: int) -> None:
        os.kill(self.process.pid, number)

    def close_window(self) -> None:
        """Close the terminal, as closing its window does (see the module's notes)."""
        master, self.master = self.master, None
        if master is not None:
            os.close(master)
        self.ended = True

    def kill(self) -> None:
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)
        self.close_window()


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
