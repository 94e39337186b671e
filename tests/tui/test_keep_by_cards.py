"""Set-up by the cards themselves (issue 22): the Plan, then the Foundation, kept by
pointing at the cards with the arrows, the number keys or the mouse; the preview shows
the card pointed at in both roles; every card drawn at set-up marks its sea and land
ends; the symbols' legend is on the set-up screen and one key (`s`) away elsewhere."""

from __future__ import annotations

import pytest
from tui_helpers import drawn_text, keep_keys, make_app, screen_name, shown, text_of, wait_until

from pier18.engine import Character, Keep, Phase
from pier18.render.pier import land_mark, sea_mark
from pier18.render.style import STYLES

#: The set-up preview's headings, as the keep screen says them in English.
AS_YOUR_PLAN, AS_YOUR_FOUNDATION, YOUR_PIER_STARTS = "As your Plan:", "As your Foundation:", "Your pier starts as:"

SIZE = (120, 40)


async def set_up_screen(pilot, app):
    await wait_until(pilot, lambda: screen_name(app) in ("PassScreen", "KeepScreen"), "the set-up")
    if screen_name(app) == "PassScreen":
        await pilot.press("enter")
    await wait_until(pilot, lambda: screen_name(app) == "KeepScreen", "Ann's set-up screen")
    return app.screen


@pytest.mark.parametrize(
    "keys, plan, foundation",
    [
        (("enter", "enter"), 0, 1),  # the first card, then the first of the two left
        (("3", "enter", "1", "enter"), 2, 0),  # number keys point at a card
        (("left", "enter", "left", "enter"), 2, 1),  # ← goes round from the first card to the last
        (("1", "enter", "escape", "2", "enter", "3", "enter"), 1, 2),  # Escape: the Plan again
        (("down", "enter", "up", "enter"), 1, 2),  # ↑/↓ point too; the Plan is never pointed at again
    ],
)
async def test_the_keys_keep_the_cards_pointed_at(tui_deck, keys, plan, foundation):
    app = make_app(tui_deck, 2, 3)
    async with app.run_test(size=SIZE) as pilot:
        screen = await set_up_screen(pilot, app)
        hand = list(app.session.game.hands[0])
        await pilot.press(*keys)
        await wait_until(pilot, lambda: app.session.decisions, "Ann's choice")
        assert app.session.decisions[0] == Keep(hand[plan], hand[foundation])
        assert screen_name(app) != "KeepScreen" and not screen.is_attached


async def test_every_legal_choice_has_its_keys(tui_deck):
    """`keep_keys(i)` (what the whole-game tests press) makes the engine's i-th choice."""
    legal_count = 6
    for index in range(legal_count):
        app = make_app(tui_deck, 2, 3)
        async with app.run_test(size=SIZE) as pilot:
            await set_up_screen(pilot, app)
            legal = app.session.game.legal_decisions()
            assert len(legal) == legal_count
            await pilot.press(*keep_keys(index))
            await wait_until(pilot, lambda: app.session.decisions, "Ann's choice")
            assert app.session.decisions[0] == legal[index]


async def test_the_mouse_points_and_a_second_click_keeps(tui_deck):
    app = make_app(tui_deck, 2, 3)
    async with app.run_test(size=SIZE) as pilot:
        screen = await set_up_screen(pilot, app)
        hand = list(app.session.game.hands[0])
        await pilot.click(f"#hand-{hand[1]}")
        assert screen.pointed == hand[1] and screen.plan is None  # one click points
        await pilot.click(f"#hand-{hand[1]}")
        assert screen.plan == hand[1]  # the second keeps it as the Plan
        await pilot.click(f"#hand-{hand[1]}")
        assert screen.plan is None  # a click on the Plan chooses the Plan again
        await pilot.click(f"#hand-{hand[2]}")
        await pilot.click(f"#hand-{hand[2]}")
        assert screen.plan == hand[2] and screen.pointed == hand[0]  # on the first card left
        await pilot.click(f"#hand-{hand[1]}")
        assert screen.pointed == hand[1] and not app.session.decisions
        await pilot.click(f"#hand-{hand[1]}")
        await wait_until(pilot, lambda: app.session.decisions, "Ann's choice")
        assert app.session.decisions[0] == Keep(hand[2], hand[1])


async def test_the_preview_shows_the_card_in_both_roles_then_the_pier_it_starts(tui_deck):
    app = make_app(tui_deck, 2, 3)
    async with app.run_test(size=SIZE) as pilot:
        screen = await set_up_screen(pilot, app)
        hand = list(app.session.game.hands[0])
        for index, card_id in enumerate(hand):
            await pilot.press(str(index + 1))
            card = tui_deck[card_id]
            preview = " ".join(shown(screen.query_one("#keep-preview"), 300).split())
            assert preview.startswith(f"{AS_YOUR_PLAN} {card.plan.goal_for(2).text} (+{card.plan.bonus})")
            assert AS_YOUR_FOUNDATION in preview
        await pilot.press("1", "enter", "3")  # Plan: the first card; pointing at the third
        preview = drawn_text(app)
        foundation = tui_deck[hand[2]]
        assert YOUR_PIER_STARTS in preview and f"#{foundation.id} {foundation.name.split()[0]}" in preview
        assert screen.plan == hand[0] and "PLAN" in str(screen.query_one(f"#hand-{hand[0]}").border_title)


async def test_every_set_up_card_marks_sea_and_land_and_the_legend_is_there(tui_deck):
    app = make_app(tui_deck, 2, 3)
    async with app.run_test(size=SIZE) as pilot:
        screen = await set_up_screen(pilot, app)
        for card_id in app.session.game.hands[0]:
            lines = text_of(screen.query_one(f"#hand-{card_id}").render(), 40).splitlines()
            sea = next(i for i, line in enumerate(lines) if sea_mark() in line)
            land = next(i for i, line in enumerate(lines) if land_mark() in line)
            rows = [i for i, line in enumerate(lines) if "═══" in line]
            assert sea < min(rows) and max(rows) < land and len(rows) == len(tui_deck[card_id].sections)
        legend = shown(screen.query_one("#keep-legend"), 300)
        check_legend(legend)


def check_legend(text: str) -> None:
    for character in Character:
        assert STYLES[character].token in text
    for mark in (sea_mark(), land_mark(), "MM-DD", "Patron"):
        assert mark in text


async def test_the_legend_is_one_key_away(tui_deck):
    app = make_app(tui_deck, 2, 3, decisions=())
    async with app.run_test(size=SIZE) as pilot:
        await set_up_screen(pilot, app)
        await pilot.press("enter", "enter")
        await wait_until(pilot, lambda: app.session.game.phase is Phase.DRAFT or screen_name(app) == "PassScreen", "Bob's turn")
        for key in ("enter", "enter", "enter"):  # Bob's pass screen and set-up, to the table
            if screen_name(app) == "TableScreen":
                break
            await pilot.press(key)
        await wait_until(pilot, lambda: screen_name(app) in ("TableScreen", "PassScreen"), "the table")
        if screen_name(app) == "PassScreen":
            await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(app) == "TableScreen", "the table")
        await pilot.press("s")
        assert screen_name(app) == "LegendScreen"
        check_legend(shown(app.screen.query_one("#legend-text"), 300))
        await pilot.press("s")
        assert screen_name(app) == "TableScreen"
