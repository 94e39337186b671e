"""Ratings: OpenSkill's Plackett-Luce model, checked against the method's published numbers."""

from __future__ import annotations

import pytest

from pier18.club.ratings import MU, SIGMA, Rating, bot_member, model, places, rate, rate_members, rating_words

# openskill.js, the method's first implementation (github.com/philihp/openskill.js,
# src/models/__tests__/plackett-luce.test.ts, "2p FFA" and "3p FFA"): default ratings,
# first place first, no drift (tau 0).
JS_2P = [(27.63523138347365, 8.065506316323548), (22.36476861652635, 8.065506316323548)]
JS_3P = [(27.868876552746237, 8.204837030780652), (25.717219138186557, 8.057829747583874), (21.413904309067206, 8.057829747583874)]


@pytest.mark.parametrize("expected", [JS_2P, JS_3P], ids=["2p", "3p"])
def test_free_for_all_matches_the_reference_implementation(expected):
    after = rate([Rating()] * len(expected), list(range(1, len(expected) + 1)), tau=0)
    for rating, (mu, sigma) in zip(after, expected):
        assert rating.mu == pytest.approx(mu, abs=1e-9)
        assert rating.sigma == pytest.approx(sigma, abs=1e-9)
        assert rating.games == 1


def test_places_out_of_seat_order_are_read_as_places():
    after = rate([Rating()] * 3, [3, 1, 2], tau=0)
    assert [r.mu for r in after] == pytest.approx([JS_3P[2][0], JS_3P[0][0], JS_3P[1][0]], abs=1e-9)


def test_the_club_model_is_openskills_documented_default():
    """openskill.py's README ("Limited Example"): two teams of two default ratings, the
    first team winning, with the model's default drift."""
    rater = model()
    a, b, x, y = (rater.rating() for _ in range(4))
    [[a, b], [x, y]] = rater.rate([[a, b], [x, y]])
    assert (a.mu, a.sigma) == pytest.approx((26.964294621803063, 8.177962604389991), abs=1e-9)
    assert (x.mu, x.sigma) == pytest.approx((23.035705378196937, 8.177962604389991), abs=1e-9)
    assert (MU, SIGMA) == (rater.mu, rater.sigma)


def test_a_tie_shares_a_place():
    one, two = rate([Rating(), Rating()], [1, 1])
    assert one == two and one.mu == pytest.approx(MU)
    first, second, third = rate([Rating(), Rating(), Rating()], [1, 1, 3])
    assert first == second and first.mu > third.mu


def test_a_seat_lost_on_time_ranks_last():
    assert places([1, 2, 3], lost_on_time={0}) == [4, 2, 3]
    assert places([1, 1, 3], lost_on_time={0, 1}) == [4, 4, 3]
    assert places([2, 1], lost_on_time=set()) == [2, 1]
    assert places([1, 2], lost_on_time={0, 1}) == [1, 1]


def test_a_member_at_two_seats_keeps_the_mean_and_one_game_more():
    before = {"ann": Rating(30.0, 5.0, 4)}
    after = rate_members(["ann", "bot:hard", "bot:hard"], before, [1, 2, 3])
    seats = rate([Rating(30.0, 5.0, 4), Rating(), Rating()], [1, 2, 3])
    assert after["ann"] == seats[0] and after["ann"].games == 5
    assert after["bot:hard"].mu == pytest.approx((seats[1].mu + seats[2].mu) / 2)
    assert after["bot:hard"].games == 1


def test_a_rating_is_shown_as_its_ordinal_with_its_games():
    assert Rating().ordinal == pytest.approx(0.0)
    assert rating_words(Rating(30.0, 2.0, 1)) == "24.0 (1 game)"
    assert rating_words(Rating(20.0, 1.0, 3)) == "17.0 (3 games)"
    assert bot_member("hard") == "bot:hard"
