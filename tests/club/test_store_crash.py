"""`kill -9` of a process applying moves, at random moments and inside a commit: every
move it acknowledged is in the club after, the database is whole, and every table's
record loads with its turn equal to its moves. On SQLite and on PostgreSQL (where the
killed process is a client: the server rolls its open transaction back)."""

from __future__ import annotations

import queue
import random
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

from pier18.club.keys import new_key
from pier18.club.store import is_postgres, open_store

from club_databases import Raw

CHILD = Path(__file__).with_name("club_child.py")
SRC = Path(__file__).resolve().parents[2] / "src"
WAIT = 120.0  # generous: the machine may be loaded


class Child:
    """A `club_child.py play` process, its lines read as they come."""

    def __init__(self, db: Path | str, keys: tuple[str, str], block_at: int | None = None) -> None:
        args = [sys.executable, str(CHILD), "play", str(db), *keys, *([str(block_at)] if block_at else [])]
        self.process = subprocess.Popen(
            args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"},
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def next_line(self) -> str:
        line = self.lines.get(timeout=WAIT)
        assert line is not None, self.process.stderr.read()
        return line

    def kill(self) -> list[str]:
        """kill -9, then every line it wrote before it died."""
        self.process.kill()
        self.process.wait(timeout=WAIT)
        rest = []
        while (line := self.lines.get(timeout=WAIT)) is not None:
            rest.append(line)
        return rest


def acks(lines: list[str]) -> dict[int, int]:
    """The highest turn acknowledged, by table."""
    found: dict[int, int] = {}
    for line in lines:
        word, table, turn = line.split()
        if word == "ack":
            found[int(table)] = max(found.get(int(table), 0), int(turn))
    return found


def check_club(db: Path | str, acknowledged: dict[int, int]) -> dict[int, int]:
    """The club after a crash: whole, every acknowledged move there, every table sound.
    Returns each table's turn."""
    if not is_postgres(db):
        raw = sqlite3.connect(db)
        assert raw.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        raw.close()
    with Raw(db) as raw:
        ids = [row[0] for row in raw.run("SELECT id FROM tables")]
    turns = {}
    with open_store(db) as store:
        for table_id in ids:
            table = store.table(table_id)  # the record loads, its turn agrees with it (else DamagedStore)
            moves = store.moves(table_id)
            assert [m.n for m in moves] == list(range(1, table.turn + 1))
            if table.session is not None:
                assert len(table.session.decisions) + len(table.choices_ahead) == table.turn
            turns[table_id] = table.turn
    for table_id, turn in acknowledged.items():
        assert turns.get(table_id, -1) >= turn, (table_id, turn, turns.get(table_id))
    return turns


def test_kill_9_loses_no_acknowledged_move(club_db):
    db = club_db
    keys = (new_key(), new_key())
    rng = random.Random(18)
    acknowledged: dict[int, int] = {}
    for run in range(4):  # killed at a random moment: after some moves and a random pause
        child = Child(db, keys)
        lines = [child.next_line() for _ in range(rng.randint(1, 25))]
        time.sleep(rng.uniform(0, 0.05))
        lines += child.kill()
        for table, turn in acks(lines).items():
            acknowledged[table] = max(acknowledged.get(table, 0), turn)
        check_club(db, acknowledged)
    for block_at in (rng.randint(2, 12), rng.randint(13, 30)):  # killed inside a commit
        child = Child(db, keys, block_at)
        lines = []
        while not (line := child.next_line()).startswith("inside"):
            lines.append(line)
        lines += child.kill()
        for table, turn in acks(lines).items():
            acknowledged[table] = max(acknowledged.get(table, 0), turn)
        turns = check_club(db, acknowledged)
        _word, table, turn = line.split()
        if int(table) in turns:  # a move was being committed (not a new table): it is not there
            assert turns[int(table)] == int(turn) - 1
            with open_store(db) as store:  # and the dead transaction's lock is gone: the table moves
                held = store.table(int(table))
                seat = held.to_act()[0]
                decision = str(held.session.game.legal_decisions_for(seat)[0])
                assert store.decide(held.id, seat, decision, held.turn, held.seats[seat].player).turn == held.turn + 1
    assert len(acknowledged) >= 2 and sum(acknowledged.values()) > 20
