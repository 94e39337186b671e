"""The final score broken down (`pier18.review.breakdown`, `pier18 replay --json`): points by
category, the Patrons won and for what, the Plan bonus, the places and tie-breakers.

Expected values come from the piers through `tests/reference.py` and from the game's own
history (who drafted what, which row card was left), never from the function under test.
"""

from __future__ import annotations

import json
import random

import pytest

import reference
from pier18.cli import main
from pier18.engine import Draft, Game, TableView
from pier18.persist import record
from pier18.session import Session
from pier18.review.breakdown import breakdown


def random_game(deck, players: int, seed: int) -> Game:
    game = Game(deck, players, seed)
    chooser = random.Random(seed)
    while not game.is_terminal():
        game.apply(chooser.choice(game.legal_decisions()))
    return game


def rows_of(game: Game, seat: int):
    return reference.pier_rows(game.piers[seat])


def patrons_by_hand(deck, game: Game) -> list[list[tuple[int, int]]]:
    """(round, Patron card) won by each seat, worked out from the history alone: the card
    of each round's row nobody drafted, to the seat with the most points in its
    characters once all have drafted (`reference`), a tie to the earliest date drafted
    that round."""
    won: list[list[tuple[int, int]]] = [[] for _ in range(game.players)]
    replay = Game(deck, game.players, game.seed)
    drafted: dict[int, int] = {}
    for seat, decision in game.history:
        row, round_number = list(replay.revealed), replay.round
        replay.apply(decision)
        if not isinstance(decision, Draft):
            continue
        drafted[seat] = decision.card
        if len(drafted) < game.players:
            continue
        (patron,) = [card for card in row if card != decision.card]
        characters = [c.value for c in deck[patron].patrons]
        scores = [sum(reference.reference_score(rows_of(replay, s))[name] for name in characters) for s in range(game.players)]
        tied = [s for s, score in enumerate(scores) if score == max(scores)]
        won[min(tied, key=lambda s: deck[drafted[s]].date_key)].append((round_number, patron))
        drafted = {}
    return won


def ranking_by_hand(game: Game) -> list[tuple[int, int, str | None]]:
    """(seat, place, what separated it from the next) from totals, characters and Plan dates."""
    deck = game.deck
    keys = {}
    for seat in range(game.players):
        sheet = game.score(seat)
        keys[seat] = (-sheet.total, -sheet.characters, deck[game.plans[seat]].date_key)
    order = sorted(keys, key=keys.get)
    found = []
    for i, seat in enumerate(order):
        place = 1 + sum(1 for other in order if keys[other] < keys[seat])
        by = None
        if i + 1 < len(order):
            mine, theirs = keys[seat], keys[order[i + 1]]
            by = "total" if mine[0] != theirs[0] else "characters" if mine[1] != theirs[1] else "plan date" if mine[2] != theirs[2] else None
        found.append((seat, place, by))
    return found


@pytest.mark.parametrize("players", [2, 3])
def test_every_seats_final_score_is_broken_down_as_the_rules_say(deck, players):
    """Over many random games: categories add up to the total, each Patron won is the one
    the rules give it (round, card, its characters, by date or not), the Plan bonus is
    the card's when its goal is met and 0 otherwise, and places and tie-breakers follow
    points, then visible characters, then the earlier Plan date. Ties on points are
    among them, so the tie-breakers are tried."""
    broken_by = set()
    for seed in range(120):
        game = random_game(deck, players, seed)
        seats = breakdown(TableView.of(game))
        won = patrons_by_hand(deck, game)
        by_hand = {seat: (place, by) for seat, place, by in ranking_by_hand(game)}
        for seat, part in enumerate(seats):
            rows = rows_of(game, seat)
            card = deck[game.plans[seat]]
            goal = card.plan.goal_for(players)
            others = [rows_of(game, s) for s in range(players) if s != seat]
            met = reference.goal_met(goal, rows, len(won[seat]), others)
            expected = reference.reference_total(rows, len(won[seat]), card.plan.bonus if met else 0)
            assert {**part.categories, "total": part.total, "characters": part.characters} == expected
            assert sum(part.categories.values()) == part.total
            assert [(p.round, p.card) for p in part.patrons] == won[seat]
            assert all(p.characters == deck[p.card].patrons and max(p.scores) == p.scores[seat] for p in part.patrons)
            assert part.plan is not None
            assert (part.plan.card, part.plan.goal, part.plan.met) == (card.id, goal.text, met)
            assert (part.plan.bonus, part.plan.worth) == (card.plan.bonus if met else 0, card.plan.bonus)
            place, by = by_hand[seat]
            assert (part.place, None if part.decided_by is None else part.decided_by.value) == (place, by)
            broken_by.add(by)
    assert {"total", "characters"} <= broken_by  # the first tie-breaker decided some places


def test_before_the_end_it_is_the_table_so_far(deck):
    game = Game(deck, 3, 2)
    for _ in range(2):  # two seats have chosen their Plans and Foundations: hidden from the table
        game.apply(game.legal_decisions()[0])
    seats = breakdown(TableView.of(game))
    assert [(s.plan, s.place, s.decided_by, s.total, s.patrons) for s in seats] == [(None, None, None, 0, ())] * 3


def test_replay_json_carries_the_breakdown(deck, tmp_path, capsys):
    game = random_game(deck, 3, 21)
    session = Session(deck, ["Ann", "Bob", "Cy"], 21, decisions=game.decisions)
    path = tmp_path / "game.json"
    record.save(session, path)
    assert main(["replay", str(path), "--json"]) == 0
    players = json.loads(capsys.readouterr().out)["players"]
    won = patrons_by_hand(deck, game)
    for seat, (player, (_, place, by)) in enumerate(zip(players, sorted(ranking_by_hand(game)))):
        assert set(player) == {"name", "pier", "score", "place", "decided_by", "patrons_won", "plan"}
        assert (player["place"], player["decided_by"]) == (place, by)
        assert [(p["round"], p["card"]) for p in player["patrons_won"]] == won[seat]
        for patron in player["patrons_won"]:
            assert patron["for"] == [c.value for c in deck[patron["card"]].patrons]
            assert patron["scores"][seat] == max(patron["scores"]) and isinstance(patron["by_date"], bool)
        plan = deck[game.plans[seat]]
        assert player["plan"]["card"] == plan.id and player["plan"]["worth"] == plan.plan.bonus
        assert player["plan"]["bonus"] == player["score"]["plan"] == (plan.plan.bonus if player["plan"]["met"] else 0)
