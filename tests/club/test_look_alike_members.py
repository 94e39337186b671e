"""A member's name never passes for another member's or a bot's: look-alikes written with
letters of another alphabet or look-alike signs are refused, as case and spacing
variants are (`engine.text.same_name`; tests/test_look_alike_names.py)."""

from __future__ import annotations

import pytest

from club_net import member, open_club
from pier18.club.keys import new_key
from pier18.club.protocol import refusal_words
from pier18.club.store import NameLooksTaken, StoreError, club_name
from test_server_hostile import club_hello, on_club, refused


@pytest.mark.parametrize("name", [
    "b\u043et:hard",  # a Cyrillic о
    "BOT\uff1ahard",  # a fullwidth colon
    "H\u0430rd bot",  # a Cyrillic а
    "Hard\u2010bot",  # a Unicode hyphen, as Dutch names the seat
    "R\u0430ndom bot 10",
    "Exp\u0435rt_bot",
    "gr\u0435\u0435dy b\u043et 3",
])
def test_a_name_that_passes_for_a_bots_is_not_a_members(name):
    with pytest.raises(StoreError) as caught:
        club_name(name)
    assert "bot" in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize("name", ["Botha", "Robot", "Hardy", "Random Bo", "Bo Hard", "Expert 2"])
def test_names_near_a_bots_are_members_names(name):
    assert club_name(name) == name


@pytest.mark.parametrize("look_alike", ["\u0410nn", "\u0410NN", "\uff21\u0578\u0578", "A\u0578n"])
def test_a_look_alike_of_a_members_name_is_not_registered(members, look_alike):
    """Cyrillic А, a fullwidth Ａ, Armenian ո for n: each passes for Ann."""
    with pytest.raises(NameLooksTaken) as caught:
        members.hello(look_alike, new_key())
    assert caught.value.member == "Ann" and "\n" not in str(caught.value)
    with pytest.raises(StoreError, match="no member"):
        members.member(look_alike)  # never registered


def test_a_look_alike_is_refused_whoever_came_first(store):
    store.hello("\u0412ob", new_key())  # a Cyrillic В
    with pytest.raises(NameLooksTaken) as caught:
        store.hello("Bob", new_key())
    assert caught.value.member == "\u0412ob"


def test_names_that_differ_in_a_letter_or_an_accent_are_all_members(members):
    for name in ["Anna", "Jos\u00e9", "Jose", "Zo\u00eb", "Zoe", "Bobby", "Cyril"]:
        assert members.hello(name, new_key()).registered
        assert members.member(name).name == name


async def test_the_club_tells_a_look_alike_what_is_wrong_and_goes_on_serving_the_member(club_db, keys):
    server = await open_club(club_db)
    port = server.port
    ann = member(port, "Ann", keys["Ann"])
    try:
        await ann.connect()
        got, close = await on_club(port, club_hello("\u0410nn", new_key()))
        assert (got, close) == ([refused("name_looks_taken", member="Ann")], 1008)
        assert "looks like the name of Ann" in refusal_words("name_looks_taken", {"member": "Ann"})
        got, close = await on_club(port, club_hello("H\u0430rd bot", new_key()))
        assert (got, close) == ([refused("bad_name")], 1008)
        assert (await ann.list()).games == []  # Ann is still served
    finally:
        await ann.close()
        await server.close()
