"""Drawing piers and cards as two-sided columns: sea at the top, land at the bottom.

Each visible section is one row: left slot, the planks, right slot. A bracket down the
left and right edge shows where each card starts and ends, and the card's id, name and
date stand beside its top row, so cards read apart without extra lines.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from typing import TYPE_CHECKING

from rich.cells import cell_len, set_cell_size
from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from ..engine.characters import Character, Side
from ..i18n import _, pgettext
from ..speech.moves import card_label, card_name
from .style import DIM, FRAME, FRAME_MARKED, LABEL, LAND, PLANK, SEA, SLOT_WIDTH, patrons_text, slot_text

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.cards import Card
    from ..engine.characters import Section
    from ..engine.pier import VisibleSection  # not imported: `pier18 score` draws plain sections

#: The scoring slots to highlight: Character -> {(section index from the land end, side)}.
Highlight = Mapping[Character, Set[tuple[int, Side]]]

PLANKS = " ═══ "
#: The sea and land ends, as every drawing marks them (and the legend explains them).
def sea_mark() -> str:
    """The line over a pier's sea end: "≈≈ sea ≈≈" (the word in the language spoken)."""
    return "≈≈ {sea} ≈≈".format(sea=pgettext("pier end", "sea"))


def land_mark() -> str:
    """The line under a pier's land end: "▀▀ land ▀▀"."""
    return "▀▀ {land} ▀▀".format(land=pgettext("pier end", "land"))
LABEL_WIDTH = 16
#: Width of a drawn pier row without its label.
ROW_WIDTH = 1 + SLOT_WIDTH + len(PLANKS) + SLOT_WIDTH + 1


def _scoring_slots(highlight: Highlight | None) -> set[tuple[int, Side]]:
    slots: set[tuple[int, Side]] = set()
    if highlight:
        for chosen in highlight.values():
            slots.update(chosen)
    return slots


def _fit(text: str, width: int) -> str:
    """`text` in at most `width` cells (a wide character takes two), cut with an ellipsis."""
    if cell_len(text) <= width:
        return text
    return set_cell_size(text, max(width - 1, 0)) + "…"  # a wide character cut in half: a space


def _row(section: "Section", index: int, scoring: set[tuple[int, Side]], edges: tuple[str, str], marked: bool) -> Text:
    frame = FRAME_MARKED if marked else FRAME
    left, right = section
    row = Text(edges[0], style=frame)
    row.append_text(slot_text(left, (index, Side.LEFT) in scoring, Side.LEFT))
    row.append(PLANKS, style=PLANK)
    row.append_text(slot_text(right, (index, Side.RIGHT) in scoring, Side.RIGHT))
    row.append(edges[1], style=frame)
    return row


def _edges(position: int, rows: int, marked: bool = False) -> tuple[str, str]:
    """Bracket characters for a card's row; position 0 is the card's top (sea) row. A
    marked card's are heavy, so it stands out without colour too."""
    if rows == 1:
        return ("«", "»") if marked else ("[", "]")
    if position == 0:
        return ("┏", "┓") if marked else ("┌", "┐")
    if position == rows - 1:
        return ("┗", "┛") if marked else ("└", "┘")
    return ("┃", "┃") if marked else ("│", "│")


def _runs(visible: Sequence["VisibleSection | Section"]) -> list[tuple["Card | None", list[tuple[int, "Section"]]]]:
    """Group the visible sections into runs of one card each, land end first."""
    runs: list[tuple[Card | None, list[tuple[int, Section]]]] = []
    for index, item in enumerate(visible):
        card: Card | None
        if isinstance(item, tuple):  # a plain section (a VisibleSection is no tuple)
            card, section = None, item
        else:
            card, section = item.card, item.section
        if runs and card is not None and runs[-1][0] is card:
            runs[-1][1].append((index, section))
        elif runs and card is None and runs[-1][0] is None:
            runs[-1][1].append((index, section))
        else:
            runs.append((card, [(index, section)]))
    return runs


def draw_pier(
    visible: Sequence["VisibleSection | Section"],
    highlight: Highlight | None = None,
    title: str | None = None,
    *,
    marked: int | None = None,
    labels: bool = True,
    label_width: int = LABEL_WIDTH,
) -> Text:
    """A pier as text: sea at the top, land at the bottom, one row per visible section.

    `visible` is `Pier.visible()` (or plain sections, drawn without card labels);
    `highlight` is `ScoreSheet.scoring`; `marked` is a card id drawn with a bright, heavy
    frame (the card being placed in a preview, a card placed since the player last moved).
    """
    scoring = _scoring_slots(highlight)
    lines: list[Text] = []
    if title:
        lines.append(Text(_fit(title, ROW_WIDTH + label_width), style="bold"))
    lines.append(Text(sea_mark().center(ROW_WIDTH), style=SEA))
    if not visible:
        lines.append(Text(_("(no cards yet)").center(ROW_WIDTH), style=DIM))
    for card, rows in reversed(_runs(visible)):
        is_marked = card is not None and marked is not None and card.id == marked
        hidden = len(card.sections) - len(rows) if card is not None else 0
        notes = _card_notes(card, hidden, label_width, len(rows)) if labels and card is not None else []
        for position, (index, section) in enumerate(reversed(rows)):
            row = _row(section, index, scoring, _edges(position, len(rows), is_marked), is_marked)
            if position < len(notes):
                row.append(" ")
                row.append_text(notes[position])
            lines.append(row)
        for note in notes[len(rows):]:  # a label longer than its card: under it, words whole
            lines.append(Text(" " * (ROW_WIDTH + 1)).append_text(note))
    lines.append(Text(land_mark().center(ROW_WIDTH), style=LAND))
    drawing = Text("\n").join(lines)
    drawing.no_wrap = True  # a row cut short beats a label wrapped under the pier
    drawing.overflow = "ellipsis"
    return drawing


class FittedPier:
    """`draw_pier` with card labels as wide as the room it is drawn in, worked out at draw
    time: a panel that grows after its first layout shows whole names, not "#11 Penny Arc…"."""

    def __init__(self, visible: Sequence["VisibleSection | Section"], highlight: Highlight | None = None, title: str | None = None, *, marked: int | None = None) -> None:
        self.visible = visible
        self.highlight = highlight
        self.title = title
        self.marked = marked

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(8, options.max_width - ROW_WIDTH - 1)
        yield draw_pier(self.visible, self.highlight, self.title, marked=self.marked, label_width=width)


def _wrap_units(words: list[str], width: int) -> list[list[str]]:
    """`words` (units never broken, such as "(2 hidden)") in lines of at most `width`
    cells, broken only between them; a unit wider than a whole line, which no layout here
    leaves room so narrow for, is cut."""
    lines: list[list[str]] = []
    used = 0
    for word in words:
        if lines and used + 1 + cell_len(word) <= width:
            lines[-1].append(word)
            used += 1 + cell_len(word)
        else:
            lines.append([_fit(word, width)])
            used = cell_len(lines[-1][0])
    return lines


def _wrap(words: list[str], width: int) -> list[str]:
    """`words` in lines of at most `width` cells, broken only between words."""
    return [" ".join(line) for line in _wrap_units(words, width)]


def _card_notes(card: "Card", hidden: int, width: int, rows: int) -> list[Text]:
    """The label lines beside a card's `rows` rows: "#id name", then its date (and how
    much of it is covered), broken only between words to fit `width` cells. When that
    takes more lines than the card has rows, the date runs on after the name instead,
    and what is still left goes under the card."""
    label = card_label(card).split(" ")  # split at each space: a name keeps its own spacing
    dated = [card.date]
    if hidden:  # "(2 hidden)" in one piece where it fits
        note = _("({count} hidden)").format(count=hidden)
        dated += [note] if cell_len(note) <= width else note.split()
    name, date = _wrap(label, width), _wrap(dated, width)
    if len(name) + len(date) <= rows:
        return [Text(line, style=LABEL) for line in name] + [Text(line, style=DIM) for line in date]
    notes = []
    named = len(label)  # the name's words not yet in a line
    for line in _wrap_units(label + dated, width):
        text = Text(" ".join(line[:named]), style=LABEL)
        if named < len(line):
            text.append((" " if named else "") + " ".join(line[named:]), style=DIM)
        named = max(0, named - len(line))
        notes.append(text)
    return notes


def draw_card(card: "Card", *, name_width: int = 18, ends: bool = False) -> Text:
    """One card drawn like a pier piece: patron(s) and date on top, then its sections;
    with `ends`, its sea end and land end marked above and below them. A name wider than
    `name_width` goes on over more lines, words whole."""
    head = Text(f"#{card.id} ", style="bold")
    head.append_text(patrons_text(card.patrons))
    head.append(f" {card.date}", style=LABEL)
    lines = [head, *(Text(line, style=LABEL) for line in _wrap(card_name(card).split(" "), name_width))]
    if ends:
        lines.append(Text(sea_mark().center(ROW_WIDTH), style=SEA))
    lines.append(draw_sections(card))
    if ends:
        lines.append(Text(land_mark().center(ROW_WIDTH), style=LAND))
    return Text("\n").join(lines)


def draw_sections(card: "Card") -> Text:
    """Only the card's sections, sea end on top: the small drawing beside a Plan's goal."""
    rows = list(enumerate(card.sections))
    lines = [_row(section, index, set(), _edges(position, len(rows)), False) for position, (index, section) in enumerate(reversed(rows))]
    return Text("\n").join(lines)
