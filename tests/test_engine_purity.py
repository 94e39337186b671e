"""The rules engine stays pure: importing it loads no terminal library."""

from __future__ import annotations

import subprocess
import sys

import pytest

from helpers import child_env


def test_engine_imports_neither_rich_nor_textual():
    code = (
        "import sys, pier18.engine, pier18.engine.game, pier18.engine.view;"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('rich', 'textual')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=child_env(), check=True)
    assert out.stdout.strip() == "[]"


def test_every_public_name_is_the_object_of_its_module():
    """`pier18.engine` re-exports each name from the module that defines it, and only those."""
    import pier18.engine as engine

    assert "Game" in engine.__all__ and "score_sections" in engine.__all__
    for name in engine.__all__:
        value = getattr(engine, name)
        homes = [module for key, module in sys.modules.items() if key.startswith("pier18.engine.") and vars(module).get(name) is value]
        assert homes, f"{name} is defined in no module of the engine"
    public = {name for name in vars(engine) if not name.startswith("_") and not isinstance(getattr(engine, name), type(engine))}
    assert public - {"annotations"} == set(engine.__all__)
