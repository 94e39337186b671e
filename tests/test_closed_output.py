"""Every command with a standard output or error that cannot be written: closed when
it starts (`>&-`, `2>&-`), or a pipe whose reader has gone (`| head -c0`).

Never a traceback (nor Python's "Exception ignored" at exit), and never a success it
did not have: output that was lost makes the exit status non-zero, an error keeps its
own status, and nothing meant for one stream turns up on the other.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from helpers import child_env
from pier18.cli import COMMANDS
from pier18.persist import record
from pier18.session import Session

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX descriptors and pipes")

EXAMPLE = str(Path(__file__).resolve().parents[1] / "examples" / "pier.txt")
CLOSED_STDOUT = "pier18: standard output is closed: there is nowhere to write\n"


def unused_port() -> int:
    """A port nothing listens on (just let go by this process): a connection is refused."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def a_record(tmp_path_factory, deck) -> str:
    session = Session(deck, ["Ann", "Bob"], 5)
    for _ in range(6):
        session.apply(session.game.legal_decisions()[0])
    path = tmp_path_factory.mktemp("record") / "game.json"
    record.save(session, path)
    return str(path)


#: `pier18` itself: its --help and its --version.
TOP = ("pier18", "pier18 --version")


def invocations(record_path: str) -> dict[str, list[str]]:
    """One command line per command that writes on standard output (the apps: --help),
    and the plain-line modes of host and join, whose first line goes there."""
    return {
        "score": ["score", EXAMPLE, "--json"],
        "cards": ["cards"],
        "games": ["games"],
        "stats": ["stats", "--json"],
        "simulate": ["simulate", "--games", "1", "--seats", "random,random"],
        "replay": ["replay", record_path, "--json"],
        "review": ["review", record_path, "--json", "--worlds", "1"],
        "play": ["play", "--help"],
        "learn": ["learn", "--help"],
        "host": ["host", "--no-seat", "--port", "0", "--bind", "127.0.0.1", "--names", "Ann,Bob"],
        "join": ["join", "--lines", f"127.0.0.1:{unused_port()}", "code"],
        "club": ["club", "--help"],
        "pier18": ["--help"],
        "pier18 --version": ["--version"],
    }


def test_every_command_is_tried():
    assert set(invocations("x")) == {*COMMANDS, *TOP}


def pier18(argv: list[str], data_dir: Path, stream: str, how: str, unbuffered: bool = False) -> tuple[int, str, str]:
    """Run `pier18 ARGV` with `stream` ("stdout" or "stderr") closed or a broken pipe (or
    open, as usual: `how` "open"); the exit status and what reached the other stream
    (and this one, if closed: nothing).

    Buffered as usual, a write error can come at the final flush; with `unbuffered`
    (PYTHONUNBUFFERED=1, as many containers and CI runners set), at the write itself."""
    env = child_env(PIER18_DATA_DIR=str(data_dir))
    env.pop("PYTHONUNBUFFERED", None)
    if unbuffered:
        env["PYTHONUNBUFFERED"] = "1"
    fd = 1 if stream == "stdout" else 2
    read_end, write_end = os.pipe()
    os.close(read_end)  # as `| head -c0` once head has gone
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        files = {"stdout": out, "stderr": err}
        if how != "open":  # "open": both captured, as a reference
            files[stream] = write_end if how == "broken" else None
        proc = subprocess.run(
            [sys.executable, "-m", "pier18", *argv], stdin=subprocess.DEVNULL, env=env, timeout=60,
            stdout=files["stdout"], stderr=files["stderr"],
            preexec_fn=(lambda: os.close(fd)) if how == "closed" else None,
        )
        os.close(write_end)
        out.seek(0)
        err.seek(0)
        return proc.returncode, out.read().decode(), err.read().decode()


@pytest.mark.parametrize("command", [*COMMANDS, *TOP])
def test_a_closed_standard_output_is_one_line_and_status_1(tmp_path, a_record, command):
    status, _, err = pier18(invocations(a_record)[command], tmp_path / "data", "stdout", "closed")
    assert (status, err) == (1, CLOSED_STDOUT)
    assert not (tmp_path / "data").exists()  # refused before anything: no table opened, no game saved


@pytest.mark.parametrize("unbuffered", [False, True], ids=["buffered", "unbuffered"])
@pytest.mark.parametrize("command", [*COMMANDS, *TOP])
def test_a_broken_pipe_on_standard_output_ends_quietly_with_status_1(tmp_path, a_record, command, unbuffered):
    status, _, err = pier18(invocations(a_record)[command], tmp_path / "data", "stdout", "broken", unbuffered)
    assert (status, err) == (1, "")


@pytest.mark.parametrize("how", ["closed", "broken"])
@pytest.mark.parametrize(
    "argv, status, out",
    [
        (["score", EXAMPLE, "--json"], 0, '"total": 8'),  # nothing for stderr: a whole success
        (["score", "/nonexistent/pier.txt"], 2, ""),  # the error's own status; not on stdout instead
        (["frobnicate"], 2, ""),  # an argument error (argparse)
        (["score", EXAMPLE, "--json", "--plan", "1", "--players", "2"], 1, ""),  # its note cannot be written: output lost
    ],
    ids=["success", "error", "argument error", "note lost"],
)
def test_standard_error_that_cannot_be_written_loses_the_line_not_the_status(tmp_path, argv, status, out, how):
    got, stdout, _ = pier18(argv, tmp_path / "data", "stderr", how)
    assert got == status
    assert (out in stdout) if out else stdout == ""
    assert "pier18:" not in stdout and "Traceback" not in stdout


@pytest.mark.parametrize(
    "argv", [["play"], ["learn"], ["replay", "RECORD"], ["join", "127.0.0.1:9", "code"], ["host", "--port", "0"]],
    ids=["play", "learn", "replay", "join", "host"],
)
@pytest.mark.parametrize("closed", ["stdin", "stderr"])
def test_a_game_app_without_its_terminal_is_refused_before_anything(tmp_path, a_record, argv, closed):
    """The apps read keys on standard input and draw on standard error (Textual's way):
    with either closed, one line (where it can be written) and status 1; nothing is
    saved, no table is opened and no crash report is written."""
    argv = [a_record if word == "RECORD" else word for word in argv]
    env = child_env(PIER18_DATA_DIR=str(tmp_path / "data"))
    fd = 0 if closed == "stdin" else 2
    proc = subprocess.run([sys.executable, "-m", "pier18", *argv], capture_output=True, text=True, env=env,
                          timeout=60, preexec_fn=lambda: os.close(fd))
    assert proc.returncode == 1 and proc.stdout == ""
    if closed == "stdin":
        assert proc.stderr == "pier18: standard input is closed: the game needs a terminal\n"
    assert not (tmp_path / "data").exists()


@pytest.mark.parametrize(
    "argv, line",
    [
        (["score", "/nonexistent/pier.txt"], "pier18: /nonexistent/pier.txt: cannot read the pier (No such file or directory)\n"),
        (["score", EXAMPLE, "--deck", "/nonexistent/d.toml"], "pier18: /nonexistent/d.toml: cannot read the deck file (No such file or directory)\n"),
        (["cards", "--deck", "/nonexistent/d.toml"], "pier18: /nonexistent/d.toml: cannot read the deck file (No such file or directory)\n"),
        (["replay", "/nonexistent/game.json", "--json"], "pier18: /nonexistent/game.json: no such game record\n"),
        (["review", "/nonexistent/game.json", "--json"], "pier18: /nonexistent/game.json: no such game record\n"),
        (["simulate", "--games", "1", "--deck", "/nonexistent/d.toml"], "pier18: /nonexistent/d.toml: cannot read the deck file (No such file or directory)\n"),
        (["play", "--deck", "/nonexistent/d.toml"], "pier18: /nonexistent/d.toml: cannot read the deck file (No such file or directory)\n"),
        (["learn", "--script", "/nonexistent/s.toml"], None),
        (["host", "--resume", "/nonexistent/game.json"], "pier18: /nonexistent/game.json: no such game record\n"),
        (["join", "127.0.0.1:9", "code", "--cafile", "/nonexistent/ca.pem"], None),
        (["--versions"], "pier18: unknown option '--versions' (did you mean '--version'?)\ntry 'pier18 --help'\n"),
        (["frobnicate"], None),
    ],
    ids=lambda value: " ".join(value) if isinstance(value, list) else "",
)
def test_with_standard_output_closed_a_bad_input_is_still_the_error_said(tmp_path, argv, line):
    """`score /missing >&-` blamed the closed output for the missing file: the input is
    read (and its error said, status 2) before the closed output is; nothing is saved."""
    status, _, err = pier18(argv, tmp_path / "data", "stdout", "closed")
    assert status == 2 and err != CLOSED_STDOUT, err
    assert err == line if line else (err.startswith("pier18") and "/nonexistent/" in err or "frobnicate" in err), err
    assert not (tmp_path / "data").exists()


#: A bad argument for every command (and each form of `club`), caught by the command
#: itself where it has one of its own to check (argparse says the rest first anyway).
BAD_ARGUMENTS = {
    "play": ["play", "--names", "Ann,Bob", "--first", "Zed"],
    "learn": ["learn", "--script", "/nonexistent/s.toml"],
    "score": ["score", "/nonexistent/pier.txt"],
    "cards": ["cards", "--deck", "/nonexistent/d.toml"],
    "replay": ["replay", "RECORD", "--json", "--lines"],
    "review": ["review", "/nonexistent/game.json"],
    "simulate": ["simulate", "--games", "1", "--deck", "/nonexistent/d.toml"],
    "games": ["games", "--frobnicate"],
    "stats": ["stats", "--name", " "],
    "host": ["host", "--resume", "/nonexistent/game.json"],
    "join": ["join", "127.0.0.1:9"],
    "club": ["club", "--lines", "a[b:1"],
    "club --name": ["club", "--lines", "--name", "\x1b[2J", "127.0.0.1:9"],
    "club wait": ["club", "wait", "127.0.0.1:9", "--notify-command", ""],
    "club ratings": ["club", "ratings", "ws://[::1"],
    "club serve": ["club", "serve", "--reset", "Ann", "--backup", "copy.sqlite3"],
    "club serve --tls-cert": ["club", "serve", "--tls-cert", "/nonexistent/c.pem", "--tls-key", "/nonexistent/k.pem"],
}


def test_every_command_has_a_bad_argument_tried():
    assert {argv[0] for argv in BAD_ARGUMENTS.values()} == set(COMMANDS)


@pytest.mark.parametrize("command", BAD_ARGUMENTS)
def test_every_command_says_its_bad_argument_before_a_closed_output(tmp_path, a_record, command):
    """One order of checks for every command: its arguments, then the streams. With
    standard output closed, a bad argument is said exactly as with it open (status 2),
    never blamed on the closed output; nothing is made or saved."""
    argv = [a_record if word == "RECORD" else word for word in BAD_ARGUMENTS[command]]
    status, out, said = pier18(argv, tmp_path / "open", "stdout", "open")
    assert status == 2 and out == "" and said.startswith("pier18") and CLOSED_STDOUT not in said, said
    assert pier18(argv, tmp_path / "data", "stdout", "closed") == (2, "", said)
    assert not (tmp_path / "data").exists()
