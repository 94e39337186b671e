"""`pier18 score` end to end: output, options and every kind of bad input."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import reference
from helpers import child_env
from pier18.cli import main
from pier18.app import scoring
from pier18.cli import score as score_cli
from pier18.app.scoring import MAX_PIER_BYTES
from pier18.engine.text import shorten

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "pier.txt"
KEYS = {"flower", "poet", "lovers", "fisher", "patrons", "plan", "total", "characters"}


def run(capsys, *argv, stdin=None, monkeypatch=None):
    if stdin is not None:
        import io

        data = stdin if isinstance(stdin, bytes) else stdin.encode("utf-8")
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_has_exactly_the_integer_keys(capsys, tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("F P\nP A\n. A\nL .\n. .\n")
    code, out, err = run(capsys, "score", str(path), "--json", "--patrons", "2")
    assert code == 0 and err == ""
    result = json.loads(out)
    assert set(result) == KEYS and all(type(v) is int for v in result.values())
    assert result == {"flower": 1, "poet": 1, "lovers": 0, "fisher": 2, "patrons": 2, "plan": 0, "total": 6, "characters": 6}


def test_stdin_and_full_names(capsys, monkeypatch):
    code, out, _ = run(capsys, "score", "-", "--json", stdin="lovers .\n. .\n. fisher\n", monkeypatch=monkeypatch)
    assert code == 0
    assert json.loads(out)["lovers"] == 2 and json.loads(out)["fisher"] == 1


def test_card_notation_scores_the_visible_pier(capsys, deck):
    code, out, _ = run(capsys, "score", "--cards", "7 12:1 3:2 9", "--json")
    assert code == 0
    rows = reference.visible_rows(reference.notation_placements("7 12:1 3:2 9", deck))
    assert json.loads(out) == reference.reference_total(rows)


def test_plan_bonus_is_added_when_the_goal_is_met(capsys, deck):
    # Find, for each plan card, a pier from the deck that meets it, if any.
    checked = bonuses = 0
    for plan_id, card in deck.items():
        goal = card.plan.goal_for(3)
        if goal.compares_players:
            continue
        for ids in ("1 2 3 4 5", "6 7 8 9 10", "11 12 13 14 15", "16 17 18", "1:0 5:3 9:3 13:3"):
            placements = reference.notation_placements(ids, deck)
            if placements is None:  # a cover that would hide a whole card: not a pier
                continue
            code, out, err = run(capsys, "score", "--cards", ids, "--patrons", "1", "--plan", str(plan_id), "--players", "3", "--json")
            assert code == 0
            met = reference.goal_met(goal, reference.visible_rows(placements), patrons=1)
            assert json.loads(out)["plan"] == (card.plan.bonus if met else 0)
            checked += 1
            bonuses += met
    assert checked > 20 and 0 < bonuses < checked


def test_goal_that_compares_players_adds_nothing_and_says_so(capsys, deck):
    plan_id = next(i for i, c in deck.items() if c.plan.goal_for(2).compares_players or c.plan.goal_for(3).compares_players)
    players = "2" if deck[plan_id].plan.goal_for(2).compares_players else "3"
    code, out, err = run(capsys, "score", "--cards", "1 2", "--plan", str(plan_id), "--players", players, "--json")
    assert code == 0 and json.loads(out)["plan"] == 0
    assert "compares players" in err


def test_drawn_output_shows_categories_pier_and_total(capsys):
    code, out, _ = run(capsys, "score", str(EXAMPLE))
    assert code == 0
    for word in ("Flower Sellers", "Poets", "Lovers", "Fishers", "Patrons", "Plan bonus", "Total", "sea", "land"):
        assert word in out
    total = json.loads(subprocess.run(
        [sys.executable, "-m", "pier18", "score", str(EXAMPLE), "--json"], capture_output=True, text=True, env=child_env(), check=True
    ).stdout)["total"]
    total_line = next(line for line in out.splitlines() if "Total" in line)
    assert total_line.split("Total")[1].split()[1] == str(total)


def test_the_highlight_note_only_where_there_is_a_highlight(capsys, monkeypatch):
    """Piped (no colours), nothing is highlighted, so the note saying so would be untrue."""
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setenv("NO_COLOR", "1")
    code, out, _ = run(capsys, "score", str(EXAMPLE))
    assert code == 0 and "Total" in out and "Highlighted" not in out
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("TERM", "xterm-256color")
    code, out, _ = run(capsys, "score", str(EXAMPLE))
    assert code == 0 and "Highlighted characters are the ones scoring." in out and "\x1b[" in out


@pytest.mark.parametrize(
    "content, argv, message",
    [
        ("F .\nX .\n", [], "line 2: unknown token 'X'"),
        ("F .\nP\n", [], "line 2: expected two tokens LEFT RIGHT, found one token"),
        ("# nothing here\n", [], "the pier is empty"),
        (None, ["--cards", "7 12:4"], "--cards: card 12 cannot cover 4 sections of card 7"),
        (None, ["--cards", "7 99"], "--cards: card 99 is not in the deck"),
        (None, ["--cards", "7 3 7"], "--cards: card 7 appears twice"),
        (None, ["--cards", "7", "--plan", "77", "--players", "2"], "--plan: card 77 is not in the deck"),
        ("F .\n", ["--patrons", "-1"], "--patrons must be from 0 to 18 (Patron cards won), not -1"),
        ("F .\n", ["--patrons", "9" * 4300], "--patrons must be from 0 to 18 (Patron cards won), not 999"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, tmp_path, content, argv, message):
    args = ["score"]
    if content is not None:
        path = tmp_path / "pier.txt"
        path.write_text(content)
        args.append(str(path))
    code, out, err = run(capsys, *args, *argv)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1


def test_unreadable_files_and_bad_deck(capsys, tmp_path):
    code, _, err = run(capsys, "score", str(tmp_path / "nope.txt"))
    assert code == 2 and "cannot read the pier" in err and "nope.txt" in err
    binary = tmp_path / "bin.txt"
    binary.write_bytes(b"\xff\xfe\x00")
    code, _, err = run(capsys, "score", str(binary))
    assert code == 2 and "not UTF-8" in err
    bad_deck = tmp_path / "deck.toml"
    bad_deck.write_text("[[cards]]\nid = 1\nname = 'x'\ndate = '13-01'\n")
    code, _, err = run(capsys, "score", "--cards", "1", "--deck", str(bad_deck))
    assert code == 2 and "deck.toml: card 1: field 'date'" in err and err.count("\n") == 1


@pytest.mark.parametrize("mode", [[], ["--json"]], ids=["drawn", "json"])
@pytest.mark.parametrize("deck", ["missing", "folder", "broken", "empty name"])
def test_a_deck_named_beside_a_pier_file_is_read_even_if_nothing_needs_it(capsys, tmp_path, deck, mode):
    """`score FILE --deck BAD` once ignored the deck and printed a score, exit status 0:
    a deck that is named is read, or the command says why not."""
    pier = tmp_path / "pier.txt"
    pier.write_text("F P\nP A\n")
    broken = tmp_path / "broken.toml"
    broken.write_text("[[cards]\n")
    path, words = {
        "missing": (str(tmp_path / "none.toml"), "none.toml: cannot read the deck file (No such file or directory)"),
        "folder": (str(tmp_path), f"{shorten(tmp_path)}: cannot read the deck file (not a regular file)"),
        "broken": (str(broken), "broken.toml: not valid TOML"),
        "empty name": ("", "argument --deck: expected the name of a file, got ''"),
    }[deck]
    try:
        code, out, err = run(capsys, "score", str(pier), "--deck", path, *mode)
    except SystemExit as stop:  # argparse's own error
        code, (out, err) = stop.code, capsys.readouterr()
    assert code == 2 and out == "", (code, out)
    assert words in err and "pier18: .:" not in err, err
    assert err.splitlines()[1:] in ([], ["try 'pier18 score --help'"]), err
    code, out, err = run(capsys, "score", str(pier), "--deck", str(EXAMPLE.parents[1] / "data" / "cards.toml"), *mode)
    assert code == 0 and err == "" and out  # a good deck named: the score


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"], ids=["unix", "windows", "old mac"])
def test_a_pier_file_reads_the_same_whatever_its_line_endings(capsys, tmp_path, end):
    """A file of lone CRs (old Macs, some notes apps) was one line: '8 tokens on line 1'."""
    path = tmp_path / "pier.txt"
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    path.write_bytes(end.join(lines).encode() + end.encode())
    code, out, err = run(capsys, "score", str(path), "--json")
    assert (code, err) == (0, "") and json.loads(out)["total"] == 8
    path.write_bytes(end.join(["F P", "# a comment", "P A", "Q ."]).encode())
    code, out, err = run(capsys, "score", str(path))
    assert code == 2 and out == ""
    assert err == f"pier18: {shorten(path)}: line 4: unknown token 'Q' (use . F P L A or flower poet lovers fisher)\n"


@pytest.mark.parametrize("kind", ["fifo", "device", "directory", "oversize"])
def test_a_pier_file_that_is_not_a_small_regular_file_is_never_read(capsys, tmp_path, kind):
    if kind == "fifo":
        path = tmp_path / "fifo"
        os.mkfifo(path)  # nobody writes to it: opening it to read would block forever
        why = "not a regular file"
    elif kind == "device":
        path, why = Path("/dev/zero"), "not a regular file"  # it never ends
    elif kind == "directory":
        path, why = tmp_path, "not a regular file"
    else:
        path = tmp_path / "big.txt"
        path.write_bytes(b"F .\n" * (MAX_PIER_BYTES // 4 + 1))
        why = "larger than 1 MiB"
    code, out, err = run(capsys, "score", str(path), "--json")
    assert (code, out) == (2, "")
    assert err == f"pier18: {shorten(path)}: cannot read the pier ({why})\n"


def test_standard_input_is_read_only_up_to_the_size_limit(capsys, monkeypatch):
    too_long = b"#" * (MAX_PIER_BYTES + 1000)
    code, out, err = run(capsys, "score", "-", "--json", stdin=too_long, monkeypatch=monkeypatch)
    assert (code, out) == (2, "")
    assert err == "pier18: standard input: cannot read the pier (larger than 1 MiB)\n"
    assert sys.stdin.buffer.tell() == MAX_PIER_BYTES + 1  # the rest was never read
    code, _, err = run(capsys, "score", "-", stdin=too_long[:MAX_PIER_BYTES], monkeypatch=monkeypatch)
    assert code == 2 and "the pier is empty" in err  # exactly the limit is read
    monkeypatch.setattr(sys, "stdin", None)  # started with standard input closed
    code, _, err = run(capsys, "score", "-")
    assert code == 2 and err == "pier18: standard input: cannot read the pier (standard input is closed)\n"


def test_more_cards_than_a_pier_holds_is_refused_at_once(capsys, deck):
    for cards in ("1 " * 3000, "1, " * 3000, " ".join(str(i) for i in range(1, 20))):
        code, out, err = run(capsys, "score", "--cards", cards, "--json")
        assert (code, out) == (2, "")
        assert err == "pier18: --cards: more than 18 cards: a pier holds at most the whole deck\n"


def test_a_pier_longer_than_the_whole_deck_can_show_is_one_line_at_once(capsys, tmp_path):
    """216 sections (18 cards of 12) is the longest pier there is: it is drawn. One more
    is refused at that line, with the rest never looked at; so is the largest file read,
    1 MiB of sections, which took 28 s to draw."""
    from pier18.engine.deck import DECK_SIZE, MAX_SECTIONS
    from pier18.engine.notation import MAX_PIER_SECTIONS

    assert MAX_PIER_SECTIONS == DECK_SIZE * MAX_SECTIONS == 216
    longest = tmp_path / "longest.txt"
    longest.write_text("F P\n" * 216)
    code, out, err = run(capsys, "score", str(longest))
    assert (code, err) == (0, "") and out.count("═══") == 216
    refused = "more than 216 sections, more than a pier of the whole deck can show\n"
    too_long = tmp_path / "too-long.txt"
    too_long.write_text("# one more\n" + "F P\n" * 216 + "\n. A\n" + "not a section\n" * 50_000)
    assert run(capsys, "score", str(too_long), "--json") == (2, "", f"pier18: {shorten(too_long)}: line 219: {refused}")
    huge = tmp_path / "huge.txt"
    huge.write_bytes(b"F P\n" * (MAX_PIER_BYTES // 4))  # exactly the most that is read
    for argv in ([str(huge)], [str(huge), "--json"]):
        assert run(capsys, "score", *argv) == (2, "", f"pier18: {shorten(huge)}: line 217: {refused}")


def test_drawing_a_pier_is_linear_in_its_length(capsys):
    """The work of drawing (function calls, counted) for the longest pier is about twice
    that for one half as long, not four times."""
    from pier18.render.score_sheet import print_score
    from pier18.engine.notation import parse_sections
    from pier18.engine.scoring import score_sections

    def calls(rows: int) -> int:
        sections = parse_sections("F P\nP .\n. A\nL L\n" * (rows // 4))
        sheet = score_sections(sections)
        count = 0

        def counter(frame, event, arg):
            nonlocal count
            count += event in ("call", "c_call")

        sys.setprofile(counter)
        try:
            print_score(sections, sheet)
        finally:
            sys.setprofile(None)
        capsys.readouterr()
        return count

    calls(216)  # caches filled
    half, whole = calls(108), calls(216)
    assert whole <= 2.2 * half, (half, whole)


def test_card_names_are_found_in_time_linear_in_the_number_of_words(deck, monkeypatch):
    calls = []
    exact_name = scoring._exact_name
    monkeypatch.setattr(scoring, "_exact_name", lambda token, deck: calls.append(token) or exact_name(token, deck))
    names = " ".join(card.name for card in deck.values())
    words = len(names.split())
    assert scoring.card_notation(names, deck) == " ".join(str(card_id) for card_id in deck)
    longest = max(len(card.name.split()) for card in deck.values())
    assert 0 < len(calls) <= (longest + 2) * words  # never every run of words from each word on
    longest_name = next(card for card in deck.values() if len(card.name.split()) == longest)
    spaced = f"1 {longest_name.name.lower()} : 1"  # its cover written apart: two words more
    assert scoring.card_notation(spaced, deck) == f"1 {longest_name.id}:1"


def test_no_traceback_from_a_real_process(tmp_path):
    path = tmp_path / "pier.txt"
    path.write_text("F .\nZ Z\n")
    proc = subprocess.run([sys.executable, "-m", "pier18", "score", str(path)], capture_output=True, text=True, env=child_env())
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and "line 2" in proc.stderr


def test_help_shows_an_example(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["score", "--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert "example" in out and "pier18 score --cards" in out


def test_json_path_imports_neither_rich_nor_textual(tmp_path):
    code = (
        "import sys; from pier18.cli import main; main(['score', sys.argv[1], '--json']);"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'rich', 'textual'}))"
    )
    out = subprocess.run([sys.executable, "-c", code, str(EXAMPLE)], capture_output=True, text=True, env=child_env(), check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_json_path_imports_no_module_it_does_not_need(tmp_path):
    """`score --json` must start about as fast as Python: none of these standard modules
    is imported on its way (`-S`: no site-packages, whose .pth files may import some)."""
    code = (
        "import sys; from pier18.cli import main; main(['score', sys.argv[1], '--json']);"
        f"print(sorted(m for m in {UNNEEDED_BY_JSON!r} if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-S", "-c", code, str(EXAMPLE)], capture_output=True, text=True, env=child_env(), check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"


#: What `pier18 score --json` does without: the drawing and the Textual app.
UNNEEDED_BY_JSON = ("rich", "textual")


def test_the_installed_command_imports_no_module_json_does_not_need():
    """The `pier18` command pip installed (its launcher calls `pier18.cli.main`) scores
    with `--json` without importing Rich or Textual."""
    launcher = Path(shutil.which("pier18", path=str(Path(sys.executable).parent)) or "")
    assert launcher.name == "pier18", "pip install -e . writes the pier18 launcher beside the venv's python"
    out = subprocess.run([str(launcher), "score", str(EXAMPLE), "--json"],
                         capture_output=True, text=True, env={**child_env(), "PYTHONPROFILEIMPORTTIME": "1"}, check=True)
    assert json.loads(out.stdout)["total"] == 8
    imported = {line.rsplit("|", 1)[-1].strip().split(".")[0] for line in out.stderr.splitlines() if line.startswith("import time:")}
    assert "pier18" in imported
    assert sorted(imported & set(UNNEEDED_BY_JSON)) == []


def test_drawn_path_imports_rich_but_not_textual():
    code = (
        "import sys, io, contextlib; from pier18.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()): main(['score', sys.argv[1]])\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'rich', 'textual'}))"
    )
    out = subprocess.run([sys.executable, "-c", code, str(EXAMPLE)], capture_output=True, text=True, env=child_env(), check=True)
    assert out.stdout.strip().splitlines()[-1] == "['rich']"


#: Heavy modules the drawn score does not need: the bots and the Textual app.
NOT_FOR_THE_SCORE = ("pier18.bots.base", "textual", "pier18.tui")


def test_drawn_path_imports_only_the_engine_it_needs():
    code = (
        "import sys, io, contextlib; from pier18.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()): main(['score', sys.argv[1]])\n"
        f"print(sorted(m for m in {NOT_FOR_THE_SCORE!r} if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code, str(EXAMPLE)], capture_output=True, text=True, env=child_env(), check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_cards_lists_every_card(capsys, deck):
    code, out, _ = run(capsys, "cards")
    assert code == 0
    for card in deck.values():
        assert card.date in out
        assert card.plan.two.text[:12] in out
