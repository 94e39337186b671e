"""`pier18 club wait`, `pier18 club ratings` and the keys file, run as the player runs
them (a child process) against a real club server over loopback; bad arguments and a
hostile club's answers are one line and exit status 2."""

from __future__ import annotations

import asyncio
import json
import os
import stat
import sys
from pathlib import Path

import pytest

from pier18.club.keys import read_keys
from pier18.engine.text import shorten

from club_net import member, open_club
from net_support import WAIT

SRC = Path(__file__).resolve().parents[2] / "src"


async def pier18(*args: str, data: Path, lang: str = "en") -> tuple[int, str, str]:
    env = {**os.environ, "PIER18_DATA_DIR": str(data), "PYTHONPATH": str(SRC)}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "pier18", *args, "--lang", lang, env=env, stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    try:
        out, err = await asyncio.wait_for(proc.communicate(), 4 * WAIT)
    except TimeoutError:
        proc.kill()  # never leave a child behind (a club server that did not stop)
        await proc.wait()
        raise
    return proc.returncode, out.decode(), err.decode()


@pytest.mark.parametrize("lang", ["en", "nl"])
async def test_wait_returns_when_the_turn_comes_and_runs_the_command(tmp_path, club_db, keys, lang):
    server = await open_club(club_db)
    address = f"127.0.0.1:{server.port}"
    data = tmp_path / "data"
    bob = member(server.port, "Bob", keys["Bob"])
    try:
        status, out, err = await pier18("club", "ratings", address, "--name", "Ann", data=data, lang=lang)
        assert status == 0, err
        path = data / "club-keys.json"
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        kept = read_keys(path)
        assert [k.name for k in kept.values()] == ["Ann"]
        ann = member(server.port, "Ann", next(iter(kept.values())).key)
        await bob.connect()
        table = await bob.create(2, invite=["Ann"], clock="2d")
        seen = tmp_path / "notified.txt"
        command = f"{sys.executable} -c \"import os,sys; open(sys.argv[1], 'w').write(os.environ['PIER18_CLUB_TABLE'])\" {seen}"
        waiting = asyncio.create_task(pier18("club", "wait", address, "--notify-command", command, data=data, lang=lang))
        await ann.join(table)  # the game starts: every seat chooses at the set-up, Ann too
        status, out, err = await asyncio.wait_for(waiting, 4 * WAIT)
        assert status == 0, err
        assert len(out.splitlines()) == 1 and str(table) in out
        assert seen.read_text() == str(table)
        if lang == "nl":
            from dutch import english_in

            assert english_in(out) == []
        await ann.close()
    finally:
        await bob.close()
        await server.close()


async def test_ratings_print_each_member_with_rating_and_games(tmp_path, club_db, keys):
    server = await open_club(club_db)
    address = f"127.0.0.1:{server.port}"
    try:
        status, out, err = await pier18("club", "ratings", address, "--name", "Ann", data=tmp_path / "data")
        assert (status, err) == (0, "")
        assert out.strip() == "No ratings yet: they come with the first finished game."
        status, out, err = await pier18("club", "ratings", address, data=tmp_path / "data")  # the name is remembered
        assert status == 0, err
        status, out, err = await pier18("club", "ratings", address, "--name", "Someone", data=tmp_path / "data")
        assert status == 2 and len(err.splitlines()) == 1 and "Ann" in err
    finally:
        await server.close()


@pytest.mark.parametrize("args", [
    ("club", "wait", "--notify-command", ""),
    ("club", "wait", "--notify-command", "'unclosed"),
    ("club", "ratings", "--notify-command", "true"),
    ("club", "ratings", "ws://[bad"),
    ("club", "ratings", "127.0.0.1:9"),  # no --name the first time
    ("club", "ratings", "127.0.0.1:9", "--name", "\x1b[31mAnn"),
    ("club", "nonsense:1", "wait"),
])
async def test_bad_arguments_are_one_line_and_exit_2(tmp_path, args):
    status, out, err = await pier18(*args, data=tmp_path / "data")
    assert status == 2 and len(err.strip().splitlines()) <= 2 and "Traceback" not in err, err
    assert "\x1b" not in err


@pytest.mark.parametrize("answer", [
    "not json", json.dumps([1]), json.dumps({"type": "welcome"}), json.dumps({"type": "refused", "code": "\x1b[2Jbad", "values": {}}),
    json.dumps({"type": "welcome", "new": True}),
])
async def test_a_hostile_club_is_one_line_and_exit_2(tmp_path, answer):
    from websockets.asyncio.server import serve

    async def handler(ws):
        await ws.recv()  # the hello
        await ws.send(answer)
        async for message in ws:  # a question: an answer nobody can read
            data = json.loads(message)
            await ws.send(json.dumps({"type": "ratings", "id": data.get("id"), "members": [{"name": 5}]}))

    async with serve(handler, "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]
        status, out, err = await pier18("club", "ratings", f"127.0.0.1:{port}", "--name", "Ann", data=tmp_path / "data")
    assert status == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert "\x1b" not in err


def _damage_a_page(path: Path, page: int) -> None:
    """Scribble over a b-tree page of the SQLite file, past its first bytes."""
    with open(path, "r+b") as f:
        f.seek(4096 * page + 8)
        f.write(bytes(range(256)) * 8)


@pytest.mark.parametrize("damage", ["not a database", "a damaged page", "cut short"])
async def test_serve_on_a_database_that_is_not_one_or_is_damaged_is_one_line_and_exit_2(tmp_path, keys, damage):
    """`club serve --db` on a SQLite file that is not a database, has a damaged page or
    was cut short: one line naming the file, exit 2. SQLite only: it damages the file
    itself (PostgreSQL's own failures are in test_postgres.py and test_server_hostile.py)."""
    from pier18.club.clock import Clock
    from pier18.engine.text import shorten
    from pier18.club.store import open_store

    db = tmp_path / "club.sqlite3"
    with open_store(db) as store:
        for name, key in keys.items():
            store.hello(name, key)
        for _n in range(12):
            store.create_table("Ann", ["human", "hard"], Clock(None), None)
    if damage == "not a database":
        db.write_text("these are not the droids you are looking for\n" * 100)
    elif damage == "a damaged page":
        _damage_a_page(db, 2)  # a table's rows: the file opens, its schema reads, the rows do not
    else:
        db.write_bytes(db.read_bytes()[:50])
    status, out, err = await pier18("club", "serve", "--db", str(db), "--port", "0", data=tmp_path / "data")
    assert status == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err, (out, err)
    assert shorten(db) in err and not out  # a long path is shortened, as in every error line


async def test_a_second_server_on_one_sqlite_club_is_refused_in_one_line(tmp_path):
    """A SQLite club has one server: a second one's seats would never hear of the first
    one's moves. Once the first stops, the club may be served again. SQLite only: the
    one-server lock (flock on the file) is SQLite's; several servers on one PostgreSQL
    club are test_processes.py's."""
    db = tmp_path / "club.sqlite3"
    server = await open_club(db)
    try:
        status, _out, err = await pier18("club", "serve", "--db", str(db), "--port", "0", data=tmp_path / "data")
        assert status == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
        assert "another pier18 club serve" in err and "PostgreSQL" in err
    finally:
        await server.close()
    again = await open_club(db)  # let go when it closed
    await again.close()


@pytest.mark.parametrize("limit", ["0", "-1", "abc", "100001", " 5"])
async def test_max_connections_out_of_range_is_one_line(tmp_path, limit):
    status, _out, err = await pier18("club", "serve", "--max-connections", limit, data=tmp_path / "data")
    assert status == 2 and "--max-connections" in err and "Traceback" not in err, err


async def test_max_connections_is_the_servers_limit(tmp_path, club_db):
    """`club serve --max-connections 2`: two members are let in, a third is told the
    server is busy (as the host's Gate says it)."""
    from websockets.asyncio.client import connect

    from pier18.club.keys import new_key

    env = {**os.environ, "PIER18_DATA_DIR": str(tmp_path / "data"), "PYTHONPATH": str(SRC)}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "pier18", "club", "serve", "--db", str(club_db), "--port", "0",
        "--bind", "127.0.0.1", "--max-connections", "2", env=env, stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    try:
        assert proc.stdout is not None
        line = (await asyncio.wait_for(proc.stdout.readline(), WAIT)).decode()
        port = int(line.rsplit(":", 1)[1].split("/")[0])
        lobbies = [member(port, name, new_key()) for name in ("Ann", "Bob")]
        for lobby in lobbies:
            await lobby.connect()
        async with connect(f"ws://127.0.0.1:{port}/club", open_timeout=WAIT) as third:
            answer = json.loads(await asyncio.wait_for(third.recv(), WAIT))
        assert answer["type"] == "refused" and answer["code"] == "too_many_connections"
        for lobby in lobbies:
            await lobby.close()
    finally:
        proc.kill()
        await proc.wait()
