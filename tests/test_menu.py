"""`pier18` alone: the main menu at a terminal, the usage anywhere else."""

from __future__ import annotations

import subprocess
import sys

import pytest

from helpers import child_env
from pier18.tui.menu_app import CHOICES, MenuApp
from pier18.tui.screens.rules import RulesScreen


def test_pier18_alone_off_a_terminal_prints_the_usage_and_succeeds():
    done = subprocess.run([sys.executable, "-m", "pier18"], stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, env=child_env(), timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[2].startswith("usage: pier18")
    assert "score" in done.stdout and "COMMAND" in done.stdout
    assert done.stderr == ""


@pytest.mark.parametrize(("keys", "words"), [
    (["p"], ("play",)),
    (["down", "enter"], ("play", "--players", "2", "--bots", "1")),
    (["l"], ("learn",)),
    (["c"], ("club",)),
    (["q"], None),
    (["escape"], None),
])
async def test_each_choice_returns_its_command(keys, words):
    app = MenuApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press(*keys)
        await pilot.pause()
    assert app.chosen == words


async def test_rules_open_in_the_menu_and_join_says_what_to_type():
    app = MenuApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("r")
        await pilot.wait_for_scheduled_animations()
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("j")
        await pilot.pause()
        assert "pier18 join ADDRESS" in str(app.query_one("#menu-note").render())
        assert app.is_running


async def test_every_choice_is_readable_when_the_terminal_is_small():
    app = MenuApp()
    async with app.run_test(size=(40, 8)) as pilot:
        await pilot.pause()
        choices = app.query_one("#menu-choices")
        assert choices.option_count == len(CHOICES)
        await pilot.press("end")
        await pilot.pause()
        assert choices.highlighted == len(CHOICES) - 1  # scrolled to, not cut off


def test_the_menus_choice_runs_its_command_with_the_language_given(monkeypatch):
    from pier18 import cli
    from pier18.app import menu
    from pier18.cli import games

    monkeypatch.setattr(menu, "on_a_terminal", lambda: True)
    monkeypatch.setattr(MenuApp, "run", lambda app: setattr(app, "chosen", ("games",)))
    seen = []
    monkeypatch.setattr(games, "run", lambda args: seen.append(args) or 0)
    assert cli.main(["--lang", "en"]) == 0
    assert [args.command for args in seen] == ["games"]
