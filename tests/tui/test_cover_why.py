"""The placement preview says which characters a cover makes score differently, and why.

The oracle is the engine alone: `engine.explain` on the pier before and on the pier
the cover makes (`Pier.place`), compared reason by reason in the test, worded by
`speech.why.explanation`. The screen must show exactly those lines for every cover tried.
"""

from __future__ import annotations

import random

from tui_helpers import keyed_game, make_app, press_until, screen_name, shown, wait_until

from pier18.engine import Game, Phase
from pier18.engine.explain import explain
from pier18 import i18n
from pier18.speech.why import explanation, reason_gone, reason_new


def expected(pier, card, cover) -> list[str]:
    after = pier.place(card, cover)
    was, now = pier.visible(), after.visible()
    old, new = explain([v.section for v in was]), explain([v.section for v in now])
    gone = [f"{reason_gone()} {explanation(r, [v.card for v in was])}" for r in old if r not in new]
    came = [f"{reason_new()} {explanation(r, [v.card for v in now])}" for r in new if r not in old]
    return [i18n._("What this changes:"), *gone, *came] if gone or came else [i18n._("What this changes: no character scores differently.")]


async def test_each_cover_tried_says_what_it_changes_and_why(tui_deck):
    decisions = keyed_game(tui_deck, 2, 21, random.Random(21), until=lambda g: g.phase is Phase.DRAFT and g.round == 3)
    game = Game.replay(tui_deck, 2, 21, decisions)
    pier = game.piers[game.current_player]
    app = make_app(tui_deck, 2, 21, decisions=decisions)
    hid_a_scorer = False
    async with app.run_test(size=(160, 50)) as pilot:
        await press_until(pilot, lambda: screen_name(app) == "TableScreen", lambda: "enter", "the table")
        for index, card_id in enumerate(game.revealed):
            await pilot.press(str(index + 1), "enter")  # point at the card, open it
            await wait_until(pilot, lambda: screen_name(app) == "PlaceScreen", "the placement")
            card = tui_deck[card_id]
            for cover in reversed(pier.covers()):
                await pilot.press(str(cover))
                await pilot.pause()
                lines = [line.rstrip() for line in shown(app.screen.query_one("#cover-why"), 1000).splitlines() if line.strip()]
                want = expected(pier, card, cover)
                assert lines == want, (card_id, cover)
                hid_a_scorer |= any(line.startswith(reason_gone()) and " 0: " not in line for line in want)
            await pilot.press("escape")
            await wait_until(pilot, lambda: screen_name(app) == "TableScreen", "the table again")
    assert hid_a_scorer  # the position tried has a cover that takes points away
