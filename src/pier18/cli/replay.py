"""`pier18 replay FILE [--json | --lines]`: step through a saved game (on the screen, or in
plain lines), or print where it ended.

Imports nothing heavy at module level: the record, engine and Textual load in `run`.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TYPE_CHECKING

from ..engine import TableView, format_sections, load_deck
from ..i18n import _
from ..persist import record
from .errors import CliError, need_output, plain_lines
from .parser import Commands, add_deck_option, file_name

if TYPE_CHECKING:
    from ..session import Session


def add_parser(sub: Commands) -> None:
    parser = sub.add_parser(
        "replay",
        help=_("step through a saved game (left/right), or print its final state with --json"),
        description=_("Replay a Pier 18 game record decision by decision."),
    )
    parser.add_argument("file", metavar="FILE", type=file_name, help=_("a game record (from 'pier18 play --record' or an autosave)"))
    parser.add_argument(
        "--json",
        action="store_true",
        help=_('print the final (or current) state as one JSON object: {{"finished", "players": [{{"name", "pier", '
        '"score", "place", "decided_by", "patrons_won", "plan"}}]}} (docs/review.md)').format(),
    )
    parser.add_argument(
        "--lines", action="store_true",
        help=_("step through the game in plain lines instead of the full-screen replay, for screen readers and "
        "scripts: Enter says the next decision ('help' lists the commands)"),
    )
    add_deck_option(parser, help=_("the deck file, for a record saved without its deck"))
    parser.set_defaults(run=run)


def state_of(session: Session) -> dict[str, Any]:
    """The `--json` object: each player's visible pier in `pier18 score` notation, score,
    and its breakdown as the table sees it (`review.breakdown`: place and tie-breaker,
    the Patrons won and for what, the Plan and its bonus)."""
    from ..review.breakdown import breakdown

    game = session.game
    seats = breakdown(TableView.of(game))
    return {
        "finished": game.is_terminal(),
        "players": [
            {
                "name": name,
                "pier": format_sections(game.piers[seat].visible_sections()),
                "score": game.score(seat).as_dict(),
                **seats[seat].as_json(),
            }
            for seat, name in enumerate(session.names)
        ],
    }


def run(args: argparse.Namespace) -> int:
    if args.json and args.lines:
        raise CliError(_("--json prints where the game ended and --lines steps through it: give one of them"))
    deck = None
    if args.deck is not None:

        deck = load_deck(args.deck)
    session = record.load(args.file, deck)

    need_output()  # every input read: only now the closed output, if it is
    if args.json:

        sys.stdout.write(json.dumps(state_of(session), ensure_ascii=False) + "\n")
        return 0

    lines, note = plain_lines(args.lines)
    if lines:
        return replay_lines(session, note)
    from ..tui.exits import run_app
    from ..tui.screens.replay import ReplayApp

    return run_app(ReplayApp(session))


def replay_lines(session: Session, note: str | None = None) -> int:
    """`replay --lines`: the record stepped through in plain lines on standard input and
    output (`pier18.lines.replay`); `note` says first why, when it was not asked for."""

    from ..lines.replay import LineReplay

    return LineReplay(session, sys.stdin, sys.stdout, note).run()  # a closed stdin: None, no lines
