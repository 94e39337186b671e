"""A club player's key: 256 random bits the client makes on first use and keeps.

The club stores only `key_hash(key)`: a key is as strong as a random 256-bit secret,
so a plain SHA-256 is right (a slow password hash guards guessable secrets; a key is
not one), and `same` compares in constant time.

The client keeps its keys in the player's data folder, `club-keys.json` (readable by
its owner only, written atomically), one per club address with the name it plays
under there. The file is read as hostile: its size and every field are checked, and a
bad one is one `KeysError` line naming the file.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.errors import Pier18Error
from ..engine.reading import read_capped
from ..engine.text import printable_name, shorten
from ..i18n import _
from ..persist.autosave import data_dir
from ..persist.files import atomic_write

FORMAT = "pier18-club-keys"
VERSION = 1
FILE_NAME = "club-keys.json"
MAX_BYTES = 256 * 1024  # a key and a name per club: a few hundred bytes each
MAX_CLUBS = 256
MAX_ADDRESS = 300
MAX_NAME = 64  # as a record's player name (persist.record.MAX_NAME)
#: What `new_key` makes: 32 random bytes in URL-safe base64, without padding.
KEY = re.compile(r"[A-Za-z0-9_-]{43}")


class KeysError(Pier18Error):
    """The keys file cannot be read or holds something that is not a key; one line."""


@dataclass(frozen=True)
class ClubKey:
    """What the client keeps for one club: the name it plays under and its key."""

    name: str
    key: str


def new_key() -> str:
    """A new key: 256 random bits, 43 URL-safe characters."""
    return secrets.token_urlsafe(32)


def key_hash(key: str) -> str:
    """What the club stores of a key: its SHA-256, in hex."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def same(stored_hash: str, key: str) -> bool:
    """Whether `key` is the key whose hash the club stored (in constant time)."""
    return hmac.compare_digest(stored_hash.encode("ascii", "replace"), key_hash(key).encode("ascii"))


def keys_path() -> Path:
    """The client's keys file, in the player's data folder."""
    return data_dir() / FILE_NAME


def read_keys(path: Path | None = None) -> dict[str, ClubKey]:
    """The keys kept, by club address ({} when there is no file yet); KeysError if the file
    is not a keys file."""
    path = keys_path() if path is None else path
    where = shorten(path)
    try:
        raw = read_capped(path, MAX_BYTES)
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise KeysError(_("{where}: cannot read the club keys ({why})").format(where=where, why=exc.strerror or str(exc))) from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise KeysError(_("{where}: not a club keys file (bad JSON)").format(where=where)) from None
    return _clubs(data, where)


def _clubs(data: Any, where: str) -> dict[str, ClubKey]:
    def bad(field: str) -> KeysError:
        return KeysError(_("{where}: not a club keys file (field '{field}')").format(where=where, field=field))

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise bad("format")
    if data.get("version") != VERSION:
        raise bad("version")
    clubs = data.get("clubs")
    if not isinstance(clubs, dict) or len(clubs) > MAX_CLUBS:
        raise bad("clubs")
    found: dict[str, ClubKey] = {}
    for number, (address, entry) in enumerate(clubs.items()):
        field = f"clubs[{number}]"
        if not address or len(address) > MAX_ADDRESS or not address.isprintable():
            raise bad(field)
        if not isinstance(entry, dict):
            raise bad(field)
        name, key = entry.get("name"), entry.get("key")
        if not isinstance(name, str) or len(name) > MAX_NAME or printable_name(name) != name:
            raise bad(f"{field}.name")
        if not isinstance(key, str) or not KEY.fullmatch(key):
            raise bad(f"{field}.key")
        found[address] = ClubKey(name, key)
    return found


def remember(address: str, club_key: ClubKey, path: Path | None = None) -> None:
    """Keep `club_key` for the club at `address` (replacing what was kept for it), in a
    file only its owner can read; the data folder is made if missing."""
    path = keys_path() if path is None else path
    clubs = read_keys(path)
    clubs[address] = club_key
    data = {
        "format": FORMAT,
        "version": VERSION,
        "clubs": {club: {"name": kept.name, "key": kept.key} for club, kept in clubs.items()},
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n", private=True)
