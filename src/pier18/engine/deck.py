"""Reading a deck from TOML (`data/cards.toml` or a file of the player's own).

Every problem becomes one `DeckError` naming the file, the card id and the field.
"""

from __future__ import annotations

import hashlib
import tomllib
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from .cards import DEFAULT_PLAN_BONUS, Card, Plan
from .characters import Section
from .characters import Character
from ..i18n import _, ngettext
from .deck_file import MAX_DECK_BYTES, read_deck_bytes
from .deck_file import default_deck_path as default_deck_path  # where the engine names it
from .errors import DeckError
from .goals import GOAL_KINDS, Goal, GoalKind
from .reading import read_capped
from .text import name_key, printable, printable_name, quote, shorten

DECK_SIZE = 18
#: Makes the DeckError for a field of the card being read: fail(field, message).
Fail = Callable[[str, str], DeckError]

#: Upper bounds on the numbers a deck may give, well above the shipped deck's (4 sections
#: a card, bonuses up to 9, goal numbers up to 23, version 5) and at or above anything a
#: game can reach: with them no deck can make a game slow or a sum overflow a float.
MAX_SECTIONS = 12
MAX_BONUS = 50
MAX_GOAL_NUMBER = 999  # 18 cards of 12 sections show at most 432 characters
MAX_VERSION = 9999
#: How long a card's name and a goal's text may be, in characters with a wide one (CJK,
#: most emoji) counted as two, as a terminal draws them: twice the shipped deck's longest
#: name (16) and half again its longest goal (43). Every screen is laid out for texts
#: this long (at 100 columns a name keeps its card's drawing and the Plan goals their
#: column in `pier18 cards`); a longer one (10,000 characters) would push the rest away.
MAX_NAME_LENGTH = 32
MAX_GOAL_TEXT_LENGTH = 64
_DAYS_IN_MONTH = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


class Deck(Mapping[int, Card]):
    """The 18 cards of a game, by id."""

    def __init__(self, cards: list[Card], source: str = "<deck>", digest: str = "", version: int = 1) -> None:
        self._cards = {card.id: card for card in cards}
        self.version = version  # the deck file's `version` (1 when it gives none)
        self.source = source
        self.digest = digest

    def __getitem__(self, card_id: int) -> Card:
        return self._cards[card_id]

    def __iter__(self) -> Iterator[int]:
        return iter(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def cards(self) -> list[Card]:
        return list(self._cards.values())


def is_default_deck(deck: Deck) -> bool:
    """Whether `deck` is the game's own deck (by its sha256): a command needs no --deck."""
    return deck.digest == _default_digest()


@cache
def _default_digest() -> str:
    try:
        return hashlib.sha256(read_capped(default_deck_path(), MAX_DECK_BYTES)).hexdigest()
    except OSError:
        return ""  # no shipped deck to compare with: every deck needs its --deck


def deck_file(deck: Deck) -> Path | None:
    """The file holding exactly this deck (its sha256 checked), as an absolute path a
    command line can name from any folder; None when no file does (a deck that came
    from a host, or a file edited since the game began)."""
    path = Path(deck.source)
    try:
        if hashlib.sha256(read_capped(path, MAX_DECK_BYTES)).hexdigest() == deck.digest:
            return path.absolute()
    except (OSError, ValueError):  # ValueError: a path the system cannot take
        pass
    return None


def load_deck(path: str | Path | None = None) -> Deck:
    """Load and check a deck file; the default is the game's own deck."""
    path = Path(path) if path is not None else default_deck_path()
    return deck_from_bytes(read_deck_bytes(path, shorten(path)), path)


def deck_from_bytes(raw: bytes, path: Path) -> Deck:
    """Check and build the deck read from the file `path` (its bytes, `raw`)."""
    where = shorten(path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise DeckError(_("{deck}: the deck file is not UTF-8 text").format(deck=where)) from None
    return parse_deck(read_toml(text, where), str(path), hashlib.sha256(raw).hexdigest(), where)


def read_toml(text: str, where: str) -> dict[str, Any]:
    """A deck's TOML text as data; anything TOML refuses is one DeckError naming `where`.

    `where` is what the person reading the error knows the deck as: a deck file, or the
    record or host it came inside. A byte-order mark is allowed, as editors write one.
    """
    try:
        return tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError as exc:  # its line numbers count "\n" only, as editors do
        raise DeckError(_("{deck}: not valid TOML: {reason}").format(deck=where, reason=exc)) from None
    except RecursionError:
        raise DeckError(_("{deck}: not valid TOML: nested too deeply").format(deck=where)) from None
    except ValueError:  # Python refuses to read an integer of thousands of digits
        raise DeckError(_("{deck}: not valid TOML: a number far too long").format(deck=where)) from None


def parse_deck(data: Mapping[str, Any], source: str = "<deck>", digest: str = "", where: str | None = None) -> Deck:
    """Build a deck from already-parsed TOML data.

    Any value of any type may stand anywhere: every wrong one is a DeckError naming
    `where` (by default the file, `source`), the card and the field. Text that is shown
    (names, goal texts) is made printable here, once. Two cards may not share a name, as
    `name_key` compares names: nobody could tell them apart or name one of them.
    """
    where = shorten(source) if where is None else where
    raw_cards = data.get("cards") if isinstance(data, Mapping) else None
    if not isinstance(raw_cards, list) or not raw_cards:
        raise DeckError(_("{deck}: no [[cards]] tables found").format(deck=where))
    _no_stray_keys(data, DECK_FIELDS, "", lambda field, message: DeckError(_field_error(where, field, message)))
    cards: list[Card] = []
    seen_dates: dict[str, int] = {}
    seen_names: dict[str, Card] = {}
    seen_texts: set[str] = set()
    for index, raw in enumerate(raw_cards, start=1):
        card = _parse_card(raw, where, index)
        if any(c.id == card.id for c in cards):
            raise DeckError(_field_error(_card_place(where, card.id), "id", _("the id is used twice")))
        if card.date in seen_dates:
            raise DeckError(_field_error(
                _card_place(where, card.id), "date",
                _("{date} is also the date of card {card}").format(date=card.date, card=seen_dates[card.date]),
            ))
        seen_dates[card.date] = card.id
        twin = seen_names.setdefault(name_key(card.name), card)
        if twin is not card:
            if twin.name == card.name:
                said = _("{name} is also the name of card {card}").format(name=quote(card.name), card=twin.id)
            else:
                said = _("{name} is also the name of card {card} (as {other}; case and spacing do not tell names apart)").format(
                    name=quote(card.name), card=twin.id, other=quote(twin.name)
                )
            raise DeckError(_field_error(_card_place(where, card.id), "name", said))
        for goal in {card.plan.two, card.plan.three}:
            if goal.text in seen_texts:
                raise DeckError(_field_error(
                    _card_place(where, card.id), "plan", _("goal text {text} is used twice").format(text=quote(goal.text))
                ))
            seen_texts.add(goal.text)
        cards.append(card)
    if len(cards) != DECK_SIZE:
        raise DeckError(ngettext(
            "{deck}: the deck has {count} card; Pier 18 needs {size}", "{deck}: the deck has {count} cards; Pier 18 needs {size}", len(cards)
        ).format(deck=where, count=len(cards), size=DECK_SIZE))
    missing = sorted(set(range(1, DECK_SIZE + 1)) - {c.id for c in cards})
    if missing:
        raise DeckError(_("{deck}: card ids must be 1 to {size}; missing {card}").format(deck=where, size=DECK_SIZE, card=missing[0]))
    version = data.get("version", 1)
    if not _whole(version, 1, MAX_VERSION):
        raise DeckError(_field_error(where, "version", _whole_number_error(1, MAX_VERSION, version)))
    return Deck(sorted(cards, key=lambda c: c.id), source, digest, version)


def _card_place(deck: str, card: int) -> str:
    """Where in the deck a problem is: "FILE: card 7"."""
    return _("{deck}: card {card}").format(deck=deck, card=card)


def _field_error(where: str, field: str, message: str) -> str:
    """A problem with one field: "FILE: card 7: field 'date': MESSAGE"."""
    return _("{where}: field '{field}': {message}").format(where=where, field=field, message=message)


def _whole_number_error(low: int, high: int, value: Any) -> str:
    return _("expected a whole number from {low} to {high}, not {value}").format(low=low, high=high, value=quote(value))


def _parse_card(raw: Any, source: str, index: int) -> Card:
    if not isinstance(raw, Mapping):
        raise DeckError(_("{deck}: card #{index}: not a table").format(deck=source, index=index))
    card_id = raw.get("id")
    if not isinstance(card_id, int) or isinstance(card_id, bool) or not 1 <= card_id <= DECK_SIZE:
        raise DeckError(_("{deck}: card #{index}: field 'id': expected a whole number from 1 to {size}").format(
            deck=source, index=index, size=DECK_SIZE
        ))
    where = _card_place(source, card_id)

    def fail(field_name: str, message: str) -> DeckError:
        return DeckError(_field_error(where, field_name, message))

    _no_stray_keys(raw, CARD_FIELDS, "", fail)

    name = raw.get("name")
    name = printable_name(name) if isinstance(name, str) else None  # made printable here, once
    if not name:
        raise fail("name", _("expected a non-empty string"))
    _check_length(name, MAX_NAME_LENGTH, "name", fail)
    date = raw.get("date")
    if not isinstance(date, str) or not _valid_date(date):
        raise fail("date", _("expected a date as \"MM-DD\", got {value}").format(value=quote(date)))
    patrons = raw.get("patron")
    if isinstance(patrons, str):
        patrons = [patrons]
    if not isinstance(patrons, list) or not 1 <= len(patrons) <= 2:
        raise fail("patron", _("expected a list of one or two characters"))
    patron_chars = tuple(_character(p, lambda m: fail("patron", m)) for p in patrons)
    if len(set(patron_chars)) != len(patron_chars):
        raise fail("patron", _("the same character is listed twice"))
    sections = raw.get("sections")
    if not isinstance(sections, list) or len(sections) < 2:
        raise fail("sections", _("expected a list of at least two [left, right] sections"))
    if len(sections) > MAX_SECTIONS:
        raise fail("sections", _("{count} sections; a card has at most {most}").format(count=len(sections), most=MAX_SECTIONS))
    parsed_sections: list[Section] = []
    for number, section in enumerate(sections, start=1):
        if not isinstance(section, list) or len(section) != 2:
            raise fail("sections", _("section {number} must be a [left, right] pair").format(number=number))
        left, right = (
            None if slot == "" else _character(
                slot, lambda m: fail("sections", _("section {number}: {problem}").format(number=number, problem=m))
            )
            for slot in section
        )
        parsed_sections.append((left, right))
    plan = _parse_plan(raw.get("plan"), fail)
    return Card(card_id, name, date, patron_chars, tuple(parsed_sections), plan)


#: The fields of a card, of its Plan and of the deck file: a key outside them is a typo
#: (`bonsu = 9` would otherwise leave the bonus at its default without a word).
CARD_FIELDS = ("id", "name", "date", "patron", "sections", "plan")
PLAN_FIELDS = ("bonus", "goal", "two", "three")
DECK_FIELDS = ("version", "cards")


def _no_stray_keys(raw: Mapping[Any, Any], known: tuple[str, ...], prefix: str, fail: Fail) -> None:
    for key in raw:
        if key not in known:
            shown = printable(str(key))
            shown = shown if len(shown) <= 40 else shown[:39] + "…"
            raise fail(f"{prefix}.{shown}" if prefix else shown, _("not a field here (the fields: {fields})").format(fields=", ".join(known)))


def _parse_plan(raw: Any, fail: Fail) -> Plan:
    if not isinstance(raw, Mapping):
        raise fail("plan", _("expected a [cards.plan] table"))
    _no_stray_keys(raw, PLAN_FIELDS, "plan", fail)
    bonus = raw.get("bonus", DEFAULT_PLAN_BONUS)
    if not _whole(bonus, 0, MAX_BONUS):
        raise fail("plan.bonus", _("expected a whole number of points from 0 to {high}, not {value}").format(
            high=MAX_BONUS, value=quote(bonus)
        ))
    if "goal" in raw:
        if "two" in raw or "three" in raw:
            raise fail("plan", _("give either `goal` or both `two` and `three`, not both"))
        goal = _parse_goal(raw["goal"], "plan.goal", fail)
        return Plan(goal, goal, bonus)
    if "two" in raw and "three" in raw:
        return Plan(_parse_goal(raw["two"], "plan.two", fail), _parse_goal(raw["three"], "plan.three", fail), bonus)
    raise fail("plan", _("expected `goal`, or both `two` and `three`"))


def _parse_goal(raw: Any, field_name: str, fail: Fail) -> Goal:
    if not isinstance(raw, Mapping):
        raise fail(field_name, _("expected a table such as {{text = \"...\", kind = \"count\", ...}}").format())
    text, kind = raw.get("text"), raw.get("kind")
    text = printable_name(text) if isinstance(text, str) else None
    if not text:
        raise fail(f"{field_name}.text", _("expected the goal's text"))
    _check_length(text, MAX_GOAL_TEXT_LENGTH, f"{field_name}.text", fail)
    if not isinstance(kind, str) or kind not in GOAL_KINDS:
        raise fail(f"{field_name}.kind", _("unknown goal kind {kind} (known: {kinds})").format(
            kind=quote(kind), kinds=", ".join(GOAL_KINDS)
        ))
    spec = GOAL_KINDS[kind]
    allowed = {"text", "kind", *spec.required, *spec.optional}
    for key in raw:
        if key not in allowed:
            raise fail(field_name, _("{setting} is not a setting of goal kind {kind}").format(setting=quote(key), kind=repr(kind)))
    for key in spec.required:
        if key not in raw:
            raise fail(f"{field_name}.{key}", _("goal kind {kind} needs it").format(kind=repr(kind)))
    if spec.bound_needed and "at_least" not in raw and "at_most" not in raw:
        raise fail(field_name, _("goal kind {kind} needs at_least or at_most").format(kind=repr(kind)))
    values: dict[str, Any] = {}
    for key in ("character", "category"):
        if key in raw:
            values[key] = _character(raw[key], lambda m: fail(f"{field_name}.{key}", m))
    for key in ("at_least", "at_most"):
        if key in raw:
            value = raw[key]
            if not _whole(value, 0, MAX_GOAL_NUMBER):
                raise fail(f"{field_name}.{key}", _whole_number_error(0, MAX_GOAL_NUMBER, value))
            values[key] = value
    if values.get("at_least", 0) > values.get("at_most", values.get("at_least", 0)):
        raise fail(field_name, _("at_least is more than at_most: the goal could never be met"))
    return Goal(kind=GoalKind(kind), text=text, **values)


def _character(value: Any, fail: Callable[[str], DeckError]) -> Character:
    if isinstance(value, str):
        try:
            return Character(value)
        except ValueError:
            pass
    names = ", ".join(c.value for c in Character)
    raise fail(_("unknown character {value} (use one of {names})").format(value=quote(value), names=names))


def text_length(text: str) -> int:
    """How long `text` is against the deck's limits: a character each, a wide one (East
    Asian Wide or Fullwidth: CJK, most emoji) two, as a terminal draws it. A combining
    mark counts one too, so a pile of them on one letter is long, not free."""
    if text.isascii():
        return len(text)
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _check_length(text: str, limit: int, field_name: str, fail: Fail) -> None:
    """A card's name (field `name`) or a goal's text (any other field) no longer than `limit`."""
    length = text_length(text)
    if length > limit:
        if field_name == "name":
            message = _("{length} characters long; a card's name has at most {limit} (a wide character counts as two)")
        else:
            message = _("{length} characters long; a goal's text has at most {limit} (a wide character counts as two)")
        raise fail(field_name, message.format(length=length, limit=limit))



def _whole(value: Any, low: int, high: int) -> bool:
    """Whether `value` is an integer (not a bool) from `low` to `high`."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _valid_date(text: str) -> bool:
    parts = text.split("-")
    if len(parts) != 2 or not all(len(p) == 2 and p.isascii() and p.isdigit() for p in parts):
        return False
    month, day = int(parts[0]), int(parts[1])
    return 1 <= month <= 12 and 1 <= day <= _DAYS_IN_MONTH[month - 1]
