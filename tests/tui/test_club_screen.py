"""The Textual club (`pier18 club`) with a pilot, against a real club server over
loopback: the lists, a new table made by keys (its clock shown before it is made),
joining an open table (its clock shown while pointed at), the ratings, and choosing a
game to play (the app ends with that seat's ticket, as `pier18 club` then plays it).
Each runs on a SQLite club and on a PostgreSQL one (tests/club/club_databases.py)."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text
from textual.widgets import Input, OptionList

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "club"))

import waiting  # noqa: E402
from club_databases import BACKENDS, club_database  # noqa: E402
from club_net import member, open_club  # noqa: E402

from pier18 import i18n  # noqa: E402
from pier18.club.keys import new_key  # noqa: E402
from pier18.tui.club_app import ClubApp  # noqa: E402
from pier18.tui.screens.club import ClubScreen, NewTableScreen, RatingsScreen  # noqa: E402

SIZE = (120, 40)


@pytest.fixture(params=BACKENDS)
def club_db(request, tmp_path):
    """The club's database, SQLite or PostgreSQL (as tests/club/conftest.py's)."""
    with club_database(request.param, tmp_path) as db:
        yield db


def screen_text(app) -> str:
    console = Console(width=200, record=True, color_system=None, file=io.StringIO())
    for widget in app.screen.query("Static, OptionList"):
        if isinstance(widget, OptionList):
            console.print(Text("\n".join(str(widget.get_option_at_index(i).prompt) for i in range(widget.option_count))))
        else:
            console.print(widget.render())
    return console.export_text()


async def until(pilot, condition, what: str) -> None:
    await waiting.until(condition, lambda: what, lambda: pilot.pause(0.01))


@pytest.mark.parametrize("lang", ["en", "nl"])
async def test_the_club_screen_lists_makes_joins_rates_and_plays(tmp_path, club_db, monkeypatch, speaking, lang):
    speaking(lang)
    monkeypatch.setenv("PIER18_DATA_DIR", str(tmp_path / "data"))
    server = await open_club(club_db)
    ann, bob = member(server.port, "Ann", new_key()), member(server.port, "\x1b[31mBob[/b]", new_key())
    try:
        await ann.connect()
        await bob.connect()
        invited = await bob.create(2, invite=["Ann"], clock="2d", on_timeout="lose")
        app = ClubApp(ann)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, ClubScreen) and app.club_screen.open, "the lists")
            # The open table, its clock and who is invited, read while it is pointed at.
            app.club_screen.query_one("#club-open", OptionList).focus()
            await until(pilot, lambda: "2" in screen_text(app) and i18n._("invited: {names}").format(names="Ann") in screen_text(app), "the detail")
            text = screen_text(app)
            assert i18n._("{time} per move; when it runs out the hard bot moves and the seat loses on time").format(
                time=i18n.ngettext("{n} day", "{n} days", 2).format(n=2)) in text
            assert "\x1b" not in text and "[31mBob[/b]" in text  # a hostile name, shown as text
            await pilot.press("enter")  # joins
            await until(pilot, lambda: invited in app.club_screen.games, "the table joined")
            # A new table by keys: the table as it will be is shown before it is made.
            await pilot.press("n")
            await until(pilot, lambda: isinstance(app.screen, NewTableScreen), "the form")
            await pilot.press("tab", *"greedy")
            app.screen.query_one("#new-clock", Input).value = "5m"
            await until(pilot, lambda: i18n._("{time} per move; when it runs out the hard bot moves for the seat").format(
                time=i18n.ngettext("{n} minute", "{n} minutes", 5).format(n=5)) in screen_text(app), "the preview")
            app.screen.query_one("#new-clock", Input).value = "9y"
            await until(pilot, lambda: "9y" in screen_text(app), "the clock refused")
            await pilot.press("enter")
            assert isinstance(app.screen, NewTableScreen)  # not made as it stands
            app.screen.query_one("#new-clock", Input).value = "5m"
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, ClubScreen) and len(app.club_screen.games) == 2, "the table made")
            made = max(app.club_screen.games)
            assert app.club_screen.games[made].clock == "5m"
            # The ratings.
            await pilot.press("g")
            await until(pilot, lambda: isinstance(app.screen, RatingsScreen), "the ratings")
            assert i18n._("No ratings yet: they come with the first finished game.") in screen_text(app)
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, ClubScreen), "back")
            if lang == "nl":
                from dutch import english_in

                assert english_in(screen_text(app)) == []
            # Playing: the app ends with the ticket of the game pointed at.
            games = app.club_screen.query_one("#club-games", OptionList)
            games.focus()
            games.highlighted = [games.get_option_at_index(i).id for i in range(games.option_count)].index(f"table-{made}")
            await pilot.press("enter")
            await until(pilot, lambda: app.play is not None, "the ticket")
        url, code = app.play
        assert url.endswith(f"/table/{made}") and code
    finally:
        await ann.close()
        await bob.close()
        await server.close()


async def test_a_club_that_cannot_answer_is_a_line_on_the_screen(tmp_path, club_db, monkeypatch):
    monkeypatch.setenv("PIER18_DATA_DIR", str(tmp_path / "data"))
    server = await open_club(club_db)
    ann = member(server.port, "Ann", new_key(), patience=0, timeout=5)
    await ann.connect()
    app = ClubApp(ann)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, ClubScreen), "the club")
            await server.close()
            await pilot.press("l")
            await until(pilot, lambda: app.problem is not None, "the problem said")
            assert len(app.problem.splitlines()) == 1
            await pilot.press("q")
    finally:
        await ann.close()


async def test_turn_notices_kept_while_a_game_was_played_are_not_said_after_it(tmp_path, club_db, monkeypatch):
    """While a game is played (in the seat screens, not the club's), the club's notices
    of this member's turns wait; back at the club they are past. None may be said as
    news: "Your turn at table 1" of a game that just ended is a lie."""
    from club_net import play_out, seat

    monkeypatch.setenv("PIER18_DATA_DIR", str(tmp_path / "data"))
    server = await open_club(club_db)
    ann = member(server.port, "Ann", new_key())
    try:
        await ann.connect()
        table = await ann.create(2, ["human", "greedy"])
        first = ClubApp(ann)
        async with first.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: table in first.club_screen.games and ann._watching, "the lists, and watching")
        game = await seat(ann, table)  # played as `pier18 club` plays it: the club's app is gone meanwhile
        try:
            await play_out([game])
        finally:
            await game.close()
        asked = {"lists": 0}
        listing = ann.list

        async def counted():
            asked["lists"] += 1
            return await listing()

        ann.list = counted
        again = ClubApp(ann)
        notes: list[str] = []
        again.notify = lambda message, **_kw: notes.append(str(message))
        async with again.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: table in again.club_screen.games and again.club_screen.games[table].status == "over", "the game over")
            await until(pilot, lambda: ann._turns.empty() and asked["lists"] >= 2, "the waiting notices looked at")
            await pilot.pause(0.2)
        assert not any(i18n._("Your turn at table {table}.").format(table=table) in note for note in notes), notes
    finally:
        await ann.close()
        await server.close()


async def test_a_table_the_club_cannot_read_is_said_under_the_games(tmp_path, club_db, monkeypatch):
    """A game of Ann's whose row is damaged at the club: her other games are listed, and
    that one is said as a table that cannot be read (not a failed list)."""
    from club_databases import Raw

    monkeypatch.setenv("PIER18_DATA_DIR", str(tmp_path / "data"))
    server = await open_club(club_db, report=lambda _line: None)
    ann = member(server.port, "Ann", new_key())
    try:
        good = await ann.create(2, seats=["human", "greedy"])
        bad = await ann.create(2, seats=["human", "greedy"])
        with Raw(club_db) as raw:
            raw.run("UPDATE tables SET record = ? WHERE id = ?", ("not a record", bad))
        app = ClubApp(ann)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, ClubScreen) and app.club_screen.games, "the lists")
            await until(pilot, lambda: f"Table {bad} cannot be read" in screen_text(app), "the table that cannot be read")
            assert list(app.club_screen.games) == [good]
            await pilot.press("q")
    finally:
        await ann.close()
        await server.close()
