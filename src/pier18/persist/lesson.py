"""The guided first game's script (`pier18 learn`), read from a data file, and where the
lesson is saved.

The script is data (`data/lesson.toml`, or `pier18 learn --script FILE`): the deal as a
list of card ids, the rival bot, and the steps, each shown at one moment of the game
(set-up, a round's pick or cover, the Plan) with the choice it suggests. Its shape is
checked when it is read: anything wrong is one `LessonError` line naming the file, the
step and the field. Whether a suggestion is legal where the game stands is the
engine's answer (`PlayerView.legal`), asked while the lesson is played.

The script is also the lesson's judge, for every front end (the app and plain lines):
the step of a moment (`Script.step_at`), the suggestion it shows (`shown_suggestion`),
whether a move is refused (`refusal`), how far the lesson has come (`steps_done`), and
a step's words (`step_words`).

The lesson is a game like any other: a `Session` with a `Deal` given as data, autosaved
by `autosave.Autosaving` to a file of its own (`lesson_save()`), outside the games
folder, so `pier18 play` and `pier18 games` never offer it as one of the saved games.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import i18n
from ..bots.seats import HUMAN, LEVELS, seat_names
from ..engine import Decision, Deck, Draft, Keep, Phase, PlacePlan, PlayerView, TableView, load_deck
from ..engine.errors import Pier18Error
from ..engine.game import HAND_SIZE, Deal, pile_size
from ..engine.reading import read_capped
from ..engine.text import printable, quote, shorten
from ..i18n import _
from ..speech.scores import MEASURE
from ..speech.why import lesson_part
# Where the lesson is kept, and the offer of it: a module of their own (`pier18 play` asks before its first paint).
from ..session import Session
from .autosave import load_saved
from .offer import first_time_offer as first_time_offer, lesson_dir as lesson_dir, lesson_save as lesson_save

if TYPE_CHECKING:
    from ..bots import Bot

#: The lesson is a game of two: the learner (seat 0) and one bot.
LESSON_PLAYERS = 2
LEARNER_SEAT = 0
#: A script is a few KiB; a file longer than this is refused without reading the rest.
MAX_SCRIPT_BYTES = 2**18
#: The moments a step may be shown at, and the suggestion each one names.
MOMENTS: dict[str, tuple[str, ...]] = {
    "keep": ("plan", "foundation"),
    "pick": ("card", "cover"),
    "cover": ("cover",),
    "plan": ("cover",),
}
_COMMON = ("at", "title", "text", "need", "round")
_TOP = ("version", "bot", "bot_seed", "deal", "step")
#: The most sections a card may cover (a card has at most this many more).
_MAX_COVER = 99


class LessonError(Pier18Error):
    """A lesson script that cannot be used; the message names the file, step and field."""


def default_script_path() -> Path:
    """The script shipped with the game: inside the package, or in a source checkout."""
    packaged = Path(__file__).resolve().parent.parent / "data" / "lesson.toml"
    if packaged.is_file():
        return packaged
    return Path(__file__).resolve().parents[3] / "data" / "lesson.toml"


@dataclass(frozen=True)
class Step:
    """One step: shown at `at` (in round `round` for a pick or a cover), with its words
    and the choice it suggests; `need`: no other choice is taken."""

    number: int  # from 1, in the file's order
    at: str
    round: int  # 0 for set-up and the Plan
    title: str
    text: str  # paragraphs, "\n\n" between them, each one line (the screen wraps it)
    plan: int | None = None
    foundation: int | None = None
    card: int | None = None
    cover: int | None = None
    need: bool = False

    @property
    def order(self) -> tuple[int, int]:
        """Where the moment comes in a game: set-up, each round's pick then cover, the Plan."""
        if self.at == "keep":
            return (0, 0)
        if self.at == "plan":
            return (_MAX_COVER + 1, 0)
        return (self.round, 1 if self.at == "pick" else 2)


@dataclass(frozen=True)
class Script:
    where: str  # the file, as an error names it
    deal: Deal
    bot: str
    bot_seed: int
    steps: tuple[Step, ...]

    def step(self, at: str, round_: int = 0) -> Step | None:
        """The step shown at this moment, if there is one."""
        return next((s for s in self.steps if s.at == at and s.round == round_), None)

    def keep(self) -> Keep | None:
        """The set-up choice the script suggests (a whole one: both cards), if any."""
        step = self.step("keep")
        if step is None or step.plan is None or step.foundation is None:
            return None
        return Keep(step.plan, step.foundation)

    def draft(self, round_: int) -> Draft | None:
        """The draft the script suggests in a round (a whole one: the card and its cover,
        from the round's pick step and its cover step), if any."""
        pick, cover = self.step("pick", round_), self.step("cover", round_)
        covers = cover.cover if cover is not None and cover.cover is not None else pick.cover if pick else None
        if pick is None or pick.card is None or covers is None:
            return None
        return Draft(pick.card, covers)

    def on_path(self, view: PlayerView) -> bool:
        """Whether every decision `view`'s seat made so far is the one the script
        suggested: the game is then the designed one (the bot decides the same from the
        same position), where each suggestion was checked against the judge. A round the
        script suggests nothing in ends the designed path."""
        if view.phase is Phase.SETUP:
            return True
        keep = self.keep()
        placements = view.piers[view.seat].placements
        if keep is None or view.plans[view.seat] != keep.plan or not placements:
            return False
        if placements[0].card.id != keep.foundation:
            return False
        for round_, placed in enumerate(placements[1 : view.round if view.phase is Phase.DRAFT else None], start=1):
            if self.draft(round_) != Draft(placed.card.id, placed.cover):
                return False
        return True

    def step_at(self, at: str, view: PlayerView) -> Step | None:
        """The step of the moment `at` where `view` stands (a pick's or a cover's in the
        view's round), if the script has one."""
        return self.step(at, view.round if at in ("pick", "cover") else 0)

    def shown_suggestion(self, view: PlayerView, card: int | None = None) -> Decision | None:
        """The suggestion a step shows where `view` stands; at a cover, `card` is the card
        being placed: a suggestion for another card is no answer to how much this one
        covers, so the step then suggests nothing."""
        suggestion = self.suggestion(view)
        if card is not None and isinstance(suggestion, Draft) and suggestion.card != card:
            return None
        return suggestion

    def refuses_card(self, view: PlayerView, card: int) -> Draft | None:
        """The suggestion the round's pick step needs, when it needs one and `card` is
        another card (the learner is told what to do instead); None: the card may be taken."""
        suggestion = self.suggestion(view)
        step = self.step_at("pick", view)
        if step is not None and step.need and isinstance(suggestion, Draft) and card != suggestion.card:
            return suggestion
        return None

    def refusal(self, view: PlayerView, decision: Decision) -> tuple[Decision, str] | None:
        """The suggestion a step needs instead of `decision`, and the moment whose step
        needs it (`speech.why.lesson_refused` words the two), or None: `decision` is taken.

        A step that needs its suggestion refuses any other choice; a cover step only when
        the card is the suggested one (the card itself was the pick step's to need)."""
        if isinstance(decision, Draft):
            card = self.refuses_card(view, decision.card)
            if card is not None:
                return card, "pick"
        at = moment(decision)
        step = self.step_at(at, view)
        if at == "cover" and step is None:
            step = self.step_at("pick", view)
        suggestion = self.suggestion(view)
        if step is None or suggestion is None or not step.need or decision == suggestion:
            return None
        if isinstance(decision, Draft) and isinstance(suggestion, Draft):
            if step.at != "pick" and decision.card != suggestion.card:
                return None
        return suggestion, at

    def steps_done(self, table: TableView, seat: int = LEARNER_SEAT) -> int:
        """How many steps come before the decision `seat` makes next (the steps of the
        moments it has passed), from the table's view: where the lesson stands."""
        made = sum(1 for maker, _decision in table.history if maker == seat)
        if made == 0:
            now = (0, 0)
        elif table.phase is Phase.DRAFT:
            now = (made, 1)  # the set-up and made - 1 drafts behind: round `made`'s pick next
        elif table.phase is Phase.PLAN and made == table.total_rounds + 1:
            now = (_MAX_COVER + 1, 0)  # the Plan to place
        else:
            now = (_MAX_COVER + 2, 0)  # every moment passed
        return sum(1 for step in self.steps if step.order < now)

    def suggestion(self, view: PlayerView) -> Decision | None:
        """The script's whole choice (both cards, or the card and its cover, or the
        Plan's cover) for the decision `view`'s seat is to make now, if the script names
        one, the game is still the designed one (`on_path`) and the engine finds it legal
        there. None otherwise: the learner went another way, where the script's choice
        may be a poor one and the hint (`h`) is the guide, or the script suggests
        nothing here."""
        decision: Decision | None = None
        if view.phase is Phase.SETUP:
            decision = self.keep()
        elif view.phase is Phase.DRAFT:
            decision = self.draft(view.round)
        elif view.phase is Phase.PLAN:
            step = self.step("plan")
            if step is not None and step.cover is not None:
                decision = PlacePlan(step.cover)
        if decision is None or decision not in view.legal or not self.on_path(view):
            return None
        return decision


def _at(where: str, step: int | None) -> str:
    return _("{where}: step {step}").format(where=where, step=step) if step is not None else where


def _cannot_read(where: str, reason: str | None, limit: int) -> str:
    """A lesson script that cannot be read (missing, not a file, too big, not UTF-8)."""
    why = reason if reason is not None else _("the file is not UTF-8 text")
    return _("{where}: cannot read the lesson script ({why}; a script is a text file under {kib} KiB)").format(
        where=where, why=why, kib=limit // 1024
    )


def _unknown_field(where: str, step: int | None, field: str, allowed: Sequence[str]) -> str:
    return _("{where}: unknown field {field} (fields here: {allowed})").format(
        where=_at(where, step), field=field, allowed=", ".join(allowed)
    )


def _missing(where: str, step: int | None, field: str) -> str:
    return _("{where}: the field '{field}' is missing").format(where=_at(where, step), field=field)


def _wants(name: str) -> str:
    """What each field of a lesson script must be (and each kind of value, by type name)."""
    a_card = _("a card id of the deck")
    some_words = _("some words")
    return {
        "version": "1",
        "bot": _("random, greedy or hard"),
        "bot_seed": _("a whole number from 0"),
        "step": _("a table of fields"),
        "at": _("keep, pick, cover or plan"),
        "round": _("a round of the game (1 to 4)"),
        "title": some_words,
        "text": some_words,
        "plan": a_card,
        "foundation": a_card,
        "card": a_card,
        "cover": _("a number of sections"),
        "int": _("a whole number"),
        # TRANSLATORS: a value's expected type, in 'field x: expected text'
        "str": _("text"),
        "list": _("a list"),
        "bool": _("true or false"),
    }[name]


def _bad_field(where: str, step: int | None, field: str, got: str, kind: str | None = None) -> str:
    """A field of a lesson script with a value it may not have (`kind`: of the wrong type)."""
    return _("{where}: '{field}' must be {wanted}, got {got}").format(
        where=_at(where, step), field=field, wanted=_wants(kind or field), got=got
    )


def lesson_task(deck: Deck, suggestion: Decision | None, need: bool, at: str) -> str:
    """What the step asks for: the suggested choice, or, when the step needs it, the only one."""
    if suggestion is None:
        return lesson_any_choice(at)
    what = lesson_part(deck, suggestion, at)
    if need:
        return _("This step needs one choice: {what}. Other choices are refused here.").format(what=what)
    return _(
        "Try this: {what}, to see this step's idea at work; h names the best move by {measure}. "
        "Any other choice is fine too: you will see what each one scores."
    ).format(what=what, measure=_(MEASURE))


def lesson_any_choice(at: str) -> str:
    """What a step asks for when the script suggests nothing where the game now is."""
    if at == "keep":
        return _("Choose any two of your cards: one as your Plan, one as your Foundation (h names the best).")
    if at == "pick":
        return _("Choose any card of the row (h names the best).")
    if at == "cover":
        return _("Choose how much the card covers (h names the best).")
    if at == "plan":
        return _("Choose how much your Plan card covers (h names the best).")
    raise KeyError(at)



def step_words(step: Step, steps: int, deck: Deck, suggestion: Decision | None) -> tuple[str, str, str]:
    """A step as the learner reads it, in the language spoken: its head ('Step 2 of 9:
    ...'), its text (paragraphs, a blank line between them) and what it asks for
    (`suggestion`: as `Script.shown_suggestion` gives it). A script of one's own that the
    catalog does not know stays as written."""
    head = _("Step {number} of {steps}: {title}").format(number=step.number, steps=steps, title=i18n.pgettext("lesson", step.title))
    task = lesson_task(deck, suggestion, step.need and suggestion is not None, step.at)
    return head, i18n.pgettext("lesson", step.text), task


def moment(decision: Decision) -> str:
    """The moment a decision is made at: set-up ('keep'), a draft ('cover': the card and
    how much it covers, made whole) or the Plan ('plan')."""
    return "keep" if isinstance(decision, Keep) else "cover" if isinstance(decision, Draft) else "plan"


def load_script(deck: Deck, path: Path | None = None) -> Script:
    """Read and check a lesson script (the game's own by default) for `deck`."""
    path = path or default_script_path()
    where = shorten(path)
    try:
        raw = read_capped(path, MAX_SCRIPT_BYTES)
        text = raw.decode("utf-8")
    except OSError as exc:
        raise LessonError(_cannot_read(where, exc.strerror or str(exc), MAX_SCRIPT_BYTES)) from None
    except UnicodeDecodeError:
        raise LessonError(_cannot_read(where, None, MAX_SCRIPT_BYTES)) from None
    try:
        data = tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError as exc:
        raise LessonError(_("{where}: the lesson script is not valid TOML: {reason}").format(
            where=where, reason=printable(str(exc)) or _("nested too deeply, or a number far too long")
        )) from None
    except (RecursionError, ValueError):
        raise LessonError(_("{where}: the lesson script is not valid TOML: {reason}").format(
            where=where, reason=_("nested too deeply, or a number far too long")
        )) from None
    return parse_script(data, deck, where)


def parse_script(data: Mapping[str, Any], deck: Deck, where: str) -> Script:
    """The script's data checked field by field: LessonError at the first problem."""
    for key in data:
        if key not in _TOP:
            raise LessonError(_unknown_field(where, None, quote(key), _TOP))
    version = _field(data, "version", where, None, int)
    if version != 1:
        raise LessonError(_bad_field(where, None, "version", quote(version)))
    bot = _field(data, "bot", where, None, str)
    if bot not in LEVELS:
        raise LessonError(_bad_field(where, None, "bot", quote(bot)))
    bot_seed = _field(data, "bot_seed", where, None, int)
    if not 0 <= bot_seed < 2**63:
        raise LessonError(_bad_field(where, None, "bot_seed", quote(bot_seed)))
    order = _field(data, "deal", where, None, list)
    if not all(type(card) is int for card in order) or sorted(order) != sorted(deck):
        raise LessonError(_("{where}: 'deal' must list every card id of the deck once ({cards} ids)").format(where=where, cards=len(deck)))
    deal = Deal(tuple(order), tuple(range(pile_size(deck, LESSON_PLAYERS))))
    raw_steps = _field(data, "step", where, None, list)
    if not raw_steps:
        raise LessonError(_("{where}: the lesson script has no [[step]]").format(where=where))
    steps = tuple(_step(raw, number, deck, where) for number, raw in enumerate(raw_steps, start=1))
    for earlier, later in zip(steps, steps[1:]):
        if later.order == earlier.order:
            raise LessonError(_("{where}: step {step} is shown at the same moment as step {earlier}: one step per moment").format(
                where=where, step=later.number, earlier=earlier.number
            ))
        if later.order < earlier.order:
            raise LessonError(_("{where}: step {step} comes earlier in the game than step {earlier}: list the steps in the game's order").format(
                where=where, step=later.number, earlier=earlier.number
            ))
    assert len(order) >= HAND_SIZE * LESSON_PLAYERS
    return Script(where, deal, bot, bot_seed, steps)


def _field(data: Mapping[str, Any], name: str, where: str, step: int | None, kind: type, required: bool = True) -> Any:
    if name not in data:
        if required:
            raise LessonError(_missing(where, step, name))
        return None
    value = data[name]
    if type(value) is not kind:  # `type`, not isinstance: true is not a number here
        raise LessonError(_bad_field(where, step, name, quote(value), kind.__name__))
    return value


def _step(raw: object, number: int, deck: Deck, where: str) -> Step:
    if not isinstance(raw, dict):
        raise LessonError(_bad_field(where, number, "step", quote(raw)))
    at = _field(raw, "at", where, number, str)
    if at not in MOMENTS:
        raise LessonError(_bad_field(where, number, "at", quote(at)))
    allowed = _COMMON + MOMENTS[at]
    for key in raw:
        if key not in allowed:
            raise LessonError(_unknown_field(where, number, quote(key), allowed))
    round_ = 0
    if at in ("pick", "cover"):
        round_ = _field(raw, "round", where, number, int)
        if not 1 <= round_ <= pile_size(deck, LESSON_PLAYERS) // (LESSON_PLAYERS + 1):
            raise LessonError(_bad_field(where, number, "round", quote(round_)))
    elif "round" in raw:
        raise LessonError(_unknown_field(where, number, quote("round"), tuple(k for k in allowed if k != "round")))
    title = as_shown(_field(raw, "title", where, number, str))
    text = as_shown(_field(raw, "text", where, number, str))
    if not title or not text:
        raise LessonError(_bad_field(where, number, "title" if not title else "text", quote("")))
    need = _field(raw, "need", where, number, bool, required=False) or False
    cards: dict[str, int | None] = {}
    for name in ("plan", "foundation", "card"):
        if name in MOMENTS[at]:
            value = _field(raw, name, where, number, int, required=False)
            if value is not None and value not in deck:
                raise LessonError(_bad_field(where, number, name, quote(value)))
            cards[name] = value
    cover = _field(raw, "cover", where, number, int, required=False) if "cover" in MOMENTS[at] else None
    if cover is not None and not 0 <= cover <= _MAX_COVER:
        raise LessonError(_bad_field(where, number, "cover", quote(cover)))
    return Step(number, at, round_, title, text, cards.get("plan"), cards.get("foundation"), cards.get("card"), cover, need)


def as_shown(text: str) -> str:
    """A title or text as the screen shows it: printable, each paragraph one line (the
    catalog's message for it is this too: scripts/catalog.py)."""
    paragraphs = [" ".join(printable(" ".join(part.split("\n"))).split()) for part in text.strip().split("\n\n")]
    return "\n\n".join(p for p in paragraphs if p)


def lesson_deck() -> Deck:
    """The lesson's deck: always the game's own, whose cards the script's deal and
    steps name (so `pier18 learn` takes no `--deck`)."""
    return load_deck(None)


def lesson_rival(script: Script) -> Bot:
    """The bot the learner plays, for one of its turns: a new one each turn, seeded by the
    script, so the same position always gets the same move (after a resume too) and the
    designed path is the same every time it is played."""
    from ..bots import make_bot

    return make_bot(script.bot, script.bot_seed)


def new_lesson(deck: Deck, script: Script) -> Session:
    """The lesson's game from its first decision: the learner at seat 0 against the
    script's bot, on the script's deal; the learner starts round 1."""
    seats = [HUMAN, script.bot]
    # TRANSLATORS: the name of the person taking the lesson, shown at their seat
    return Session(deck, seat_names([_("Player")], seats), 0, first_player=0, seats=seats, deal=script.deal)


# -- where the lesson lives ---------------------------------------------------------------


def lesson_finished() -> bool:
    """Whether the lesson saved here was played to its end (a lesson left half-way is
    for `pier18 learn` to go on with)."""
    save = lesson_save()
    return save.exists() and load_saved(save).finished
