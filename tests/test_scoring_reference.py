"""Scoring agrees with a plain, slow reading of the rules on any pier (hypothesis).

The reference (tests/reference.py) is written straight from docs/rules.md, one rule at a time, with
none of the engine's code, so a mistake in either shows up as a disagreement.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reference import TOKENS, reference_score
from pier18.cli import main
from pier18.engine import format_sections, parse_sections, score_sections

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
