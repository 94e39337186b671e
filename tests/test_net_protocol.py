"""Seat codes, message checks and the seat codes kept in a record (no network here)."""

from __future__ import annotations

import json
import math
import os
import re
import stat
import subprocess
import sys

import pytest

from helpers import child_env
from net_support import WAIT, new_table
from pier18.net.protocol import (
    CODE_ALPHABET, CODE_LENGTH, MAX_CLIENT_MESSAGE, PROTOCOL, VERSION, ProtocolError, code_matches, new_code,
    read_client_message, read_decision, same_protocol,
)
from pier18.persist import record


def test_codes_are_random_secrets_of_at_least_64_bits():
    assert CODE_LENGTH * math.log2(len(set(CODE_ALPHABET))) >= 64
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200
    for code in codes:
        assert len(code.replace("-", "")) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET + "-")


def test_codes_match_as_typed_and_only_themselves():
    code = new_code()
    assert code_matches(code.lower().replace("-", " "), code)
    assert not code_matches(code[:-1], code)
    assert not code_matches(code[:-1] + ("2" if code[-1] != "2" else "3"), code)
    assert not code_matches("", code)


@pytest.mark.parametrize(
    "raw, problem",
    [
        (b"\x00", "binary_message"),
        ("x" * (MAX_CLIENT_MESSAGE + 1), "message_too_large"),
        ("{", "not_json"),
        ("[1]", "not_an_object"),
        ('{"type": "rm -rf"}', "unknown_message"),
        ('{"kind": "hello"}', "unknown_message"),
        ("[" * 2000 + "]" * 2000, "not_json"),
    ],
)
def test_bad_client_messages_are_one_protocol_error(raw, problem):
    with pytest.raises(ProtocolError, match=problem):
        read_client_message(raw)


@pytest.mark.parametrize(
    "message",
    [{"decision": 7, "turn": 0}, {"decision": "draft 7:1", "turn": True}, {"decision": "draft 7:1", "turn": -1},
     {"decision": "fold", "turn": 0}, {"decision": "draft " + "9" * 50, "turn": 0}, {"decision": "draft 7:1"}],
)
def test_bad_decisions_are_refused(message):
    with pytest.raises(ProtocolError):
        read_decision({"type": "decide", **message})


def test_a_record_keeps_the_seat_codes_privately(tmp_path):
    session = new_table(3, 1, seats=["human", "human", "hard"])
    path = tmp_path / "table.json"
    record.save(session, path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    data = json.loads(path.read_text())
    assert data["net"] == {"codes": list(session.codes.seats), "watch": session.codes.watch}
    assert data["net"]["codes"][2] is None
    assert record.load(path).codes == session.codes
    del data["net"]
    plain = tmp_path / "plain.json"
    plain.write_text(json.dumps(data))
    assert record.load(plain).codes is None


@pytest.mark.parametrize(
    "net, field",
    [([], "net"), ({"codes": ["AB"], "watch": "ABCDEFGH"}, "net.codes"),
     ({"codes": ["ABCDEFGH", 5, None], "watch": "ABCDEFGH"}, "net.codes[1]"),
     ({"codes": [None, None, None], "watch": None}, "net.watch")],
)
def test_a_broken_codes_field_is_one_record_error(tmp_path, net, field):
    data = json.loads(record.dumps(new_table(3, 1)))
    data["net"] = net
    with pytest.raises(record.RecordError, match=re.escape(f"field '{field}'")):
        record.loads(json.dumps(data))


@pytest.mark.parametrize(
    "args, message",
    [(["join", "127.0.0.1:1"], "give your seat's CODE"),
     (["join", "127.0.0.1:1", "AB", "--watch", "CD"], "give your seat's CODE"),
     (["join", "127.0.0.1:1", "AB", "--cafile", "/nonexistent"], "--cafile"),
     (["host", "--tls-cert", "x.pem"], "both --tls-cert and --tls-key"),
     (["host", "--tls-cert", "/nonexistent", "--tls-key", "/nonexistent"], "--tls-cert '/nonexistent': cannot read"),
     (["host", "--tls-cert", "/dev/zero", "--tls-key", "/dev/zero"], "'/dev/zero': cannot read the file (not a regular file)"),
     (["join", "--cafile", "/dev/zero", "127.0.0.1:1", "AB"], "'/dev/zero': cannot read the file (not a regular file)"),
     (["host", "--resume", "/nonexistent.json"], "no such game record")],
)
def test_command_line_mistakes_are_one_line(args, message, tmp_path):
    done = subprocess.run([sys.executable, "-m", "pier18", *args], capture_output=True, text=True,
                          env=child_env(PIER18_DATA_DIR=str(tmp_path)), timeout=WAIT, stdin=subprocess.DEVNULL)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and message in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize(
    "args, make",
    [(["host", "--players", "2", "--no-seat", "--lines", "--tls-cert", "{fifo}", "--tls-key", "{fifo}"], "fifo"),
     (["host", "--no-seat", "--tls-cert", "{cert}", "--tls-key", "{fifo}"], "fifo"),
     (["join", "--lines", "--cafile", "{fifo}", "127.0.0.1:1", "X"], "fifo"),
     (["join", "--lines", "--cafile", "{big}", "127.0.0.1:1", "X"], "big")],
)
def test_a_certificate_that_is_not_a_small_regular_file_is_refused_at_once(args, make, tmp_path):
    """A FIFO would block the TLS library for ever, a huge file fill memory: both are one
    line, exit status 2, before anything is opened or listened on."""
    fifo, cert, big = tmp_path / "fifo", tmp_path / "cert.pem", tmp_path / "big.pem"
    os.mkfifo(fifo)
    cert.write_text("-----BEGIN CERTIFICATE-----\n")
    big.write_bytes(b"#" * (2**20 + 1))
    argv = [arg.format(fifo=fifo, cert=cert, big=big) for arg in args]
    done = subprocess.run([sys.executable, "-m", "pier18", *argv], capture_output=True, text=True,
                          env=child_env(PIER18_DATA_DIR=str(tmp_path)), timeout=WAIT, stdin=subprocess.DEVNULL)
    assert done.returncode == 2, done
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert ("not a regular file" if make == "fifo" else "larger than 1 MiB") in done.stderr


@pytest.mark.parametrize(
    "args, where",
    [(["host", "--port", "99999"], "--port"), (["host", "--port", "-5"], "--port"), (["host", "--port", "x"], "--port"),
     (["join", "--lines", "127.0.0.1:99999", "X"], "ADDRESS"), (["join", "--lines", "ws://[::1", "X"], "ADDRESS"),
     (["join", "--lines", "a[b:1", "X"], "ADDRESS"), (["join", "127.0.0.1:0", "X"], "ADDRESS"),
     (["join", "--lines", "127.0.0.1:-1", "--watch", "X"], "ADDRESS")],
)
def test_a_bad_port_or_address_is_an_argument_error(args, where, tmp_path):
    """Before any socket: the usual argument error (what is wrong, then where to read more)."""
    done = subprocess.run([sys.executable, "-m", "pier18", *args], capture_output=True, text=True,
                          env=child_env(PIER18_DATA_DIR=str(tmp_path)), timeout=WAIT, stdin=subprocess.DEVNULL)
    assert done.returncode == 2 and done.stdout == ""
    first, second = done.stderr.splitlines()
    assert first.startswith(f"pier18 {args[0]}: argument {where}") and second == f"try 'pier18 {args[0]} --help'"


@pytest.mark.parametrize("version", [True, 2.0, "2", [2], None, 1, 3])
def test_a_hello_or_welcome_of_another_version_is_not_ours(version):
    assert same_protocol({"protocol": PROTOCOL, "version": VERSION})
    assert not same_protocol({"protocol": PROTOCOL, "version": version})


@pytest.mark.parametrize("players", [2, 3])
def test_every_view_field_crosses_the_wire_unchanged(players):
    """A view sent and read back is the same view, field for field, at every step of whole
    games: a field left out of the protocol or read back wrong fails here (and a view
    field the protocol does not list stops `pier18.net.protocol` from loading at all)."""
    import random

    from pier18.engine import Game, PlayerView, TableView, load_deck
    from pier18.net.protocol import decode_state, encode, state_message

    deck = load_deck()
    seats = [{"name": f"P{s}", "kind": "human", "connected": True, "covered": False} for s in range(players)]
    steps = 0
    for seed in range(3):
        game, chooser = Game(deck, players, seed), random.Random(seed)
        while True:
            table = TableView.of(game)
            for seat in range(players):
                view = PlayerView.of(game, seat)
                got = decode_state(json.loads(encode(state_message(table, view, seats, [seat]))), deck)
                assert got.table == table, (seed, len(game.history))
                assert got.player_view() == view, (seed, len(game.history), seat)
                steps += 1
            watched = decode_state(json.loads(encode(state_message(table, None, seats, []))), deck)
            assert watched.table == table and watched.player_view() is None
            if game.is_terminal():
                break
            game.apply(chooser.choice(game.legal_decisions()))
    assert steps > 50


def test_the_host_sends_codes_never_sentences():
    """Every `error` and `refused` the host sends, and every close frame's reason, is a
    code that `speech.notices.refusal` words (or `unsupported_protocol`), never a sentence:
    each seat words it in its own language. A sentence added to the host's refusals, or a
    code no seat can word, fails here."""
    import ast
    from pathlib import Path

    from pier18.speech.notices import refusal
    from pier18.net import host, protocol

    sent = set()
    for module in (host, protocol):
        tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
        refusals = {  # what a decision's checks return is the code sent back
            id(node) for function in ast.walk(tree)
            if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) and function.name in ("_refusal", "_commit")
            for node in ast.walk(function) if isinstance(node, ast.Return)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("_refuse", "_close", "ProtocolError"):
                found = node.args
            elif isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "reason" for t in node.targets):
                found = [node.value]
            elif id(node) in refusals and node.value is not None:
                found = [node.value]
            else:
                continue
            for arg in found:  # a literal, or either branch of one `a if b else c`; a client's own `_("...")` is no code
                branches = [arg.body, arg.orelse] if isinstance(arg, ast.IfExp) else [arg]
                sent |= {b.value for b in branches if isinstance(b, ast.Constant) and isinstance(b.value, str)}
    assert {"wrong_code", "not_your_turn", "illegal", "binary_message", "not_reading"} <= sent
    assert {code for code in sent if refusal(code) == code} == set(), "codes sent but not worded"


def test_a_client_words_each_refusal_in_its_own_words():
    from pier18.net.client import _refusal

    assert _refusal({"reason": "not_your_turn"}) == "it is not your turn"
    assert _refusal({"reason": "illegal", "decision": "draft 9:0"}) == "draft 9:0 is not a legal decision now"
    assert _refusal({"reason": "unsupported_protocol", "protocol": PROTOCOL, "version": VERSION}) == (
        f"unsupported protocol (this host speaks pier18 version {VERSION})"
    )
    # A version 1 host's sentence, or a newer host's code, is shown as it came, printable.
    assert _refusal({"reason": "the host's own sentence"}) == "the host's own sentence"
    assert "\x1b" not in _refusal({"reason": "wrong code\x1b[2J"}) + _refusal({"reason": "illegal", "decision": "\x1b[2J"})
