"""The final score broken down, for the final screen: for every player the categories
that scored, each Patron won and for what, the Plan's bonus, and what decided its place.

Every number is `review.breakdown.breakdown(view)`'s, itself the engine's answers; this
only lays them out, in `words`' sentences.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from ..engine import CATEGORIES, TableView
from ..review.breakdown import SeatBreakdown, breakdown
from ..i18n import _
from ..words import breakdown_head, patron_won
from ..speech.moves import plan_result
from ..speech.scores import category_name, ahead_of, category_points, tied_with


def breakdown_text(view: TableView, names: Sequence[str]) -> Text:
    """Every player's points broken down, in the order of the final ranking."""
    seats = {seat.seat: seat for seat in breakdown(view)}
    order = [standing.seat for standing in view.standings] or list(seats)
    text = Text(_("Where the points came from") + "\n", style="bold")
    for index, seat in enumerate(order):
        below = names[order[index + 1]] if index + 1 < len(order) else None
        text.append_text(_seat_text(view, names, seats[seat], below))
    return text


def _seat_text(view: TableView, names: Sequence[str], seat: SeatBreakdown, below: str | None) -> Text:
    text = Text()
    text.append(breakdown_head(names[seat.seat], seat.place, seat.total), style="bold")
    if seat.place is not None:
        if seat.decided_by is not None and below is not None:
            text.append(f"  — {ahead_of(below, seat.decided_by)}", style="dim")
        elif below is not None:
            text.append(f"  — {tied_with(below)}", style="dim")
        else:
            text.append("  — " + _("last"), style="dim")
    text.append("\n  ")
    scored = [(category_name(name), seat.categories[name]) for name in CATEGORIES if seat.categories[name]]
    text.append(category_points(scored) + "\n")
    deck = view.deck
    if not seat.patrons:
        text.append("  " + _("no Patron won") + "\n", style="dim")
    for won in seat.patrons:
        characters = [category_name(character.value) for character in won.characters]
        scores = list(zip(names, won.scores))
        text.append(f"  {patron_won(deck[won.card], won.round, characters, scores, won.by_date)}\n")
    plan = seat.plan
    if plan is not None:
        line = plan_result(deck[plan.card], plan.met, plan.bonus, plan.worth)
        text.append(f"  {line}\n", style="green" if plan.met else "red")
    return text
