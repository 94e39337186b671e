"""`pier18 join --lines` (and the host's own seat with `host --lines`): whole networked
games played by scripts that read only the lines.

A real host runs over loopback; each human seat is the plain-line front end
(`pier18.lines.seat.LineSeat`) over its own client, its input a script (`Script`) that
is asked for a line only once the line before is answered, and reads what was said
since: at its prompt it asks `moves` and types one of the moves listed, and it tries a
few other words on the way. After the game, every public event of the game's log is
among each seat's lines (and a watcher's) once, in order; no line holds box drawing;
no seat's lines show another seat's hidden cards; a connection cut mid-game and a seat
left and joined again by a fresh front end are recapped; in Dutch no English phrase of
the catalog shows.
"""

from __future__ import annotations

import asyncio
import io
import json
import random
import re

import pytest

from dutch import english_in
from net_support import RUN, WAIT, client, new_table, open_host
from test_play_lines import SPELLED

from pier18 import i18n
from pier18.engine import Game, PlayerView, TableView
from pier18.lines import say
from pier18.lines.seat import LineSeat
from pier18.net.client import Event, Heard
from pier18.net.protocol import decode_state, state_message
from pier18.tui.moves import game_log
from pier18 import words
from pier18.speech.moves import card_label
from pier18.speech.notices import refusal
from pier18.speech.people import lobby_seat, whose_turn

MOVE = re.compile(r"^(keep \d+ \d+|draft \d+:\d+|plan \d+)\b")
#: Box drawing and block elements: what a screen reader spells out character by character.
BOXES = re.compile("[\u2500-\u259f]")
#: More lines than any game asks for (a 3-player game asks about 150 a seat).
MOST_READS = 2000


class Screen:
    """Where a seat's lines go: kept as text; whoever waits for more is woken by each write."""

    def __init__(self) -> None:
        self.text = ""
        self.wrote = asyncio.Event()

    def write(self, text: str) -> int:
        self.text += text
        self.wrote.set()
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def lines(self) -> list[str]:
        return self.text.splitlines()

    async def more_than(self, count: int) -> None:
        """Until more than `count` lines have been said."""
        while len(self.lines()) <= count:
            self.wrote.clear()
            await asyncio.wait_for(self.wrote.wait(), WAIT)


class Script:
    """A player at a seat who reads only its lines: asked for a line (`get`) once the one
    before is answered; at its prompt it asks 'moves' and types one of them."""

    def __init__(self, screen: Screen, name: str | None, seed: int, extras=(), quit_at=None, drop_at=None) -> None:
        self.screen = screen
        self.prompt = None if name is None else i18n._(
            "{name}, your move: type it as 'moves' lists it, or 'help'."
        ).format(name=name)
        self.chooser = random.Random(seed)
        self.extras = list(extras)
        self.read_up_to = 0  # where the next prompt is looked for
        self.mark = 0  # the lines said before the last line typed was answered
        self.pending: str | None = None  # the line typed last, whose answer is next
        self.choosing = False  # at a prompt, until a move is typed
        self.tried: list[tuple[str, list[str]]] = []  # each line typed, and its answer
        self.prompts = 0
        self.reads = 0
        self.quit_at, self.drop_at = quit_at, drop_at
        self.drop = None  # what cuts the seat's connection (a pulled cable)
        self.dropped_at: int | None = None  # how many lines were said when it was cut

    def get(self):
        """The seat asks for its next line: what was said since the line before is its answer."""
        if self.pending is not None:
            self.tried.append((self.pending, self.screen.lines()[self.mark:]))
            self.pending = None
        self.reads += 1
        return self.next()

    def type(self, line: str) -> str:
        self.pending, self.mark = line, len(self.screen.lines())
        return line + "\n"

    async def next(self) -> str | None:
        if self.reads > MOST_READS:  # a front end that never moves on: the input ends
            return None
        if self.choosing:  # 'moves', then (now and then another word, and 'moves' again) a move
            typed, answer = self.tried[-1]
            moves = [m.group(1) for line in answer if (m := MOVE.match(line))] if typed == "moves" else []
            if not moves:
                return self.type("moves")
            if self.extras and self.chooser.random() < 0.4:
                return self.type(self.extras.pop(0))
            self.choosing = False
            return self.type(self.chooser.choice(moves))
        while True:
            lines = self.screen.lines()
            at = next((i for i in range(self.read_up_to, len(lines)) if lines[i] == self.prompt), None)
            if at is None:
                await self.screen.more_than(len(lines))
                continue
            self.read_up_to = at + 1
            self.prompts += 1
            if self.prompts == self.quit_at:
                return self.type("quit")
            if self.prompts == self.drop_at and self.drop is not None:
                self.dropped_at = len(lines)
                self.drop()  # the seat says the loss and the recap; the prompt comes again
                continue
            self.choosing = True
            return self.type("moves")


class Watcher(Script):
    """A spectator: tries the words of a seat once, then only listens."""

    async def next(self) -> str | None:
        if self.extras:
            await self.screen.more_than(1)  # let in, and told where the game stands
            return self.type(self.extras.pop(0))
        await asyncio.Event().wait()
        return None


class Seat:
    """One seat's front end in plain lines, run by a script, until the game is over (a
    seat that quits is joined again with its code by a fresh front end)."""

    def __init__(self, port: int, code: str, name: str | None, seed: int, **plan) -> None:
        self.port, self.code, self.name, self.seed = port, code, name, seed
        self.screens: list[Screen] = []
        self.scripts: list[Script] = []
        self.plan = plan

    def front(self, **plan) -> LineSeat:
        screen = Screen()
        kind = Watcher if self.name is None else Script
        script = kind(screen, self.name, self.seed + len(self.scripts), **plan)
        link = client(self.port, self.code)
        script.drop = link.drop
        self.screens.append(screen)
        self.scripts.append(script)
        return LineSeat(link, script, screen, left=i18n._("Left the table; join again with the same code to come back to your seat."))

    def start(self) -> asyncio.Task[list[int]]:
        """Join now (its lines start at once), and play on in a task."""
        return asyncio.create_task(self.run(self.front(**self.plan)))

    async def run(self, front: LineSeat) -> list[int]:
        statuses = []
        try:
            statuses.append(await front.run())
        finally:
            await front.client.close()
        if self.scripts[0].quit_at is not None:  # left mid-game: a fresh front end, with the same code
            front = self.front(extras=["frobnicate"])
            try:
                statuses.append(await front.run())
            finally:
                await front.client.close()
        return statuses


async def until_said(screen: Screen, line: str) -> None:
    """Until `line` has been said (indented or not: a check after the wait says which)."""
    while line.strip() not in (said.strip() for said in screen.lines()):
        await screen.more_than(len(screen.lines()))


def dealt(session) -> list[tuple[int, ...]]:
    """Each seat's three set-up cards."""
    start = Game.replay(session.deck, session.players, session.seed, [], session.first_player, session.deal)
    return [PlayerView.of(start, seat).hand for seat in range(session.players)]


def label(session, card: int) -> re.Pattern[str]:
    return re.compile(re.escape(card_label(session.deck[card])) + r"\b")


def check_lines(lines: list[str], session) -> None:
    """The game is over, every public event of its log said once among the lines, the
    draft's in order, the end said, and no box drawing."""
    assert session.game.is_terminal()
    view = TableView.of(session.game)
    log = game_log(view, session.names, {}, session.stand_ins())  # a bot's reasons stay at the host
    assert log
    places = []
    for event in map(say.plain, log):  # the log's words, without the marks the screen adds
        found = [i for i, line in enumerate(lines) if line == event or line.startswith(event.rstrip("."))]
        assert len(found) == 1, (event, found, "\n".join(lines))
        places.append(found[0])
    players = session.players
    draft = places[players:-players]  # set-up choices and Plans are shown later than made
    assert draft == sorted(draft)
    assert lines[-len(say.final_lines(view, session.names)):] == say.final_lines(view, session.names)
    assert not [line for line in lines if SPELLED.search(line)]


def check_hidden(seat: int, lines: list[str], session) -> None:
    """This seat's own set-up cards said, each with its Plan goal, before it chose;
    nothing of another seat's set-up cards until every choice is shown."""
    hands = dealt(session)
    sent = next(i for i, line in enumerate(lines) if line.startswith(i18n._("sent: {move}").format(move="keep ")))
    for card in hands[seat]:
        assert any(label(session, card).search(line) for line in lines[:sent])
    goal = i18n._("Plan goal: {goal} (+{bonus})").split("{goal}")[0]
    assert sum(line.strip().startswith(goal) for line in lines[:sent]) >= 3  # three, or more if asked again
    setup = game_log(TableView.of(session.game), session.names, {}, session.stand_ins())[: session.players]
    shown = min(i for i, line in enumerate(lines) for event in setup if line.startswith(event.rstrip(".")))
    assert shown > sent
    for other in range(session.players):
        for card in hands[other] if other != seat else ():
            assert not any(label(session, card).search(line) for line in lines[:shown]), (other, card)


EXTRAS = ["hand", "row", "piers", "plans", "scores", "pier", "frobnicate", "help", "show"]


@pytest.mark.parametrize(
    "lang, players, seats, seed, lobby",
    [("en", 2, "human,human", 5, False), ("en", 3, "human,human,human", 8, True), ("nl", 3, "human,random,human", 13, True)],
)
async def test_a_whole_networked_game_played_by_reading_only_the_lines(speaking, lang, players, seats, seed, lobby):
    speaking(lang)
    kinds = seats.split(",")
    session = new_table(players, seed, kinds)
    host = await open_host(session, lobby=lobby)
    humans = [s for s, kind in enumerate(kinds) if kind == "human"]
    try:
        first, last = humans[0], humans[-1]
        seat_of = {
            s: Seat(host.port, session.codes.seats[s], session.names[s], seed + s,
                    extras=EXTRAS if s == first else ["frobnicate"],
                    drop_at=3 if s == first else None, quit_at=4 if s == last and players == 3 else None)
            for s in humans
        }
        watcher = Seat(host.port, session.codes.watch, None, seed,
                       extras=["hand", "moves", "draft 1:0", "frobnicate", "scores", "help"])
        first_seat, *others = seat_of.values()
        runs = [first_seat.start()]
        if lobby:  # the first seat in waits in the lobby, told who is still to come
            await until_said(first_seat.screens[0], i18n._("Waiting for the players: the game starts when every seat is filled"))
            for other in list(others[:-1]):  # who arrives is said, each once
                runs.append(other.start())
                others.remove(other)
                await until_said(first_seat.screens[0], lobby_seat(other.name, True, True, False, False))
        runs += [one.start() for one in (watcher, *others)]
        statuses = await asyncio.wait_for(asyncio.gather(*runs), RUN)
    finally:
        await host.close()
    assert all(status == 0 for run in statuses for status in run)

    for s, seat in seat_of.items():
        lines = seat.screens[-1].lines()
        check_lines(lines, session)
        whole = [line for screen in seat.screens for line in screen.lines()]
        check_hidden(s, whole, session)
        for script in seat.scripts:
            for typed, answer in script.tried:
                assert answer, typed  # every line gets its answer at once
                if MOVE.match(typed):
                    assert answer == [i18n._("sent: {move}").format(move=typed)]
                if typed == "frobnicate":
                    assert answer == [i18n._("unknown command, try help")]
        if lang == "nl":
            assert english_in("\n".join(whole)) == []
    check_lines(watcher.screens[0].lines(), session)
    answers = dict(watcher.scripts[0].tried)
    assert answers["frobnicate"] == [i18n._("unknown command, try help")]
    watching = [i18n._("You are watching: you have no cards and no moves.")]
    assert answers["hand"] == answers["moves"] == answers["draft 1:0"] == watching  # not 'It is not your turn'
    commands = [line.split(":")[0].strip() for line in answers["help"][1:]]  # a watcher's help: no seat's words
    assert not {"hand", "moves"} & set(commands) and "quit" in commands
    assert say.INDENT + i18n._("show: where the game stands") in answers["help"]  # nothing of a turn of its own
    assert watcher.screens[0].lines()[0] == i18n._("watching the table at {url}").format(
        url=f"ws://127.0.0.1:{host.port}/"
    )

    dropped = seat_of[humans[0]]  # its connection was cut at its third prompt: a recap
    after = dropped.screens[0].lines()[dropped.scripts[0].dropped_at:]
    connected = i18n._("connected to {url}").format(url=f"ws://127.0.0.1:{host.port}/")
    assert after[0].startswith(i18n._("connection lost: {why}").split("{why}")[0])
    assert connected in after
    assert after.index(connected) < after.index(dropped.scripts[0].prompt)

    if players == 3:  # the last seat left at its fourth prompt; a fresh front end heard it all
        again = seat_of[humans[-1]].screens[1].lines()
        assert again[0] == connected and again[1] == i18n._("The game so far:")  # its turn says where it stands
        left = seat_of[humans[-1]].screens[0].lines()
        assert left[-1] == i18n._("Left the table; join again with the same code to come back to your seat.")
    if lobby:
        lines = seat_of[humans[0]].screens[0].lines()
        start = lines.index(i18n._("Waiting for the players: the game starts when every seat is filled"))
        names = session.names
        assert lines[start + 1] == say.INDENT + lobby_seat(names[0], True, True, False, True)
        assert say.INDENT + lobby_seat(names[1], kinds[1] == "human", kinds[1] != "human", False, False) in lines
        started = lines.index(i18n._("everyone is here: the game starts"))
        assert lines.count(i18n._("everyone is here: the game starts")) == 1
        for other in humans[1:-1]:  # each arrival said once (the last one starts the game)
            arrived = lobby_seat(names[other], True, True, False, False)
            assert lines[:started].count(arrived) == 1, "\n".join(lines[:started + 1])


def net_state(session, seat: int):
    """The state an honest host sends `seat` now, every player here."""
    seats = [{"name": name, "kind": "human", "connected": True, "covered": False} for name in session.names]
    message = state_message(TableView.of(session.game), PlayerView.of(session.game, seat), seats, [])
    return decode_state(json.loads(json.dumps(message)), session.deck)


class Heard1:
    """A client that has heard `events` already (then it closes), with `state` its last."""

    def __init__(self, state, events) -> None:
        self.state, self.seat, self.url, self.heard = state, state.you.seat, "ws://127.0.0.1:1/", events

    async def events(self):
        for event in self.heard:
            yield event


class Typed:
    """Lines typed at once, then nothing more."""

    def __init__(self, *lines: str) -> None:
        self.lines = list(lines)

    async def get(self) -> str | None:
        if self.lines:
            return self.lines.pop(0)
        await asyncio.Event().wait()
        return None


async def said(state, typed: list[str], events: list) -> list[str]:
    out = io.StringIO()
    status = await asyncio.wait_for(LineSeat(Heard1(state, [*events, Event(Heard.CLOSED)]), Typed(*typed), out).run(), WAIT)
    assert status == 0
    return out.getvalue().splitlines()


def drafting(seed: int = 5):
    """A 2-player table in its first draft turn, both set-up choices made."""
    session = new_table(2, seed)
    for seat in range(2):
        session.choose(seat, PlayerView.of(session.game, seat).legal[0])
    return session


async def test_a_line_typed_is_answered_before_an_event_heard_meanwhile():
    """A line and an event that arrive together: the line's answer comes first, right
    after it was typed (a script, or a person, reads it there)."""
    session = drafting()
    ann = net_state(session, 0)
    lines = await said(ann, ["frobnicate"], [Event(Heard.STATE, state=ann)])
    assert lines[0] == i18n._("unknown command, try help")
    assert len(lines) > 1  # then the events


async def test_a_decision_out_of_turn_and_a_refusal_are_answered():
    """A move typed when it is another seat's turn gets the not-your-turn sentence; a
    move that is no move now says so; the host's refusal is said, with the prompt again."""
    session = drafting()
    waiting = 1 - session.game.current_player
    other = net_state(session, waiting)
    lines = await said(other, ["draft 1:0"], [])
    assert lines == ["It is not your turn."]
    mover = net_state(session, session.game.current_player)
    for move in ("draft 99:0", "plan 1"):
        lines = await said(mover, [move], [])
        assert lines == [i18n._("{move} is not one of your moves now; 'moves' lists them.").format(move=f"'{move}'")]
    lines = await said(mover, [], [Event(Heard.REFUSED, "it is not your turn")])
    assert lines[0] == i18n._("refused: {reason}").format(reason="it is not your turn")
    assert lines[1].startswith(i18n._("{name}, your move: type it as 'moves' lists it, or 'help'.").format(
        name=session.names[mover.you.seat]
    ))


@pytest.mark.parametrize("mine", [True, False])
async def test_a_rejoin_on_your_turn_says_where_the_game_stands_once(mine):
    """Joined again part way: the recap tells the game so far. On this seat's turn the
    turn's own first line says where the game stands, so it is not said before the recap
    as well (a screen reader would read it twice); on another's turn it comes first."""
    session = drafting()
    seat = session.game.current_player if mine else 1 - session.game.current_player
    state = net_state(session, seat)
    lines = await said(state, [], [Event(Heard.WELCOME), Event(Heard.STATE, state=state)])
    stands = whose_turn(TableView.of(session.game), session.names)
    assert lines.count(stands) == 1, "\n".join(lines)
    assert i18n._("The game so far:") in lines
    if mine:
        assert lines.index(i18n._("The game so far:")) == 1  # right after 'connected to ...'
        assert lines[-1] == i18n._("{name}, your move: type it as 'moves' lists it, or 'help'.").format(
            name=session.names[seat]
        )
    else:
        assert lines.index(stands) == 1


async def test_a_seat_waiting_hears_whose_turn_it_is_once_a_turn():
    """Over the network no pass prompt says who is to draft: a seat waiting its turn (or
    a watcher) hears 'round 1, Cy to draft' after the events, once a turn, never again
    for the same turn."""
    session = new_table(3, 5)
    for seat in range(3):
        session.choose(seat, PlayerView.of(session.game, seat).legal[0])
    mover = session.game.current_player
    waiter = next(seat for seat in range(3) if seat not in (mover, (mover + 1) % 3))
    first = net_state(session, waiter)
    before = whose_turn(TableView.of(session.game), session.names)
    session.choose(mover, PlayerView.of(session.game, mover).legal[0])
    second = net_state(session, waiter)
    after = whose_turn(TableView.of(session.game), session.names)
    assert before != after
    lines = await said(first, [], [Event(Heard.STATE, state=first), Event(Heard.STATE, state=first),
                                   Event(Heard.STATE, state=second)])
    assert lines.count(before) == lines.count(after) == 1, "\n".join(lines)
    moved = next(i for i, line in enumerate(lines) if line.startswith(session.names[mover] + " took "))
    assert lines.index(before) < moved < lines.index(after)
