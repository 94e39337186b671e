"""Whole networked games: real host, real WebSocket clients on 127.0.0.1."""

from __future__ import annotations

import random

import pytest

from net_support import client, engine_totals, new_table, open_host, play_turns


@pytest.mark.parametrize("players, seed", [(2, 11), (3, 12)])
async def test_a_full_game_over_the_network_scores_as_the_engine(players, seed):
    session = new_table(players, seed)
    codes = session.codes

    host = await open_host(session)
    seats = {s: client(host.port, code) for s, code in enumerate(codes.seats)}
    watcher = client(host.port, codes.watch)
    try:
        await play_turns(seats, random.Random(seed), others=[watcher])
        assert host.finished.is_set()
        finals = [await c.wait_for(lambda s: s.table.final is not None) for c in (*seats.values(), watcher)]
    finally:
        for c in (*seats.values(), watcher):
            await c.close()
        await host.close()
    expected = engine_totals(session)
    for state in finals:  # each client rebuilt the final scores from its own view
        assert tuple(sheet.total for sheet in state.table.final) == expected
        assert [st.seat for st in state.table.standings] == [st.seat for st in session.game.ranking()]
    assert len(session.decisions) == len(session.game.history) > 0


async def test_bot_seats_play_themselves():
    session = new_table(3, 5, seats=["human", "greedy", "random"])

    host = await open_host(session)
    me = client(host.port, session.codes.seats[0])
    try:
        await play_turns({0: me}, random.Random(1))
        final = await me.wait_for(lambda s: s.table.final is not None)
    finally:
        await me.close()
        await host.close()
    assert tuple(s.total for s in final.table.final) == engine_totals(session)
    assert [seat for seat, _ in session.game.history].count(1) > 0


@pytest.mark.parametrize("phase", ["set-up", "plan"])
async def test_seats_choose_at_once_where_the_rules_make_choices_simultaneous(phase):
    """Set-up and the Plan placement are simultaneous: the last seat chooses first and is
    not refused or made to wait; the table shows that it has chosen (never what), and
    when the first seat chooses, both choices are made, in seat order."""
    from pier18.engine import Phase

    session = new_table(2, 7)
    if phase == "plan":
        chooser = random.Random(7)
        while session.game.phase is not Phase.PLAN:
            session.apply(chooser.choice(session.game.legal_decisions()))
    codes = session.codes
    before = len(session.decisions)

    host = await open_host(session)
    seats = {s: client(host.port, code) for s, code in enumerate(codes.seats)}
    try:
        second = await seats[1].wait_for(lambda s: s.you is not None and s.my_turn)
        assert second.table.current_player == 0  # not its turn, and yet it may choose
        choice = second.you.legal[-1]
        await seats[1].decide(choice)
        seen = await seats[0].wait_for(lambda s: s.table.chosen[1])
        assert seen.turn == before and not seen.table.chosen[0]  # nothing applied yet
        assert str(choice) not in str(seen.you) and seen.table.history == second.table.history
        assert seats[1].refusals == []
        first = seen.you.legal[0]
        await seats[0].decide(first)
        done = await seats[1].wait_turn(before + 2)
        assert [d for _, d in done.table.history[before:]] in ([first, choice], [None, None], [first, None])
    finally:
        for c in seats.values():
            await c.close()
        await host.close()
    assert session.decisions[before:] == [first, choice]  # in seat order, as a record keeps them
    assert session.game.history[before:] == [(0, first), (1, choice)]


async def test_a_decision_is_told_only_once_saved_and_the_table_stays_live_meanwhile(tmp_path, monkeypatch):
    """The host's autosave is written on a thread of its own (`persist.writer`) and the
    table waits for it off its loop: while a decision's save is held back, a newcomer
    is let in and nobody hears of the decision; once it is on disk, everyone does."""
    import asyncio
    import threading

    from pier18.net.host import Host
    from pier18.persist import autosave
    from net_support import WAIT, fast_config

    monkeypatch.setenv(autosave.DATA_DIR_ENV, str(tmp_path / "data"))
    session = new_table(2, 4)
    saving = autosave.autosaving(lambda names: session, background=True)
    saving.play(session)  # the game's first save, written before the table opens
    writing, go = threading.Event(), threading.Event()
    write = autosave.atomic_write

    def held(*args, **kwargs):
        writing.set()
        assert go.wait(WAIT), "the test never let the save through"
        return write(*args, **kwargs)

    monkeypatch.setattr(autosave, "atomic_write", held)
    host = Host(session, session.codes, fast_config(), saved=saving.flush)
    await host.start()
    seats = {s: client(host.port, code) for s, code in enumerate(session.codes.seats)}
    newcomer = None
    try:
        mine = await seats[0].wait_for(lambda s: s.you is not None and s.my_turn, WAIT)
        before = mine.turn
        await seats[0].decide(mine.you.legal[0])
        await asyncio.wait_for(asyncio.to_thread(writing.wait), WAIT)
        assert len(session.decisions) == before + 1  # applied, its save held back

        newcomer = client(host.port, session.codes.watch)
        await newcomer.until(lambda: newcomer.connected, WAIT)  # let in: the loop is not waiting on the disk
        await host.flush(WAIT)  # whatever the host owes anyone is sent ...
        for one in (seats[1], newcomer):  # ... and received: a ping's pong comes after it (the
            # deciding seat's own messages wait their turn behind its decision)
            one.log = []
            await one.send_raw({"type": "ping"})
            end = asyncio.get_running_loop().time() + WAIT  # a pong is no event: looked for
            while not any(m.get("type") == "pong" for m in one.log):
                assert asyncio.get_running_loop().time() < end, "no pong"
                await asyncio.sleep(0.005)
            assert one.state is None or one.state.turn == before, "a decision was told before it was saved"
        assert newcomer.state is None

        go.set()
        for one in (*seats.values(), newcomer):
            assert (await one.wait_for(lambda s: s.turn == before + 1, WAIT)).turn == before + 1
        saved = autosave.autosaves()
        assert saved and str(session.decisions[-1]) in saved[0].read_text()
    finally:
        go.set()
        for one in (*seats.values(), *([newcomer] if newcomer else [])):
            await one.close()
        await host.close()
        saving.release()
