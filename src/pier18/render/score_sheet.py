"""`pier18 score`'s drawing: the pier (scoring slots highlighted) beside a table of points."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..engine.characters import Section
from ..engine.explain import Reason
from ..engine.pier import VisibleSection
from ..engine.scoring import CATEGORIES, ScoreSheet
from ..i18n import _
from ..speech.scores import visible_characters
from ..speech.why import explanation
from . import draw_pier
from .style import category_label


def print_score(
    sections: Sequence[Section],
    sheet: ScoreSheet,
    *,
    visible: Sequence[VisibleSection] | None = None,
    plan_note: str | None = None,
    reasons: Sequence[Reason] | None = None,
) -> None:
    """The drawn output: the pier (scoring slots highlighted) beside a table of points."""
    table = Table(title=_("Score"), title_justify="left", show_edge=True, pad_edge=True)
    table.add_column(_("Category"))
    table.add_column(_("Points"), justify="right")
    for category in CATEGORIES:
        table.add_row(category_label(category), str(sheet.points(category)))
    table.add_section()
    table.add_row(Text(_("Total"), style="bold"), Text(str(sheet.total), style="bold"))
    table.add_row(Text(visible_characters().capitalize(), style="dim"), Text(str(sheet.characters), style="dim"))
    layout = Table.grid(padding=(0, 3))
    layout.add_row(draw_pier(visible if visible is not None else sections, sheet.scoring), table)
    console = Console(markup=False, emoji=False, highlight=False)  # outside text is never markup
    console.print(layout)
    if plan_note:
        console.print(Text(plan_note, style="italic"))
    if reasons is not None:
        cards = None if visible is None else [v.card for v in visible]
        console.print(Text(_("Why:"), style="bold"))
        for reason in reasons:  # card names are outside text: plain Text, never markup
            console.print(Text(f"  {explanation(reason, cards)}", style="" if reason.points else "dim"))
    if console.color_system is not None:  # piped, nothing is highlighted: the line would be untrue
        console.print(Text(_("Highlighted characters are the ones scoring."), style="dim"))
