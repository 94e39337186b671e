"""The command line behaves like a Unix tool: one-line errors with the right exit
status, quiet on a closed pipe, and Ctrl+C stops `simulate` at once with what finished."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pier18.cli import main
from pier18.selfplay import cores

ESC = "\x1b"
#: Output buffered as usual, so a write error can also come at the final flush.
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONUNBUFFERED"}
POSIX = pytest.mark.skipif(os.name != "posix", reason="POSIX signals, pipes and devices")


def pier18(*argv: str, **kwargs) -> subprocess.CompletedProcess:
    kwargs.setdefault("stdout", subprocess.PIPE)
    return subprocess.run([sys.executable, "-m", "pier18", *argv], stderr=subprocess.PIPE, text=True, timeout=120, env=ENV, **kwargs)


def assert_one_line(err: str) -> None:
    assert err.count("\n") == 1 and "Traceback" not in err and ESC not in err, err


# -- argument errors -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv, command",
    [
        (["simulate", "--jobs", "x"], "simulate"),
        (["simulate", "--bogus", "a", "b"], "simulate"),
        (["score", "--players", "5", "p.txt"], "score"),
        (["replay"], "replay"),
        (["cards", "--deck"], "cards"),
        (["frobnicate"], None),
    ],
)
def test_argument_errors_are_one_line_and_where_to_read_more(capsys, argv, command):
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    prog = f"pier18 {command}" if command else "pier18"
    first, second = capsys.readouterr().err.splitlines()
    assert first.startswith(f"{prog}: ")
    assert second == f"try '{prog} --help'"


HOSTILE = "\x1b[2J" + "9" * 5000


@pytest.mark.parametrize("argv", [["simulate", "--jobs", HOSTILE], ["simulate", f"--bogus{HOSTILE}"], ["frob" + HOSTILE]])
def test_a_long_or_hostile_bad_token_is_quoted_short_and_printable(capsys, argv):
    with pytest.raises(SystemExit):
        main(argv)
    first, _ = capsys.readouterr().err.splitlines()
    assert "…" in first and ESC not in first
    assert max(len(token) for token in re.findall(r"'[^']*'", first)) <= 60


def test_jobs_above_the_cores_is_refused(capsys):
    assert main(["simulate", "--games", "1", "--jobs", str(cores() + 1)]) == 2
    err = capsys.readouterr().err
    assert_one_line(err)
    assert f"more than the {cores()} {'core' if cores() == 1 else 'cores'}" in err


def test_the_command_line_module_imports_nothing_heavy():
    """`pier18 score --json` must start about as fast as Python itself."""
    code = "import sys, pier18.cli; print(sorted(m for m in ('rich', 'textual', 'multiprocessing', 'tempfile') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# -- output that cannot be written -----------------------------------------------------------


@POSIX
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("argv", [["cards"], ["score", "--cards", "1 2", "--json"], ["simulate", "--games", "1", "--json"]])
def test_a_full_disk_is_one_line_and_exit_status_1(argv):
    with open("/dev/full", "w") as full:
        proc = pier18(*argv, stdout=full)
    assert proc.returncode == 1
    assert_one_line(proc.stderr)
    assert "No space left on device" in proc.stderr


@POSIX
@pytest.mark.parametrize("argv", [["cards"], ["score", "--cards", "1 2", "--json"], ["simulate", "--games", "1", "--json"]])
def test_a_closed_pipe_ends_quietly(argv):
    """As `pier18 cards | head -0`: the reader is gone before anything is written."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        proc = pier18(*argv, stdout=write_end)
    finally:
        os.close(write_end)
    assert (proc.returncode, proc.stderr) == (1, "")


# -- record directory ----------------------------------------------------------------------


def _read_only_dir(tmp_path: Path) -> Path:
    """A directory this process cannot write in (root ignores modes: use sysfs then)."""
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    if not os.access(folder, os.W_OK):
        return folder
    if Path("/sys/kernel").is_dir() and not os.access("/sys/kernel", os.W_OK):
        return Path("/sys/kernel")
    try:  # root: os.access says yes even where a write fails
        (Path("/sys/kernel") / "probe").touch()
    except OSError:
        return Path("/sys/kernel")
    pytest.skip("no read-only directory to try")


def test_a_read_only_record_dir_is_one_line_before_any_game(tmp_path):
    folder = _read_only_dir(tmp_path)
    proc = pier18("simulate", "--games", "1", "--record-dir", str(folder))
    assert proc.returncode == 2 and proc.stdout == ""
    assert_one_line(proc.stderr)
    assert "cannot write records there" in proc.stderr
    (tmp_path / "read-only").chmod(0o755)


# -- Ctrl+C ------------------------------------------------------------------------------------


def _wait_for(condition, what: str, limit: float = 60.0) -> None:
    end = time.monotonic() + limit
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


@POSIX
@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_stops_simulate_at_once_and_prints_what_finished(tmp_path, jobs):
    if jobs > cores():
        pytest.skip("needs two cores")
    records = tmp_path / "records"
    proc = subprocess.Popen(
        [sys.executable, "-m", "pier18", "simulate", "--games", "100000", "--seats", "greedy,greedy",
         "--jobs", str(jobs), "--record-dir", str(records)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # a background runner may ignore it
    )
    try:
        # Its first output: the record of a finished game (with --jobs, enough for whole parts).
        enough = 1 if jobs == 1 else 60
        _wait_for(lambda: records.is_dir() and len(os.listdir(records)) >= enough, "the first games' records")
        proc.send_signal(signal.SIGINT)
        sent = time.monotonic()
        out, err = proc.communicate(timeout=30)
        took = time.monotonic() - sent
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    # At once, not after the run: the rest of 100,000 games would take minutes. The bound is
    # loose because a loaded machine may not run the child for a while (about 0.1 s when quiet).
    assert took < 10.0, f"took {took:.2f}s to stop"
    assert proc.returncode == 130
    assert_one_line(err)
    finished = int(re.fullmatch(r"pier18: interrupted: (\d+) of 100000 games finished\n", err).group(1))
    assert 1 <= finished <= len(os.listdir(records))
    games = "1 game" if finished == 1 else f"{finished} games"
    assert f"{games}, 2 players" in out  # the tables are for the finished games
