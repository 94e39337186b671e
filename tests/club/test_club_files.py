"""What the club keeps on disk and who may read it: one server per database file by any
name of it (a hard link, a symbolic link); `--backup` follows the rules `--record`
follows; the club's files (database, WAL, shared memory, backups, the serving lock) are
their owner's alone, made so and repaired at start; a ticket cannot be made from what
the database or a backup holds; a database the club cannot write is refused at start.
The server runs as the operator runs it (a child process) where a line and a status are
what is tested."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import os
import sqlite3
import stat
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import pytest
from websockets.asyncio.client import connect

from pier18.club.keys import new_key
from pier18.club.server import ClubServer
from pier18.club.store import StoreError, open_store
from pier18.engine.text import shorten
from pier18.net.protocol import CODE_ALPHABET, CODE_LENGTH, PROTOCOL, VERSION

from club_databases import Raw
from club_net import member, open_club
from net_support import WAIT, fast_config
from test_club_cli import SRC, pier18

PRIVATE = 0o600


def mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def one_line(status: int, err: str) -> bool:
    return status == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err


@contextmanager
def umask(value: int):
    old = os.umask(value)
    try:
        yield
    finally:
        os.umask(old)


def a_club(db: Path) -> None:
    with open_store(db) as store:
        store.hello("Ann", new_key())


# -- one server per file ------------------------------------------------------------------------


@pytest.mark.parametrize("link", ["hard link", "symbolic link"])
async def test_a_second_server_by_another_name_of_the_file_is_refused(tmp_path, link):
    """Two servers on one file through two names of it corrupted the club: the lock is on
    the file, so a hard link or a symbolic link to it (in another folder, where a lock
    file beside the name would be another file) is refused in one line, exit 2."""
    (tmp_path / "here").mkdir()
    (tmp_path / "there").mkdir()
    db = tmp_path / "here" / "club.sqlite3"
    other = tmp_path / "there" / "same.sqlite3"
    a_club(db)
    if link == "hard link":
        os.link(db, other)
    else:
        other.symlink_to(db)
    server = await open_club(db)
    try:
        status, out, err = await pier18("club", "serve", "--db", str(other), "--port", "0", data=tmp_path / "data")
        assert one_line(status, err), (status, out, err)
        assert "another pier18 club serve" in err and not out
    finally:
        await server.close()
    again = await open_club(other)  # let go when the first one stopped
    await again.close()


# -- backups ------------------------------------------------------------------------------------


def backup(db: Path, target: Path, *more: str) -> list[str]:
    return ["club", "serve", "--db", str(db), "--backup", str(target), *more]


async def test_a_backup_is_a_whole_club_readable_by_its_owner_alone(tmp_path):
    db = tmp_path / "club.sqlite3"
    a_club(db)
    target = tmp_path / "copy.sqlite3"
    with umask(0o022):  # the usual umask: the mode is the backup's own doing
        status, out, err = await pier18(*backup(db, target), data=tmp_path / "data")
    assert status == 0, err
    assert mode(target) == PRIVATE
    assert sqlite3.connect(target).execute("SELECT name FROM players").fetchall() == [("Ann",)]
    target.write_text("an old backup")
    status, out, err = await pier18(*backup(db, target, "--force"), data=tmp_path / "data")  # over it: only with --force
    assert status == 0, err
    assert mode(target) == PRIVATE and sqlite3.connect(target).execute("SELECT COUNT(*) FROM players").fetchone() == (1,)


def _text_file(path: Path) -> None:
    path.write_text("keep me\n")


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _link(path: Path) -> None:
    (path.parent / "elsewhere.txt").write_text("keep me\n")
    path.symlink_to(path.parent / "elsewhere.txt")


def _device(path: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("only root makes a device node")
    os.mknod(path, stat.S_IFCHR | 0o600, os.makedev(1, 3))  # /dev/null's numbers


def _folder(path: Path) -> None:
    path.mkdir()


@pytest.mark.parametrize("what, make, words, with_force", [
    ("a text file", _text_file, "already exists", False),
    ("a symbolic link", _link, "already exists", False),
    ("a FIFO", _fifo, "not a regular file", True),
    ("a device node", _device, "not a regular file", True),
    ("a folder", _folder, "is a folder", True),
])
async def test_backup_refuses_what_record_refuses(tmp_path, what, make, words, with_force):
    """`--backup PATH` never writes over a file without --force, and never over anything
    but a regular file (or a link, itself) even with it: one line, exit 2, PATH as it was."""
    db = tmp_path / "club.sqlite3"
    a_club(db)
    target = tmp_path / "backup.sqlite3"
    make(target)
    before = os.lstat(target)
    for more in ((), ("--force",)) if with_force else ((),):
        status, out, err = await pier18(*backup(db, target, *more), data=tmp_path / "data")
        assert one_line(status, err), (what, status, out, err)
        assert "--backup" in err and words in err and shorten(target) in err, err  # a long path is shortened
        now = os.lstat(target)
        assert (now.st_ino, stat.S_IFMT(now.st_mode)) == (before.st_ino, stat.S_IFMT(before.st_mode))  # left as it was
    if what in ("a text file", "a symbolic link"):
        assert (tmp_path / ("elsewhere.txt" if what == "a symbolic link" else "backup.sqlite3")).read_text() == "keep me\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []  # nothing left behind


async def test_backup_with_force_replaces_a_link_itself_never_what_it_points_to(tmp_path):
    db = tmp_path / "club.sqlite3"
    a_club(db)
    target = tmp_path / "backup.sqlite3"
    _link(target)
    status, out, err = await pier18(*backup(db, target, "--force"), data=tmp_path / "data")
    assert status == 0, err
    assert not target.is_symlink() and stat.S_ISREG(os.lstat(target).st_mode) and mode(target) == PRIVATE
    assert (tmp_path / "elsewhere.txt").read_text() == "keep me\n"


# -- the files' modes ----------------------------------------------------------------------------


async def test_the_club_s_files_are_made_its_owner_s_alone(tmp_path, monkeypatch, keys):
    """In the data folder (made 0700): the database, its WAL and shared memory, the
    serving lock, 0600, under the usual umask (0022: the modes are the club's own doing);
    and a backup taken while it runs."""
    data = tmp_path / "data"
    monkeypatch.setenv("PIER18_DATA_DIR", str(data))
    db = data / "club.sqlite3"
    with umask(0o022):
        server = ClubServer(db, fast_config())
        try:
            await server.start()
            ann = member(server.port, "Ann", keys["Ann"])
            await ann.create(2)  # writes: the WAL holds them
            await ann.close()
            files = {name: data / name for name in ("club.sqlite3", "club.sqlite3-wal", "club.sqlite3-shm", "club.sqlite3.serving")}
            assert {name: mode(path) for name, path in files.items()} == dict.fromkeys(files, PRIVATE)
            assert mode(data) == 0o700
            with open_store(db) as store:
                store.backup(tmp_path / "copy.sqlite3")
            assert mode(tmp_path / "copy.sqlite3") == PRIVATE
        finally:
            await server.close()


async def test_files_others_could_read_are_made_private_at_start_in_one_line(tmp_path, monkeypatch):
    data = tmp_path / "data"
    monkeypatch.setenv("PIER18_DATA_DIR", str(data))
    db = data / "club.sqlite3"
    a_club(db)
    serving = data / "club.sqlite3.serving"
    serving.touch()
    for path, loose in ((data, 0o755), (db, 0o644), (serving, 0o664)):
        path.chmod(loose)
    said: list[str] = []
    server = await open_club(db, report=said.append)
    await server.close()
    assert len(said) == 1 and "club.sqlite3" in said[0] and "\n" not in said[0], said
    assert (mode(data), mode(db), mode(serving)) == (0o700, PRIVATE, PRIVATE)
    again: list[str] = []
    server = await open_club(db, report=again.append)  # nothing more to say
    await server.close()
    assert again == []
    db.chmod(0o640)
    status, out, err = await pier18("club", "serve", "--reset", "Ann", data=data)  # the command says it too
    assert status == 0 and len(err.strip().splitlines()) == 1 and "club.sqlite3" in err, (out, err)
    assert mode(db) == PRIVATE


# -- tickets ------------------------------------------------------------------------------------


def main_s_ticket(secret: bytes, table: int, seat: int, member_key_hash: str) -> str:
    """The ticket as pier18's club made it when it signed tickets with a secret kept in
    its database: an HMAC of the table, the seat and the member's key hash."""
    digest = hmac.new(secret, f"pier18-club-ticket:{table}:{seat}:{member_key_hash}".encode("ascii"), hashlib.sha256).digest()
    number = int.from_bytes(digest, "big")
    chars = []
    for _unused in range(CODE_LENGTH):
        number, index = divmod(number, len(CODE_ALPHABET))
        chars.append(CODE_ALPHABET[index])
    raw = "".join(chars)
    return "-".join(raw[i : i + 4] for i in range(0, CODE_LENGTH, 4))


def everything_in(rows: dict[str, list[tuple]]) -> list[str]:
    """Every text value the tables hold."""
    return [value for table in rows.values() for row in table for value in row if isinstance(value, str)]


def what_a_copy_holds(club_db, tmp_path: Path) -> dict[str, list[tuple]]:
    """Every row of every table, as a thief reads them: from a backup of a SQLite club, or
    from the PostgreSQL database itself."""
    if isinstance(club_db, Path):
        copy = tmp_path / "stolen.sqlite3"
        with open_store(club_db) as store:
            store.backup(copy)
        conn = sqlite3.connect(copy)
        names = [row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {name: conn.execute(f"SELECT * FROM {name}").fetchall() for name in names}
    with Raw(club_db) as raw:
        names = [row[0] for row in raw.run("SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")]
        return {name: raw.run(f"SELECT * FROM {name}") for name in names}


async def opens(port: int, table: int, code: str) -> bool:
    hello = json.dumps({"type": "hello", "protocol": PROTOCOL, "version": VERSION, "code": code})
    async with connect(f"ws://127.0.0.1:{port}/table/{table}", compression=None, open_timeout=WAIT, max_size=2**20) as ws:
        await ws.send(hello)
        first = json.loads(await asyncio.wait_for(ws.recv(), WAIT))  # a welcome, or the wrong code's error
    return first.get("type") == "welcome"


async def test_a_ticket_forged_from_a_copy_of_the_database_is_refused(club_db, keys, tmp_path):
    """The attack: read a backup (or the database), and compute the ticket of Ann's seat as
    pier18 did when the club's secret was in the database, with every secret-looking value
    the copy holds. None opens the seat; Ann's own ticket does, and still does after the
    server restarts."""
    server = await open_club(club_db)
    ann, bob = member(server.port, "Ann", keys["Ann"]), member(server.port, "Bob", keys["Bob"])
    try:
        table = await ann.create(2, invite=["Bob"])
        await bob.join(table)
        _url, real = await ann.ticket(table)
        rows = what_a_copy_holds(club_db, tmp_path)
        ann_hash = next(row[3] for row in rows["players"] if row[2] == "ann")
        secrets_held = [row[0] for row in rows.get("club_secret", [])]
        secrets_held += [v for v in everything_in(rows) if len(v) == 64 and all(c in "0123456789abcdef" for c in v)]
        assert ann_hash in secrets_held  # the copy was read
        forged = {main_s_ticket(bytes.fromhex(secret), table, 0, ann_hash) for secret in secrets_held}
        assert real not in forged
        for code in sorted(forged):
            assert not await opens(server.port, table, code), code
        assert await opens(server.port, table, real)
    finally:
        await ann.close()
        await bob.close()
        await server.close()
    again = await open_club(club_db)
    try:
        assert await opens(again.port, table, real)  # a ticket stays valid across a restart
    finally:
        await again.close()


# -- a database the club cannot write -------------------------------------------------------------


@contextmanager
def read_only(path: Path):
    """`path` (a file or a folder) read-only to this process: for root, whom no mode
    stops, an immutable file (chattr +i); else a mode without write."""
    if os.geteuid() == 0:
        done = subprocess.run(["chattr", "+i", str(path)], capture_output=True)
        if done.returncode != 0:
            pytest.skip(f"as root only an immutable file is read-only, and chattr +i failed here: {done.stderr.decode().strip()}")
        try:
            yield
        finally:
            subprocess.run(["chattr", "-i", str(path)], check=True)
    else:
        before = stat.S_IMODE(path.stat().st_mode)
        path.chmod(0o555 if path.is_dir() else 0o444)
        try:
            yield
        finally:
            path.chmod(before)


async def served_once(db) -> None:
    """The club as a server left it: whatever a first start writes is written (a start
    that writes is refused by a read-only database anyway; one that only reads is not)."""
    server = await open_club(db)
    await server.close()


async def test_a_database_the_club_cannot_write_is_refused_at_start(club_db, tmp_path):
    """A read-only database file (SQLite) or a database that takes no writes (PostgreSQL
    with default_transaction_read_only) would fail every move: the server refuses to start."""
    await served_once(club_db)
    if isinstance(club_db, Path):
        db: Path | str = club_db
        held = read_only(club_db)
    else:
        db = club_db.replace("options=", "options=" + quote("-c default_transaction_read_only=on ", safe=""))
        held = umask(os.umask(0))  # nothing to hold
    with held:
        server = ClubServer(db, fast_config())
        try:
            with pytest.raises(StoreError) as caught:
                await server.start()
        finally:
            await server.close()
    message = str(caught.value)
    assert "cannot write" in message and "\n" not in message, message


@pytest.mark.parametrize("where", ["file", "folder", "file system"])
async def test_serve_on_a_read_only_database_is_one_line_at_start(tmp_path, where):
    folder = tmp_path / "club"
    folder.mkdir()
    db = folder / "club.sqlite3"
    a_club(db)
    await served_once(db)
    if where == "file system":
        if os.geteuid() != 0:
            pytest.skip("only root mounts a folder read-only")
        env = {**os.environ, "PIER18_DATA_DIR": str(tmp_path / "data"), "PYTHONPATH": str(SRC)}
        script = 'mount --bind -o ro "$1" "$1" && exec "$2" -m pier18 club serve --db "$1/club.sqlite3" --port 0'
        try:
            done = subprocess.run(
                ["unshare", "--mount", "sh", "-c", script, "sh", str(folder), sys.executable],
                env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=4 * WAIT,
            )
        except FileNotFoundError:
            pytest.skip("no unshare here")
        if "mount" in done.stderr and "pier18" not in done.stderr:
            pytest.skip(f"cannot mount here: {done.stderr.strip()}")
        status, err = done.returncode, done.stderr
    else:
        with read_only(db if where == "file" else folder):
            status, _out, err = await pier18("club", "serve", "--db", str(db), "--port", "0", data=tmp_path / "data")
    assert one_line(status, err), (status, err)
    assert "cannot write" in err and shorten(db) in err, err  # a long path is shortened
