"""Browser seats (`pier18 host --web`) in a real browser: headless Chromium plays a seat
by keyboard against a bot, through a real `pier18 host` process (tests/browser.py).

Every test here fails if any page asked for anything outside the host. They are marked
`browser` (deselect with -m 'not browser') and skipped, with the reason, where Chromium
or chromedriver is missing. Every wait is on what the page or the host shows.
"""

from __future__ import annotations

import json
import os
import queue
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

import waiting
from browser import Browser, find_chromium
from helpers import child_env
from net_support import near_miss, replayed
from pier18 import i18n, words
from pier18.speech.keys import KEY_CLOSE, KEY_HELP, KEY_KEEP_AS_PLAN
from pier18.speech.notices import GAME_NAME
from pier18.speech.scores import points
from pier18.persist import autosave as saves
from pier18.persist import record

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

#: The human seat's name, and the bot's, in every game here.
PLAYER, BOT = "Player 1", "Hard bot"


class HostProcess:
    """`pier18 host --no-seat --web 0` for one browser seat against a hard bot, its
    output read line by line as it comes."""

    def __init__(self, data_dir: Path, seed: int = 4) -> None:
        self.data_dir = data_dir
        self.process = subprocess.Popen(
            [sys.executable, "-m", "pier18", "host", "--players", "2", "--seats", "human,hard", "--seed", str(seed),
             "--no-seat", "--port", "0", "--web", "0", "--bind", "127.0.0.1"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            env=child_env(**{saves.DATA_DIR_ENV: str(data_dir)}), start_new_session=True,
        )
        self.lines: list[str] = []
        self._new: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.wait_line(lambda line: "watch in a browser" in line)
        seat = next(line for line in self.lines if "or in a browser:" in line)
        self.link = seat.split("or in a browser:", 1)[1].strip()
        self.base = self.link.split("/?", 1)[0]
        self.code = self.link.split("seat=", 1)[1]

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._new.put(line.rstrip("\n"))
        self._new.put(None)

    def wait_line(self, test, limit: float = 120, after: int = 0) -> str:
        """The first line from index `after` on for which `test` holds (waiting for it)."""
        end = time.monotonic() + limit
        seen = after
        while True:
            for line in self.lines[seen:]:
                if test(line):
                    return line
            seen = len(self.lines)
            try:
                line = self._new.get(timeout=max(0.0, end - time.monotonic()))
            except queue.Empty:
                raise AssertionError("the host never said it; it said:\n" + "\n".join(self.lines)) from None
            if line is None:
                raise AssertionError("the host ended; it said:\n" + "\n".join(self.lines))
            self.lines.append(line)

    def said(self, text: str) -> bool:
        """Whether the host has printed a line holding `text` (by now)."""
        while True:
            try:
                line = self._new.get_nowait()
            except queue.Empty:
                break
            if line is not None:
                self.lines.append(line)
        return any(text in line for line in self.lines)

    def say(self, command: str) -> str:
        """Type a host command; its answer."""
        assert self.process.stdin is not None
        mark = len(self.lines)
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        return self.wait_line(lambda line: not line.startswith("["), after=mark)

    def decisions(self) -> list[str]:
        files = sorted((self.data_dir / "games").glob("*.json"))
        if not files:
            return []
        try:
            return list(json.loads(files[-1].read_text())["decisions"])
        except (OSError, ValueError, KeyError):
            return []

    def children(self) -> list[int]:
        """The host's child processes now (the browser tabs' seat apps)."""
        found: list[int] = []
        for task in Path(f"/proc/{self.process.pid}/task").glob("*"):
            try:
                found += [int(pid) for pid in (task / "children").read_text().split()]
            except OSError:
                pass
        return found

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=30)


@pytest.fixture
def browser():
    find_chromium()
    made = Browser()
    yield made
    made.quit()


@pytest.fixture
def host(tmp_path):
    if not Path("/proc/self/task").is_dir():
        pytest.skip("the host's child processes are counted through /proc (Linux)")
    made = HostProcess(tmp_path / "data")
    yield made
    made.stop()


def play_until(tab, host: HostProcess, done, presses: int = 400, stalled: int = 24) -> str:
    """Press Enter whenever the tab has drawn its answer to the last press, until
    `done(screen)`; the screen then. Fails when `stalled` presses in a row changed
    neither the screen nor the game (a bot's move changes both)."""
    tab.settle()
    same, before = 0, None
    for _ in range(presses):
        text = tab.screen()
        if done(text):
            return text
        now = (text, len(host.decisions()))
        same = same + 1 if now == before else 0
        if same >= stalled:
            break
        before = now
        tab.press("\ue007")  # Enter
        tab.settle()
    raise AssertionError(f"never done ({same} presses changed nothing); the tab showed:\n{tab.screen()}")


def test_a_whole_game_in_a_browser_tab_scores_as_the_engine(browser, host):
    tab = browser.open(host.link)
    tab.wait_for(lambda text: "your three cards" in text, what="the set-up screen")
    text = play_until(tab, host, lambda text: "wins Pier 18!" in text or "win Pier 18!" in text)
    host.wait_line(lambda line: line.startswith("The record:"))
    session = record.load(sorted((host.data_dir / "games").glob("*.json"))[-1])
    game = replayed(session)
    names = session.names
    assert list(names) == [PLAYER, BOT]
    for standing in game.ranking():  # the final screen's ranking is the engine's
        line = f"{standing.place}. {names[standing.seat]}  {points(standing.total)}"
        assert line in text, (line, text)
        assert f"{standing.place}. {names[standing.seat]}: {points(standing.total)}" in host.lines  # and the host's
    assert [seat for seat, _ in session.game.history].count(0) >= 2  # the tab made the seat's decisions
    tab.close()
    assert host.process.wait(timeout=120) == 0  # the table closes once the tab has gone
    assert not browser.outside_requests(host.base)


def key_bar(text: str) -> str:
    """The screen's last row: the app's key bar."""
    rows = text.splitlines()
    return rows[-1] if rows else ""


def test_the_key_bar_shows_and_the_keys_work_before_any_click(browser, host):
    """The page gives its terminal the keyboard as soon as it is connected: the key bar
    shows at once (it stayed empty until the page was clicked) and a key typed into the
    page, which nobody clicked or focused, reaches the game."""
    from selenium.webdriver.common.action_chains import ActionChains

    tab = browser.open(host.link)
    text = tab.wait_for(lambda text: "your three cards" in text and KEY_KEEP_AS_PLAN in key_bar(text),
                        what="the set-up screen and its key bar")
    assert KEY_HELP in key_bar(text)
    active = tab.driver.execute_script("return document.activeElement && document.activeElement.className")
    assert "xterm-helper-textarea" in active  # the terminal has the keyboard
    ActionChains(tab.driver).send_keys("?").perform()  # typed into whatever has the focus
    tab.wait_for(lambda text: KEY_CLOSE in key_bar(text) and KEY_KEEP_AS_PLAN not in key_bar(text),
                 what="the keys list over the set-up screen")
    tab.close()
    assert not browser.outside_requests(host.base)


def test_the_page_says_its_language_and_seat_and_its_terminal_reads_to_a_screen_reader(browser, host):
    """The page names its language (`<html lang>`) and the game and seat (its title), and
    its terminal runs with xterm.js's screenReaderMode on (`web_pages/seat.js`: textual.js
    builds it with the mode off): xterm.js then keeps the terminal's rows as text in
    its accessibility tree, where a screen reader reads the game."""
    tab = browser.open(host.link)
    tab.wait_for(lambda text: "your three cards" in text, what="the set-up screen")
    driver = tab.driver
    assert driver.execute_script("return document.documentElement.lang") == "en"
    assert driver.title == i18n._("{game}: {name}'s seat").format(game=GAME_NAME, name=PLAYER)
    assert driver.execute_script("return document.querySelector('.xterm-accessibility') !== null")  # made only in the mode
    read = "return Array.from(document.querySelectorAll('.xterm-accessibility-tree')).map((e) => e.textContent).join('\\n')"
    waiting.until_now(lambda: "your three cards" in driver.execute_script(read), "the set-up screen in the accessibility tree", step=0.1)
    assert not driver.execute_script("return 'terminal' in Object.prototype")  # the page's setter is gone
    tab.close()
    assert not browser.outside_requests(host.base)


#: In the page: how wide each of `arguments[0]` is, 32 in a row, in the font family
#: `arguments[1]` at 16px, plain, bold and italic, and 32 W's; once the page's fonts
#: for them have loaded.
MEASURE = r"""
const [chars, family, done] = arguments;
const looks = {plain: ["normal", "normal"], bold: ["bold", "normal"], italic: ["normal", "italic"]};
const span = document.createElement("span");
span.style.cssText = "position:absolute;white-space:pre;font-kerning:none;visibility:hidden;font-size:16px";
span.style.fontFamily = family;
document.body.appendChild(span);
const loads = Object.values(looks).map(([weight, style]) => document.fonts.load(`${style} ${weight} 16px ${family}`, chars.join("")));
Promise.all(loads).then(() => {
  const widths = {};
  for (const [look, [weight, style]] of Object.entries(looks)) {
    span.style.fontWeight = weight;
    span.style.fontStyle = style;
    for (const text of ["W", ...chars]) {
      span.textContent = text.repeat(32);
      widths[look + " " + text] = span.getBoundingClientRect().width;
    }
  }
  span.remove();
  done({widths});
}, (error) => done({error: String(error)}));
"""


def drawn_symbols() -> list[str]:
    """Every character outside ASCII the game's screens may draw: those written in the
    words, the drawings and the app, and the stand-ins for control characters in a name
    (`engine.text.printable`)."""
    src = Path(words.__file__).parent
    found: set[str] = set()
    for path in [src / "words.py", *(src / "render").rglob("*.py"), *(src / "tui").rglob("*.py"), *(src / "tui").rglob("*.tcss")]:
        found |= {c for c in path.read_text(encoding="utf-8") if ord(c) > 127 and c.isprintable()}
    found |= {chr(0x2400 + code) for code in range(0x20)} | {"\u2421"}
    return sorted(found)


def test_every_symbol_the_game_draws_is_one_cell_wide_in_the_page(browser, host):
    """The page's terminal draws in Roboto Mono, which has no ★ ✎ ♥ ⚓, no arrows, no box
    drawing: the browser took them from whatever font the computer had, and an anchor
    two cells wide broke the piers' borders. The page brings its own (symbols.css), and
    every symbol the game draws is exactly as wide as a plain letter (a cell), plain, bold
    or italic."""
    from pier18.render.style import STYLES

    symbols = drawn_symbols()
    assert {look.glyph for look in STYLES.values()} <= set(symbols)
    assert {"═", "≈", "▀", "┌", "│", "⏎", "→"} <= set(symbols)
    tab = browser.open(host.link)
    tab.wait_for(lambda text: "your three cards" in text, what="the set-up screen")
    with urllib.request.urlopen(host.base + "/static/js/textual.js", timeout=60) as script:
        family = re.search(r'\.Terminal\(\{[^}]*fontFamily:"([^"]+)"', script.read().decode()).group(1)  # the page's terminal's
    tab.driver.set_script_timeout(120)
    measured = tab.driver.execute_async_script(MEASURE, symbols, family)
    assert "error" not in measured, measured
    assert "Roboto Mono" in family
    widths = measured["widths"]
    cell = widths["plain W"]  # the terminal's cell
    for look in ("plain", "bold", "italic"):
        letter = widths[f"{look} W"]  # Roboto Mono's italic letters are a little narrower than a cell

        def fits(width: float) -> bool:
            return abs(width - cell) <= 0.5 or abs(width - letter) <= 0.5

        wrong = {c: round(widths[f"{look} {c}"] / 32, 3) for c in symbols if not fits(widths[f"{look} {c}"])}
        assert not wrong, f"{look}: a cell is {cell / 32:.3f} px wide, a letter {letter / 32:.3f}; these are not: {wrong}"
    tab.close()
    assert not browser.outside_requests(host.base)


def test_a_wrong_code_sees_nothing_and_is_slowed_down(browser, host):
    durations = []
    for attempt in range(4):
        start = time.monotonic()
        tab = browser.open(near_miss(host.link))  # one group of the code wrong
        durations.append(time.monotonic() - start)
        page = tab.page_text()
        assert i18n._("That code opens no seat at this table. Check it with the host and try again.") in page
        assert not tab.spy()["urls"]  # no terminal, no WebSocket
        for secret in (PLAYER, BOT, host.code, "Plan", "Foundation"):
            assert secret not in page
        tab.close()
    for attempt, took in enumerate(durations):  # the table's growing delay (0.1 s doubling), as for join
        assert took >= 0.1 * 2**attempt
    assert host.children() == []  # nothing was started for it
    asked = browser.open(host.base + "/")  # no code: a page that asks for one, and nothing else
    assert i18n._("Your seat's code, as the host gave it:") in asked.page_text()
    assert not asked.spy()["urls"]
    asked.close()
    with pytest.raises(urllib.error.HTTPError) as refused:  # the terminal's socket itself is refused too
        urllib.request.urlopen(host.base + "/ws/" + near_miss(host.code), timeout=60)
    assert refused.value.code == 403
    assert host.children() == []
    assert host.decisions() == []
    assert not browser.outside_requests(host.base)


def test_a_tab_closed_mid_turn_and_opened_again_resumes_the_seat(browser, host):
    tab = browser.open(host.link)
    tab.wait_for(lambda text: "your three cards" in text, what="the set-up screen")
    play_until(tab, host, lambda text: host.said(f"{PLAYER} to draft"))  # the seat's turn, in the draft
    mark = len(host.lines)
    tab.close()
    host.wait_line(lambda line: i18n._("{name} left").format(name=PLAYER) in line, after=mark)  # a dropped connection: away
    held = host.decisions()
    assert PLAYER in host.say("status")
    assert host.decisions() == held  # the table waits for the seat (no bot was asked to sit in)
    again = browser.open(host.link)
    again.wait_for(lambda text: PLAYER in text and "Round" in text, what="the table")
    host.wait_line(lambda line: i18n._("{name} is here").format(name=PLAYER) in line, after=mark)
    play_until(again, host, lambda text: len(host.decisions()) > len(held))  # and plays on from where it was
    assert host.decisions()[: len(held)] == held
    again.close()
    assert not browser.outside_requests(host.base)


#: Tabs opened and closed one after another: each starts a Python process that imports
#: Textual (about a second of CPU), so this was the slowest test at 20. A tab that left
#: its process (or its seat) behind is seen after the first; eight is well past that.
TABS = 8


def test_tabs_opened_and_closed_one_after_another_leave_the_table_as_it_was(browser, host):
    tab = browser.open(host.link)
    tab.wait_for(lambda text: "your three cards" in text, what="the set-up screen")
    tab.close()
    held = host.decisions()
    for _ in range(TABS):
        tab = browser.open(host.link)
        tab.wait_for(lambda text: "your three cards" in text, what="the set-up screen")
        tab.close()
    waiting.until_now(lambda: not host.children(), "each tab's process to end with its tab", step=0.1)
    assert host.children() == []
    assert host.decisions() == held
    assert host.process.poll() is None
    last = browser.open(host.link)  # the table still serves the seat
    last.wait_for(lambda text: "your three cards" in text, what="the set-up screen")
    last.close()
    assert not browser.outside_requests(host.base)
