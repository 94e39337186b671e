"""Decisions and their text form (what game records and the network carry)."""

from __future__ import annotations

import pytest

from pier18.engine import Draft, Keep, PlacePlan, parse_decision
from pier18.engine.decisions import draft_row, drafts, keeps, plan_placements
from pier18.engine.errors import NotationError


@pytest.mark.parametrize(
    "text, decision",
    [
        ("keep 3 11", Keep(3, 11)),
        ("  keep\t3   11 ", Keep(3, 11)),
        ("draft 7:1", Draft(7, 1)),
        ("draft 7:0", Draft(7, 0)),
        ("draft 7", Draft(7, 0)),  # no cover: covers nothing
        ("draft 7:", Draft(7, 0)),
        ("plan 2", PlacePlan(2)),
        ("plan 0", PlacePlan(0)),
    ],
)
def test_each_decision_is_read_from_its_text(text, decision):
    assert parse_decision(text) == decision


def test_the_text_form_is_what_records_store():
    assert [str(d) for d in (Keep(3, 11), Draft(7, 1), Draft(7), PlacePlan(2), PlacePlan())] == [
        "keep 3 11",
        "draft 7:1",
        "draft 7:0",
        "plan 2",
        "plan 0",
    ]


@pytest.mark.parametrize(
    "text",
    ["", "keep 3", "keep 3 11 4", "keep x 11", "Keep 3 11", "draft", "draft 7:1 2", "draft x:1", "draft 7:y",
     "draft 7:1:2", "plan", "plan 1 2", "plan two", "pass 1"],
)
def test_anything_else_is_one_notation_error(text):
    with pytest.raises(NotationError) as info:
        parse_decision(text)
    assert str(info.value) == f"'{text}' is not a decision (expected 'keep P F', 'draft ID:K' or 'plan K')"


def test_listed_decisions_cover_every_count_asked_for():
    # Card ids no deck has, and more placements than any pier allows: lists made here,
    # not ones an earlier test (or game) already made.
    assert drafts(101, 3) == (Draft(101, 0), Draft(101, 1), Draft(101, 2))
    assert drafts(101, 1) == (Draft(101, 0),)
    assert drafts(101, 4) == (Draft(101, 0), Draft(101, 1), Draft(101, 2), Draft(101, 3))
    assert drafts(102, 2) == (Draft(102, 0), Draft(102, 1))
    assert keeps((104, 109, 102)) == (
        Keep(104, 109), Keep(104, 102), Keep(109, 104), Keep(109, 102), Keep(102, 104), Keep(102, 109)
    )
    assert keeps((104, 109, 102)) == keeps((104, 109, 102))
    assert keeps((109, 104)) == (Keep(109, 104), Keep(104, 109))
    assert plan_placements(40) == [PlacePlan(k) for k in range(40)]
    assert plan_placements(3) == [PlacePlan(0), PlacePlan(1), PlacePlan(2)]
    assert plan_placements(1) == [PlacePlan(0)]
