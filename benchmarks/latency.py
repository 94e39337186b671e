"""Key press to screen updated: the table, the placement preview, the Patron panel, the
set-up screen, every overlay and the expert's reply in `pier18 play`, against a minimal
Textual app's key echo, in one run.

Every app runs headless in this process, at 120×40 and at 160×50 (`--size` picks one or
more), with the minimal app measured again at each size. A sample starts when the key event
is posted to the app (`App.simulate_key`, as a key from the terminal arrives) and ends
when the screen has been refreshed after the change the key makes is in place: from
the key, the benchmark checks after every refresh (`call_after_refresh`) whether the
change has happened yet (the highlighted card moved, the preview drawn anew, the Patron
panel mounted, the echo's count shown), and the sample ends at the first refresh that
follows it. So a sample is the key's whole way through Textual and the game, and one
refresh of the screen.

- minimal: a Textual app whose label echoes each key (→).
- table: → moves the highlighted card of the draft row (3 players, hot-seat).
- preview: ↓/↑ choose how much the placed card covers; the pier and the score change
  are drawn anew.
- patron: Enter places the round's last card, the Patron is settled and its panel is
  painted (a fresh app per sample, started at that moment of the game: the panel is
  made; the table under it is drawn anew right after, and is not in the sample). The
  sample ends at the paint that first shows the whole panel, the round's award and the
  panel's keys in its footer (`after_paint`), not at a refresh after it: the screen
  goes on working after that paint (the table under it), and a refresh callback waits
  for all of that.
- patron again: the same at the end of every later round of a game, where the panel
  made at the first round's end is refilled.
- set-up: → points at the next card; its preview in both roles is drawn anew.
- rules/keys/log/symbols/why open and close: the overlay's key over the draft table,
  then Escape, each until the screen on top is drawn (`after_screen_change`).
- expert 0s / 2s: Enter placing a person's card against one expert bot, until the
  person is asked again; the person placed at once, or after looking for 2 s (what the
  bots use to think ahead).

The target: at each size, each median at most twice the minimal app's at that size, and
each p95 at most 50 ms. The rounds run in turn (every size: minimal, table, preview,
patron, set-up; then again), so a machine whose speed drifts moves all of them alike;
the ratios are given per round.

    python benchmarks/latency.py [--samples 40] [--rounds 3] [--size 120x40 --size 160x50]
                                 [--src DIR]

`--src DIR` imports pier18 from DIR (another checkout's `src`, such as main's) instead of
this checkout's: run the two in turn to compare code before and after a change with the
same benchmark.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from weakref import WeakSet

ROOT = Path(__file__).resolve().parents[1]


def source() -> Path:
    """Where pier18 is imported from: this checkout's `src`, or `--src DIR` (read before
    the imports: the code under test is chosen before it is loaded)."""
    for index, arg in enumerate(sys.argv):
        if arg == "--src" and index + 1 < len(sys.argv):
            return Path(sys.argv[index + 1]).resolve()
        if arg.startswith("--src="):
            return Path(arg.split("=", 1)[1]).resolve()
    return ROOT / "src"


sys.path.insert(0, str(source()))

from textual.app import App, ComposeResult  # noqa: E402
from textual.widgets import Label  # noqa: E402

from pier18.engine import Draft, Game, Keep, Phase, load_deck  # noqa: E402
from pier18.session import Session  # noqa: E402
from pier18.tui.app import Pier18App  # noqa: E402
from pier18.tui.widgets.footer import Footer, FooterKey  # noqa: E402

#: The terminal size the scenarios run at (set by `main` for each size in turn).
SIZE = (120, 40)
SIZES = [(120, 40), (160, 50)]
#: The p95 target, in seconds.
P95_TARGET = 0.050
DECK = load_deck(ROOT / "data" / "cards.toml")
NAMES = ["Ann", "Bob", "Cy"]
SEED = 11
#: Far above any key's way through the app: a change that never comes fails the run.
TIMEOUT = 30.0


class Echo(App[None]):
    """The yardstick: a label that shows each key, with a count."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def compose(self) -> ComposeResult:
        yield Label("press a key", id="echo")

    def on_key(self, event) -> None:  # type: ignore[no-untyped-def]
        self.count += 1
        self.query_one("#echo", Label).update(f"{event.key} {self.count}")


async def after_change(app: App[object], key: str, changed: Callable[[], bool]) -> float:
    """Seconds from posting `key` to the first refresh after `changed()` holds."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[float] = loop.create_future()

    def check() -> None:
        if done.done():
            return
        if changed():
            app.call_after_refresh(lambda: done.done() or done.set_result(time.perf_counter()))
        else:
            app.call_after_refresh(check)

    start = time.perf_counter()
    app.simulate_key(key)
    app.call_after_refresh(check)
    end = await asyncio.wait_for(done, TIMEOUT)
    return end - start


class Paints:
    """Calls `check` (when set) right after each layout pass of the screen on top is
    painted: Textual publishes a screen's public `screen_layout_refresh_signal` right
    after handing that paint to the terminal. Every screen that comes on top is
    watched from then on."""

    def __init__(self, app: App[object]) -> None:
        self.app = app
        self.check: Callable[[], None] | None = None
        self.watched: WeakSet[object] = WeakSet()
        app.screen_change_signal.subscribe(app, self.watch, immediate=True)
        self.watch(app.screen)

    def watch(self, screen) -> None:  # type: ignore[no-untyped-def]
        if screen not in self.watched:
            self.watched.add(screen)
            screen.screen_layout_refresh_signal.subscribe(self.app, self.painted, immediate=True)

    def painted(self, screen) -> None:  # type: ignore[no-untyped-def]
        if self.check is not None and screen is self.app.screen:
            self.check()


async def after_paint(app: App[object], paints: Paints, key: str, changed: Callable[[], bool]) -> float:
    """Seconds from posting `key` to the paint in which `changed()` first holds: checked
    right after each layout pass's paint (`Paints`), and after each refresh for a paint
    without one (what `after_change` checks)."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[float] = loop.create_future()

    def check() -> None:
        if not done.done() and changed():
            done.set_result(time.perf_counter())

    def after_refresh() -> None:
        check()
        if not done.done():
            app.call_after_refresh(after_refresh)

    paints.check = check
    try:
        start = time.perf_counter()
        app.simulate_key(key)
        app.call_after_refresh(after_refresh)
        end = await asyncio.wait_for(done, TIMEOUT)
    finally:
        paints.check = None
    return end - start


def panel_shown(app: App[object]) -> bool:
    """The Patron panel is on top and painted whole: drawn since it came on top (the
    app's own `drawn`, set at its paint) and its footer's keys laid out with it."""
    if screen_name(app) != "PatronScreen" or not app.drawn():  # type: ignore[attr-defined]
        return False
    footer = app.screen.query_one(Footer)
    keys = list(footer.query(FooterKey))
    return footer.showing is not None and bool(keys) and all(key.region for key in keys)


async def settle(app: App[object]) -> None:
    """Let the app finish what the last key started before the next sample."""
    for _ in range(3):
        finished: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        app.call_after_refresh(lambda: finished.done() or finished.set_result(None))
        await asyncio.wait_for(finished, TIMEOUT)


def keeps_for_all(game: Game) -> list:
    while game.phase is Phase.SETUP:
        game.apply(game.legal_decisions()[0])
    return list(game.decisions)


def session_at(decisions: list) -> Callable[[list[str]], Session]:
    return lambda names: Session(DECK, names, SEED, decisions=list(decisions))


def game_app(decisions: list) -> Pier18App:
    return Pier18App(3, session_at(decisions), names=NAMES, bot_pause=0.0)


def screen_name(app: App[object]) -> str:
    return type(app.screen).__name__


async def reach(pilot, app: App[object], name: str, key: str = "enter") -> None:  # type: ignore[no-untyped-def]
    for _ in range(50):
        if screen_name(app) == name:
            return
        await pilot.press(key)
    raise SystemExit(f"never reached {name}: on {screen_name(app)}")


async def minimal(samples: int) -> list[float]:
    app = Echo()
    times = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(samples):
            before = app.count
            times.append(await after_change(app, "right", lambda: app.count > before))
            await settle(app)
    return times


async def table(samples: int) -> list[float]:
    app = game_app(keeps_for_all(Game(DECK, 3, SEED)))
    times = []
    async with app.run_test(size=SIZE) as pilot:
        await reach(pilot, app, "TableScreen")
        row = app.screen.query_one("#draft-row")
        for _ in range(samples):
            before = row.selected
            times.append(await after_change(app, "right", lambda: row.selected != before))
            await settle(app)
    return times


async def preview(samples: int) -> list[float]:
    app = game_app(keeps_for_all(Game(DECK, 3, SEED)))
    times = []
    async with app.run_test(size=SIZE) as pilot:
        await reach(pilot, app, "TableScreen")
        await pilot.press("1")  # points at the first card; Enter opens it
        await reach(pilot, app, "PlaceScreen")
        shown = app.screen.query_one("#place-pier")
        for index in range(samples):
            before = shown.content
            key = "down" if index % 2 == 0 else "up"
            times.append(await after_change(app, key, lambda: shown.content is not before))
            await settle(app)
    return times


def before_round_end() -> list:
    """The decisions up to the round's last draft (the seat to move ends round 1)."""
    game = Game(DECK, 3, SEED)
    keeps_for_all(game)
    while len(game.revealed) > 2:
        game.apply(Draft(game.revealed[0], game.piers[game.current_player].covers()[0]))
    return list(game.decisions)


async def patron(samples: int) -> list[float]:
    decisions = before_round_end()
    times = []
    for _ in range(samples):
        app = game_app(decisions)
        async with app.run_test(size=SIZE) as pilot:
            await reach(pilot, app, "TableScreen")
            await pilot.press("1")  # points at the first card; Enter opens it
            await reach(pilot, app, "PlaceScreen")
            await settle(app)
            times.append(await after_paint(app, Paints(app), "enter", lambda: panel_shown(app)))
    return times


async def patron_again(samples: int) -> list[float]:
    """Enter on a later round's last placement: the app's Patron panel, made at the
    first round's end, is refilled (what every round after the first does in a game).
    The first round's panel is not timed; the people take the first card and the
    highlighted cover."""
    times: list[float] = []
    while len(times) < samples:
        app = game_app(before_round_end())
        async with app.run_test(size=SIZE) as pilot:
            await reach(pilot, app, "TableScreen")
            paints = Paints(app)
            while len(times) < samples:
                await settle(app)
                game = app.session.game
                if game.is_terminal():
                    break
                name = screen_name(app)
                if name == "PlaceScreen" and len(game.revealed) == 2 and game.awards:
                    awards = len(game.awards)
                    times.append(await after_paint(app, paints, "enter", lambda: len(app.session.game.awards) > awards and panel_shown(app)))
                elif name == "TableScreen":
                    await pilot.press("1", "enter")
                else:
                    await pilot.press("enter")
    return times


async def set_up(samples: int) -> list[float]:
    app = game_app([])
    times = []
    async with app.run_test(size=SIZE) as pilot:
        await reach(pilot, app, "KeepScreen")
        screen = app.screen
        for _ in range(samples):
            before = screen.pointed  # type: ignore[attr-defined]
            times.append(await after_change(app, "right", lambda: screen.pointed != before))  # type: ignore[attr-defined]
            await settle(app)
    return times


#: The expert's reply: a person against one expert bot (2 players, the person in seat 1).
EXPERT_SEATS = ["human", "expert"]


async def expert_reply(samples: int, think: float) -> list[float]:
    """Enter placing the person's card, to the screen asking that person again: the
    expert's reply made and drawn (the table at the person's next turn, or the Patron
    panel when the bot's reply ends the round). Only placements the bot answers are
    timed. `think`: how long the person looks at the placement before Enter (what the
    bots may use to think ahead). The app's pause for people watching a bot
    (`bot_pause`, 0.8 s in `pier18 play`) is 0 here: the time is the thinking."""
    from pier18.cli.play import bot_provider

    times: list[float] = []
    game_seed = SEED
    while len(times) < samples:
        game_seed += 1
        seed = game_seed
        names = NAMES[: len(EXPERT_SEATS)]
        app = Pier18App(
            len(EXPERT_SEATS),
            lambda players: Session(DECK, players, seed, seats=list(EXPERT_SEATS)),
            names=names,
            bot_provider=bot_provider(lambda seat: seed * 10 + seat),
            seats=list(EXPERT_SEATS),
            bot_pause=0.0,
        )
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(400):
                session = app.session
                if session is not None and session.game.is_terminal() or len(times) >= samples:
                    break
                name = screen_name(app)
                if name == "PlaceScreen":
                    assert session is not None
                    game = session.game
                    answered = (game.current_player + 1) % game.players != game.round_starter
                    await settle(app)
                    if think:
                        await asyncio.sleep(think)
                    if not answered:  # this placement ends the round: no bot to wait for
                        await pilot.press("enter")
                        continue
                    me, awards = game.current_player, len(game.awards)

                    def asked_again() -> bool:
                        now = session.game
                        if len(now.awards) > awards:
                            return screen_name(app) == "PatronScreen" and app.screen.is_mounted
                        return now.current_player == me and screen_name(app) == "TableScreen" and app._thinking is None

                    times.append(await after_change(app, "enter", asked_again))
                elif name == "TableScreen" and session is not None and not session.is_bot(session.game.current_player):
                    await pilot.press("1")  # points at the first card; Enter opens it
                    await pilot.press("enter")
                else:
                    await pilot.press("enter")  # set-up (the first cards), Patron panels, names
                await pilot.pause()
    return times


async def expert_at_once(samples: int) -> list[float]:
    """The expert's reply when the person places at once: nothing thought ahead."""
    return await expert_reply(samples, 0.0)


async def expert_after_2s(samples: int) -> list[float]:
    """The expert's reply when the person looks at the placement for 2 s first."""
    return await expert_reply(samples, 2.0)


# -- the overlays: open and close each one over the draft table --------------------------

#: Each overlay the table opens, by its key, with the screen it shows. Escape closes each.
OVERLAYS = {"rules": ("r", "RulesScreen"), "keys": ("question_mark", "HelpScreen"), "log": ("l", "GameLogScreen"),
            "symbols": ("s", "LegendScreen"), "why": ("e", "ExplainScreen")}


def content_shown(screen) -> bool:  # type: ignore[no-untyped-def]
    """The overlay's content is in place: for the rules, the whole page (Textual's
    Markdown viewer fills itself in after it is mounted; a screen with `content_ready`
    says so itself)."""
    ready = getattr(screen, "content_ready", None)
    if ready is not None:
        return bool(ready())
    viewer_module = sys.modules.get("textual.widgets._markdown_viewer")  # importing it here would be timed
    if viewer_module is None:
        return True
    for viewer in screen.query(viewer_module.MarkdownViewer):
        document = viewer.document
        if not document.children or document.lock.is_locked:
            return False
    return True


async def after_screen_change(app: App[object], key: str, changed: Callable[[], bool]) -> float:
    """`after_change` for a key that puts another screen on top. Textual runs a callback
    asked for after a refresh on the screen on top when it is asked, and one that lands
    on the screen going under never runs (the sample would hang): so until `changed()`
    holds this polls from the event loop, between the app's own steps, and only then
    waits for the screen on top's next refresh."""
    loop = asyncio.get_running_loop()
    start = time.perf_counter()
    app.simulate_key(key)
    while not changed():
        if time.perf_counter() - start > TIMEOUT:
            raise TimeoutError(f"{key}: the screen never changed (on {screen_name(app)})")
        await asyncio.sleep(0)
    done: asyncio.Future[float] = loop.create_future()
    app.screen.call_after_refresh(lambda: done.done() or done.set_result(time.perf_counter()))
    end = await asyncio.wait_for(done, TIMEOUT)
    return end - start


def on_top(app: App[object], name: str) -> bool:
    """`name` is the screen on top, drawn since it came there (a key acts on it now)."""
    return screen_name(app) == name and app.screen.is_mounted and app.drawn() and content_shown(app.screen)  # type: ignore[attr-defined]


#: The closes measured while an overlay's opens were (each sample opens, then closes):
#: its "close" scenario, run right after, takes them instead of running it all again.
closes_measured: dict[str, list[float]] = {}


def gone(app: App[object], screen) -> bool:  # type: ignore[no-untyped-def]
    """A closed screen has been taken out of the app (Textual removes it after the screen
    under it is back on top, and lays that one out again): or it is kept for next time."""
    return not screen.is_attached or app.is_screen_installed(screen)


def overlay(which: str, closing: bool) -> Callable[[int], object]:
    key, name = OVERLAYS[which]

    async def scenario(samples: int) -> list[float]:
        if closing and which in closes_measured:
            return closes_measured.pop(which)
        app = game_app(keeps_for_all(Game(DECK, 3, SEED)))
        opens, closes = [], []
        async with app.run_test(size=SIZE) as pilot:
            await reach(pilot, app, "TableScreen")
            await settle(app)
            for _ in range(samples):
                opens.append(await after_screen_change(app, key, lambda: on_top(app, name)))
                await settle(app)
                shown = app.screen
                closes.append(await after_screen_change(app, "escape", lambda: on_top(app, "TableScreen") and gone(app, shown)))
                await settle(app)
        if not closing:
            closes_measured[which] = closes
        return closes if closing else opens

    scenario.__name__ = f"{which}_{'close' if closing else 'open'}"
    return scenario


OVERLAY_SCENARIOS = {f"{which} {way}": overlay(which, way == "close") for which in OVERLAYS for way in ("open", "close")}


SCENARIOS = {
    "minimal": minimal, "table": table, "preview": preview, "patron": patron, "patron again": patron_again,
    "set-up": set_up, **OVERLAY_SCENARIOS, "expert 0s": expert_at_once, "expert 2s": expert_after_2s,
}


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def parse_size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a size like 120x40: {text!r}") from None
    if not (20 <= width <= 1000 and 10 <= height <= 500):
        raise argparse.ArgumentTypeError(f"size out of range: {text!r}")
    return width, height


def main() -> None:
    global SIZE
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=40, help="samples per scenario and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--size", type=parse_size, action="append", help="WIDTHxHEIGHT, repeatable (default: 120x40 and 160x50)"
    )
    parser.add_argument("--only", action="append", choices=list(SCENARIOS), help="run only these scenarios (repeatable)")
    parser.add_argument("--src", type=Path, help="import pier18 from DIR (e.g. main's checkout's src) instead of this checkout's")
    args = parser.parse_args()
    sizes = args.size or SIZES
    names = ["minimal"] + [n for n in SCENARIOS if n != "minimal" and (not args.only or n in args.only)]
    os.environ["PIER18_DATA_DIR"] = tempfile.mkdtemp(prefix="pier18-latency-")  # no saved game in the way
    results = {size: {name: [] for name in names} for size in sizes}
    ratios = {size: {name: [] for name in names if name != "minimal"} for size in sizes}
    for round_ in range(args.rounds):
        for size in sizes:
            SIZE = size
            medians = {}
            for name in names:
                samples = max(5, args.samples // 4) if name.startswith("patron") else args.samples
                times = asyncio.run(SCENARIOS[name](samples))
                results[size][name] += times
                medians[name] = statistics.median(times)
            for name in ratios[size]:
                ratios[size][name].append(medians[name] / medians["minimal"])
            shown = ", ".join(f"{n} {m * 1000:.1f} ms" for n, m in medians.items())
            print(f"round {round_ + 1} at {size[0]}x{size[1]}: {shown}", flush=True)
    count = 0
    for size in sizes:
        base = statistics.median(results[size]["minimal"])
        print(f"\n{size[0]}x{size[1]:<8} {'median':>8} {'p95':>8} {'max':>8}  ratio of medians (per round)   target")
        for name, times in results[size].items():
            count += len(times)
            med, high = statistics.median(times), p95(times)
            line = f"{name:14} {med * 1000:6.1f}ms {high * 1000:6.1f}ms {max(times) * 1000:6.1f}ms"
            if name == "minimal":
                print(line)
                continue
            per_round = ", ".join(f"{r:.2f}" for r in ratios[size][name])
            ok = med <= 2 * base and high <= P95_TARGET
            print(f"{line}  {med / base:4.2f}x ({per_round})   {'met' if ok else 'MISSED'}")
    print(f"(pier18 from {source()})")
    print(f"(target: median <= 2x the minimal app's at the same size, p95 <= {P95_TARGET * 1000:.0f} ms; {count} samples)")

if __name__ == "__main__":
    main()
