"""Records and autosaves from outside are hostile: every bad one is one line, exit 2.

Each case builds a damaged record, runs `pier18 replay FILE --json` and `--lines`
in-process (or as a subprocess where a bug would hang), and checks for exit status 2,
one line on stderr naming the file (and the field), and no traceback.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pier18.cli import main
from pier18.engine.text import shorten
from pier18.persist import record
from pier18.session import Session

SRC = Path(__file__).resolve().parents[1] / "src"


def finished_record(deck, seed: int = 5) -> dict:
    session = Session(deck, ["Ann", "Bob"], seed)
    chooser = random.Random(seed)
    while not session.game.is_terminal():
        session.apply(chooser.choice(session.game.legal_decisions()))
    return json.loads(record.dumps(session))


@pytest.fixture(scope="module")
def good(deck) -> dict:
    return finished_record(deck)


def write(tmp_path: Path, content: dict | str | bytes, name: str = "game.json") -> Path:
    path = tmp_path / name
    if isinstance(content, dict):
        content = json.dumps(content)
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    return path


def replay_fails(capsys, path: Path, *words: str) -> str:
    """`pier18 replay PATH --json`, and `--lines`, exit 2 with one line naming the file
    and `words`."""
    for option in ("--json", "--lines"):
        assert main(["replay", str(path), option]) == 2
        out, err = capsys.readouterr()
        assert out == ""
        assert err.count("\n") == 1 and err.startswith(f"pier18: {shorten(path)}"), err  # a long path cut
        assert "Traceback" not in err
        for word in words:
            assert word in err, err
    return err


def changed(data: dict, change) -> dict:
    data = copy.deepcopy(data)
    change(data)
    return data


def with_deck_toml(data: dict, toml: str) -> dict:
    """The record with another embedded deck whose sha256 matches (a crafted record)."""
    data = copy.deepcopy(data)
    data["deck"] = {"path": "x.toml", "sha256": hashlib.sha256(toml.encode()).hexdigest(), "toml": toml}
    return data


CASES = {
    "seat superbot": (
        lambda d: d["players"][1].update(seat="superbot"),
        ["field 'players[1].seat'", "unknown seat 'superbot' (use human, random, greedy, hard, expert)"],
    ),
    "seat not text": (lambda d: d["players"][0].update(seat=["hard"]), ["field 'players[0].seat'", "unknown seat"]),
    "name a number": (lambda d: d["players"][0].update(name=7), ["field 'players[0].name'"]),
    "name too long": (lambda d: d["players"][1].update(name="x" * 500), ["field 'players[1].name'"]),
    "players an object": (lambda d: d.update(players={"a": 1}), ["field 'players'"]),
    "seed text": (lambda d: d.update(seed="5"), ["field 'seed'"]),
    "seed float": (lambda d: d.update(seed=5.5), ["field 'seed'"]),
    "seed bool": (lambda d: d.update(seed=True), ["field 'seed'"]),
    "seed negative": (lambda d: d.update(seed=-1), ["field 'seed'"]),
    "seed huge": (lambda d: d.update(seed=2**64 + 1), ["field 'seed'"]),
    "first player text": (lambda d: d.update(first_player="0"), ["field 'first_player'"]),
    "finished text": (lambda d: d.update(finished="yes"), ["field 'finished'"]),
    "saved_at number": (lambda d: d.update(saved_at=3), ["field 'saved_at'"]),
    "decisions object": (lambda d: d.update(decisions={}), ["field 'decisions'"]),
    "decision a list": (lambda d: d["decisions"].__setitem__(1, ["keep"]), ["decisions[1]", "decision 2"]),
    "decision huge": (lambda d: d["decisions"].__setitem__(0, "keep " + "1" * 5000), ["decision 1"]),
    "deck a list": (lambda d: d.update(deck=[1]), ["field 'deck'"]),
    "deck sha not hex": (lambda d: d["deck"].update(sha256="z" * 64), ["field 'deck.sha256'"]),
    "deck path a number": (lambda d: d["deck"].update(path=3), ["field 'deck.path'"]),
    "deck toml a number": (lambda d: d["deck"].update(toml=3), ["field 'deck.toml'"]),
    "deal missing": (lambda d: d.pop("deal"), ["field 'deal'"]),
    "deal order short": (lambda d: d["deal"].update(order=d["deal"]["order"][:-1]), ["field 'deal.order'"]),
    "deal order repeats": (
        lambda d: d["deal"].update(order=[1] * len(d["deal"]["order"])),
        ["field 'deal.order'", "every card id"],
    ),
    "deal order text": (lambda d: d["deal"].update(order="1 2 3"), ["field 'deal.order'"]),
    "deal reshuffle bools": (
        lambda d: d["deal"].update(reshuffle=[True] * len(d["deal"]["reshuffle"])),
        ["field 'deal.reshuffle'"],
    ),
    "deal reshuffle out of range": (
        lambda d: d["deal"].update(reshuffle=[p + 1 for p in d["deal"]["reshuffle"]]),
        ["field 'deal.reshuffle'"],
    ),
    "version huge": (lambda d: d.update(version=10**40), ["newer Pier 18"]),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_wrong_type_or_unknown_value_is_one_line_naming_the_field(capsys, tmp_path, good, case):
    change, words = CASES[case]
    replay_fails(capsys, write(tmp_path, changed(good, change)), *words)


def test_the_good_record_replays(capsys, tmp_path, good):
    assert main(["replay", str(write(tmp_path, good)), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["finished"] is True


def test_truncated_at_every_tenth_byte(capsys, tmp_path, good):
    text = json.dumps(good, indent=1)
    for cut in range(0, len(text), max(1, len(text) // 40)):
        replay_fails(capsys, write(tmp_path, text[:cut]))


def test_nesting_100000_deep(capsys, tmp_path, good):
    deep = json.dumps(good)[:-1] + ', "extra": ' + "[" * 100_000 + "]" * 100_000 + "}"
    replay_fails(capsys, write(tmp_path, deep), "nested")
    replay_fails(capsys, write(tmp_path, "[" * 100_000), "nested")


@pytest.mark.timeout(60)  # linear: milliseconds; the old scan took about 17 minutes on this
def test_a_string_of_escaped_quotes_that_never_closes(capsys, tmp_path):
    replay_fails(capsys, write(tmp_path, '"' + '\\"' * 200_000), "cut short")


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda d: d["deck"].update(toml=d["deck"]["toml"] + "#\ud800"), ["\\ud800 is half a character"]),
        (lambda d: d["names"].__setitem__(0, "\udc00Ann") if "names" in d else d["players"][0].update(name="\udc00"), ["\\udc00"]),
        (lambda d: d["deck"].pop("toml") and d["deck"].update(path="/tmp/a\x00b"), ["deck.path", "NUL"]),
        (lambda d: d["deck"].pop("toml") and d["deck"].update(path="/tmp/a\ud800"), ["\\ud800"]),
    ],
    ids=["deck text", "name", "NUL in the deck path", "deck path"],
)
def test_half_a_character_or_a_nul_is_one_line(capsys, tmp_path, good, change, words):
    """JSON can escape a lone surrogate (\\ud800), which is no character: Python holds it
    but cannot write or hash it; a NUL cannot be in a path."""
    replay_fails(capsys, write(tmp_path, json.dumps(changed(good, change))), *words)


def test_a_5000_digit_seed(capsys, tmp_path, good):
    text = json.dumps(good).replace(f'"seed": {good["seed"]}', '"seed": ' + "9" * 5000)
    assert "9" * 5000 in text
    replay_fails(capsys, write(tmp_path, text), "number")


def test_an_oversize_file_is_refused_before_parsing(capsys, tmp_path, good):
    big = json.dumps(dict(good, padding="x" * (record.MAX_BYTES + 10)))
    replay_fails(capsys, write(tmp_path, big), "larger than 4 MiB")


def test_an_embedded_deck_with_a_list_as_goal_kind_is_one_line(capsys, tmp_path, good):
    toml = good["deck"]["toml"]
    bad = toml.replace('kind = "count"', 'kind = ["count"]', 1)
    assert bad != toml
    replay_fails(capsys, write(tmp_path, with_deck_toml(good, bad)), "the deck inside the record")


@pytest.mark.parametrize(
    "toml",
    ["cards = 3", "[[cards]]\nid = 'x'", "x = " + "[" * 5000 + "]" * 5000, "n = " + "9" * 5000, "\x00"],
    ids=["cards a number", "id text", "deep toml", "5000-digit toml", "nul"],
)
def test_other_broken_embedded_decks_are_one_line(capsys, tmp_path, good, toml):
    replay_fails(capsys, write(tmp_path, with_deck_toml(good, toml)), "the deck inside the record")


def test_the_record_file_itself_must_be_a_regular_file(capsys, tmp_path):
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    replay_fails(capsys, fifo, "not a regular file")
    replay_fails(capsys, Path("/dev/zero"), "not a regular file")


# -- deck paths inside a record: a subprocess, so a hang fails on its timeout -------------


def run_replay(path: Path, timeout: float = 30) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(SRC))
    return subprocess.run(
        [sys.executable, "-m", "pier18", "replay", str(path), "--json"],
        capture_output=True, text=True, timeout=timeout, env=env,
    )


def without_deck_text(good: dict, deck_path: str) -> dict:
    return changed(good, lambda d: d.update(deck={"path": deck_path, "sha256": "1" * 64}))


@pytest.mark.parametrize("kind", ["dev-zero", "fifo"])
def test_a_deck_path_that_is_not_a_regular_file_is_never_read(tmp_path, good, kind):
    if kind == "fifo":
        deck_path = tmp_path / "deck.toml"
        os.mkfifo(deck_path)
    else:
        deck_path = Path("/dev/zero")
    path = write(tmp_path, without_deck_text(good, str(deck_path)))
    done = run_replay(path)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "no deck file matching it" in done.stderr
    assert "Traceback" not in done.stderr


def test_an_oversize_deck_path_is_not_read(tmp_path, good):
    deck_path = tmp_path / "huge.toml"
    with open(deck_path, "wb") as file:
        file.truncate(record.MAX_DECK_BYTES + 1)  # sparse: large, but costs no disk
    path = write(tmp_path, without_deck_text(good, str(deck_path)))
    done = run_replay(path)
    assert done.returncode == 2 and "no deck file matching it" in done.stderr


def test_names_from_a_record_are_made_printable(tmp_path, good):
    data = changed(good, lambda d: d["players"][0].update(name="Ann\x1b[2J"))
    session = record.load(write(tmp_path, data))
    assert session.names[0] == "Ann\u241b[2J"


# -- random mutation: RecordError or a valid session, nothing else -------------------------

VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True),
    st.text(max_size=20),
    st.lists(st.integers(min_value=-2, max_value=30), max_size=20),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)


def paths(data, prefix=()):
    """Every place in the record a value sits (the deck's TOML text aside)."""
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            if key != "toml":
                yield from paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data[:25]):
            yield from paths(value, (*prefix, index))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_random_type_swaps_and_deletions_give_a_record_error_or_a_session(good, data):
    mutated = copy.deepcopy(good)
    places = [p for p in paths(mutated) if p]
    for _ in range(data.draw(st.integers(min_value=1, max_value=3))):
        place = data.draw(st.sampled_from(places))
        parent = mutated
        try:
            for step in place[:-1]:
                parent = parent[step]
            if data.draw(st.booleans()) and isinstance(parent, dict):
                parent.pop(place[-1], None)
            else:
                parent[place[-1]] = data.draw(VALUES)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier mutation removed or replaced this place
    try:
        session = record.loads(json.dumps(mutated), "m.json")
    except record.RecordError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("m.json")
    else:
        assert len(session.names) in (2, 3)


# -- a record's line numbers, byte-order mark, embedded deck and names -------------------

#: Everything `str.splitlines()` breaks a line at, besides "\n" (and "\r", which TOML,
#: JSON and the pier notation read as a space or refuse where the line says).
SEPARATORS = ["\f", "\v", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]


@pytest.mark.parametrize("separator", SEPARATORS, ids=[f"U+{ord(s):04X}" for s in SEPARATORS])
def test_a_line_number_counts_newlines_only(capsys, tmp_path, separator):
    """A one-line file with a form feed or U+2028 in it is one line: its mistake is on
    line 1, in a pier file, a deck and a record alike (a second line is line 2)."""
    pier = tmp_path / "pier.txt"
    for text, line in ((f"F .{separator}P", 1), (f"F .\nP .{separator}x", 2)):
        pier.write_text(text, encoding="utf-8")
        assert main(["score", str(pier)]) == 2
        assert f"{shorten(pier)}: line {line}: expected two tokens LEFT RIGHT, found 3 tokens" in capsys.readouterr().err
    deck = tmp_path / "deck.toml"
    deck.write_text(f"version = 1{separator} x", encoding="utf-8")
    assert main(["cards", "--deck", str(deck)]) == 2
    assert "(at line 1, column 12)" in capsys.readouterr().err
    game = write(tmp_path, f'{{"format": 1,{separator} x}}')
    replay_fails(capsys, game, "bad JSON at line 1, column")


def test_a_record_with_a_byte_order_mark_loads(capsys, tmp_path, good):
    """Some editors write a byte-order mark before a file's text; a deck may have one,
    and so may a record, and the deck inside it (from a deck file that had one)."""
    path = write(tmp_path, "\ufeff" + json.dumps(good))
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["finished"] is True
    marked = with_deck_toml(good, "\ufeff" + good["deck"]["toml"])
    path = write(tmp_path, "\ufeff" + json.dumps(marked, ensure_ascii=False), "marked.json")
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["finished"] is True


@pytest.mark.parametrize(
    "old, new, words",
    [
        ('date = "', 'date = "13', ": the deck inside the record: card 1: field 'date': expected a date"),
        ('name = "', 'name = 7 #', ": the deck inside the record: card 1: field 'name': expected a non-empty string"),
        ("version = ", "version = " + "9" * 5000 + " #", ": the deck inside the record: not valid TOML: a number far too long"),
        ("[[cards]]", "[[cards]", ": the deck inside the record: not valid TOML: "),
    ],
    ids=["field", "type", "huge number", "TOML"],
)
def test_a_fault_of_the_deck_inside_a_record_names_the_record(capsys, tmp_path, deck, good, old, new, words):
    """The record carries its own deck, and still names the file the deck once came from
    (the game's own deck here): the fault is the record's, and it says so."""
    toml = good["deck"]["toml"].replace(old, new, 1)
    assert toml != good["deck"]["toml"]
    bad = with_deck_toml(good, toml)
    bad["deck"]["path"] = deck.source  # the shipped deck's file, which is fine
    path = write(tmp_path, bad)
    err = replay_fails(capsys, path, words)
    assert deck.source not in err and "set_int_max_str_digits" not in err


def test_a_fault_of_the_hosts_deck_names_the_host(good):
    """A deck sent by a host (`pier18 join`) is the host's: no file of it is blamed."""
    from pier18.net.client import _deck
    from pier18.net.protocol import ProtocolError

    toml = good["deck"]["toml"].replace('date = "', 'date = "13', 1)
    with pytest.raises(ProtocolError, match=r"^the host's deck: card 1: field 'date': expected a date"):
        _deck({"sha256": hashlib.sha256(toml.encode()).hexdigest(), "toml": toml})


def test_two_players_of_one_name_in_a_record_are_refused(capsys, tmp_path, good):
    for other in ("Ann", "ann", " ANN ", "Ann\u00a0"):  # as a person tells names apart
        path = write(tmp_path, changed(good, lambda d: d["players"][1].update(name=other)))
        replay_fails(capsys, path, "field 'players[1].name'", "is also the name of player 1")


def test_a_path_of_millions_of_characters_in_a_record_is_shown_short(capsys, tmp_path, good):
    """A record names its deck's file; a crafted one may name a 3,000,000-character
    path. The error names it by its head and its tail, on one short line."""
    huge = "/tmp/" + "d" * 3_000_000 + "/cards.toml"
    path = write(tmp_path, without_deck_text(good, huge))
    err = replay_fails(capsys, path, "no deck file matching it was found", "…", "d/cards.toml")
    assert len(err.replace(shorten(path), "game.json")) <= 250, err  # the record's own path aside
