"""The club's load benchmark (benchmarks/club_load.py) at a small size, as a test of
correctness only: scripted members play whole games (and rematches) at several tables
against a `pier18 club serve` child, sending bad moves now and then, while the server is
killed (-9) and started again. Nothing acknowledged may be lost, no bad move accepted,
every game must end. No timing is checked."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "club_load.py"


@pytest.fixture(scope="module")
def club_load():
    spec = importlib.util.spec_from_file_location("club_load", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["club_load"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    yield module
    sys.modules.pop("club_load", None)


async def test_nothing_acknowledged_is_lost_and_no_bad_move_is_accepted_across_a_kill(club_load):
    options = club_load.Options(clients=6, tables=3, games=2, kill_one=True, bad=0.3, seed=5, timeout=240.0)
    result = await club_load.run(options)
    assert result["killed"], "the server was never killed: the run ended before two fifths of its moves"
    assert result["kill"]["reconnect_s"]["seats"] > 0, "no seat was playing when the server was killed"
    assert result["games_finished"] == 6 and result["unfinished_seats"] == 0
    assert result["lost"] == 0 and result["lost_in_move_log"] == 0
    assert sum(result["illegal_sent"].values()) > 0
    assert result["illegal_accepted"] == 0
    # Every move is accounted for: each bad one was refused, or its answer was lost in the kill.
    assert result["illegal_refused"] + result["illegal_unanswered"] == sum(result["illegal_sent"].values())
    assert result["moves"] > 0
    assert club_load.ok(result)


def test_several_servers_on_sqlite_are_refused_in_one_line(club_load, capsys):
    assert club_load.main(["--servers", "2", "--clients", "6", "--tables", "3"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--servers 2" in err and "PostgreSQL" in err and "Traceback" not in err


@pytest.mark.parametrize("argv, named", [
    (["--clients", "40", "--tables", "3"], "--clients 40"),
    (["--clients", "2", "--tables", "3"], "--clients 2"),
    (["--tables", "0"], "--tables 0"),
    (["--bad", "1.5"], "--bad 1.5"),
    (["--games", "0"], "--games 0"),
])
def test_options_that_make_no_run_are_one_line(club_load, capsys, argv, named):
    assert club_load.main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and named in err


def test_a_database_url_goes_to_the_server_and_its_answer_is_reported(club_load, capsys):
    """`--db postgresql://...` is passed through to `club serve` as it is (issue 35 makes
    the server take it); a server that cannot use it is reported in one line, exit 2."""
    assert club_load.main(["--db", "postgresql://nobody@127.0.0.1:1/club", "--clients", "6", "--tables", "3", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "postgresql://nobody@127.0.0.1:1/club" in err and "Traceback" not in err
