"""`pier18 learn`: a guided first game against one bot (Textual is imported only in run)."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.errors import Pier18Error
from ..engine.text import printable
from ..i18n import _
from ..persist import autosave
from ..persist.lesson import lesson_deck, lesson_save, load_script, new_lesson
from ..persist.lock import GameLocked
from ..session import Session
from ..speech.notices import prog_line
from .errors import need_output, plain_lines, say_line
from .parser import Commands, file_name

if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable

    from ..persist.files import Stamp
    from ..persist.lesson import Script
    from ..session import Session


def add_parser(sub: Commands) -> None:
    parser = sub.add_parser(
        "learn",
        help=_("learn to play: a guided first game against a bot, one idea at a time"),
        description=_("Learn Pier 18 by playing: a guided first game against the greedy bot on a designed deal, "
        "in short steps; quit at any time and 'pier18 learn' goes on where you stopped."),
    )
    parser.add_argument("--again", action="store_true", help=_("start the lesson from the beginning, even if one is saved"))

    parser.add_argument(
        "--script", metavar="FILE", type=file_name, help=_("another lesson script (the shipped one is data/lesson.toml; its notes say how)")
    )
    parser.add_argument(
        "--lines", action="store_true",
        help=_("the lesson in plain lines instead of the full screen, for screen readers and scripts: "
        "each step and event said once, one command a line ('help' lists them)"),
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    return learn(getattr(args, "script", None), getattr(args, "again", False), getattr(args, "lines", False))


def learn(script_path: str | None = None, again: bool = False, lines: bool = False) -> int:
    """Open the lesson: the saved one where it stopped, else a new one (also `play`'s
    offer); in plain lines with `lines`, or when the app would have no terminal to draw on."""

    from ..bots import HardBot

    deck = lesson_deck()
    script = load_script(deck, Path(script_path) if script_path is not None else None)  # a bad one is said at once
    need_output()
    notes: list[str] = []
    lines, why = plain_lines(lines)
    if why is not None:
        notes.append(why)
    save = lesson_save()
    session, stamp, note = None, None, None
    if save.exists() and not again:
        saved = autosave.load_saved(save)
        if saved.played_by is not None:
            raise Pier18Error(_("the lesson is open in another terminal (pid {pid}): go on with it there").format(pid=saved.played_by))
        if saved.session is None:
            moved = autosave.set_aside(save, saved.problem or "")
            print(prog_line(printable(_("The saved lesson could not be read ({problem}); starting the lesson from the beginning.").format(problem=moved.message()))), file=sys.stderr)
        elif saved.unfinished:
            session, stamp = saved.session, saved.stamp
            if lines:
                note = _("Going on with your lesson where you left it ('pier18 learn --lines --again' starts it over).")
            else:
                note = _("Going on with your lesson where you left it ('pier18 learn --again' starts it over).")
    if session is None:
        session = new_lesson(deck, script)

    seeds = random.Random()
    seats = list(session.seats)

    def new_session(names: list[str]) -> Session:
        """'New game' after the lesson: a plain game against the same bot."""
        return Session(deck, names, seeds.randrange(2**31), seats=seats)

    if lines:
        return learn_lines(script, session, save, stamp, new_session, notes + ([note] if note else []), seeds)
    from ..tui.learn_app import LearnApp

    factory = autosave.autosaving(new_session, on_error=lambda m: app.warn(m), background=True)
    app = LearnApp(script, session, factory, hint_bot=HardBot(seeds.randrange(2**31)))
    try:
        factory.play(session, save, stamp)
    except GameLocked as locked:
        raise Pier18Error(_("the lesson is open in another terminal (pid {pid}): go on with it there").format(pid=locked.pid)) from None
    if note is not None:
        app.opening_notes = [note]
    from ..tui.exits import run_app

    try:
        return run_app(app)  # a crash is a report and one line, a stop signal gives the terminal back
    finally:
        factory.release()  # the save in flight, then the lesson's lock; the autosave keeps its last decision



def learn_lines(
    script: Script,
    session: Session,
    save: Path,
    stamp: Stamp | None,
    new_session: Callable[[list[str]], Session],
    notes: list[str],
    seeds: random.Random,
) -> int:
    """`learn --lines`: the lesson told and played in plain lines on standard input and
    output (`lines.lesson`), autosaved to the lesson's own file as the app does; the
    lesson's lock let go at the end."""

    from ..bots import HardBot
    from ..lines.lesson import LineLesson

    factory = autosave.autosaving(new_session, on_error=say_line)

    def going_on() -> str | None:
        return None if factory.save is None else _("Your lesson is saved: 'pier18 learn --lines' goes on with it.")

    try:
        factory.play(session, save, stamp)
    except GameLocked as locked:
        raise Pier18Error(_("the lesson is open in another terminal (pid {pid}): go on with it there").format(pid=locked.pid)) from None
    try:
        return LineLesson(script, session, sys.stdin, sys.stdout, going_on, notes, HardBot(seeds.randrange(2**31))).run()
    finally:
        factory.release()
