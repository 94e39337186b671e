"""The game as a state machine: set-up, rounds, patron phase, Plan placement, ranking."""

from __future__ import annotations

import random

import pytest

import reference
from helpers import make_deck, random_game
from pier18.engine import (
    Deal, Draft, Game, IllegalDecision, Keep, Phase, PlacePlan, Pier, PlayerView, SetupError, Standing, patron_contest,
    TableView, table_scores,
)


@pytest.mark.parametrize("players, rounds, unused", [(2, 4, 2), (3, 3, 0)])
def test_round_count_and_cards_left(deck, players, rounds, unused):
    for seed in range(30):
        game = random_game(deck, players, seed)
        assert game.round == rounds
        assert len(game.awards) == rounds
        assert len(game.draw_pile) == unused
        # Foundation + one card per round + Plan on every pier.
        assert all(len(game.piers[p]) == rounds + 2 for p in range(players))
        assert sum(len(p) for p in game.patrons) == rounds


def test_setup_deals_three_and_keeps_two(deck):
    game = Game(deck, 3, seed=4)
    hands = [list(h) for h in game.hands]
    assert all(len(h) == 3 for h in hands)
    assert len({c for h in hands for c in h}) == 9
    assert game.phase is Phase.SETUP and game.current_player == 0
    assert len(game.legal_decisions()) == 6
    for seat in range(3):
        plan, foundation, back = hands[seat]
        game.apply(Keep(plan, foundation))
        assert game.plans[seat] == plan
        assert game.piers[seat].cards[0].id == foundation
    assert game.phase is Phase.DRAFT
    returned = {h[2] for h in hands}
    assert returned <= set(game.draw_pile) | set(game.revealed)
    assert len(game.revealed) == 4


def test_first_player_has_the_earliest_foundation_date(deck):
    for seed in range(20):
        game = Game(deck, 3, seed)
        while game.phase is Phase.SETUP:
            game.apply(game.legal_decisions()[0])
        dates = [game.piers[p].cards[0].date_key for p in range(3)]
        assert game.current_player == dates.index(min(dates)) == game.round_starter


def test_first_player_can_be_named(deck):
    game = Game(deck, 3, seed=1, first_player=2)
    while game.phase is Phase.SETUP:
        game.apply(game.legal_decisions()[0])
    assert game.current_player == 2


def test_turn_order_goes_round_the_table_and_each_round_starts_one_seat_later(deck):
    game = Game(deck, 3, seed=9, first_player=1)
    while game.phase is Phase.SETUP:
        game.apply(game.legal_decisions()[0])
    seen: list[tuple[int, int]] = []
    while game.phase is Phase.DRAFT:
        seen.append((game.round, game.current_player))
        game.apply(game.legal_decisions()[0])
    assert seen == [(1, 1), (1, 2), (1, 0), (2, 2), (2, 0), (2, 1), (3, 0), (3, 1), (3, 2)]


def test_illegal_decisions_raise_and_change_nothing(deck):
    game = Game(deck, 2, seed=3)
    before = (list(game.hands[0]), game.phase, game.current_player)
    not_dealt = next(c for c in deck if c not in game.hands[0])
    for bad in (Keep(not_dealt, game.hands[0][0]), Keep(game.hands[0][0], game.hands[0][0]), Draft(1, 0), PlacePlan(0)):
        with pytest.raises(IllegalDecision):
            game.apply(bad)
    assert (list(game.hands[0]), game.phase, game.current_player) == before
    assert game.history == []
    while game.phase is Phase.SETUP:
        game.apply(game.legal_decisions()[0])
    card = game.revealed[0]
    with pytest.raises(IllegalDecision, match="cannot cover"):
        game.apply(Draft(card, 4))
    missing = next(c for c in deck if c not in game.revealed)
    with pytest.raises(IllegalDecision, match="not in the draft row"):
        game.apply(Draft(missing, 0))
    assert card in game.revealed and len(game.piers[game.current_player]) == 1


def test_plan_phase_places_each_plan_then_the_game_is_over(deck):
    game = Game(deck, 2, seed=5)
    while game.phase is not Phase.PLAN:
        game.apply(game.legal_decisions()[-1])
    assert game.legal_decisions() == [PlacePlan(k) for k in game.piers[0].covers()]
    for seat in range(2):
        game.apply(PlacePlan(0))
        assert game.piers[seat].cards[-1].id == game.plans[seat]
    assert game.is_terminal() and game.legal_decisions() == []
    with pytest.raises(IllegalDecision, match="over"):
        game.apply(PlacePlan(0))


def test_all_zero_patron_goes_to_the_earliest_drafted_card():
    deck = make_deck()  # no characters at all: every patron score is 0
    for seed in range(10):
        game = random_game(deck, 3, seed)
        for award in game.awards:
            assert award.scores == (0, 0, 0) and award.by_date
            dates = {seat: deck[card].date_key for seat, card in enumerate(award.drafted)}
            assert award.winner == min(dates, key=dates.get)
            assert award.card in game.patrons[award.winner]


def test_patron_goes_to_the_highest_patron_score(deck):
    decided = 0
    for seed in range(40):
        game = random_game(deck, 3, seed)
        for award in game.awards:
            best = max(award.scores)
            assert award.scores[award.winner] == best
            if award.scores.count(best) == 1:
                assert not award.by_date
                decided += 1
            else:
                tied = [s for s in range(3) if award.scores[s] == best]
                assert award.winner == min(tied, key=lambda s: deck[award.drafted[s]].date_key)
    assert decided > 0


def test_patron_score_is_the_current_score_in_the_patron_characters():
    # Every card starts with a Poet-Poet section that can never be covered, so after
    # round r each pier shows r + 1 cards: r + 1 Poet points and nothing else.
    deck = make_deck(sections=lambda i: [["poet", "poet"], ["", ""], ["", ""], ["", ""]])
    for seed in range(5):
        game = random_game(deck, 2, seed)
        for award in game.awards:
            poet_patron = any(c.value == "poet" for c in deck[award.card].patrons)
            expected = award.round + 1 if poet_patron else 0
            assert award.scores == (expected, expected)


def _finished(deck, piers, patrons, plans):
    game = Game(deck, len(piers), seed=0)
    game.piers = [Pier.from_notation(p, deck) for p in piers]
    game.patrons = patrons
    game.plans = plans
    game.phase = Phase.OVER
    return game


def _ranking_deck():
    """Cards 1-6 show a Flower Seller and a Poet, the rest nothing; no Plan is ever met;
    cards 13-18 are dated 12-13 to 12-18, so Plan dates can break ties."""
    one_flower_poet = [["flower", "poet"], ["", ""], ["", ""], ["", ""]]
    return make_deck(
        sections=lambda i: one_flower_poet if i <= 6 else [["", ""]] * 4,
        goal=lambda i: {"text": f"goal {i}", "kind": "sections", "at_least": 99},
        dates=lambda i: f"{i:02d}-01" if i <= 12 else f"12-{i:02d}",
    )


def test_ranking_by_total_then_characters_then_plan_date():
    deck = _ranking_deck()
    # Equal totals (0 points each), different visible characters: most characters wins.
    game = _finished(deck, ["1 7", "8 9"], [[], []], [13, 14])
    ranking = game.ranking()
    assert [s.seat for s in ranking] == [0, 1]
    assert ranking[0].decided_by == "characters" and ranking[0].place == 1 and ranking[1].place == 2
    # Equal totals and characters: the earlier Plan date wins.
    game = _finished(deck, ["7 8", "9 10"], [[], []], [14, 13])
    ranking = game.ranking()
    assert [s.seat for s in ranking] == [1, 0] and ranking[0].decided_by == "plan date"
    # A higher total beats more characters.
    game = _finished(deck, ["1 2", "7 8"], [[], [11, 12, 15]], [13, 14])
    ranking = game.ranking()
    assert [s.seat for s in ranking] == [1, 0] and ranking[0].decided_by == "total"


def test_plan_bonus_counts_only_at_game_end(deck):
    met_count = 0
    for seed in range(40):
        game = random_game(deck, 2, seed)
        rows = [reference.pier_rows(game.piers[seat]) for seat in range(2)]
        for seat in range(2):
            card = game.plan_card(seat)
            goal = card.plan.goal_for(2)
            met = reference.goal_met(goal, rows[seat], len(game.patrons[seat]), [rows[1 - seat]])
            assert game.score(seat).plan == (card.plan.bonus if met else 0)
            assert game.plan_met(seat) is met
            met_count += met
    assert 0 < met_count < 80  # both outcomes are checked
    game = Game(deck, 2, seed=1)
    while game.phase is not Phase.PLAN:
        game.apply(game.legal_decisions()[0])
    assert all(game.score(s).plan == 0 for s in range(2))


def test_replay_rebuilds_the_same_game(deck):
    game = random_game(deck, 3, 21)
    again = Game.replay(deck, 3, 21, game.decisions)
    assert again.returns() == game.returns()
    assert again.piers == game.piers and again.patrons == game.patrons
    with pytest.raises(IllegalDecision, match="decision 1"):
        Game.replay(deck, 3, 22, game.decisions)


def test_clone_is_independent(deck):
    game = Game(deck, 2, seed=2)
    copy = game.clone()
    copy.apply(copy.legal_decisions()[0])
    assert game.history == [] and game.phase is Phase.SETUP and game.hands[0]
    while not copy.is_terminal():
        copy.apply(copy.legal_decisions()[0])
    game2 = Game.replay(deck, 2, 2, copy.decisions)
    assert game2.returns() == copy.returns()


def test_players_and_first_player_are_checked(deck):
    with pytest.raises(SetupError):
        Game(deck, 4)
    with pytest.raises(SetupError):
        Game(deck, 2, first_player=2)


@pytest.mark.parametrize("players", [2, 3])
def test_total_rounds_matches_the_rounds_played(deck, players):
    game = random_game(deck, players, 3)
    assert game.total_rounds == game.round == {2: 4, 3: 3}[players]


def test_patron_contest_answers_what_if_and_waits_for_an_undrafted_tie():
    deck = make_deck()  # all-empty cards: every patron score is 0, always a tie
    game = Game(deck, 2, seed=6)
    while game.phase is Phase.SETUP:
        game.apply(game.legal_decisions()[0])
    patron = game.revealed[-1]
    scores, winner, by_date = game.patron_contest(patron)
    assert scores == (0, 0) and winner is None and by_date  # nobody has drafted yet
    drafted = [game.revealed[0], game.revealed[1]]
    scores, winner, by_date = patron_contest(deck, patron, game.piers, drafted)
    assert winner == min((0, 1), key=lambda s: deck[drafted[s]].date_key) and by_date


def test_plan_met_can_judge_against_the_piers_a_player_may_see():
    deck = make_deck(
        sections=lambda i: [["fisher", ""], ["", ""], ["", ""], ["", ""]],
        goal=lambda i: {"text": f"Most Fishers {i}", "kind": "most", "character": "fisher"},
    )
    game = Game(deck, 2, seed=4)
    while game.phase is not Phase.PLAN:
        game.apply(game.legal_decisions()[0])
    game.apply(PlacePlan(0))  # seat 0's Plan adds a Fisher: 1 more than seat 1 now
    assert game.plan_met(1) is False
    seen = PlayerView.of(game, 1)  # seat 0's Plan card is placed unseen
    assert seen.piers[0] == Pier(game.piers[0].placements[:-1])
    assert seen.plan_met(1) is False  # equal Fishers: not "most" either
    assert seen.plan_met(0) is False
    assert game.plan_met(0) is True


def _mid_game(deck, players, seed, decisions):
    game = Game(deck, players, seed)
    for _ in range(decisions):
        game.apply(game.legal_decisions()[-1])
    return game


@pytest.mark.parametrize("made", [0, 2, 5, 9])
def test_clone_copies_every_declared_field(deck, made):
    from dataclasses import fields

    game = _mid_game(deck, 3, 11, made)
    copy = game.clone()
    for field in fields(Game):
        mine, theirs = getattr(game, field.name), getattr(copy, field.name)
        if field.name == "rng":
            assert mine.getstate() == theirs.getstate() and mine is not theirs
        else:
            assert mine == theirs, field.name
            if isinstance(mine, list):
                assert mine is not theirs, f"{field.name} is shared, so the copy would change the game"
    copy.apply(copy.legal_decisions()[0])
    assert game.history != copy.history and len(game.history) == made


@pytest.mark.parametrize("made", [1, 3, 5, 12])
def test_determinize_sets_every_declared_field(deck, made):
    from dataclasses import fields

    game = _mid_game(deck, 3, 12, made)
    view = PlayerView.of(game, game.current_player)
    world = view.determinize(random.Random(3))
    for field in fields(Game):
        getattr(world, field.name)  # an unset slot raises AttributeError
    for name in ("players", "phase", "current_player", "round", "round_starter", "revealed", "drafted", "awards"):
        value = getattr(world, name)
        assert (tuple(value) if isinstance(value, list) else value) == getattr(view, name), name
    assert world.legal_decisions() == game.legal_decisions()  # the turn plays on from here
    assert sorted(world.cards_in_play()) == sorted(deck)


def test_assemble_refuses_a_missing_or_unknown_field(deck):
    from pier18.engine.game import STATE_FIELDS

    game = Game(deck, 2, 1)
    state = {name: getattr(game, name) for name in STATE_FIELDS}
    assert Game.assemble(**state).hands == game.hands
    with pytest.raises(TypeError, match="missing"):
        Game.assemble(**{k: v for k, v in state.items() if k != "drafted"})
    with pytest.raises(TypeError, match="unknown"):
        Game.assemble(**state, colour="blue")


def test_history_names_the_seat_of_every_decision(deck):
    game = Game(deck, 3, 4, first_player=1)
    while not game.is_terminal():
        seat = game.current_player
        game.apply(game.legal_decisions()[0])
        assert game.history[-1][0] == seat
    assert [s for s, _ in game.history][:4] == [0, 1, 2, 1]
    assert game.decisions == [d for _, d in game.history]


def test_a_seed_deals_what_random_shuffle_deals(deck):
    """`Deal.from_seed` shuffles with its own loop (faster than `random.shuffle`): it
    must draw the same order, so every seed keeps dealing the games it always has."""
    from pier18.engine.game import Deal, pile_size

    for players in (2, 3):
        for seed in range(500):
            rng = random.Random(seed)
            order = sorted(deck)
            rng.shuffle(order)
            positions = list(range(pile_size(deck, players)))
            rng.shuffle(positions)
            assert Deal.from_seed(deck, players, seed) == Deal(tuple(order), tuple(positions))


def test_three_seats_ranked_with_what_separated_each_from_the_next():
    deck = _ranking_deck()
    # Seat 0: one Patron (1 point), no characters. Seats 1 and 2: a lone Flower Seller
    # and Poet each (0 points, 2 characters); seat 2's Plan (12-13) is earlier than seat 1's (12-14).
    game = _finished(deck, ["7 8", "1 9", "3 10"], [[11], [], []], [15, 14, 13])
    assert game.ranking() == [
        Standing(seat=0, place=1, total=1, characters=0, decided_by="total"),
        Standing(seat=2, place=2, total=0, characters=2, decided_by="plan date"),
        Standing(seat=1, place=3, total=0, characters=2, decided_by=None),
    ]


def test_a_new_game_before_any_decision(deck):
    game = Game(deck, 3, seed=5)
    assert (game.seed, game.phase, game.current_player, game.round, game.round_starter) == (5, Phase.SETUP, 0, 0, 0)
    assert game.first_player is None and game.revealed == [] and game.awards == [] and game.history == []
    assert game.drafted == [None] * 3 and game.plans == [None] * 3 and game.returned == [None] * 3
    assert game.patrons == [()] * 3 and all(len(pier) == 0 for pier in game.piers)
    order = game.deal.order
    assert game.hands == [order[0:3], order[3:6], order[6:9]] and game.draw_pile == list(order[9:])
    assert Game(deck, 2).seed == 0 and Game(deck, 2).hands == Game(deck, 2, seed=0).hands  # the default seed
    assert Game(deck, 2).hands != Game(deck, 2, seed=1).hands
    assert Game(deck, 2, first_player=0).first_player == 0


def test_a_game_from_a_given_deal_deals_exactly_that(deck):
    order = tuple(range(18, 0, -1))
    reshuffle = tuple(range(13, -1, -1))  # 2 players: 18 - 2 * 2 cards in the pile at the reshuffle
    game = Game(deck, 2, seed=None, deal=Deal(order, reshuffle))
    assert game.hands == [(18, 17, 16), (15, 14, 13)] and game.draw_pile == list(range(12, 0, -1))
    game.apply(Keep(18, 17))
    game.apply(Keep(15, 14))
    # pile then: 12 ... 1, then the returned 16 and 13; reversed by the reshuffle
    assert game.returned == [16, 13]
    assert game.revealed + game.draw_pile == [13, 16, *range(1, 13)]


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda deck: Game(deck, 4), "Pier 18 is played by 2 or 3 players, not 4"),
        (lambda deck: Game(deck, 1), "Pier 18 is played by 2 or 3 players, not 1"),
        (lambda deck: Game(deck, 3, first_player=3), "the first player must be a seat from 0 to 2"),
        (lambda deck: Game(deck, 2, first_player=-1), "the first player must be a seat from 0 to 1"),
        (
            lambda deck: Game(deck, 2, deal=Deal(tuple(range(1, 18)) + (1,), tuple(range(14)))),
            "impossible deal: the card order must hold every card id of the deck once (18 ids)",
        ),
        (
            lambda deck: Game(deck, 2, deal=Deal(tuple(range(1, 19)), tuple(range(12)))),
            "impossible deal: the reshuffle must hold every position from 0 to 13 once",
        ),
        (
            lambda deck: Game(deck, 3, deal=Deal(tuple(range(1, 19)), tuple(range(14)))),
            "impossible deal: the reshuffle must hold every position from 0 to 11 once",
        ),
    ],
)
def test_an_impossible_game_is_refused_in_one_exact_line(deck, make, message):
    with pytest.raises(SetupError) as info:
        make(deck)
    assert str(info.value) == message


def test_each_wrong_decision_says_what_was_expected(deck):
    game = Game(deck, 2, seed=3)
    hand = game.hands[0]
    not_dealt = next(c for c in deck if c not in hand)

    def refused(decision):
        with pytest.raises(IllegalDecision) as info:
            game.apply(decision)
        return str(info.value)

    assert refused(Draft(1, 0)) == "it is the setup phase: expected a 'keep' decision, not draft 1:0"
    assert refused(PlacePlan(0)) == "it is the setup phase: expected a 'keep' decision, not plan 0"
    assert refused(Keep(not_dealt, hand[0])) == f"player 1 was dealt cards {hand}; keep two of those"
    assert refused(Keep(hand[0], not_dealt)) == f"player 1 was dealt cards {hand}; keep two of those"
    assert refused(Keep(hand[1], hand[1])) == "the Plan and the Foundation must be different cards"
    game.apply(Keep(hand[0], hand[1]))
    assert refused(Keep(*hand[:2])) == f"player 2 was dealt cards {game.hands[1]}; keep two of those"
    game.apply(game.legal_decisions()[0])
    assert refused(Keep(1, 2)) == "it is the draft phase: expected a 'draft' decision, not keep 1 2"
    assert refused(PlacePlan(1)) == "it is the draft phase: expected a 'draft' decision, not plan 1"
    absent = next(c for c in deck if c not in game.revealed)
    assert refused(Draft(absent, 0)) == f"card {absent} is not in the draft row {game.revealed}"
    while game.phase is Phase.DRAFT:
        game.apply(game.legal_decisions()[0])
    assert refused(Draft(1, 0)) == "it is the plan phase: expected a 'plan' decision, not draft 1:0"
    assert refused(Keep(1, 2)) == "it is the plan phase: expected a 'plan' decision, not keep 1 2"
    game.apply(PlacePlan(0))
    game.apply(PlacePlan(0))
    assert refused(PlacePlan(0)) == "the game is over"
    assert refused(Draft(1, 0)) == "the game is over"
    assert refused(Keep(1, 2)) == "the game is over"


def test_table_scores_judge_the_plan_on_the_piers_given():
    # No characters anywhere: every total is patrons plus a met Plan's bonus (4).
    deck = make_deck(goal=lambda i: {"text": f"5+ sections {i}", "kind": "sections", "at_least": 5})
    game = _finished(deck, ["1", "2"], [[11], []], [13, 14])  # as played: 4 sections each
    longer = [Pier.from_notation("1 13", deck), Pier.from_notation("2", deck)]
    sheets, verdicts = table_scores(deck, longer, game.patrons, game.plans)
    sheet, met = sheets[0], verdicts[0]
    assert (met, sheet.total, sheet.patrons, sheet.plan, sheet.sections) == (True, 5, 1, 4, 8)
    sheet, met = sheets[1], verdicts[1]
    assert (met, sheet.total, sheet.plan, sheet.sections) == (False, 0, 0, 4)
    assert game.score(0).total == 1 and game.plan_met(0) is False  # the game's own piers are unchanged


def test_replay_keeps_the_named_first_player_and_the_given_deal(deck):
    deal = Deal(tuple(range(18, 0, -1)), tuple(range(14)))
    game = Game(deck, 2, seed=None, first_player=1, deal=deal)
    chooser = random.Random(5)
    while not game.is_terminal():
        game.apply(chooser.choice(game.legal_decisions()))
    again = Game.replay(deck, 2, None, game.decisions, first_player=1, deal=deal)
    assert again.first_player == 1 and again.deal == deal
    assert again.piers == game.piers and again.patrons == game.patrons and again.history == game.history


@pytest.mark.parametrize("players", [2, 3])
def test_each_patron_award_records_how_many_decisions_came_before_it(deck, players):
    game = random_game(deck, players, 11)
    # set-up takes one decision per seat, each round one per seat; the award comes with
    # the round's last draft
    assert [award.after for award in game.awards] == [players + players * r for r in range(1, game.round + 1)]
    assert [award.round for award in game.awards] == list(range(1, game.round + 1))


def test_patron_contest_scores_the_piers_it_is_given():
    deck = make_deck(sections=lambda i: [["poet", "poet"], ["", ""]] if i <= 3 else [["", ""], ["", ""]])
    game = Game(deck, 2, seed=6)
    while game.phase is Phase.SETUP:
        game.apply(game.legal_decisions()[0])
    poet_patron = next(c for c in deck if "poet" in deck[c].patrons)
    piers = [Pier.from_notation("1", deck), Pier.from_notation("4", deck)]  # two Poets (one pair: 1 point) against none
    assert patron_contest(deck, poet_patron, piers, [None, None]) == ((1, 0), 0, False)
    piers.reverse()
    assert patron_contest(deck, poet_patron, piers, [None, None]) == ((0, 1), 1, False)


def test_a_plan_placed_covering_sections_covers_them(deck):
    game = Game(deck, 2, seed=5)
    while game.phase is not Phase.PLAN:
        game.apply(game.legal_decisions()[0])
    assert game.plan_card(0) == deck[game.plans[0]]
    before = len(game.piers[0].visible_sections())
    game.apply(PlacePlan(1))
    pier = game.piers[0]
    assert pier.placements[-1].card.id == game.plans[0] and pier.placements[-1].cover == 1
    assert len(pier.visible_sections()) == before - 1 + len(deck[game.plans[0]])


def test_no_plan_card_before_a_seat_has_kept_one(deck):
    game = Game(deck, 2, seed=5)
    assert game.plan_card(0) is None and game.plan_met(0) is None
    game.apply(game.legal_decisions()[0])
    assert game.plan_card(0) == deck[game.plans[0]] and game.plan_card(1) is None


def test_a_finished_game_still_judges_plans_on_other_piers():
    deck = make_deck(
        sections=lambda i: [["fisher", ""], ["", ""], ["", ""], ["", ""]],
        goal=lambda i: {"text": f"Most Fishers {i}", "kind": "most", "character": "fisher"},
    )
    game = _finished(deck, ["1 2", "3"], [[], []], [13, 14])
    assert game.score(0).plan == 4 and game.plan_met(0) is True  # 2 Fishers against 1
    other = [Pier.from_notation("1", deck), Pier.from_notation("3 4", deck)]
    assert table_scores(deck, other, game.patrons, game.plans)[1][0] is False


@pytest.mark.parametrize("players", [2, 3])
def test_a_simultaneous_choice_made_ahead_waits_for_its_turn_and_hides(deck, players):
    """Set-up and the Plan placement are simultaneous: any seat still to choose may choose
    now. A choice made ahead waits, unseen, and is applied in seat order; the result is
    the game of the same choices made one after the other."""
    chooser = random.Random(players)
    game, plain = Game(deck, players, seed=3), Game(deck, players, seed=3)
    for phase in (Phase.SETUP, Phase.PLAN):
        while game.phase is not phase:
            decision = chooser.choice(game.legal_decisions())
            game.apply(decision)
            plain.apply(decision)
        picks = [chooser.choice(game.legal_decisions_for(seat)) for seat in range(players)]
        last = players - 1
        assert game.choose(last, picks[last]) == []  # ahead of its turn: kept, not applied
        assert game.has_chosen(last) and game.legal_decisions_for(last) == [] and len(game.history) == len(plain.history)
        assert TableView.of(game).chosen == tuple(seat == last for seat in range(players))
        assert PlayerView.of(game, last).legal == ()  # chosen: nothing more to choose
        with pytest.raises(IllegalDecision):
            game.choose(last, picks[last])  # once only
        applied = [d for seat in range(last) for d in game.choose(seat, picks[seat])]
        assert applied == picks
        for pick in picks:
            plain.apply(pick)
        assert game.history == plain.history and game.phase is plain.phase
    assert game.returns() == plain.returns()


def test_only_simultaneous_choices_may_be_made_ahead(deck):
    game = Game(deck, 2, seed=4)
    other = next(d for d in Game(deck, 2, seed=5).legal_decisions() if d not in game.legal_decisions_for(1))
    with pytest.raises(IllegalDecision):
        game.choose(1, other)  # not one of seat 1's own cards
    while game.phase is Phase.SETUP:
        game.apply(game.legal_decisions()[0])
    assert game.legal_decisions_for(1 - game.current_player) == []  # drafting goes in turn
    with pytest.raises(IllegalDecision):
        game.choose(1 - game.current_player, game.legal_decisions()[0])
