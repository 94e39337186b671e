"""Where each decision of a record was made, and what its seat knew there.

A draft is judged from the seat's view just before it. The set-up choice and the Plan
placement are made at the same time by every seat, each hidden from the others until
all have chosen; the record lists them in seat order only because the engine applies
them so. Each is judged from the seat's view at the start of its phase: that is all a
seat can know when it chooses (nobody sees another's choice before making their own),
and it is the same whether the seat chose first or last.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Game, Phase, PlayerView, TableView
from ..session import Session


@dataclass(frozen=True, slots=True)
class Position:
    """One decision of a record: who made it, in which phase and round, and from where."""

    number: int  # its place among the record's decisions, from 1
    seat: int
    phase: Phase
    round: int
    position: int  # the seat's view is the game after the record's first `position` decisions


def positions(session: Session) -> list[Position]:
    """Every decision of the session's record, in order, with the position it is judged from."""
    game = Game(session.deck, session.players, session.seed, session.first_player, session.deal)
    found: list[Position] = []
    phase_start, phase = 0, None
    for index, decision in enumerate(session.decisions):
        if game.phase is not phase:
            phase_start, phase = index, game.phase
        at = phase_start if game.simultaneous() else index
        found.append(Position(index + 1, game.current_player, game.phase, game.round, at))
        game.apply(decision)
    return found


def game_at(session: Session, position: int) -> Game:
    """The session's game after its first `position` decisions."""
    return Game.replay(
        session.deck, session.players, session.seed, session.decisions[:position], session.first_player, session.deal
    )


def view_at(session: Session, seat: int, position: int) -> PlayerView:
    """What `seat` knew after the record's first `position` decisions: a screen shows
    the pier a reviewed decision was made on from this (with `PlayerView.outcome` for
    the previews of the choice made and the best one)."""
    return PlayerView.of(game_at(session, position), seat)


def table_at(session: Session, position: int) -> TableView:
    """What the whole table saw after the record's first `position` decisions."""
    return TableView.of(game_at(session, position))
