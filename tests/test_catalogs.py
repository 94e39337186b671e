"""The message catalogs: whole, current, valid; and the language chosen as gettext would.

What is checked is `scripts/catalog.py`'s (Babel reads the catalogs there; the game
itself never imports Babel): every message of the code and the data is in the template,
every language has each of them translated, none fuzzy, with the same named
placeholders and stressed pieces, each plural form by the language's rule, and its
compiled `.mo` says what its `.po` says.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from pier18 import i18n

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import catalog  # noqa: E402

PACKAGE = ROOT / "src" / "pier18"
TRANSLATING = frozenset({"_", "ngettext", "pgettext", "npgettext"})


@cache
def trees() -> tuple[tuple[Path, ast.Module], ...]:
    """Every module of the package with its syntax tree, read once for all the checks."""
    return tuple((path, ast.parse(path.read_text(encoding="utf-8"))) for path in sorted(PACKAGE.rglob("*.py")))


def translates(node: ast.AST) -> bool:
    """A call of `_`, `ngettext`, `pgettext` or `npgettext` by name."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in TRANSLATING


def test_the_template_holds_every_message_of_the_code_and_the_data():
    """`python scripts/catalog.py update` was run after the last message changed."""
    wanted = {(m.context, m.id) for m in catalog.messages() if m.id}
    held = {(m.context, m.id) for m in catalog.read(catalog.TEMPLATE) if m.id}
    assert sorted(map(str, wanted - held)) == [], "new messages: run python scripts/catalog.py update"
    assert sorted(map(str, held - wanted)) == [], "messages no longer used: run python scripts/catalog.py update"


def test_a_translators_comment_reaches_every_catalog():
    """A `# TRANSLATORS:` line above a message is the translator's note on it, in the template
    and in each language's catalog, and every such note in the code is one a message carries."""
    noted = {
        line.strip().removeprefix("# TRANSLATORS:").strip()
        for path, _tree in trees()
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip().startswith("# TRANSLATORS:")
    }
    assert noted, "the code gives translators no note at all"
    for path in (catalog.TEMPLATE, *(catalog.po_path(language) for language in catalog.languages())):
        carried = {comment for m in catalog.read(path) for comment in m.auto_comments}
        assert sorted(noted - carried) == [], f"{path.name}: notes that reach no message (a blank line between?)"


@pytest.mark.parametrize("language", catalog.languages())
def test_each_catalog_is_whole_and_valid(language):
    assert catalog.problems(language) == []


def test_dutch_is_spoken():
    assert "nl" in catalog.languages() and "nl" in i18n.available()


def test_the_checks_see_a_missing_a_fuzzy_and_a_broken_translation(tmp_path, monkeypatch):
    """Planted, in a catalog of four: one message left out, one fuzzy, one with a
    placeholder renamed, one with a stressed piece lost; and no `.mo` compiled."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    ids = ["Round {round} of {rounds}", "Game over.", "{name} left", "Keep your *Plan*"]
    template = Catalog(domain="pier18")
    for message in ids:
        template.add(message, locations=[("src/pier18/words.py", 1)])
    with (tmp_path / "pier18.pot").open("wb") as file:
        write_po(file, template)
    planted = Catalog(locale="nl", domain="pier18")
    planted.add(ids[1], "Spel voorbij.", flags=["fuzzy"])
    planted.add(ids[2], "{naam} weg")
    planted.add(ids[3], "Houd je Plan")
    po = tmp_path / "xx" / "LC_MESSAGES" / "pier18.po"
    po.parent.mkdir(parents=True)
    with po.open("wb") as file:
        write_po(file, planted)
    monkeypatch.setattr(catalog, "LOCALE", tmp_path)
    monkeypatch.setattr(catalog, "TEMPLATE", tmp_path / "pier18.pot")
    found = "\n".join(catalog.problems("xx"))
    assert f"missing: {ids[0]!r}" in found
    assert f"fuzzy: {ids[1]!r}" in found
    assert f"placeholders ['naam'] instead of ['name']: {ids[2]!r}" in found
    assert f"stressed pieces (*...*): {ids[3]!r}" in found
    assert "pier18.mo is not compiled" in found


def test_no_message_is_translated_before_the_language_is_chosen():
    """A translation made at import (a module's or a class's value) would be in whatever
    language was spoken then: messages in tables are marked with `N_` and translated
    where they are shown; `_` and its kin run only inside functions."""
    found = []
    for path, tree in trees():
        inside: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                inside |= {id(n) for n in ast.walk(node) if n is not node}
        for node in ast.walk(tree):
            if translates(node) and id(node) not in inside:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


def test_every_message_is_a_literal():
    """Babel extracts literals: a message given to `N_`, `ngettext` or `pgettext` is one.
    `_` may also translate a value marked elsewhere (`_(CATEGORY_LABELS[key])`, the table
    marked with `N_`), but never one built where it is translated: an f-string, a `+` or
    a `%` of strings is never in the catalog."""
    found = []
    for path, tree in trees():
        if path.name == "i18n.py":
            continue
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in catalog.KEYWORDS):
                continue
            spec = catalog.KEYWORDS[node.func.id] or (1,)
            positions = [p[0] if isinstance(p, tuple) else p for p in spec]
            for position in positions:
                argument = node.args[position - 1] if position - 1 < len(node.args) else None
                literal = isinstance(argument, ast.Constant) and isinstance(argument.value, str)
                built = isinstance(argument, (ast.JoinedStr, ast.BinOp))
                if built or (not literal and node.func.id != "_") or argument is None:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANGUAGE": "nl"}, "nl"),
        ({"LANGUAGE": "fr:nl", "LANG": "en_US.UTF-8"}, "nl"),  # a list: the first spoken
        ({"LC_ALL": "nl_BE.UTF-8"}, "nl"),  # a region falls back to its language
        ({"LC_MESSAGES": "nl_NL", "LANG": "en_GB"}, "nl"),
        ({"LANG": "nl_NL.UTF-8@euro"}, "nl"),
        ({"LANG": "de_DE.UTF-8"}, "en"),  # no catalog: English
        ({"LC_ALL": "C", "LANG": "nl_NL"}, "en"),  # the first set wins, as in gettext
        ({}, "en"),
    ],
)
def test_the_language_comes_from_the_environment_as_gettext_reads_it(environ, expected):
    assert i18n.resolve(i18n.preferences(environ)) == expected


def test_lang_is_read_before_the_parser(monkeypatch):
    assert i18n.lang_from_argv(["play", "--lang", "nl"]) == "nl"
    assert i18n.lang_from_argv(["--lang=nl", "score"]) == "nl"
    assert i18n.lang_from_argv(["score", "--", "--lang", "nl"]) is None
    assert i18n.lang_from_argv(["score", "--lan", "nl"]) == "nl"  # argparse takes it shortened
    assert i18n.lang_from_argv(["score", "--la=nl"]) == "nl"
    assert i18n.lang_from_argv(["score", "--l", "nl"]) is None  # not an option pier18 has


def test_a_language_is_switched_whole(speaking):
    speaking("nl")
    assert i18n.language() == "nl"
    speaking("en")
    assert i18n._("Pier 18") == "Pier 18" and i18n.ngettext("{n} card", "{n} cards", 2) == "{n} cards"


def test_the_rules_are_cut_into_blocks_a_translator_can_read():
    text = "# Title\n\nOne\nparagraph.\n\n```\ncode\n\nmore code\n```\n\n- a\n- b\n"
    assert i18n.blocks(text) == ["# Title", "One\nparagraph.", "```\ncode\n\nmore code\n```", "- a\n- b"]


def test_the_catalog_script_runs_as_documented():
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "catalog.py"), "--help"], capture_output=True, text=True)
    assert done.returncode == 0 and "update" in done.stdout


def n_tables() -> dict[str, set[str]]:
    """Module-level tables (dicts) whose values are marked with `N_`, by module file."""
    tables: dict[str, set[str]] = {}
    for path, tree in trees():
        for node in tree.body:
            target = node.targets[0] if isinstance(node, ast.Assign) else node.target if isinstance(node, ast.AnnAssign) else None
            value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
            if isinstance(target, ast.Name) and isinstance(value, ast.Dict) and any(
                isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id == "N_" for v in value.values
            ):
                tables.setdefault(target.id, set()).add(str(path))
    return tables


def test_a_marked_table_is_read_through_the_catalog():
    """`CATEGORY_LABELS["poet"]` is the English; a person reads `_(CATEGORY_LABELS[...])`
    (or a function of words.py that says it)."""
    tables = n_tables()
    assert "CATEGORY_LABELS" in tables
    found = []
    for path, tree in trees():
        wrapped = {
            id(argument)
            for node in ast.walk(tree)
            if translates(node)
            for argument in node.args  # type: ignore[attr-defined]
        }
        for node in ast.walk(tree):
            if (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id in tables
                    and id(node) not in wrapped):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


def test_no_module_that_translates_binds_the_name_of_the_call():
    """`for _, binding in ...` in a module that translates with `_` hides the call for the
    rest of that function: the next message is a call of whatever `_` was bound to (the
    footer once called an app). Unused values get another name there (`_node`)."""
    found = []
    for path, tree in trees():
        translates = any(
            isinstance(node, ast.ImportFrom) and any(alias.name == "_" for alias in node.names) for node in ast.walk(tree)
        )
        if not translates:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []
