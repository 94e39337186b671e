"""`pier18 cards`: the deck, each card drawn with its date, patron(s) and Plan goal(s)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..engine.characters import Character
from ..engine.deck import load_deck
from ..engine.text import printable
from ..i18n import _
from ..speech.moves import card_name, goal_text
from ..speech.scores import category_name
from .errors import need_output
from .parser import Commands, add_deck_option
if TYPE_CHECKING:  # pragma: no cover
    from rich.text import Text

    from ..engine.cards import Card


def add_parser(sub: Commands) -> None:
    parser = sub.add_parser(
        "cards",
        help=_("list the deck: every card with its patrons and Plan goals"),
        description=_("Draw every card of the deck (land end at the bottom) with its Plan goal(s)."),
    )
    add_deck_option(parser, help=_("another deck file (default: the game's own deck)"))
    parser.set_defaults(run=run)


def wrap_path(path: str, width: int) -> str:
    """A path over lines of at most `width` cells, broken only after a '/' (a part
    longer than a line is the only thing ever cut)."""
    lines: list[str] = []
    line = ""
    for part in path.replace("/", "/\0").split("\0"):
        if line and len(line) + len(part) > width:
            lines.append(line)
            line = ""
        while len(part) > width:
            lines.append(part[:width])
            part = part[width:]
        line += part
    if line:
        lines.append(line)
    return "\n".join(lines)


def legend() -> Text:
    """What the drawings show: which end is the sea, and what each patron symbol means."""
    from rich.text import Text

    from ..render.style import character_text

    text = Text(_("Each card: its sea end at the top, its land end at the bottom.") + "\n")
    text.append(_("Patron symbol, after the card number:") + "\n")
    for i, character in enumerate(Character):
        text.append("  " if i else "")
        text.append_text(character_text(character))
        text.append(f" {category_name(character.value)}")
    return text


def card_cell(card: Card) -> Text:
    """A card's drawing with its sea and land ends labelled."""
    from rich.text import Text

    from rich.cells import cell_len

    from ..render import draw_card

    head, name, *rows = draw_card(card, name_width=max(18, cell_len(card_name(card)))).split("\n")  # the name on one line
    return Text("\n").join([head, name, Text(_("sea ↑"), style="dim"), *rows, Text(_("land ↓"), style="dim")])


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text


    deck = load_deck(args.deck)

    need_output()  # the deck read: only now the closed output, if it is
    console = Console()
    # Every piece of text from the deck file (its path, names, goals) goes in as Text, never markup.
    source = wrap_path(printable(deck.source), max(20, console.width))
    table = Table(title=Text(_("The deck")), show_lines=True)
    table.add_column(_("Card"), no_wrap=True)
    table.add_column(_("Plan goal"), ratio=1)
    for card in deck.values():
        plan = card.plan
        goals = Text()
        if plan.split:
            goals.append(_("{players} players:").format(players=2) + " ", style="bold")
            goals.append(goal_text(plan.two) + "\n")
            goals.append(_("{players} players:").format(players=3) + " ", style="bold")
            goals.append(goal_text(plan.three))
        else:
            goals.append(goal_text(plan.two))
        goals.append("\n" + _("bonus {points}").format(points=plan.bonus), style="dim")
        table.add_row(card_cell(card), goals)
    console.print(Text(_("The deck file:"), style="bold"))
    console.print(Text(source))
    console.print(legend())
    console.print(table)
    return 0
