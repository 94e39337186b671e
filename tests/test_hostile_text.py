"""Hostile text from outside the program: deck files, names and paths never crash a
command or reach the terminal as markup or escape codes."""

from __future__ import annotations

import copy
import os
import tomllib
import unicodedata

import pytest
import wcwidth
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.cells import cell_len

from hostile import CELLS, FROZEN_DECK, SAMPLES, WIDTH, hostile_deck, hostile_text, width_text
from pier18.cli import main
from pier18.engine.deck import MAX_DECK_BYTES, Deck, load_deck, parse_deck
from pier18.engine.errors import DeckError
from pier18.engine.text import printable, quote, shorten

ESC = "\x1b"
FUNCTION_SCOPED = [HealthCheck.function_scoped_fixture]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- quote: how every message shows a bad token ------------------------------------------


def test_quote_makes_tokens_printable_and_short():
    assert quote("wizard") == "'wizard'"
    assert quote("A\x1b[2JB") == "'A␛[2JB'"
    long = quote("x" * 500)
    assert len(long) == 60 and long.endswith("…'")
    assert quote(["count"]) == "['count']"
    assert len(quote(list(range(100)))) == 60


def test_quote_cuts_at_exactly_the_limit():
    assert quote("x" * 58) == "'" + "x" * 58 + "'"  # 60 with its quotes: whole
    assert quote("x" * 59) == "'" + "x" * 57 + "…'"
    assert quote("") == "''"
    assert quote(list(range(100))) == "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, …"  # 59 characters and the ellipsis
    assert quote(10**59) == "1" + "0" * 59  # 60 characters: whole
    assert quote(10**60) == "1" + "0" * 58 + "…"
    assert quote("abcdef", limit=5) == "'ab…'"
    assert quote("abcdef", limit=3) == "'a…'"  # never less than one character of the text
    assert quote("abcdef", limit=2) == "'a…'"
    assert quote(123456, limit=4) == "123…"
    assert quote(123456, limit=1) == "1…"
    assert quote(None) == "None" and quote(["\x1b"]) == "['\\x1b']"


def test_printable_replaces_exactly_what_draws_nothing():
    assert printable("plain text, ünïcödé ★") == "plain text, ünïcödé ★"
    assert printable("\x00\x01\x1b\x1f") == "\u2400\u2401\u241b\u241f"  # ␀ ␁ ␛ ␟
    assert printable("a\x7fb") == "a\u2421b"  # ␡
    # C1 controls, direction overrides, zero-width joiners, private use, surrogates,
    # unassigned code points and line/paragraph separators: one replacement character each
    for char in ("\x9b", "\u202e", "\u200d", "\ue000", "\ud800", "\U000e0080", "\u2028", "\u2029"):
        assert printable("a" + char + "b") == "a\ufffdb", repr(char)
    # other spaces (no-break, ideographic, en quad) draw a space and become one
    assert printable("a\u00a0b\u3000c\u2000d\tc") == "a b c d\u2409c"


STAND_INS = {"\ufffd", *map(chr, range(0x2400, 0x2422))}


@given(st.text())
def test_printable_text_is_printable_whatever_it_was(text):
    shown = printable(text)
    assert shown.isprintable()
    assert printable(shown) == shown  # once is enough: a name saved and read back stays the same
    # Nothing invisible vanishes: each control or format character has its stand-in.
    unshown = sum(unicodedata.category(c) in {"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"} for c in text)
    assert sum(c in STAND_INS for c in shown) >= unshown


# -- width: what printable shows, every terminal draws as wide as Rich measures it ------


def drawn_widths(shown: str) -> tuple[int, int, int]:
    """Cells by Rich (what Textual lays out), by a terminal that joins grapheme clusters
    (kitty, WezTerm: `wcwidth.wcswidth`), and by one that draws one code point at a time
    (xterm, VTE, tmux: `wcwidth.wcwidth` each)."""
    return cell_len(shown), wcwidth.wcswidth(shown), sum(wcwidth.wcwidth(c) for c in shown)


@pytest.mark.parametrize("raw", WIDTH)
def test_each_sequence_terminals_disagree_on_is_shown_at_one_width(raw):
    shown, cells = CELLS[raw]  # worked out by hand (tests/hostile.py)
    assert printable(raw) == shown
    assert drawn_widths(shown) == (cells, cells, cells)


@given(st.text() | width_text(6) | st.lists(st.sampled_from(WIDTH) | st.characters(), max_size=8).map("".join))
def test_what_printable_shows_every_terminal_draws_as_wide_as_rich_measures(text):
    shown = printable(text)
    rich, clusters, code_points = drawn_widths(shown)
    assert rich == clusters == code_points
    assert printable(shown) == shown


def test_every_character_alone_is_drawn_as_wide_as_rich_measures():
    """Each code point of the planes that have characters (0-3, and 14: tags and
    variation selectors; the rest is unassigned or private, all stand-ins)."""
    widths = {code: drawn_widths(printable(chr(code))) for code in (*range(0x40000), *range(0xE0000, 0xE1000))}
    disputed = [f"U+{code:04X} {unicodedata.name(chr(code), '?')}: {w}" for code, w in widths.items() if len(set(w)) > 1]
    assert not disputed, disputed[:10]


def test_quote_spells_out_a_space_that_is_not_the_plain_one():
    assert quote("\u00a0") == "'\\u00a0'"  # not "' '", which would look like a space
    assert quote("12\u202f31") == "'12\\u202f31'"
    assert quote("a b") == "'a b'"
    assert quote("x" * 10**6) == "'" + "x" * 57 + "…'"


@given(hostile_text(12))
def test_quote_never_lets_a_control_character_through(text):
    shown = quote(text)
    assert shown.isprintable() and len(shown) <= 60


# -- deck files: any value of any type anywhere is a Deck or a DeckError -----------------

GOOD = tomllib.loads(FROZEN_DECK.read_text(encoding="utf-8"))

ODD_VALUES = st.one_of(
    st.integers(),
    st.integers(min_value=2**63, max_value=2**200),
    st.floats(),
    st.booleans(),
    st.text(max_size=4),
    st.sampled_from(["", "count", "poet", "flower", "01-17", "²²-¹¹", "[b]", "\x1b"]),
    st.lists(st.sampled_from(["count", "poet", "", 3]), max_size=3),
    st.dictionaries(st.sampled_from(["text", "kind", "goal", "x"]), st.integers(), max_size=2),
    st.datetimes(),
    st.none(),
)


@st.composite
def mutated_decks(draw):
    """The frozen deck's TOML data with one to three values swapped for odd ones or deleted."""
    data = copy.deepcopy(GOOD)
    for _ in range(draw(st.integers(1, 3))):
        node = data
        while True:  # walk down to a random container, then change one of its entries
            keys = list(node) if isinstance(node, dict) else list(range(len(node)))
            if not keys:
                break
            key = draw(st.sampled_from(keys))
            child = node[key]
            if isinstance(child, (dict, list)) and child and draw(st.booleans()):
                node = child
                continue
            action = draw(st.sampled_from(["swap", "delete", "wrap"]))
            if action == "delete":
                del node[key]
            elif action == "wrap":
                node[key] = [child] if not isinstance(child, list) else {"0": child}
            else:
                node[key] = draw(ODD_VALUES)
            break
    return data


@settings(max_examples=400, deadline=None)
@given(mutated_decks())
def test_a_deck_of_any_shape_loads_or_gives_a_one_line_deck_error(data):
    try:
        deck = parse_deck(data, "mutated.toml")
    except DeckError as exc:
        message = str(exc)
        assert message.startswith("mutated.toml: ") and message.isprintable()
    else:
        assert isinstance(deck, Deck)


@pytest.mark.parametrize(
    "old, new, where",
    [
        ('kind = "count"', 'kind = ["count"]', "card 1: field 'plan.two.kind'"),
        ('name = "Bandstand"', "name = 7", "card 1: field 'name'"),
        ('patron = ["poet"]', "patron = [{ x = 1 }]", "card 1: field 'patron'"),
        ('["poet", ""], ["poet", ""]', '{ a = "poet" }, ["poet", ""]', "card 1: field 'sections'"),
        ('date = "01-17"', 'date = "¹¹-¹¹"', "card 1: field 'date'"),
        ('character = "poet", at_least = 5', "character = [1], at_least = 5", "card 1: field 'plan.two.character'"),
    ],
)
def test_a_wrong_type_names_file_card_and_field(tmp_path, old, new, where):
    path = tmp_path / "deck.toml"
    path.write_text(FROZEN_DECK.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DeckError, match=where):
        load_deck(path)


def test_a_byte_order_mark_is_accepted(tmp_path):
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + FROZEN_DECK.read_bytes())
    assert len(load_deck(path)) == 18


def test_files_that_are_not_small_regular_files_are_refused_at_once(tmp_path):
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (MAX_DECK_BYTES + 1))
    with pytest.raises(DeckError, match="over 1024 KiB"):
        load_deck(big)
    with pytest.raises(DeckError, match="not a regular file"):
        load_deck(tmp_path)
    if os.path.exists("/dev/zero"):
        with pytest.raises(DeckError, match="not a regular file"):
            load_deck("/dev/zero")
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "fifo.toml"
        os.mkfifo(fifo)
        with pytest.raises(DeckError, match="not a regular file"):
            load_deck(fifo)  # nobody writes to it: this would block without O_NONBLOCK


def test_deck_texts_are_made_printable_where_they_are_read(tmp_path):
    deck = load_deck(hostile_deck(tmp_path / "d.toml", ["A\x1b[2JB"], ["goal\x07\u202e"]))
    assert deck[1].name == "A␛[2JB 1"
    assert deck[1].plan.two.text == "goal␇\ufffd 1"
    assert all(card.name.isprintable() for card in deck.values())


# -- commands that show a deck -----------------------------------------------------------


def _wide(monkeypatch):
    monkeypatch.setenv("COLUMNS", "400")  # no wrapping, so every text shows whole


def test_cards_shows_card_names_with_brackets(capsys, tmp_path, monkeypatch):
    """The bug this suite started from: a card named with brackets broke `pier18 cards`."""
    _wide(monkeypatch)
    monkeypatch.chdir(tmp_path)  # a short path: the title shows it on one line
    os.mkdir("[red]")
    hostile_deck(tmp_path / "[red]" / "deck[b].toml", ["x[/b]", "[b]Pier", "Ann[/]"])
    code, out, err = run(capsys, "cards", "--deck", "[red]/deck[b].toml")
    assert (code, err) == (0, "")
    assert "[b]Pier 1" in out and "Ann[/] 2" in out and "x[/b] 3" in out
    assert "[red]/deck[b].toml" in out


@settings(max_examples=15, deadline=None, suppress_health_check=FUNCTION_SCOPED)
@given(names=st.lists(hostile_text(3), min_size=1, max_size=3), goals=st.lists(hostile_text(3), min_size=1, max_size=3))
def test_cards_and_simulate_show_any_deck_text_literally(capsys, tmp_path, monkeypatch, names, goals):
    _wide(monkeypatch)
    deck_file = hostile_deck(tmp_path / "hostile.toml", names, goals)
    deck = load_deck(deck_file)
    for argv in (["cards", "--deck", str(deck_file)], ["simulate", "--games", "2", "--deck", str(deck_file)]):
        code, out, err = run(capsys, *argv)
        assert (code, err) == (0, ""), argv
        assert ESC not in out and "\x07" not in out
        if argv[0] == "cards":
            for card in deck.values():
                assert card.plan.two.text in out
        else:
            for line in out.splitlines():  # each played Plan's row: its name and goal
                if line.startswith("│ #"):
                    card = deck[int(line[3:].split()[0])]
                    assert f"#{card.id} {card.name}" in line and card.plan.two.text in line


@pytest.mark.parametrize("name", SAMPLES)
def test_score_quotes_a_plan_goal_literally(capsys, tmp_path, monkeypatch, name):
    _wide(monkeypatch)
    deck_file = hostile_deck(tmp_path / "hostile.toml", [name], [name])
    goal = load_deck(deck_file)[9].plan.goal_for(2).text
    code, out, err = run(capsys, "score", "--cards", "9 12", "--plan", "9", "--players", "2", "--deck", str(deck_file))
    assert (code, err) == (0, "")
    assert goal in out and ESC not in out


def test_score_finds_a_card_by_its_name_as_typed_with_what_printable_drops(capsys, tmp_path):
    """Card names were made printable (the emoji selector dropped, the accent composed):
    a name typed as it was written still finds its card."""
    deck_file = hostile_deck(tmp_path / "hostile.toml", ["\u2764\ufe0fQuai", "e\u0301cluse"])
    code, out, err = run(capsys, "score", "--cards", "\u2764\ufe0fquai 2, e\u0301cluse 1", "--deck", str(deck_file), "--json")
    assert (code, err) == (0, ""), err
    code, out2, err = run(capsys, "score", "--cards", "2 1", "--deck", str(deck_file), "--json")
    assert out == out2


def test_score_reads_a_pier_file_with_a_byte_order_mark(capsys, tmp_path):
    path = tmp_path / "pier.txt"
    path.write_bytes("\ufeffF P\nP A\n".encode())
    code, out, err = run(capsys, "score", str(path), "--json")
    assert code == 0 and err == "" and '"total"' in out


@pytest.mark.parametrize("command", [["cards", "--deck"], ["simulate", "--games", "1", "--deck"], ["score", "--plan", "1", "--cards", "1", "--deck"]])
def test_a_hostile_deck_path_in_an_error_is_one_printable_line(capsys, tmp_path, command):
    bad = tmp_path / "[link=file:///etc/passwd]\x1b[2J.toml"
    code, out, err = run(capsys, *command, str(bad))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and ESC not in err and "␛[2J.toml" in err


def test_a_pier_label_of_wide_characters_is_cut_to_its_width_in_cells(tmp_path):
    """A card name or title of wide characters (two cells each) is cut to the label's
    width in cells, as the terminal draws it, not in characters (twice as wide)."""
    from pier18.engine import Pier
    from pier18.render import ROW_WIDTH, draw_pier

    deck = load_deck(hostile_deck(tmp_path / "wide.toml", ["中文" * 10, "👨\u200d👩\u200d👧" * 5, "a中" * 10]))
    visible = Pier.from_notation("1 2 3", deck).visible()  # nothing covered: each card has rows for both its notes
    for label_width in (8, 15, 16, 30):
        drawing = draw_pier(visible, title="標題" * 40, label_width=label_width)
        widths = [cell_len(line) for line in drawing.plain.splitlines()]
        assert max(widths) <= ROW_WIDTH + 1 + label_width, (label_width, widths)
        assert widths[0] == ROW_WIDTH + label_width  # the title, cut with its ellipsis
# -- two cards of one name; outside text shortened in errors ------------------------------


@pytest.mark.parametrize(
    "second, written",
    [
        ("Bandstand", ""),
        ("bandstand", " (as 'Bandstand'; case and spacing do not tell names apart)"),
        ("  BandStand  ", " (as 'Bandstand'; case and spacing do not tell names apart)"),
    ],
    ids=["same", "case", "spaces around"],
)
def test_two_cards_of_one_name_are_refused_naming_both(capsys, tmp_path, second, written):
    """`pier18 score --cards "Tea Room"` could once only answer "could be 'Tea Room',
    'Tea Room'": no name could pick either card. Such a deck is refused when it is read."""
    text = FROZEN_DECK.read_text(encoding="utf-8").replace('name = "Tea Room"', f'name = "{second}"', 1)
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DeckError) as info:
        load_deck(path)
    shown = quote(second.strip())
    assert str(info.value) == f"{shorten(path)}: card 2: field 'name': {shown} is also the name of card 1{written}"
    code, out, err = run(capsys, "score", "--cards", "Bandstand", "--deck", str(path))
    assert code == 2 and err == f"pier18: {info.value}\n"


def test_a_name_told_apart_only_by_a_kind_of_space_is_the_same_name(tmp_path):
    text = FROZEN_DECK.read_text(encoding="utf-8").replace('name = "Tea Room"', 'name = "Band\\u00a0stand"', 1)
    text = text.replace('name = "Bandstand"', 'name = "Band stand"', 1)
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DeckError, match=r"card 2: field 'name': 'Band stand' is also the name of card 1$"):
        load_deck(path)


def test_shorten_keeps_head_and_tail_on_one_printable_line():
    from pier18.engine.text import SHOWN, shorten

    path = "/home/ann/" + "x" * 3_000_000 + "/my\ndeck\x1b[2J.toml"
    shown = shorten(path)
    assert len(shown) == SHOWN and shown.isprintable() and "…" in shown
    assert shown.startswith("/home/ann/x") and shown.endswith("/my␊deck␛[2J.toml")
    assert shorten("/short/path.toml") == "/short/path.toml"
    assert shorten("a\u2028b") == "a\ufffdb"  # no line break of any kind
