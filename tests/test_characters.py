"""`Character` and `Side` are enums whose members are their values (str and int): records,
saves and hint seeds are written with those values."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from pier18.engine.characters import CHARACTERS, Character, Side


def test_members_are_their_values_in_order():
    assert [c.value for c in Character] == ["flower", "poet", "lovers", "fisher"]
    assert [c.name for c in Character] == ["FLOWER", "POET", "LOVERS", "FISHER"]
    assert CHARACTERS == tuple(Character) and len(Character) == 4
    assert list(Side) == [Side.LEFT, Side.RIGHT] and [int(s) for s in Side] == [0, 1]
    for character in Character:
        assert character == character.value and hash(character) == hash(character.value)
        assert isinstance(character, Character) and isinstance(character, str)
    assert Side.RIGHT == 1 and ("x", "y")[Side.RIGHT] == "y"


def test_looking_up_by_value_gives_the_one_member():
    assert Character("poet") is Character.POET and Side(1) is Side.RIGHT
    for bad in ("Poet", "x", 2, None, []):
        with pytest.raises(ValueError, match="is not a valid Character"):
            Character(bad)
    with pytest.raises(ValueError, match="is not a valid Side"):
        Side(2)


def test_copies_and_pickles_are_the_member_itself():
    for member in (*Character, *Side):
        assert pickle.loads(pickle.dumps(member)) is member
        assert copy.copy(member) is member and copy.deepcopy(member) is member


def test_text_forms_are_the_enums():
    """`repr` seeds the hints (`bots.base.position_seed`): it must not change."""
    assert repr(Character.LOVERS) == "<Character.LOVERS: 'lovers'>" and repr(Side.LEFT) == "<Side.LEFT: 0>"
    assert str(Character.POET) == f"{Character.POET}" == "poet" and str(Side.RIGHT) == f"{Side.RIGHT}" == "1"
    assert json.dumps({Character.FISHER: [Side.LEFT, Character.POET]}) == '{"fisher": [0, "poet"]}'
    assert Character.FLOWER.letter == "F" and Character.from_token("a") is Character.FISHER
