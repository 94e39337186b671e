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
    import importlib

    import pier18.engine as engine

    for module, names in engine._EXPORTS.items():
        for name in names:
            expected = getattr(importlib.import_module(f"pier18.engine.{module}"), name)
            vars(engine).pop(name, None)  # loaded names skip the lazy loader: make it load this one again
            assert engine.__getattr__(name) is expected
            assert getattr(engine, name) is expected
    assert engine.__dir__() == engine.__all__ and "Game" in engine.__all__ and "score_sections" in engine.__all__


def test_an_unknown_engine_name_is_an_attribute_error_naming_it():
    import pier18.engine as engine

    with pytest.raises(AttributeError) as info:
        engine.no_such_name  # noqa: B018
    assert str(info.value) == "module 'pier18.engine' has no attribute 'no_such_name'"
    with pytest.raises(AttributeError):
        engine.__getattr__("no_such_name")
