"""The rules live in the engine: no front end adds up a score, and nothing writes a game.

Read from the syntax tree of every module outside `pier18.engine`. A score, a total, a
Plan bonus or a Patron count is added up only by the engine (`engine/outlook.py` says
where each answer is); everything else asks it. Differences of the engine's totals
("+3 this turn") are fine: they add nothing up. Bots' heuristics (how good a move looks)
are their own business and are not checked here, but bots too never write a game.
"""

from __future__ import annotations

import ast
from pathlib import Path

from pier18.engine.game import STATE_FIELDS

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "pier18"
#: The front ends: what a person reads, saves or sends is worked out by the engine.
FRONT_ENDS = ("tui", "net", "cli", "render", "persist", "selfplay", "words.py")
#: Names that hold points: adding one of them up is score arithmetic.
POINTS = frozenset({"total", "bonus", "patrons", "plan"})


def _modules(*places: str) -> list[Path]:
    found: list[Path] = []
    for place in places:
        path = PACKAGE / place
        found.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return found


def _points(node: ast.AST) -> bool:
    """An expression that is a number of points: `x.total`, `x.plan.bonus`, `len(x.patrons[s])`."""
    if isinstance(node, ast.Attribute):
        return node.attr in POINTS
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len" and node.args:
        return any(isinstance(n, ast.Attribute) and n.attr == "patrons" for n in ast.walk(node.args[0]))
    return False


def score_arithmetic(paths: list[Path]) -> list[str]:
    """Every place that adds points up, or adds a Plan bonus to a sheet itself."""
    bad = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            where = f"{path.relative_to(PACKAGE)}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mult)) and (
                _points(node.left) or _points(node.right)
            ):
                bad.append(f"{where} adds up points")
            elif (  # `x += bonus`; summing whole totals over games (`score_sum += sheet.total`) is statistics
                isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Add) and _points(node.value)
                and not (isinstance(node.value, ast.Attribute) and node.value.attr == "total")
            ):
                bad.append(f"{where} adds up points")
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in (
                "with_plan", "with_patrons",
            ):
                bad.append(f"{where} puts points on a sheet itself")
    return bad


def game_writes(paths: list[Path]) -> list[str]:
    """Every write of a game's field from outside the engine, and every way around a
    frozen value (`object.__setattr__`)."""
    bad = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            where = f"{path.relative_to(PACKAGE)}:{getattr(node, 'lineno', 0)}"
            targets: list[ast.expr] = []
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            for target in targets:
                if (
                    isinstance(target, ast.Attribute)
                    and target.attr in STATE_FIELDS
                    and not (isinstance(target.value, ast.Name) and target.value.id == "self")
                ):
                    bad.append(f"{where} writes .{target.attr}")
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "__setattr__"
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "object"
            ):
                bad.append(f"{where} sets a frozen value's field")
    return bad


def outside_the_engine() -> list[Path]:
    return [p for p in PACKAGE.rglob("*.py") if "engine" not in p.relative_to(PACKAGE).parts]


def test_no_front_end_adds_up_a_score():
    assert score_arithmetic(_modules(*FRONT_ENDS)) == []


def test_nothing_outside_the_engine_writes_a_game_or_a_frozen_value():
    assert game_writes(outside_the_engine()) == []


def test_the_checks_see_a_score_added_up_and_a_game_written(tmp_path):
    """Planted: a screen adding the Plan bonus to a total, and a bot moving a game on."""
    screen = tmp_path / "screen.py"
    screen.write_text(
        "def total(view, seat):\n"
        "    return view.score(seat).total + view.plan_card(seat).plan.bonus\n"
        "def now(view, seat):\n"
        "    return view.piers[seat].sheet().total + len(view.patrons[seat])\n"
        "def final(sheet, card):\n"
        "    return sheet.with_plan(card.plan.bonus)\n"
    )
    bot = tmp_path / "bot.py"
    bot.write_text("def finish(game):\n    game.current_player = 0\n    object.__setattr__(game, 'legal', ())\n")
    (tmp_path / "pier18").mkdir()
    real = PACKAGE
    try:
        globals()["PACKAGE"] = tmp_path
        assert score_arithmetic([screen]) == [
            "screen.py:2 adds up points", "screen.py:4 adds up points", "screen.py:6 puts points on a sheet itself",
        ]
        assert game_writes([bot]) == ["bot.py:2 writes .current_player", "bot.py:3 sets a frozen value's field"]
    finally:
        globals()["PACKAGE"] = real
