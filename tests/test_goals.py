"""Each Plan goal kind, once met and once not."""

from __future__ import annotations

import pytest

from helpers import pier
from pier18.engine import GOAL_KINDS, Character, Goal, Pier, goal_met, load_deck, score_sections
from pier18.engine.goals import goal_measures

F, P, L, A = Character.FLOWER, Character.POET, Character.LOVERS, Character.FISHER

PIER = "F P\nP A\n. A\nL .\n. .\n. .\n"  # 6 sections, 6 characters


def sheet(text=PIER, patrons=0):
    return score_sections(pier(text), patrons=patrons)


CASES = [
    # (goal, met on PIER, not met on PIER)
    (dict(kind="count", character=P), dict(at_least=2), dict(at_least=3)),
    (dict(kind="count", character=L), dict(at_most=1), dict(at_most=0)),
    (dict(kind="points", category=A), dict(at_least=2), dict(at_least=3)),
    (dict(kind="sections"), dict(at_least=6), dict(at_least=7)),
    (dict(kind="sections"), dict(at_most=6), dict(at_most=5)),
    (dict(kind="characters"), dict(at_least=6), dict(at_least=7)),
    (dict(kind="group"), dict(at_least=3), dict(at_least=4)),  # right side P A A
    (dict(kind="each_side", character=P), dict(at_least=1), dict(at_least=2)),
    (dict(kind="empty_run"), dict(at_least=3), dict(at_least=4)),
    (dict(kind="variety"), dict(at_least=1), dict(at_least=2)),
]


@pytest.mark.parametrize("base, met, unmet", CASES)
def test_goal_kinds_met_and_not_met(base, met, unmet):
    assert goal_met(Goal(text="t", **base, **met), sheet()) is True
    assert goal_met(Goal(text="t", **base, **unmet), sheet()) is False


def test_patrons_goal_reads_patrons_won():
    goal = Goal(kind="patrons", text="t", at_least=2)
    assert goal_met(goal, sheet(patrons=2)) is True
    assert goal_met(goal, sheet(patrons=1)) is False


def test_most_goals_compare_with_every_other_player_strictly():
    mine = sheet()
    fewer = sheet("P .\n. .\n")
    same = sheet("A .\nA .\n")
    most = Goal(kind="most", text="t", character=A)
    most_points = Goal(kind="most_points", text="t", category=A)
    assert goal_met(most, mine, [fewer]) is True
    assert goal_met(most, mine, [fewer, same]) is False  # a tie is not "most"
    assert goal_met(most_points, mine, [fewer]) is True
    assert goal_met(most_points, mine, [same]) is False
    assert goal_met(most, mine) is None  # cannot be judged from one pier


def test_the_bots_measure_reader_reads_what_goal_measures_says_for_every_kind():
    """`measure_reader` (the bots' fast way to measure a pier for a goal) gives the very
    numbers `goal_measures` gives, for every kind and character, on random piers, with
    and without Patrons taken as won."""
    import random

    from pier18.engine.goals import measure_reader

    deck = load_deck()
    goals = []
    for kind in GOAL_KINDS:
        for character in Character:
            goals.append(Goal(kind=kind, text="t", character=character, category=character, at_least=1))
    rng = random.Random(31)
    ids = sorted(deck)
    for _ in range(150):
        built = Pier()
        for card in rng.sample(ids, rng.randint(1, 5)):
            built = built.place(deck[card], rng.randint(0, built.max_cover))
        for goal in goals:
            for patrons in (0, 1, 3):
                taken = built.sheet().with_patrons(patrons)
                assert measure_reader(goal, patrons)(built.sheet()) == goal_measures(goal, taken), goal.kind
                assert measure_reader(goal)(taken) == goal_measures(goal, taken), goal.kind


def test_every_goal_kind_is_tested():
    tested = {case[0]["kind"] for case in CASES} | {"patrons", "most", "most_points"}
    assert tested == set(GOAL_KINDS)


def test_a_goal_of_an_unknown_kind_is_refused_by_name():
    """The deck loader never lets an unknown kind through; if code ever builds one, the
    error must say which kind it was when it is made, not fail somewhere later."""
    with pytest.raises(ValueError, match="'moon_phase' is not a valid GoalKind"):
        Goal(kind="moon_phase", text="Build at full moon")


def test_every_goal_kind_has_one_row_of_rules_and_one_of_words():
    """A kind is one table row: its measure and settings in the engine, its words in `words`."""
    from pier18.engine.goals import GoalKind
    from pier18.speech.scores import _GOAL_MEASURE_NAMES

    assert set(GOAL_KINDS) == {kind.value for kind in GoalKind}
    assert set(_GOAL_MEASURE_NAMES) == set(GoalKind)


# -- a goal that can no longer be met ---------------------------------------------------------


def _games(players: int, seeds: range):
    """Random games, each with the table as it was before every decision and the outcome
    of the decision made, as the seat that made it saw it."""
    from pier18.bots import make_bot
    from pier18.engine import Game, PlayerView, TableView

    deck = load_deck()
    for seed in seeds:
        game = Game(deck, players, seed)
        bots = [make_bot("random", seed * 7 + seat) for seat in range(players)]
        steps = []
        while not game.is_terminal():
            seat = game.current_player
            view = PlayerView.of(game, seat)
            decision = bots[seat].choose(view)
            steps.append((TableView.of(game), seat, view.outcome(decision)))
            game.apply(decision)
        yield game, steps


@pytest.mark.parametrize("players", [2, 3])
def test_a_goal_said_out_of_reach_is_never_met_at_the_end(players):
    """The engine says a Plan goal is out of reach only when no cards still to come can
    make it hold: over random games, every such goal ends unmet (and some are said so)."""
    said = 0
    for game, steps in _games(players, range(60)):
        for table, seat, outcome in steps:
            for other in range(players):
                if table.plan_in_reach(other) is False:
                    said += 1
                    assert not game.plan_met(other), (game.seed, len(table.history), other)
            plan = outcome.plan_after
            if plan is not None and plan.in_reach is False:
                said += 1
                assert not game.plan_met(seat), (game.seed, len(table.history), seat)
    assert said > 100, "no goal was ever out of reach: the test checks nothing"


def test_at_most_15_sections_at_16_is_out_of_reach_and_says_so():
    """Each placement adds a card of 4 sections and covers at most 3 of the one below:
    the visible sections never go down, so 'At most 15' at 16 cannot be met any more."""
    from pier18.engine.goals import can_still_be_met
    from pier18.speech.scores import verdict

    goal = Goal("sections", "At most 15 visible sections", at_most=15)
    cards = [card.sections for card in load_deck().values()]
    sixteen = sheet(". .\n" * 16)
    assert can_still_be_met(goal, sixteen, placements=3, patrons=2, last_sections=4, cards=cards) is False
    fifteen = sheet(". .\n" * 15)
    assert can_still_be_met(goal, fifteen, placements=0, patrons=0, last_sections=4, cards=cards) is True
    assert can_still_be_met(goal, fifteen, placements=1, patrons=0, last_sections=4, cards=cards) is False
    twelve = sheet(". .\n" * 12)
    assert can_still_be_met(goal, twelve, placements=3, patrons=2, last_sections=4, cards=cards) is True
    assert verdict(False, final=False, in_reach=False) != verdict(False, final=False)
    assert "out of reach" in verdict(False, final=False, in_reach=False)
    assert verdict(False, final=False, in_reach=True) == "✘ not yet"
    assert verdict(False, final=True, in_reach=False) == "✘ not met"


def test_a_goal_that_compares_players_is_never_said_out_of_reach():
    from pier18.engine.goals import can_still_be_met

    goal = Goal("most", "More Lovers than any rival", character=L)
    assert can_still_be_met(goal, sheet(), placements=2, patrons=1, last_sections=4, cards=[((None, None),) * 4]) is None
