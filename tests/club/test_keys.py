"""A club key, its hash, and the client's keys file read as hostile."""

from __future__ import annotations

import hashlib
import json
import os
import stat

import pytest

from pier18.club.keys import KEY, ClubKey, KeysError, key_hash, new_key, read_keys, remember, same


def test_a_key_is_256_random_bits_and_the_club_keeps_only_its_sha256():
    key, other = new_key(), new_key()
    assert KEY.fullmatch(key) and key != other
    assert key_hash(key) == hashlib.sha256(key.encode()).hexdigest()
    assert same(key_hash(key), key)
    assert not same(key_hash(key), other)
    assert not same("not a hash", key)


def test_keys_are_kept_by_club_in_a_file_only_its_owner_reads(tmp_path):
    path = tmp_path / "data" / "club-keys.json"
    assert read_keys(path) == {}
    ann = ClubKey("Ann", new_key())
    remember("club.example:8765", ann, path)
    remember("other:1", ClubKey("Annie", new_key()), path)
    assert read_keys(path)["club.example:8765"] == ann
    assert len(read_keys(path)) == 2
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600


GOOD = {"format": "pier18-club-keys", "version": 1, "clubs": {"c:1": {"name": "Ann", "key": "a" * 43}}}


@pytest.mark.parametrize("content", [
    b"not json",
    b"\xff\xfe",
    b"[1, 2]",
    json.dumps({**GOOD, "format": "other"}).encode(),
    json.dumps({**GOOD, "version": 2}).encode(),
    json.dumps({**GOOD, "clubs": []}).encode(),
    json.dumps({**GOOD, "clubs": {"c:1": "key"}}).encode(),
    json.dumps({**GOOD, "clubs": {"c:1": {"name": "Ann", "key": "short"}}}).encode(),
    json.dumps({**GOOD, "clubs": {"c:1": {"name": "\x1b[2JAnn", "key": "a" * 43}}}).encode(),
    json.dumps({**GOOD, "clubs": {"c:1": {"name": 7, "key": "a" * 43}}}).encode(),
    json.dumps({**GOOD, "clubs": {"\x1b]0;x\x07": {"name": "Ann", "key": "a" * 43}}}).encode(),
    b"[" * 100_000,
    b" " * (300 * 1024),
])
def test_a_bad_keys_file_is_one_line_naming_it(tmp_path, content):
    path = tmp_path / "club-keys.json"
    path.write_bytes(content)
    with pytest.raises(KeysError) as caught:
        read_keys(path)
    message = str(caught.value)
    assert "club-keys.json" in message and "\n" not in message and "\x1b" not in message


def test_a_keys_file_that_is_a_folder_is_one_line(tmp_path):
    path = tmp_path / "club-keys.json"
    path.mkdir()
    with pytest.raises(KeysError, match="club-keys.json"):
        read_keys(path)
