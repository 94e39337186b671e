"""Scoring a pier built on a real table (`pier18 score`): read it from a file or from
card names, score it, judge a Plan, explain it. Bad input is a Pier18Error (one line)."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.cards import Card
from ..engine.characters import Section
from ..engine.deck import DECK_SIZE, Deck, load_deck
from ..engine.errors import NotationError, Pier18Error
from ..engine.explain import Reason, explain
from ..engine.goals import goal_met
from ..engine.notation import parse_sections
from ..engine.outlook import with_plan
from ..engine.pier import Pier, VisibleSection
from ..engine.reading import read_capped
from ..engine.scoring import ScoreSheet, score_sections
from ..engine.text import printable, quote, shorten
from ..i18n import _
from ..speech.moves import goal_text
from ..speech.notices import about, is_closed, streams
from ..speech.scores import plan_note as plan_sentence
from ..speech.why import explanation

#: A pier written out is a few hundred bytes; a file or standard input longer than this
#: is refused without reading the rest (it could be /dev/zero).
MAX_PIER_BYTES = 2**20
#: No game has more Patron cards than the deck has cards.
MAX_PATRONS = DECK_SIZE


@dataclass(frozen=True)
class Scored:
    """A pier scored: its sections, the sheet (with the Plan's bonus when met), the cards
    when they were named (`--cards`), the sentence about the Plan, and the reasons."""

    sections: Sequence[Section]
    sheet: ScoreSheet
    visible: tuple[VisibleSection, ...] | None = None
    plan_note: str | None = None
    reasons: Sequence[Reason] | None = None

    @property
    def cards(self) -> list[Card] | None:
        return None if self.visible is None else [v.card for v in self.visible]


def score_pier(
    *, file: str | None, cards: str | None, patrons: int = 0, plan: int | None = None,
    players: int | None = None, deck_path: str | None = None, explained: bool = False,
) -> Scored:
    """Score the pier in `file` (`-`: standard input) or named by `cards`, exactly one."""
    if (file is None) == (cards is None):
        raise Pier18Error(_("score: give a pier file (or - for standard input), or --cards IDS, but not both"))
    if not 0 <= patrons <= MAX_PATRONS:  # a huge count would even be too long to print
        raise Pier18Error(_("score: --patrons must be from 0 to {most} (Patron cards won), not {got}").format(most=MAX_PATRONS, got=quote(patrons)))
    # A deck named is read even when nothing here needs it: a bad one is never ignored.
    deck = load_deck(deck_path) if cards is not None or plan is not None or deck_path is not None else None
    visible: tuple[VisibleSection, ...] | None = None
    if cards is not None:
        assert deck is not None  # loaded above for --cards
        try:
            pier = Pier.from_notation(card_notation(cards, deck), deck)
        except NotationError as exc:
            raise Pier18Error(about("--cards", str(exc))) from None
        visible = pier.visible()
        sections: Sequence[Section] = pier.visible_sections()
    else:
        assert file is not None
        try:
            text = _read(file).removeprefix("\ufeff")  # a BOM is fine
        except (UnicodeDecodeError, OSError) as exc:
            why = _("not UTF-8 text") if isinstance(exc, UnicodeDecodeError) else exc.strerror or str(exc)
            raise Pier18Error(_("{source}: cannot read the pier ({why})").format(source=_source(file), why=why)) from None
        try:
            sections = parse_sections(text)
        except NotationError as exc:
            raise Pier18Error(about(_source(file), str(exc))) from None
    sheet = score_sections(sections, patrons=patrons)
    note = None
    if plan is not None:
        assert deck is not None  # loaded above for --plan
        sheet, note = _judge_plan(plan, players, deck, sheet)
    return Scored(sections, sheet, visible, note, explain(sections) if explained else None)


def as_json(scored: Scored) -> str:
    """The score as one JSON object; with reasons, an `explain` list: each reason's
    category, points, rule, slots ([section from the land end, 0 left or 1 right]) and sentence."""
    data: dict[str, object] = dict(scored.sheet.as_dict())
    if scored.reasons is not None:
        data["explain"] = [
            {
                "category": reason.category.value,
                "points": reason.points,
                "why": reason.why.value,
                "slots": [[index, int(side)] for index, side in reason.slots],
                "text": explanation(reason, scored.cards),
            }
            for reason in scored.reasons
        ]
    return json.dumps(data, ensure_ascii=False)


def _card_id(token: str, deck: Deck) -> str | None:
    """One `--cards` token as `ID` or `ID:K`: a card id, a name or the start of one
    (any case); None if it is not a card. NotationError if it could be several."""
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
    name, colon, cover = token.rpartition(":") if ":" in token else (token, "", "")
    if colon and not cover.strip().isdigit():
        return False
    wanted = " ".join(printable(name).lower().split())
    return any(card.name.lower() == wanted for card in deck.values())


def _source(path: str) -> str:
    """A pier file as its errors name it (`-`: standard input; a path by its head and tail)."""
    return streams()["stdin"] if path == "-" else shorten(path)


def _read(path: str) -> str:
    """A pier file's text, or standard input's for `-`: at most MAX_PIER_BYTES, and a
    named file only if it is a regular one (a FIFO or a device is never read)."""
    if path == "-":
        if sys.stdin is None:  # started with standard input closed
            raise OSError(is_closed(streams()["stdin"]))
        raw = sys.stdin.buffer.read(MAX_PIER_BYTES + 1)
        if len(raw) > MAX_PIER_BYTES:
            raise OSError(_("larger than {mib} MiB").format(mib=MAX_PIER_BYTES // 2**20))
    else:
        raw = read_capped(path, MAX_PIER_BYTES)
    return raw.decode("utf-8")


def _judge_plan(card: int, players: int | None, deck: Deck, sheet: ScoreSheet) -> tuple[ScoreSheet, str]:
    """Add the Plan bonus when its goal is met; say why when it cannot be judged."""
    if card not in deck:
        raise Pier18Error(_("--plan: card {card} is not in the deck").format(card=quote(card)))
    plan = deck[card].plan
    if plan.split and players is None:
        raise Pier18Error(_("--plan: card {card} has different goals for 2 and 3 players; add --players 2 or 3").format(card=card))
    goal = plan.goal_for(players or 2)
    met = goal_met(goal, sheet)
    return (with_plan(sheet, deck[card], met) if met else sheet), plan_sentence(goal_text(goal), met, plan.bonus)
