"""`pier18.flow.next_step`: what comes next for a front end, over positions of real games;
`pier18.flow.takeback`: what a take-back reveals, as values (its words are
`words.takeback_prompt`'s, tested with the apps and in tests/test_record.py).

Engine-only and fast: each row is a position reached by the engine and the facts a
front end brings (the seats at its keys, a shared laptop, the awards shown, who had
the laptop last); the answer is the order every app follows (tests/tui/test_flow_apps.py
checks the apps against it).
"""

from __future__ import annotations

import random

import pytest

from pier18.engine import Draft, Game, Keep, Phase, PlacePlan, TableView, load_deck
from pier18.flow import Next, Show, Takeback, may_choose, next_step, takeback

DECK = load_deck()


def played(until, players: int = 2, seed: int = 3) -> TableView:
    """A game of random legal decisions, stopped at the first position `until` accepts."""
    rng = random.Random(seed)
    game = Game(DECK, players, seed)
    for _ in range(500):
        if until(game):
            return TableView.of(game)
        game.apply(rng.choice(game.legal_decisions()))
    raise AssertionError("no such position")


def fresh(game: Game) -> bool:
    return True


def second_keep(game: Game) -> bool:
    return game.phase is Phase.SETUP and game.current_player == 1


def draft_of(seat: int):
    return lambda game: game.phase is Phase.DRAFT and game.current_player == seat and not _round_just_ended(game)


def _round_just_ended(game: Game) -> bool:
    return bool(game.awards) and game.awards[-1].after == len(game.history)


def round_ended(game: Game) -> bool:
    return game.phase is Phase.DRAFT and _round_just_ended(game)


def plan(game: Game) -> bool:
    return game.phase is Phase.PLAN and game.current_player == 0


def over(game: Game) -> bool:
    return game.is_terminal()


SETUP, DRAFT, PLAN = Phase.SETUP, Phase.DRAFT, Phase.PLAN

# position, facts, (kind, seat, pass_first, secret)
ROWS = [
    # A laptop passed round: a pass screen, secret, before every set-up and Plan choice.
    ("fresh", fresh, dict(mine=(0, 1), shared=True), (Show.CHOOSE, 0, True, True)),
    ("second keep", second_keep, dict(mine=(0, 1), shared=True, handed_to=0), (Show.CHOOSE, 1, True, True)),
    ("second keep, same hands", second_keep, dict(mine=(0, 1), shared=True, handed_to=1), (Show.CHOOSE, 1, True, True)),
    ("plan", plan, dict(mine=(0, 1), shared=True, handed_to=0), (Show.CHOOSE, 0, True, True)),
    # ... and in the draft only when the laptop changes hands (not after a load).
    ("draft, same hands", draft_of(1), dict(mine=(0, 1), shared=True, handed_to=1), (Show.CHOOSE, 1, False, False)),
    ("draft, new hands", draft_of(1), dict(mine=(0, 1), shared=True, handed_to=0), (Show.CHOOSE, 1, True, False)),
    ("draft, after a load", draft_of(1), dict(mine=(0, 1), shared=True, handed_to=None), (Show.CHOOSE, 1, False, False)),
    # One person at the keys: never a pass screen.
    ("fresh, alone", fresh, dict(mine=(0,)), (Show.CHOOSE, 0, False, False)),
    ("plan, alone", plan, dict(mine=(0,), handed_to=1), (Show.CHOOSE, 0, False, False)),
    ("draft, alone", draft_of(0), dict(mine=(0,), handed_to=1), (Show.CHOOSE, 0, False, False)),
    # A bot's or a remote seat's turn: wait for it.
    ("second keep, a bot's", second_keep, dict(mine=(0,)), (Show.WAIT, 1, False, False)),
    ("draft, a bot's", draft_of(1), dict(mine=(0,), shared=False), (Show.WAIT, 1, False, False)),
    ("draft, nobody here", draft_of(0), dict(mine=()), (Show.WAIT, 0, False, False)),
    # A network table: set-up and the Plans are chosen by every seat at once.
    ("fresh, net seat 1", fresh, dict(mine=(1,), at_once=True), (Show.CHOOSE, 1, False, False)),
    ("fresh, one after another", fresh, dict(mine=(1,)), (Show.WAIT, 0, False, False)),
    ("second keep, net seat 0", second_keep, dict(mine=(0,), at_once=True), (Show.WAIT, 1, False, False)),
    ("plan, net seat 1", plan, dict(mine=(1,), at_once=True), (Show.CHOOSE, 1, False, False)),
    ("draft, net other seat", draft_of(0), dict(mine=(1,), at_once=True), (Show.WAIT, 0, False, False)),
    # An unshown Patron award comes first, before any choice or pass screen.
    ("round ended", round_ended, dict(mine=(0, 1), shared=True, handed_to=0), (Show.PATRON, "winner", False, False)),
    ("round ended, net", round_ended, dict(mine=(1,), at_once=True), (Show.PATRON, "winner", False, False)),
    # The final score at the end; the last round's Patron still before it.
    ("over, award unseen", over, dict(mine=(0, 1), shared=True, awards_shown=0), (Show.PATRON, "winner", False, False)),
    ("over", over, dict(mine=(0, 1), shared=True, awards_shown="all"), (Show.FINAL, None, False, False)),
    ("over, watching", over, dict(mine=(), at_once=True, awards_shown="all"), (Show.FINAL, None, False, False)),
]


@pytest.mark.parametrize("title, where, facts, expected", ROWS, ids=[row[0] for row in ROWS])
def test_what_comes_next(title, where, facts, expected):
    view = played(where)
    facts = dict(facts)
    if facts.get("awards_shown") == "all" or "awards_shown" not in facts and expected[0] is not Show.PATRON:
        facts["awards_shown"] = len(view.awards)
    kind, seat, pass_first, secret = expected
    if seat == "winner":
        seat = view.awards[-1].winner
    assert next_step(view, **facts) == Next(kind, seat, view.phase, pass_first, secret)


def test_only_the_latest_unseen_award_is_shown():
    """Two rounds ended while away: one panel, the latest round's."""
    view = played(lambda game: len(game.awards) >= 2 and round_ended(game))
    step = next_step(view, (0,), awards_shown=len(view.awards) - 2)
    assert step == Next(Show.PATRON, view.awards[-1].winner, view.phase)
    assert next_step(view, (0,), awards_shown=len(view.awards)).kind is not Show.PATRON


@pytest.mark.parametrize("seed", range(6))
def test_a_network_seat_may_choose_exactly_when_the_engine_gives_it_moves(seed):
    """`may_choose` (what `NetState.my_turn` asks) agrees with the engine's legal moves
    for each seat, all game long, set-up and Plans at once included."""
    rng = random.Random(seed)
    game = Game(DECK, 2 + seed % 2, seed)
    while True:
        view = TableView.of(game)
        for seat in range(game.players):
            assert may_choose(view, seat) == bool(game.legal_decisions_for(seat)), (seat, view.phase)
        assert not may_choose(view, None)
        if game.is_terminal():
            break
        game.apply(rng.choice(game.legal_decisions()))


# -- takeback: what a take-back reveals --------------------------------------------------


def third_keep(game: Game) -> bool:
    """3 players: seats 0 and 1 have made their set-up choices, still hidden."""
    return game.players == 3 and game.phase is Phase.SETUP and game.current_player == 2


def third_plan(game: Game) -> bool:
    """3 players: seats 0 and 1 have placed their Plans, still hidden."""
    return game.players == 3 and game.phase is Phase.PLAN and game.current_player == 2


def three_draft_moves(game: Game) -> bool:
    """3 players in the draft, the last three moves by seats 0, 1 and 2."""
    last = game.history[-3:]
    return game.phase is Phase.DRAFT and len(game.history) > 3 and [s for s, _d in last] == [0, 1, 2] and all(
        isinstance(d, Draft) for _s, d in last
    )


def test_another_persons_hidden_choice_is_counted_not_described():
    """At one laptop, seat 0 at the keys takes back their set-up choice and seat 1's
    after it: their own choice is theirs to see, seat 1's is only counted and seat 1
    gets the laptop before choosing again."""
    view = played(third_keep, players=3)
    assert [d for _s, d in view.history] == [None, None]
    assert takeback(view, 2, at_keys=0) == Takeback(0, Phase.SETUP, None, hidden=(1,), hidden_after=(1,))
    # Nobody's turn screen showing (after a load): both hidden choices are others'.
    assert takeback(view, 2) == Takeback(0, Phase.SETUP, None, hidden=(0, 1), hidden_after=(1,))
    assert takeback(view, 1, at_keys=1) == Takeback(1, Phase.SETUP, None)
    # The person at the keys never has a choice of their own hidden from them.
    assert takeback(view, 2, at_keys=1) == Takeback(0, Phase.SETUP, None, hidden=(0,))


def test_a_lone_person_among_bots_has_nothing_hidden():
    view = played(third_keep, players=3)
    assert takeback(view, 2, bots=(False, True, True)) == Takeback(0, Phase.SETUP, None, bot_moves=1)
    # Two people at the laptop: the same take-back hides the first choice from the other.
    assert takeback(view, 2, bots=(False, False, True)) == Takeback(0, Phase.SETUP, None, hidden=(0, 1), hidden_after=(1,))


def test_people_moves_are_described_and_bot_moves_only_counted():
    view = played(three_draft_moves, players=3)
    (s0, first), (s1, second), (s2, third) = view.history[-3:]
    assert takeback(view, 3) == Takeback(0, None, first, moves=((1, second), (2, third)))
    assert takeback(view, 3, bots=(False, True, True)) == Takeback(0, None, first, bot_moves=2)
    assert takeback(view, 3, bots=(False, True, False)) == Takeback(0, None, first, moves=((2, third),), bot_moves=1)


def test_the_first_undone_decisions_maker_chooses_again():
    """A set-up choice or a Plan placement taken back is made again by its maker and
    never described, even once the table has seen it; a draft move is described."""
    plans = played(third_plan, players=3)
    (s, draft), (s0, plan0), (s1, plan1) = plans.history[-3:]
    assert isinstance(draft, Draft) and (s0, plan0, s1, plan1) == (0, None, 1, None)
    assert takeback(plans, 2) == Takeback(0, Phase.PLAN, None, hidden=(0, 1), hidden_after=(1,))
    assert takeback(plans, 3) == Takeback(s, None, draft, hidden=(0, 1), hidden_after=(0, 1))
    # Set-up choices are seen once everyone has chosen: still made again, not described.
    drafting = played(lambda game: game.phase is Phase.DRAFT and len(game.history) == 2, players=2)
    assert all(isinstance(d, Keep) for _s, d in drafting.history)
    assert takeback(drafting, 1) == Takeback(1, Phase.SETUP, None)
    # A Plan placement the table has seen (the game is over) is a move, described.
    end = played(over, players=3)
    seat, placed = end.history[-1]
    assert isinstance(placed, PlacePlan)
    assert takeback(end, 1) == Takeback(seat, None, placed)


def test_nothing_to_take_back():
    view = played(third_keep, players=3)
    assert takeback(view, 0) is None
    assert takeback(view, 3) is None
    assert takeback(played(fresh), 1) is None
