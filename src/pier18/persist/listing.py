"""The saved games as `pier18 games` and `pier18 stats` list them: each save's
`Facts` from the cache in the data folder when the file is the version read before,
else read in full (`savecache` says what is kept and how a cache is checked).
"""

from __future__ import annotations

import os
from pathlib import Path

from .autosave import SavedGame, data_dir, games_dir, load_saved
from .lock import LOCK_SUFFIX, holder
from .record import deck_came_inside
from .savecache import Facts, Version, cache_file, version_of, write_cache
from .savecache import MAX_CACHE_BYTES as MAX_CACHE_BYTES
from .savecache import read_cache as _read_cache


def cache_path() -> Path:
    """The data folder's cache of what listings read."""
    return cache_file(data_dir())


def read_cache() -> dict[str, tuple[Version, object]]:
    """The data folder's cache entries (`savecache.read_cache`)."""
    return _read_cache(cache_path())


def _scan() -> tuple[list[tuple[Path, os.stat_result]], set[str]]:
    """The autosaves `autosave.autosaves` finds (regular files, links to them included,
    named `*.json`), in the order of their names, each with its stat; and the name of
    every entry of the folder (a lock file beside a save says someone may play it). One
    pass over the folder, one stat a save."""
    folder = games_dir()
    found = []
    names: set[str] = set()
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                names.add(entry.name)
                if not entry.name.endswith(".json"):
                    continue
                try:
                    if entry.is_file():
                        found.append((folder / entry.name, entry.stat()))
                except OSError:
                    continue  # removed meanwhile
    except OSError:
        return [], set()  # no folder, or one that cannot be read
    found.sort(key=lambda item: item[0].name)
    return found, names


def listed_games() -> list[SavedGame]:
    """Every autosave in the order `autosave.saved_games` gives (the numbers `pier18 games`
    shows and `play --resume N` opens), each with its `Facts` and no game: from the
    cache when the file is the version read before, else read in full.

    Who is playing a save and when it was last saved are looked up every time.
    """
    cached = read_cache()
    kept: dict[str, tuple[Version, Facts]] = {}
    games = []
    changed = False
    found, names = _scan()
    for path, info in found:
        version = version_of(info)  # taken before reading: a save written meanwhile is read again next time
        entry = cached.get(path.name)
        facts = Facts.from_json(entry[1]) if entry is not None and entry[0] == version else None
        if facts is not None:
            locked = path.name + LOCK_SUFFIX in names or "." + path.name + LOCK_SUFFIX in names
            games.append(SavedGame(path, None, None, False, holder(path) if locked else None, info.st_mtime, facts=facts))
            kept[path.name] = (version, facts)
            continue
        saved = load_saved(path)
        if saved.session is not None:
            saved.facts = Facts.of(saved.session)
            if version is not None and deck_came_inside(saved.session.deck):
                kept[path.name] = (version, saved.facts)
                changed = True
        games.append(saved)
    if changed or kept.keys() != cached.keys():
        write_cache(kept, cache_path())
    return games
