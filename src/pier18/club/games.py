"""Finished club games kept in the player's own games folder.

A club keeps every table's record; a member's machine keeps a copy of each finished
game it played (`ClubClient.export`), so `pier18 games`, `stats`, `replay` and `review`
read club games as any other. The record comes from the network and is read as hostile
(`persist.record.loads`) before it is written; a file already kept is never fetched
again. One file per club table: `club-HOST-PORT-ID.json`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Protocol
from urllib.parse import urlsplit

from ..i18n import _
from ..persist.autosave import games_dir
from ..persist.files import atomic_write
from ..persist.record import loads


class Exporter(Protocol):
    """What keeping needs of a club connection (`ClubClient`)."""

    address: str

    async def export(self, table: int) -> str: ...


def club_part(address: str) -> str:
    """The club's address as part of a file name: 'localhost-8020'."""
    netloc = urlsplit(address if "//" in address else "//" + address).netloc or address
    return re.sub(r"[^a-z0-9]+", "-", netloc.lower()).strip("-")[:60] or "club"


def kept_path(address: str, table: int) -> Path:
    return games_dir() / f"club-{club_part(address)}-{table}.json"


async def keep(club: Exporter, table: int) -> Path | None:
    """Fetch the finished game at `table` and keep it in the games folder; its path, or
    None if it was kept before. RecordError (one line) if the club sent no game record."""
    path = kept_path(club.address, table)
    if path.exists():
        return None
    text = await club.export(table)
    session = loads(text, where=_("club table {table}").format(table=table))
    if not session.game.is_terminal():
        return None  # only finished games are kept: an unfinished one would look resumable
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, text if text.endswith("\n") else text + "\n")
    return path


async def keep_all(club: Exporter, tables: Iterable[int]) -> list[Path]:
    """`keep` each finished table not kept yet; the paths written."""
    written = []
    for table in tables:
        path = await keep(club, table)
        if path is not None:
            written.append(path)
    return written
