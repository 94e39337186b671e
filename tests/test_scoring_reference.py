"""Scoring agrees with a plain, slow reading of the rules on any pier (hypothesis).

The reference (tests/reference.py) is written straight from docs/rules.md, one rule at a time, with
none of the engine's code, so a mistake in either shows up as a disagreement.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reference import CATEGORY_OF, TOKENS, reference_score
from pier18.cli import main
from pier18.engine import Character, format_sections, parse_sections, score_sections

piers = st.lists(st.tuples(st.sampled_from(TOKENS), st.sampled_from(TOKENS)), min_size=1, max_size=30)


@settings(max_examples=400, deadline=None)
@given(rows=piers)
def test_engine_scoring_matches_the_reference(rows):
    text = "".join(f"{left} {right}\n" for left, right in rows)
    sheet = score_sections(parse_sections(text))
    result = sheet.as_dict()
    assert {k: result[k] for k in ("flower", "poet", "lovers", "fisher", "characters")} == reference_score(rows)
    assert format_sections(parse_sections(text)) == text


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows=piers, patrons=st.integers(0, 6))
def test_score_json_matches_the_reference(tmp_path_factory, capsys, rows, patrons):
    path = tmp_path_factory.mktemp("piers") / "pier.txt"
    path.write_text("".join(f"{left.lower()} {right}\n" for left, right in rows))
    assert main(["score", str(path), "--json", "--patrons", str(patrons)]) == 0
    result = json.loads(capsys.readouterr().out)  # each example reads only its own output
    expected = reference_score(rows)
    expected["patrons"] = patrons
    expected["plan"] = 0
    expected["total"] = sum(expected[k] for k in ("flower", "poet", "lovers", "fisher", "patrons"))
    assert result == expected


def _longest_run(column: list[str], wanted: bool) -> int:
    best = run = 0
    for slot in column:
        run = run + 1 if (slot != ".") == wanted else 0
        best = max(best, run)
    return best


@settings(max_examples=300, deadline=None)
@given(rows=piers, patrons=st.integers(0, 4), plan=st.integers(0, 9), copy_first=st.booleans())
def test_counts_and_facts_match_the_reference_on_a_sheet_and_its_copies(rows, patrons, plan, copy_first):
    # The counts are kept as plain integers and turned into dicts on first use, so a copy
    # made before or after that use must read the same (Plan goals read copies).
    sheet = score_sections(parse_sections("".join(f"{left} {right}\n" for left, right in rows)))
    copies = [sheet.with_patrons(patrons), sheet.with_plan(plan).with_patrons(patrons)]
    sides = [[row[0] for row in rows], [row[1] for row in rows]]
    expected_sides = tuple({Character(CATEGORY_OF[t]): side.count(t) for t in "FPLA"} for side in sides)
    expected = {c: expected_sides[0][c] + expected_sides[1][c] for c in Character}
    order = [*copies, sheet] if copy_first else [sheet, *copies]
    for each in order:
        assert each.side_counts == expected_sides and each.counts == expected
        assert list(each.counts) == list(Character)  # `variety` goals read them in this order
        assert each.characters == sum(expected.values())
        assert each.sections == len(rows)
        assert each.largest_group == max(_longest_run(side, True) for side in sides)
        assert each.longest_empty_run == max(_longest_run(side, False) for side in sides)
    assert [c.patrons for c in copies] == [patrons, patrons] and copies[1].plan == plan
    assert copies[0].scoring == sheet.scoring == copies[1].scoring
