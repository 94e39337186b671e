"""Where the guided first game (`pier18 learn`) is kept, and whether `pier18 play` offers it.

Apart from `persist.lesson` (the script's reader, with the engine and the bots it needs),
so that `pier18 play` asks its one question before the first screen without loading it.
"""

from __future__ import annotations

from pathlib import Path

from .autosave import autosaves, data_dir
from .files import FileChanged, Over, atomic_write


def lesson_dir() -> Path:
    return data_dir() / "lesson"


def lesson_save() -> Path:
    """The lesson's autosave: one lesson at a time, resumed by `pier18 learn`."""
    return lesson_dir() / "lesson.json"


def _offered() -> Path:
    return lesson_dir() / "offered"


def first_time_offer() -> bool:
    """Whether `pier18 play` should offer the lesson now: never before offered on this
    machine, no saved game and no lesson. Offered once: it is remembered at once (if it
    cannot be, it is not offered, so it can never come back every time)."""
    if _offered().exists() or lesson_save().exists() or autosaves():
        return False
    try:
        lesson_dir().mkdir(parents=True, exist_ok=True)
        atomic_write(_offered(), "", over=Over.NOTHING)
    except (OSError, FileChanged):  # a read-only or broken data folder, or written meanwhile: no offer
        return False
    return True
