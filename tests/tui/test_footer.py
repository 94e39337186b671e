"""The app's footer (`pier18.tui.widgets.footer.Footer`) shows what Textual's own footer
shows at every step, and makes its keys again only when they change."""

from __future__ import annotations

import ast
import asyncio
from pathlib import Path

from textual import widgets
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen, Screen
from textual.widgets import Static
from textual.widgets._footer import FooterKey

import pier18.tui
from pier18.tui.widgets.footer import Footer


class Over(ModalScreen[None]):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        yield self.app.footer()


class Field(Static, can_focus=True):
    BINDINGS = [Binding("c", "app.bell", "Ring")]


class Main(Screen[None]):
    BINDINGS = [Binding("a", "toggle", "Toggle"), Binding("b", "other", "Other")]
    other = True

    def compose(self) -> ComposeResult:
        yield Field("a field", id="field")
        yield self.app.footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return (True if self.other else None) if action == "other" else True

    def action_toggle(self) -> None:
        self.other = not self.other
        self.refresh_bindings()

    def action_other(self) -> None:
        pass


class FooterApp(App[None]):
    def __init__(self, footer: type[widgets.Footer]) -> None:
        super().__init__()
        self.footer = footer

    def on_mount(self) -> None:
        self.push_screen(Main())


def footer_keys(app: App[None]) -> list[FooterKey]:
    return list(app.screen.query_one(widgets.Footer).query(FooterKey))


async def steps(footer: type[widgets.Footer]) -> tuple[list[list[tuple[str, str, bool, bool]]], list[list[FooterKey]]]:
    """What the footer shows after each step (key, words, dimmed, compact), and its key widgets."""
    app = FooterApp(footer)
    shown: list[list[tuple[str, str, bool, bool]]] = []
    made: list[list[FooterKey]] = []
    async with app.run_test() as pilot:

        async def step() -> None:
            await pilot.pause()
            keys = footer_keys(app)
            shown.append([(k.key, k.description, k.has_class("-disabled"), k.has_class("-compact")) for k in keys])
            made.append(keys)

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
    return shown, made


def test_the_footer_shows_what_textuals_footer_shows_and_keeps_unchanged_keys():
    ours, made = asyncio.run(steps(Footer))
    textuals, _ = asyncio.run(steps(widgets.Footer))
    assert ours == textuals
    assert len({str(keys) for keys in ours}) == 4 and ours[3] == ours[1] == ours[5] and ours[6] == ours[0]
    # Back from the screen over it, to the same keys: the same key widgets, not new ones.
    assert len(made[3]) == 4 and all(a is b for a, b in zip(made[3], made[1], strict=True))


def test_every_screen_uses_the_apps_footer():
    """A screen that yields Textual's own footer would work, only more slowly."""
    package = Path(pier18.tui.__file__).parent
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "textual.widgets":
                assert "Footer" not in {alias.name for alias in node.names}, path
