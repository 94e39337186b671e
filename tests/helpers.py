"""Small helpers shared by the tests."""

from __future__ import annotations

import os
import random
from pathlib import Path

from pier18.engine import Game, parse_sections

SRC = Path(__file__).resolve().parents[1] / "src"

#: What a terminal or a test runner tells a program about the screen. pytest-xdist
#: workers and many shells set COLUMNS=80 LINES=24, which Textual believes over the
#: real (pseudo-)terminal size; child processes must not inherit any of it.
TERMINAL_VARIABLES = frozenset(
    {"COLUMNS", "LINES", "TERM", "COLORTERM", "TERM_PROGRAM", "TERM_PROGRAM_VERSION", "NO_COLOR",
     "FORCE_COLOR", "CLICOLOR", "CLICOLOR_FORCE", "TTY_COMPATIBLE", "TTY_INTERACTIVE",
     "JUPYTER_COLUMNS", "JUPYTER_LINES"}
)


def child_env(**extra: str) -> dict[str, str]:
    """The environment for a child process: this one's, less every terminal variable
    (and Textual's own settings), with the source tree importable; `extra` on top."""
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in TERMINAL_VARIABLES and not name.startswith("TEXTUAL")
    }
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(SRC), os.environ.get("PYTHONPATH")]))
    env.update(extra)
    return env


def table_move_line(game: Game, decision, names):
    """The move line the table shows for `decision`, made on a copy of `game`."""
    from pier18.engine import TableView
    from pier18.speech.moves import move_line

    after = game.clone()
    after.apply(decision)
    return move_line(TableView.of(game), TableView.of(after), names)


def takeback_prompt(session):
    """The question `u` asks for this session."""
    from pier18.engine import TableView
    from pier18.flow import takeback
    from pier18.words import takeback_prompt as prompt

    view = TableView.of(session.game)
    facts = takeback(view, session.takeback_count())
    return None if facts is None else prompt(view.deck, session.names, facts)


def summary(session):
    """The one-line summary of a saved session."""
    from pier18.engine import TableView
    from pier18.persist.savecache import summary_of

    table = TableView.of(session.game)
    return summary_of(session.names, table.phase, table.round, table.current_player, len(table.history))


def pier(text: str):
    """Sections from the pier notation, written land end first (one section per line)."""
    return parse_sections(text)


def random_game(deck, players: int, seed: int, first_player: int | None = None) -> Game:
    """A complete game with every decision chosen at random (seeded)."""
    game = Game(deck, players, seed, first_player)
    chooser = random.Random(seed * 7919 + players)
    while not game.is_terminal():
        game.apply(chooser.choice(game.legal_decisions()))
    return game


def make_deck(sections=None, goal=None, dates=None):
    """A valid 18-card deck for crafted situations.

    `sections(card_id)` gives a card's sections as [[left, right], ...] ("" empty; all
    empty by default), `goal(card_id)` its plan goal table, `dates(card_id)` its "MM-DD".
    """
    from pier18.engine.deck import parse_deck

    chars = ["flower", "poet", "lovers", "fisher"]
    patrons = [[c] for c in chars for _ in range(3)] + [
        [a, b] for i, a in enumerate(chars) for b in chars[i + 1 :]
    ]
    cards = []
    for card_id in range(1, 19):
        cards.append(
            {
                "id": card_id,
                "name": f"Card {card_id}",
                "date": dates(card_id) if dates else f"{(card_id - 1) % 12 + 1:02d}-{card_id:02d}",
                "patron": patrons[card_id - 1],
                "sections": sections(card_id) if sections else [["", ""]] * 4,
                "plan": {
                    "goal": goal(card_id)
                    if goal
                    else {"text": f"At least {card_id} sections", "kind": "sections", "at_least": card_id}
                },
            }
        )
    return parse_deck({"cards": cards}, "<test deck>")


# -- what a player's view may hold ------------------------------------------------------

#: Attribute names whose integers are never card ids (seats, counts, rounds, covers,
#: scores). Every other integer reached from a view is taken to be a card id, so a new
#: attribute that carries cards under any name is checked, not ignored.
NOT_CARD_IDS = frozenset(
    {"players", "seat", "current_player", "round", "round_starter", "first_player",
     "cards_in_deck", "cover", "winner", "scores", "index", "after"}
)


#: Memo caches the walk does not enter. `Pier._next` keeps the piers that look-ahead
#: bots built from a pier, by any seat and with cards they only imagined: it is shared
#: by every view of that pier, so it is a side channel (see docs/testing.md), but it
#: holds guesses, not the game's secrets.
MEMO_ATTRIBUTES = frozenset({"_next"})


def cards_seat_may_know(game, seat: int) -> set[int]:
    """Every card `seat` may know about in `game`, read from the rules, not from a view.

    Its own dealt hand, returned card and Plan; the draft row; every card drafted this
    round and every Patron won. Other seats' Plans and Foundations only once set-up is
    over (they are chosen at the same time), and during the Plan phase a seat that has
    placed its Plan shows the pier it had before (Plans are placed at the same time).
    """
    from pier18.engine import Phase

    known = set(game.hands[seat]) | set(game.revealed)
    known.update(c for c in (game.returned[seat], game.plans[seat]) if c is not None)
    known.update(c for c in game.drafted if c is not None)
    for won in game.patrons:
        known.update(won)
    for award in game.awards:
        known.add(award.card)
        known.update(c for c in award.drafted if c is not None)
    for other in range(game.players):
        placements = game.piers[other].placements
        if other == seat:
            known.update(p.card.id for p in placements)
            continue
        if game.phase.value == Phase.SETUP.value:
            continue  # Foundations and Plans are still secret
        if game.plans[other] is not None:
            known.add(game.plans[other])
        if game.phase.value == Phase.PLAN.value and other < game.current_player:
            placements = placements[:-1]  # its Plan card is face down until the end
        known.update(p.card.id for p in placements)
    return known


def cards_reachable(view, deck, skip: tuple[str, ...] = ()) -> dict[int, str]:
    """Every card id reachable from `view`, with the path to its first sighting.

    Walks all of the view's attributes (its __dict__ and slots), and into tuples, lists,
    sets, dicts and engine objects (piers, placements, decisions, awards). A `Card`
    counts as its id; an integer counts as a card id unless its attribute is one of
    `NOT_CARD_IDS`. The deck itself is public (everyone knows which 18 cards there
    are) and a score sheet holds points, so the walk stops there. An object of a
    kind the walk does not know (say, a random generator) fails the walk.
    """
    from enum import Enum

    from pier18.engine.cards import Card
    from pier18.engine.deck import Deck
    from pier18.engine.scoring import ScoreSheet

    found: dict[int, str] = {}
    seen: set[int] = set()

    def attributes(obj):
        names = list(getattr(obj, "__dict__", {}))
        for klass in type(obj).__mro__:
            slots = klass.__dict__.get("__slots__", ())
            names.extend([slots] if isinstance(slots, str) else slots)
        return [(n, getattr(obj, n)) for n in dict.fromkeys(names) if hasattr(obj, n)]

    def walk(obj, name: str, path: str) -> None:
        if obj is None or isinstance(obj, (bool, str, float, Enum)):
            return
        if isinstance(obj, int):
            if name not in NOT_CARD_IDS:
                found.setdefault(obj, path)
            return
        if isinstance(obj, Card):
            found.setdefault(obj.id, path)
            return
        if isinstance(obj, Deck):
            assert obj is deck, f"{path} is not the game's deck"
            return
        if isinstance(obj, ScoreSheet):
            return
        if id(obj) in seen:
            return
        seen.add(id(obj))
        if isinstance(obj, dict):
            for key, value in obj.items():
                walk(key, name, f"{path}[key {key!r}]")
                walk(value, name, f"{path}[{key!r}]")
        elif isinstance(obj, (tuple, list, set, frozenset)):
            for i, item in enumerate(obj):
                walk(item, name, f"{path}[{i}]")
        elif type(obj).__module__.startswith("pier18."):
            for attr, value in attributes(obj):
                if attr not in MEMO_ATTRIBUTES:
                    walk(value, attr, f"{path}.{attr}")
        else:
            raise AssertionError(f"{path} holds a {type(obj).__name__}, which a view has no use for")

    for attr, value in attributes(view):
        if attr not in skip:
            walk(value, attr, f"view.{attr}")
    return found


def assert_view_reveals_only_known(view, game, seat: int) -> None:
    """Fail if anything reachable from `view` names a card `seat` may not know."""
    known = cards_seat_may_know(game, seat)
    unseen = vars(view).get("unseen")  # worked out on first use: exactly the rest
    if unseen is not None:
        assert set(unseen) == set(game.deck) - known
    reached = cards_reachable(view, game.deck, skip=("unseen",))
    leaks = {card: path for card, path in reached.items() if card not in known}
    assert not leaks, f"seat {seat}'s view holds cards it may not know: {leaks}"
