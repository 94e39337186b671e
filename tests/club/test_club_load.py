"""The club's load benchmark (benchmarks/club_load.py) at a small size, as a test of
correctness only: scripted members play whole games (and rematches) at several tables
against a `pier18 club serve` child (on SQLite; on PostgreSQL two of them), sending bad
moves now and then, while a server is killed (-9) and started again. Nothing acknowledged may be lost, no bad move accepted,
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
    assert result["killed"], "the server was never killed: the run ended before two fifths of its first game"
    assert result["kill"]["reconnect_s"]["seats"] > 0, "no seat was playing when the server was killed"
    assert result["games_finished"] == 6 and result["unfinished_seats"] == 0
    assert result["lost"] == 0 and result["lost_in_move_log"] == 0
    assert sum(result["illegal_sent"].values()) > 0
    assert result["illegal_accepted"] == 0
    # Every move is accounted for: each bad one was refused, or its answer was lost in the kill.
    assert result["illegal_refused"] + result["illegal_unanswered"] == sum(result["illegal_sent"].values())
    assert result["moves"] > 0
    assert club_load.ok(result)


async def test_two_servers_on_postgresql_one_killed_lose_nothing(club_load):
    """The same on PostgreSQL, with two server processes (seats of one table on both, told
    of each other's moves by the database's notices), one of them killed (-9) mid-run."""
    from club_databases import postgres_server

    server = postgres_server()  # skips, saying why, where there is none
    options = club_load.Options(clients=6, tables=3, games=2, servers=2, db=server, kill_one=True, bad=0.3, seed=7, timeout=240.0)
    result = await club_load.run(options)
    assert result["db"] == "postgresql" and result["servers"] == 2
    assert result["killed"] and result["kill"]["reconnect_s"]["seats"] > 0
    assert result["games_finished"] == 6 and result["unfinished_seats"] == 0
    assert result["lost"] == 0 and result["lost_in_move_log"] == 0
    assert sum(result["illegal_sent"].values()) > 0 and result["illegal_accepted"] == 0
    assert result["illegal_refused"] + result["illegal_unanswered"] == sum(result["illegal_sent"].values())
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
    """`--db postgresql://...` plays in a schema of its own there; a database that cannot
    be used is reported in one line, exit 2."""
    assert club_load.main(["--db", "postgresql://nobody@127.0.0.1:1/club", "--clients", "6", "--tables", "3", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "postgresql://nobody@127.0.0.1:1/club" in err and "Traceback" not in err
