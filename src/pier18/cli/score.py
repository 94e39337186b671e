"""`pier18 score`: score a pier built on a real table.

The `--json` path must stay as quick to start as Python itself: it imports neither
`rich` nor `textual`. The drawn output imports `rich` only.
"""

from __future__ import annotations

import argparse
from .parser import Commands, add_deck_option, file_name

from ..i18n import _

from ..engine.sizes import TABLE_SIZES

import sys

from typing import TYPE_CHECKING
if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Callable, Sequence

    from ..engine.cards import Card
    from ..engine.characters import Section
    from ..engine.deck import Deck
    from ..engine.explain import Reason
    from ..engine.pier import VisibleSection
    from ..engine.scoring import ScoreSheet


def add_parser(sub: Commands) -> None:
    parser = sub.add_parser(
        "score",
        help=_("score a pier you built on the table"),
        description=_("Score a visible pier: each category, patrons, the Plan bonus and the total."),
        epilog=_(
            "example: a pier written land end first, one section per line (LEFT RIGHT):\n"
            "\n"
            "  # my pier           . = empty  F flower  P poet  L lovers  A fisher (anchor)\n"
            "  F  .\n"
            "  P  A\n"
            "  .  A\n"
            "  L  .\n"
            "  .  P\n"
            "\n"
            "  pier18 score my-pier.txt\n"
            '  pier18 score --cards "7 12:1 3:2 9" --patrons 2 --plan 9 --players 3\n'
            "  cat my-pier.txt | pier18 score - --json\n"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", metavar="FILE", nargs="?", type=file_name, help=_("a pier in text notation, or - for standard input"))
    parser.add_argument(
        "--cards",
        metavar="CARDS",
        help=_("the pier as card ids or names (any case, or the start of a name), land first; "
        "ID:K or NAME:K covers K sections of the card before; separate names with commas if they have spaces"),
    )
    parser.add_argument("--patrons", type=int, default=0, metavar="N", help=_("patrons won (1 point each)"))
    parser.add_argument("--plan", type=int, metavar="ID", help=_("your Plan card: add its bonus if the goal is met"))
    parser.add_argument("--players", type=int, choices=TABLE_SIZES, help=_("players in the game (picks the Plan goal)"))

    add_deck_option(parser, help=_("another deck file (default: the game's own deck)"), old_name=False)  # --cards is the pier
    parser.add_argument("--json", action="store_true", help=_("print one JSON object instead of the drawing"))
    parser.add_argument(
        "--explain", action="store_true", help=_("say why each character scores what it does (with --json: an 'explain' list)")
    )
    parser.set_defaults(run=run)


#: A pier written out is a few hundred bytes; a file or standard input longer than this
#: is refused without reading the rest (it could be /dev/zero).
MAX_PIER_BYTES = 2**20
#: No game has more Patron cards than the deck has cards (`pier18.engine.deck.DECK_SIZE`,
#: not imported: the deck code costs start-up time).
MAX_PATRONS = 18

def _card_id(token: str, deck: Deck) -> str | None:
    """One `--cards` token as `ID` or `ID:K`: a card id, a name or the start of one
    (any case); None if it is not a card. NotationError if it could be several."""
    from ..engine.errors import NotationError
    from ..engine.text import printable, quote

    token = token.strip()
    name, colon, cover = token.rpartition(":") if ":" in token else (token, "", "")
    name = name.strip()
    if colon and not cover.strip().isdigit():
        return None
    if name.isdigit() or not name:
        return token
    wanted = " ".join(printable(name).lower().split())  # as the deck's names were made printable
    exact = [card.id for card in deck.values() if card.name.lower() == wanted]
    found = exact or [card.id for card in deck.values() if card.name.lower().startswith(wanted)]
    if len(found) > 1:
        names = ", ".join(quote(deck[c].name) for c in found[:4])
        raise NotationError(_("{token} could be {names}: write more of the name").format(token=quote(token), names=names))
    return f"{found[0]}{colon}{cover.strip()}" if found else None


def card_notation(text: str, deck: Deck) -> str:
    """`--cards` as card ids: names (exact, any case, or an unambiguous start) become ids.

    With commas each piece is one card; without, the longest run of words that is a
    card's full name is taken first, then a single word. NotationError names a token
    that is no card, or more cards than a pier can hold.
    """
    from ..engine.deck import DECK_SIZE
    from ..engine.errors import NotationError
    from ..engine.text import quote

    def add(found: str | None, token: str) -> None:
        if found is None:
            raise NotationError(_("{token} is not a card id or name").format(token=quote(token.strip())))
        if len(ids) == DECK_SIZE:  # said at once, however long the rest is
            raise NotationError(_("more than {deck} cards: a pier holds at most the whole deck").format(deck=DECK_SIZE))
        ids.append(found)

    ids: list[str] = []
    if "," in text:
        for piece in text.split(","):
            if piece.strip():
                add(_card_id(piece, deck), piece)
        return " ".join(ids)
    words = text.split()
    # Only runs of words as long as a name (and its `:K`, maybe written apart) are
    # tried, so the search stays linear in the number of words.
    longest = 2 + max((len(card.name.split()) for card in deck.values()), default=1)
    i = 0
    while i < len(words):
        for j in range(min(len(words), i + longest), i, -1):
            token = " ".join(words[i:j])
            if j == i + 1 or _exact_name(token, deck):
                add(_card_id(token, deck), token)
                i = j
                break
    return " ".join(ids)


def _exact_name(token: str, deck: Deck) -> bool:
    from ..engine.text import printable

    name, colon, cover = token.rpartition(":") if ":" in token else (token, "", "")
    if colon and not cover.strip().isdigit():
        return False
    wanted = " ".join(printable(name).lower().split())
    return any(card.name.lower() == wanted for card in deck.values())


def run(args: argparse.Namespace) -> int:
    from .errors import CliError
    from ..engine.errors import NotationError
    from ..engine.notation import parse_sections
    from ..engine.scoring import score_sections
    from ..engine.text import quote

    if (args.file is None) == (args.cards is None):
        raise CliError(_("score: give a pier file (or - for standard input), or --cards IDS, but not both"))
    if not 0 <= args.patrons <= MAX_PATRONS:  # a huge count would even be too long to print
        raise CliError(_("score: --patrons must be from 0 to {most} (Patron cards won), not {got}").format(most=MAX_PATRONS, got=quote(args.patrons)))
    # A deck named is read even when nothing here needs it: a bad one is never ignored.
    needs_deck = args.cards is not None or args.plan is not None or args.deck is not None
    deck = _load_deck(args.deck) if needs_deck else None
    visible: tuple[VisibleSection, ...] | None = None
    if args.cards is not None:
        from ..engine.pier import Pier

        assert deck is not None  # loaded above for --cards
        try:
            pier = Pier.from_notation(card_notation(args.cards, deck), deck)
        except NotationError as exc:
            from ..speech.notices import about

            raise CliError(about("--cards", str(exc))) from None
        visible = pier.visible()
        sections = pier.visible_sections()
    else:
        try:
            text = _read(args.file).removeprefix("\ufeff")  # a BOM is fine
        except (UnicodeDecodeError, OSError) as exc:

            why = _("not UTF-8 text") if isinstance(exc, UnicodeDecodeError) else exc.strerror or str(exc)
            raise CliError(_("{source}: cannot read the pier ({why})").format(source=_source(args.file), why=why)) from None
        try:
            sections = parse_sections(text)
        except NotationError as exc:
            from ..speech.notices import about

            raise CliError(about(_source(args.file), str(exc))) from None
    sheet = score_sections(sections, patrons=args.patrons)
    plan_note = None
    if args.plan is not None:
        assert deck is not None  # loaded above for --plan
        sheet, plan_note = _judge_plan(args, deck, sheet)
    from .errors import need_output

    need_output()  # every input read (a bad one is the error said): only now the closed output
    reasons = None
    if getattr(args, "explain", False):
        from ..engine.explain import explain

        reasons = explain(sections)
    cards = None if visible is None else [v.card for v in visible]
    if args.json:
        if plan_note:
            from ..words import note

            print(note(plan_note), file=sys.stderr)
        if reasons is not None:
            print(_explained_json(sheet, reasons, cards))
            return 0
        # All values are integers, so this is the JSON text (the json module costs start-up time).
        print("{" + ", ".join(f'"{key}": {value}' for key, value in sheet.as_dict().items()) + "}")
        return 0
    print_score(sections, sheet, visible=visible, plan_note=plan_note, reasons=reasons)
    return 0


def _explained_json(sheet: ScoreSheet, reasons: Sequence[Reason], cards: Sequence[Card] | None) -> str:
    """The score's JSON object with an `explain` list: each reason's category, points,
    rule, slots ([section from the land end, 0 left or 1 right]) and sentence."""
    import json

    from ..speech.why import explanation

    data: dict[str, object] = dict(sheet.as_dict())
    data["explain"] = [
        {
            "category": reason.category.value,
            "points": reason.points,
            "why": reason.why.value,
            "slots": [[index, int(side)] for index, side in reason.slots],
            "text": explanation(reason, cards),
        }
        for reason in reasons
    ]
    return json.dumps(data, ensure_ascii=False)


def _source(path: str) -> str:
    """A pier file as its errors name it (`-`: standard input; a path by its head and tail)."""
    from ..engine.text import shorten
    from ..speech.notices import streams

    return streams()["stdin"] if path == "-" else shorten(path)


def _read(path: str) -> str:
    """A pier file's text, or standard input's for `-`: at most MAX_PIER_BYTES, and a
    named file only if it is a regular one (a FIFO or a device is never read)."""
    if path == "-":
        from ..speech.notices import is_closed, streams

        if sys.stdin is None:  # started with standard input closed
            raise OSError(is_closed(streams()["stdin"]))
        raw = sys.stdin.buffer.read(MAX_PIER_BYTES + 1)
        if len(raw) > MAX_PIER_BYTES:
            raise OSError(_("larger than {mib} MiB").format(mib=MAX_PIER_BYTES // 2**20))
    else:
        from ..engine.reading import read_capped

        raw = read_capped(path, MAX_PIER_BYTES)
    return raw.decode("utf-8")


def _load_deck(path: str | None) -> Deck:
    from ..engine.deck import load_deck

    return load_deck(path)


def _judge_plan(args: argparse.Namespace, deck: Deck, sheet: ScoreSheet) -> tuple[ScoreSheet, str]:
    """Add the Plan bonus when its goal is met; say why when it cannot be judged."""
    from .errors import CliError
    from ..engine.goals import goal_met
    from ..engine.outlook import with_plan
    from ..engine.text import quote
    from ..speech.moves import goal_text
    from ..speech.scores import plan_note

    if args.plan not in deck:
        raise CliError(_("--plan: card {card} is not in the deck").format(card=quote(args.plan)))
    plan = deck[args.plan].plan
    if plan.split and args.players is None:
        raise CliError(_("--plan: card {card} has different goals for 2 and 3 players; add --players 2 or 3").format(card=args.plan))
    goal = plan.goal_for(args.players or 2)
    met = goal_met(goal, sheet)
    return (with_plan(sheet, deck[args.plan], met) if met else sheet), plan_note(goal_text(goal), met, plan.bonus)


def print_score(
    sections: Sequence[Section],
    sheet: ScoreSheet,
    *,
    visible: Sequence[VisibleSection] | None = None,
    plan_note: str | None = None,
    reasons: Sequence[Reason] | None = None,
) -> None:
    """The drawn output: the pier (scoring slots highlighted) beside a table of points."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from ..engine.scoring import CATEGORIES
    from ..render import draw_pier
    from ..render.style import category_label
    from ..i18n import _
    from ..speech.scores import visible_characters

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
    # Plain strings only: skipping markup, emoji codes and highlighting keeps start-up quick.
    console = Console(markup=False, emoji=False, highlight=False)
    console.print(layout)
    if plan_note:
        console.print(Text(plan_note, style="italic"))
    if reasons is not None:
        from ..speech.why import explanation

        cards = None if visible is None else [v.card for v in visible]
        console.print(Text(_("Why:"), style="bold"))
        for reason in reasons:  # card names are outside text: plain Text, never markup
            console.print(Text(f"  {explanation(reason, cards)}", style="" if reason.points else "dim"))
    if console.color_system is not None:  # piped, nothing is highlighted: the line would be untrue
        console.print(Text(_("Highlighted characters are the ones scoring."), style="dim"))
