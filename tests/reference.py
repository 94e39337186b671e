"""A plain, slow reading of the rules (docs/rules.md), sharing no code with the engine.

Tests take their expected values from here, never from the function they test. A pier
is a list of rows (left, right) of tokens: "." empty, F Flower Seller, P Poet, L Lovers,
A Fisher, land end first. Cards are read from the deck's data only.
"""

from __future__ import annotations

TOKENS = [".", "F", "P", "L", "A"]
TOKEN_OF = {None: ".", "flower": "F", "poet": "P", "lovers": "L", "fisher": "A"}
CATEGORY_OF = {"F": "flower", "P": "poet", "L": "lovers", "A": "fisher"}


def reference_score(rows: list[tuple[str, str]]) -> dict[str, int]:
    n = len(rows)
    sides = [[row[0] for row in rows], [row[1] for row in rows]]
    poets = sum(column.count("P") for column in sides)
    lovers = 0
    flower = 0
    for column in sides:
        for i, who in enumerate(column):
            near = [column[j] for j in range(i - 2, i + 3) if j != i and 0 <= j < n]
            if who == "L" and all(slot == "." for slot in near):
                lovers += 2
        # Split the side at empty slots; each piece with a Flower Seller scores its others.
        for piece in "".join(column).split("."):
            if "F" in piece:
                flower += len(piece) - 1
    fisher = max(column.count("A") for column in sides)
    return {
        "flower": flower,
        "poet": poets // 2,
        "lovers": lovers,
        "fisher": fisher,
        "characters": sum(slot != "." for column in sides for slot in column),
    }


def reference_total(rows, patrons: int = 0, plan: int = 0) -> dict[str, int]:
    """The full score sheet as `pier18 score --json` prints it."""
    score = reference_score(rows)
    score["patrons"], score["plan"] = patrons, plan
    score["total"] = sum(score[k] for k in ("flower", "poet", "lovers", "fisher")) + patrons + plan
    return score


def card_rows(card) -> list[tuple[str, str]]:
    return [tuple(TOKEN_OF[None if slot is None else slot.value] for slot in section) for section in card.sections]


def visible_rows(placements) -> list[tuple[str, str]]:
    """(card, cover) pairs, land end first: each card hides the last `cover` rows of the one before."""
    rows: list[tuple[str, str]] = []
    for card, cover in placements:
        if cover:
            del rows[len(rows) - cover :]
        rows.extend(card_rows(card))
    return rows


def notation_placements(text: str, deck) -> list[tuple[object, int]]:
    """`7 12:1 3:2` read as (card, cover) pairs; None if a cover would hide a whole card."""
    placements = []
    for token in text.split():
        card_id, _, cover = token.partition(":")
        card, cover = deck[int(card_id)], int(cover or 0)
        if placements and not 0 <= cover < len(placements[-1][0].sections) or not placements and cover:
            return None
        placements.append((card, cover))
    return placements


def pier_rows(pier) -> list[tuple[str, str]]:
    """An engine pier's visible rows, read from its cards and covers only."""
    return visible_rows([(p.card, p.cover) for p in pier.placements])


def _longest(side: list[str], wanted) -> int:
    best = run = 0
    for slot in side:
        run = run + 1 if wanted(slot) else 0
        best = max(best, run)
    return best


def goal_value(goal, rows, patrons: int = 0) -> tuple[int, ...]:
    """What a goal counts on one pier (one number per side or kind where it asks for each)."""
    sides = [[r[0] for r in rows], [r[1] for r in rows]]
    slots = sides[0] + sides[1]
    kind = goal.kind
    if kind in ("count", "most"):
        return (slots.count(TOKEN_OF[goal.character.value]),)
    if kind in ("points", "most_points"):
        return (reference_score(rows)[goal.category.value],)
    if kind == "patrons":
        return (patrons,)
    if kind == "sections":
        return (len(rows),)
    if kind == "characters":
        return (sum(s != "." for s in slots),)
    if kind == "group":
        return (max(_longest(side, lambda s: s != ".") for side in sides),)
    if kind == "empty_run":
        return (max(_longest(side, lambda s: s == ".") for side in sides),)
    if kind == "each_side":
        return tuple(side.count(TOKEN_OF[goal.character.value]) for side in sides)
    if kind == "variety":
        return tuple(slots.count(token) for token in "FPLA")
    raise AssertionError(f"the reference does not know goal kind {kind}")


def goal_met(goal, rows, patrons: int = 0, others=None) -> bool:
    """Whether a pier meets a goal; `others` are the rivals' rows for goals that compare."""
    values = goal_value(goal, rows, patrons)
    if goal.kind in ("most", "most_points"):
        return all(values[0] > goal_value(goal, rival)[0] for rival in others)
    low = goal.at_least if goal.at_least is not None else -1
    high = goal.at_most if goal.at_most is not None else 10**9
    return all(low <= value <= high for value in values)


def pier_text_rows(text: str) -> list[tuple[str, str]]:
    """Rows from the pier text a front end prints ("F P" per line, land end first)."""
    return [tuple(line.split()) for line in text.splitlines() if line.strip()]
