"""Every point explained: the reasons of a pier add up to its score, and say the rule.

The totals come from tests/reference.py (a plain reading of docs/rules.md sharing no
code with the engine), never from the engine's own scoring.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from reference import CATEGORY_OF, TOKENS, reference_score
from pier18.engine import Character, Side, parse_sections
from pier18.engine.explain import Why, explain, points_by_category

piers = st.lists(st.tuples(st.sampled_from(TOKENS), st.sampled_from(TOKENS)), min_size=1, max_size=30)


def sections_of(rows):
    return parse_sections("".join(f"{left} {right}\n" for left, right in rows))


@settings(max_examples=400, deadline=None)
@given(rows=piers)
def test_the_reasons_add_up_to_the_rulebook_score(rows):
    reasons = explain(sections_of(rows))
    expected = reference_score(rows)
    assert {c.value: n for c, n in points_by_category(reasons).items()} == {
        c: expected[c] for c in ("flower", "poet", "lovers", "fisher")
    }


@settings(max_examples=300, deadline=None)
@given(rows=piers)
def test_every_character_is_in_one_reason_of_its_own_kind(rows):
    """Each Poet, Lovers and Fisher is named once in its own category; each Flower Seller
    once among the Flower Sellers' reasons; a group's reason holds exactly its run."""
    reasons = explain(sections_of(rows))
    for token, category in CATEGORY_OF.items():
        character = Character(category)
        wanted = sorted((i, side) for i, row in enumerate(rows) for side in Side if row[side] == token)
        named = [slot for r in reasons if r.category is character for slot in r.slots if rows[slot[0]][slot[1]] == token]
        assert sorted(named) == wanted, (token, rows)
    for reason in reasons:
        if reason.why in (Why.GROUP, Why.ALONE):
            indexes = [i for i, _ in reason.slots]
            side = reason.side
            assert indexes == list(range(indexes[0], indexes[-1] + 1))  # unbroken
            assert all(rows[i][side] != "." for i in indexes)
            assert indexes[0] == 0 or rows[indexes[0] - 1][side] == "."  # the whole run
            assert indexes[-1] == len(rows) - 1 or rows[indexes[-1] + 1][side] == "."
            assert reason.points == len(indexes) - 1


def test_the_rulebook_examples_are_explained_as_the_rulebook_says():
    """docs/rules.md's worked examples, reason by reason."""
    first = explain(sections_of([("F", "."), ("P", "P"), ("A", "P"), (".", "."), ("F", "."), ("P", "F")]))
    assert [(r.why, r.points, r.slots) for r in first if r.category is Character.FLOWER] == [
        (Why.GROUP, 2, ((0, Side.LEFT), (1, Side.LEFT), (2, Side.LEFT))),
        (Why.GROUP, 1, ((4, Side.LEFT), (5, Side.LEFT))),
        (Why.ALONE, 0, ((5, Side.RIGHT),)),
    ]
    assert [(r.why, r.points) for r in first if r.category is Character.POET] == [(Why.PAIR, 1), (Why.PAIR, 1)]
    lovers = explain(sections_of([("L", "."), (".", "."), (".", "A"), (".", "L"), ("L", ".")]))
    assert [(r.why, r.points, r.slots[0], r.near) for r in lovers if r.category is Character.LOVERS] == [
        (Why.QUIET, 2, (0, Side.LEFT), None),
        (Why.QUIET, 2, (4, Side.LEFT), None),
        (Why.COMPANY, 0, (3, Side.RIGHT), (2, Side.RIGHT)),
    ]
    fishers = explain(sections_of([("A", "."), (".", "A"), ("A", "."), ("A", "A")]))
    assert [(r.why, r.points, r.counts) for r in fishers] == [(Why.FULLER_SIDE, 3, (3, 2)), (Why.EMPTIER_SIDE, 0, (3, 2))]
    tied = explain(sections_of([("A", "A"), ("A", "A")]))
    assert [r.points for r in tied] == [2, 0]  # two and two: that number once


def test_score_explain_lists_a_reason_for_every_point(capsys, tmp_path):
    """`pier18 score --explain --json`: the reasons' points add up to each category, and
    each reason's sentence names its points and the card it is on."""
    import json

    from pier18.cli import main

    assert main(["score", "--cards", "7 12:1 3", "--explain", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    for category in ("flower", "poet", "lovers", "fisher"):
        assert sum(r["points"] for r in data["explain"] if r["category"] == category) == data[category]
    assert data["explain"] and all(("+" if r["points"] else "0") in r["text"] for r in data["explain"])
    assert any("#12 Lighthouse" in r["text"] for r in data["explain"])
    pier = tmp_path / "pier.txt"
    pier.write_text("L .\n. .\n. A\n. L\nL .\n", encoding="utf-8")  # docs/rules.md's Lovers example
    assert main(["score", str(pier), "--explain"]) == 0
    out = " ".join(capsys.readouterr().out.split())  # as read, whatever the terminal's width wraps
    assert "Lovers +2: the Lovers on the left of section 1 have peace and quiet" in out
    assert "Lovers 0: the Lovers on the right of section 4 have a Fisher right next to them" in out
