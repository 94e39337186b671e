"""One rule of case for every typed command (`lines.commands.command_word`): a command
and its keywords are read whatever their case, in every set of plain-line commands.

Each front end is given the same lines twice, once in lower case and once in capitals
(or mixed: `Keep`, `DRAFT`): every command it answers, and a move. Both runs must say
exactly the same; the lower-case run must know every command it was given (so the
comparison means something). The club's commands are in tests/club/test_club_lines.py.
"""

from __future__ import annotations

import asyncio
import io
from types import SimpleNamespace

import pytest

from net_support import WAIT, new_table
from test_join_lines import Heard1, drafting, net_state
from test_learn_lines import SCRIPT

from pier18 import i18n
from pier18.bots import HardBot, make_bot
from pier18.cli.host import table_commands
from pier18.engine import PlayerView, load_deck
from pier18.lines.lesson import LineLesson
from pier18.lines.replay import LineReplay
from pier18.lines.seat import LineSeat
from pier18.lines.table import LineTable
from pier18.net.client import Event, Heard
from pier18.persist.lesson import lesson_deck, new_lesson
from pier18.session import Session

UNKNOWN = "unknown command, try help"
TABLE = ["help", "hand", "row", "pier", "piers", "plans", "score", "scores", "moves"]


def shouted(line: str) -> str:
    """`line` as typed with the caps lock on, or its first letter only (`Keep 15 3`)."""
    return line.upper() if len(line) % 2 else line[:1].upper() + line[1:]


def at_one_laptop(case) -> list[str]:
    """`play --lines`, two people at one laptop (the pass prompt's commands too), a bot."""
    session = Session(load_deck(), ["Ann", "Bob", "Cy"], 7, seats=["human", "human", "random"])
    mine = str(PlayerView.of(session.game, 0).legal[0])
    out = io.StringIO()
    typed = [*TABLE, "", *TABLE, mine, "exit"]  # at the pass prompt, then Ann's set-up choice
    LineTable(session, io.StringIO("".join(f"{line}\n" for line in map(case, typed))), out,
              lambda level, seat: make_bot(level, seat)).run()
    assert [str(d) for d in session.decisions][:1] == [mine]
    return out.getvalue().splitlines()


def in_the_lesson(case) -> list[str]:
    keep = SCRIPT.keep()
    session = new_lesson(lesson_deck(), SCRIPT)
    out = io.StringIO()
    typed = ["help", "why", "hint", "h", "row", "next", "n", f"keep {keep.plan} {keep.foundation}", "quit"]
    LineLesson(SCRIPT, session, io.StringIO("".join(f"{line}\n" for line in map(case, typed))), out,
               hint_bot=HardBot(1)).run()
    assert len(session.decisions) >= 1
    return out.getvalue().splitlines()


def in_a_replay(case) -> list[str]:
    session = new_table(2, 5)
    for _ in range(4):
        session.apply(session.game.legal_decisions()[0])
    out = io.StringIO()
    typed = ["next", "back", "start", "all", "end", "row", "piers", "plans", "scores", "help", "quit"]
    LineReplay(session, io.StringIO("".join(f"{line}\n" for line in map(case, typed))), out).run()
    return out.getvalue().splitlines()


class Deciding(Heard1):
    """A client that heard `events`, then nothing more until the seat leaves; it takes
    the decisions sent."""

    sent: list = []

    async def events(self):
        for event in self.heard:
            yield event
        await asyncio.Event().wait()

    async def decide(self, decision) -> None:
        self.sent.append(decision)


def at_a_networked_seat(case) -> list[str]:
    session = drafting()
    state = net_state(session, session.game.current_player)
    move = str(state.you.legal[0])
    heard = Deciding(state, [Event(Heard.STATE, state=state)])
    heard.sent = []
    typed = [*TABLE, "show", move, "quit"]

    class Typed:
        def __init__(self) -> None:
            self.left = [case(line) for line in typed]

        async def get(self) -> str | None:
            return self.left.pop(0) if self.left else None

    out = io.StringIO()
    status = asyncio.run(asyncio.wait_for(LineSeat(heard, Typed(), out).run(), WAIT))
    assert status == 0 and [str(d) for d in heard.sent] == [move]
    return out.getvalue().splitlines()


def at_the_host(case) -> list[str]:
    """The host's own commands ('status', 'start', 'bot NAME'), each answered by a table."""
    table = SimpleNamespace(status=lambda: "the status", start_now=lambda: "started", cover=lambda seat: f"seat {seat} covered")
    command = table_commands(table, ["Ann", "Bob"])
    answers = [command(case(line)) for line in ("status", "start", "bot bob", "bot ann")]
    assert None not in answers
    return [str(answer) for answer in answers]


FRONT_ENDS = {
    "play --lines": at_one_laptop,
    "learn --lines": in_the_lesson,
    "replay --lines": in_a_replay,
    "join --lines": at_a_networked_seat,
    "host": at_the_host,
}


@pytest.mark.parametrize("front_end", FRONT_ENDS)
def test_every_command_is_read_whatever_its_case(front_end, speaking):
    speaking("en")
    run = FRONT_ENDS[front_end]
    lower = run(lambda line: line)
    assert UNKNOWN not in lower
    assert run(shouted) == lower
