"""Driving the app by key presses only, while predicting each decision from the engine.

The prediction uses only the engine (`legal_decisions()` order, `revealed` order, the
pier's `covers()`), never the app, so a test fails if a key does something else.
"""

from __future__ import annotations

import html
import inspect
import random
import re
from itertools import permutations
from pathlib import Path

import wcwidth
from rich.cells import cell_len
from rich.console import Console
from textual.geometry import Region
from textual.widgets import Input

from pier18.engine import Decision, Draft, Game, Keep, Phase, PlacePlan
from pier18.engine.text import printable
from pier18.session import Session
from pier18.tui.app import Pier18App
from waiting import Steps, until

NAMES = ["Ann", "Bob", "Cy"]
DECK_FILE = Path(__file__).with_name("deck.toml")


def make_app(
    deck, players: int, seed: int, names: list[str] | None = NAMES, seats=None, bot_provider=None, hint_bot=None,
    decisions=(),
) -> Pier18App:
    """The app as `pier18 play` makes it; `decisions` already made start the game part-way
    (as a resumed save does), so a test can begin near the moment it is about; a new game
    from the final screen starts from the beginning."""
    made_before = [list(decisions)]

    def new_session(chosen: list[str]) -> Session:
        return Session(deck, chosen, seed, seats=list(seats or []), decisions=made_before.pop() if made_before else [])

    return Pier18App(
        players,
        new_session,
        names=names[:players] if names else None,
        bot_provider=bot_provider,
        seats=list(seats) if seats else None,
        bot_pause=0.0,  # no waiting in tests: the bots' pause is for people watching
        hint_bot=hint_bot,
    )


async def wait_until(pilot, condition, what: str = "the condition") -> None:
    """Let the app (and its bot or hint worker threads) run until `condition()` holds
    (`waiting.LIMIT` seconds at most, then the test fails naming `what`)."""
    await until(condition, lambda: f"{what} (the app shows {screen_name(pilot.app)})", lambda: pilot.pause(0.01))


async def until_drawn(pilot, app) -> None:
    """Until the screen on top has been drawn: a key pressed before would be dropped, as
    meant for the screen before (`GameApp.stale`), as an app's first screen can be
    still undrawn when a snapshot's `run_before` starts."""
    await wait_until(pilot, app.drawn, f"{screen_name(app)} to be drawn")


async def press_until(pilot, condition, key, what: str) -> None:
    """Press `key()` (a key name or a sequence of them, chosen afresh each time) until
    `condition()` holds; fails if `waiting.LIMIT` seconds pass without it."""
    for _ in Steps(lambda: f"{what} ({screen_name(pilot.app)} on top)"):
        if condition():
            return
        keys = key()
        await pilot.press(*((keys,) if isinstance(keys, str) else keys))
        await pilot.pause()


def text_of(renderable, width: int = 120) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def shown(widget, width: int = 200) -> str:
    """The plain text a Static widget shows now (markup and styles dropped)."""
    content = widget.content
    if isinstance(content, str):
        from rich.text import Text

        content = Text.from_markup(content)
    return text_of(content, width)


def screen_name(app) -> str:
    return type(app.screen).__name__


#: On the draft table: point at the first card, then open it (a number only points).
FIRST_CARD = ("1", "enter")


def first_keys(app):
    """The keys that make the first choice on the screen on top: the first card on the
    table, Enter anywhere else (the highlighted cover, the first set-up pair, go on)."""
    return FIRST_CARD if screen_name(app) == "TableScreen" else "enter"


async def take_first_choices_until(pilot, app: Pier18App, condition, what: str) -> None:
    """Play the people's turns with the first card and the highlighted choice (bots move
    on their own) until `condition()` holds; fails if no decision is made for
    `waiting.LIMIT` seconds."""
    for _ in Steps(lambda: f"{what} ({screen_name(app)} on top, {app.session.game.phase})",
                   progress=lambda: len(app.session.decisions)):
        if condition():
            return
        await pilot.pause(0.01)
        session = app.session
        if session.is_bot(session.game.current_player) and screen_name(app) == "TableScreen":
            continue  # a bot is choosing
        if screen_name(app) == "TableScreen":
            await pilot.press(*FIRST_CARD)
            await pilot.pause()
        if screen_name(app) in ("KeepScreen", "PlaceScreen", "PatronScreen", "PassScreen"):
            await pilot.press("enter")


async def take_the_laptop(pilot, app) -> None:
    """At a laptop passed round, the next person takes it (Enter on each pass screen)
    until a screen of the game itself is on top: the laptop changes hands through a
    pass screen whatever the phase, so the draft table may come after one."""
    for _ in Steps("the pass screens to end"):
        if screen_name(app) != "PassScreen":
            return
        await pilot.press("enter")
        await pilot.pause()


async def settled(pilot) -> None:
    """The app has handled what the last key set off, and what that set off in turn:
    three pilot pauses (each waits until the screen on top has handled every message
    queued, then until the process is idle). For a check that something did NOT happen."""
    await pilot.pause()
    await pilot.pause()
    await pilot.pause()


async def look(on_screen, app) -> None:
    if on_screen is not None:
        looked = on_screen(app)
        if inspect.isawaitable(looked):
            await looked


#: The set-up screen's first choice: Enter keeps the first card as the Plan, Enter the
#: next as the Foundation. A hot-seat set-up of two players: a pass screen and that, each.
KEEP_FIRST = ("enter", "enter")
SET_UP_2 = ("enter", *KEEP_FIRST) * 2


def keep_keys(index: int) -> list[str]:
    """The keys that keep the `index`-th of a set-up hand's legal choices, in the
    engine's order (every Plan in hand order, with every Foundation in hand order):
    → to the Plan, Enter, → to the Foundation among the two left, Enter."""
    plan, foundation = divmod(index, 2)
    return ["right"] * plan + ["enter"] + ["right"] * foundation + ["enter"]


async def play_by_keys(pilot, app: Pier18App, rng: random.Random, on_screen=None) -> list[Decision]:
    """Play to the final screen; returns the decisions the keys should have made.

    `on_screen(app)`, if given, looks at every screen before a key is pressed on it (it
    may be a coroutine function, to press keys of its own). `keyed_game` makes the same
    decisions from the same `rng` with the engine alone.
    """
    expected: list[Decision] = []
    for _ in Steps(lambda: f"the final screen ({screen_name(app)} on top, {len(app.session.decisions)} decisions made)",
                   progress=lambda: len(app.session.decisions)):  # bounds each step, not the whole game
        await pilot.pause()
        name = screen_name(app)
        game = app.session.game
        await look(on_screen, app)
        name, game = screen_name(app), app.session.game
        if name == "FinalScreen":
            return expected
        if not game.is_terminal() and app.session.is_bot(game.current_player) and name == "TableScreen":
            await pilot.pause(0.01)  # a bot is deciding in its worker thread
            continue
        await until_drawn(pilot, app)  # keys come in order: each screen's after it is in sight
        if name in ("PassScreen", "PatronScreen"):
            await pilot.press("enter")
        elif name == "KeepScreen":
            legal = game.legal_decisions()
            index = rng.randrange(len(legal))
            expected.append(legal[index])
            await pilot.press(*keep_keys(index))
        elif name == "TableScreen":
            assert game.phase is Phase.DRAFT
            number = rng.randrange(len(game.revealed)) + 1
            card = game.revealed[number - 1]
            await pilot.press(str(number))  # points at the card: the table stays
            await pilot.pause()
            assert screen_name(app) == "TableScreen"
            await pilot.press("enter")
            await pilot.pause()
            assert screen_name(app) == "PlaceScreen"
            await look(on_screen, app)
            assert screen_name(app) == "PlaceScreen" and game.revealed[number - 1] == card
            await until_drawn(pilot, app)
            covers = game.piers[game.current_player].covers()
            cover = rng.choice(covers)
            expected.append(Draft(card, cover))
            await pilot.press(*(["down"] * covers.index(cover)), "enter")
        elif name == "PlaceScreen":
            assert game.phase is Phase.PLAN
            covers = game.piers[game.current_player].covers()
            cover = rng.choice(covers)
            expected.append(PlacePlan(cover))
            await pilot.press(*(["down"] * covers.index(cover)), "enter")
        else:  # pragma: no cover - a test failure explains itself
            raise AssertionError(f"unexpected screen {name}")
    raise AssertionError("unreachable: Steps fails first")  # pragma: no cover


def keyed_game(deck, players: int, seed: int, rng: random.Random, until=lambda game: False, start=()) -> list[Decision]:
    """The decisions `play_by_keys` makes with `rng` in a game of people only, by the
    engine alone, until `until(game)` or the end. Go on from there with `play_by_keys`
    and the same `rng`: the game is the one `play_by_keys` alone would have played, so a
    test can start near the moment it is about (`make_app(..., decisions=...)`)."""
    game = Game.replay(deck, players, seed, list(start))  # `start`: decisions already made
    while not game.is_terminal() and not until(game):
        if game.phase is Phase.SETUP:
            legal = game.legal_decisions()
            decision: Decision = legal[rng.randrange(len(legal))]
        elif game.phase is Phase.DRAFT:
            card = game.revealed[rng.randrange(len(game.revealed))]
            decision = Draft(card, rng.choice(game.piers[game.current_player].covers()))
        else:
            decision = PlacePlan(rng.choice(game.piers[game.current_player].covers()))
        game.apply(decision)
    return game.decisions[len(start):]


def first_keys_game(deck, players: int, seed: int, until, first_player: int | None = None) -> list[Decision]:
    """The decisions `first_keys` makes (the first Plan/Foundation pair on offer,
    the first card, the highlighted cover), by the engine alone, until `until(game)`."""
    game = Game(deck, players, seed, first_player)
    while not game.is_terminal() and not until(game):
        legal = game.legal_decisions()
        if game.phase is Phase.SETUP:
            hand = game.hands[game.current_player]
            decision: Decision = next(Keep(p, f) for p, f in permutations(hand, 2) if Keep(p, f) in legal)
        elif game.phase is Phase.DRAFT:
            decision = Draft(game.revealed[0], game.piers[game.current_player].covers()[0])
        else:
            decision = PlacePlan(game.piers[game.current_player].covers()[0])
        game.apply(decision)
    return game.decisions


def at_the_last_plan(game) -> bool:
    """Only the last Plan placement is left (its pass screen is next in a hot-seat game)."""
    return game.phase is Phase.PLAN and sum(isinstance(d, PlacePlan) for d in game.decisions) == game.players - 1


ESC = "\x1b"


def typed_name(raw: str, seat: int) -> str:
    """The name the names screen should make of what was typed (the test's own oracle):
    what its box shows, so a tab pasted in is a visible ␉, not stripped unseen."""
    return printable(raw).strip() or f"Player {seat + 1}"


async def start_with_names(pilot, app: Pier18App, raw_names: list[str]) -> list[str]:
    """Type `raw_names` on the names screen and start; returns the names the game uses."""
    await wait_until(pilot, lambda: screen_name(app) == "NamesScreen", "the names screen")
    for seat, raw in enumerate(raw_names):
        app.screen.query_one(f"#name-{seat}", Input).value = raw
    app.screen.action_start()
    await wait_until(pilot, lambda: app.session is not None, "the game to start")
    names = [typed_name(raw, seat) for seat, raw in enumerate(raw_names)]
    assert app.session.names == names
    return names


class ScreenWatcher:
    """Checks, on every screen of a game, that each name it must show is there literally
    (hostile names: markup, escape codes; tests/hostile.py) and that no escape code or
    bell reaches any text."""

    def __init__(self, names: list[str], widths: bool = False) -> None:
        self.names = names
        self.widths = widths  # also check that every row is drawn as wide as the screen
        self.seen: set[str] = set()
        self._checked: set[tuple[int, int]] = set()

    def __call__(self, app) -> None:
        name = screen_name(app)
        screen, game = app.screen, app.session.game
        if (id(screen), len(game.history)) in self._checked:
            return  # drawing every widget again for each key press would only be slow
        self._checked.add((id(screen), len(game.history)))
        self.seen.add(name)
        # Every widget that shows text: a Static, or a Drawn (cards, piers, previews).
        texts = {widget.id: shown(widget) for widget in screen.query("Static, Drawn") if widget.id}
        for text in texts.values():
            assert ESC not in text and "\x07" not in text
        if self.widths:
            check_rows_in_line(app)
        if name == "PassScreen":
            assert f"Pass the laptop to {self.names[game.current_player]}" in texts["pass-message"]
        elif name == "KeepScreen":
            assert texts["keep-help"].startswith(f"{self.names[game.current_player]}, your three cards")
        elif name == "PlaceScreen":
            card = screen.card
            assert f"{self.names[game.current_player]} places" in texts["place-help"]
            assert f"#{card.id} {card.name}" in texts["place-help"]
        elif name == "TableScreen":
            assert f" {self.names[game.current_player]}'s turn " in texts["status"]
            for seat, player in enumerate(self.names):
                assert player in texts[f"pier-{seat}"].splitlines()[0]
        elif name == "PatronScreen":
            card = game.deck[game.awards[-1].card]
            assert f"#{card.id} {card.name}" in texts["patron-panel"]
            for player in self.names:
                assert player in texts["patron-panel"]


_SVG_TEXT = re.compile(r'<text [^>]*?x="([0-9.]+)" [^>]*?textLength="([0-9.]+)" clip-path="url\(#[^)]*-line-(\d+)\)">(.*?)</text>', re.S)


def screen_rows(app) -> list[str]:
    """The screen's rows as the terminal is sent them, read from the (public) SVG
    screenshot: each piece of text at the cell Textual put it in, with the runs of spaces
    the SVG leaves out put back between them."""
    width, height = app.size
    pieces: dict[int, list[tuple[int, str]]] = {}
    for x, length, line, content in _SVG_TEXT.findall(app.export_screenshot()):
        text = html.unescape(content).replace("\xa0", " ")  # the SVG writes spaces as &#160;
        cell = float(length) / len(text)  # the SVG's width of one cell
        pieces.setdefault(int(line), []).append((round(float(x) / cell), text.rstrip("\n")))
    rows = []
    for y in range(height):
        row, at = "", 0
        for x, text in sorted(pieces.get(y, [])):
            row += " " * (x - at) + text
            at = x + cell_len(text)
        rows.append(row + " " * (width - at))
    return rows


def drawn_text(app) -> str:
    """Everything the top screen's widgets draw now, as plain text, one widget after
    another: every widget in the layout, by its own (public) `Widget.render_lines`, so a
    part scrolled out of sight counts too. `screen_rows` has the rows as the terminal is
    sent them, with the screens under a modal one, from a screenshot at ten times the
    cost."""
    lines = []
    for widget in app.screen.walk_children():
        region = widget.region
        if region.area and widget.visible:
            lines.extend(strip.text for strip in widget.render_lines(Region(0, 0, region.width, region.height)))
    return "\n".join(lines)


def check_rows_in_line(app) -> None:
    """Every row of the screen is drawn exactly as wide as the screen by a terminal that
    joins grapheme clusters and by one that draws one code point at a time (`wcwidth`):
    no name or card name pushes a border out, or pulls one in."""
    width = app.size.width
    for y, row in enumerate(screen_rows(app)):
        drawn = (wcwidth.wcswidth(row), sum(wcwidth.wcwidth(c) for c in row))
        assert drawn == (width, width), f"{screen_name(app)} row {y} is drawn {drawn} cells wide, not {width}: {row!r}"


def check_final_screen(app, names: list[str]) -> None:
    """The final screen names every player literally, and no escape code reaches it."""
    assert screen_name(app) == "FinalScreen" and app.session.game.is_terminal()
    final = shown(app.screen.query_one("#final-table"))
    assert all(name in final for name in names) and ESC not in final
    assert ESC not in app.export_screenshot()


# -- random keys -----------------------------------------------------------------------

#: Keys a person could press in any app: the ones the apps bind, the ones Textual
#: itself answers (focus moves, Ctrl+P for a command palette, Ctrl+C), page, arrow and
#: function keys, and a few that mean nothing. Quitting keys are left to each test; so
#: is `r`, as the rules screen costs a lot to open again and again (its own test mashes
#: keys in it once it is open).
RANDOM_KEYS = (
    "enter", "escape", "tab", "shift+tab", "space", "backspace", "delete", "insert",
    "up", "down", "left", "right", "home", "end", "pageup", "pagedown",
    "ctrl+p", "ctrl+c", "ctrl+l", "ctrl+s", "ctrl+z", "f1", "f2", "f5", "f10", "f12",
    "question_mark", "h", "u", "b", "j", "n", "k", "x", "0", "1", "2", "3", "4", "9",
)


async def mash(make_app, rng: random.Random, presses: int, keys=RANDOM_KEYS, size=(120, 40), check=None) -> int:
    """Press `presses` keys chosen by `rng` from `keys`, ten at a time, with a click at a
    random place after each ten, in the app `make_app()` makes; if the keys or a click
    quit it cleanly, in a new one. After every ten: no crash, no command palette, and
    `check(app)` if given. Returns how many apps it took."""
    from textual.command import CommandPalette

    done = apps = 0
    while done < presses:
        app = make_app()
        apps += 1
        async with app.run_test(size=size) as pilot:
            def looks_right() -> None:
                assert app.crash is None, app.crash
                assert not any(isinstance(screen, CommandPalette) for screen in app.screen_stack)
                if check is not None and app.return_code is None:
                    check(app)

            while done < presses and app.return_code is None:
                await pilot.press(*(rng.choice(keys) for _ in range(10)))
                done += 10
                looks_right()  # before the click: a click outside a palette would close it
                if app.return_code is None:
                    await pilot.click(offset=(rng.randrange(size[0]), rng.randrange(size[1])))
                    await pilot.pause()
                    looks_right()
        assert app.crash is None and app.return_code in (None, 0), (app.crash, app.return_code)
    return apps
