"""The club's store: members, tables, decisions in one transaction each, clocks, ratings,
rows read back as hostile, two connections racing, backups."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from pier18.club.clock import Clock
from pier18.club.keys import key_hash, new_key
from pier18.club.store import (
    RESET_HOURS, AlreadyMoved, BadName, DamagedStore, KeyWasReset, NameTaken, StaleTurn, StoreError, SCHEMA_VERSION, open_store,
)
from pier18.engine.errors import IllegalDecision, Pier18Error
from pier18.persist import record as records

from club_databases import Raw

CHILD = Path(__file__).with_name("club_child.py")
SRC = Path(__file__).resolve().parents[2] / "src"


def two_player_table(store, clock=Clock()):
    table = store.create_table("Ann", ["human", "human"], clock)
    return store.join(table.id, "Bob")


def first_legal(table, seat):
    return str(table.session.game.legal_decisions_for(seat)[0])


def move(store, table, seat=None):
    """The first legal decision for a seat the table waits for (the first, by default)."""
    seat = table.to_act()[0] if seat is None else seat
    return store.decide(table.id, seat, first_legal(table, seat), table.turn, table.seats[seat].player)


def past_setup(store, table):
    while table.session.game.simultaneous():
        table = move(store, table)
    return table


def play_out(store, table):
    while table.status == "playing":
        table = move(store, table)
    return table


# -- members ---------------------------------------------------------------------------


def test_a_name_is_registered_on_first_use_and_kept_for_its_key(store):
    key = new_key()
    first = store.hello("Ann", key)
    assert first.registered and first.name == "Ann"
    again = store.hello("  ann ", key)  # the same name to a person reading it
    assert again.id == first.id and not again.registered
    with pytest.raises(NameTaken, match="Ann"):
        store.hello("ANN", new_key())


def test_the_operator_resets_a_lost_key_with_a_one_time_code(store, club_db, clock):
    """A reset used to hand the account to whoever said hello first with the name. Now the
    old key stops at once, the next key is set only with the code the operator was shown
    (of which the club keeps only a hash), once, before it expires."""
    old = new_key()
    store.hello("Ann", old)
    code = store.reset("ann")
    assert code not in dump(club_db) and code.replace("-", "") not in dump(club_db)  # only its hash is kept
    for key, given, why in [
        (old, None, "key_reset"), (new_key(), None, "key_reset"),  # the old key and a stranger's alike
        (new_key(), "2345-6789-ABCD-EFGH", "wrong_reset_code"),
    ]:
        with pytest.raises(KeyWasReset) as caught:
            store.hello("Ann", key, given)
        assert caught.value.code == why
    key = new_key()
    assert store.hello("Ann", key, code.lower().replace("-", " ")).registered  # as typed, in any case
    assert not store.hello("Ann", key, code).registered  # the same key again: welcome (its answer may have been lost)
    assert not store.hello("Ann", key).registered
    for thief in (old, new_key()):
        with pytest.raises(NameTaken):
            store.hello("Ann", thief, code)  # used once: it opens nothing more
    late = store.reset("Ann")
    clock.advance(RESET_HOURS * 3600)
    with pytest.raises(KeyWasReset) as caught:
        store.hello("Ann", new_key(), late)
    assert caught.value.code == "reset_code_expired"
    again = store.reset("Ann")  # a new code replaces the old one
    with pytest.raises(KeyWasReset):
        store.hello("Ann", new_key(), late)
    assert store.hello("Ann", new_key(), again).registered
    with pytest.raises(StoreError, match="Zed"):
        store.reset("Zed")


def dump(db) -> str:
    """Every value the club's database holds, as text."""
    with Raw(db) as raw:
        names = ["players", "tables", "seats", "moves", "leases", "resets", "tickets"]
        return repr([raw.run(f"SELECT * FROM {name}") for name in names])


def test_two_first_hellos_with_one_name_one_registers_it(store, club_db, clock):
    barrier = threading.Barrier(3)
    results: list[str] = []

    def hello():
        with open_store(club_db, now=clock) as mine:  # each its own connection, as two servers have
            barrier.wait(timeout=60)
            try:
                results.append("registered" if mine.hello("Zoe", new_key()).registered else "in")
            except NameTaken:
                results.append("taken")
            except StoreError as exc:
                results.append(str(exc))

    threads = [threading.Thread(target=hello) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert sorted(results) == ["registered", "taken", "taken"]


@pytest.mark.parametrize("name", ["", "   ", "\u2800", "\u0301", "x" * 65, "bot:hard", " BOT:Hard", "bot:"])
def test_a_name_the_club_cannot_take_is_one_line(store, name):
    with pytest.raises(StoreError) as caught:
        store.hello(name, new_key())
    assert "\n" not in str(caught.value)


def test_a_hostile_name_is_kept_printable(store):
    member = store.hello("\x1b[2JAnn\u202e", new_key())
    assert member.name.isprintable() and "\x1b" not in member.name
    assert store.member(member.name).id == member.id


def test_a_key_that_is_no_key_is_refused(store):
    with pytest.raises(StoreError, match="key"):
        store.hello("Ann", "short")


# -- tables ------------------------------------------------------------------------------


def test_a_table_starts_when_its_last_seat_is_taken(members):
    store = members
    table = store.create_table("Ann", ["human", "human", "hard"], Clock(300), invited=["bob"])
    assert table.status == "open" and table.session is None
    assert [t.id for t in store.open_tables("Bob")] == [table.id]
    assert store.open_tables("Cy") == []  # not invited
    with pytest.raises(StoreError, match="not invited"):
        store.join(table.id, "Cy")
    with pytest.raises(StoreError, match="already sits"):
        store.join(table.id, "Ann")
    table = store.join(table.id, "Bob")
    assert table.status == "playing" and table.turn == 0 and table.deadline == store.now() + 300
    assert table.session.names[:2] == ["Ann", "Bob"] and table.session.seats == ["human", "human", "hard"]
    with pytest.raises(StoreError, match="not waiting"):
        store.join(table.id, "Cy")
    assert [t.id for t in store.games_of("Bob")] == [table.id]


def test_a_table_of_bots_starts_at_once_and_a_bad_table_is_refused(members):
    store = members
    assert store.create_table("Ann", ["human", "greedy"]).status == "playing"
    for seats in (["human"], ["hard", "human"], ["human", "wizard"], ["human"] * 9):
        with pytest.raises(Pier18Error):
            store.create_table("Ann", seats)
    with pytest.raises(StoreError, match="Zed"):
        store.create_table("Zed", ["human", "human"])


def test_a_member_named_like_a_bot_at_the_table_cannot_sit_there(members, keys):
    """Not even at the first hello: a member "Hard bot" would pass for the bot at any
    table (the join's own check stays, for a club made before names were checked)."""
    store = members
    for name in ("Hard bot", "hard  bot 2", "Expert-bot"):
        with pytest.raises(StoreError, match="bot"):
            store.hello(name, new_key())


# -- decisions ---------------------------------------------------------------------------


def test_a_whole_game_is_stored_as_its_record_and_its_moves(members, tmp_path):
    store = members
    table = play_out(store, two_player_table(store))
    assert table.status == "over" and table.deadline is None
    moves = store.moves(table.id)
    assert [m.n for m in moves] == list(range(1, table.turn + 1))
    # The export is a game record as every other command reads it.
    path = tmp_path / "club-game.json"
    path.write_text(store.export(table.id), encoding="utf-8")
    session = records.load(path)
    assert session.game.is_terminal() and session.names == ["Ann", "Bob"]
    assert [str(d) for d in session.decisions] == [m.decision for m in moves]


def test_the_engine_judges_and_a_refused_decision_writes_nothing(members):
    store = members
    table = past_setup(store, two_player_table(store))
    seat = table.to_act()[0]
    with pytest.raises(IllegalDecision):
        store.decide(table.id, seat, "draft 99:1", table.turn, table.seats[seat].player)
    with pytest.raises(Pier18Error):
        store.decide(table.id, seat, "no such decision", table.turn, table.seats[seat].player)
    with pytest.raises(StoreError, match="not"):
        store.decide(table.id, seat, first_legal(table, seat), table.turn, table.seats[1 - seat].player)
    with pytest.raises(StoreError, match="person"):
        store.decide(table.id, seat, first_legal(table, seat), table.turn, None)
    assert store.table(table.id).turn == table.turn and len(store.moves(table.id)) == table.turn


def test_a_decision_from_a_stale_turn_is_refused(members):
    store = members
    table = past_setup(store, two_player_table(store))
    old = table
    table = move(store, table)
    seat = table.to_act()[0]
    with pytest.raises(StaleTurn, match="stale turn"):
        store.decide(table.id, seat, first_legal(table, seat), old.turn, table.seats[seat].player)
    with pytest.raises(StaleTurn):
        store.decide(table.id, seat, first_legal(table, seat), table.turn + 5, table.seats[seat].player)


def test_a_choice_made_ahead_is_kept_and_made_only_once(members, club_db):
    store = members
    table = two_player_table(store)
    assert table.to_act() == [0, 1]
    table = store.decide(table.id, 1, first_legal(table, 1), 0, "Bob")  # ahead of seat 0
    assert table.turn == 1 and table.moment == 0 and len(table.session.decisions) == 0
    chosen = table.choices_ahead[1][0]
    with open_store(club_db) as other:
        again = other.table(table.id)  # read back from the database
    assert again.choices_ahead == {1: (chosen, "human")} and again.session.game.has_chosen(1)
    with pytest.raises(AlreadyMoved):
        store.decide(table.id, 1, chosen, 0, "Bob")
    table = store.decide(table.id, 0, first_legal(table, 0), 0, "Ann")  # seen before Bob's choice: still wanted
    assert table.turn == 2 and len(table.session.decisions) == 2 and table.choices_ahead == {}


def test_two_threads_deciding_for_one_seat_one_wins(members, club_db, clock):
    store = members
    table = past_setup(store, two_player_table(store))
    seat = table.to_act()[0]
    decision, name = first_legal(table, seat), table.seats[seat].player
    barrier = threading.Barrier(2)
    results: list[str] = []

    def decide():
        mine = open_store(club_db, now=clock)
        try:
            barrier.wait(timeout=60)
            mine.decide(table.id, seat, decision, table.turn, name)
            results.append("won")
        except StaleTurn as exc:
            results.append(type(exc).__name__)
        finally:
            mine.close()

    threads = [threading.Thread(target=decide) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert sorted(results) == ["StaleTurn", "won"]
    assert store.table(table.id).turn == table.turn + 1 == len(store.moves(table.id))


@pytest.mark.parametrize("phase", ["setup", "draft"])
def test_two_processes_deciding_for_one_seat_one_wins(members, keys, club_db, phase):
    """Two processes, each with its own connection, decide for the same seat at once; the
    one that holds the write lock first keeps it a while, so the other waits for it."""
    store = members
    table = two_player_table(store)
    if phase == "draft":
        table = past_setup(store, table)
    seat = table.to_act()[-1]
    name = table.seats[seat].player
    decision = first_legal(table, seat)
    children = [
        subprocess.Popen(
            [sys.executable, str(CHILD), "race", str(club_db), str(table.id), str(seat), str(table.turn), name, keys[name], decision, *hold],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"},
        )
        for hold in (["hold"], [])
    ]
    try:
        for child in children:
            assert child.stdout.readline().strip() == "ready"
        for child in children:
            child.stdin.write("go\n")
            child.stdin.flush()
        said = sorted(child.communicate(timeout=120)[0].strip() for child in children)
    finally:
        for child in children:
            if child.poll() is None:
                child.kill()
    assert said[1] == "won", said
    wanted = "lost AlreadyMoved" if phase == "setup" else "lost StaleTurn"
    assert said[0].startswith(wanted) and "\n" not in said[0]
    after = store.table(table.id)
    assert after.turn == table.turn + 1 == len(store.moves(table.id))


def test_the_last_move_and_the_ratings_are_one_transaction(members):
    store = members
    table = two_player_table(store)
    while not _last(table, table.to_act()[0]):
        table = move(store, table)

    def crash():
        raise RuntimeError("the power went out")

    store.before_commit = crash
    with pytest.raises(RuntimeError):
        move(store, table)
    assert store.table(table.id).turn == table.turn and store.ratings() == []
    commits: list[tuple[int, str]] = []  # what the transaction holds just before its commit

    def look():
        cur = store._conn.cursor()
        games = cur.execute("SELECT SUM(games) FROM players").fetchone()[0]
        status = cur.execute(store.dialect.sql("SELECT status FROM tables WHERE id = ?"), (table.id,)).fetchone()[0]
        commits.append((games, status))

    store.before_commit = look
    table = move(store, table)
    assert commits == [(2, "over")]  # one commit, the ratings in it
    assert table.status == "over" and table.rated
    assert sorted(m.name for m in store.ratings()) == ["Ann", "Bob"]
    assert all(m.rating.games == 1 for m in store.ratings())


def _last(table, seat):
    """Whether the seat's first legal decision ends the game."""
    game = table.session.game.clone()
    game.choose(seat, game.legal_decisions_for(seat)[0])
    return game.is_terminal()


def test_bots_are_rated_as_members_of_their_own(members):
    store = members
    table = store.create_table("Ann", ["human", "hard", "hard"])
    while table.status == "playing":
        table = store.play_bots(table.id)
        if table.status == "playing":
            table = move(store, table, seat=0)
    ratings = {m.name: m.rating for m in store.ratings()}
    assert set(ratings) == {"Ann", "bot:hard"}
    assert ratings["bot:hard"].games == 1
    authors = {m.author for m in store.moves(table.id)}
    assert authors == {"human", "hard"}


# -- clocks ------------------------------------------------------------------------------


def test_a_late_move_is_made_by_the_hard_bot_said_as_its(members, clock):
    store = members
    table = past_setup(store, two_player_table(store, Clock(300, "bot")))
    assert store.overdue() == []
    assert store.timeout(table.id) is None
    clock.advance(299)
    assert store.overdue() == []
    clock.advance(1)
    assert store.overdue() == [table.id]
    late = table.to_act()[0]
    after = store.timeout(table.id)
    assert after.turn == table.turn + 1 and after.lost_on_time == ()
    assert store.moves(table.id)[-1].author == "hard" and store.moves(table.id)[-1].seat == late
    assert after.session.stand_ins() == {len(after.session.decisions): "hard"}
    assert after.deadline == clock() + 300 and store.overdue() == []


def test_a_late_setup_times_out_every_seat_still_to_choose(members, clock):
    store = members
    table = two_player_table(store, Clock(86400, "bot"))
    table = store.decide(table.id, 1, first_legal(table, 1), 0, "Bob")
    clock.advance(3600)
    assert store.table(table.id).deadline == table.deadline  # a choice ahead does not restart the clock
    clock.advance(86400)
    after = store.timeout(table.id)
    assert [m.author for m in store.moves(table.id)] == ["human", "hard"]
    assert not after.session.game.simultaneous() or after.to_act() != [0, 1]


def test_losing_on_time_ranks_the_seat_last(members, clock):
    store = members
    table = two_player_table(store, Clock(300, "lose"))
    clock.advance(301)
    table = store.timeout(table.id)  # both seats were late in the set-up
    assert table.lost_on_time == (0, 1)
    while table.status == "playing":
        seat = table.to_act()[0]
        if seat == 0:
            clock.advance(301)
            table = store.timeout(table.id)
        else:
            table = move(store, table, seat=1)
    ratings = {m.name: m.rating for m in store.ratings()}
    assert table.lost_on_time == (0, 1) and ratings["Ann"].games == ratings["Bob"].games == 1


def test_only_ann_losing_on_time_ranks_her_last(members, clock):
    store = members
    table = past_setup(store, two_player_table(store, Clock(300, "lose")))
    late = False
    while table.status == "playing":
        seat = table.to_act()[0]
        if seat == 0 and not late:
            late = True
            clock.advance(301)
            table = store.timeout(table.id)
        else:
            table = move(store, table, seat=seat)
    assert table.lost_on_time == (0,)
    ratings = {m.name: m.rating for m in store.ratings()}
    assert ratings["Ann"].mu < 25 < ratings["Bob"].mu


def test_a_timeout_that_loses_the_race_to_a_move_does_nothing(members, club_db, clock):
    store = members
    table = past_setup(store, two_player_table(store, Clock(300)))
    clock.advance(400)
    other = open_store(club_db, now=clock)
    thought = store._bot_moves

    def slow_bot(seen, timed_out):
        moves = thought(seen, timed_out)
        move(other, seen)  # the player moves while the bot thinks
        return moves

    store._bot_moves = slow_bot
    assert store.timeout(table.id) is None
    assert [m.author for m in store.moves(table.id)][-1] == "human"
    other.close()


# -- rows read back ----------------------------------------------------------------------

DAMAGE = [
    "UPDATE tables SET record = 'not json'",
    "UPDATE tables SET record = '{}'",
    "UPDATE tables SET record = NULL",
    "UPDATE tables SET record = replace(record, 'draft', 'drift')",
    "UPDATE tables SET record = replace(record, '\"Bob\"', '\"Zed\"')",
    "UPDATE tables SET turn = 'x'",
    "UPDATE tables SET turn = turn + 1",
    "UPDATE tables SET moment = turn + 1",
    "UPDATE tables SET status = 'lost'",
    "UPDATE tables SET status = 'over'",
    "UPDATE tables SET ahead = '[1]'",
    "UPDATE tables SET ahead = '{\"1\": [\"keep 99 98\", \"human\"]}'",
    "UPDATE tables SET ahead = '{\"٣\": [\"keep 1 2\", \"human\"]}'",
    "UPDATE tables SET lost_on_time = '[7]'",
    "UPDATE tables SET lost_on_time = '" + "[" * 10000 + "'",
    "UPDATE tables SET invited = '{'",
    "UPDATE tables SET clock_seconds = -5",
    "UPDATE tables SET on_timeout = 'explode'",
    "UPDATE tables SET deadline = 'soon'",
    "UPDATE tables SET rated = 2",
    "UPDATE tables SET created_by = 999",
    "UPDATE seats SET kind = 'wizard' WHERE seat = 1",
    "UPDATE seats SET kind = 'hard' WHERE seat = 1",
    "DELETE FROM seats WHERE seat = 1",
    "UPDATE players SET name = 'Zed' WHERE name = 'Bob'",
]


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_table_is_one_line_naming_it(members, club_db, damage):
    store = members
    table = past_setup(store, two_player_table(store))
    table = move(store, table)
    with Raw(club_db) as raw:
        if not raw.postgres:
            raw.run("PRAGMA foreign_keys = OFF")
        try:
            raw.run(damage)
        except raw.errors:
            assert raw.postgres  # SQLite keeps whatever it is given
            pytest.skip("PostgreSQL's column types and keys refuse this damage")
    for attempt in (
        lambda: store.table(table.id),
        lambda: move(store, table),
        lambda: store.export(table.id),
        lambda: store.games_of("Ann"),
    ):
        with pytest.raises(DamagedStore) as caught:
            attempt()
        message = str(caught.value)
        assert f"club table {table.id}" in message and "\n" not in message
    assert len(store.moves(table.id)) == table.turn  # nothing written


def test_a_damaged_member_is_one_line(members, club_db):
    store = members
    play_out(store, two_player_table(store))
    with Raw(club_db) as raw:
        raw.run("UPDATE players SET rating_sigma = ? WHERE name = 'Ann'", ("x" if not raw.postgres else float("nan"),))
    with pytest.raises(DamagedStore, match="member"):
        store.ratings()


def club_db_is_sqlite(club_db) -> bool:
    return not isinstance(club_db, str)


def test_a_damaged_table_is_left_out_of_a_list_asked_to_leave_it_out(members, club_db):
    """The lists an answer is made of (`games_of`, `open_tables`, `ratings`, `leases`)
    leave a damaged row out when given a list to put it in, naming it there; without
    one they raise, as a single table's read does."""
    store = members
    good = past_setup(store, two_player_table(store))
    bad = past_setup(store, two_player_table(store))
    waiting = store.create_table("Cy", ["human", "human"], invited=["Ann"])
    store.take_lease("clock", "me", 10.0)
    store.take_lease("server:other", "other", 10.0)
    with Raw(club_db) as raw:
        raw.run("UPDATE tables SET record = ? WHERE id = ?", ("{}", bad.id))
        raw.run("UPDATE tables SET invited = ? WHERE id = ?", ('["bot:hard", 7]', waiting.id))
        if not raw.postgres:  # PostgreSQL's column types refuse it
            raw.run("UPDATE leases SET expires = 'soon' WHERE name = 'server:other'")
    left_out: list = []
    assert [t.id for t in store.games_of("Ann", left_out)] == [good.id]
    assert store.open_tables("Bob", left_out) == []
    assert [(d.table, "\n" in str(d)) for d in left_out] == [(bad.id, False), (waiting.id, False)]
    assert f"club table {bad.id}" in str(left_out[0])
    for strict in (lambda: store.games_of("Ann"), lambda: store.open_tables("Bob")):
        with pytest.raises(DamagedStore):
            strict()
    leases = store.leases([])
    assert leases["clock"] == ("me", store.now() + 10.0) and len(leases) == (1 if club_db_is_sqlite(club_db) else 2)


@pytest.mark.parametrize("name, why", [("bot:hard", "bot"), ("BOT:Expert", "bot"), ("Hard bot", "bot_seat"), ("", "length"), ("x" * 65, "length")])
def test_a_name_the_club_cannot_take_says_which_rule(members, name, why):
    with pytest.raises(BadName) as caught:
        members.create_table("Ann", ["human", "human"], invited=[name])
    assert caught.value.why == why and "\n" not in str(caught.value)


def test_a_ticket_is_kept_as_its_hash_for_the_member_s_key_only(members, keys):
    store = members
    table = two_player_table(store)
    ann, bob = key_hash(keys["Ann"]), key_hash(keys["Bob"])
    assert store.ticket_hashes(table.id) == [None, None]
    store.keep_ticket(table.id, 0, ann, "a" * 64)
    store.keep_ticket(table.id, 0, ann, "a" * 64)  # asked again: the same
    store.keep_ticket(table.id, 1, bob, "b" * 64)
    assert store.ticket_hashes(table.id) == ["a" * 64, "b" * 64]
    with pytest.raises(StoreError):
        store.keep_ticket(table.id, 1, ann, "c" * 64)  # Ann's key does not sit at seat 2
    code = store.reset("Bob")  # a reset key: the tickets given for it open nothing
    assert store.ticket_hashes(table.id) == ["a" * 64, None]
    store.hello("Bob", keys["Bob"], code)  # the member sets their key again with the one-time code
    assert store.ticket_hashes(table.id) == ["a" * 64, "b" * 64]  # the same key again: the same ticket


# -- schema and backups ----------------------------------------------------------------------


def test_the_schema_is_versioned_and_a_newer_one_left_alone(club_db, store):
    assert store.version() == SCHEMA_VERSION and store.migrate() == SCHEMA_VERSION
    store.close()
    with Raw(club_db) as raw:
        raw.run("UPDATE schema_version SET version = 99")
    with pytest.raises(StoreError, match="newer") as caught:
        open_store(club_db)
    assert "upgrade" in str(caught.value) and "\n" not in str(caught.value)
    with Raw(club_db) as raw:
        raw.run("UPDATE schema_version SET version = ?", ("one" if not raw.postgres else -1,))
    with pytest.raises(DamagedStore):
        open_store(club_db)


def test_a_file_that_is_no_database_is_one_line(tmp_path):
    path = tmp_path / "club.sqlite3"
    path.write_bytes(b"this is not a database at all" * 100)
    with pytest.raises(StoreError) as caught:
        open_store(path)
    assert "\n" not in str(caught.value)


def test_a_backup_is_a_whole_club_taken_while_it_runs(members, tmp_path, clock, backend):
    store = members
    if backend == "postgresql":
        with pytest.raises(StoreError, match="pg_dump"):
            store.backup(tmp_path / "club.sqlite3")
        return
    table = move(store, two_player_table(store))
    target = tmp_path / "backups" / "club-1.sqlite3"
    target.parent.mkdir()
    store.backup(target)
    table = move(store, table)  # after the backup: not in it
    copy = open_store(target, now=clock)
    assert copy.table(table.id).turn == table.turn - 1
    assert sqlite3.connect(target).execute("PRAGMA integrity_check").fetchone() == ("ok",)
    copy.close()
    with pytest.raises(StoreError, match="backup"):
        store.backup(tmp_path / "no such folder" / "club.sqlite3")
