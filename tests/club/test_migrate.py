"""The club's schema changes: from EVERY earlier version (a club built with the old steps
only, holding what that version could hold) `--migrate` brings it to this pier18's
schema with its data whole; a server refuses to start on an older schema (one line:
run --migrate) or a newer one (one line: upgrade pier18). On SQLite and PostgreSQL."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from pier18.club.keys import key_hash, new_key
from pier18.club.store import SCHEMA_VERSION, STEPS, ClubStore, StoreError, connect_store, open_store

from club_databases import Raw

SRC = Path(__file__).resolve().parents[2] / "src"
WAIT = 120.0


def play(store: ClubStore, table, moves: int):
    for _ in range(moves):
        if table.status != "playing":
            break
        seat = table.to_act()[0]
        decision = str(table.session.game.legal_decisions_for(seat)[0])
        table = store.decide(table.id, seat, decision, table.turn, table.seats[seat].player)
    return table


def fill_version_1(store: ClubStore, keys: dict[str, str]) -> None:
    """What a version-1 club holds: members, an open table, a game under way and a game
    over (so ratings), each made through the store as that version made them."""
    for name, key in keys.items():
        store.hello(name, key)
    store.create_table("Cy", ["human", "human"], invited=["Ann"])
    going = store.join(store.create_table("Ann", ["human", "human"]).id, "Bob")
    play(store, going, 5)
    over = store.join(store.create_table("Bob", ["human", "human", "greedy"]).id, "Ann")
    while over.status == "playing":
        over = play(store, store.play_bots(over.id), 1)


def fill_version_2(store: ClubStore, keys: dict[str, str]) -> None:
    """What a version-2 club holds: all a version-1 club did, and the club's secret (made
    as that version's `ClubStore.secret` made it)."""
    fill_version_1(store, keys)
    with store._writing(exclusive=True) as cur:
        store._run(cur, "INSERT INTO club_secret (secret) VALUES (?)", (secrets.token_hex(32),))


def fill_version_3(store: ClubStore, keys: dict[str, str]) -> None:
    """What a version-3 club holds: all a version-2 club did, and the servers' leases."""
    fill_version_2(store, keys)
    store.take_lease("clock", "an old server", 0.0)  # expired: it stopped
    store.take_lease("server:an old server", "an old server", 0.0)


def fill_version_3(store: ClubStore, keys: dict[str, str]) -> None:
    """What a version-3 club holds: all a version-2 club did, and its servers' leases."""
    fill_version_2(store, keys)
    store.take_lease("server:old", "old", 10.0)


#: How to fill a club at each earlier schema version. A new step in store.STEPS needs its
#: version's filler here (the test below says so), written as that version's pier18 did.
FILL = {1: fill_version_1, 2: fill_version_2, 3: fill_version_3}


def has_table(raw: Raw) -> str:
    """How to ask, on the raw connection, whether a table of this name exists (one `?`)."""
    if raw.postgres:
        return "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ?"
    return "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = ?"


def without_saved_at(record: str) -> dict:
    """An exported record, but for the moment of the export."""
    data = json.loads(record)
    data.pop("saved_at")
    return data


def snapshot(store: ClubStore, names) -> dict:
    """Everything a member could see of the club."""
    found: dict = {"ratings": [(m.name, m.rating, m.rating.games) for m in store.ratings()]}
    for name in names:
        for table in store.games_of(name) + store.open_tables(name):
            found[table.id] = (
                table.status, table.turn, [(s.kind, s.player) for s in table.seats],
                [(m.n, m.seat, m.decision, m.author) for m in store.moves(table.id)],
                None if table.session is None else without_saved_at(store.export(table.id)),
            )
    return found


def at_version(db, version: int, keys) -> dict:
    """A club at `version` (0: an empty database), filled as that version could be;
    returns what it holds."""
    with connect_store(db) as old:
        assert old.version() == 0
        if version == 0:
            return {"ratings": []}
        assert old.migrate(upto=version) == version
        FILL[version](old, keys)
        return snapshot(old, keys)


def test_every_earlier_version_has_its_filler():
    assert len(STEPS) == SCHEMA_VERSION and sorted(FILL) == list(range(1, SCHEMA_VERSION))


@pytest.mark.parametrize("version", range(SCHEMA_VERSION))
def test_migrating_from_every_earlier_version_keeps_everything(club_db, keys, version):
    before = at_version(club_db, version, keys)
    if version > 0:  # an older club: the server will not start on it, and says what to do
        with pytest.raises(StoreError) as caught:
            open_store(club_db)
        message = str(caught.value)
        assert "--migrate" in message and f"schema {version}" in message and "\n" not in message
        with connect_store(club_db) as still:
            assert still.version() == version  # refusing changed nothing
    with open_store(club_db, migrate=True) as store:
        assert store.version() == SCHEMA_VERSION
        if version == 0:
            for name, key in keys.items():
                store.hello(name, key)
        assert snapshot(store, keys) == before
        assert store.take_lease("clock", "me", 10.0) is not None  # version 3's leases
        assert store.take_lease("clock", "another", 10.0) is None
        code = store.reset("Bob")  # and version 4's one-time codes of key resets
        assert store.hello("Bob", new_key(), code).registered
        table = store.join(store.create_table("Ann", ["human", "human"]).id, "Cy")
        store.keep_ticket(table.id, 0, key_hash(keys["Ann"]), "ab" * 32)  # version 4's tickets
        assert store.ticket_hashes(table.id) == ["ab" * 32, None]
        table = play(store, table, 3)
        assert table.turn == 3 and len(store.moves(table.id)) == 3
        for old in store.games_of("Bob"):
            if old.status == "playing":
                assert play(store, old, 1).turn == old.turn + 1  # a game from before goes on
    with open_store(club_db) as again:  # migrated once, it opens as it is
        assert again.version() == SCHEMA_VERSION and again.ticket_hashes(table.id) == ["ab" * 32, None]
        assert again.migrate() == SCHEMA_VERSION
    with Raw(club_db) as raw:  # the secret that signed the old tickets (and was in every backup) is gone
        assert raw.run(has_table(raw), ("club_secret",)) == [(0,)]


def test_several_processes_migrating_at_once_do_each_step_once(club_db, keys):
    at_version(club_db, 1, keys)
    barrier = threading.Barrier(3)
    results: list[object] = []

    def migrate() -> None:
        with connect_store(club_db) as store:  # each its own connection, as each server has
            try:
                barrier.wait(timeout=WAIT)
                results.append(store.migrate())
            except Exception as exc:  # noqa: BLE001 - the test shows it
                results.append(exc)

    threads = [threading.Thread(target=migrate) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=WAIT)
    assert results.count(SCHEMA_VERSION) == 3, results
    with Raw(club_db) as raw:
        assert raw.run("SELECT version FROM schema_version") == [(SCHEMA_VERSION,)]
        assert raw.run("SELECT COUNT(*) FROM tickets") == [(0,)]  # made once: a second CREATE would have failed


def pier18(*args: str, data: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PIER18_DATA_DIR": str(data), "PYTHONPATH": str(SRC)}
    return subprocess.run(
        [sys.executable, "-m", "pier18", *args], env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=WAIT,
    )


def test_serve_refuses_an_old_or_newer_schema_and_migrate_brings_it_up(club_db, keys, tmp_path):
    at_version(club_db, 1, keys)
    db = str(club_db)
    refused = pier18("club", "serve", "--db", db, "--port", "0", data=tmp_path)
    assert refused.returncode == 2 and "--migrate" in refused.stderr, refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1 and "Traceback" not in refused.stderr
    assert "pier18:pier18@" not in refused.stderr  # never the password
    done = pier18("club", "serve", "--db", db, "--migrate", data=tmp_path)
    assert done.returncode == 0 and f"schema {SCHEMA_VERSION}" in done.stdout, done.stderr
    assert "pier18:pier18@" not in done.stdout
    with Raw(club_db) as raw:
        raw.run("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    for args in ((), ("--migrate",)):
        newer = pier18("club", "serve", "--db", db, "--port", "0", *args, data=tmp_path)
        assert newer.returncode == 2 and "upgrade" in newer.stderr and len(newer.stderr.strip().splitlines()) == 1, newer.stderr
    with connect_store(club_db) as store:
        assert store.version() == SCHEMA_VERSION + 1  # left alone
