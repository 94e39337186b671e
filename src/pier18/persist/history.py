"""A player's record: what the saved games on this machine say about the people who
played them (`pier18 stats`).

Every saved game is read through `record.load`, so a game is rebuilt by the engine and
its totals, Plan verdicts and places are the engine's answers; what is counted of it
(`savecache.Facts`) is kept in the data folder's cache, so an autosave unchanged since
the last listing is not read again (`listing.listed_games`). A game can be on disk
more than once: its autosave and a `play --record` copy, or a save and the file it
went on in after a resume. Two saves are one game when they hold the same deck,
players, seats, seed, first player and deal, and the decisions of one begin the
other's; that game is counted once, from its longest save.

Whose record it is: the seats of the names given (`pier18 stats --name`), or else of
the names that sat alone among bots in a game saved on this machine (`alone_among_bots`):
a game with one person in it was played by whoever uses this machine, while the other
people at a hot-seat table may be friends passing by. The lesson (`pier18 learn`) is
counted apart (`Lesson`): its choices were suggested, so it is not in the record.

The Elo estimate treats each game as one result against every bot at the table (a
win, a loss, or half of each for a shared place), and the bots as rated by the ladder
(`pier18.speech.people.LEVEL_STRENGTH`, measured by `benchmarks/ladder.py`). It is shown only
once its 95% interval is within `ELO_SHOWN_WITHIN` of it (`Elo.shown`); before that,
`Elo.more_games` says about how many more games against bots it takes.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from . import record
from ..bots.seats import HUMAN
from ..engine.text import printable
from ..i18n import _
from ..speech.notices import could_not_be_read
from ..speech.people import LEVEL_STRENGTH
from .autosave import SavedGame
from .lesson import LEARNER_SEAT
from .savecache import Facts

#: How far the Elo estimate may go from the ladder (a perfect record has no finite maximum).
ELO_REACH = 800.0

#: The estimate starts from one drawn game against each rated level, weighted this
#: much: it keeps a record of one game from giving an infinite rating and is soon
#: outweighed by real games.
PRIOR_WEIGHT = 0.5

#: An Elo estimate is shown once its 95% interval is this close on each side: narrower
#: than the ladder's gap from greedy to hard (330), so it says which bots you are near.
ELO_SHOWN_WITHIN = 150.0


@dataclass(frozen=True)
class Skipped:
    """A file that was not counted, and why (one line for the player)."""

    path: Path
    reason: str


@dataclass(frozen=True)
class Saved:
    """One readable save: where it is and what its game says (`savecache.Facts`)."""

    path: Path
    facts: Facts

    @property
    def identity(self) -> tuple[object, ...]:
        """What every save of one game shares, whatever its decisions."""
        return self.facts.identity

    @property
    def decisions(self) -> tuple[str, ...]:
        return self.facts.decisions


def distinct(saves: Iterable[Saved]) -> list[Saved]:
    """Each game once: a save whose decisions begin a longer save of the same game is
    that game, not another one. The longest save of each game is kept, in the order
    the saves came."""
    saves = list(saves)
    order = {id(save): index for index, save in enumerate(saves)}
    kept: list[Saved] = []
    by_identity: dict[tuple[object, ...], list[Saved]] = {}
    for save in sorted(saves, key=lambda s: (-len(s.facts.decisions), order[id(s)])):
        group = by_identity.setdefault(save.identity, [])
        mine = save.decisions
        if any(other.decisions[: len(mine)] == mine for other in group):
            continue  # a beginning of a game already counted
        group.append(save)
        kept.append(save)
    kept.sort(key=lambda s: order[id(s)])
    return kept


@dataclass
class Tally:
    """Games, wins and points of the people at one kind of table."""

    games: int = 0
    wins: float = 0.0  # a shared first place counts as a share of a win
    points: int = 0

    @property
    def mean_score(self) -> float:
        return self.points / self.games if self.games else 0.0


@dataclass
class PlanTally:
    kept: int = 0
    met: int = 0


@dataclass(frozen=True)
class Elo:
    """An Elo estimate against the ladder, with its 95% interval."""

    rating: float
    low: float
    high: float
    results: int  # results against bots it rests on
    information: float = 0.0  # the likelihood's curvature at the estimate (the interval's width is 2 * 1.96 / its root)
    prior: float = 0.0  # the part of `information` the prior's draws bring

    @property
    def shown(self) -> bool:
        """Whether the interval is narrow enough to mean something (`ELO_SHOWN_WITHIN`)."""
        return (self.high - self.low) / 2 <= ELO_SHOWN_WITHIN

    def more_results(self) -> int:
        """About how many more results against bots make the interval narrow enough,
        if they are like the ones so far."""
        if self.shown or self.results <= 0:
            return 0
        needed = (1.96 / ELO_SHOWN_WITHIN) ** 2
        each = max(self.information - self.prior, 1e-12) / self.results
        return max(1, math.ceil((needed - self.information) / each))


@dataclass
class History:
    """What `pier18 stats` shows."""

    games: int = 0  # finished games counted
    unfinished: int = 0  # games not finished yet (not counted)
    by_table: dict[tuple[str, int], Tally] = field(default_factory=dict)  # (opponents, players) -> tally
    plans: dict[tuple[int, str], PlanTally] = field(default_factory=dict)  # (card id, name) -> tally
    players: dict[str, int] = field(default_factory=dict)  # the people counted: name -> games
    others: dict[str, int] = field(default_factory=dict)  # the other people at those tables: name -> games
    results: list[tuple[str, float]] = field(default_factory=list)  # (bot level, score 0/0.5/1) per game and bot
    bot_games: int = 0  # games counted that had a bot at the table
    skipped: list[Skipped] = field(default_factory=list)

    def elo(self) -> Elo | None:
        return estimate_elo(self.results)

    def more_games(self, elo: Elo) -> int:
        """About how many more games against bots make `elo` narrow enough to show."""
        results = elo.more_results()
        if not results:
            return 0
        per_game = len(self.results) / self.bot_games if self.bot_games else 1.0
        return max(1, math.ceil(results / per_game))


@dataclass(frozen=True)
class Lesson:
    """The guided first game (`pier18 learn`), counted apart from the record."""

    finished: bool
    decisions: int  # decisions made so far, everyone's
    total: int | None  # the learner's final total, once finished
    won: bool | None  # whether the learner placed first (alone or tied), once finished


def opponents(seats: Sequence[str], seat: int) -> str:
    """The kind of table a seat sat at: its opponents' bot levels ("hard", "greedy+hard"),
    with "people" for other human seats."""
    kinds = {kind if kind != HUMAN else "people" for other, kind in enumerate(seats) if other != seat}
    levels = [level for level in LEVEL_STRENGTH if level in kinds]
    return "+".join(levels + (["people"] if "people" in kinds else []))


def same_place(path: Path) -> Path:
    """The file a path names, however it is spelt (`..`, a link), for telling two paths
    of one file apart from two files."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return path.absolute()


def alone_among_bots(saves: Iterable[Saved]) -> list[str]:
    """The names that sat alone among bots in these games (one person at the table), the
    most often seen first: the names of whoever plays on this machine."""
    seen: dict[str, int] = {}
    for save in distinct(saves):
        facts = save.facts
        people = [seat for seat, kind in enumerate(facts.seats) if kind == HUMAN]
        if len(people) == 1 and len(facts.seats) > 1:
            name = facts.names[people[0]]
            seen[name] = seen.get(name, 0) + 1
    return sorted(seen, key=lambda name: (-seen[name], name.casefold()))


def tally(saves: Iterable[Saved], skipped: Iterable[Skipped] = (), names: Iterable[str] | None = None) -> History:
    """Count every human seat of every finished game once (with `names`, only seats of
    those names, in any case); each file not counted is listed once, however often it
    was named."""
    unread: dict[Path, Skipped] = {}
    for problem in skipped:
        unread.setdefault(same_place(problem.path), problem)
    history = History(skipped=list(unread.values()))
    wanted = None if names is None else {name.casefold() for name in names}
    for save in distinct(saves):
        session = save.facts
        if not session.finished or session.places is None or session.totals is None:
            history.unfinished += 1
            continue
        places, totals, plans, met = session.places, session.totals, session.plans or (), session.met or ()
        firsts = sum(1 for place in places if place == 1)
        counted = False
        for seat, kind in enumerate(session.seats):
            if kind != HUMAN:
                continue
            if wanted is not None and session.names[seat].casefold() not in wanted:
                history.others[session.names[seat]] = history.others.get(session.names[seat], 0) + 1
                continue
            counted = True
            history.players[session.names[seat]] = history.players.get(session.names[seat], 0) + 1
            place = places[seat]
            table = history.by_table.setdefault((opponents(session.seats, seat), session.players), Tally())
            table.games += 1
            table.points += totals[seat]
            table.wins += 1 / firsts if place == 1 else 0.0
            plan = plans[seat] if seat < len(plans) else None
            if plan is not None:
                kept = history.plans.setdefault(plan, PlanTally())
                kept.kept += 1
                kept.met += bool(met[seat]) if seat < len(met) else 0
            for other, level in enumerate(session.seats):
                if level == HUMAN or level not in LEVEL_STRENGTH:
                    continue
                theirs = places[other]
                history.results.append((level, 1.0 if place < theirs else 0.5 if place == theirs else 0.0))
        history.games += counted
        history.bot_games += counted and any(kind != HUMAN for kind in session.seats)
    for name in history.players:  # a name counted in one game is not one of the others in another
        history.others.pop(name, None)
    return history


def lesson(saved: SavedGame | None) -> Lesson | None:
    """The lesson as its save holds it (None: no lesson, or one that cannot be read)."""
    if saved is None or saved.session is None:
        return None
    game = saved.session.game
    decisions = len(saved.session.decisions)
    if not game.is_terminal():
        return Lesson(False, decisions, None, None)

    place = next(standing.place for standing in game.ranking() if standing.seat == LEARNER_SEAT)
    return Lesson(True, decisions, game.score(LEARNER_SEAT).total, place == 1)


def estimate_elo(results: Sequence[tuple[str, float]]) -> Elo | None:
    """The rating that makes these results most likely against the ladder's ratings.

    Each result is (bot level, 1 for a win, 0.5 for a shared place, 0 for a loss); the
    chance of beating a bot rated R from a rating r is 1 / (1 + 10 ** ((R - r) / 400)).
    A half-weighted draw against each level played keeps the estimate finite (see
    `PRIOR_WEIGHT`). The interval is the estimate plus or minus 1.96 standard errors,
    from the curvature of the likelihood. None without a game against a bot.
    """
    if not results:
        return None
    ratings = {level: float(elo) for level, (elo, _unused) in LEVEL_STRENGTH.items()}
    weighted = [(ratings[level], score, 1.0) for level, score in results]
    weighted += [(ratings[level], 0.5, PRIOR_WEIGHT) for level in sorted({level for level, _unused in results})]
    low_end = min(ratings.values()) - ELO_REACH
    high_end = max(ratings.values()) + ELO_REACH
    rating = sum(r for r, _unused, _unused in weighted) / len(weighted)
    scale = math.log(10) / 400
    information = 0.0
    for _unused in range(60):  # Newton's method on the log-likelihood, kept within the reach
        gradient = information = 0.0
        for opponent, score, weight in weighted:
            p = 1 / (1 + 10 ** ((opponent - rating) / 400))
            gradient += weight * scale * (score - p)
            information += weight * scale * scale * p * (1 - p)
        step = gradient / information
        rating = min(high_end, max(low_end, rating + step))
        if abs(step) < 1e-6:
            break
    spread = 1.96 / math.sqrt(information)
    prior = 0.0
    for opponent, score, weight in weighted[len(results):]:
        p = 1 / (1 + 10 ** ((opponent - rating) / 400))
        prior += weight * scale * scale * p * (1 - p)
    return Elo(rating, rating - spread, rating + spread, len(results), information, prior)


# -- reading the saves ---------------------------------------------------------------


def from_saved(games: Iterable[SavedGame]) -> tuple[list[Saved], list[Skipped]]:
    """The autosaves as `autosave.saved_games` read them: the readable ones, and the rest
    with why not."""
    saves: list[Saved] = []
    skipped: list[Skipped] = []
    for game in games:
        facts = game.facts if game.facts is not None else Facts.of(game.session) if game.session is not None else None
        if facts is not None:
            saves.append(Saved(game.path, facts))
        else:
            skipped.append(Skipped(game.path, game.problem or could_not_be_read("unknown")))
    return saves, skipped


def read(paths: Iterable[Path]) -> tuple[list[Saved], list[Skipped]]:
    """Every game record among `paths` (files, or folders of `*.json` files), and the
    files that could not be read, each with its reason. A file named twice (itself and
    by its folder, or by two spellings of its path) is read once."""
    saves: list[Saved] = []
    skipped: list[Skipped] = []
    seen: set[Path] = set()
    for path in _files(paths, skipped):
        if same_place(path) in seen:
            continue
        seen.add(same_place(path))
        try:
            session = record.load(path)
        except record.RecordError as exc:
            skipped.append(Skipped(path, str(exc).removeprefix(f"{printable(str(path))}: ")))
        except Exception as exc:  # noqa: BLE001 - a file no check foresaw is skipped, not fatal
            skipped.append(Skipped(path, could_not_be_read(type(exc).__name__)))
        else:
            saves.append(Saved(path, Facts.of(session)))
    return saves, skipped


def _files(paths: Iterable[Path], skipped: list[Skipped]) -> list[Path]:
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            try:
                found.extend(sorted(p for p in path.glob("*.json") if p.is_file()))
            except OSError as exc:
                skipped.append(Skipped(path, _("cannot list the folder ({error})").format(error=exc.strerror or exc)))
        else:
            found.append(path)
    return found
