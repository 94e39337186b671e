"""A hostile host against real clients and both front ends of `pier18 join`.

The host is trusted with the game but not with the terminal: whatever it sends, a
client refuses it in one line or shows it as plain text; it never crashes, never
hangs, and no escape code it sends reaches the screen. Messages are made from a real
game (`protocol.state_message`), then spoiled one field at a time.
"""

from __future__ import annotations

import asyncio
import copy
import io
import json
import random
import sys
from types import SimpleNamespace

import pytest
from rich.console import Console
from websockets.asyncio.server import serve

import waiting
from helpers import child_env
from net_support import WAIT, new_table
from pier18.engine import PlayerView, TableView
from pier18.engine.text import printable
from pier18.lines.commands import answer
from pier18.lines.seat import LineSeat
from pier18.net import client as client_module
from pier18.net.client import Client, NetError, url_of
from pier18.net.protocol import (
    PROTOCOL, VERSION, NetState, ProtocolError, decode_state, decode_views, state_message, views_message,
)
from pier18.persist.record import deck_text
from pier18.tui.screens.final import ranking_text
from pier18.tui.seat_app import SeatApp

ESC = "\x1b"
HOSTILE_TEXT = "\x1b]0;PWNED-TITLE\x07\x1b[41;97m INJECTED \x1b[0m"


def played(players: int, seed: int, decisions: int | None = None):
    """A table of `players` humans after `decisions` random legal decisions (None: to the end)."""
    session = new_table(players, seed)
    rng = random.Random(seed)
    while not session.game.is_terminal() and (decisions is None or len(session.decisions) < decisions):
        seat = session.game.current_player
        # Some of the last seat's moves are a bot's made while its player was away: the
        # state then carries stand-ins too, to spoil.
        by = "hard" if seat == players - 1 and len(session.decisions) % 2 else None
        session.choose(seat, rng.choice(session.game.legal_decisions()), by)
    return session


def welcome(session, seat: int | None = 0) -> dict:
    deck = session.deck
    return {"type": "welcome", "protocol": PROTOCOL, "version": VERSION, "seat": seat, "names": list(session.names),
            "kinds": list(session.seats), "deck": {"sha256": deck.digest, "toml": deck_text(deck)}}


def state(session, seat: int | None = 0) -> dict:
    """The `state` message an honest host sends `seat` (None: a spectator), as JSON data;
    the last seat's player is away (so every field has a value to spoil)."""
    game = session.game
    last = session.players - 1
    seats = [{"name": name, "kind": "human", "connected": s != last, "covered": False}
             for s, name in enumerate(session.names)]
    player = None if seat is None else PlayerView.of(game, seat)
    made, ahead = session.stand_ins(), session.ahead_stand_ins()
    return json.loads(json.dumps(state_message(TableView.of(game), player, seats, [last], False, made, ahead)))


def message_of(got: NetState) -> dict:
    """The state message a decoded state stands for (what an honest host would have sent)."""
    seats = [{"name": s.name, "kind": s.kind, "connected": s.connected, "covered": s.covered} for s in got.seats]
    view = got.player_view()
    message = state_message(got.table, view, seats, list(got.waiting_for), got.lobby, got.stand_ins, got.ahead_stand_ins)
    return json.loads(json.dumps(message))


def printable_strings(data):
    """`data` with every string as a client shows it (hostile text made printable)."""
    if isinstance(data, str):
        return printable(data)
    if isinstance(data, list):
        return [printable_strings(item) for item in data]
    if isinstance(data, dict):
        return {key: printable_strings(value) for key, value in data.items()}
    return data


# -- every field of a state message is checked ----------------------------------------------


def leaves(data, path=()):
    """The path to every value in a JSON message that is not a list or an object; of a
    list, only the first and last items (the rest are shaped alike)."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from leaves(value, (*path, key))
    elif isinstance(data, list):
        for index in sorted({0, len(data) - 1}) if data else ():
            yield from leaves(data[index], (*path, index))
    else:
        yield path


def spoiled(message: dict, path: tuple, value) -> dict:
    bad = copy.deepcopy(message)
    where = bad
    for step in path[:-1]:
        where = where[step]
    where[path[-1]] = value
    return bad


def strings_in(value, seen=None) -> list[str]:
    """Every string a decoded state holds, outside the deck (which the welcome brought)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, (tuple, list)):
        return [s for item in value for s in strings_in(item)]
    if hasattr(value, "__dataclass_fields__"):
        return [s for name in value.__dataclass_fields__ if name != "deck" for s in strings_in(getattr(value, name))]
    return []


def shown(state: NetState) -> str:
    """What the plain-line front end (a recap, then every command's answer) and the final
    screen make of a state, as printed."""
    out = io.StringIO()
    seat = None if state.you is None else state.you.seat
    front = LineSeat(SimpleNamespace(state=state, seat=seat, url="ws://127.0.0.1:1/"), out=out)
    front.recap_due = True
    front.on_state(state)
    for word in ("hand", "row", "piers", "pier", "plans", "scores", "moves"):
        front.say(*(answer(word, state.table, state.player_view(), state.names) or ()))
    console = Console(width=200, file=out, color_system=None, legacy_windows=False)
    if state.table.is_terminal():
        console.print(ranking_text(state.table, state.names))
    return out.getvalue()


HOSTILE_VALUES = [HOSTILE_TEXT, "\ud800", "yes", -1, 3, 7, 10**12, True, None, [], {}, 1.5, [HOSTILE_TEXT] * 5]


@pytest.mark.parametrize("players, seed, decisions", [(2, 7, None), (3, 8, None), (3, 9, 12)])
def test_any_spoiled_field_of_a_state_is_refused_or_shown_as_plain_text(players, seed, decisions):
    """Each field of a real state message in turn, for the host's seat and a spectator,
    replaced with each hostile value: decoding refuses it with one ProtocolError, or
    gives a state whose every string is printable and that both the plain lines and the
    final ranking draw without an error and without an escape code."""
    session = played(players, seed, decisions)
    deck = session.deck
    tried = refused = 0
    for seat in (0, None):
        honest = state(session, seat)
        assert "\x1b" not in shown(decode_state(honest, deck))
        for path in leaves(honest):
            if path == ("type",):
                continue  # read by the client before it decodes (an unknown type is refused)
            for value in HOSTILE_VALUES:
                tried += 1
                try:
                    got = decode_state(spoiled(honest, path, value), deck)
                except ProtocolError:
                    refused += 1
                    continue
                where = f"{'/'.join(map(str, path))} = {value!r}"
                # Taken only if it was a value of the right shape: the state decoded is the
                # one the message says, with its text made printable (`"yes"` is no flag).
                assert message_of(got) == printable_strings(spoiled(honest, path, value)), where
                assert all(text.isprintable() for text in strings_in(got)), where
                assert ESC not in shown(got), where
    assert refused > tried // 2  # most spoiled fields are refused outright


def test_a_stand_in_that_is_not_one_is_refused():
    """A host may say only that a bot made a human seat's decision, or a human seat's
    choice made ahead, once each, with a level this program knows."""
    session = played(2, 7, 12)
    honest = state(session)
    got = decode_state(honest, session.deck)
    assert got.stand_ins == session.stand_ins() and got.stand_ins
    number = next(iter(got.stand_ins))
    bot_seat = session.game.history[number - 1][0]
    other = next(n for n, (seat, _) in enumerate(session.game.history, start=1) if seat != bot_seat)
    for bad in ([[number, "hard"], [number, "hard"]], [[number, "human"]], [[number, "superbot"]],
                [[len(session.game.history) + 1, "hard"]], [[0, "hard"]], [[number]], [number, "hard"], "hard"):
        with pytest.raises(ProtocolError):
            decode_state(spoiled(honest, ("stand_ins",), bad), session.deck)
    bot_seats = spoiled(honest, ("seats", bot_seat, "kind"), "greedy")  # a bot seat: its moves are its own
    with pytest.raises(ProtocolError):
        decode_state(bot_seats, session.deck)
    assert decode_state(spoiled(honest, ("stand_ins",), [[other, "hard"]]), session.deck).stand_ins == {other: "hard"}
    for bad in ([[0, "hard"]], [[5, "hard"]]):  # the draft: no seat is choosing ahead
        with pytest.raises(ProtocolError):
            decode_state(spoiled(honest, ("ahead_stand_ins",), bad), session.deck)
    older = copy.deepcopy(honest)
    del older["stand_ins"], older["ahead_stand_ins"]  # a host from before stand-ins
    assert decode_state(older, session.deck).stand_ins == {}


def test_a_club_part_that_is_not_one_is_refused():
    """A club's table adds `club` to each state: which table, the deadline and the club's
    time, the seats lost on time. Each field of the wrong kind or out of range (NaN,
    infinity, a number too big for a float, a seat not at the table, a seat twice, a
    field more or less) is refused in one ProtocolError; a host that sends none (`host`,
    `join`) is not a club's, and a plain line front end draws a spoiled name as text."""
    from pier18.net.protocol import ClubPart, club_json

    session = played(3, 8, None)  # over: the final lines say who lost on time
    honest = state(session)
    honest["club"] = json.loads(json.dumps(club_json(3, 1_800_000_000.5, 1_799_990_000, [2])))
    got = decode_state(honest, session.deck)
    assert got.club == ClubPart(3, 1_800_000_000.5, 1_799_990_000.0, (2,))
    assert decode_state(state(session), session.deck).club is None
    assert decode_state(spoiled(honest, ("club",), None), session.deck).club is None
    assert decode_state(spoiled(honest, ("club", "deadline"), None), session.deck).club.deadline is None
    assert decode_state(spoiled(honest, ("club", "lost_on_time"), []), session.deck).club.lost_on_time == ()
    nan, inf = float("nan"), float("inf")
    bad_values = {
        "table": [0, -1, 2**31, 10**400, 1.5, True, "3", None, [], {}, nan],
        "deadline": [-1, 10**12, 10**400, 1e308, nan, inf, -inf, True, "soon", [], {}],
        "now": [-1, 10**12, 10**400, nan, inf, True, "now", None, [], {}],
        "lost_on_time": [[3], [-1], [2, 2], [True], ["2"], [1.0], [10**400], 2, "2", None, {}, [[2]]],
    }
    for name, values in bad_values.items():
        for value in values:
            with pytest.raises(ProtocolError):
                decode_state(spoiled(honest, ("club", name), value), session.deck)
    for club in ([], "club", 3, True, {"table": 3}, {**honest["club"], "more": 1}):
        with pytest.raises(ProtocolError):
            decode_state(spoiled(honest, ("club",), club), session.deck)
    # Through the wire as JSON text: NaN and a number of 400 digits parse, then are refused.
    text = json.dumps(honest).replace("1800000000.5", "NaN")
    with pytest.raises(ProtocolError):
        decode_state(json.loads(text), session.deck)
    text = json.dumps(honest).replace("1800000000.5", "1" + "0" * 400)
    with pytest.raises(ProtocolError):
        decode_state(json.loads(text), session.deck)
    named = spoiled(spoiled(honest, ("seats", 2, "name"), HOSTILE_TEXT), ("you",), None)
    out = shown(decode_state(named, session.deck))
    assert ESC not in out and "lost on time" in out


def test_a_ranking_that_is_not_the_pieces_is_refused():
    """The final ranking is worked out again from the piers: a tie-breaker the host made
    up, one on the last place, or seats in another order are refused."""
    session = played(2, 7)
    honest = state(session)
    standings = honest["view"]["standings"]
    assert decode_state(honest, session.deck).table.standings[0].decided_by == standings[0][4]
    for index, value in [(4, HOSTILE_TEXT), (4, "plan date" if standings[0][4] != "plan date" else "total")]:
        bad = copy.deepcopy(honest)
        bad["view"]["standings"][0][index] = value
        with pytest.raises(ProtocolError):
            decode_state(bad, session.deck)
    bad = copy.deepcopy(honest)
    bad["view"]["standings"][-1][4] = "total"
    with pytest.raises(ProtocolError):
        decode_state(bad, session.deck)
    bad = copy.deepcopy(honest)
    bad["view"]["standings"].reverse()
    with pytest.raises(ProtocolError):
        decode_state(bad, session.deck)


def views(session, seat: int) -> dict:
    """The `views` message an honest host sends `seat` once the game is over, as JSON data."""
    from pier18.net.host import own_decisions

    return json.loads(json.dumps(views_message(own_decisions(session, seat))))


def test_views_of_decisions_the_seat_did_not_make_are_refused():
    """The views of a seat's own decisions (`views`) are checked against the finished game
    it was sent: another seat's, a stand-in bot's, one left out, one out of place, a view
    of a later position or of another seat, or a decision it could not make there, are
    each refused in one line; the honest ones are the engine's views of that seat."""
    from pier18.review.positions import game_at

    session = played(2, 7)
    last = session.players - 1
    assert any(session.game.history[n - 1][0] == last for n in session.stand_ins())  # the last seat has stand-ins
    for seat in range(session.players):
        final = decode_state(state(session, seat), session.deck)
        honest = views(session, seat)
        got = decode_views(honest, session.deck, final)
        mine = [n for n, (s, _) in enumerate(session.game.history, start=1) if s == seat and n not in session.stand_ins()]
        assert [d.number for d in got] == mine and mine
        for decision in got:
            assert decision.view == PlayerView.of(game_at(session, decision.position), seat)
            assert session.game.history[decision.number - 1] == (seat, decision.chosen)
    final = decode_state(state(session, last), session.deck)
    honest = views(session, last)
    entries = honest["decisions"]
    stand_in = next(n for n in session.stand_ins() if session.game.history[n - 1][0] == last)
    with_stand_in = copy.deepcopy(honest)
    with_stand_in["decisions"].append(dict(entries[-1], number=stand_in))
    with_stand_in["decisions"].sort(key=lambda e: e["number"])
    made_up = copy.deepcopy(honest)  # the last view's past says another decision than the game's
    past = made_up["decisions"][-1]["view"]["history"]
    texts = {text for _, text in past if text is not None}
    index = next(i for i, (_, text) in enumerate(past) if text is not None)
    past[index][1] = next(text for text in sorted(texts) if text != past[index][1])
    other_seat = copy.deepcopy(honest)
    other_seat["decisions"][0]["you"]["seat"] = 0
    not_legal = copy.deepcopy(honest)
    not_legal["decisions"][-1]["you"]["legal"] = []
    wrong_choice = copy.deepcopy(honest)
    wrong_choice["decisions"][-1]["decision"] = entries[0]["decision"]
    attempts = {
        "another seat's": views(session, 0),
        "a stand-in's": with_stand_in,
        "one left out": {"type": "views", "decisions": entries[1:]},
        "out of order": {"type": "views", "decisions": [*reversed(entries)]},
        "none": {"type": "views", "decisions": []},
        "a made-up past": made_up,
        "another seat's view": other_seat,
        "not legal there": not_legal,
        "another decision": wrong_choice,
        "not a list": {"type": "views", "decisions": "all"},
        "no list": {"type": "views"},
        "an entry that is not one": {"type": "views", "decisions": [7] * len(entries)},
        "hostile text": {"type": "views", "decisions": [dict(e, decision=HOSTILE_TEXT) for e in entries]},
    }
    for what, bad in attempts.items():
        with pytest.raises(ProtocolError):
            decode_views(bad, session.deck, final)
            raise AssertionError(f"{what} was taken")
    unfinished = decode_state(state(played(2, 7, 4), last), session.deck)
    with pytest.raises(ProtocolError):  # views come only once the game is over
        decode_views(honest, session.deck, unfinished)


# -- a client never hangs -------------------------------------------------------------------


@pytest.mark.parametrize(
    "address",
    ["127.0.0.1:99999", "127.0.0.1:0", "127.0.0.1:-5", "ws://[::1", "a[b:1", "host:", "ws://h:70000/", "\x1b[2Jh:1",
     "ws://h:1/#x", "ws://\ud800:1/"],
)
def test_a_bad_address_is_refused_before_connecting(address):
    with pytest.raises(NetError, match="is not an address"):
        url_of(address)
    with pytest.raises(NetError):
        Client(address, "CODE")


@pytest.mark.parametrize("address", ["127.0.0.1:8018", "ws://[::1]:8018/", "wss://example.org:443/", "ws://h/"])
def test_a_good_address_is_taken_as_it_is(address):
    assert url_of(address) in (address, f"ws://{address}/")


async def fake_host(messages: list[str]):
    """A host that answers any hello with `messages`, then keeps the connection open."""

    async def handle(ws):
        await ws.recv()
        for message in messages:
            await ws.send(message)
        await ws.wait_closed()

    server = await serve(handle, "127.0.0.1", 0)
    return server, server.sockets[0].getsockname()[1]


def surrogate_deck(session) -> str:
    """A welcome whose deck holds a lone surrogate (valid JSON, not valid text)."""
    message = welcome(session)
    message["deck"] = {"sha256": "0" * 64, "toml": message["deck"]["toml"] + '\n# "\ud800"\n'}  # a deck not met yet
    return json.dumps(message)  # ASCII: the surrogate travels as \\ud800


async def hear(messages: list[str]) -> tuple[list, Client]:
    """Every event of a client of a host that sends `messages`, up to "closed" (a client
    that hangs fails here), and the client."""
    server, port = await fake_host(messages)
    link = Client(f"127.0.0.1:{port}", "CODE", min_backoff=0.02, max_backoff=0.2).start()
    events = []
    try:
        async with asyncio.timeout(WAIT):
            async for event in link.events():
                events.append(event)
    finally:
        await link.close()
        server.close()
    return events, link


async def test_a_host_sending_what_is_not_text_ends_the_client_with_its_reason():
    events, _ = await hear([surrogate_deck(played(2, 3, 4))])
    assert [e.kind for e in events] == ["fatal", "closed"]
    assert "not valid text" in events[0].text


async def test_anything_unexpected_in_the_client_ends_it_with_a_reason(monkeypatch):
    """Whatever fails inside the client's task (here: decoding a state) ends the client
    with a "fatal" event naming the error, then "closed": the front end is never left
    waiting on a task that died."""
    session = played(2, 3, 4)

    def broken(data, deck):
        raise RuntimeError("a bug \x1b[2J in the client")

    monkeypatch.setattr(client_module, "decode_state", broken)
    events, link = await hear([json.dumps(welcome(session)), json.dumps(state(session))])
    assert [e.kind for e in events] == ["welcome", "fatal", "closed"]
    assert "RuntimeError: a bug ␛[2J in the client" in events[1].text and ESC not in events[1].text
    assert link.fatal == events[1].text


@pytest.mark.parametrize("problem", ["seat", "you"])
async def test_a_host_sending_another_seat_is_refused(problem):
    session = played(2, 3, 4)
    first = welcome(session, seat=5 if problem == "seat" else 0)
    events, _ = await hear([json.dumps(first), json.dumps(state(session, seat=1))])
    assert [e.kind for e in events][-2:] == ["fatal", "closed"] and "state" not in [e.kind for e in events]
    assert "seat" in events[-2].text


# -- both front ends say why, in one line -----------------------------------------------------


async def test_the_seat_app_ends_with_the_reason_when_the_client_fails(monkeypatch):
    monkeypatch.setattr(client_module, "decode_state", lambda data, deck: 1 / 0)
    session = played(2, 3, 4)

    server, port = await fake_host([json.dumps(welcome(session)), json.dumps(state(session))])
    app = SeatApp(Client(f"127.0.0.1:{port}", "CODE"))
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await waiting.until(lambda: not app.is_running, "the app to end", lambda: pilot.pause(0.01))
    finally:
        await app.client.close()
        server.close()
    assert not app.is_running and app.crash is None
    assert app.problem is not None and "ZeroDivisionError" in app.problem


async def join_lines(port: int, *more: str) -> tuple[int, str, str]:
    """`pier18 join --lines` at the host on `port`, its input kept open (its end would
    leave the table) until the host has ended it: the exit status, stdout, stderr."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "pier18", "join", "--lines", f"127.0.0.1:{port}", "CODE", *more,
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        env=child_env(),
    )
    try:
        async with asyncio.timeout(WAIT):  # a join that hangs fails here
            out, err = await asyncio.gather(proc.stdout.read(), proc.stderr.read())
            await proc.wait()
    finally:
        proc.stdin.close()
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    return proc.returncode, out.decode(), err.decode()


def final_with_hostile_tie_breaker(session) -> str:
    message = state(session)
    message["view"]["standings"][0][4] = HOSTILE_TEXT
    return json.dumps(message)


@pytest.mark.parametrize("attack", ["tie-breaker", "surrogate", "no host"])
async def test_join_lines_refuses_a_hostile_host_in_one_line_on_stderr(attack):
    """`pier18 join --lines`: a hostile host, or none, is one line on stderr, exit status
    2 (bad input, as every other), and no escape code on either stream."""
    session = played(2, 7)

    if attack == "no host":
        server, port = await fake_host([])
        server.close()
        await server.wait_closed()
        status, out, err = await join_lines(port)
    else:
        first = surrogate_deck(session) if attack == "surrogate" else json.dumps(welcome(session))
        server, port = await fake_host([first, final_with_hostile_tie_breaker(session)])
        try:
            status, out, err = await join_lines(port)
        finally:
            server.close()
    assert status == 2, (out, err)
    assert err.count("\n") == 1 and err.startswith("pier18: ") and "Traceback" not in err, err
    assert "pier18:" not in out and ESC not in out + err and "PWNED" not in out + err
    assert {"tie-breaker": "final ranking does not match", "surrogate": "not valid text", "no host": "cannot be reached"}[attack] in err


def test_a_crash_at_a_table_does_not_promise_a_save_it_does_not_have(tmp_path):
    error = ValueError("broken \x1b[2J")
    joined = SeatApp(Client("127.0.0.1:9", "code"))
    joined.crash, joined.crash_report = error, tmp_path / "crash.txt"
    line = joined.crash_line()
    assert "play --resume" not in line and "saved" not in line and "join again with the same code" in line
    assert str(tmp_path / "crash.txt") in line and "ValueError: broken ␛[2J" in line and ESC not in line
    resume = f"pier18 host --resume {tmp_path / 'table.json'} --port 9000"
    hosting = SeatApp(Client("127.0.0.1:9", "code"), desk=SimpleNamespace(), record=tmp_path / "table.json", resume=resume)
    hosting.crash = error
    line = hosting.crash_line()
    assert "play --resume" not in line and f"'{resume}' opens it again" in line
