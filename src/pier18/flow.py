"""What comes next in a game, for one front end: the one answer every app asks.

Whose decision is next, of what kind, and what must be shown before it (a Patron
result, the final score, a pass screen at one laptop passed round) is decided here,
once, from the engine's `TableView` and a few facts only the front end knows: which
seats are played at these keys, whether one laptop is shared, how many Patron awards
it has shown and who it last handed the laptop to. The hot-seat app
(`tui.app.Pier18App`, and the lesson built on it), the network seat (`tui.seat_app`,
in a terminal or a browser) and the `--lines` seat (`cli.join`) all ask `next_step`;
none decides the order itself. What a take-back reveals (`takeback`: which decisions
are described, which are hidden and only counted, who chooses again) is decided here
too, from the same view; `words.takeback_prompt` only words it. Pure: no Textual, no
Rich, no clock, no network.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from .engine.decisions import Decision, Keep
from .engine.phase import Phase

if TYPE_CHECKING:  # pragma: no cover - the views (with the game) are loaded when a game is
    from .engine.view import TableView

#: The phases whose choice is hidden from the others until everyone has made it.
SECRET_PHASES = (Phase.SETUP, Phase.PLAN)


class Show(Enum):
    """The kind of thing a front end shows next."""

    PATRON = "patron"  # the latest Patron award not shown yet
    FINAL = "final"  # the game is over: the final score
    CHOOSE = "choose"  # a seat played at these keys decides
    WAIT = "wait"  # the game waits for a bot or a seat played elsewhere


@dataclass(frozen=True)
class Next:
    """The next thing to show. `seat`: the award's winner (PATRON), the seat to decide
    (CHOOSE), the first seat waited for (WAIT), None at the end. `pass_first`: at a
    laptop passed round, a pass screen naming `seat` comes first; `secret`: that
    screen hides a choice the others must not see (set-up, the Plan)."""

    kind: Show
    seat: int | None
    phase: Phase
    pass_first: bool = False
    secret: bool = False


def next_step(
    view: TableView,
    mine: Collection[int],
    *,
    shared: bool = False,
    at_once: bool = False,
    awards_shown: int = 0,
    handed_to: int | None = None,
) -> Next:
    """What `view` asks of a front end that plays the seats `mine` at its keys.

    In order: the latest Patron award not shown yet (only the latest: older ones are in
    the "since your turn" line and the log), then the final score once the game is over,
    then whose decision it is. `at_once`: set-up and the Plans are chosen by every seat
    at the same time (a network table, `TableView.to_act`); otherwise one seat after
    another (`current_player`). With one laptop `shared`, a pass screen comes before
    every set-up and Plan choice (secret) and whenever the laptop changes hands in the
    draft (`handed_to`: who had it last; None after a load, when nobody is asked to pass).
    """
    phase = view.phase
    if len(view.awards) > awards_shown:
        return Next(Show.PATRON, view.awards[-1].winner, phase)
    if view.is_terminal():
        return Next(Show.FINAL, None, phase)
    waiting = view.to_act() if at_once else (view.current_player,)
    seat = next((s for s in waiting if s in mine), None)
    if seat is None:
        return Next(Show.WAIT, waiting[0] if waiting else None, phase)
    secret = phase in SECRET_PHASES
    pass_first = shared and (secret or handed_to not in (None, seat))
    return Next(Show.CHOOSE, seat, phase, pass_first=pass_first, secret=pass_first and secret)


def may_choose(view: TableView, seat: int | None, *, at_once: bool = True) -> bool:
    """Whether `seat`, played at these keys, has a decision to make now (whatever must
    be shown before it): the question a network seat asks of each state it is sent."""
    if seat is None:
        return False
    step = next_step(view, (seat,), at_once=at_once, awards_shown=len(view.awards))
    return step.kind is Show.CHOOSE


@dataclass(frozen=True)
class Takeback:
    """What taking back the last decisions would reveal and undo, as the table may see it
    (`takeback`); `words.takeback_prompt` words it.

    `seat` made the first decision undone. `again`: it was a choice `seat` makes again,
    never described (SETUP: their Plan and Foundation; PLAN: their Plan placement), or
    None for a draft move, `move`. `moves`: the people's draft moves after it, each
    described; `bot_moves`: how many bot moves after it, only counted. `hidden`: one
    seat for each hidden choice of another person taken back without being shown (the
    first decision's too), whose maker gets the laptop before it is made again;
    `hidden_after`: those after the first decision, counted in the question.
    """

    seat: int
    again: Phase | None
    move: Decision | None
    moves: tuple[tuple[int, Decision], ...] = ()
    bot_moves: int = 0
    hidden: tuple[int, ...] = ()
    hidden_after: tuple[int, ...] = ()


def takeback(
    view: TableView, undone: int, bots: Sequence[bool] = (), at_keys: int | None = None
) -> Takeback | None:
    """What taking back the last `undone` decisions of `view` reveals, or None when there
    are not that many (or none).

    `bots` says which seats are bots (a bot's move is only counted); `at_keys` is the
    person whose turn screen is showing, if any. A choice still hidden (a set-up choice,
    a placed Plan: `None` in the history) is never described: one of someone other than
    the person at the keys is only counted, and its maker makes it again after the laptop
    is passed to them. One person at the laptop among bots sees their own choices, so
    nothing is hidden from them.
    """
    if undone <= 0 or undone > len(view.history):
        return None
    undoing = view.history[len(view.history) - undone :]
    seat, decision = undoing[0]

    def bot(s: int) -> bool:
        return bool(bots) and bots[s]

    choice = decision is None or isinstance(decision, Keep)
    set_up = view.phase is Phase.SETUP or isinstance(decision, Keep)
    again = (Phase.SETUP if set_up else Phase.PLAN) if choice else None
    moves: list[tuple[int, Decision]] = []
    hidden: list[int] = [seat] if decision is None and seat != at_keys and not bot(seat) else []
    bot_moves = 0
    for s, later in undoing[1:]:
        if bot(s):
            bot_moves += 1
        elif later is None:
            if s != at_keys:
                hidden.append(s)
        else:
            moves.append((s, later))
    if sum(1 for s in range(view.players) if not bot(s)) < 2:
        hidden = []  # one person at the laptop: their own choices are theirs to see
    hidden_after = [s for s in hidden if s != seat or decision is not None]
    return Takeback(
        seat,
        again,
        None if choice else decision,
        tuple(moves),
        bot_moves,
        tuple(hidden),
        tuple(hidden_after),
    )
