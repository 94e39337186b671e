"""The README, `--help`, the in-game rules and help, and the docs name the same options.

Every option a page names must be one `--help` lists for the command it is named with:
`pier18 play --deck PATH` on a page needs `--deck` in `pier18 play --help`, and an
option named alone must belong to a command its section named before it (else to any
command). A hidden option (the old `--cards` of `play`) counts as not there, so no
page teaches it. And every option `--help` shows is named somewhere on a page, with its
command. The rules page is also the in-game rules (`r`), and `pier18.words` holds the
in-game help (`?`) and every message that names an option.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import pier18
from pier18.cli import COMMANDS, main

ROOT = Path(__file__).resolve().parents[1]
#: The pages people read; docs/testing.md is about the test suite and names pytest's options.
PAGES = [ROOT / "README.md", *(p for p in sorted((ROOT / "docs").glob("*.md")) if p.name != "testing.md")]

#: `pier18 --help` itself, as a command: its own options (`pier18 --version`).
TOP = "(top)"
#: `pier18 COMMAND` (or a code span that starts with the command: `simulate --balance`),
#: another program (whose options are its own), or an option.
TOKEN = re.compile(
    rf"(?:\bpier18 |(?<=`))(?P<command>{'|'.join(COMMANDS)})\b(?![-.])"
    r"|(?P<top>\bpier18)(?= --?[a-z])"
    r"|(?P<other>\bpython3?\b|\bpytest\b|\bmutmut\b|\bpip\b|\bssh\b|\bopenssl\b|\bvalgrind\b|\.py\b|\bscripts/|\bbenchmarks/)"
    r"|(?<![\w-])(?P<option>--[a-z][a-z0-9-]*)"
)

#: The sub-commands of `pier18 club`, whose options are named as the club's.
FORMS = ("wait", "ratings", "serve")
#: An option as `--help` lists it: "  --deck PATH  a deck file", "  -h, --help".
LISTED = re.compile(r"^ {2}(?:-\w+, )?(--[a-z][a-z0-9-]*)", re.M)


@pytest.fixture(scope="module")
def helps() -> dict[str, set[str]]:
    """The options each `pier18 COMMAND --help` lists (and `pier18 --help`'s own)."""
    import contextlib
    import io

    found: dict[str, set[str]] = {}
    for command in (None, *COMMANDS):
        out = io.StringIO()
        with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
            main([command, "--help"] if command else ["--help"])
        found[command or TOP] = set(LISTED.findall(out.getvalue()))
    for form in FORMS:  # `pier18 club wait --help`: a sub-command's options are its command's
        out = io.StringIO()
        with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
            main(["club", form, "--help"])
        found["club"] |= set(LISTED.findall(out.getvalue()))
    return found


def paragraphs(text: str) -> list[tuple[int, str, bool]]:
    """(line number, text, is code) of each paragraph, list item, table row and line of
    code, and (line, "#", False) at each heading. A fenced code block is one paragraph per
    command (a line ending in a backslash goes on on the next)."""
    found: list[tuple[int, str, bool]] = []
    start, current, fenced = 0, [], False

    def close(code: bool = False) -> None:
        if current:
            found.append((start + 1, " ".join(current), code))
        current.clear()

    for number, line in enumerate(text.split("\n")):
        if line.startswith("```"):
            close(fenced)
            fenced = not fenced
            continue
        if fenced:
            if not current:
                start = number
            current.append(line.rstrip("\\"))
            if not line.endswith("\\"):
                close(True)
            continue
        if line.startswith("|") or line.startswith("#"):
            close()
            found.append((number + 1, line, line.startswith("#")))
            if line.startswith("#"):
                found[-1] = (number + 1, "#", False)
            continue
        if not line.strip() or re.match(r"\s*([-*]|\d+\.) ", line):
            close()
        if line.strip():
            if not current:
                start = number
            current.append(line)
    close()
    return found


def mentions(text: str, span: str = r"`[^`]*`") -> list[tuple[int, str | None, tuple[str, ...], str]]:
    """Each option a text names: (line, the command it is named with, the commands its
    section names so far, the option). An option is named with a command when it stands
    in the same code span (`span`) or line of code after it; an option named alone has
    None, and is read with the commands named before it in its section. Options of other
    programs (python, pytest, a script...) are left out."""
    found = []
    section: list[str] = []
    for line, paragraph, code in paragraphs(text):
        if paragraph == "#" and not code:
            section = []
            continue
        bounds = [(0, len(paragraph))] if code else [m.span() for m in re.finditer(span, paragraph)]

        def span_of(position: int) -> int | None:
            return next((i for i, (a, b) in enumerate(bounds) if a <= position < b), None)

        others = False  # the paragraph names another program: an option alone may be its
        current: str | None = None
        current_span: int | None = None
        for match in TOKEN.finditer(paragraph):
            here = span_of(match.start())
            if (match["command"] or match["top"]) and current == "other" and here == current_span:
                continue  # an argument of another program (a path to pier18, say)
            if match["command"] or match["top"]:
                current, current_span = match["command"] or TOP, here
                section.append(current)
            elif match["other"]:
                current, current_span, others = "other", here, True
            elif here is not None and here == current_span:
                if current != "other":
                    found.append((line, current, tuple(section), match["option"]))
            elif not others:
                found.append((line, None, tuple(section), match["option"]))
    return found


def problems_in(text: str, where: str, helps: dict[str, set[str]]) -> list[str]:
    every = set().union(*helps.values())
    problems = []
    for line, command, named, option in mentions(text):
        if command is not None:
            if option not in helps[command]:
                problems.append(f"{where}:{line}: pier18 {command} has no {option}".replace(f" {TOP}", ""))
        elif named:
            if not any(option in helps[c] for c in named):
                problems.append(f"{where}:{line}: {option} is no option of {', '.join(f'pier18 {c}' for c in named)}")
        elif option not in every:
            problems.append(f"{where}:{line}: no command has {option}")
    return problems


def words_texts() -> list[tuple[str, int, str]]:
    """Every string the words module and the speech package hold (their f-strings' fixed
    parts joined), by file and line."""
    package = Path(pier18.__file__).parent
    texts = []
    for path in [package / "words.py", *sorted((package / "speech").glob("*.py"))]:
        for node in ast.walk(ast.parse(path.read_text())):
            where = path.relative_to(package).as_posix()
            if isinstance(node, ast.JoinedStr):
                texts.append((where, node.lineno, " ".join(v.value for v in node.values if isinstance(v, ast.Constant))))
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                texts.append((where, node.lineno, node.value))
    return texts


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_option_a_page_names_is_one_its_command_shows(page, helps):
    assert problems_in(page.read_text(), page.relative_to(ROOT).as_posix(), helps) == []


def test_every_option_the_game_says_is_one_a_command_shows(helps):
    """The in-game help and every message: 'give one with --deck' must name a real option."""
    problems = [p for where, line, text in words_texts() for p in problems_in(text, f"{where}:{line}", helps)]
    assert problems == []


def test_every_help_names_only_options_there_are(helps, capsys):
    """A command's --help (its options' help, its description and epilog) names its own
    options, or another command's with that command ('as pier18 join --lines')."""
    problems = []
    for command in COMMANDS:
        with pytest.raises(SystemExit):
            main([command, "--help"])
        text = capsys.readouterr().out
        text = f"'pier18 {command} " + " ".join(text.split()).replace("'pier18 ", "' 'pier18 ") + "'"
        for line, named, _, option in mentions(text, span=r"'pier18 [^']*'"):
            owner = named or command
            if option not in helps[owner]:
                problems.append(f"pier18 {command} --help: {option} is no option of pier18 {owner}")
    assert problems == []


def test_every_option_help_shows_is_named_on_a_page_with_its_command(helps):
    """Each option is named with its command; --help and --lang, on every command, are
    named once for pier18 itself (README: `pier18 --lang nl play`)."""
    named: dict[str, set[str]] = {command: set() for command in (TOP, *COMMANDS)}
    for page in PAGES:
        for _, command, commands, option in mentions(page.read_text()):
            for owner in [command] if command else commands[-1:]:
                named[owner].add(option)
    missing = [
        f"pier18 {command} {option}".replace(f" {TOP}", "")
        for command in (TOP, *COMMANDS)
        for option in sorted(helps[command] - {"--help"} - ({"--lang"} if command != TOP else set()) - named[command])
    ]
    assert missing == []
