"""The table's event line (`#moves`): each public event in one line, replaced at each.

A screen reader following the cursor finds the newest event in one place: right under
the status line, the words `Teller` says for the newest decision (as `play --lines`
says them), replaced at each decision, never added to, never cut, and at one laptop
never a hidden choice before it is shown.
"""

from __future__ import annotations

import random

from textual.geometry import Region
from tui_helpers import make_app, play_by_keys, screen_name, shown

from pier18.bots import make_bot
from pier18.engine import Game, TableView
from pier18.lines.tell import Teller
from pier18.tui.moves import bot_reasons

SEATS = ["human", "human", "random"]


def said_at_each_step(session) -> list[list[str]]:
    """What a Teller told at each decision of the session's game, stepping through it
    with the engine alone (the first entry: before any decision)."""
    teller, reasons, stand_ins = Teller(), bot_reasons(session), session.stand_ins()
    steps: list[list[str]] = [[]]
    for made in range(1, len(session.decisions) + 1):
        view = TableView.of(Game.replay(session.deck, session.players, session.seed, session.decisions[:made]))
        steps.append(teller.news(view, session.names, reasons, stand_ins))
    return steps


def flat(text: str) -> str:
    return " ".join(text.split())


async def test_the_event_line_tells_each_decision_and_is_replaced(tui_deck):
    """Two people at one laptop and a bot: after each decision the line under the status
    line shows exactly that decision's words, all of them, at most three rows tall, and
    the screen never grows; a set-up choice is said as made until every seat has chosen."""
    app = make_app(tui_deck, 3, 7, seats=SEATS, bot_provider=lambda level, seat: make_bot(level, seat))
    seen: dict[int, str] = {}
    size = None

    def on_screen(app) -> None:
        nonlocal size
        table = app.table()
        session = app.session
        if table is None or table.state.view.history != TableView.of(session.game).history:
            return  # the table is not drawn for this decision yet
        made = len(session.decisions)
        line = table.query_one("#moves")
        words = said_at_each_step(session)[made]
        if not made:
            assert not line.display
            return
        assert line.display and flat(shown(line, width=1000)) == flat(" ".join(words)), made
        if table.is_attached and line.region.height:  # drawn: in place, as tall as its words
            status = table.query_one("#status")
            assert line.region.y == status.region.bottom
            assert 1 <= line.region.height <= 3
            region = line.region
            drawn = [strip.text for strip in line.render_lines(Region(0, 0, region.width, region.height))]
            assert flat(" ".join(drawn)) == flat(" ".join(words))  # as drawn: wrapped, never cut
            size = size or app.screen.size
            assert app.screen.size == size
        seen[made] = flat(shown(line, width=1000))

    async with app.run_test(size=(100, 30)) as pilot:
        await play_by_keys(pilot, app, random.Random(7), on_screen)
        assert screen_name(app) == "FinalScreen"
        session = app.session
    assert len(seen) >= len(session.decisions) // 2  # most decisions were looked at
    for made in (1, 2):  # at one laptop, a set-up choice is never named before every seat has chosen
        if made in seen:
            assert "hidden until everyone has chosen" in seen[made] and "#" not in seen[made]


def test_newest_tells_only_the_last_decision_after_a_take_back_or_a_late_join(tui_deck):
    """A table the Teller has not followed (joined or resumed part way, or taken back)
    gets only its last decision's words, never the whole game again."""
    game = Game(tui_deck, 2, 3)
    chooser = random.Random(3)
    views = [TableView.of(game)]
    while not game.is_terminal() and len(views) < 9:
        game.apply(chooser.choice(game.legal_decisions()))
        views.append(TableView.of(game))
    names = ["Ann", "Bob"]
    told = []
    teller = Teller()
    for view in views[1:]:
        told.append(teller.newest(view, names))
    last = told[-1]
    assert Teller().newest(views[-1], names) == last  # joined late
    assert teller.newest(views[5], names) == told[4]  # taken back to decision 5
    assert teller.newest(views[6], names) == told[5]  # and on again
    assert teller.newest(views[0], names) == []  # another game, nothing decided yet
