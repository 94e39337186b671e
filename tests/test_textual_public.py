"""pier18 and its tests use Textual's public API only.

Read from the source (every file in src/pier18 and tests/), three kinds of use of a
private Textual name fail:

- an import from a Textual module whose path has an underscored part
  (`textual.widgets._footer`), or of an underscored name from a Textual module, or
  such a module named in a string (`sys.modules["textual._styles_cache"]`);
- `something._name` where `_name` is an underscored name Textual's own classes define
  (`screen._compositor`, `app._notifications`), or `getattr(x, "_name")`;
- inside a class built on a Textual class, a method, a class attribute or a
  `self._name` (read or written) that is an underscored name of one of its Textual
  bases: an override of a private method (`_handle_exception`), a read of a private
  attribute (`self._bindings_ready`), or a name of ours that would overwrite one of
  Textual's.

Textual's private names are read from Textual's own source: every underscored method,
class attribute and `self._x` of each of its classes (for `x._name` on anything, those of
`App`, `Screen`, `Widget` and `Pilot` and the classes they are built on).

Where Textual offers no public way at all, the one use lives in a small module of its
own, named in `ADAPTERS` with the reason, and a test pins what it relies on.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]

#: The only files that may use a private Textual name, each with the one name it uses
#: (docs/architecture.md says why).
ADAPTERS = {
    # No public hook sees an exception nothing in the app caught; tests/tui/test_exits.py
    # pins what the wrap relies on.
    "src/pier18/tui/crash_hook.py": "_handle_exception",
    # Test-only: the cache that keeps finished apps' widgets alive (StylesCache's
    # get_inner_outer) has no public way to empty it; tests/tui/test_textual_caches.py
    # pins it.
    "tests/textual_caches.py": "_styles_cache",
    # Test-only: how often a pilot looks for a quiet app (textual._wait's
    # SLEEP_GRANULARITY) has no public setting; tests/tui/test_textual_pace.py pins it.
    "tests/textual_pace.py": "_wait",
}

PRIVATE_MODULE = re.compile(r"^textual(\.\w+)*\.(_\w*)(\.\w+)*$")


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def own_names(cls: ast.ClassDef) -> Iterator[tuple[str, ast.AST]]:
    """The names a class defines or uses on itself: its methods and class attributes, and
    `self.x` / `cls.x` / `super().x` in its methods (not in classes nested in it)."""
    for node in cls.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node.name, node
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    yield target.id, node
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            yield node.target.id, node
    todo: list[ast.AST] = [n for n in cls.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    while todo:
        node = todo.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                continue
            if isinstance(child, ast.Attribute) and on_itself(child.value):
                yield child.attr, child
            todo.append(child)


def on_itself(node: ast.AST) -> bool:
    """`self`, `cls` or `super()`."""
    if isinstance(node, ast.Name):
        return node.id in ("self", "cls")
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super"


@cache
def textual_privates(module: str) -> dict[str, frozenset[str]]:
    """For each class in one of Textual's modules, the underscored names it defines (read
    from its source, one module at a time: reading all of Textual's takes seconds)."""
    source = inspect.getsourcefile(importlib.import_module(module))
    assert source is not None
    found: dict[str, frozenset[str]] = {}
    for node in ast.walk(ast.parse(Path(source).read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef):
            names = frozenset(name for name, _ in own_names(node) if private(name))
            found[node.name] = found.get(node.name, frozenset()) | names
    return found


def privates_of(cls: type) -> frozenset[str]:
    """The underscored names of every Textual class `cls` is built on."""
    names: frozenset[str] = frozenset()
    for base in cls.__mro__:
        if base.__module__.split(".")[0] == "textual":
            names |= textual_privates(base.__module__).get(base.__name__, frozenset())
    return names


@cache
def any_textual_private() -> frozenset[str]:
    """The underscored names of Textual's `App`, `Screen`, `Widget` (and so `DOMNode` and
    `MessagePump`) and `Pilot`: `x._name` is a private read whatever `x` is."""
    from textual.app import App
    from textual.pilot import Pilot
    from textual.screen import ModalScreen
    from textual.widget import Widget

    return frozenset().union(*(privates_of(cls) for cls in (App, ModalScreen, Widget, Pilot)))


def module_of(path: Path) -> str | None:
    """`pier18.tui.app` for src/pier18/tui/app.py; None for a test file."""
    if not path.is_relative_to(ROOT / "src"):
        return None
    relative = path.relative_to(ROOT)
    return ".".join(relative.with_suffix("").parts[1:]).removesuffix(".__init__")


def imported(path: Path, tree: ast.Module) -> dict[str, object]:
    """What the file's imports of Textual and pier18 bind, by name (other imports skipped)."""
    names: dict[str, object] = {}
    module = module_of(path)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            source = node.module or ""
            if node.level:
                assert module is not None, f"{path}: a relative import in a test"
                package = module.rsplit(".", node.level)[0] if not path.name == "__init__.py" else module
                if path.name == "__init__.py" and node.level > 1:
                    package = module.rsplit(".", node.level - 1)[0]
                source = f"{package}.{source}" if source else package
            if source.split(".")[0] not in ("textual", "pier18"):
                continue
            loaded = importlib.import_module(source)
            for alias in node.names:
                if hasattr(loaded, alias.name):
                    names[alias.asname or alias.name] = getattr(loaded, alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                try:
                    whole = importlib.import_module(alias.name)
                except ImportError:  # a helper module of the tests: not Textual's
                    whole = None
                if alias.asname:
                    names[alias.asname] = whole
                else:
                    top = alias.name.split(".")[0]
                    names[top] = importlib.import_module(top) if whole is not None else None
    return names


def resolve(node: ast.expr, names: dict[str, object]) -> object | None:
    if isinstance(node, ast.Subscript):  # Screen[None]
        return resolve(node.value, names)
    if isinstance(node, ast.Name):
        return names.get(node.id)
    if isinstance(node, ast.Attribute):
        owner = resolve(node.value, names)
        return getattr(owner, node.attr, None) if owner is not None else None
    return None


def textual_bases(cls: ast.ClassDef, names: dict[str, object], local: dict[str, list[ast.ClassDef]]) -> frozenset[str]:
    """The underscored names of the Textual classes `cls` is built on (none: not Textual's)."""
    found: frozenset[str] = frozenset()
    for base in cls.bases:
        target = base.value if isinstance(base, ast.Subscript) else base
        if isinstance(target, ast.Name) and target.id in local and target.id not in names:
            for other in local[target.id]:
                if other is not cls:
                    found |= textual_bases(other, names, local)
            continue
        resolved = resolve(base, names)
        if isinstance(resolved, type):
            found |= privates_of(resolved)
    return found


def uses(path: Path) -> list[str]:
    """Every use of a private Textual name in one file, as "file:line: what"."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    where = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name
    found: list[str] = []

    def say(node: ast.AST, what: str) -> None:
        found.append(f"{where}:{getattr(node, 'lineno', 0)}: {what}")

    names = imported(path, tree)
    local: dict[str, list[ast.ClassDef]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            local.setdefault(node.name, []).append(node)
    everywhere = any_textual_private()
    itself: set[int] = set()  # attribute nodes on self, judged with their class below
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and not node.level and (node.module or "").split(".")[0] == "textual":
            module = node.module or ""
            if PRIVATE_MODULE.match(module):
                say(node, f"import from the private module {module}")
            for alias in node.names:
                if private(alias.name):
                    say(node, f"import of the private name {module}.{alias.name}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if PRIVATE_MODULE.match(alias.name):
                    say(node, f"import of the private module {alias.name}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and PRIVATE_MODULE.match(node.value):
            say(node, f"the private module {node.value} named in a string")
        elif isinstance(node, ast.ClassDef):
            bases = textual_bases(node, names, local)
            for name, at in own_names(node):
                if isinstance(at, ast.Attribute):
                    itself.add(id(at))
                if name in bases:
                    say(at, f"{node.name} uses {name}, a private name of the Textual class it is built on")
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and private(node.attr) and id(node) not in itself:
            owner = resolve(node.value, names)
            if isinstance(owner, ModuleType):
                if owner.__name__.split(".")[0] == "textual":
                    say(node, f"{node.attr} of the Textual module {owner.__name__}")
            elif node.attr in everywhere and not on_itself(node.value):
                say(node, f"reads {node.attr}, a private name of Textual's")
        elif (
            isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "setattr", "hasattr")
            and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) and node.args[1].value in everywhere
        ):
            say(node, f"{node.func.id} of {node.args[1].value}, a private name of Textual's")
    return found


def scanned() -> list[Path]:
    return sorted([*(ROOT / "src" / "pier18").rglob("*.py"), *(ROOT / "tests").rglob("*.py")])


def test_nothing_uses_a_private_textual_name_outside_its_adapter():
    problems = [use for path in scanned() if path.relative_to(ROOT).as_posix() not in ADAPTERS for use in uses(path)]
    assert not problems, "private Textual names (use the public API, or see ADAPTERS):\n" + "\n".join(problems)


def test_each_adapter_is_there_and_uses_only_what_it_says():
    for adapter, name in ADAPTERS.items():
        found = uses(ROOT / adapter)
        assert found, f"{adapter} no longer uses a private Textual name: take it out of ADAPTERS"
        assert all(name in use for use in found), found


def test_the_scan_finds_each_kind_of_use(tmp_path):
    """The rules, on a small file of each kind (the planted bugs of docs/testing.md)."""
    cases = {
        "from textual.widgets._footer import FooterKey\n": "private module textual.widgets._footer",
        "import textual._styles_cache\n": "private module textual._styles_cache",
        "from textual.app import _private_name\n": "private name textual.app._private_name",
        "import sys\nsys.modules.get('textual._styles_cache')\n": "named in a string",
        "def f(app):\n    return app.screen._compositor\n": "reads _compositor",
        "def f(app):\n    return list(app._notifications)\n": "reads _notifications",
        "def f(app):\n    return getattr(app, '_notifications')\n": "getattr of _notifications",
        (
            "from textual.app import App\n"
            "class A(App[None]):\n    def _handle_exception(self, error):\n        pass\n"
        ): "A uses _handle_exception",
        (
            "from textual import widgets\n"
            "class F(widgets.Footer):\n    def compose(self):\n        return self._bindings_ready\n"
        ): "F uses _bindings_ready",
        (
            "from textual.screen import Screen\nclass S(Screen[None]):\n    pass\n"
            "class T(S):\n    def on_mount(self):\n        self._compositor = None\n"
        ): "T uses _compositor",
    }
    for number, (source, said) in enumerate(cases.items()):
        path = tmp_path / f"planted_{number}.py"
        path.write_text(source, encoding="utf-8")
        found = uses(path)
        assert len(found) == 1 and said in found[0], (source, found)
    clean = (
        "from textual.screen import Screen\nclass S(Screen[None]):\n"
        "    def on_mount(self):\n        self._drawn = True\n        self._mark()\n"
        "    def _mark(self):\n        return self.app.screen_stack\n"
    )
    path = tmp_path / "planted_clean.py"
    path.write_text(clean, encoding="utf-8")
    assert uses(path) == []  # names of our own, on our own classes, are ours
