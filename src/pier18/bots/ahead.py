"""Thinking ahead: the bots' next decisions worked out while a person chooses, each
exactly the decision the bot will make at its turn.

A bot decides from its seat's view with its own random generator, and each decision
moves the generator on. `Foresight` works a decision out on a copy of the bot whose
generator starts where the bot's stands, and keeps the answer with the state the
copy's generator ended in. At the bot's turn, `take` hands the answer over only if the
bot's view is the one it was worked out for and the bot's generator is still where the
copy's started; the generator then jumps to where the copy's ended. So thinking ahead
changes nothing but the wait: a seeded bot makes the same decisions, and draws the
same random numbers, as it would deciding at its turn.

What is thought about (`think`), from a copy of the game as it stands: when a bot is to
move (a Patron panel is being read), its decision and the bots' after it; when a person
is, each decision that person may make (best first by that person's greedy judgement
when one person plays here, else in the engine's order), each followed by the bots'
replies until a person is to move again. Each bot is given its seat's `PlayerView` and
nothing else. A line stops where a card is drawn (a new draft row): nobody may see a
row before it is drawn, so no work is done on one. Work on a line the game has left
(the person chose something else, a move was taken back) stops at once (`follow`).

This module imports only the standard library until it is used, so a front end can
hold a `Foresight` without loading the bots.
"""

from __future__ import annotations

import copy
import random
import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Decision, PlayerView
    from .base import Bot, World

#: Seconds the thinking sleeps between pieces of work, so that a front end running in the
#: same process (one interpreter lock) answers keys without waiting for it.
YIELD = 0.001
#: Answers kept at most; the oldest are forgotten first (a game has fewer decisions).
KEEP = 256


class Stopped(Exception):
    """Raised inside a search thought ahead when its line is no longer wanted."""


@dataclass(frozen=True, slots=True)
class _Answer:
    start: object  # the bot's generator state it was worked out from
    decision: Decision
    end: object  # the generator state after it


@dataclass(slots=True)
class _Working:
    key: Hashable
    start: object
    done: threading.Event


def view_key(view: PlayerView) -> Hashable:
    """What identifies a view: every field of it (`base.position_seed`)."""
    from .base import position_seed

    return (view.seat, position_seed(view))


class Foresight:
    """Answers worked out ahead for the bots of one table (see the module's text)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._answers: dict[tuple[int, Hashable], _Answer] = {}
        self._working: _Working | None = None
        self._stopped = threading.Event()
        self._played: tuple[object, ...] = ()  # the game's history as it really went

    # -- the front end's side ------------------------------------------------------------

    def begin(self, played: tuple[object, ...]) -> threading.Event:
        """A new round of thinking from the game whose history is `played`: the last
        one stops. Returns the event that stops this one."""
        with self._lock:
            self._stopped.set()
            self._stopped = threading.Event()
            self._played = played
            return self._stopped

    def follow(self, played: tuple[object, ...]) -> None:
        """The game's history now: work on any other line stops."""
        self._played = played

    def stop(self) -> None:
        """Stop thinking (the game is closing)."""
        self._stopped.set()

    def take(self, bot: Bot, view: PlayerView) -> Decision | None:
        """The decision worked out ahead for `bot` at `view`, if there is one for the
        bot's generator as it stands (waiting for it if it is being worked out now); the
        generator is moved on as the decision would have moved it. None otherwise."""
        rng = getattr(bot, "rng", None)
        if not isinstance(rng, random.Random):
            return None
        key = (id(bot), view_key(view))
        state = rng.getstate()
        for _ in range(2):
            with self._lock:
                answer = self._answers.get(key)
                working = self._working
            if answer is not None and answer.start == state:
                rng.setstate(answer.end)  # type: ignore[arg-type]
                return answer.decision
            if working is None or working.key != key or working.start != state:
                return None
            working.done.wait()
        return None

    # -- the worker's side ---------------------------------------------------------------

    def think(
        self,
        game: World,
        bot_for: Callable[[int], Bot | None],
        rank: bool,
        stopped: threading.Event,
        cancelled: Callable[[], bool] = lambda: False,
    ) -> None:
        """Work out the bots' next decisions from `game` (a copy this call may change),
        `bot_for(seat)` being the bot that plays a seat (None for a person); `rank`: order
        the person's decisions by that person's own judgement (one person at the table).
        Returns when done, or when `stopped` is set or `cancelled()` holds."""
        from ..engine import Phase, PlayerView

        def halted() -> bool:
            # Asked between the search's sampled worlds: a short sleep hands the
            # interpreter to the screen's thread, which would otherwise wait for it.
            time.sleep(YIELD)
            return stopped.is_set() or cancelled()

        if game.phase is Phase.OVER or halted():
            return
        seat = game.current_player
        if bot_for(seat) is not None:
            self._line(game, bot_for, halted)
            return
        legal = game.legal_decisions()
        if rank:
            from .estimate import values_of

            worth = values_of(PlayerView.of(game, seat), seat, legal)  # type: ignore[arg-type]
            legal = [legal[i] for i in sorted(range(len(legal)), key=lambda i: (-worth[i], i))]
        for decision in legal:
            if halted():
                return
            trial = game.clone()
            trial.apply(decision)
            if trial.round == game.round:  # nothing drawn by this decision
                self._line(trial, bot_for, halted)

    def _line(self, game: World, bot_for: Callable[[int], Bot | None], halted: Callable[[], bool]) -> None:
        """The bots' decisions from `game` on, until a person is to move or a card is drawn."""
        from ..engine import Phase, PlayerView

        states: dict[int, object] = {}  # a bot's generator as it will stand on this line
        while game.phase is not Phase.OVER and not halted():
            seat = game.current_player
            bot = bot_for(seat)
            rng = getattr(bot, "rng", None)
            if bot is None or not isinstance(rng, random.Random):
                return
            line = tuple(game.history)
            if not self._wanted(line):
                return
            start = states.get(id(bot))
            if start is None:
                start = rng.getstate()
            answer = self._work(bot, PlayerView.of(game, seat), start, lambda: halted() or not self._wanted(line))  # type: ignore[arg-type]
            if answer is None:
                return
            states[id(bot)] = answer.end
            drawn = game.round
            game.apply(answer.decision)
            if game.round != drawn:
                return  # a new row: not to be seen before it is drawn

    def _wanted(self, line: tuple[object, ...]) -> bool:
        """Whether the game may still reach the position whose history is `line`."""
        played = self._played
        return len(line) >= len(played) and line[: len(played)] == played

    def _work(self, bot: Bot, view: PlayerView, start: object, halt: Callable[[], bool]) -> _Answer | None:
        key = (id(bot), view_key(view))
        with self._lock:
            answer = self._answers.get(key)
            if answer is not None and answer.start == start:
                return answer
            working = self._working = _Working(key, start, threading.Event())
        fork: Any = copy.copy(bot)
        fork.rng = random.Random()
        fork.rng.setstate(start)
        fork.stop = halt  # searches that look at it give up early (`Stopped`)
        answer = None
        try:
            answer = _Answer(start, fork.choose(view), fork.rng.getstate())
        except Stopped:
            pass
        finally:
            with self._lock:
                if answer is not None:
                    if len(self._answers) >= KEEP:
                        del self._answers[next(iter(self._answers))]
                    self._answers[key] = answer
                self._working = None
            working.done.set()
        return answer
