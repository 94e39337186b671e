"""Small helpers shared by the tests."""

from __future__ import annotations

import random

from pier18.engine import Game, parse_sections


def table_move_line(game: Game, decision, names):
    """The move line the table shows for `decision`, made on a copy of `game`."""
    from pier18.engine import TableView
    from pier18.words import move_line

    after = game.clone()
    after.apply(decision)
    return move_line(TableView.of(game), TableView.of(after), names)


def takeback_prompt(session):
    """The question `u` asks for this session."""
    from pier18.engine import TableView
    from pier18.words import takeback_prompt as prompt

    return prompt(TableView.of(session.game), session.names, session.takeback_count())


def summary(session):
    """The one-line summary of a saved session."""
    from pier18.engine import TableView
    from pier18.words import summary as line

    return line(TableView.of(session.game), session.names)


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
