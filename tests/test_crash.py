"""An unexpected exception in the app: status 1, one line on stderr naming the crash
report (which holds the traceback), the autosave as the last decision left it, and the
game resumable."""

from __future__ import annotations

import io
import json
import os
import signal
import sys

import pytest

import waiting

from pier18.cli import main
from pier18.persist import autosave as saves
from pier18.persist.lock import holder
from pier18.session import Session
from pier18.tui.app import Pier18App
from pier18.tui.screens.table import TableScreen


pytestmark = pytest.mark.usefixtures("at_a_terminal")  # the app, as in a shell

class Boom(RuntimeError):
    pass


def saved_game(deck) -> tuple[Session, bytes]:
    session = Session(deck, ["Ann", "Bob"], 17)
    path = saves.games_dir() / "game.json"
    saves.attach(session, path)
    for _ in range(5):
        session.apply(session.game.legal_decisions()[0])
    return session, path.read_bytes()


def unstamped(saved: bytes) -> dict:
    """A record without the time it was written (a resumed game is saved again at once)."""
    data = json.loads(saved)
    data.pop("saved_at")
    return data


def decisions_saved() -> list[str]:
    return json.loads((saves.games_dir() / "game.json").read_text())["decisions"]


@pytest.fixture
def crashing_table(monkeypatch):
    def show_game(self, *args, **kwargs):
        raise Boom("the table fell over")

    monkeypatch.setattr(TableScreen, "show_game", show_game)


async def test_a_crash_in_a_screen_writes_a_report_and_leaves_the_autosave(deck, crashing_table):
    session, before = saved_game(deck)
    factory = saves.autosaving(lambda names: Session(deck, names, 1))
    app = Pier18App(2, factory, names=["Ann", "Bob"])
    app.resume_offer = saves.find_resumable()
    with pytest.raises(Boom):  # run_test re-raises what ended the app
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("y")  # resume: the table screen raises
            await waiting.until(lambda: app.crash is not None, "the crash", pilot.pause)
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


# -- every app: the same crash handling ------------------------------------------------------


def test_a_replay_that_crashes_says_one_line_and_exits_1(deck, monkeypatch, capsys, tmp_path):
    from pier18.persist import record
    from pier18.tui.screens.replay import ReplayApp, ReplayScreen

    session, _ = saved_game(deck)
    path = tmp_path / "game.json"
    record.save(session, path)
    kept = path.read_bytes()

    def show_step(self):
        raise Boom("the replay fell over")

    monkeypatch.setattr(ReplayScreen, "show_step", show_step)
    real_run = ReplayApp.run
    monkeypatch.setattr(ReplayApp, "run", lambda self, *a, **k: real_run(self, headless=True, size=(120, 40)))
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    (report,) = (saves.data_dir() / "crashes").iterdir()
    assert err == f"pier18 crashed (Boom: the replay fell over); a crash report was written to {report}.\n"
    assert "Traceback" in report.read_text() and path.read_bytes() == kept


@pytest.mark.parametrize("at_the_host", [False, True])
async def test_a_seat_that_crashes_says_one_line_and_exits_1(tmp_path, monkeypatch, capsys, at_the_host):
    from types import SimpleNamespace

    from pier18.cli.join import run_seat_app
    from pier18.net.client import Client
    from pier18.tui.seat_app import SeatApp

    def begin(self):
        raise Boom("the seat fell over")

    monkeypatch.setattr(SeatApp, "begin", begin)
    real_run = SeatApp.run_async
    monkeypatch.setattr(SeatApp, "run_async", lambda self, *a, **k: real_run(self, headless=True, size=(120, 40)))
    save = tmp_path / "table.json"
    desk = dict(desk=SimpleNamespace(), record=save, resume=f"pier18 host --resume {save}") if at_the_host else {}
    app = SeatApp(Client("127.0.0.1:9", "code"), **desk)
    assert await run_seat_app(app) == 1
    err = capsys.readouterr().err
    (report,) = (saves.data_dir() / "crashes").iterdir()
    then = (f"The table is saved: 'pier18 host --resume {save}' opens it again." if at_the_host
            else "The game goes on at the host: join again with the same code.")
    assert err == f"pier18 crashed (Boom: the seat fell over); a crash report was written to {report}. {then}\n"
    assert f"Autosave being played: {save if at_the_host else 'none'}" in report.read_text()


class Unwritable(io.TextIOBase):
    """A standard error whose reader has gone."""

    def writable(self):
        return True

    def write(self, text):
        raise BrokenPipeError(32, "Broken pipe")


@pytest.mark.parametrize("stderr", ["writable", "unwritable"])
def test_sigterm_in_play_ends_the_app_with_143_and_lets_go_of_the_game(deck, monkeypatch, capsys, stderr):
    """In this very process (so the lock can be asked about while the app runs): the
    signal ends the app through Textual, the command says so (a line that cannot be
    written changes nothing else), and the lock is let go."""
    session, before = saved_game(deck)
    held = []
    handler_before = signal.getsignal(signal.SIGTERM)

    async def signal_it(pilot):
        await pilot.pause()
        held.append(holder(saves.games_dir() / "game.json"))
        os.kill(os.getpid(), signal.SIGTERM)

    real_run = Pier18App.run
    monkeypatch.setattr(Pier18App, "run", lambda self, *a, **k: real_run(self, headless=True, size=(120, 40),
                                                                          auto_pilot=signal_it))
    if stderr == "unwritable":
        monkeypatch.setattr(sys, "stderr", Unwritable())
    assert main(["play", "--resume"]) == 128 + signal.SIGTERM
    assert held == [os.getpid()]  # the game was held while it ran...
    assert holder(saves.games_dir() / "game.json") is None  # ...and let go
    if stderr == "writable":
        err = capsys.readouterr().err
        game = saves.games_dir() / "game.json"
        assert err == f"pier18: stopped by SIGTERM. Your game is saved: 'pier18 play --resume {game}' goes on with it.\n"
    assert unstamped((saves.games_dir() / "game.json").read_bytes()) == unstamped(before)  # saved again, unchanged
    assert signal.getsignal(signal.SIGTERM) == handler_before  # as it was before the app
