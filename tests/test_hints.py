"""The hint (`h`), the one judge's (`bots.judge`): the same for the same position whatever
was asked before, its next best choices different choices in the order of the value shown
beside them, and a reason that says what the move line does not."""

from __future__ import annotations

import random
import re
import subprocess
import sys

import pytest

from helpers import child_env
from pier18.bots import HardBot, make_bot
from pier18.bots.judge import JudgeHints, judge
from pier18.bots.base import position_seed
from pier18.engine import Draft, Game, Keep, Phase, PlacePlan, PlayerView
from pier18.persist import record
from pier18.session import Session
from pier18.tui.moves import hint_text
from pier18.speech.moves import decision_text, short_decision
from pier18.speech.why import _behind

NAMES = ["Ann", "Bob", "Cy"]


def bot() -> JudgeHints:
    return JudgeHints(worlds=8, width=5)  # light enough for many positions


def played(deck, players: int, seed: int) -> tuple[list[PlayerView], list]:
    """The view of the seat to move at every decision of a game played by greedy bots,
    and the decisions."""
    game = Game(deck, players, seed)
    bots = [make_bot("greedy", s) for s in range(players)]
    views, decisions = [], []
    while game.phase is not Phase.OVER:
        view = PlayerView.of(game, game.current_player)
        views.append(view)
        decisions.append(bots[game.current_player].choose(view))
        game.apply(decisions[-1])
    return views, decisions


def positions(deck, players: int, seed: int) -> list[PlayerView]:
    return played(deck, players, seed)[0]


def test_the_same_position_gets_the_same_hint_whatever_was_asked_before(deck, tmp_path):
    views, decisions = played(deck, 3, 4)
    asked = views[3]  # the first draft: the rows of rounds 2 and 3 are still unseen, in any order
    assert asked.phase is Phase.DRAFT and len(asked.unseen) > 4
    giver = bot()
    first = giver.hint(asked)
    for other in views[3:9]:  # other hints use up whatever a shared generator would hold
        giver.hint(other)
    HardBot(seed=5).choose(views[9])  # and so does a move a bot makes
    assert giver.hint(asked) == first
    # The same position reached again: the game saved and read back.
    session = Session(deck, NAMES, 4)
    for decision in decisions[:3]:
        session.apply(decision)
    path = tmp_path / "game.json"
    record.save(session, path)
    again = record.load(str(path)).game
    assert PlayerView.of(again, again.current_player) == asked
    assert bot().hint(PlayerView.of(again, again.current_player)) == first


def test_a_position_gives_the_same_seed_in_every_process(deck):
    """Not Python's own hash, which differs from one process to the next."""
    view = positions(deck, 2, 7)[5]
    script = (
        "from pier18.engine import Game, PlayerView, load_deck\n"
        "from pier18.bots import make_bot\n"
        "from pier18.bots.base import position_seed\n"
        "game = Game(load_deck(), 2, 7)\n"
        "bots = [make_bot('greedy', s) for s in range(2)]\n"
        "for _ in range(5):\n"
        "    game.apply(bots[game.current_player].choose(PlayerView.of(game, game.current_player)))\n"
        "print(position_seed(PlayerView.of(game, game.current_player)))\n"
    )
    for hash_seed in ("1", "2"):
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                              env=child_env(PYTHONHASHSEED=hash_seed))
        assert done.returncode == 0, done.stderr
        assert int(done.stdout) == position_seed(view)
    seeds = {position_seed(v) for v in positions(deck, 2, 7)}
    assert len(seeds) == len(positions(deck, 2, 7))  # every position its own


def _choice(decision):
    return decision.card if isinstance(decision, Draft) else decision


@pytest.mark.parametrize("players, seed", [(2, 11), (3, 12)])
def test_the_next_best_choices_are_different_choices_in_the_order_of_the_points_shown(deck, players, seed):
    checked = {Keep: 0, Draft: 0, PlacePlan: 0}
    for view in positions(deck, players, seed):
        if len({_choice(d) for d in view.legal}) < 2:
            continue
        hint = bot().hint(view)
        choices = [hint.decision] + [d for d, _ in hint.alternatives]
        assert len({_choice(d) for d in choices}) == len(choices), choices  # never one card twice
        assert hint.alternatives, "a position with a choice has a next best"
        behind_best = [points for _, points in hint.alternatives]
        assert behind_best == sorted(behind_best) and all(points >= 0 for points in behind_best)
        # The points are what the hint ranks by (the one measure), in the same worlds for each.
        judged = judge(view, worlds=8, width=5)
        assert judged.best.decision == hint.decision
        for decision, points in hint.alternatives:
            assert points == round(judged.best.ahead - judged.of(decision).ahead, 2)
        # On screen: each in that order, with its points _behind the best.
        shown = " ".join(hint_text(view, hint, NAMES[:players]).plain.split())
        places = [shown.index(f"{short_decision(deck, d)}, {_behind(p)}") for d, p in hint.alternatives]
        assert places == sorted(places)
        checked[type(hint.decision)] += 1
    assert all(checked.values()), checked


def _round_one(deck, seed: int, drafts: int) -> PlayerView:
    game = Game(deck, 3, seed)
    bots = [make_bot("greedy", s) for s in range(3)]
    while len(game.history) < 3 + drafts:
        game.apply(bots[game.current_player].choose(PlayerView.of(game, game.current_player)))
    return PlayerView.of(game, game.current_player)


def test_the_reason_says_what_the_move_line_does_not(deck):
    """'Why: it drafts Ballroom covering nothing' repeated the move line; '50% chance of
    the Patron' said neither against whom nor on what."""
    told_race = told_won = 0
    for seed in range(12):
        for drafts in (0, 2):  # the first draft of the round, and the last
            view = _round_one(deck, seed, drafts)
            hint = bot().hint(view)
            why = hint_text(view, hint, NAMES).plain.split("Why: ", 1)[1]
            card = deck[hint.decision.card]
            assert card.name not in why and "covering" not in why  # the move line says those
            assert decision_text(deck, hint.decision) not in why and "chance" not in why
            assert "on your pier now" in why
            for race in hint.outcome.races:
                patron = deck[race.card]
                label = f"#{patron.id} {patron.name}"
                for clause in (part for part in why.split("; ") if label in part):  # on what, against whom
                    assert " + ".join(c.title for c in patron.patrons) + " points: " in clause
                    rivals = [NAMES[s] for s in range(3) if s != view.seat]
                    assert any(re.search(rf"\b{name}\b", clause) for name in rivals), clause
                    told_race += 1
            if hint.outcome.patron_won is not None:
                assert "wins the Patron" in why
                told_won += 1
            if drafts == 0 and "if it is the Patron left" in why:
                assert "still draft" in why  # what the others can still change is said so
    assert told_race and told_won


def test_the_reason_names_the_players_by_name_on_screen_and_by_seat_without_names(deck):
    view = _round_one(deck, 3, 2)  # the last draft of the round: its Patron is settled, against a rival
    hint = bot().hint(view)
    rivals = [s for s in range(3) if s != view.seat]
    on_screen = hint_text(view, hint, NAMES).plain
    assert any(f"player {s + 1}" in hint.reason for s in rivals)
    assert not any(f"player {s + 1}" in on_screen for s in rivals)
    assert any(NAMES[s] in on_screen.split("Why: ")[1] for s in rivals)


# -- one judge: the hint and the review agree ------------------------------------------------

#: Worlds per judgement in the property below: few, so dozens of positions stay fast. The
#: review asks the same function with the same count, so they must agree at any count.
FEW_WORLDS = 4


def _random_positions(deck, count: int, seed: int) -> list[tuple[PlayerView, int, int]]:
    """`count` positions of random games, each with a choice to make: the view of the seat
    to move, the number of decisions made before it and the game's phase-start position
    a review judges a simultaneous choice from."""
    rng = random.Random(seed)
    found: list[tuple[PlayerView, int, int]] = []
    while len(found) < count:
        players = rng.choice((2, 3))
        game = Game(deck, players, rng.randrange(2**31))
        phase_start = 0
        while game.phase is not Phase.OVER and len(found) < count:
            if game.phase is not Phase.SETUP and game.phase is Phase.PLAN and game.history and phase_start == 0:
                phase_start = len(game.history)
            view = PlayerView.of(game, game.current_player)
            if len({_choice(d) for d in view.legal}) > 1 and rng.random() < 0.4:
                found.append((view, len(game.history), phase_start if game.phase is Phase.PLAN else len(game.history)))
            game.apply(rng.choice(game.legal_decisions()))
    return found


def test_the_hints_choice_is_the_reviews_best_at_0_lost_and_its_next_best_lose_what_the_hint_says(deck):
    """Over random positions (set-up, drafts, the Plan; two and three players): the review
    of the position, made with the decision the hint names first, calls it the best and
    prices it at 0 lost; the review of each next best choice the hint lists calls the
    hint's choice best and says it lost just the points the hint put it _behind; and any
    other choice is never called best unless it is worth as much."""
    from pier18.review.model import Mark
    from pier18.review.run import Moment, review_moments

    giver = JudgeHints(worlds=FEW_WORLDS)
    rng = random.Random(30)
    phases = {Phase.SETUP: 0, Phase.DRAFT: 0, Phase.PLAN: 0}
    for view, made, position in _random_positions(deck, 36, 30):
        hint = giver.hint(view)
        others = [d for d, _ in hint.alternatives] + [rng.choice(view.legal)]
        choices = [hint.decision, *others]
        moments = [Moment(made + 1, view.phase, view.round, position, view, d) for d in choices]
        reviews = review_moments(moments, worlds=FEW_WORLDS)
        followed = reviews[0].foresight
        assert followed.best.decision == hint.decision and followed.loss == 0.0 and followed.mark is Mark.BEST
        for (decision, behind_best), item in zip(hint.alternatives, reviews[1:]):
            verdict = item.foresight  # best: the hint's choice, or this one if exactly as good
            assert verdict.best.decision in (hint.decision, decision)
            assert verdict.best.expected == next(c.expected for c in verdict.choices if c.decision == hint.decision)
            assert round(verdict.loss, 2) == behind_best
        anyone = reviews[-1].foresight
        hinted = next(c for c in anyone.choices if c.decision == hint.decision)
        assert anyone.best.expected == hinted.expected  # nothing the hint passed over is worth more
        phases[view.phase] += 1
    assert all(phases.values()), phases
