"""What only a PostgreSQL club has: an address that may be wrong, a server that may be
away or restart, a password never to show, psycopg that may be missing; and a SQLite
club that never imports psycopg."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pier18.club.keys import new_key
from pier18.club.store import StoreError, open_store

from club_databases import postgres_server

SRC = Path(__file__).resolve().parents[2] / "src"
WAIT = 120.0
SECRET = "s3cret-Pw"

BAD_ADDRESSES = [
    f"postgresql://ann:{SECRET}@127.0.0.1:9/club",  # nobody listens
    f"postgres://ann:{SECRET}@127.0.0.1:notaport/club",
    f"postgresql://ann:{SECRET}@[::1/club",
    f"postgresql://ann@127.0.0.1:9/club?password={SECRET}&sslmode=bogus",
    f"postgresql://ann:{SECRET}@127.0.0.1:9/club?nonsense=1",
    "postgresql://\x1b[2J@127.0.0.1:9/club",
]


@pytest.mark.parametrize("address", BAD_ADDRESSES)
def test_a_wrong_or_unreachable_address_is_one_line_without_the_password(address):
    pytest.importorskip("psycopg")
    with pytest.raises(StoreError) as caught:
        open_store(address)
    message = str(caught.value)
    assert "\n" not in message and SECRET not in message and "\x1b" not in message, message


def test_a_wrong_password_is_one_line_without_it():
    server = postgres_server()
    import psycopg.conninfo

    given = psycopg.conninfo.conninfo_to_dict(server)
    wrong = f"postgresql://{given.get('user', 'pier18')}:{SECRET}@{given.get('host', '127.0.0.1')}:{given.get('port', 5432)}/{given.get('dbname', 'pier18')}"
    with pytest.raises(StoreError) as caught:
        open_store(wrong)
    message = str(caught.value)
    assert "\n" not in message and SECRET not in message and "cannot open" in message, message


def test_without_psycopg_the_club_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "psycopg", None)  # import psycopg fails
    monkeypatch.delitem(sys.modules, "pier18.club.postgres", raising=False)
    with pytest.raises(StoreError, match=r"pip install 'pier18\[postgres\]'"):
        open_store("postgresql://ann@127.0.0.1/club")


def run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], env={**os.environ, "PYTHONPATH": str(SRC)}, capture_output=True, text=True, timeout=WAIT,
    )


def test_a_sqlite_club_never_imports_psycopg(tmp_path):
    done = run(
        "import sys\n"
        "from pier18.club.server import ClubServer\n"
        "from pier18.club.store import open_store\n"
        f"open_store({str(tmp_path / 'club.sqlite3')!r}).close()\n"
        "print(sorted(m for m in sys.modules if m.startswith('psycopg') or m == 'pier18.club.postgres'))\n"
    )
    assert done.stdout.strip() == "[]", done.stderr


def test_serve_on_an_unreachable_database_is_one_line_exit_2(tmp_path):
    pytest.importorskip("psycopg")
    done = subprocess.run(
        [sys.executable, "-m", "pier18", "club", "serve", "--db", BAD_ADDRESSES[0], "--port", "0"],
        env={**os.environ, "PYTHONPATH": str(SRC), "PIER18_DATA_DIR": str(tmp_path)}, capture_output=True, text=True,
        timeout=WAIT, stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert SECRET not in done.stderr and "Traceback" not in done.stderr


def test_a_connection_the_server_cut_is_made_again(club_db, backend, keys):
    if backend != "postgresql":
        pytest.skip("a SQLite club has no server to cut its connection")
    import psycopg

    with open_store(club_db) as store:
        store.hello("Ann", keys["Ann"])
        with psycopg.connect(postgres_server(), autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (store._conn.info.backend_pid,))
        # The next transaction finds the connection broken before doing anything, and
        # makes it again: a restarted database server costs the club nothing.
        assert store.member("Ann").name == "Ann"
        assert store.hello("Bob", new_key()).registered
