"""A process that works on a club for tests/club: `play` (moves in a loop, each one
acknowledged on stdout once `decide` has returned) and `race` (one decision, on a signal).

    python club_child.py play DB ANN_KEY BOB_KEY [BLOCK_AT]
    python club_child.py race DB TABLE SEAT SEEN NAME KEY DECISION [HOLD]
"""

from __future__ import annotations

import sys
import time

from pier18.club.store import StoreError, open_store


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def play(db: str, ann_key: str, bob_key: str, block_at: int | None) -> None:
    store = open_store(db)
    store.hello("Ann", ann_key)
    store.hello("Bob", bob_key)
    commits = 0
    current: list[int] = [0, 0]  # the table and the turn being committed

    def hook() -> None:
        nonlocal commits
        commits += 1
        if block_at is not None and commits == block_at:
            say(f"inside {current[0]} {current[1]}")
            sys.stdin.readline()  # held inside the transaction until killed

    store.before_commit = hook
    while True:
        current[:] = [0, 0]  # not a move: a new table
        table = store.create_table("Ann", ["human", "human"])
        table = store.join(table.id, "Bob")
        say(f"ack {table.id} {table.turn}")
        while table.status == "playing":
            seat = table.to_act()[0]
            decision = table.session.game.legal_decisions_for(seat)[0]
            current[:] = [table.id, table.turn + 1]
            table = store.decide(table.id, seat, str(decision), table.turn, table.seats[seat].player)
            say(f"ack {table.id} {table.turn}")


def race(db: str, table_id: int, seat: int, seen: int, name: str, key: str, decision: str, hold: bool) -> None:
    store = open_store(db)
    store.hello(name, key)
    if hold:  # keep the write lock a while, so the other process waits on it
        store.before_commit = lambda: time.sleep(0.5)
    say("ready")
    sys.stdin.readline()
    try:
        store.decide(table_id, seat, decision, seen, name)
    except StoreError as exc:
        say(f"lost {type(exc).__name__} {exc}")
    else:
        say("won")


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[0] == "play":
        play(args[1], args[2], args[3], int(args[4]) if len(args) > 4 else None)
    else:
        race(args[1], int(args[2]), int(args[3]), int(args[4]), args[5], args[6], args[7], len(args) > 8)
