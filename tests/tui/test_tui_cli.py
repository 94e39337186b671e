"""`pier18 play` argument errors: one line on stderr, exit status 2, no traceback."""

from __future__ import annotations

import pytest

from helpers import child_env
from pier18.cli import main
from pier18.cli.play import parse_names
from pier18.engine.errors import Pier18Error


pytestmark = pytest.mark.usefixtures("at_a_terminal")  # the app, as in a shell

@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--players", "3", "--names", "Ann,Bob"], "--names needs 3"),
        (["play", "--players", "2", "--names", "Ann,ann"], "must all differ"),
        (["play", "--players", "2", "--names", "Ann,Bob", "--first", "Cy"], "is not one of the names"),
        (["play", "--players", "2", "--first", "Ann"], "--first needs --names"),
        (["play", "--players", "2", "--deck", "/no/such/deck.toml"], "cannot read the deck file"),
        (["play", "--players", "3", "--bots", "two"], "--bots needs a whole number"),
        (["play", "--players", "3", "--bots", "4"], "--bots must be from 0 to 3"),
        (["play", "--players", "3", "--bots", "1", "--level", "superbot"], "unknown bot level 'superbot' in --level"),
        (["play", "--players", "3", "--seats", "human,hard"], "--seats names 2 seats but the game has 3 players"),
        (["play", "--players", "2", "--seats", "human,wizard"], "unknown seat 'wizard'"),
        (["play", "--players", "2", "--seats", "human,hard", "--bots", "1"], "either --seats or --bots"),
        (["play", "--players", "3", "--bots", "2", "--names", "Ann,Bob"], "--names needs 1 name, for the one human seat"),
        (["play", "--players", "2", "--bots", "1", "--names", "hard bot"], "is a bot's name"),
        (["play", "--players", "2", "--bots", "2", "--names", "Ann"], "every seat is a bot"),
    ],
)
def test_bad_arguments_fail_on_one_line(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_names_are_split_and_trimmed():
    assert parse_names(" Ann , Bob,Cy ", 3) == ["Ann", "Bob", "Cy"]
    assert parse_names(None, 2) is None
    with pytest.raises(Pier18Error):
        parse_names("Ann,,Cy", 3)


def test_play_module_imports_no_textual_until_run():
    import subprocess
    import sys

    code = "import sys, pier18.cli.play; print(any(m.startswith(('textual', 'rich')) for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=child_env(), check=True)
    assert out.stdout.strip() == "False"


def test_bots_and_seats_give_every_seat_a_kind_and_a_name():
    from pier18.cli import build_parser
    from pier18.cli.play import parse_seats, seated_names

    def read(*argv):
        args = build_parser("play").parse_command(["play", *argv])
        seats = parse_seats(args)
        return seats, seated_names(args, seats)

    assert read("--players", "3", "--bots", "2", "--names", "Ann") == (
        ["human", "hard", "hard"], ["Ann", "Hard bot 2", "Hard bot 3"])
    assert read("--players", "2", "--bots", "1", "--level", "Greedy") == (["human", "greedy"], None)
    assert read("--players", "3", "--seats", "hard, human ,random", "--names", "Ann") == (
        ["hard", "human", "random"], ["Hard bot", "Ann", "Random bot"])
    assert read("--players", "2", "--names", "Ann,Bob") == (["human", "human"], ["Ann", "Bob"])


def test_play_help_explains_bots_and_names(capsys):
    from pier18.cli import main

    with pytest.raises(SystemExit):
        main(["play", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for words in ("--bots N", "--seats KINDS", "human players' names", "Hard bot", "random, greedy, hard or expert"):
        assert words in text


#: What `pier18 play` must not import before its first screen (the names) is painted:
#: the heavy modules a first screen does not need (docs/performance.md, "pier18 play
#: start-up"). The bots load at the first hint or bot move; the other screens when first
#: shown; Textual's web driver only for a browser seat. pier18's own light modules (the
#: engine, the record, the session) are imported at the top of the modules that use them.
NOT_BEFORE_THE_FIRST_PAINT = (
    "pier18.bots.base", "pier18.bots.estimate", "pier18.bots.hard", "pier18.bots.expert",
    "pier18.tui.screens.table", "pier18.tui.screens.keep", "pier18.tui.screens.place",
    "pier18.tui.screens.final", "pier18.tui.screens.rules", "pier18.review",
    "textual.drivers.web_driver",
)


#: Styles of screens shown later, kept in their own DEFAULT_CSS: not parsed before the
#: first paint (pier18.tcss, parsed then, holds only the first screens' and shared ones).
STYLES_NOT_BEFORE_THE_FIRST_PAINT = (
    "confirm-box", "pass-message", "final-", "review-", "lobby-", "join-box", "lesson-box",
    "explain-", "help-box", "legend-box", "log-box", "keep-", "draft-card", "pier-panel", "place-", "patron-box",
)


def test_play_imports_no_bot_and_no_other_screen_before_its_first_paint(tmp_path):
    import subprocess
    import sys

    (tmp_path / "lesson").mkdir()
    (tmp_path / "lesson" / "offered").touch()  # a returning player: the names screen comes first
    code = f"""
import sys
import pier18.tui.app as tui_app
import pier18.tui.terminal as terminal
from pier18.cli import main

terminal.not_a_terminal = list  # the app, as at a terminal (the output here is a pipe)

def painted(screen):
    rules = " ".join(rule.selectors for rule in screen.app.stylesheet.rules)
    print(sorted(s for s in {STYLES_NOT_BEFORE_THE_FIRST_PAINT!r} if s in rules), flush=True)
    print(sorted(m for m in {NOT_BEFORE_THE_FIRST_PAINT!r} if m in sys.modules), flush=True)
    screen.app.exit()

tui_app.NamesScreen.on_mount = lambda screen: screen.call_after_refresh(painted, screen)
run = tui_app.Pier18App.run
tui_app.Pier18App.run = lambda app: run(app, headless=True, size=(100, 30))
main(["play", "--players", "3"])
"""
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=240, check=True,
        env=child_env(PIER18_DATA_DIR=str(tmp_path)),
    )
    styles, modules = out.stdout.strip().splitlines()[-2:]
    assert modules == "[]", out.stderr[-2000:]
    assert styles == "[]"


def test_the_rules_page_module_leaves_markdown_to_the_thread_that_draws_the_rules():
    """The app imports `rules_page` on its own thread right after the first paint (to start
    the rules' preparation); Rich's Markdown, with markdown-it and Pygments, is imported
    by the preparing thread, not then."""
    import subprocess
    import sys

    code = "import sys, pier18.tui.widgets.rules_page; print('rich.markdown' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=240, check=True, env=child_env())
    assert out.stdout.strip() == "False", out.stderr[-2000:]
