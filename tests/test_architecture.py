"""The layers of docs/architecture.md, checked on the source: who may import whom.

Imports are read from the syntax tree (relative ones resolved), so an import hidden
inside a function counts as much as one at the top of a module.
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "pier18"


@dataclass(frozen=True)
class Import:
    module: str  # the importing module, e.g. "pier18.cli.play"
    target: str  # what it imports, e.g. "pier18.tui.app"
    line: int
    top_level: bool  # at module level (not inside a function)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path) -> list[Import]:
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[Import] = []
    top = set(map(id, tree.body))
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            # `from . import record` imports the module pier18.persist.record
            targets = [f"{base}.{alias.name}" for alias in node.names] if not node.module else [base]
        found.extend(Import(name, target, node.lineno, id(node) in top) for target in targets)
    return found


def all_imports() -> list[Import]:
    return [imp for path in sorted(PACKAGE.rglob("*.py")) for imp in imports_of(path)]


def layer(module: str) -> str:
    """The layer a pier18 module belongs to (`LAYERS`): its package or module under pier18."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "pier18"


def breaks(rule: str) -> list[str]:
    bad = []
    for imp in all_imports():
        if not imp.target.startswith("pier18") and imp.target.split(".")[0] not in ("rich", "textual"):
            continue
        source, target = layer(imp.module), imp.target.split(".")[0] if not imp.target.startswith("pier18") else layer(imp.target)
        if RULES[rule](imp, source, target):
            bad.append(f"{imp.module}:{imp.line} imports {imp.target}")
    return bad


RULES = {
    # The rules engine stands alone: nothing of pier18 outside it, no terminal library.
    "engine is pure": lambda imp, source, target: source == "engine" and target not in ("engine", "pier18", "i18n")
    and not imp.target.startswith(("pier18.engine", "pier18.i18n")),
    # The language layer reads catalogs and nothing of pier18.
    "i18n stands alone": lambda imp, source, target: source == "i18n" and target != "i18n",
    # Wording is plain text from the engine's views: the shared phrases (speech), and what
    # words.py still holds for one module each, made from them.
    "speech reads only the engine": lambda imp, source, target: source == "speech" and target not in ("i18n", "engine", "speech"),
    "words reads only the engine and speech": lambda imp, source, target: source == "words"
    and target not in ("i18n", "engine", "speech", "words"),
    # What comes next is decided from the engine's views alone, with no terminal library.
    "flow reads only the engine": lambda imp, source, target: source == "flow" and target not in ("i18n", "engine", "flow"),
    # The game in progress, saving games and playing bots never draw anything.
    "session, persist and bots never draw": lambda imp, source, target: source in ("session", "persist", "bots")
    and target in ("tui", "render", "rich", "textual"),
    # Drawing reads the engine and wording; it never drives a game.
    "render only draws": lambda imp, source, target: source == "render" and target in ("tui", "cli", "session", "persist", "bots"),
    # The command line opens the app only in the commands that show it, and only when run
    # (`cli.errors.plain_lines` asks `tui.terminal` whether the streams are a terminal's).
    "cli opens the app lazily": lambda imp, source, target: source == "cli" and target == "tui"
    and (imp.top_level or imp.module not in ("pier18.cli.play", "pier18.cli.learn", "pier18.cli.replay", "pier18.cli.join", "pier18.cli.host", "pier18.cli.web_seat", "pier18.cli.club", "pier18.cli.errors")),
    # The review judges and reports; drawing it is for the command line and the screens.
    "review never draws": lambda imp, source, target: source == "review"
    and target in ("tui", "render", "cli", "net", "rich", "textual"),
    # Network play serves and follows games; drawing is for the front ends above it.
    "net never draws": lambda imp, source, target: source == "net"
    and target in ("tui", "render", "cli", "rich", "textual"),
    # The club keeps state and rules on it; its front ends (lines, tui, cli) sit above it.
    "club never draws": lambda imp, source, target: source == "club"
    and target in ("tui", "render", "cli", "lines", "rich", "textual"),
    # Plain lines are words, never drawings: what a screen reader reads is text.
    "lines never draws": lambda imp, source, target: source == "lines"
    and target in ("tui", "render", "cli", "rich", "textual"),
    # Nothing below the front ends reaches up into them.
    "nothing imports the cli": lambda imp, source, target: target == "cli" and source not in ("app", "cli", "__main__"),
}


#: The layers from the bottom up: a module may import its own layer and the ones below,
#: never one above (docs/architecture.md draws the same stack).
LAYERS = ("i18n", "engine", "speech", "words", "flow", "bots", "session", "persist", "selfplay", "review", "net", "club", "lines", "render", "tui", "app", "cli", "__main__")


def upward_imports() -> list[str]:
    """Every import of pier18 that runs from a layer up to a higher one."""
    rank = {name: i for i, name in enumerate(LAYERS)}
    bad = []
    for imp in all_imports():
        if not imp.target.startswith("pier18."):
            continue
        source, target = layer(imp.module), layer(imp.target)
        if "pier18" in (source, target) or not any((PACKAGE / name).exists() for name in (target, f"{target}.py")):
            continue  # the package's own face, and names from it (`from .. import __version__`)
        if rank[target] > rank[source]:
            bad.append(f"{imp.module}:{imp.line} imports {imp.target}")
    return bad


def import_graph() -> dict[str, set[str]]:
    """Module -> the pier18 modules it imports, anywhere in it (in functions, under
    TYPE_CHECKING: a cycle for the type checker is a cycle for the reader too)."""
    modules = {module_name(path) for path in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {module: set() for module in modules}
    for imp in all_imports():
        target = imp.target
        while target and target not in modules:  # `from ..engine import Deck`: the package
            target = target.rpartition(".")[0]
        if target and target != imp.module:
            graph[imp.module].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_runs_up_a_layer():
    assert upward_imports() == []


def test_no_two_modules_import_each_other_even_in_a_circle():
    assert cycles(import_graph()) == []


def test_the_checkers_see_a_cycle_and_an_upward_import(tmp_path, monkeypatch):
    """A planted circle (through a function and a TYPE_CHECKING import) and a planted import
    from bots up to persist are reported: the checks are not vacuous."""
    fake = tmp_path / "src"
    (fake / "pier18" / "tui").mkdir(parents=True)
    (fake / "pier18" / "bots").mkdir(parents=True)
    (fake / "pier18" / "tui" / "app.py").write_text("def f():\n    from .screen import Screen\n")
    (fake / "pier18" / "tui" / "screen.py").write_text("TYPE_CHECKING = False\nif TYPE_CHECKING:\n    from .app import App\n")
    (fake / "pier18" / "bots" / "play.py").write_text("from ..persist import record\n")
    (fake / "pier18" / "persist").mkdir()
    monkeypatch.setattr(sys.modules[__name__], "SRC", fake)
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", fake / "pier18")
    assert cycles(import_graph()) == [["pier18.tui.app", "pier18.tui.screen"]]
    assert upward_imports() == ["pier18.bots.play:1 imports pier18.persist"]


@pytest.mark.parametrize("rule", sorted(RULES))
def test_import_rule(rule):
    assert breaks(rule) == []


def test_the_checker_sees_a_forbidden_import(tmp_path, monkeypatch):
    """A planted engine import of the app is reported (the rules are not vacuous)."""
    fake = tmp_path / "src"
    (fake / "pier18" / "engine").mkdir(parents=True)
    (fake / "pier18" / "engine" / "bad.py").write_text("def f():\n    from ..tui import app\n")
    monkeypatch.setattr(sys.modules[__name__], "SRC", fake)
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", fake / "pier18")
    assert breaks("engine is pure") == ["pier18.engine.bad:2 imports pier18.tui"]
