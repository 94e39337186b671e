"""`pier18 score`: score a pier built on a real table (`pier18.app.scoring`).

The `--json` path imports neither Rich nor Textual; the drawn output imports Rich only.
"""

from __future__ import annotations

import argparse
import sys

from ..app.scoring import as_json, score_pier
from ..engine.sizes import TABLE_SIZES
from ..i18n import _
from ..speech.notices import prog_line
from .errors import need_output
from .parser import Commands, add_deck_option, file_name


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


def run(args: argparse.Namespace) -> int:
    scored = score_pier(file=args.file, cards=args.cards, patrons=args.patrons, plan=args.plan,
                        players=args.players, deck_path=args.deck, explained=args.explain)
    need_output()  # every input read (a bad one is the error said): only now the closed output
    if args.json:
        if scored.plan_note:
            print(prog_line(_("note: {text}").format(text=scored.plan_note)), file=sys.stderr)
        print(as_json(scored))
        return 0
    from ..render.score_sheet import print_score  # Rich: only the drawn score needs it

    print_score(scored.sections, scored.sheet, visible=scored.visible, plan_note=scored.plan_note, reasons=scored.reasons)
    return 0
