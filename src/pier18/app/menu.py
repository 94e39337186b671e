"""`pier18` with no command: the main menu at a terminal, the usage anywhere else."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence


def on_a_terminal() -> bool:
    """Whether the keys come from a terminal and the menu can be drawn on one."""
    try:
        return all(os.isatty(fd) for fd in (0, 1, 2))
    except OSError:  # pragma: no cover - a descriptor that is gone is no terminal
        return False


def no_command(lang: Sequence[str], usage: Callable[[], str], run: Callable[[list[str]], int]) -> int:
    """The menu's choice run as its command (`run`, with the `--lang` words given), or
    the usage on standard output (exit status 0) when not at a terminal."""
    if not on_a_terminal():
        sys.stdout.write(usage())
        return 0
    from ..tui.menu_app import MenuApp  # Textual: only the menu needs it

    menu = MenuApp()
    menu.run()
    chosen = menu.chosen
    return 0 if chosen is None else run([*lang, *chosen])
