"""The final screen's `v`: one player's decisions reviewed page by page, and the final
score broken down for every player.

A few sampled worlds a decision (`REVIEW_WORLDS`): these tests check what the screens
show, never how fast the review is (benchmarks/review.py).
"""

from __future__ import annotations

import re

import pytest

from pier18.engine import Game, PlayerView, TableView
from pier18.session import Session
from pier18.review.positions import game_at
from pier18.review.run import review_moments, session_moments
from pier18.selfplay.simulation import play_game
from pier18.tui.app import Pier18App
from pier18.words import expected_after, ordinal
from pier18.speech.moves import card_label
from pier18.speech.scores import ahead_of, points, tied_with
from waiting import Steps
from tui_helpers import NAMES, drawn_text, screen_name, shown, until_drawn, wait_until

WORLDS = 3


@pytest.fixture(autouse=True)
def few_worlds(monkeypatch):
    monkeypatch.setattr("pier18.tui.screens.review.REVIEW_WORLDS", WORLDS)
    monkeypatch.setattr("pier18.tui.screens.review.REVIEW_JOBS", 1)


def finished(deck, players: int, seed: int, seats=None, levels=("hard", "greedy", "random")) -> Session:
    """A whole game of bots, its seats marked as people (or `seats`) for the app."""
    game = play_game(deck, list(levels[:players]), seed)
    return Session(deck, NAMES[:players], seed, seats=list(seats or []), decisions=game.decisions)


def final_app(session: Session) -> Pier18App:
    return Pier18App(session.players, lambda names: session, session=session, seats=list(session.seats), bot_pause=0.0)


async def to_final(pilot, app) -> None:
    """Past the last round's Patron panel, to the final screen."""
    for _ in Steps(lambda: f"the final screen ({screen_name(app)} on top)"):
        await until_drawn(pilot, app)  # a key before the screen is drawn is not for it
        if screen_name(app) == "FinalScreen":
            return
        await pilot.press("enter")
        await pilot.pause()


async def open_review(pilot, app, seat: int | None) -> None:
    """`v` on the final screen; `seat` picked when the app asks whose decisions."""
    await to_final(pilot, app)
    await pilot.press("v")
    await wait_until(pilot, lambda: screen_name(app) in ("ReviewScreen", "ReviewWhoScreen"), "the review")
    if seat is not None:
        assert screen_name(app) == "ReviewWhoScreen"
        await pilot.press(*["down"] * seat, "enter")
    await wait_until(pilot, lambda: screen_name(app) == "ReviewScreen" and app.screen.reviews is not None,
                     "the review to be judged")


def head(app) -> str:
    return shown(app.screen.query_one("#review-head"))


# -- stepping through the review -----------------------------------------------------------


async def test_v_opens_the_review_and_arrows_step_through_every_decision(tui_deck):
    session = finished(tui_deck, 3, 4)
    seat = 1
    moments = session_moments(session, seat)
    expected = review_moments(moments, worlds=WORLDS)  # the same review `pier18 review --seat Bob` gives
    pages = 1 + len(moments)
    app = final_app(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_review(pilot, app, seat)
        screen = app.screen
        assert screen.seat == seat and screen.reviews == expected
        assert f"page 1 of {pages}" in head(app)
        summary = shown(screen.query_one("#review-summary"))
        assert "Points lost:" in summary and "Accuracy" in summary
        for item in expected:  # every decision has its row on the summary
            assert re.search(rf"│\s+{item.number} │", summary)
        await pilot.press("left")  # nothing before the summary
        assert screen.page == 0
        for page in range(1, pages):
            await pilot.press("right")
            await pilot.pause()
            item = expected[page - 1]
            assert f"page {page + 1} of {pages}" in head(app)
            decision = shown(screen.query_one("#review-decision"))
            assert decision.startswith(f"Decision {item.number} ("), decision
            assert f"{item.foresight.loss:.2f} points lost" in decision
            made = shown(screen.query_one("#review-made"), width=60)
            chosen = item.foresight.chosen  # priced by the one measure, named in words, with the final total
            assert expected_after(chosen.expected, chosen.total) in " ".join(made.split())
            best = shown(screen.query_one("#review-best"), width=60)
            if item.foresight.best.decision == item.decision:
                assert "the same" in best
            else:
                better = item.foresight.best
                assert expected_after(better.expected, better.total) in " ".join(best.split())
        await pilot.press("right")  # nothing after the last page
        assert screen.page == pages - 1
        await pilot.press("left", "left")
        assert screen.page == pages - 3 and f"page {pages - 2} of {pages}" in head(app)
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(app) == "FinalScreen", "the final screen again")
        await pilot.press("v")  # the second time, the review is kept: no judging again
        await pilot.press(*["down"] * seat, "enter")
        await wait_until(pilot, lambda: screen_name(app) == "ReviewScreen", "the review again")
        assert app.screen.reviews == expected and app.screen.known == expected


async def test_one_person_against_bots_gets_their_own_review_at_once(tui_deck):
    session = finished(tui_deck, 3, 2, seats=["greedy", "human", "random"])
    app = final_app(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_review(pilot, app, None)  # nobody else to ask about
        assert app.screen.seat == 1
        assert "Review of Bob's decisions" in head(app)


async def test_the_review_shows_its_progress_while_it_works(tui_deck, monkeypatch):
    """The bar and its line move as each decision is judged (the judging let through one
    decision at a time here); nothing steps before the review is done."""
    import threading

    from textual.widgets import ProgressBar

    from pier18.review import run

    turns = threading.Semaphore(0)
    judged = run._judged

    def one_at_a_time(*args, **kwargs):
        assert turns.acquire(timeout=60)
        return judged(*args, **kwargs)

    monkeypatch.setattr(run, "_judged", one_at_a_time)
    app = final_app(finished(tui_deck, 2, 3))
    async with app.run_test(size=(120, 40)) as pilot:
        try:
            await to_final(pilot, app)
            await pilot.press("v", "enter")
            await wait_until(pilot, lambda: screen_name(app) == "ReviewScreen", "the review screen")
            screen = app.screen
            total = len(screen.moments)
            bar = screen.query_one(ProgressBar)
            assert screen.query_one("#review-running").display and bar.total == total
            for done in range(total):
                assert f"{done} of {total} judged" in shown(screen.query_one("#review-status")) and bar.progress == done
                await pilot.press("right")
                assert screen.page == 0  # nothing to step through yet
                turns.release()
                await wait_until(pilot, lambda: screen.judged == done + 1, f"decision {done + 1} judged")
            await wait_until(pilot, lambda: screen.reviews is not None, "the review")
            assert not screen.query_one("#review-running").display
        finally:
            turns.release(100)  # a failed check leaves no worker waiting


# -- what the review may show --------------------------------------------------------------


def card_marks(deck, text: str) -> set[int]:
    """Every card the text names, by its number or by its whole name."""
    found = {int(number) for number in re.findall(r"#(\d+)", text)}
    return found | {card.id for card in deck.values() if re.search(rf"\b{re.escape(card.name)}\b", text)}


@pytest.mark.parametrize(("players", "seed", "seat"), [(3, 4, 0), (2, 5, 1)])
async def test_no_page_shows_a_card_its_player_could_not_see_then(tui_deck, players, seed, seat):
    session = finished(tui_deck, players, seed)
    app = final_app(session)
    async with app.run_test(size=(160, 50)) as pilot:
        await open_review(pilot, app, seat)
        screen = app.screen
        never = set(tui_deck)
        for page, moment in enumerate(screen.moments, start=1):
            # What the seat could not see there, from the record alone (not from the screen's views).
            unseen = PlayerView.of(game_at(session, moment.position), seat).unseen
            never &= unseen
            await pilot.press("right")
            await pilot.pause()
            assert screen.page == page
            leaked = card_marks(tui_deck, drawn_text(app)) & unseen
            assert not leaked, f"page {page + 1} shows cards {sorted(leaked)} its player had not seen"
        await pilot.press(*["left"] * len(screen.moments))
        await pilot.pause()
        assert screen.page == 0
        leaked = card_marks(tui_deck, drawn_text(app)) & never
        assert not leaked, f"the summary shows cards {sorted(leaked)} its player never saw"


# -- the final score broken down -------------------------------------------------------------


# Seats ranked out of their order, with the first tie-breaker deciding a place (3, 14 and
# 2, 9), and a last place level with the one above.
@pytest.mark.parametrize(("players", "seed"), [(3, 4), (3, 14), (2, 9)])
async def test_the_breakdown_on_the_final_screen_is_the_engines_standings(tui_deck, players, seed):
    session = finished(tui_deck, players, seed, levels=("random", "greedy", "random"))
    game = Game.replay(tui_deck, players, seed, session.decisions)
    app = final_app(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_final(pilot, app)
        text = shown(app.screen.query_one("#final-breakdown"), width=300)
    heads = [line for line in text.splitlines() if re.match(rf"^({'|'.join(NAMES[:players])}), ", line)]
    ranking = game.ranking()
    assert len(heads) == players
    for index, (line, standing) in enumerate(zip(heads, ranking)):  # in the ranking's order, as the engine ranks
        assert line.startswith(f"{NAMES[standing.seat]}, {ordinal(standing.place)}: {points(standing.total)}"), line
        below = NAMES[ranking[index + 1].seat] if index + 1 < len(ranking) else None
        if standing.decided_by is not None:  # the tie-breaker that put it above the next
            assert line.endswith(ahead_of(below, standing.decided_by)), line
        elif below is not None:
            assert line.endswith(tied_with(below)), line
    blocks = re.split(rf"\n(?=(?:{'|'.join(NAMES[:players])}), )", text.split("\n", 1)[1])
    table = TableView.of(game)
    for block, standing in zip(blocks, ranking):
        seat = standing.seat
        won = [a for a in game.awards if a.winner == seat]
        patron_lines = [line for line in block.splitlines() if line.strip().startswith("Patron #")]
        assert len(patron_lines) == len(won), block
        for line, award in zip(patron_lines, won):
            assert card_label(tui_deck[award.card]) in line and f"(round {award.round})" in line
            for name, score in zip(NAMES, award.scores):
                assert f"{name} {score}" in line
        plan = table.plan_card(seat)
        sheet = game.score(seat)
        if plan is not None:
            met = table.plan_met(seat)
            assert (f"{card_label(plan)} met: +{points(sheet.plan)}" in block) == bool(met), block
            assert (f"{card_label(plan)} not met" in block) == (not met), block


# -- how it looks ----------------------------------------------------------------------------


def test_a_decision_page_at_120x40(snap_compare, tui_deck):
    """A draft of Bob's that lost points (his first): his pier as it was, what was on
    offer, the choice made and the best one side by side with their previews."""

    async def to_page(pilot):
        await open_review(pilot, pilot.app, 1)
        await pilot.press("right", "right")  # the summary, the set-up, the first draft
        await pilot.pause()
        assert pilot.app.screen.reviews[1].foresight.loss > 0

    assert snap_compare(final_app(finished(tui_deck, 3, 4)), run_before=to_page, terminal_size=(120, 40))


def test_the_summary_page_at_120x40(snap_compare, tui_deck):
    async def to_summary(pilot):
        await open_review(pilot, pilot.app, 0)

    assert snap_compare(final_app(finished(tui_deck, 3, 4)), run_before=to_summary, terminal_size=(120, 40))
