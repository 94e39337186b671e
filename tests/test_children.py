"""Nothing pier18 starts outlives the process that started it (`persist.children`):
the worker processes of `simulate --jobs`, `--balance` and the review, and a browser
seat's app (tests/test_net_host_crash.py, tests/test_web_bridge.py), end when their
parent ends, `kill -9` included, however busy they are."""

from __future__ import annotations

import ast
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from helpers import child_env

SRC = Path(__file__).resolve().parents[1] / "src" / "pier18"
WAIT = 60.0  # seconds: a last resort; ending takes milliseconds

#: A parent with two pool workers that would sleep for an hour, started as pier18
#: starts its pools; it prints the workers' pids, then waits to be killed. With
#: `watch`, the kernel is not asked (as where there is no prctl): a thread watches.
PARENT = r"""
import multiprocessing, os, sys, time
from pier18.persist import children
if sys.argv[2] == "watch":
    children._kernel_tells = lambda number: False
def nap(_):
    time.sleep(3600)
if __name__ == "__main__":
    pool = multiprocessing.get_context(sys.argv[1]).Pool(2, initializer=children.worker_start, initargs=(os.getpid(),))
    pool.map_async(nap, range(2), chunksize=1)
    while len(pool._pool) < 2 or any(p.pid is None for p in pool._pool):
        time.sleep(0.01)
    print(*(p.pid for p in pool._pool), flush=True)
    time.sleep(3600)
"""


def running(pid: int) -> bool:
    """Whether `pid` is a process that has not ended (a zombie has ended)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="processes are looked at through /proc (Linux)")
@pytest.mark.parametrize("how", ["kernel", "watch"])
@pytest.mark.parametrize("start", ["fork", "spawn", "forkserver"])
def test_pool_workers_end_when_their_parent_is_killed(tmp_path, start, how):
    script = tmp_path / "parent.py"
    script.write_text(PARENT)
    # The fork server listens on a Unix socket in the temporary folder, whose path must
    # fit in 108 bytes: the parent gets a short one, however long this run's TMPDIR is.
    short = tempfile.mkdtemp(prefix="pier18-", dir="/tmp")
    parent = subprocess.Popen(
        [sys.executable, str(script), start, how], stdout=subprocess.PIPE, text=True, env=child_env(TMPDIR=short),
        start_new_session=True,
    )
    workers: list[int] = []
    try:
        workers = [int(pid) for pid in parent.stdout.readline().split()]
        assert len(workers) == 2 and all(running(pid) for pid in workers)
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait(WAIT)
        end = time.monotonic() + WAIT
        while any(running(pid) for pid in workers) and time.monotonic() < end:
            time.sleep(0.05)
        assert not any(running(pid) for pid in workers), "a worker outlived its parent"
    finally:
        if parent.poll() is None:
            parent.kill()
        for pid in workers:
            if running(pid):
                os.kill(pid, signal.SIGKILL)
        shutil.rmtree(short, ignore_errors=True)


def test_every_pool_pier18_starts_ends_with_its_parent():
    """Each `Pool(...)` in the source is started with `children.worker_start`."""
    found = []
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("Pool", "Process"):
                starts = {k.arg: ast.unparse(k.value) for k in node.keywords}
                found.append((path.relative_to(SRC).as_posix(), node.lineno, starts.get("initializer")))
    assert len(found) >= 4, found
    assert [f for f in found if f[2] != "worker_start"] == []


def test_processes_pier18_starts_are_only_the_known_ones():
    """A new way of starting a process must be looked at here (and end with its parent)."""
    starts = []
    for path in sorted(SRC.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for word in ("create_subprocess_", "subprocess.run", "subprocess.call", "subprocess.check_", "Popen", "os.fork",
                     "os.spawn", "os.exec", "os.system", "os.popen", "os.posix_spawn"):
            if word in text:
                starts.append((path.relative_to(SRC).as_posix(), word))
    assert sorted(set(starts)) == [
        ("cli/club.py", "subprocess.run"),  # `club wait --notify-command`: run, waited for, no shell
        ("net/web.py", "create_subprocess_"),
    ]
