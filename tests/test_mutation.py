"""Mutation testing keeps working: mutmut, configured as in pyproject.toml, kills every
mutant of one small engine function (`goals._within`, the goal bounds check).

The whole engine takes far longer (docs/testing.md); this only guards the set-up.
Deselect with `-m "not mutation"`.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import child_env

ROOT = Path(__file__).resolve().parents[1]
SLICE = "pier18.engine.goals.x__within*"

pytestmark = [
    pytest.mark.mutation,
    pytest.mark.skipif(sys.platform == "win32", reason="mutmut needs fork()"),
]


def test_mutmut_kills_every_mutant_of_the_goal_bounds_check(tmp_path):
    pytest.importorskip("mutmut")
    project = tmp_path / "project"
    for part in ("src", "data", "pyproject.toml"):
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, project / part, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(source, project / part)
    (project / "tests").mkdir()
    for name in ("conftest.py", "textual_caches.py", "textual_pace.py", "waiting.py", "helpers.py", "reference.py", "test_goals.py"):
        shutil.copy2(ROOT / "tests" / name, project / "tests" / name)
    config = (project / "pyproject.toml").read_text()
    start = config.index("pytest_add_cli_args_test_selection")
    end = config.index("]", start) + 1
    config = config[:start] + 'pytest_add_cli_args_test_selection = ["tests/test_goals.py"]' + config[end:]
    # Mutants are made only for the module under test: generating the whole engine's
    # took most of this test's time.
    config = config.replace('source_paths = ["src/pier18/engine/"]', 'source_paths = ["src/pier18/engine/goals.py"]')
    assert 'source_paths = ["src/pier18/engine/goals.py"]' in config
    (project / "pyproject.toml").write_text(config)

    mutmut = [sys.executable, "-c", "import sys; from mutmut.__main__ import cli; sys.exit(cli())"]
    run = subprocess.run([*mutmut, "run", SLICE], cwd=project, capture_output=True, text=True, env=child_env(), timeout=240)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    results = subprocess.run([*mutmut, "results", "--all", "true"], cwd=project, capture_output=True, text=True, env=child_env(), timeout=60)
    lines = [line.strip() for line in results.stdout.splitlines() if "x__within__mutmut_" in line]
    assert lines, results.stdout + results.stderr
    assert all(line.endswith(": killed") for line in lines), "\n".join(lines)
