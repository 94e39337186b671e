"""`pip install .` ships what the game reads at run time: every compiled catalog, the
deck, the lesson and the rules, inside the package (built here as pip builds it)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_wheel_holds_every_catalog_and_the_data(tmp_path):
    pytest.importorskip("hatchling", reason="hatchling comes with the test extra: pip install '.[test]'")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--quiet", "-w", str(tmp_path), str(ROOT)],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    (wheel,) = tmp_path.glob("pier18-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        for mo in sorted((ROOT / "src" / "pier18" / "locale").glob("*/LC_MESSAGES/pier18.mo")):
            inside = mo.relative_to(ROOT / "src").as_posix()
            assert inside in names
            assert archive.read(inside) == mo.read_bytes()
        assert {"pier18/data/cards.toml", "pier18/data/lesson.toml", "pier18/data/rules.md"} <= names
    assert any(name.endswith("/nl/LC_MESSAGES/pier18.mo") for name in names)
    # The `pier18` command is pip's launcher, written from the wheel's console script.
    with zipfile.ZipFile(wheel) as archive:
        (entry_points,) = [name for name in names if name.endswith(".dist-info/entry_points.txt")]
        text = archive.read(entry_points).decode()
    assert "[console_scripts]" in text and "pier18 = pier18.cli:main" in text
    assert not any("/scripts/" in name for name in names)
