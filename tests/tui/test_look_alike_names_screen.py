"""The names screen refuses names that pass for one another, as `--names` does
(tests/test_look_alike_names.py): a Cyrillic "Аnn" beside "Ann", "Hаrd bot" beside the bot."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from pier18 import i18n
from tui_helpers import make_app, screen_name, wait_until


@pytest.mark.parametrize(("seats", "typed", "said"), [
    (None, ["Ann", "\u0410nn"], lambda: i18n._("Each player needs a different name.")),  # a Cyrillic А
    (["human", "hard"], ["H\u0430rd bot"], lambda: i18n._("{bot} is a bot's name here.").format(bot="H\u0430rd bot")),
])
async def test_look_alike_names_are_refused_and_said_so(tui_deck, seats, typed, said):
    app = make_app(tui_deck, 2, 4, names=None, seats=seats)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "NamesScreen", "the names screen")
        for seat, name in enumerate(typed):
            app.screen.query_one(f"#name-{seat}", Input).value = name
        app.screen.query_one(f"#name-{len(typed) - 1}", Input).focus()
        await pilot.press("enter")
        await wait_until(pilot, lambda: "-shown" in app.screen.query_one("#names-error").classes, "the error")
        assert screen_name(app) == "NamesScreen"  # no game with two names nobody can tell apart
        assert str(app.screen.query_one("#names-error").render()) == said()
        app.screen.query_one("#name-0", Input).value = "Anna" if seats is None else "Hardy"
        app.screen.query_one(f"#name-{len(typed) - 1}", Input).focus()
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(app) != "NamesScreen", "the game")
