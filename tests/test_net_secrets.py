"""No message to seat i ever names a card seat i may not know.

Every message each client receives is kept as decoded JSON and checked against the
rules (`helpers.cards_seat_may_know`) at the position it describes. Every integer
counts as a card id unless its key says otherwise, and decisions written as text are
read, so a new field that carries cards is checked, not ignored.
"""

from __future__ import annotations

import random

import pytest

from helpers import cards_seat_may_know
from net_support import client, new_table, open_host, play_turns
from pier18.engine import Draft, Game, Keep, parse_decision

#: JSON keys whose integers are never card ids.
NOT_CARDS = frozenset({
    "players", "current_player", "round", "total_rounds", "round_starter", "first_player", "cards_in_deck",
    "turn", "seat", "waiting_for", "scores", "winner", "after", "totals", "standings", "version",
})
PIER_KEYS = frozenset({"piers", "pier"})  # [[card id, cover], ...]
DECISION_KEYS = frozenset({"history", "legal"})


def cards_in(message) -> set[int]:
    found: set[int] = set()

    def walk(value, key):
        if key == "deck":  # the deck itself is public: everyone knows the 18 cards
            return
        if isinstance(value, bool) or value is None:
            return
        if isinstance(value, int):
            if key not in NOT_CARDS:
                found.add(value)
        elif isinstance(value, str):
            if key in DECISION_KEYS:
                decision = parse_decision(value)
                if isinstance(decision, Keep):
                    found.update((decision.plan, decision.foundation))
                elif isinstance(decision, Draft):
                    found.add(decision.card)
        elif isinstance(value, dict):
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            if key == "history":  # [[seat, decision text or null], ...]
                for _seat, text in value:
                    walk(text, key)
            elif key in PIER_KEYS and value and all(isinstance(x, list) and len(x) == 2 and isinstance(x[0], int) for x in value):
                found.update(card for card, _ in value)
            elif key in PIER_KEYS:
                for pier in value:
                    walk(pier, key)
            else:
                for item in value:
                    walk(item, key)
        else:
            raise AssertionError(f"unexpected JSON value {value!r}")

    walk(message, None)
    return found


def positions(session) -> list[Game]:
    """The game after 0, 1, 2 ... decisions."""
    game = Game(session.deck, session.players, session.seed, session.first_player, session.deal)
    games = [game.clone()]
    for decision in session.decisions:
        game.apply(decision)
        games.append(game.clone())
    return games


@pytest.mark.parametrize("players, seed", [(2, 1), (2, 2), (3, 3), (3, 4), (2, 5), (3, 6)])
async def test_no_message_names_a_card_its_seat_may_not_know(players, seed):
    session = new_table(players, seed)

    host = await open_host(session)
    seats = {s: client(host.port, code) for s, code in enumerate(session.codes.seats)}
    watcher = client(host.port, session.codes.watch)
    for c in (*seats.values(), watcher):
        c.log = []
    try:
        await play_turns(seats, random.Random(seed * 31), others=[watcher])
    finally:
        for c in (*seats.values(), watcher):
            await c.close()
        await host.close()
    (logs, watched) = {s: c.log for s, c in seats.items()}, watcher.log
    games = positions(session)
    checked = 0
    for seat, log in [*logs.items(), (None, watched)]:
        for message in log:
            if message["type"] != "state":
                continue
            game = games[message["turn"]]
            if seat is None:  # the spectator knows what every seat knows in common
                known = set.intersection(*(cards_seat_may_know(game, s) for s in range(players)))
            else:
                known = cards_seat_may_know(game, seat)
            leaks = cards_in(message) - known
            assert not leaks, f"seat {seat} was sent cards {leaks} at decision {message['turn']}"
            checked += 1
    assert checked >= 3 * len(session.decisions)


def test_the_checker_sees_a_leak():
    """A hand slipped into a state message is caught (the check is not vacuous)."""
    session = new_table(2, 1)
    game = positions(session)[0]
    other_hand = list(game.hands[1])
    message = {"type": "state", "turn": 0, "view": {"revealed": []}, "you": {"hand": other_hand}}
    assert cards_in(message) - cards_seat_may_know(game, 0) == set(other_hand)
