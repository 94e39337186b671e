"""`pier18 games`: the saved games, numbered for `pier18 play --resume N`.

Numbered in the order the games were started, so a number stays put while games are
played; only a new game adds one at the end. Listing changes no save: what it read of
each is kept in the data folder's cache (`persist.savecache`), so the next listing reads
only the saves written since.
"""

from __future__ import annotations

import argparse

from ..engine.text import printable
from ..i18n import _
from ..persist import autosave, listing
from ..speech.notices import GAME_NAME, last_played, open_elsewhere
from .errors import need_output
from .parser import Commands


def add_parser(sub: Commands) -> None:
    parser = sub.add_parser(
        "games",
        help=_("list the saved games (resume one with 'pier18 play --resume N')"),
        description=_("List every autosaved game: players, where it stands, when it was last played and its file."),
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    need_output()  # no argument of its own to check
    folder = printable(str(autosave.games_dir()))
    games = listing.listed_games()
    if not games:
        print(_("No saved games in {folder}; 'pier18 play' starts one.").format(folder=folder))
        return 0
    print(_("Saved games in {folder} ('pier18 play --resume N' goes on with game N):").format(folder=folder))
    width = len(str(len(games)))
    for number, game in enumerate(games, start=1):
        marks = []
        if game.finished:
            marks.append(_("finished"))
        elif game.newer:
            marks.append(_("from a newer {game}").format(game=GAME_NAME))
        elif game.problem is not None:
            marks.append(_("damaged"))
        if game.played_by is not None:
            marks.append(open_elsewhere(game.played_by))
        mark = "".join(f"[{m}] " for m in marks)
        print(f"{number:>{width}}. {mark}{game.summary()}")
        print(f"{'':>{width}}  {last_played(game.last_played())} · {printable(game.path.name)}")
    return 0
