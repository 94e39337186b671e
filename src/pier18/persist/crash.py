"""Crash reports: when Pier 18 fails unexpectedly, the details go to a file, not the screen.

The players see one line saying where the report is; the autosave is left as the last
decision wrote it, so the game can be resumed. Reports live in `crashes/` in the data
folder (or the temporary folder when that cannot be written).
"""

from __future__ import annotations

import os
import platform
import sys
import tempfile
import traceback
from datetime import datetime, timezone
from pathlib import Path

from .. import __version__
from ..engine.text import printable
from .autosave import data_dir
from .files import atomic_write


def crashes_dir() -> Path:
    return data_dir() / "crashes"


def write_report(error: BaseException, playing: Path | None = None) -> Path:
    """Write the report for `error` and return where it went."""
    now = datetime.now(timezone.utc)
    lines = [
        f"Pier 18 {__version__} crashed at {now:%Y-%m-%d %H:%M:%S} UTC",
        f"Python {sys.version.split()[0]} on {platform.platform()}",
        f"Autosave being played: {playing or 'none'} (left as the last decision saved it)",
        "",
        *traceback.format_exception(error),
    ]
    text = "\n".join(line.rstrip("\n") for line in lines) + "\n"
    name = f"crash-{now:%Y%m%d-%H%M%S}-{os.getpid()}.txt"
    for folder in (crashes_dir(), Path(tempfile.gettempdir()) / "pier18-crashes"):
        try:
            atomic_write(folder / name, text)
        except OSError:
            continue
        return folder / name
    raise OSError("no folder could take the crash report")


def crash_line(error: BaseException, report: Path | None, save: Path | None = None) -> str:
    """The one line the player sees: what failed, where the details are, and the command
    that goes on with the game (`save`: its autosave, named so the very game comes back)."""
    from ..words import command

    what = printable(f"{type(error).__name__}: {error}")[:160]
    # whole: a report is a file just written (so no longer than a path can be), to be opened
    where = f"a crash report was written to {printable(str(report))}" if report else "no crash report could be written"
    again = command("pier18", "play", "--resume", *([save] if save is not None else []))
    return f"pier18 crashed ({what}); {where}. Your game is saved: '{again}' goes on with it."
