"""Where records are written is outside input too: a file that is there already, a
folder that is missing, a folder where a file should be, a file that appears while the
game is played. Nothing is ever written over without --force, no folder is made but
the data folder's own (and --record-dir's last one), and each refusal is one line
with exit status 2, before any game starts."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from pier18.cli import main
from pier18.persist import autosave as saves
from pier18.persist import record
from pier18.persist.files import FileChanged, Over, atomic_write, stamp
from pier18.session import Session
from pier18.tui.app import Pier18App
from pier18.engine.text import shorten

pytestmark = pytest.mark.usefixtures("at_a_terminal")  # the app, as in a shell

PLAY = ["play", "--names", "Ann,Bob", "--players", "2", "--seed", "4"]


@pytest.fixture
def started(monkeypatch):
    """Run `pier18 play` without a terminal; the app starts its game as the names screen
    would (the first save happens there), and takes `steps` decisions."""
    seen: dict = {"steps": 2}

    def fake_run(app: Pier18App, *args, **kwargs):
        session = app.session
        if session is None:
            session = app.new_session(list(app.names))  # the Autosaving factory
        else:
            session.on_change(session)  # a resumed game: as when its table is shown
        for _ in range(seen["steps"]):
            session.apply(session.game.legal_decisions()[0])
        seen["session"] = session
        seen["factory"] = app.new_session

    monkeypatch.setattr(Pier18App, "run", fake_run)
    return seen


def one_line(capsys, *words: str) -> str:
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and err.startswith("pier18: ") and "Traceback" not in err, err
    for word in words:
        assert word in err, err
    return err


def decisions(path: Path) -> list[str]:
    return json.loads(path.read_text())["decisions"]


# -- play --record ----------------------------------------------------------------------


def test_record_over_an_existing_file_is_refused_and_written_only_with_force(capsys, tmp_path, started):
    kept = tmp_path / "mine.json"
    kept.write_bytes(b"not yours to overwrite\n")
    assert main([*PLAY, "--record", str(kept)]) == 2
    one_line(capsys, f"--record {shorten(kept)} already exists", "--force")
    assert kept.read_bytes() == b"not yours to overwrite\n"
    assert "session" not in started and saves.autosaves() == []  # refused before any game began

    assert main([*PLAY, "--record", str(kept), "--force"]) == 0
    assert decisions(kept) == [str(d) for d in started["session"].decisions]


@pytest.mark.parametrize("where", ["missing", "missing/deeper"])
def test_record_into_a_missing_folder_is_refused_and_makes_nothing(capsys, tmp_path, started, where):
    target = tmp_path / where / "game.json"
    assert main([*PLAY, "--record", str(target)]) == 2
    one_line(capsys, f"the folder {shorten(target.parent)} does not exist")
    assert list(tmp_path.iterdir()) == []  # not the folder, nor even the data folder
    assert "session" not in started


def test_record_onto_a_folder_or_through_a_file_is_refused(capsys, tmp_path, started):
    assert main([*PLAY, "--record", str(tmp_path)]) == 2
    one_line(capsys, f"--record {shorten(tmp_path)} is a folder")
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    assert main([*PLAY, "--record", str(blocker / "game.json")]) == 2
    one_line(capsys, f"{shorten(blocker)} is a file, not a folder")
    assert blocker.read_text() == "x" and "session" not in started


def test_a_record_file_that_appears_during_the_game_is_not_written_over(deck, tmp_path):
    """The check before the game found no file; one appears before the first save: it is
    kept, and the record goes to a new file, with one notice."""
    notices: list[str] = []
    target = tmp_path / "night.json"
    factory = saves.autosaving(lambda names: Session(deck, names, 7), target, notices.append)
    target.write_text("appeared")
    session = factory(["Ann", "Bob"])
    session.apply(session.game.legal_decisions()[0])
    assert target.read_text() == "appeared"
    assert decisions(tmp_path / "night-2.json") == [str(session.decisions[0])]
    (notice,) = notices
    assert f"{shorten(target)} appeared meanwhile" in notice and "night-2.json" in notice


def test_a_later_game_never_takes_a_numbered_record_name_already_there(deck, tmp_path):
    notices: list[str] = []
    factory = saves.autosaving(lambda names: Session(deck, names, 7), tmp_path / "night.json", notices.append)
    factory(["Ann", "Bob"])
    (tmp_path / "night-2.json").write_text("someone's")
    second = factory(["Ann", "Bob"])
    second.apply(second.game.legal_decisions()[0])
    assert (tmp_path / "night-2.json").read_text() == "someone's"
    assert decisions(tmp_path / "night-3.json") == [str(second.decisions[0])]
    assert notices == [f"the record of this game is saved to {tmp_path / 'night-3.json'} ({tmp_path / 'night-2.json'} already exists and is left alone)"]
    factory(["Ann", "Bob"])
    assert decisions(tmp_path / "night-4.json") == []


def test_a_record_moved_aside_is_not_taken_by_the_next_game_even_with_force(deck, tmp_path):
    target = tmp_path / "night.json"
    factory = saves.autosaving(lambda names: Session(deck, names, 7), target, lambda m: None, force=True)
    first = factory(["Ann", "Bob"])
    other = tmp_path / "other.json"
    other.write_text("another program's")
    os.replace(other, target)  # someone else writes the record file during the game
    first.apply(first.game.legal_decisions()[0])
    assert target.read_text() == "another program's"
    assert decisions(tmp_path / "night-2.json") == [str(first.decisions[0])]
    factory(["Ann", "Bob"])
    assert decisions(tmp_path / "night-2.json") == [str(first.decisions[0])]  # kept
    assert decisions(tmp_path / "night-3.json") == []


def test_resume_with_its_own_earlier_record_goes_on_writing_it(capsys, tmp_path, started):
    """`play --record FILE`, Ctrl+Q, then `play --resume --record FILE`: FILE holds the
    start of this very game, so writing it loses nothing and needs no --force. Another
    game's record in FILE is refused."""
    mine = tmp_path / "mine.json"
    assert main([*PLAY, "--record", str(mine)]) == 0
    first = [str(d) for d in started["session"].decisions]
    assert decisions(mine) == first
    assert main(["play", "--resume", "--record", str(mine)]) == 0
    assert decisions(mine) == [str(d) for d in started["session"].decisions]
    assert len(decisions(mine)) == len(first) + 2

    theirs = tmp_path / "theirs.json"
    started["steps"] = 0
    assert main([*PLAY[:-1], "5", "--record", str(theirs)]) == 0  # another game, with another deal
    mine_before = mine.read_bytes()
    saves.autosaves()[0].unlink()  # leave the first game the only one to resume
    assert main(["play", "--resume", "--record", str(theirs)]) == 2
    one_line(capsys, f"--record {shorten(theirs)} already exists")
    assert mine.read_bytes() == mine_before


def test_resume_with_the_games_own_autosave_as_record_writes_it_once(capsys, started):
    assert main(PLAY) == 0
    (save,) = saves.autosaves()
    assert main(["play", "--resume", str(save), "--record", str(save)]) == 0
    assert [p.name for p in save.parent.iterdir() if p.suffix == ".json"] == [save.name]
    assert decisions(save) == [str(d) for d in started["session"].decisions]


# -- simulate --record-dir ----------------------------------------------------------------------

SIMULATE = ["simulate", "--players", "2", "--games", "3", "--json"]


def test_record_dir_with_a_missing_parent_is_refused_and_makes_nothing(capsys, tmp_path):
    target = tmp_path / "missing" / "games"
    assert main([*SIMULATE, "--record-dir", str(target)]) == 2
    one_line(capsys, f"--record-dir {shorten(target)}: the folder {shorten(target.parent)} does not exist")
    assert not target.parent.exists()


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_a_missing_folder_with_a_long_name_is_told_in_a_short_line(capsys, tmp_path, started, command):
    """The folder is named, shortened as every path in an error is: its head and tail."""
    missing = tmp_path / ("m" * 240) / ("n" * 240)
    argv = [*PLAY, "--record", str(missing / "game.json")] if command == "play" else [*SIMULATE, "--record-dir", str(missing / "games")]
    assert main(argv) == 2
    err = one_line(capsys, "does not exist", "…")
    assert len(err) < 2 * 150 and "m" * 130 not in err
    assert list(tmp_path.iterdir()) == []


def test_record_dir_over_earlier_records_is_refused_and_written_only_with_force(capsys, tmp_path):
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "game-00002.json").write_text("last night's")
    (folder / "game-00004.json").write_text("not this run's")
    assert main([*SIMULATE, "--record-dir", str(folder)]) == 2
    one_line(capsys, "already holds game-00002.json of the records this run writes", "--force")
    assert (folder / "game-00002.json").read_text() == "last night's"
    assert sorted(p.name for p in folder.iterdir()) == ["game-00002.json", "game-00004.json"]

    assert main([*SIMULATE, "--record-dir", str(folder), "--force"]) == 0
    capsys.readouterr()
    assert record.load(folder / "game-00002.json").game.is_terminal()
    assert (folder / "game-00004.json").read_text() == "not this run's"


def test_record_dir_force_never_writes_over_a_game_being_played(capsys, tmp_path):
    """`--force` is for earlier records: one of the run's names that a game is being
    played in (`play --record DIR/game-00002.json` in another terminal) is refused."""
    from pier18.persist.lock import GameLock

    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "game-00002.json").write_text("a game being played")
    playing = GameLock(folder / "game-00002.json").acquire()  # its own lock, as another terminal's
    try:
        assert main([*SIMULATE, "--record-dir", str(folder), "--force"]) == 2
        one_line(capsys, f"game-00002.json: this game is open in another terminal (pid {os.getpid()})", "folder")
    finally:
        playing.release()
    assert sorted(p.name for p in folder.iterdir()) == ["game-00002.json"]
    assert (folder / "game-00002.json").read_text() == "a game being played"


def test_a_record_that_appears_during_a_run_is_not_written_over(deck, tmp_path):
    from pier18.selfplay.simulation import simulate

    (tmp_path / "game-00002.json").write_text("appeared")
    with pytest.raises(FileExistsError) as raised:
        simulate(deck, 2, ("random", "random"), 3, record_dir=tmp_path)
    assert raised.value.filename == str(tmp_path / "game-00002.json")
    assert "not written over" in raised.value.strerror
    assert (tmp_path / "game-00002.json").read_text() == "appeared"
    simulate(deck, 2, ("random", "random"), 3, record_dir=tmp_path, overwrite=True)
    assert record.load(tmp_path / "game-00002.json").game.is_terminal()


# -- writing itself --------------------------------------------------------------------------


def test_writing_never_makes_a_folder(tmp_path):
    with pytest.raises(FileNotFoundError):
        atomic_write(tmp_path / "missing" / "game.json", "{}")
    assert list(tmp_path.iterdir()) == []


def test_a_write_replaces_only_what_it_was_allowed_to(tmp_path):
    target = tmp_path / "game.json"
    mine = atomic_write(target, "one", over=Over.NOTHING)
    with pytest.raises(FileChanged):
        atomic_write(target, "two", over=Over.NOTHING)  # the name is taken
    mine = atomic_write(target, "two", over=mine)  # the version this process wrote
    atomic_write(target, "theirs")  # someone else's write: a new file, a new stamp
    with pytest.raises(FileChanged):
        atomic_write(target, "three", over=mine)
    assert target.read_text() == "theirs"
    assert stamp(target) != mine
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]  # no temporary left


def test_a_damaged_folder_that_is_a_file_is_named_as_the_reason(deck):
    session = Session(deck, ["Ann", "Bob"], 3)
    saves.attach(session, saves.games_dir() / "bad.json")
    (saves.games_dir() / "bad.json").write_text("{")
    saves.damaged_dir().write_text("not a folder")
    (skipped,) = saves.find_resumable().set_aside
    message = skipped.message()
    assert f"({shorten(saves.damaged_dir())} is a file, not a folder)" in message
    assert "File exists" not in message and "\n" not in message


def test_a_games_folder_that_is_a_file_is_named_when_autosave_turns_off(deck):
    saves.data_dir().mkdir(parents=True)
    saves.games_dir().write_text("")
    notices: list[str] = []
    saves.autosaving(lambda names: Session(deck, names, 3), on_error=notices.append)(["Ann", "Bob"])
    games = shorten(saves.games_dir())
    assert notices == [f"autosave is off: cannot save games in {games} ({games} is a file, not a folder)"]


# -- a save that lands while a game is read ----------------------------------------------------


def _host_read(path: Path):
    from pier18.cli import host

    return host.resumed_session(str(path))


def _play_read(path: Path):
    saved = saves.load_saved(path)  # `play --resume`, the resume offer
    return saved.session, saved.stamp


@pytest.mark.parametrize("read", [_host_read, _play_read], ids=["host --resume", "play --resume"])
def test_a_save_made_while_the_game_was_read_is_not_written_over(deck, tmp_path, monkeypatch, read):
    """The stamp of a save is taken before the save is read: a save by another terminal
    that lands while it is read is someone else's, and this game goes on in a new file."""
    path = tmp_path / "table.json"
    session = Session(deck, ["Ann", "Bob"], 3)
    saves.attach(session, path)
    session.apply(session.game.legal_decisions()[0])
    loader = record.load
    theirs = Session(deck, ["Ann", "Bob"], 3)

    def load_while_another_saves(where, deck=None):
        loaded = loader(where, deck)
        theirs.apply(theirs.game.legal_decisions()[-1])
        record.save(theirs, path, overwrite=True)  # the other terminal's save, just after the read
        return loaded

    monkeypatch.setattr(record, "load", load_while_another_saves)
    resumed, version = read(path)
    monkeypatch.setattr(record, "load", loader)
    notices: list[str] = []
    saving = saves.autosaving(lambda names: resumed, on_error=notices.append)
    saving.play(resumed, path, version)
    saving.release()
    assert decisions(path) == [str(d) for d in theirs.decisions]  # kept
    assert decisions(tmp_path / "table-2.json") == [str(d) for d in resumed.decisions]
    assert saving.saver.paths == [tmp_path / "table-2.json"] and len(notices) == 1
