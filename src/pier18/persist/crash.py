"""Crash reports: when Pier 18 fails unexpectedly, the details go to a file, not the screen.

The players see one line saying where the report is (and how to go on: the app says,
see `pier18.tui.exits`); the autosave is left as the last decision wrote it, so the
game can be resumed. Reports live in `crashes/` in the data
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
from ..i18n import _
from ..speech.notices import GAME_NAME
from .autosave import data_dir
from .files import atomic_write


def crashes_dir() -> Path:
    return data_dir() / "crashes"


def write_report(error: BaseException, playing: Path | None = None) -> Path:
    """Write the report for `error` and return where it went."""
    now = datetime.now(timezone.utc)
    lines = [
        _("{game} {version} crashed at {when} UTC").format(game=GAME_NAME, version=__version__, when=f"{now:%Y-%m-%d %H:%M:%S}"),
        _("Python {python} on {platform}").format(python=sys.version.split()[0], platform=platform.platform()),
        # TRANSLATORS: in a crash report: no autosave was being played
        _("Autosave being played: {playing} (left as the last decision saved it)").format(playing=str(playing) if playing else _("none")),
        "",
        *traceback.format_exception(error),
    ]
    text = "\n".join(line.rstrip("\n") for line in lines) + "\n"
    name = f"crash-{now:%Y%m%d-%H%M%S}-{os.getpid()}.txt"
    for folder in (crashes_dir(), Path(tempfile.gettempdir()) / "pier18-crashes"):
        try:
            folder.mkdir(parents=True, exist_ok=True)  # Pier 18's own folders
            atomic_write(folder / name, text)
        except OSError:
            continue
        return folder / name
    raise OSError(_("no folder could take the crash report"))


def crash_line(error: BaseException, report: Path | None, then: str | None = None) -> str:
    """The one line the player sees: what failed, where the details are, how to go on."""
    what = printable(f"{type(error).__name__}: {error}")[:160]
    # whole: a report is a file just written (so no longer than a path can be), to be opened
    if report:
        line = _("pier18 crashed ({what}); a crash report was written to {report}.").format(what=what, report=printable(str(report)))
    else:
        line = _("pier18 crashed ({what}); no crash report could be written.").format(what=what)
    return f"{line} {then}" if then else line
