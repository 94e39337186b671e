"""Every wait in the tests is bounded by the clock, not by a count (tests/waiting.py).

A wait bounded by a count of looks (`for _ in range(400): ... await pilot.pause(0.01)`,
`wait_until(..., tries=400)`) gives the app four seconds on a quiet machine and much
less beside a CPU hog, where each look takes longer: the test is green alone and red
under load. Read from the source of every file under tests/, these fail:

- a `for` loop over `range(...)` that pauses or sleeps (`pause`, `sleep`) and leaves
  early (`break`, `return`): a poll that gives up after a number of looks;
- a `for` loop over `range(...)` that only pauses or sleeps: a fixed number of pauses
  standing in for a state (`tui_helpers.settled` is the named exception: three pauses
  before checking that something did NOT happen);
- a parameter or an argument named `tries`.

A loop that repeats an action a set number of times (ten random keys, five times) and
pauses after each is not a wait, and passes.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import waiting

TESTS = Path(__file__).resolve().parent
WAITS = {"pause", "sleep"}


def called(node: ast.AST) -> set[str]:
    """The names of the functions `node` calls (`pilot.pause(...)` is `pause`), not
    counting a lambda's or an inner function's: `waiting.until(..., lambda: pilot.pause())`
    pauses inside a wait bounded by the clock."""
    names = set()
    todo = [node]
    while todo:
        sub = todo.pop()
        if isinstance(sub, (ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef)) and sub is not node:
            continue
        if isinstance(sub, ast.Call):
            func = sub.func
            names.add(func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", ""))
        todo.extend(ast.iter_child_nodes(sub))
    return names


def leaves_early(loop: ast.For | ast.AsyncFor) -> bool:
    """A `break` or `return` of this loop's own (not of a loop or function inside it)."""
    todo: list[ast.AST] = list(loop.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Break, ast.Return)):
            return True
        if isinstance(node, (ast.For, ast.AsyncFor, ast.While, ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            if isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
                todo.extend(n for n in ast.walk(node) if isinstance(n, ast.Return))  # a return leaves both
            continue
        todo.extend(ast.iter_child_nodes(node))
    return False


def only_waits(loop: ast.For | ast.AsyncFor) -> bool:
    return all(isinstance(stmt, ast.Expr) and called(stmt) <= WAITS for stmt in loop.body)


def counted_waits(source: str, name: str = "<test>") -> list[str]:
    """Each wait in `source` bounded by a count, as `file:line: what`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.For, ast.AsyncFor)) and isinstance(node.iter, ast.Call) \
                and getattr(node.iter.func, "id", None) == "range" and called(ast.Module(node.body, [])) & WAITS:
            if leaves_early(node):
                found.append(f"{name}:{node.lineno}: a poll bounded by a count ({ast.unparse(node.iter)})")
            elif only_waits(node):
                found.append(f"{name}:{node.lineno}: a counted run of pauses ({ast.unparse(node.iter)})")
        elif isinstance(node, ast.arg) and node.arg == "tries":
            found.append(f"{name}:{node.lineno}: a `tries` parameter")
        elif isinstance(node, ast.keyword) and node.arg == "tries":
            found.append(f"{name}:{node.value.lineno}: `tries=`")
    return found


def test_no_wait_in_the_tests_is_bounded_by_a_count():
    found = [line for path in sorted(TESTS.rglob("*.py"))
             for line in counted_waits(path.read_text(encoding="utf-8"), path.relative_to(TESTS).as_posix())]
    assert found == [], "wait with `waiting.until` / `waiting.Steps` (tests/waiting.py):\n" + "\n".join(found)


@pytest.mark.parametrize("source", [
    "async def f(pilot):\n    for _ in range(400):\n        if done():\n            return\n        await pilot.pause(0.01)\n",
    "def f():\n    for _ in range(50):\n        if done():\n            break\n        time.sleep(0.1)\n",
    "async def f(pilot):\n    for _ in range(3):\n        await pilot.pause()\n",
    "async def f(pilot):\n    await wait_until(pilot, done, 'it', tries=1000)\n",
    "async def f(pilot, tries=5):\n    pass\n",
])
def test_the_check_finds_each_kind_of_counted_wait(source):
    assert len(counted_waits(source)) == 1


@pytest.mark.parametrize("source", [
    "async def f(pilot):\n    for _ in range(5):\n        await pilot.press('x')\n        await pilot.pause()\n",
    "async def f(pilot):\n    for _ in Steps('it'):\n        if done():\n            return\n        await pilot.pause()\n",
    "def f():\n    for _ in range(5):\n        for x in y:\n            if x:\n                break\n        time.sleep(0)\n",
])
def test_the_check_lets_actions_and_clock_bounded_waits_be(source):
    assert counted_waits(source) == []


async def test_a_wait_that_never_ends_fails_naming_what_never_happened():
    with pytest.raises(AssertionError, match=r"the kettle to boil: not within 0 s \(\d+ looks\)"):
        await waiting.until(lambda: False, "the kettle to boil", seconds=0.05)
    with pytest.raises(AssertionError, match="the kettle to boil: not within"):
        waiting.until_now(lambda: False, "the kettle to boil", seconds=0.05)


def test_steps_count_from_the_last_progress():
    """A game that keeps moving may take longer than the bound; one that stops may not."""
    import time

    moving = True
    start = time.monotonic()
    with pytest.raises(AssertionError, match="the end: not within"):
        for _ in waiting.Steps("the end", seconds=0.1, progress=lambda: time.monotonic() if moving else 0):
            moving = time.monotonic() - start < 0.3
            time.sleep(0.005)
    assert time.monotonic() - start >= 0.3
