"""`pier18 cards`: the deck, each card drawn with its date, patron(s) and Plan goal(s)."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:  # pragma: no cover
    import argparse


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "cards",
        help="list the deck: every card with its patrons and Plan goals",
        description="Draw every card of the deck (land end at the bottom) with its Plan goal(s).",
    )
    parser.add_argument("--cards", "--deck", dest="deck", metavar="PATH", help="another deck file")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from ..engine.deck import load_deck
    from ..engine.text import printable
    from ..render import draw_card

    deck = load_deck(args.deck)
    # Every piece of text from the deck file (its path, names, goals) goes in as Text, never markup.
    table = Table(title=Text(f"The deck ({printable(deck.source)})"), show_lines=True)
    table.add_column("Card", no_wrap=True)
    table.add_column("Plan goal", ratio=1)
    for card in deck.values():
        plan = card.plan
        goals = Text()
        if plan.split:
            goals.append("2 players: ", style="bold")
            goals.append(plan.two.text + "\n")
            goals.append("3 players: ", style="bold")
            goals.append(plan.three.text)
        else:
            goals.append(plan.two.text)
        goals.append(f"\nbonus {plan.bonus}", style="dim")
        table.add_row(draw_card(card), goals)
    Console().print(table)
    return 0
