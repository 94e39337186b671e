"""The app's footer (`pier18.tui.widgets.footer.Footer`) draws what Textual's own footer
draws at every step, and makes its keys again only when they change."""

from __future__ import annotations

import ast
import time
from pathlib import Path

import pytest
from textual import events, widgets
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingsMap
from textual.screen import ModalScreen, Screen
from textual.widgets import Static
from waiting import Steps

import pier18.tui
from pier18.tui.widgets.footer import Footer, FooterKey

MOVES = Binding.Group("Moves")


class Over(ModalScreen[None]):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        yield self.app.footer(compact=self.app.compact)


class Field(Static, can_focus=True):
    BINDINGS = [Binding("c", "app.bell", "Ring")]


class Main(Screen[None]):
    BINDINGS = [
        Binding("a", "toggle", "Toggle"),
        Binding("b", "other", "Other"),
        Binding("x", "left", "Left", group=MOVES),
        Binding("y", "right", "Right", group=MOVES),
    ]
    other = True

    def compose(self) -> ComposeResult:
        yield Field("a field", id="field")
        yield self.app.footer(compact=self.app.compact)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return (True if self.other else None) if action == "other" else True

    def action_toggle(self) -> None:
        self.other = not self.other
        self.refresh_bindings()

    def action_other(self) -> None:
        pass

    def action_left(self) -> None:
        pass

    def action_right(self) -> None:
        pass


class FooterApp(App[None]):
    def __init__(self, footer: type[widgets.Footer], compact: bool) -> None:
        super().__init__()
        self.footer = footer
        self.compact = compact

    def on_mount(self) -> None:
        self.push_screen(Main())


async def steps(footer: type[widgets.Footer], compact: bool) -> tuple[list[str], list[list[FooterKey]]]:
    """The screen after each step (as an SVG screenshot), and the footer's key widgets."""
    app = FooterApp(footer, compact)
    shown: list[str] = []
    made: list[list[FooterKey]] = []
    async with app.run_test(size=(100, 4)) as pilot:

        async def step() -> None:
            # A focus change or a binding refresh reaches the footer a few messages later,
            # more of them on a loaded machine: wait until the screen stops changing.
            screen, same = app.export_screenshot(), 0
            for _ in Steps("the screen to stop changing"):
                await pilot.pause()
                now = app.export_screenshot()
                same = same + 1 if now == screen else 0
                screen = now
                if same == 3:
                    break
            shown.append(screen)
            made.append(list(app.screen.query_one(widgets.Footer).query(FooterKey)))

        await step()
        await pilot.press("a")  # "b" now disabled: shown dimmed
        await step()
        app.push_screen(Over())
        await step()
        await pilot.press("escape")  # back under the same keys
        await step()
        app.screen.set_focus(None)  # the field's own key goes
        await step()
        app.screen.query_one("#field").focus()  # and comes back
        await step()
        await pilot.press("a")  # "b" enabled again
        await step()
        app.screen.query_one(widgets.Footer).compact = not compact  # the keys follow the footer
        await step()
    return shown, made


@pytest.mark.parametrize("compact", [False, True], ids=["wide", "compact"])
async def test_the_footer_draws_what_textuals_footer_draws_and_keeps_unchanged_keys(compact):
    ours, made = await steps(Footer, compact)
    textuals, _ = await steps(widgets.Footer, compact)
    assert ours == textuals
    assert len(set(ours)) == 5 and ours[3] == ours[1] == ours[5] and ours[6] == ours[0] != ours[7]
    # Back from the screen over it, to the same keys: the same key widgets, not new ones.
    # (Main's keys, the grouped two, the field's and the palette's.)
    assert len(made[3]) == 6 and all(a is b for a, b in zip(made[3], made[1], strict=True))


class BlurredApp(FooterApp):
    """Starts without the focus, as an app in a browser's page does (Textual's web
    driver says so first thing) or in a terminal window the player has left."""

    def on_mount(self) -> None:
        self.app_focus = False
        self.push_screen(Main())


async def footer_says(app: App[None], pilot, description: str) -> list[str]:
    """The footer's descriptions once `description` is among them (30 s at most)."""
    end = time.monotonic() + 30
    while True:
        await pilot.pause()
        shown = [key.description for key in app.screen.query(FooterKey)]
        if description in shown or time.monotonic() > end:
            return shown


async def test_the_footer_shows_its_keys_while_the_app_has_no_focus():
    """A footer with no keys yet shows them even while the app has no focus: a browser
    seat's key bar was empty until the page was clicked, and a screen that opened while
    the player was in another window had none. (A footer already showing keys keeps them
    while the focus is away, as Textual's does.)"""
    app = BlurredApp(Footer, False)
    async with app.run_test(size=(100, 4)) as pilot:
        assert "Toggle" in await footer_says(app, pilot, "Toggle")
        assert not app.app_focus
        app.push_screen(Over())  # a screen opened while the focus is elsewhere
        assert "Back" in await footer_says(app, pilot, "Back")
        app.post_message(events.AppFocus())
        await pilot.press("escape")
        assert "Toggle" in await footer_says(app, pilot, "Toggle")


def test_every_screen_uses_the_apps_footer():
    """A screen that yields Textual's own footer would work, only more slowly."""
    package = Path(pier18.tui.__file__).parent
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "textual.widgets":
                assert "Footer" not in {alias.name for alias in node.names}, path


def _classes_of(base: type) -> list[type]:
    import importlib
    import inspect

    package = Path(pier18.tui.__file__).parent
    found = []
    for path in sorted(package.rglob("*.py")):
        if path.name == "__init__.py":
            continue
        module = importlib.import_module(".".join(("pier18", "tui", *path.relative_to(package).with_suffix("").parts)))
        found += [cls for cls in vars(module).values()
                  if inspect.isclass(cls) and cls.__module__ == module.__name__ and issubclass(cls, base)]
    return found


def _shown_keys(*nodes: type) -> dict[str, Binding]:
    """The keys a footer would show over `nodes` (the screen first, then the app), merged
    by key as `Screen.active_bindings` does: the first binding of a key, unless a later
    one has priority and it has not."""
    merged: dict[str, Binding] = {}
    for node in nodes:
        own: dict[str, Binding] = {}
        for cls in reversed(node.__mro__):  # a subclass's binding of a key replaces its base's
            for key, bindings in BindingsMap(cls.__dict__.get("BINDINGS", [])).key_to_bindings.items():
                own[key] = bindings[-1]
        for key, binding in own.items():
            if key not in merged or (binding.priority and not merged[key].priority):
                merged[key] = binding
    return {key: binding for key, binding in merged.items() if binding.show}


def test_no_footer_shows_two_keys_with_one_label():
    """'q Quit  ^q Quit' on the final screen (play-test nl, 38): the screen's q and the
    app's Ctrl+Q, two keys said the same. On every screen, under every app, each label
    the footer shows names one key (a key kept for its habit is show=False)."""
    from pier18.tui.club_app import ClubApp
    from pier18.tui.game_app import GameApp
    from pier18.tui.screens.replay import ReplayApp, ReplayScreen

    games = _classes_of(GameApp)
    assert len(games) >= 4  # the game apps: at one laptop, the lesson, a seat
    twice = []
    for screen in _classes_of(Screen):
        if screen is ReplayScreen:
            apps: list[type] = [ReplayApp]
        elif screen.__module__ == "pier18.tui.screens.club":  # the club's own app shows them
            apps = [ClubApp]
        else:
            apps = games
        for app in apps:
            by_label: dict[str, set[str]] = {}  # the footer shows one key of each action
            for binding in _shown_keys(screen, app).values():
                by_label.setdefault(binding.description, set()).add(binding.action)
            twice += [(screen.__name__, app.__name__, label, actions) for label, actions in by_label.items() if len(actions) > 1]
    assert twice == []
