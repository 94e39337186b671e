"""How the apps and their screens talk (docs/architecture.md, "A new screen"):

- what a screen draws is reactive: the app assigns it (`TableScreen.state`) and the
  screen redraws; nothing in `tui/` sets another object's plain attribute and then
  calls a redraw;
- a screen or a widget never calls into a game app: it dismisses with its result or
  posts a message (Textual's own App methods, `push_screen`, `exit`, `bell`, are fine).
"""

from __future__ import annotations

import ast
import importlib
import inspect
from dataclasses import replace
from pathlib import Path

from rich.text import Text
from textual import containers, widgets
from textual.app import App
from textual.dom import DOMNode
from textual.reactive import Reactive
from textual.screen import ModalScreen

import pier18.tui
from pier18.tui.screens.replay import ReplayApp
from pier18.tui.screens.table import TableScreen
from tui_helpers import SET_UP_2, make_app, screen_name, shown, take_the_laptop, wait_until

TUI = Path(pier18.tui.__file__).parent


def tui_modules() -> list[object]:
    return [
        importlib.import_module(".".join(("pier18", "tui", *path.relative_to(TUI).with_suffix("").parts)))
        for path in sorted(TUI.rglob("*.py")) if path.name != "__init__.py"
    ]


def node_classes() -> set[type]:
    """Every Textual class pier18's apps, screens and widgets are made of, with their bases."""
    found: set[type] = {App, ModalScreen}
    found.update(getattr(widgets, name) for name in widgets.__all__)
    found.update(value for value in vars(containers).values() if isinstance(value, type))
    for module in tui_modules():
        found.update(value for value in vars(module).values() if isinstance(value, type))
    return {base for cls in found if issubclass(cls, DOMNode) for base in cls.__mro__}


def settable_names() -> set[str]:
    """What one node may set on another: a reactive, or a property Textual lets be set
    (`display`, a button's `label`, `border_title`)."""
    names = set()
    for cls in node_classes():
        for name, value in vars(cls).items():
            if isinstance(value, property):
                if value.fset is not None:
                    names.add(name)
            elif isinstance(value, Reactive) or hasattr(type(value), "__set__"):  # or `border_title`'s kind
                names.add(name)
    return names


#: Attributes set on things that are not Textual nodes.
#: Attributes set on what is not a node: exits.py's last-resort timer thread; the names
#: screen's first `ScreenResume` event (a public field of the event: no restyle then).
NOT_NODES = {"daemon", "refresh_styles"}


def assignments_to_others(path: Path) -> list[tuple[int, str]]:
    """`x.name = ...` in a file where `x` is not `self`, nor a node's `styles`."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
        for target in targets:
            for one in target.elts if isinstance(target, ast.Tuple) else [target]:
                if not isinstance(one, ast.Attribute):
                    continue
                owner = one.value
                if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
                    continue
                if isinstance(owner, ast.Attribute) and owner.attr == "styles":
                    continue
                found.append((node.lineno, one.attr))
    return found


def test_nothing_in_tui_sets_a_plain_attribute_of_another_node():
    """A screen's drawing state is reactive: assigning it redraws, so no app sets a field
    and then calls a redraw (as `table.view = ...; table.show_game()` once did)."""
    allowed = settable_names() | NOT_NODES
    problems = [
        f"{path.relative_to(TUI)}:{line}: .{name} is not a reactive"
        for path in sorted(TUI.rglob("*.py")) for line, name in assignments_to_others(path) if name not in allowed
    ]
    assert not problems, "\n".join(problems)


def app_specific_names() -> set[str]:
    """Every name pier18's apps define (methods, class attributes, `self.x`) that Textual's
    own `App` does not have."""
    from pier18.tui.app import Pier18App
    from pier18.tui.seat_app import SeatApp

    names: set[str] = set()
    for cls in (Pier18App, SeatApp, ReplayApp):
        for base in cls.__mro__:
            if not base.__module__.startswith("pier18."):
                continue
            names.update(vars(base))
            for node in ast.walk(ast.parse(inspect.getsource(base))):
                if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
                    names.add(node.attr)
    return {name for name in names if not hasattr(App, name) and not name.startswith("__")}


def calls_into_the_app(path: Path, app_names: set[str]) -> list[tuple[int, str]]:
    """`self.app.name`, `something.app.name`, `app.name` or `getattr(self.app, "name")`
    where `name` is one of pier18's apps' own."""
    found = []

    def is_app(node: ast.AST) -> bool:
        return (isinstance(node, ast.Attribute) and node.attr == "app") or (isinstance(node, ast.Name) and node.id == "app")

    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and is_app(node.value) and node.attr in app_names:
            found.append((node.lineno, node.attr))
        elif (
            isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr")
            and node.args and is_app(node.args[0]) and len(node.args) > 1 and isinstance(node.args[1], ast.Constant)
            and node.args[1].value in app_names
        ):
            found.append((node.lineno, node.args[1].value))
    return found


def test_no_screen_or_widget_calls_into_a_game_app():
    """Screens dismiss with their result or post a message (`HintedScreen.HintRequested`,
    `FinalScreen.NewGame`); the app decides. A screen that calls `self.app.resync()` (as
    the take-back screen once did) or reads `self.app.session` fails here."""
    app_names = app_specific_names()
    assert {"resync", "advance", "decide", "session", "state", "request_hint", "table"} <= app_names  # the scan sees them
    problems = [
        f"{path.relative_to(TUI)}:{line}: app.{name}"
        for folder in ("screens", "widgets") for path in sorted((TUI / folder).glob("*.py"))
        for line, name in calls_into_the_app(path, app_names)
    ]
    assert not problems, "\n".join(problems)


async def test_assigning_the_table_state_redraws_the_table(tui_deck):
    """No redraw is called: the new state is drawn because it was assigned."""
    app = make_app(tui_deck, 2, 6)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press(*SET_UP_2)  # both set-ups: the draft
        await pilot.pause()
        await take_the_laptop(pilot, app)
        await wait_until(pilot, lambda: screen_name(app) == "TableScreen", "the draft")
        table = app.screen
        assert isinstance(table, TableScreen)
        assert not table.query_one("#people").display and table.query_one("#draft-row").check_action("pick", ())
        table.state = replace(table.state, people=Text("Cy is here"), link_lost=True, moves=("A move was made.",),
                              thinking=True)
        await pilot.pause()
        people = table.query_one("#people")
        assert people.display and shown(people).strip() == "Cy is here" and people.has_class("-lost")
        assert shown(table.query_one("#moves")).strip() == "A move was made."
        assert "is choosing a card" in shown(table.query_one("#status"))
        assert not table.query_one("#draft-row").check_action("pick", ())  # someone else chooses
        await pilot.press("enter")
        await pilot.pause()
        assert screen_name(app) == "TableScreen"  # the row did not pick


async def test_assigning_the_replay_step_redraws_the_replay(tui_deck):
    from pier18.session import Session

    session = Session(tui_deck, ["Ann", "Bob"], 3)
    for _ in range(6):
        session.apply(session.game.legal_decisions()[0])
    app = ReplayApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert "decision 0 of 6" in shown(screen.query_one("#replay-status"))
        screen.step = 4
        await pilot.pause()
        assert "decision 4 of 6" in shown(screen.query_one("#replay-status"))


def confirm_screens() -> set[type]:
    """Every ConfirmScreen subclass in tui/ (and ConfirmScreen itself)."""
    from pier18.tui.screens.confirm import ConfirmScreen

    tui_modules()  # imported: every subclass is known
    found: set[type] = set()
    todo = [ConfirmScreen]
    while todo:
        cls = todo.pop()
        found.add(cls)
        todo.extend(cls.__subclasses__())
    return found


def confirm_arguments() -> dict[str, tuple]:
    """How each confirm screen is made (a new one must be added here)."""
    return {
        "ConfirmScreen": ("Sure?",),
        "QuitScreen": (),
        "LeaveScreen": ("Leave?", "then"),
        "TakebackScreen": ("Take back?",),
        "CoverScreen": ("Ann", "hard"),
        "LessonOfferScreen": (),
    }


async def test_no_button_of_a_confirm_screen_shows_its_key_twice():
    """'Yes, teach me (y) (y)' (issue 32, play-test 30): a subclass that gave its label
    its key had it again from ConfirmScreen.compose. Each button shows its key once."""
    arguments = confirm_arguments()
    screens = confirm_screens()
    assert {cls.__name__ for cls in screens} == set(arguments), "a confirm screen this test does not make"

    class Host(App):
        pass

    for cls in sorted(screens, key=lambda cls: cls.__name__):
        app = Host()
        async with app.run_test(size=(120, 40)) as pilot:
            await app.push_screen(cls(*arguments[cls.__name__]))
            await pilot.pause()
            labels = {button.id: str(button.label) for button in app.screen.query(widgets.Button)}
            assert set(labels) == {"yes", "no"}, cls.__name__
            for answer, key in (("yes", "y"), ("no", "n")):
                assert labels[answer].endswith(f" ({key})"), (cls.__name__, labels[answer])
                assert labels[answer].count(f"({key})") == 1, (cls.__name__, labels[answer])
