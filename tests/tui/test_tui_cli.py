"""`pier18 play` argument errors: one line on stderr, exit status 2, no traceback."""

from __future__ import annotations

import pytest

from pier18.cli import main
from pier18.cli.play import parse_names
from pier18.engine.errors import Pier18Error


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--players", "3", "--names", "Ann,Bob"], "--names needs 3"),
        (["play", "--players", "2", "--names", "Ann,ann"], "must all differ"),
        (["play", "--players", "2", "--names", "Ann,Bob", "--first", "Cy"], "is not one of the names"),
        (["play", "--players", "2", "--first", "Ann"], "--first needs --names"),
        (["play", "--players", "2", "--cards", "/no/such/deck.toml"], "cannot read the deck file"),
    ],
)
def test_bad_arguments_fail_on_one_line(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_names_are_split_and_trimmed():
    assert parse_names(" Ann , Bob,Cy ", 3) == ["Ann", "Bob", "Cy"]
    assert parse_names(None, 2) is None
    with pytest.raises(Pier18Error):
        parse_names("Ann,,Cy", 3)


def test_play_module_imports_no_textual_until_run():
    import subprocess
    import sys

    code = "import sys, pier18.cli.play; print(any(m.startswith(('textual', 'rich')) for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
