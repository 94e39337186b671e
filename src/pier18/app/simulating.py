"""`pier18 simulate --record-dir`: where a run's records go, checked before any game is played."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from ..engine.errors import Pier18Error
from ..engine.text import printable, shorten
from ..i18n import _
from ..persist.files import folder_problem, why_not
from ..persist.lock import holder
from ..selfplay.simulation import record_name
from ..speech.notices import about, open_elsewhere
from ..words import and_more


def check_record_dir(record_dir: Path, games: int, force: bool) -> None:
    """Before any game is played, one clear line (exit 2) if the records cannot go to
    `record_dir`: its parent folder is missing (only DIR itself is made), it is not a
    folder, it cannot be written, or (without `force`) it already holds a record this
    run would write over. Not an error in a worker later, nor a file lost."""
    where = _("--record-dir {path}").format(path=shorten(record_dir))
    if not record_dir.is_dir():
        problem = folder_problem(record_dir.parent)
        if problem is None and os.path.lexists(record_dir):
            problem = folder_problem(record_dir)
        if problem is not None:
            raise Pier18Error(about(where, printable(problem)))
    try:
        record_dir.mkdir(exist_ok=True)  # never its parents
        with tempfile.TemporaryFile(dir=record_dir):
            pass
    except OSError as exc:
        raise Pier18Error(_("{where}: cannot write records there ({why})").format(where=where, why=printable(why_not(exc, record_dir)))) from None
    taken = sorted(entry.name for entry in os.scandir(record_dir) if _is_record_name(entry.name, games))
    if not force:
        if taken:
            raise Pier18Error(records_taken(where, printable(taken[0]), len(taken) - 1))
        return

    for name in taken:  # --force is for old records, never a game another terminal is playing
        pid = holder(record_dir / name)
        if pid is not None:
            raise Pier18Error(_("{where}: {name}: {open_elsewhere}; choose another folder").format(where=where, name=printable(name), open_elsewhere=open_elsewhere(pid)))

def _is_record_name(name: str, games: int) -> bool:
    """Whether `name` is the record file of one of a run's first `games` games."""
    number = name.removeprefix("game-").removesuffix(".json")
    if not (number.isascii() and number.isdigit() and len(number) < 20):
        return False
    return 1 <= int(number) <= games and name == record_name(int(number) - 1)


def records_taken(where: str, first: str, others: int) -> str:
    """`simulate --record-dir` holding records the run would write over."""
    if others:
        return _(
            "{where} already holds {first} {and_more} of the records this run writes; choose another folder,"
            " or add --force to write over them"
        ).format(where=where, first=first, and_more=and_more(others))
    return _(
        "{where} already holds {first} of the records this run writes; choose another folder, or add --force to write over them"
    ).format(where=where, first=first)
