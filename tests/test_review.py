"""The post-game review (`pier18 review`, `pier18.review`): each decision priced from what
its seat knew, the choice made against the best, hindsight kept apart.

World budgets are small here (a few sampled worlds a decision): the tests check what
the review says about decisions, never how fast it says it (benchmarks/review.py).
"""

from __future__ import annotations

import json
import os
import random
import select
import subprocess
import sys
from dataclasses import replace

import pytest

from helpers import child_env
from pier18.bots import make_bot
from pier18.bots.estimate import values_of
from pier18.cli import main
from pier18.engine import Game, Phase, PlayerView
from pier18.engine.game import Deal
from pier18.persist import record
from pier18.session import Session
from pier18.bots.judge import ahead
from pier18.review.judges import HardJudge
from pier18.review.model import THRESHOLDS, Mark, Verdict, mark_of
from pier18.review.positions import game_at, positions
from pier18.review.run import review_moments, review_session, session_moments
from pier18.selfplay import cores
from pier18.selfplay.simulation import play_game
from pier18 import i18n
from pier18.speech.scores import MEASURE


def hindsight_title() -> str:
    """The label above the hindsight tables, as the catalog says it."""
    return i18n._(
        "HINDSIGHT: the same decisions judged with everything known after the game (the real draws, Plans and "
        "choices), which nobody knew when deciding"
    )


WORLDS = 6  # sampled worlds a decision, in these tests


def bots_record(deck, levels, seed, names=None, kinds=None) -> Session:
    """A finished game between bots of `levels` (by seat), as a session to review."""
    game = play_game(deck, levels, seed)
    names = names or [f"P{seat + 1}" for seat in range(len(levels))]
    return Session(deck, list(names), seed, seats=list(kinds or levels), decisions=game.decisions)


def saved(session: Session, path) -> str:
    record.save(session, path, overwrite=True)
    return str(path)


def review_json(capsys, *argv) -> dict:
    code = main(["review", *argv, "--json"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert out.count("\n") == 1
    return json.loads(out)


# -- the price of a decision ---------------------------------------------------------------


def test_a_random_seat_loses_more_points_per_decision_than_a_hard_seat_over_the_same_deals(deck):
    """Each deal is played twice, hard and random swapping seats, and every decision of
    both is reviewed: the random player's decisions cost it far more, and none costs
    anything negative."""
    lost: dict[str, list[float]] = {"hard": [], "random": []}
    for seed in (1, 2, 3):
        for levels in (["hard", "random"], ["random", "hard"]):
            review = review_session(bots_record(deck, levels, seed), worlds=WORLDS, seed=seed)
            assert review.seats == (0, 1)  # a game of bots only: every seat
            for item in review.decisions:
                assert item.foresight.loss >= 0
                lost[levels[item.seat]].append(item.foresight.loss)
    hard, rand = (sum(lost[level]) / len(lost[level]) for level in ("hard", "random"))
    assert len(lost["hard"]) == len(lost["random"]) == 3 * 2 * 6  # 6 decisions a seat in a 2-player game
    assert rand > hard + 1.0, (rand, hard)


def test_a_decision_equal_to_the_best_one_loses_exactly_nothing(deck):
    """Seat 1 plays, at every turn, the best choice the judge finds there (with the
    worlds the review will sample for that decision); its review then loses 0.0 points
    on every decision, each marked best, exactly: the choice made and the best one are
    the same candidate in the same worlds."""
    judge = HardJudge(WORLDS)
    game = Game(deck, 2, 11)
    opponent = random.Random(11)
    while not game.is_terminal():
        legal = game.legal_decisions()
        if game.current_player == 0:  # seat 1 is first in each simultaneous phase: its view is its turn's
            verdict = judge.judge(PlayerView.of(game, 0), legal[-1], 5)
            game.apply(verdict.best.decision)
        else:
            game.apply(opponent.choice(legal))
    session = Session(deck, ["Ann", "Bob"], 11, seats=["human", "hard"], decisions=game.decisions)
    review = review_session(session, worlds=WORLDS, seed=5)
    assert review.seats == (0,)  # the human seat only
    assert len(review.decisions) == 6
    for item in review.decisions:
        assert item.foresight.loss == 0.0 and item.foresight.mark is Mark.BEST
        assert item.foresight.best is item.foresight.chosen
    summary = review.summary(0)
    assert (summary.lost, summary.accuracy, summary.biggest) == (0.0, 100.0, None)


def test_a_choice_as_good_as_the_best_is_the_best_and_loses_nothing(deck):
    from pier18.engine import Draft

    a, b, c = Draft(1, 0), Draft(2, 0), Draft(3, 1)
    verdict = Verdict.of(b, {a: 20.0, b: 20.0, c: 17.5}, 8)
    assert verdict.best is verdict.chosen and verdict.loss == 0.0 and verdict.mark is Mark.BEST
    worse = Verdict.of(c, {a: 20.0, b: 20.0, c: 17.5}, 8)
    assert (worse.best.decision, worse.loss, worse.mark) == (a, 2.5, Mark.MISTAKE)
    assert [choice.decision for choice in worse.choices] == [a, b, c]
    with pytest.raises(ValueError):
        Verdict.of(Draft(4, 0), {a: 1.0}, 1)


@pytest.mark.parametrize(
    "loss, mark",
    [(0.0, Mark.BEST), (0.01, Mark.GOOD), (0.99, Mark.GOOD), (1.0, Mark.INACCURACY), (1.99, Mark.INACCURACY),
     (2.0, Mark.MISTAKE), (3.99, Mark.MISTAKE), (4.0, Mark.BLUNDER), (11.0, Mark.BLUNDER)],
)
def test_marks_follow_the_documented_thresholds(loss, mark):
    assert mark_of(loss) is mark
    assert dict(THRESHOLDS) == {Mark.INACCURACY: 1.0, Mark.MISTAKE: 2.0, Mark.BLUNDER: 4.0}


# -- what the seat knew --------------------------------------------------------------------


def _hidden_twin(deck, session: Session, seat: int) -> tuple[Session, int] | None:
    """The same record over another deal, differing only in cards `seat` never saw by
    the record's end: another rival's returned card swapped with a card of the draw pile,
    both still in the pile, and the rest of the pile in reverse. None if this game has
    no such returned card. Also gives the rival whose hand changed."""
    game = session.game
    deal = game.deal
    players = session.players
    order, reshuffle = list(deal.order), list(deal.reshuffle)
    hidden = set(game.draw_pile)  # never revealed yet: nobody at the table has seen them
    drawn = len(reshuffle) - len(game.draw_pile)  # the pile's top cards already dealt into rows
    first_pile = order[3 * players :]
    for rival in range(players):
        returned = game.returned[rival]
        if rival == seat or returned not in hidden:
            continue
        others = [card for card in first_pile if card in hidden]
        if not others:
            continue
        i, j = order.index(returned), order.index(others[0])
        order[i], order[j] = order[j], order[i]
        reshuffle[drawn:] = reversed(reshuffle[drawn:])
        twin = Session(deck, session.names, session.seed, seats=session.seats, decisions=session.decisions,
                       deal=Deal(tuple(order), tuple(reshuffle)))
        return twin, rival
    return None


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_the_review_never_reads_cards_its_seat_could_not_see(deck, seat):
    """Two records of the same unfinished 3-player game (an autosave in round 2) whose
    deals differ only in cards the seat never saw: a rival's hand (its returned card)
    and the order of the pile still to be drawn. Every view the seat had is the same in
    both, the hidden cards are not, and the seat's review is the same."""
    for seed in range(40):
        game = play_game(deck, ["random", "random", "random"], seed)
        session = Session(deck, ["Ann", "Bob", "Cy"], seed, decisions=game.decisions[:7])
        found = _hidden_twin(deck, session, seat)
        if found is not None:
            break
    else:
        pytest.fail("no game with a rival's returned card still in the pile")
    twin, rival = found
    assert twin.game.hands != session.game.hands or twin.deal.order != session.deal.order
    assert twin.game.draw_pile != session.game.draw_pile  # the hidden cards differ...
    for point in positions(session):  # ...and nothing the seat saw does
        if point.seat == seat:
            assert PlayerView.of(game_at(twin, point.position), seat) == PlayerView.of(game_at(session, point.position), seat)
    assert PlayerView.of(game_at(twin, 0), rival) != PlayerView.of(game_at(session, 0), rival)  # the rival saw it
    one = review_session(session, [seat], worlds=WORLDS, seed=3)
    other = review_session(twin, [seat], worlds=WORLDS, seed=3)
    assert len(one.decisions) >= 2  # its set-up choice and a draft at least
    assert one.decisions == other.decisions


# -- hindsight -------------------------------------------------------------------------------


def _light_greedy_game(deck, seed: int, seat: int) -> Session:
    """A 3-player game where `seat` plays as the review's play-outs do (the light greedy
    policy on the real game) and the others at random; `seat` is the only person."""
    game = Game(deck, 3, seed)
    chooser = random.Random(seed)
    while not game.is_terminal():
        legal = game.legal_decisions()
        if game.current_player == seat:
            values = values_of(game, seat, legal, True)
            game.apply(legal[values.index(max(values))])
        else:
            game.apply(chooser.choice(legal))
    kinds = ["human" if s == seat else "random" for s in range(3)]
    return Session(deck, ["Ann", "Bob", "Cy"], seed, seats=kinds, decisions=game.decisions)


@pytest.mark.parametrize("seed, seat", [(4, 0), (9, 2)])
def test_hindsight_plays_each_choice_in_the_real_game(deck, seed, seat):
    """The seat played as the play-outs do, so replaying the real game from any of its
    decisions with the choice it made (the others making their real decisions, the real
    cards dealt) comes to its real final total, whatever it was: hindsight is the real
    game, not a sampled one. Every other choice is tried there too and none of them
    counts less than nothing lost."""
    session = _light_greedy_game(deck, seed, seat)
    real = session.game.score(seat).total
    review = review_session(session, worlds=WORLDS, hindsight=True)
    assert review.seats == (seat,)
    assert [item.phase for item in review.decisions] == [Phase.SETUP, *[Phase.DRAFT] * 3, Phase.PLAN]
    for item in review.decisions:
        assert item.hindsight is not None and item.hindsight.worlds == 1
        assert item.hindsight.chosen.total == real
        assert item.hindsight.chosen.expected == ahead(session.game, seat)  # the one measure, in the real game
        assert item.hindsight.loss >= 0
        legal = game_at(session, item.position).legal_decisions_for(seat)
        assert {choice.decision for choice in item.hindsight.choices} == set(legal)  # every legal one tried
    plan = review.decisions[-1]  # the Plan placement: each cover checked on the real final piers
    for choice in plan.hindsight.choices:
        decisions = list(session.decisions)
        decisions[plan.number - 1] = choice.decision
        again = Game.replay(deck, 3, seed, decisions, deal=session.deal)
        assert (choice.expected, choice.total) == (ahead(again, seat), again.score(seat).total)


def test_hindsight_is_only_ever_apart_and_named(deck, tmp_path, capsys):
    path = saved(bots_record(deck, ["greedy", "random"], 6, names=["Ann", "Bob"], kinds=["human", "human"]), tmp_path / "g.json")
    plain = review_json(capsys, path, "--worlds", "2")
    assert plain["hindsight"] is False
    assert not any("hindsight" in item for item in plain["decisions"] + plain["seats"])
    both = review_json(capsys, path, "--worlds", "2", "--hindsight")
    assert both["hindsight"] is True
    assert all("hindsight" in item for item in both["decisions"] + both["seats"])
    strip = lambda data: [{k: v for k, v in item.items() if k != "hindsight"} for item in data]  # noqa: E731
    assert strip(both["decisions"]) == strip(plain["decisions"])  # the review itself is unchanged
    assert main(["review", path, "--worlds", "2"]) == 0
    assert hindsight_title().split(":")[0] not in capsys.readouterr().out
    assert main(["review", path, "--worlds", "2", "--hindsight"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    title = " ".join(hindsight_title().split())
    assert title.startswith("HINDSIGHT:")  # labelled as such, first thing
    head, _, apart = out.partition(title)
    for name in ("Ann", "Bob"):  # each seat's tables: the review's, then the hindsight ones below the label
        assert head.count(f"{name} (human)") == apart.count(f"{name} (human)") == 1


# -- the command -------------------------------------------------------------------------------


def test_the_json_says_what_each_decision_cost_and_sums_it_per_seat(deck, tmp_path, capsys):
    session = bots_record(deck, ["random", "hard", "greedy"], 8, names=["Ann", "Hard bot", "Cy"],
                          kinds=["human", "hard", "human"])
    result = review_json(capsys, saved(session, tmp_path / "g.json"), "--worlds", str(WORLDS))
    assert [seat["player"] for seat in result["seats"]] == ["Ann", "Cy"]  # the human seats
    assert (result["judge"], result["worlds"], result["seed"], result["finished"]) == ("hard", WORLDS, 0, True)
    assert result["thresholds"] == {"blunder": 4.0, "mistake": 2.0, "inaccuracy": 1.0}
    assert result["measure"] == MEASURE
    numbers = [item["number"] for item in result["decisions"]]
    assert numbers == sorted(numbers) and len(numbers) == 10
    for item in result["decisions"]:
        assert item["player"] in ("Ann", "Cy")
        assert item["chosen"]["decision"] == str(session.decisions[item["number"] - 1])
        assert 0 <= item["loss"] == pytest.approx(item["best"]["ahead"] - item["chosen"]["ahead"], abs=0.011)
        assert item["mark"] == mark_of(item["loss"]).value  # marked by the loss as shown
        assert item["best"]["ahead"] == max(choice["ahead"] for choice in item["choices"])
        assert all(isinstance(choice["total"], float) for choice in item["choices"])
        assert item["chosen"]["decision"] in {choice["decision"] for choice in item["choices"]}
        assert item["why_best"] and item["why_chosen"]
    for seat in result["seats"]:
        mine = [item for item in result["decisions"] if item["player"] == seat["player"]]
        assert seat["decisions"] == len(mine) == 5
        assert seat["points_lost"] == pytest.approx(sum(item["loss"] for item in mine), abs=0.03)
        assert sum(seat["lost_by_phase"].values()) == pytest.approx(seat["points_lost"], abs=0.03)
        assert sum(seat["marks"].values()) == 5
        worst = max(mine, key=lambda item: item["loss"])
        assert seat["biggest"] == (worst["number"] if worst["loss"] > 0 else None)
        assert 0 <= seat["accuracy"] <= 100
    ann = review_json(capsys, str(tmp_path / "g.json"), "--worlds", str(WORLDS), "--seat", "  ANN ")
    assert [seat["player"] for seat in ann["seats"]] == ["Ann"]
    assert ann["decisions"] == [item for item in result["decisions"] if item["player"] == "Ann"]


@pytest.mark.skipif(cores() < 2, reason="two processes need two cores")
def test_the_same_record_and_seed_give_the_same_review_on_one_process_or_two(deck, tmp_path, capsys):
    path = saved(bots_record(deck, ["greedy", "random", "random"], 2), tmp_path / "g.json")
    one = review_json(capsys, path, "--worlds", "3", "--seed", "9")
    two = review_json(capsys, path, "--worlds", "3", "--seed", "9", "--jobs", "2")
    assert one == two == review_json(capsys, path, "--worlds", "3", "--seed", "9", "--jobs", "1")


def test_the_review_judges_on_every_core_unless_told(deck, tmp_path, capsys, monkeypatch):
    """Without --jobs the review takes every core this process may use (it is the same
    review on any number: the test above); --jobs 1 keeps it on one."""
    import pier18.review.run as run
    import pier18.selfplay as selfplay

    asked = []
    monkeypatch.setattr(selfplay, "cores", lambda: 3)
    monkeypatch.setattr(run, "_run", lambda tasks, jobs, on_decision: asked.append(jobs) or [])
    path = saved(bots_record(deck, ["random", "random"], 2), tmp_path / "g.json")
    review_json(capsys, path, "--worlds", "1")
    review_json(capsys, path, "--worlds", "1", "--jobs", "1")
    assert asked == [3, 1]


def test_an_unfinished_record_reviews_the_decisions_made(deck, tmp_path, capsys):
    session = bots_record(deck, ["random", "random"], 3)
    early = Session(deck, ["Ann", "Bob"], 3, decisions=session.decisions[:4])
    result = review_json(capsys, saved(early, tmp_path / "g.json"), "--worlds", "2", "--hindsight")
    assert result["finished"] is False
    assert [item["number"] for item in result["decisions"]] == [1, 2, 3, 4]


DAMAGED = {
    "missing": (None, "no such game record"),
    "not json": ("hello", "bad JSON"),
    "cut short": ('{"format": "pier18-record", "vers', "cut short"),
    "not a record": ('{"format": "chess"}', "not a Pier 18 game record"),
    "illegal decision": ("ILLEGAL", "decision 4 (draft 99:0)"),
    "bad notation": ("NOTATION", "decision 2"),
}


@pytest.mark.parametrize("case", sorted(DAMAGED))
def test_a_damaged_record_is_one_line_and_exit_status_2(deck, tmp_path, capsys, case):
    text, says = DAMAGED[case]
    path = tmp_path / "game.json"
    if text in ("ILLEGAL", "NOTATION"):
        data = json.loads(record.dumps(bots_record(deck, ["random", "random"], 4)))
        if text == "ILLEGAL":
            data["decisions"][3] = "draft 99:0"
        else:
            data["decisions"][1] = "keep me"
        path.write_text(json.dumps(data))
    elif text is not None:
        path.write_text(text)
    for extra in ([], ["--json"], ["--hindsight", "--jobs", str(min(2, cores()))]):
        assert main(["review", str(path), *extra]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and err.startswith("pier18: ") and says in err, err
        assert "Traceback" not in err


@pytest.mark.parametrize(
    "argv, says",
    [
        (["--seat", "Zed"], "--seat 'Zed': no player of that name in this game (its players: Ann, Bob)"),
        (["--seat", "\x1b[2J"], "--seat '␛[2J': no player"),
        (["--worlds", "0"], "--worlds must be a whole number from 1 to 10,000, got 0"),
        (["--jobs", "0"], "--jobs"),
        (["--seed", "-1"], "--seed must be a whole number from 0 to 2**64"),
    ],
)
def test_a_bad_argument_is_one_line_naming_it(deck, tmp_path, capsys, argv, says):
    path = saved(bots_record(deck, ["random", "random"], 4, names=["Ann", "Bob"]), tmp_path / "g.json")
    assert main(["review", path, *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and says in err, err


def test_names_and_card_names_from_the_record_are_printed_as_they_are(deck, tmp_path, capsys):
    """A name holding markup reaches the tables as plain text, never read as markup."""
    names = ["[bold red]Ann[/]", "[link=x]Bob"]
    path = saved(bots_record(deck, ["random", "random"], 4, names=names, kinds=["human", "human"]), tmp_path / "g.json")
    assert main(["review", path, "--worlds", "2"]) == 0
    out = capsys.readouterr().out
    assert "[bold red]Ann[/] (human)" in out and "[link=x]Bob (human)" in out


def test_the_progress_bar_is_drawn_on_a_terminal_and_nowhere_else(deck, tmp_path):
    """On a terminal the review shows its bar on stderr while it works, and takes it away;
    on a pipe, stderr stays empty (the JSON tests above)."""
    import pty

    path = saved(bots_record(deck, ["random", "random"], 4), tmp_path / "g.json")
    master, slave = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "pier18", "review", path, "--json", "--worlds", "2"],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=slave, env=child_env(TERM="xterm-256color"),
    )
    os.close(slave)
    drawn = b""
    while True:
        ready, _, _ = select.select([master], [], [], 120)
        assert ready, "the review never ended"
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the other end has closed: everything was read
            break
        if not chunk:
            break
        drawn += chunk
    out, _ = process.communicate(timeout=120)
    os.close(master)
    assert process.returncode == 0
    assert len(json.loads(out)["decisions"]) == 12
    assert b"reviewing" in drawn and b"12/12" in drawn
    assert drawn.endswith(b"\x1b[1A\x1b[2K")  # its line rubbed out at the end: it is transient


def test_a_review_screen_can_rebuild_each_position(deck):
    """What a screen needs to step through a review: the seat's view where each decision
    was judged from, its pier as it was and the choice made among its legal decisions."""
    from pier18.review.positions import view_at

    session = bots_record(deck, ["greedy", "random", "random"], 5)
    review = review_session(session, [2], worlds=2)
    for item in review.of_seat(2):
        view = view_at(session, 2, item.position)
        assert item.decision in view.legal and item.foresight.best.decision in view.legal
        assert view.phase is item.phase
        assert replace(view, legal=()) == replace(PlayerView.of(game_at(session, item.position), 2), legal=())


def test_a_bot_level_the_record_names_can_be_reviewed_too(deck, tmp_path, capsys):
    """`simulate --record-dir` records have no person: every seat is reviewed."""
    path = tmp_path / "games"
    assert main(["simulate", "--players", "2", "--seats", "greedy,random", "--games", "1", "--record-dir", str(path)]) == 0
    capsys.readouterr()
    result = review_json(capsys, str(path / "game-00001.json"), "--worlds", "2")
    assert [seat["player"] for seat in result["seats"]] == ["greedy 1", "random 2"]


def test_the_strongest_judge_is_named_in_one_place():
    from pier18.review import judges

    assert judges.STRONGEST in judges.JUDGES
    assert judges.make_judge().level == judges.STRONGEST
    assert make_bot(judges.STRONGEST).level == judges.STRONGEST  # a real bot level


def test_simultaneous_choices_are_judged_from_the_start_of_their_phase(deck):
    """Nobody sees another's Plan and Foundation, or Plan placement, before making their
    own: each is judged from its phase's start, a draft from just before it."""
    session = bots_record(deck, ["random", "random", "random"], 3)
    points = positions(session)
    plan_start = next(p.number for p in points if p.phase is Phase.PLAN) - 1
    assert [p.seat for p in points[:3]] == [0, 1, 2] and [p.seat for p in points[-3:]] == [0, 1, 2]
    for point in points:
        expected = {Phase.SETUP: 0, Phase.DRAFT: point.number - 1, Phase.PLAN: plan_start}[point.phase]
        assert point.position == expected, point
        assert point.round == (0 if point.phase is Phase.SETUP else game_at(session, point.number - 1).round)


def test_a_rivals_hidden_set_up_choice_changes_nothing_in_a_seats_set_up_review(deck):
    """Seat 3 chooses its Plan and Foundation without seeing the others' choices: a record
    where seat 1 kept other cards gives seat 3's set-up choice the same verdict."""
    played = bots_record(deck, ["random", "random", "random"], 12).decisions[:3]
    other = next(d for d in Game(deck, 3, 12).legal_decisions() if d != played[0])
    session = Session(deck, ["Ann", "Bob", "Cy"], 12, decisions=played)
    twin = Session(deck, ["Ann", "Bob", "Cy"], 12, decisions=[other, *played[1:]])
    assert twin.game.plans[0] != session.game.plans[0] or twin.game.piers[0] != session.game.piers[0]
    (one,) = review_session(session, [2], worlds=WORLDS).decisions
    (two,) = review_session(twin, [2], worlds=WORLDS).decisions
    assert one.phase is Phase.SETUP and one == two


def test_a_record_with_no_decision_yet_has_nothing_to_review(deck, tmp_path, capsys):
    path = saved(Session(deck, ["Ann", "Bob"], 5), tmp_path / "g.json")
    result = review_json(capsys, path)
    assert result["decisions"] == [] and [seat["decisions"] for seat in result["seats"]] == [0, 0]
    assert [seat["accuracy"] for seat in result["seats"]] == [None, None]  # no figure without a decision
    assert main(["review", path]) == 0
    assert "Ann has made no decision yet." in capsys.readouterr().out


@pytest.mark.parametrize("seat", [0, 2])
def test_a_review_from_a_seats_own_views_is_the_review_of_the_record(deck, seat):
    """The review screen judges `session_moments` (each decision with the seat's own view,
    as a network seat collects them too): the same verdicts as `pier18 review --seat`."""
    session = bots_record(deck, ["hard", "greedy", "random"], 5)
    moments = session_moments(session, seat)
    assert [m.number for m in moments] == [p.number for p in positions(session) if p.seat == seat]
    for moment in moments:
        assert moment.view == PlayerView.of(game_at(session, moment.position), seat)
        assert moment.chosen == session.decisions[moment.number - 1]
    assert review_moments(moments, worlds=WORLDS, seed=3) == review_session(session, [seat], worlds=WORLDS, seed=3).decisions


@pytest.mark.parametrize("seat", [0, 1])
def test_a_seat_that_kept_only_the_views_it_was_sent_reviews_as_the_record_does(deck, seat):
    """A network seat keeps its view whenever it has a choice to make (`seen_moments`):
    those give the same moments as the record, decision for decision."""
    from pier18.engine import TableView
    from pier18.review.run import seen_moments

    session = bots_record(deck, ["hard", "greedy", "random"], 6)
    game = Game(deck, session.players, session.seed)
    views = {}
    for decision in session.decisions:
        if game.legal_decisions_for(seat):  # as the host sends it: the table and this seat's own cards
            made = sum(1 for s, _ in game.history if s == seat)
            views.setdefault(made, (len(game.history), PlayerView.of(game, seat)))
        game.apply(decision)
    assert seen_moments(views, TableView.of(session.game)) == session_moments(session, seat)
    first = min(views)
    del views[first]  # a choice this app never saw (made before it joined): left out, the rest kept
    assert seen_moments(views, TableView.of(session.game)) == session_moments(session, seat)[1:]


def test_a_bots_moves_for_an_away_player_are_not_reviewed_as_theirs(deck):
    """A hosted game where a hard bot played some of Ann's moves while she was away:
    `pier18 review` and the review screen judge Ann on her own moves only."""
    from pier18.review.run import decisions_to_review, session_moments

    session = Session(deck, ["Ann", "Bob"], 12)
    chooser = random.Random(12)
    while not session.game.is_terminal():
        seat = session.game.current_player
        away = seat == 0 and len(session.decisions) % 4 == 2
        session.choose(seat, chooser.choice(session.game.legal_decisions()), "hard" if away else None)
    stand_ins = set(session.stand_ins())
    anns = {point.number for point in positions(session) if point.seat == 0}
    assert stand_ins and stand_ins < anns
    assert {point.number for point in decisions_to_review(session, [0])} == anns - stand_ins
    assert {moment.number for moment in session_moments(session, 0)} == anns - stand_ins
    again = record.loads(record.dumps(session))  # as `pier18 review FILE` reads it
    assert {point.number for point in decisions_to_review(again, [0, 1])} == set(range(1, len(session.decisions) + 1)) - stand_ins


def test_the_review_writes_its_decimals_as_the_language_spoken_does(deck, tmp_path, capsys, monkeypatch, speaking):
    """Play-test nl, 22: '6.98', '-0.38 / -0.38' in a Dutch review. Every number with
    decimals a person reads takes the catalog's decimal separator ("1,30" in Dutch);
    English stays "1.30"; the JSON stays data."""
    import re

    from tiny_catalog import speak_tiny

    monkeypatch.setenv("COLUMNS", "200")
    path = saved(bots_record(deck, ["greedy", "random"], 6, names=["Ann", "Bob"], kinds=["human", "human"]), tmp_path / "g.json")
    data = review_json(capsys, path, "--worlds", "2")
    assert main(["review", path, "--worlds", "2"]) == 0
    english = capsys.readouterr().out
    decimals = re.compile(r"\d[.,]\d")
    assert decimals.search(english) and not re.search(r"\d,\d", english)
    speak_tiny(monkeypatch, tmp_path / "locale", {("decimal separator", "."): ","})
    assert review_json(capsys, path, "--worlds", "2") == data  # the JSON: the same data
    assert main(["review", path, "--worlds", "2"]) == 0
    dutch = capsys.readouterr().out
    assert not re.search(r"\d\.\d", dutch), [line for line in dutch.splitlines() if re.search(r"\d\.\d", line)]
    assert [m.group().replace(",", ".") for m in decimals.finditer(dutch)] == [m.group() for m in decimals.finditer(english)]
