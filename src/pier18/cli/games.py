"""`pier18 games`: the saved games, numbered for `pier18 play --resume N`.

Numbered in the order the games were started, so a number stays put while games are
played; only a new game adds one at the end. Listing changes nothing on disk.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:  # pragma: no cover
    import argparse


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "games",
        help="list the saved games (resume one with 'pier18 play --resume N')",
        description="List every autosaved game: players, where it stands, when it was last played and its file.",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..engine.text import printable
    from ..persist import autosave
    from ..persist.lock import open_elsewhere

    folder = printable(str(autosave.games_dir()))
    games = autosave.saved_games()
    if not games:
        print(f"No saved games in {folder}; 'pier18 play' starts one.")
        return 0
    print(f"Saved games in {folder} ('pier18 play --resume N' goes on with game N):")
    width = len(str(len(games)))
    for number, game in enumerate(games, start=1):
        marks = []
        if game.finished:
            marks.append("finished")
        elif game.newer:
            marks.append("from a newer Pier 18")
        elif game.problem is not None:
            marks.append("damaged")
        if game.played_by is not None:
            marks.append(open_elsewhere(game.played_by))
        mark = "".join(f"[{m}] " for m in marks)
        print(f"{number:>{width}}. {mark}{game.summary()}")
        print(f"{'':>{width}}  last played {game.last_played()} · {printable(game.path.name)}")
    return 0
