"""Saves people can find: `pier18 games`, `play --resume [FILE|N]`, file names with the
players' names, the resume offer listing every unfinished game, and broken data folders."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

import waiting
from textual.notifications import Notify

from pier18.cli import main
from pier18.persist import autosave as saves
from pier18.persist import record
from pier18.persist.lock import holder
from pier18.session import Session
from pier18.tui.app import Pier18App
from pier18.engine.text import shorten


pytestmark = pytest.mark.usefixtures("at_a_terminal")  # the app, as in a shell

def saved(deck, name: str, names: list[str], steps: int | None, mtime: int) -> Session:
    session = Session(deck, names, 11)
    path = saves.games_dir() / name
    saves.attach(session, path)
    while not session.game.is_terminal() and (steps is None or len(session.decisions) < steps):
        session.apply(session.game.legal_decisions()[0])
    os.utime(path, ns=(mtime * 10**9, mtime * 10**9))
    return session


@pytest.fixture
def three_games(deck):
    """Started in name order a, b, c; b is finished; c was played longest ago."""
    return {
        "a.json": saved(deck, "a.json", ["Ann", "Bob"], 4, 2_000_000_000),
        "b.json": saved(deck, "b.json", ["Ann", "Bob", "Cy"], None, 2_000_000_100),
        "c.json": saved(deck, "c.json", ["Dee", "Eve"], 1, 1_900_000_000),
    }


def test_games_lists_every_saved_game_numbered_with_players_phase_time_and_file(capsys, three_games):
    assert main(["games"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"Saved games in {saves.games_dir()}")
    assert lines[1] == "1. Ann and Bob: round 2, Bob to draft (4 decisions made)"
    assert lines[3] == "2. [finished] Ann, Bob and Cy: game over (15 decisions made)"
    assert lines[5] == "3. Dee and Eve: set-up, Eve to choose (1 decision made)"
    for line, name in zip(lines[2::2], ["a.json", "b.json", "c.json"]):
        assert re.fullmatch(rf"   last played \d{{4}}-\d\d-\d\d \d\d:\d\d · {name}", line), line


def test_games_with_nothing_saved(capsys):
    assert main(["games"]) == 0
    assert "No saved games" in capsys.readouterr().out


def test_games_marks_damaged_saves_and_moves_nothing(capsys, three_games):
    bad = saves.games_dir() / "d.json"
    bad.write_text("{")
    assert main(["games"]) == 0
    assert "4. [damaged] cannot be loaded: the game record is cut short" in capsys.readouterr().out
    assert bad.read_text() == "{"


@pytest.fixture
def captured_run(monkeypatch):
    """Run `pier18 play` without a terminal: keep what the app would have started with."""
    seen: dict = {}

    def fake_run(app: Pier18App, *args, **kwargs):
        seen["app"] = app
        seen["session"] = app.session
        seen["offer"] = app.resume_offer
        lock = app.new_session.lock
        seen["locked"] = lock.save if lock is not None else None
        seen["holder"] = holder(lock.save) if lock is not None else None

    monkeypatch.setattr(Pier18App, "run", fake_run)
    return seen


def test_resume_n_goes_on_with_game_n_of_the_list_and_locks_it(three_games, captured_run):
    assert main(["play", "--resume", "3"]) == 0
    assert captured_run["session"].decisions == three_games["c.json"].decisions
    assert captured_run["locked"] == saves.games_dir() / "c.json"
    assert captured_run["holder"] == os.getpid()
    assert holder(saves.games_dir() / "c.json") is None  # let go when the app ended


def test_resume_n_reads_game_n_alone(three_games, captured_run, monkeypatch):
    """`--resume N` numbers the saves as `pier18 games` does, by their names, and reads
    only the one asked for (a folder of 1,000 saves is not replayed to open one)."""
    read = []
    load = record.load
    monkeypatch.setattr(record, "load", lambda path, *args: read.append(path.name) or load(path, *args))
    assert main(["play", "--resume", "1"]) == 0
    assert captured_run["session"].decisions == three_games["a.json"].decisions
    assert read == ["a.json"]


def test_resume_n_is_the_number_games_shows_with_damaged_saves_listed_before_it(deck, captured_run, capsys):
    """Damaged saves listed before a good one: `--resume N` opens the very game `pier18
    games` shows as N. Nothing is moved aside first (that would shift the numbers), and
    nothing about the damaged saves is said: the game asked for is opened, quietly."""
    folder = saves.games_dir()
    folder.mkdir(parents=True)
    for name in ("0-bad.json", "1-bad.json", "2-bad.json"):
        (folder / name).write_text("{")
    good = saved(deck, "3-good.json", ["Dee", "Eve"], 1, 1_900_000_000)
    saved(deck, "4-later.json", ["Ann", "Bob"], 4, 2_000_000_000)
    assert main(["games"]) == 0
    listed = capsys.readouterr().out
    assert "4. Dee and Eve: set-up, Eve to choose (1 decision made)" in listed
    assert main(["play", "--resume", "4"]) == 0
    assert captured_run["session"].decisions == good.decisions
    assert captured_run["locked"] == folder / "3-good.json"
    assert capsys.readouterr().err == ""  # no notice, let alone three "starting fresh"
    assert sorted(p.name for p in folder.iterdir()) == [
        "0-bad.json", "1-bad.json", "2-bad.json", "3-good.json", "4-later.json"
    ]
    assert main(["games"]) == 0  # the numbers stay put (the game resumed was saved again: its time)
    assert numbered(capsys.readouterr().out) == numbered(listed)
    assert main(["play", "--resume", "2"]) == 2  # a damaged one, by its number: one line, kept
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "1-bad.json" in err and (folder / "1-bad.json").exists()


def numbered(listing: str) -> list[str]:
    """The numbered lines of `pier18 games` (each game's number and summary)."""
    return [line for line in listing.splitlines() if line[:1].isdigit()]


def test_resume_without_n_goes_on_with_the_last_played_unfinished_game(three_games, captured_run):
    assert main(["play", "--resume"]) == 0
    assert captured_run["session"].decisions == three_games["a.json"].decisions


def test_resume_file(three_games, captured_run):
    assert main(["play", "--resume", str(saves.games_dir() / "c.json")]) == 0
    assert captured_run["session"].names == ["Dee", "Eve"]


@pytest.mark.parametrize(
    "which, words",
    [
        ("2", "this game is finished"),
        ("9", "--resume '9': there is no saved game with that number"),
        ("0", "--resume '0': there is no saved game"),
        ("9" * 5000, "there is no saved game"),  # past int()'s 4,300 digits
        ("\u00b2", "no such game record"),  # "²": a digit to str.isdigit(), not to int(); so a file name
        ("\u0663", "no such game record"),  # Arabic-Indic three, likewise
        ("", "--resume needs a saved game FILE or a number N"),  # not the last played game
    ],
)
def test_resume_of_a_finished_or_missing_game_is_one_line(capsys, three_games, which, words):
    assert main(["play", "--resume", which]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


def test_resume_of_a_damaged_file_is_one_line_and_the_file_is_kept(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "pier18-record", "version": 2, "players": [{"name": "A", "seat": "superbot"}]}')
    assert main(["play", "--resume", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "field 'players'" in err and "Traceback" not in err
    assert bad.exists()


def test_play_offers_every_unfinished_game(three_games, captured_run):
    assert main(["play", "--names", "Ann,Bob", "--players", "2"]) == 0
    offer = captured_run["offer"]
    assert [g.path.name for g in offer.free] == ["a.json", "c.json"]  # last played first


def test_new_games_are_named_after_their_players(deck):
    factory = saves.autosaving(lambda names: Session(deck, names, 3))
    factory(["Zoë", "Bob/../x", "Cy Ann"])
    name = factory.lock.save.name
    factory.release()
    assert re.fullmatch(r"\d{8}-\d{6}-zoe-bob-x-cy-ann-[0-9a-f]{6}\.json", name), name
    assert saves.file_name_part(["☃", "//"]) == "game"


# -- the resume offer in the app ---------------------------------------------------------------


async def test_the_offer_lists_every_unfinished_game_and_a_number_points_at_one_enter_picks_it(deck, three_games):
    factory = saves.autosaving(lambda names: Session(deck, names, 99))
    app = Pier18App(2, factory, names=["Ann", "Bob"])
    app.resume_offer = saves.find_resumable()
    async with app.run_test(size=(120, 40)) as pilot:
        await waiting.until(lambda: type(app.screen).__name__ == "ResumeScreen", "the resume screen", pilot.pause)
        screen = app.screen
        assert [g.path.name for g in screen.games] == ["a.json", "c.json"]
        await pilot.press("2")  # points at the second game: nothing is resumed yet
        await pilot.pause()
        assert app.screen is screen and app.session is None
        assert screen.query_one("OptionList").highlighted == 1
        await pilot.press("enter")  # goes on with the game pointed at
        await waiting.until(lambda: app.session is not None, "the game resumed", pilot.pause)
        assert app.session.names == ["Dee", "Eve"]
        assert factory.lock.save == saves.games_dir() / "c.json"
    factory.release()
    assert sorted(p.name for p in saves.autosaves()) == ["a.json", "b.json", "c.json"]  # nothing lost


async def test_the_offer_offers_only_keys_that_do_something(deck, three_games):
    """With two games: y picks the last played, 1 and 2 point at one, 3 is not offered. With none left to resume (all
    open in other terminals), the footer offers no "Resume" and y does nothing."""
    from pier18.tui.screens.resume import ResumeScreen

    def offered(screen) -> set[str]:
        return {key for key, active in screen.active_bindings.items() if active.enabled and active.binding.show}

    async def go(games):
        factory = saves.autosaving(lambda names: Session(deck, names, 99))
        app = Pier18App(2, factory, names=["Ann", "Bob"])
        async with app.run_test(size=(120, 40)) as pilot:
            picked: list[int | None] = []
            app.push_screen(ResumeScreen(games, ["open in another terminal"]), picked.append)
            await pilot.pause()
            screen = app.screen
            keys = offered(screen)
            allowed = {n: screen.check_action("pick", (n,)) for n in range(3)}
            assert allowed == {n: screen.check_action("point", (n,)) for n in range(3)}
            await pilot.press("y")
            await pilot.pause()
        factory.release()
        return keys, allowed, picked

    two = saves.find_resumable().free
    keys, allowed, picked = await go(two)
    assert "y" in keys and allowed == {0: True, 1: True, 2: False} and picked == [0]
    keys, allowed, picked = await go([])
    assert "y" not in keys and not any(allowed.values()) and picked == []


# -- damaged saves and broken data folders ---------------------------------------------------

HOSTILE = {
    "nested": "[" * 100_000,
    "long seed": lambda text: text.replace('"seed": 11', '"seed": ' + "9" * 5000),
    "superbot": lambda text: text.replace('"seat": "human"', '"seat": "superbot"', 1),
    "binary": b"\xff\xfe\x00\x01",
    "oversize": lambda text: text[:-2] + ', "pad": "' + "x" * (record.MAX_BYTES) + '"}\n',
    "half a character in the deck": lambda text: text.replace('"toml": "', '"toml": "\\ud800', 1),
    "NUL in the deck path": lambda text: _without_deck_text(text, "/tmp/a\x00b"),
    "half a character in the deck path": lambda text: _without_deck_text(text, "/tmp/a\ud800"),
    "escaped quotes, never closed": '"' + '\\"' * 200_000,  # the nesting scan once took hours on it
}


def _without_deck_text(text: str, path: str) -> str:
    data = json.loads(text)
    del data["deck"]["toml"]
    data["deck"]["path"] = path
    return json.dumps(data)  # ASCII: the NUL and the lone surrogate as \u escapes


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_autosave_is_set_aside_with_its_bytes_intact(deck, case):
    good = saved(deck, "good.json", ["Ann", "Bob"], 3, 1_900_000_000)
    saved(deck, "bad.json", ["Ann", "Bob"], 5, 2_000_000_000)
    bad = saves.games_dir() / "bad.json"
    damage = HOSTILE[case]
    content = damage(bad.read_text()) if callable(damage) else damage
    raw = content if isinstance(content, bytes) else content.encode()
    bad.write_bytes(raw)
    found = saves.find_resumable()
    assert found.session.decisions == good.decisions
    (moved,) = found.set_aside
    assert moved.kept_at.read_bytes() == raw and not bad.exists()


def test_an_autosave_no_check_foresaw_is_set_aside_and_the_game_goes_on(deck, monkeypatch):
    """Whatever a save's loader might still raise, starting a game is never blocked by it."""
    good = saved(deck, "good.json", ["Ann", "Bob"], 3, 1_900_000_000)
    saved(deck, "odd.json", ["Ann", "Bob"], 5, 2_000_000_000)
    loader = record.load

    def load(path, deck=None):
        if Path(path).name == "odd.json":
            raise ArithmeticError("something no check foresaw")
        return loader(path, deck)

    monkeypatch.setattr(record, "load", load)
    found = saves.find_resumable()
    assert found.session.decisions == good.decisions
    (moved,) = found.set_aside
    assert moved.kept_at is not None and moved.kept_at.exists() and "ArithmeticError" in moved.message()


def test_an_autosave_that_cannot_be_moved_is_skipped_with_a_notice(deck, tmp_path):
    good = saved(deck, "good.json", ["Ann", "Bob"], 3, 1_900_000_000)
    bad = saves.games_dir() / "bad.json"
    bad.write_text("{")
    saves.damaged_dir().parent.mkdir(parents=True, exist_ok=True)
    saves.damaged_dir().write_text("not a folder")  # damaged/ is a file
    found = saves.find_resumable()
    assert found.session.decisions == good.decisions
    (skipped,) = found.set_aside
    assert skipped.kept_at is None and bad.read_text() == "{"
    assert "could not be moved aside" in skipped.message() and shorten(bad) in skipped.message()  # a long path cut


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write into read-only folders")
def test_a_read_only_games_folder_skips_damaged_saves(deck):
    saved(deck, "good.json", ["Ann", "Bob"], 3, 1_900_000_000)
    bad = saves.games_dir() / "bad.json"
    bad.write_text("{")
    saves.games_dir().chmod(0o555)
    try:
        found = saves.find_resumable()
    finally:
        saves.games_dir().chmod(0o755)
    assert found.set_aside[0].kept_at is None and bad.exists()


@pytest.mark.parametrize("broken", ["data folder is a file", "games folder is a file"])
def test_a_broken_data_folder_turns_autosave_off_with_one_notice(deck, tmp_path, broken):
    target = saves.data_dir() if broken == "data folder is a file" else saves.games_dir()
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("")
    notices: list[str] = []
    factory = saves.autosaving(lambda names: Session(deck, names, 3), tmp_path / "rec.json", notices.append)
    session = factory(["Ann", "Bob"])
    for _ in range(4):
        session.apply(session.game.legal_decisions()[0])
    assert len(notices) == 1 and notices[0].startswith("autosave is off: cannot save games in")
    assert len(json.loads((tmp_path / "rec.json").read_text())["decisions"]) == 4  # --record still written
    assert saves.find_resumable().games == []


def test_play_with_a_broken_data_folder_starts_the_game(captured_run):
    saves.data_dir().parent.mkdir(parents=True, exist_ok=True)
    saves.data_dir().write_text("")
    assert main(["play", "--names", "Ann,Bob", "--players", "2", "--seed", "4"]) == 0
    assert captured_run["offer"] is None


async def test_save_warnings_show_brackets_as_they_are(deck):
    notes = []

    def heard(message):
        if isinstance(message, Notify):  # what the app asks Textual to show
            notes.append(message.notification)

    app = Pier18App(2, lambda names: Session(deck, names, 3), names=["Ann", "Bob"])
    async with app.run_test(size=(120, 40), message_hook=heard) as pilot:
        app.warn("could not save the game to /tmp/[bold]x[/]/g.json: No space")
        await pilot.pause()
        (note,) = notes
        assert "[bold]x[/]" in str(note.message) and note.markup is False


def test_a_damaged_autosave_named_with_escape_codes_is_told_without_them(captured_run, capsys):
    saves.games_dir().mkdir(parents=True, exist_ok=True)
    bad = saves.games_dir() / "\x1b[31mbad\x1b]0;title\x07.json"
    bad.write_text('{"format": "pier18-record", "version": 1')
    assert main(["play", "--names", "Ann,Bob", "--players", "2", "--seed", "4"]) == 0
    err = capsys.readouterr().err
    assert "a damaged autosave was kept at" in err and "\u241b[31mbad" in err
    assert "\x1b" not in err and "\x07" not in err


def test_first_names_a_player_as_names_made_them(captured_run):
    """`--first` is read as `--names` are: the emoji selector dropped from both."""
    assert main(["play", "--names", "\u2764\ufe0fAnn,Bob", "--players", "2", "--first", "\u2764\ufe0fann", "--seed", "4"]) == 0
    app = captured_run["app"]
    assert app.names == ["\u2764Ann", "Bob"]
    session = app.new_session(app.names)
    app.new_session.release()
    assert session.first_player == 0


# -- the listing's cache (persist/listing.py) -------------------------------------------------


def listing_and_stats(capsys) -> tuple[str, str]:
    assert main(["games"]) == 0
    games = capsys.readouterr().out
    assert main(["stats", "--json"]) == 0
    out = capsys.readouterr()
    assert out.err == ""
    return games, out.out


def test_a_second_listing_reads_no_save_and_says_the_same(capsys, three_games, monkeypatch):
    from pier18.persist import listing

    first = listing_and_stats(capsys)
    assert listing.cache_path().is_file()
    assert sorted(p.name for p in saves.games_dir().iterdir()) == ["a.json", "b.json", "c.json"]  # no save touched

    def no_reading(path, *args):
        raise AssertionError(f"{path} was read again")

    monkeypatch.setattr(listing, "load_saved", no_reading)
    assert listing_and_stats(capsys) == first


def test_a_save_written_since_is_read_again(deck, capsys, three_games, monkeypatch):
    from pier18.persist import listing

    listing_and_stats(capsys)
    session = three_games["c.json"]  # written again after the cache was: one more decision
    session.apply(session.game.legal_decisions()[0])
    assert main(["games"]) == 0
    assert "3. Dee and Eve: round 1, Dee to draft (2 decisions made)" in capsys.readouterr().out
    read = []
    monkeypatch.setattr(listing, "load_saved", lambda path: read.append(path) or saves.load_saved(path))
    same_size = saves.games_dir() / "a.json"  # the same bytes' length, in place: its times changed
    text = same_size.read_text()
    same_size.write_text(text)
    assert main(["games"]) == 0
    assert [p.name for p in read] == ["a.json"]
    assert "1. Ann and Bob: round 2, Bob to draft (4 decisions made)" in capsys.readouterr().out


@pytest.mark.parametrize("cache", [
    b"", b"{", b"\xff\xfe", b"[]", b"null", b'{"format": "pier18-saves-cache", "version": 1}',
    b"[" * 100_000, b'{"saves": ' + b"9" * 10_000 + b"}",
])
def test_a_damaged_cache_is_ignored_and_written_anew(capsys, three_games, cache):
    from pier18.persist import listing

    fresh = listing_and_stats(capsys)
    listing.cache_path().write_bytes(cache)
    assert listing_and_stats(capsys) == fresh
    assert listing.read_cache().keys() == {"a.json", "b.json", "c.json"}  # written anew, whole


def entry_changed(change) -> None:
    from pier18.persist import listing

    data = json.loads(listing.cache_path().read_text())
    change(data["saves"]["a.json"])
    listing.cache_path().write_text(json.dumps(data))


@pytest.mark.parametrize("change", [
    lambda e: e["facts"]["names"].__setitem__(0, "\x1b[2J\x1b]0;pwned\x07Ann"),  # escapes for the terminal
    lambda e: e["facts"]["names"].__setitem__(0, ""),
    lambda e: e["facts"]["names"].append("Zed"),  # seats no longer match
    lambda e: e["facts"].__setitem__("current", 7),  # no such seat: names[7] would raise
    lambda e: e["facts"].__setitem__("current", True),
    lambda e: e["facts"].__setitem__("phase", "won"),
    lambda e: e["facts"].__setitem__("round", -1),
    lambda e: e["facts"].__setitem__("seats", ["human", "genius"]),
    lambda e: e["facts"].__setitem__("decisions", [1, 2]),
    lambda e: e["facts"].__setitem__("totals", [99, 0]),  # results of a game not over
    lambda e: e["facts"].pop("seed"),
    lambda e: e.__setitem__("facts", []),
    lambda e: e.__setitem__("version", "new"),
    lambda e: e["version"].__setitem__(2, e["version"][2] + 1),  # stale: another size
])
def test_a_hostile_or_stale_cache_entry_is_ignored_and_its_save_read_again(capsys, three_games, change):
    fresh = listing_and_stats(capsys)
    entry_changed(change)
    listing = listing_and_stats(capsys)
    assert listing == fresh
    assert "\x1b" not in listing[0] + listing[1]


def test_a_finished_game_with_made_up_results_is_not_counted_from_a_stale_entry(capsys, three_games):
    fresh = listing_and_stats(capsys)
    entry_changed(lambda e: (e["facts"].update(phase="over", totals=[99, 0], places=[1, 2], plans=[None, None], met=[None, None]),
                             e["version"].__setitem__(3, e["version"][3] - 1)))
    assert listing_and_stats(capsys) == fresh


def test_a_cache_that_cannot_be_written_changes_nothing_listed(capsys, three_games):
    from pier18.persist import listing

    listing.cache_path().parent.mkdir(parents=True)
    listing.cache_path().mkdir()  # a folder where the cache goes: no write can replace it
    first = listing_and_stats(capsys)
    assert listing_and_stats(capsys) == first
    assert listing.cache_path().is_dir()


def test_a_damaged_save_is_said_every_time_and_never_kept(capsys, three_games):
    from pier18.persist import listing

    bad = saves.games_dir() / "d.json"
    bad.write_text("{")
    for _ in range(2):
        assert main(["games"]) == 0
        assert "4. [damaged]" in capsys.readouterr().out
        assert main(["stats"]) == 0
        assert capsys.readouterr().err.count("d.json") == 1
    assert "d.json" not in listing.read_cache()


@pytest.mark.parametrize("keep", ["both", "guard"])
def test_who_plays_a_save_is_asked_every_time_not_kept(capsys, three_games, keep):
    """The cache keeps what a save says, never who plays it: a game opened after the
    last listing shows as open in another terminal (its lock file, or the hidden guard
    alone when the other was deleted), and not once it is let go."""
    from pier18.persist.lock import GameLock, lock_path

    assert main(["games"]) == 0
    assert "another terminal" not in capsys.readouterr().out
    path = saves.games_dir() / "a.json"
    playing = GameLock(path).acquire()
    try:
        if keep == "guard":
            lock_path(path).unlink()
        assert main(["games"]) == 0
        assert f"1. [this game is open in another terminal (pid {os.getpid()})] Ann and Bob" in capsys.readouterr().out
    finally:
        playing.release()
    assert main(["games"]) == 0
    assert "another terminal" not in capsys.readouterr().out


@pytest.mark.parametrize("kind", ["fifo", "device", "too big"])
def test_a_cache_that_is_no_regular_file_or_too_big_is_ignored_without_hanging(capsys, three_games, kind):
    from pier18.persist import listing

    fresh = listing_and_stats(capsys)
    cache = listing.cache_path()
    cache.unlink()
    if kind == "fifo":
        os.mkfifo(cache)  # opening it to read would wait for a writer forever
    elif kind == "device":
        cache.symlink_to("/dev/zero")  # endless
    else:
        cache.write_bytes(b" " * (listing.MAX_CACHE_BYTES + 1))
    assert listing_and_stats(capsys) == fresh
    assert listing.read_cache().keys() == {"a.json", "b.json", "c.json"}  # replaced by a cache of its own


def test_the_resume_offer_reads_no_finished_game_the_last_listing_saw(deck, capsys, three_games, monkeypatch):
    """A finished game is never offered: once a listing has seen it finished (and it has
    not changed since), `pier18 play` does not read it again to find that out. A save
    changed since is read, whatever the cache says of it."""
    assert main(["games"]) == 0
    capsys.readouterr()
    read = []
    load = saves.load_saved
    monkeypatch.setattr(saves, "load_saved", lambda path: read.append(path.name) or load(path))
    found = saves.find_resumable()
    assert sorted(read) == ["a.json", "c.json"] and [g.path.name for g in found.games] == ["a.json", "c.json"]
    finished = saves.games_dir() / "b.json"
    finished.write_text((saves.games_dir() / "c.json").read_text())  # now an unfinished game
    read.clear()
    found = saves.find_resumable()
    assert sorted(read) == ["a.json", "b.json", "c.json"] and "b.json" in [g.path.name for g in found.games]
