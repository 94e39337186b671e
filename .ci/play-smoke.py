"""CI: the Quick start's first command, on a pseudo-terminal, until its first screen.

Runs the command given (the README's play command, in a fresh clone) on a terminal of
120x40 with a data folder of its own, waits until the game has drawn its first screen
(a line of the game's own text, not just the terminal set-up), then quits it with
Ctrl+Q and checks that it left cleanly. Fails (exit 1) with what it saw if the first
screen never comes: a fresh clone that cannot be installed or started.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time

LIMIT = 1200.0  # seconds for the install and the first screen, on a loaded machine
FIRST_SCREEN = re.compile(rb"Pier 18|lesson|names", re.I)  # the title, the lesson offer, the names box


def main(command: str) -> int:
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env.update(TERM="xterm-256color", PIER18_DATA_DIR=tempfile.mkdtemp(prefix="pier18-ci-data-"))
    child = subprocess.Popen(["bash", "-c", command], stdin=slave, stdout=slave, stderr=slave, env=env,
                             start_new_session=True)
    os.close(slave)
    seen = b""
    started = drawn = time.monotonic()
    alternate = False
    try:
        while time.monotonic() - started < LIMIT:
            ready, _, _ = select.select([master], [], [], 1.0)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    break  # the other end closed: the command ended
                if not chunk:
                    break
                seen += chunk
                if not alternate and b"\x1b[?1049h" in seen:
                    alternate, seen = True, seen[seen.index(b"\x1b[?1049h"):]
            if alternate and FIRST_SCREEN.search(seen) and time.monotonic() - drawn > 2:
                os.write(master, b"\x11")  # Ctrl+Q: nothing is being played yet, so it quits at once
                child.wait(timeout=120)
                print(f"CI: the play command drew its first screen and quit with status {child.returncode}")
                return 0 if child.returncode == 0 else 1
            if child.poll() is not None and not ready:
                break
            if not alternate:
                drawn = time.monotonic()
        tail = re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", seen)[-3000:].decode("utf-8", "replace")
        print(f"CI: the play command never drew its first screen (status {child.poll()}); it printed:\n{tail}",
              file=sys.stderr)
        return 1
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
        os.close(master)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
