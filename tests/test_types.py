"""The type checker passes in strict mode on the whole package (configured in pyproject.toml)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_strict_finds_no_error(tmp_path):
    pytest.importorskip("mypy", reason="mypy comes with the test extra: pip install '.[test]'")
    # The cache goes under tmp_path: the checkout may be read-only (as CI's is).
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "mypy-cache")],
        cwd=ROOT, capture_output=True, text=True, timeout=280,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "Success: no issues found" in result.stdout


def test_no_blanket_ignores():
    """Every `type: ignore` names its error code, and the config ignores no module."""
    bare = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in (ROOT / "src" / "pier18").rglob("*.py")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if "type: ignore" in line and "type: ignore[" not in line
    ]
    assert bare == []
    config = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert "strict = true" in config and "ignore_errors" not in config
