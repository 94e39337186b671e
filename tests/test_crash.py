"""An unexpected exception in the app: status 1, one line on stderr naming the crash
report (which holds the traceback), the autosave as the last decision left it, and the
game resumable."""

from __future__ import annotations

import asyncio
import json

import pytest

from pier18.cli import main
from pier18.persist import autosave as saves
from pier18.persist.lock import holder
from pier18.persist.session import Session
from pier18.tui.app import Pier18App
from pier18.tui.screens.table import TableScreen


class Boom(RuntimeError):
    pass


def saved_game(deck) -> tuple[Session, bytes]:
    session = Session(deck, ["Ann", "Bob"], 17)
    path = saves.games_dir() / "game.json"
    saves.attach(session, path)
    for _ in range(5):
        session.apply(session.game.legal_decisions()[0])
    return session, path.read_bytes()


def decisions_saved() -> list[str]:
    return json.loads((saves.games_dir() / "game.json").read_text())["decisions"]


@pytest.fixture
def crashing_table(monkeypatch):
    def show_game(self, *args, **kwargs):
        raise Boom("the table fell over")

    monkeypatch.setattr(TableScreen, "show_game", show_game)


def test_a_crash_in_a_screen_writes_a_report_and_leaves_the_autosave(deck, crashing_table):
    session, before = saved_game(deck)
    factory = saves.autosaving(lambda names: Session(deck, names, 1))
    app = Pier18App(2, factory, names=["Ann", "Bob"])
    app.resume_offer = saves.find_resumable()

    async def go():
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("y")  # resume: the table screen raises
            for _ in range(100):
                if app.crash is not None:
                    break
                await pilot.pause()

    with pytest.raises(Boom):  # run_test re-raises what ended the app
        asyncio.run(go())
    assert app.return_code == 1
    report = app.crash_report
    assert report.parent == saves.data_dir() / "crashes"
    text = report.read_text()
    assert "Traceback" in text and "Boom: the table fell over" in text and "game.json" in text
    assert decisions_saved() == [str(d) for d in session.decisions]
    factory.release()
    found = saves.find_resumable()
    assert found.session.decisions == session.decisions


def test_play_resume_that_crashes_says_one_line_and_exits_1(deck, crashing_table, monkeypatch, capsys):
    session, _ = saved_game(deck)
    real_run = Pier18App.run
    monkeypatch.setattr(Pier18App, "run", lambda self, *a, **k: real_run(self, headless=True, size=(120, 40)))
    assert main(["play", "--resume"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "pier18 crashed (Boom: the table fell over); a crash report was written to" in err
    (report,) = (saves.data_dir() / "crashes").iterdir()
    assert str(report) in err and "Traceback" in report.read_text()
    assert decisions_saved() == [str(d) for d in session.decisions]
    assert holder(saves.games_dir() / "game.json") is None

    seen = {}
    monkeypatch.setattr(Pier18App, "run", lambda self, *a, **k: seen.setdefault("session", self.session))
    assert main(["play", "--resume"]) == 0  # the game goes on
    assert seen["session"].decisions == session.decisions


def test_a_crash_outside_textual_handlers_is_reported_too(deck, monkeypatch, capsys):
    saved_game(deck)

    def broken_run(self, *args, **kwargs):
        raise Boom("no terminal")

    monkeypatch.setattr(Pier18App, "run", broken_run)
    assert main(["play", "--resume"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Boom: no terminal" in err and "crashes" in err
