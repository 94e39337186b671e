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
