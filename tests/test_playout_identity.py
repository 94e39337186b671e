"""The play-outs, the greedy values and the judge give bit for bit what they gave before
they were made faster (issue 31): same values, same decisions in every play-out, same
judgements. The fixture was written by tests/playout_identity.py from the code before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from playout_identity import collect

FIXTURE = Path(__file__).parent / "fixtures" / "playout-identity.json"


@pytest.fixture(scope="module")
def now() -> dict:
    return collect()


@pytest.fixture(scope="module")
def before() -> dict:
    return json.loads(FIXTURE.read_text())


@pytest.mark.parametrize("part", ["values", "playouts", "judge"])
def test_same_as_before(now: dict, before: dict, part: str) -> None:
    assert len(now[part]) == len(before[part])
    for got, expected in zip(now[part], before[part]):
        assert got == expected


def test_piers_scored_from_their_parents_score_as_from_scratch() -> None:
    """`Pier.sheet` walks on from the parent's walk (`score_walked`): on random piers,
    each scored as it grows, some only later, the sheet is the one a walk of every
    visible section gives (`score_sections`, checked against tests/reference.py)."""
    import random

    from pier18.engine import Pier, load_deck, score_sections

    cards = load_deck().cards()
    rng = random.Random(31)
    for _ in range(2000):
        pier = Pier()
        for card in rng.sample(cards, rng.randrange(1, 10)):
            pier = pier.place(card, rng.randrange(pier.max_cover + 1))
            if rng.random() < 0.7:  # a parent not scored yet makes its child walk it all
                expected = score_sections(pier.visible_sections())
                assert pier.sheet() == expected
                assert pier.sheet().total == expected.total
                # Several cards placed on it with one cover start from the same cut of its walk.
                for other in rng.sample(cards, 3):
                    if all(other is not p.card for p in pier):
                        child = pier.place(other, rng.randrange(pier.max_cover + 1))
                        assert child.sheet() == score_sections(child.visible_sections())
