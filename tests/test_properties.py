"""Property tests over random seeded games (hypothesis picks seeds and choices)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pier18.engine import CATEGORIES, Game, PlayerView, load_deck

DECK = load_deck()


@settings(max_examples=60, deadline=None)
@given(players=st.sampled_from([2, 3]), seed=st.integers(0, 2**32), data=st.data())
def test_random_games_keep_every_invariant(players, seed, data):
    game = Game(DECK, players, seed)
    while not game.is_terminal():
        assert sorted(game.cards_in_play()) == sorted(DECK), "a card was lost or duplicated"
        legal = game.legal_decisions()
        assert legal
        game.apply(data.draw(st.sampled_from(legal)))
        for seat in range(players):
            placements = game.piers[seat].placements
            assert not placements or placements[0].cover == 0
            for before, after in zip(placements, placements[1:]):
                assert 0 <= after.cover <= len(before.card) - 1
            sheet = game.score(seat)
            assert sheet.total == sum(sheet.points(c) for c in CATEGORIES)
    assert sorted(game.cards_in_play()) == sorted(DECK)
    again = Game.replay(DECK, players, seed, game.decisions)
    assert again.returns() == game.returns()
    assert [p.notation() for p in again.piers] == [p.notation() for p in game.piers]
    assert again.patrons == game.patrons


@settings(max_examples=40, deadline=None)
@given(players=st.sampled_from([2, 3]), seed=st.integers(0, 2**32), steps=st.integers(0, 20), data=st.data())
def test_views_hide_what_a_seat_cannot_know(players, seed, steps, data):
    game = Game(DECK, players, seed)
    for _ in range(steps):
        if game.is_terminal():
            break
        game.apply(data.draw(st.sampled_from(game.legal_decisions())))
    for seat in range(players):
        view = PlayerView.of(game, seat)
        hidden = set(game.draw_pile) | {c for s, h in enumerate(game.hands) if s != seat for c in h}
        hidden.discard(game.returned[seat])  # a seat knows which card it sent back
        assert hidden <= view.unseen
        assert not set(view.hand) & view.unseen
        # A determinized game deals the unseen cards without losing any.
        sample = view.determinize(__import__("random").Random(seed))
        assert sorted(sample.cards_in_play()) == sorted(DECK)
        assert sample.legal_decisions() == game.legal_decisions() or seat != game.current_player


def test_plan_placements_stay_hidden_until_everyone_has_placed():
    game = Game(DECK, 3, 8)
    while game.phase.value != "plan":
        game.apply(game.legal_decisions()[0])
    game.apply(game.legal_decisions()[-1])  # seat 0 places its Plan, covering the most
    placed = game.piers[0]
    view = PlayerView.of(game, 1)
    assert view.piers[0] == type(placed)(placed.placements[:-1])
    assert PlayerView.of(game, 0).piers[0] == placed
    sample = view.determinize(__import__("random").Random(1))
    assert sample.piers[0].cards[-1].id == game.plans[0]
    game.apply(game.legal_decisions()[0])
    game.apply(game.legal_decisions()[0])
    assert PlayerView.of(game, 1).piers[0] == placed  # game over: everything is public
