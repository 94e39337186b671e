"""The rules engine stays pure: importing it loads no terminal library."""

from __future__ import annotations

import subprocess
import sys

from helpers import child_env


def test_engine_imports_neither_rich_nor_textual():
    code = (
        "import sys, pier18.engine, pier18.engine.game, pier18.engine.view;"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('rich', 'textual')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=child_env(), check=True)
    assert out.stdout.strip() == "[]"
