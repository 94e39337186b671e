"""Every sentence a person reads is a message in the catalog, marked where it is used.

The syntax tree of every module of `src/pier18` is read, and each string literal and
f-string shaped like a sentence that is not the message of a marking call (`_`, `N_`,
`ngettext`, `pgettext`, `npgettext`: `pier18.i18n`) fails the test, with where it is. What counts as
sentence-shaped is `sentence_shaped`; what is left alone, and why, is `left_alone`;
docs/architecture.md ("One vocabulary") says the same in prose.
"""

from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from rich.errors import StyleSyntaxError
from rich.style import Style

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "pier18"

#: Modules whose sentences are not pier18's to translate: none today.
HOMES: tuple[str, ...] = ()

#: The calls that mark a message for the catalog (pier18.i18n), and the positions of
#: their message arguments (a context is no sentence either).
MARKING = {"_": (0,), "N_": (0,), "ngettext": (0, 1), "pgettext": (0, 1), "npgettext": (0, 1, 2)}

#: Keyword arguments that are argparse's metavariables (FILE, N): names, not sentences.
ARGPARSE_KEYWORDS = frozenset({"metavar"})

#: Python's own exception types: their messages are for programmers (an internal check,
#: or a bad value caught and said again in words). An `OSError`'s message is not among
#: them: its `strerror` is shown to people as the reason a file failed.
PROGRAMMERS_ERRORS = frozenset(
    {"AssertionError", "TypeError", "ValueError", "KeyError", "IndexError", "LookupError", "RuntimeError", "AttributeError"}
)

#: Methods whose string argument is matched against text from elsewhere (a library's
#: message, the engine's), never shown.
MATCHING = frozenset({"startswith", "endswith"})

#: Class attributes holding Textual CSS.
CSS_NAMES = frozenset({"DEFAULT_CSS", "CSS"})

#: Calls whose label a person reads, whatever its shape (one word too): a key's label in
#: the footer, a button's. The label's position among the arguments, and its keyword.
LABELS = {"Binding": (2, "description"), "Button": (0, "label")}

#: Calls whose text a person reads even when it is one word ("Total", a table's "Points"
#: column, a title): a literal with a word in it there is a label to translate. (A
#: literal without letters, a rule "─" or a "#", is no word.)
WORDS_READ = {
    "Text": (0, "text"), "Static": (0, "content"), "Label": (0, "renderable"), "add_column": (0, "header"),
    "Table": (99, "title"), "Panel": (99, "title"),
}

#: Sentence-shaped strings that may stay where they are, by module and text (an
#: f-string's values as {}), each with its reason. Keep it short: a
#: sentence belongs in words.py, and a rule above, for a whole class of strings that are
#: not words, is better than an entry here.
ALLOWED: dict[tuple[str, str], str] = {
    ("engine/decisions.py", "keep {} {}"): "a decision's notation, as game records store it",
    ("engine/decisions.py", "draft {}:{}"): "a decision's notation, as game records store it",
    ("engine/decisions.py", "plan {}"): "a decision's notation, as game records store it",
}

LETTERS = re.compile(r"[^\W\d_]{2,}")  # a word: two letters or more in a row
HOLE = "\x00"  # where an f-string puts a value


@dataclass(frozen=True)
class Sentence:
    module: str  # e.g. "tui/screens/table.py"
    line: int
    text: str  # an f-string's values as {}

    def __str__(self) -> str:
        return f"{self.module}:{self.line}: {self.text!r}"


def sentence_shaped(text: str, fstring: bool = False) -> bool:
    """Two words or more ('Game over'); a word that ends a sentence ('Thinking…');
    a word with a space before or after it, a piece of a longer sentence ('Hint: ',
    ' and '); in an f-string, a word and a space anywhere ('Round {} of {}', '{} left').
    A single word alone ('Total', 'PLAN') is a label, and may stay beside its widget.
    """
    if not LETTERS.search(text):
        return False
    if sum(1 for token in text.split() if LETTERS.search(token)) >= 2:
        return True
    if re.search(r"[^\W\d_][.!?…]\s*$", text):
        return True
    if text != text.strip():
        return True
    return fstring and any(c.isspace() for c in text)


def is_style(text: str) -> bool:
    """A Rich style ('bold reverse', 'italic yellow'), which no sentence is."""
    try:
        Style.parse(text)
    except StyleSyntaxError:
        return False
    return True


#: SQL (the club's store): a statement opens with an upper-case verb, or a column type.
SQL = re.compile(r"\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|BEGIN|COMMIT|ROLLBACK|PRAGMA|SET|FOR|LISTEN|INTEGER|BIGINT) ")


def is_sql(text: str) -> bool:
    """A database statement or column type, in the database's language, which no sentence is."""
    return SQL.match(text) is not None


def is_type(text: str) -> bool:
    """A type written as a string ('Card | None', 'VisibleSection | Section'), which no
    sentence is: names joined by `|`, or subscripted."""
    if text != text.strip():
        return False
    try:
        tree = ast.parse(text, mode="eval")
    except (SyntaxError, ValueError):  # ValueError: a NUL byte, before Python 3.11.4
        return False
    nodes = list(ast.walk(tree))
    allowed = (ast.Expression, ast.Name, ast.Attribute, ast.BinOp, ast.BitOr, ast.Subscript, ast.Tuple, ast.Load)
    return any(isinstance(node, (ast.BinOp, ast.Subscript)) for node in nodes) and all(
        isinstance(node, allowed) or (isinstance(node, ast.Constant) and node.value is None) for node in nodes
    )


def _call_name(node: ast.Call) -> str:
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def _base_name(node: ast.expr) -> str:
    return node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""


def _strings(node: ast.AST) -> set[int]:
    """Every string literal and f-string under `node` (by id)."""
    return {id(n) for n in ast.walk(node) if isinstance(n, (ast.Constant, ast.JoinedStr))}


def _text(node: ast.Constant | ast.JoinedStr) -> str:
    """A literal's text; an f-string's, with HOLE for each value."""
    if isinstance(node, ast.Constant):
        return str(node.value)
    return "".join(v.value if isinstance(v, ast.Constant) else HOLE for v in node.values)


def _label_of(call: ast.Call) -> ast.expr | None:
    position, keyword = {**LABELS, **WORDS_READ}[_call_name(call)]
    if len(call.args) > position:
        return call.args[position]
    return next((k.value for k in call.keywords if k.arg == keyword), None)


def left_alone(tree: ast.Module) -> set[int]:
    """The strings (by id) that are not the program's words, though they may look like
    sentences: docstrings; an enum's values (a JSON key, a record's word); argparse's help; programmers' error and `assert` messages;
    strings matched against others' text (`==`, `in`, `startswith`), and the keys of a
    table of marked messages; Textual CSS; and
    the literal parts of an f-string (read with the f-string itself)."""
    alone: set[int] = set()
    helps: set[str] = set()  # module constants passed as argparse help
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                alone.add(id(first.value))  # a docstring
            if isinstance(node, ast.ClassDef):
                enum = any(_base_name(base).endswith("Enum") for base in node.bases)
                for statement in node.body:
                    if isinstance(statement, ast.Assign) and (enum or any(
                        isinstance(t, ast.Name) and t.id in CSS_NAMES for t in statement.targets
                    )):
                        alone |= _strings(statement.value)  # CSS, or an enum's value: a name a program reads
        if isinstance(node, ast.Call) and _call_name(node) in MARKING and isinstance(node.func, ast.Name):
            for position in MARKING[node.func.id]:
                if position < len(node.args) and isinstance(node.args[position], ast.Constant):
                    alone.add(id(node.args[position]))
        if isinstance(node, ast.Call):
            for keyword in node.keywords:
                if keyword.arg in ARGPARSE_KEYWORDS:
                    alone |= _strings(keyword.value)
                    if isinstance(keyword.value, ast.Name):
                        helps.add(keyword.value.id)
            if _call_name(node) in MATCHING:
                alone |= {id(n) for n in node.args if isinstance(n, ast.Constant)}
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Attribute) and t.attr in ARGPARSE_KEYWORDS for t in node.targets):
            alone |= _strings(node.value)
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and _call_name(node.exc) in PROGRAMMERS_ERRORS:
            alone |= _strings(node.exc)
        if isinstance(node, ast.Assert) and node.msg is not None:
            alone |= _strings(node.msg)
        if isinstance(node, ast.Dict) and node.values and all(
            isinstance(v, ast.Call) and _call_name(v) in MARKING for v in node.values
        ):  # a table of marked messages keyed by another program's text (Textual's descriptions)
            alone |= {id(k) for k in node.keys if isinstance(k, ast.Constant)}
        if isinstance(node, ast.Compare):
            alone |= {id(n) for n in (node.left, *node.comparators) if isinstance(n, ast.Constant)}
        if isinstance(node, ast.JoinedStr):
            for value in node.values:
                if isinstance(value, ast.Constant):
                    alone.add(id(value))
                elif isinstance(value, ast.FormattedValue) and value.format_spec is not None:
                    alone |= _strings(value.format_spec)
    for statement in tree.body:
        if isinstance(statement, ast.Assign) and any(isinstance(t, ast.Name) and t.id in helps for t in statement.targets):
            alone |= _strings(statement.value)
    return alone


def sentences_in(source: str, module: str = "<snippet>") -> list[Sentence]:
    """The sentence-shaped string literals and f-strings of one module's source that are
    not `left_alone`, nor Rich styles, nor types, nor `ALLOWED`; and every key's or
    button's label written in place (see `LABELS`), whatever its shape."""
    tree = ast.parse(source)
    alone = left_alone(tree)
    found: list[Sentence] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _call_name(node) in LABELS | WORDS_READ.keys():
            label = _label_of(node)
            if _call_name(node) in WORDS_READ and (
                not isinstance(label, ast.Constant) or id(label) in alone or not LETTERS.search(_text(label))
            ):
                continue  # not a literal (an f-string is read as a sentence below), marked already, or no word
            if isinstance(label, ast.JoinedStr) or (isinstance(label, ast.Constant) and isinstance(label.value, str)):
                found.append(Sentence(module, label.lineno, _text(label).replace(HOLE, "{}")))
                alone |= _strings(label)
    for node in ast.walk(tree):
        if id(node) in alone or not isinstance(node, (ast.Constant, ast.JoinedStr)):
            continue
        if isinstance(node, ast.Constant) and not isinstance(node.value, str):
            continue
        text = _text(node)
        shown = text.replace(HOLE, "{}")
        if not sentence_shaped(text, isinstance(node, ast.JoinedStr)) or is_style(text) or is_type(text) or is_sql(text):
            continue
        if (module, shown) not in ALLOWED:
            found.append(Sentence(module, node.lineno, shown))
    return sorted(found, key=lambda s: s.line)


def scanned_modules() -> list[Path]:
    return [
        path for path in sorted(PACKAGE.rglob("*.py"))
        if not any(path.relative_to(PACKAGE).as_posix().startswith(home) for home in HOMES)
    ]


def test_every_sentence_is_a_marked_message():
    found = [
        sentence
        for path in scanned_modules()
        for sentence in sentences_in(path.read_text(encoding="utf-8"), path.relative_to(PACKAGE).as_posix())
    ]
    assert not found, (
        "every sentence a person reads is a message marked for the catalog (docs/translating.md):\n"
        + "\n".join(map(str, found))
    )


def test_every_allowance_is_still_needed(monkeypatch):
    """An allowance the scan would not miss (the string has gone, or a rule covers it)
    comes off the list, so the list stays short and true."""
    allowed = dict(ALLOWED)
    monkeypatch.setattr(sys.modules[__name__], "ALLOWED", {})
    for (module, text), why in allowed.items():
        assert why, (module, text)
        found = {s.text for s in sentences_in((PACKAGE / module).read_text(encoding="utf-8"), module)}
        assert text in found, f"{module}: {text!r} is allowed, but the scan would not report it anyway"


def test_an_allowance_lets_one_string_stay(monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "ALLOWED", {("<snippet>", "Round {} of {}"): "a test"})
    assert {sentence.text for sentence in sentences_in(SNIPPET)} == FOUND_IN_SNIPPET - {"Round {} of {}"}


def test_the_scan_covers_every_layer():
    layers = {path.relative_to(PACKAGE).parts[0] for path in scanned_modules()}
    assert {"engine", "words.py", "tui", "net", "persist", "cli", "render", "bots", "selfplay"} <= layers


SNIPPET = '''
"""A module's docstring is not a sentence on screen."""
from textual.binding import Binding

EXAMPLE = """example: pier18 thing --x 2"""


class Why(StrEnum):
    FULLER_SIDE = "fuller side"


class Screen:
    DEFAULT_CSS = """Screen { align: center middle; }"""
    BINDINGS = [Binding("q", "quit", "Quit"), Binding("u", "takeback", TAKE_BACK)]

    def compose(self, name, parser):
        """Nor is a function's."""
        parser.add_argument("--x", help=_("what --x does, for --help"), epilog=EXAMPLE)
        parser.add_argument("--y", help="what --y does, unmarked")
        yield Text(_("Marked: {name} left").format(name=name))
        yield Text(ngettext("{n} card left", "{n} cards left", n).format(n=n))
        assert name, "a name is needed here"
        yield Text(name, style="bold reverse")
        yield Text(f"{name} is choosing a card…")
        yield Text(f"Round {self.round} of {self.rounds}")
        yield Text(f"{name} left")
        yield Text(f"#{self.card} {self.name}")
        yield Text("Plan ", style="bold")
        table.add_column("Points", justify="right")
        table.add_column(_("Category"))
        yield Text("─" * 9)
        yield Text(" and ".join(self.winners))
        yield Text(f"pier-{self.seat}")
        yield Button(f"{label} (y)")
        if name.startswith("Unterminated string") or name == "two words":
            raise ValueError("expected a whole number")
        raise CliError("--players must be 2 or 3")

    def later(self) -> "Card | None":
        return Text("Total")
'''

#: What the scan must find in SNIPPET, and nothing else.
FOUND_IN_SNIPPET = {
    "Quit",  # a key's label, however short
    "{} (y)",  # a button's
    "{} is choosing a card…",
    "Round {} of {}",
    "{} left",  # a word beside a value
    "Plan ",  # a piece of a sentence
    " and ",
    "--players must be 2 or 3",  # an error a person reads
    "what --y does, unmarked",  # --help is read too
    "example: pier18 thing --x 2",  # and its epilog
    "Points",  # a column's head: one word, read
    "Total",  # a row's head, as drawn
}


@pytest.mark.parametrize("expected", sorted(FOUND_IN_SNIPPET))
def test_the_scan_finds_each_kind_of_sentence(expected):
    assert expected in {sentence.text for sentence in sentences_in(SNIPPET)}


def test_the_scan_leaves_alone_what_is_not_a_sentence_on_screen():
    assert {sentence.text for sentence in sentences_in(SNIPPET)} == FOUND_IN_SNIPPET


# -- the same idea is said once ----------------------------------------------------------------


def test_a_set_up_choice_is_worded_once(deck):
    """'#3 X as the Plan and #11 Y as the Foundation' is `speech.moves.kept_cards`, however a
    set-up choice is told: as an instruction, a move line or a replay's event."""
    from pier18.engine import Game
    from pier18.words import replay_event
    from pier18.speech.moves import decision_text, kept_cards

    from helpers import table_move_line

    game = Game(deck, 2, 1)
    game.apply(game.legal_decisions()[0])
    keep, seat, names = game.legal_decisions()[0], game.current_player, ["Ann", "Bob"]
    kept = kept_cards(deck, keep)
    assert decision_text(deck, keep) == f"keep {kept}"
    assert replay_event(deck, seat, keep, names) == f"{names[seat]} kept {kept}."
    assert table_move_line(game, keep, names) == f"{names[seat]} kept {kept}; every Plan and Foundation is now shown."


def test_names_in_a_sentence_are_listed_one_way(deck):
    """Names in a sentence are `speech.people.players_list`: 'Ann, Bob and Cy', never 'Ann and
    Bob and Cy' or 'Ann, Bob, Cy'."""
    from pier18.engine import PatronAward
    from pier18.cli.errors import no_terminal
    from pier18.words import patron_why, winners
    from pier18.speech.people import players_list, waiting_for

    names = ["Ann", "Bob", "Cy"]
    assert players_list(names) == "Ann, Bob and Cy"
    assert winners(names) == "Ann, Bob and Cy win Pier 18!"
    assert waiting_for(names) == "waiting for Ann, Bob and Cy"
    cards = sorted(deck)[:3]
    tie = PatronAward(2, cards[0], (3, 3, 3), tuple(cards), 0, True, 12)
    assert patron_why(tie, deck, names)[0] == "Ann, Bob and Cy tie with 3. "
    assert no_terminal(["stdin", "stderr"]) == "standard input and standard error are closed: the game needs a terminal"


def test_sql_is_left_alone_and_a_sentence_is_not():
    """The club's SQL is the database's language; a sentence that merely starts with such a
    word (not in capitals, as SQL is written here) is still a sentence."""
    assert sentences_in('q = "SELECT id FROM tables WHERE id = ?"\nc = "INTEGER PRIMARY KEY"\nd = "DROP TABLE old"\n') == []
    assert [s.text for s in sentences_in('q = "Select a table to join"\nu = "Update the club first"\n')] == [
        "Select a table to join", "Update the club first",
    ]
