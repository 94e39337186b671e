"""Child processes end with their reason to live: nothing pier18 starts outlives the
process that started it.

A process pier18 starts (a browser seat's app, `pier18.cli.web_seat`; the worker
processes of `simulate --jobs`, `--balance` and the review) calls `end_with_parent`
first thing: on Linux the kernel then sends it SIGTERM the moment its parent ends, even
by `kill -9` (`prctl(PR_SET_PDEATHSIG)`); elsewhere a thread of its own watches for the
parent to be gone. A parent that ended before the child could ask is noticed too.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
import ctypes

#: `prctl`'s option: the signal this process gets when its parent ends (linux/prctl.h).
PR_SET_PDEATHSIG = 1

#: How often, where the kernel cannot be asked, a child looks for its parent (seconds).
WATCH_EVERY = 1.0


def end_with_parent(parent: int, number: int = signal.SIGTERM) -> None:
    """In a child of process `parent`: receive signal `number` (which ends the process
    unless it is handled) once `parent` has ended, or now if it has already."""
    if not _kernel_tells(number):
        threading.Thread(target=_watch, args=(parent, number), name="pier18-parent", daemon=True).start()
    if os.getppid() != parent:  # it ended before we asked: we were handed to another
        os.kill(os.getpid(), number)


def worker_start(parent: int) -> None:
    """The initializer of pier18's worker pools, started by process `parent`: it ends
    with the process it was forked from (`parent`, or the fork server that `parent` runs,
    which ends with it), and ignores Ctrl+C (a terminal sends it to every process; the
    parent handles it, once)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    forked_by = os.getppid()
    end_with_parent(forked_by)
    if forked_by != parent and not _alive(parent):  # handed to another: `parent` has ended
        os.kill(os.getpid(), signal.SIGTERM)


def _kernel_tells(number: int) -> bool:
    """Ask Linux to send `number` when the parent ends; False where that cannot be asked."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, int(number), 0, 0, 0)) == 0
    except (OSError, AttributeError):  # no C library to ask (a static or unusual build)
        return False


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # there, but not ours to signal
        return True
    return True


def _watch(parent: int, number: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_EVERY)
    os.kill(os.getpid(), number)
