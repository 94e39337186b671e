"""The terminal's cursor follows the pointer, read as a screen reader reads it: through a
terminal emulator (pyte) fed everything `pier18 play` writes to its pseudo-terminal.

After each arrow the cursor must be shown (Textual hides it) and sit on what is pointed
at: the set-up card, the draft row's card, the placement's cover, the resumed game, the
rule or the answer button; in a name being typed it is where the next letter goes.
Every wait is bounded by the clock (`waiting.Steps`), never by a count of looks.
"""

from __future__ import annotations

import os
import select
from collections.abc import Callable
from pathlib import Path

import pytest

from terminal import Terminal
from waiting import Steps

pyte = pytest.importorskip("pyte")

pytestmark = pytest.mark.skipif(os.name != "posix", reason="pseudo-terminals")

KEYS = {"right": b"\x1b[C", "left": b"\x1b[D", "down": b"\x1b[B", "up": b"\x1b[A", "enter": b"\r", "tab": b"\t",
        "ctrl+q": b"\x11"}


class Seen:
    """`pier18` on a pseudo-terminal, its screen kept by a terminal emulator."""

    def __init__(self, args: list[str], data_dir: Path) -> None:
        self.terminal = Terminal(args, data_dir)
        self.screen = pyte.Screen(130, 40)  # Terminal's size
        self.stream = pyte.ByteStream(self.screen)
        self.fed = 0

    def look(self) -> None:
        self.stream.feed(self.terminal.output[self.fed:])
        self.fed = len(self.terminal.output)

    def until(self, condition: Callable[[], bool], what: str) -> None:
        """Read what the program draws until `condition` holds on the emulated screen."""
        for _ in Steps(lambda: f"{what}; the screen (cursor at {self.cursor}):\n" + "\n".join(self.screen.display)):
            self.look()
            if condition():
                return
            if self.terminal.ended:
                raise AssertionError(f"{what}: the program ended")
            ready, _, _ = select.select([self.terminal.master], [], [], 0.05)
            if ready:
                self.terminal._read()

    def press(self, key: str) -> None:
        os.write(self.terminal.master, KEYS.get(key, key.encode()))

    def shows(self, text: str) -> bool:
        return any(text in line for line in self.screen.display)

    @property
    def cursor(self) -> tuple[int, int]:
        return self.screen.cursor.x, self.screen.cursor.y

    def cells(self, y: int) -> list[str]:
        """Row `y`, one string per column (pyte's `display` joins a wide character's
        two columns into one, which would shift every column after it)."""
        line = self.screen.buffer[y]
        return [line[x].data for x in range(self.screen.columns)]

    def row(self) -> str:
        return "".join(self.cells(self.screen.cursor.y))

    def before_cursor(self) -> str:
        x, y = self.cursor
        return "".join(self.cells(y)[:x])

    def from_cursor(self) -> str:
        """The cursor's row from the cursor on: what a screen reader starts reading."""
        x, y = self.cursor
        return "".join(self.cells(y)[x:])

    def shown(self) -> bool:
        return not self.screen.cursor.hidden


def on_card(seen: Seen, number: int) -> bool:
    """The cursor is shown, inside the card drawn with the heavy border of the card
    pointed at (┏ above it, ┃ left and right of it on its row), on that card's number."""
    x, y = seen.cursor
    if not seen.shown() or not seen.from_cursor().startswith(f"{number}: #") or y == 0:
        return False
    row = seen.cells(y)
    left = max(i for i in range(x) if row[i] in ("│", "┃"))
    right = min(i for i in range(x, len(row)) if row[i] in ("│", "┃"))
    return row[left] == row[right] == "┃" and seen.cells(y - 1)[left] == "┏"


def on_label(seen: Seen, label: str, others: list[str]) -> bool:
    """The cursor is shown, and the first answer to its right on its row is `label`:
    it sits in that button (the answers are side by side, the cursor at a button's start)."""
    if not seen.shown():
        return False
    rest = seen.from_cursor()
    found = {text: rest.find(text) for text in [label, *others] if text in rest}
    return label in found and found[label] == min(found.values())


def point_and_check(seen: Seen, key: str, check: Callable[[], bool], what: str) -> None:
    seen.press(key)
    seen.until(check, what)


def test_the_cursor_sits_on_each_pointed_card_option_and_button(tmp_path):
    data_dir = tmp_path / "data"
    seen = Seen(["play", "--players", "2", "--names", "Ann,Bob", "--seed", "3"], data_dir)
    try:
        for name in ("Ann", "Bob"):
            # Nothing focused on the pass screen: the cursor on its box's words.
            seen.until(lambda: seen.shown() and f"Pass the laptop to {name}" in seen.row(), f"the cursor on {name}'s pass screen")
            seen.press("enter")
            seen.until(lambda: seen.shows("keep one as your Plan") and on_card(seen, 1), "the cursor on set-up card 1")
            for key, number in (("right", 2), ("right", 3), ("right", 1), ("left", 3), ("left", 2), ("2", 2), ("1", 1)):
                point_and_check(seen, key, lambda: on_card(seen, number), f"{key}: the cursor on set-up card {number}")
            seen.press("enter")
            seen.until(lambda: seen.shows("Now keep your Foundation") and on_card(seen, 2), "the cursor on the Foundation")
            point_and_check(seen, "right", lambda: on_card(seen, 3), "the cursor on Foundation card 3")
            point_and_check(seen, "left", lambda: on_card(seen, 2), "the cursor on Foundation card 2")
            seen.press("enter")
        seen.until(lambda: seen.shown() and "Pass the laptop to Ann" in seen.row(), "the cursor on the draft's pass screen")
        seen.press("enter")
        seen.until(lambda: seen.shows("Choose this card") and on_card(seen, 1), "the cursor on the draft row's card 1")
        for key, number in (("right", 2), ("right", 3), ("right", 1), ("left", 3), ("2", 2)):
            point_and_check(seen, key, lambda: on_card(seen, number), f"{key}: the cursor on the draft row's card {number}")
        seen.press("enter")
        covers = ["covers nothing", "covers 1 section", "covers 2 sections"]
        seen.until(lambda: seen.shown() and seen.from_cursor().startswith(covers[0]), "the cursor on the first cover")
        for key, index in (("down", 1), ("down", 2), ("up", 1), ("up", 0)):
            point_and_check(seen, key, lambda: seen.shown() and seen.from_cursor().startswith(covers[index]),
                            f"{key}: the cursor on '{covers[index]}'")
        # A confirm screen: the cursor in the focused answer (No first: Enter never quits).
        seen.press("ctrl+q")
        seen.until(lambda: on_label(seen, "No (n)", ["Yes"]), "the cursor on the quit screen's No")
        point_and_check(seen, "right", lambda: on_label(seen, "Yes", ["No (n)"]), "the cursor on Yes")
        point_and_check(seen, "left", lambda: on_label(seen, "No (n)", ["Yes"]), "the cursor on No again")
        seen.press("y")
        assert seen.terminal.read_to_end() == 0
    finally:
        seen.terminal.kill()

    # The game was saved: the next `play` offers it in a list, then the names screen.
    again = Seen(["play", "--players", "2", "--seed", "4"], data_dir)
    try:
        again.until(lambda: again.shown() and again.from_cursor().startswith("1. "), "the cursor on the saved game")
        point_and_check(again, "down", lambda: again.shown() and again.from_cursor().startswith("New game (n)"),
                        "the cursor on New game")
        point_and_check(again, "up", lambda: again.shown() and again.from_cursor().startswith("1. "),
                        "the cursor back on the saved game")
        again.press("n")
        again.until(lambda: again.shows("Who starts round 1?") and again.shown(), "the names screen")
        # An input places the cursor itself: where the next letter goes.
        # An input's cursor stands one cell past its last letter (Textual's): on its
        # "Player 1" placeholder while empty, a blank cell after the name once typed.
        again.until(lambda: again.shown() and "Player 1" in again.row() and again.row().index("Player 1") + 1 == again.cursor[0],
                    "the cursor in the first name")
        for letter in "Zoe":
            again.press(letter)
        again.until(lambda: again.before_cursor().rstrip().endswith("Zoe"), "the cursor after the name typed")
        again.press("tab")
        again.until(lambda: "Player 2" in again.row() and again.row().index("Player 2") + 1 == again.cursor[0],
                    "the cursor in the second name")
        again.press("tab")
        again.until(lambda: "Earliest Foundation date starts" in again.from_cursor(), "the cursor on the first start rule")
        point_and_check(again, "down", lambda: "starts: last saw the sea" in again.from_cursor(), "the cursor on the next rule")
        point_and_check(again, "up", lambda: "Earliest Foundation date starts" in again.from_cursor(), "the cursor back on the first rule")
    finally:
        again.terminal.kill()
