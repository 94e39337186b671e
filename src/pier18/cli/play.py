"""`pier18 play`: the hot-seat game in the terminal (Textual is imported only here, in run)."""

from __future__ import annotations

import argparse
import os
import random
import sys
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.errors import Pier18Error
from ..engine.later_deck import later_deck
from ..engine.sizes import TABLE_SIZES, table_sizes_text
from ..engine.text import all_differ, name_key, printable, printable_name, quote, shorten
from ..i18n import _, ngettext
from ..persist import autosave
from ..persist.autosave import record_problem
from ..persist.lesson import lesson_finished
from ..persist.lock import GameLocked
from ..persist.offer import first_time_offer
from ..session import Session
from ..speech.notices import game_finished, games_out_of_range, play_resume_command, prog_line, replay_command
from ..speech.people import LEVEL_STRENGTH, default_name, level_names
from ..speech.scores import MEASURE
from .errors import need_output, plain_lines, say_line
from .learn import learn
from .parser import Commands, add_deck_option

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..bots import Bot, HardBot, Hint
    from ..engine import PlayerView
    from ..persist.autosave import Autosaving, SavedGame
    from ..session import Session
    from ..tui.app import BotProvider, Pier18App


def add_parser(sub: Commands) -> None:

    parser = sub.add_parser(
        "play",
        help=_("play a hot-seat game for 2 or 3 players at one laptop"),
        description=_("Play Pier 18 at one laptop: 2 or 3 players, people or computer opponents, every game autosaved."),
        formatter_class=argparse.RawDescriptionHelpFormatter,  # the levels below, one per line
    )
    playing_alone = _(
        "Playing alone: pier18 play --players 3 --bots 2. Bots move on their own after a short pause "
        "and the table says what they took and what it scored; in the game, h asks the hard bot "
        "for a hint (best card and cover by {measure}, where it should leave you, and the next best choices; "
        "the review judges by the same) and ? lists every key."
    ).format(measure=_(MEASURE))
    parser.epilog = textwrap.fill(playing_alone, 79) + "\n\n" + "\n".join(level_lines())
    parser.add_argument("--players", type=int, choices=TABLE_SIZES, default=3, help=_("how many players ({sizes})").format(sizes=table_sizes_text()))
    parser.add_argument(
        "--names",
        help=_("the human players' names, comma separated (otherwise asked on the first screen); "
        "bots play as 'Hard bot', 'Greedy bot' ... with the seat number added when two share a level"),
    )
    parser.add_argument(
        "--bots",
        metavar="N",
        help=_("make the last N seats computer opponents (e.g. --players 3 --bots 2 to play alone)"),
    )
    parser.add_argument(
        "--level",
        default="hard",
        help=_("how strong the --bots seats play: {levels}, weakest first (see below; default: {default})").format(
            levels=level_names(), default="hard"
        ),
    )
    parser.add_argument(
        "--seats",
        metavar="KINDS",
        help=_("every seat in order, comma separated: human, {levels} "
        "(e.g. human,human,hard); instead of --bots").format(levels=level_names()),
    )
    parser.add_argument("--seed", type=int, help=_("shuffle seed, to replay the same deal"))
    parser.add_argument(
        "--first",
        metavar="NAME",
        help=_("who plays first in round 1: the rulebook's player who last saw the sea "
        "(default: the earliest Foundation date, as the digital edition does)"),
    )

    add_deck_option(parser, help=_("a deck file of your own (default: the game's deck)"))
    parser.add_argument(
        "--resume",
        nargs="?",
        const=LATEST,
        metavar="FILE|N",
        help=_("go on with a saved game (every game is autosaved): the last played unfinished one, "
        "a saved game FILE, or game N of 'pier18 games'"),
    )
    parser.add_argument(
        "--record", metavar="FILE",
        help=_("also save the game record to FILE (for 'pier18 replay FILE'), in a folder that exists; "
        "a file already there is never written over without --force"),
    )
    parser.add_argument(
        "--force", action="store_true", help=_("let --record write over a file that is already there (and FILE-2.json ...)")
    )
    parser.add_argument(
        "--lines", action="store_true",
        help=_("plain lines instead of the full-screen game, for screen readers and scripts: each event said once, "
        "one command a line ('help' lists them)"),
    )
    parser.set_defaults(run=run)


#: `--resume` with nothing after it: the last played game. No argument can hold a NUL, so
#: an empty `--resume ''` is told apart from it (and refused).
LATEST = "\0latest"


def check_record(args: argparse.Namespace, own: bool = False) -> None:
    """`--record FILE` before the game starts: one line (exit 2) if it must not be written.

    `own`: FILE is an earlier record of the game being resumed, so writing it loses nothing.
    """

    if args.record is None:
        return
    if not args.record:
        raise Pier18Error(_("--record needs the name of a file"))
    problem = record_problem(Path(args.record), args.force, own)
    if problem is not None:
        raise Pier18Error(problem)


def parse_names(text: str | None, players: int, humans: int | None = None) -> list[str] | None:
    """Check `--names`: one distinct, non-empty name per human seat (every seat without bots)."""

    if text is None:
        return None

    names = [printable_name(n) for n in text.split(",")]
    if humans is not None and humans != players:
        if len(names) != humans or not all(names):
            raise Pier18Error(ngettext(
                "--names needs {n} name, for the one human seat, got {text}",
                "--names needs {n} comma-separated names, one per human seat, got {text}",
                humans,
            ).format(n=humans, text=quote(text)))
    elif len(names) != players or not all(names):
        raise Pier18Error(_("--names needs {players} comma-separated names for --players {players}, got {text}").format(players=players, text=quote(text)))
    if not all_differ(names):  # "Ann", "ann " and "Аnn" (a Cyrillic А) are one name to the table
        raise Pier18Error(_("--names must all differ, got {text}").format(text=quote(text)))
    if any(len(n) > MAX_NAME for n in names):
        raise Pier18Error(_("--names: a name may have at most {longest} characters").format(longest=MAX_NAME))
    return names


def parse_seats(args: argparse.Namespace) -> list[str]:
    """`--bots N [--level L]` or `--seats KINDS`: "human" or a bot level per seat."""
    from ..bots import seat_kinds

    bots = None
    if args.bots is not None:
        try:
            bots = int(args.bots)
        except ValueError:
            raise Pier18Error(_("--bots needs a whole number of bot seats, got {text}").format(text=quote(args.bots))) from None
    level = ("hard" if args.level is None else args.level).strip().lower()  # '' is no level: said so
    return seat_kinds(args.players, bots, args.seats, level)


def seated_names(args: argparse.Namespace, seats: list[str]) -> list[str] | None:
    """Every seat's name from `--names` (humans only) plus the bots' names."""
    from ..bots.seats import HUMAN, clashes_with_bots, seat_names

    humans = seats.count(HUMAN)
    if humans == 0:
        if args.names is not None:
            raise Pier18Error(_("--names names the human players, but every seat is a bot"))
        return seat_names([], seats)
    given = parse_names(args.names, args.players, humans)
    if given is None:
        return None
    clash = clashes_with_bots(given, seats)
    if clash is not None:
        raise Pier18Error(_("--names {name} is a bot's name in this game; choose another").format(name=quote(clash)))
    return seat_names(given, seats)


def run(args: argparse.Namespace) -> int:
    check_seed(args.seed)
    if args.resume is not None:
        if not args.resume:
            raise Pier18Error(
                _("--resume needs a saved game FILE or a number N from 'pier18 games' (or nothing: the last played game)")
            )
        return resume(args)
    # Every argument and file first: a bad one is the error said, even without a terminal.
    check_record(args)
    seats = parse_seats(args)
    names = seated_names(args, seats)
    deck = later_deck(args.deck)  # read now (a problem is one line); the shipped deck parsed after the first paint
    first = None
    if args.first is not None:
        if names is None:
            raise Pier18Error(_("--first needs --names, so that it can name a player"))
        keys = [name_key(n) for n in names]
        if name_key(args.first) not in keys:
            raise Pier18Error(_("--first {first} is not one of the names {names}").format(first=quote(args.first), names=", ".join(names)))
        first = keys.index(name_key(args.first))
    need_output()
    lines, note = plain_lines(args.lines)  # before anything is moved or saved

    seeds = random.Random(args.seed)
    games: list[Session] = []

    def new_session(players: list[str]) -> Session:
        """The first game uses --seed itself; 'new game' draws the next seed from it."""
        seed = args.seed if not games and args.seed is not None else seeds.randrange(2**31)
        games.append(Session(deck(), players, seed, first_player=first, seats=list(seats)))
        return games[-1]

    bot_seed = seeds.randrange(2**31) if args.seed is None else args.seed
    # Seeded from --seed, so a game against bots can be played again.
    bot_for = bot_provider(lambda seat: bot_seed * 10 + seat)

    if lines:  # no app: the game told and played in plain lines
        from ..bots.seats import HUMAN, seat_names

        humans = [default_name(number) for number in range(1, seats.count(HUMAN) + 1)]
        factory = autosave.autosaving(new_session, args.record, on_error=say_line, force=args.force)
        return play_lines(factory, lambda: factory(names or seat_names(humans, seats)), bot_for, note)
    from ..tui.app import Pier18App

    found = autosave.find_resumable()  # damaged autosaves are moved aside (kept) on the way
    factory = autosave.autosaving(
        new_session, args.record, on_error=lambda m: app.warn(m), force=args.force, background=True
    )
    app = Pier18App(
        args.players,
        factory,
        names=names,
        bot_provider=bot_for,
        seats=seats,
        hint_bot=HintBot(bot_seed),
    )
    app.when_drawn(deck.warm)  # ready before the first game wants it
    if found.free:
        app.resume_offer = found  # asked before anything else
    else:
        _tell(found.messages())
        if names is None:  # the names screen comes first: a new player is met there

            app.offer_lesson = first_time_offer()  # once on this machine, and only before any game
    status = run_app(app, factory)
    if app.chose_lesson and status == 0:
        status = learn()
        if status == 0 and lesson_finished():
            return run(args)  # then the game asked for (the lesson is offered only once)
    return status


def play_lines(factory: Autosaving, start: Callable[[], Session], bot_for: BotProvider, note: str | None = None) -> int:
    """`play --lines`: the game `start` opens (autosaved by `factory`, as the app's
    games are) told and played in plain lines on standard input and output
    (`pier18.lines`); the game's lock let go at the end, as `run_app` does. `note` is
    said first: why plain lines, when nobody asked for them."""

    from ..lines.table import LineTable

    def going_on() -> str | None:
        save = factory.save
        return None if save is None else _("Your game is saved: '{command}' goes on with it.").format(
            command=play_resume_command(save, lines=True)
        )

    if note is not None:
        print(note, flush=True)
    try:
        session = start()
        status = LineTable(session, sys.stdin, sys.stdout, bot_for, going_on).run()  # a closed stdin: None, no lines
        if session.game.is_terminal() and factory.save is not None:  # the last line: the game is over, and kept
            print(_("The record: {command}").format(command=replay_command(factory.save, lines=True)), flush=True)
        return status
    finally:
        factory.release()


def resume(args: argparse.Namespace) -> int:
    """`play --resume [FILE|N]`: a saved game, exactly where it stopped, still autosaving.

    Without FILE or N: the last played unfinished game that no other terminal has open.
    A game open in another terminal is not played twice: the other saved games (or a
    new one) are offered instead.
    """
    from ..tui.app import Pier18App

    check_record(args, own=True)  # the folder and the kind of file, before anything is moved
    latest = args.resume == LATEST
    found = None
    if not latest:  # FILE, or N as 'pier18 games' numbers it now: found before anything is moved
        target = named_game(args.resume)
    need_output()
    lines, note = plain_lines(args.lines)  # the game asked for is there: now how to show it, before anything moves
    if latest:
        found = autosave.find_resumable()  # damaged autosaves are moved aside (kept) on the way
        _tell([moved.message() for moved in found.set_aside] + found.notices)
        found.set_aside, found.notices = [], []  # told already, on stderr (they stay after the app ends)
        if found.free:
            target = found.free[0]
        elif found.games:  # every unfinished game is open in another terminal
            target = found.games[0]
        else:

            raise Pier18Error(_("there is no unfinished game to resume; start one with 'pier18 play'"))
    session = target.session
    assert session is not None
    own = None  # --record FILE naming an earlier record of this very game: written on
    if args.record and not args.force and os.path.lexists(args.record):
        own = autosave.earlier_record(Path(args.record), session)
        if own is None:
            check_record(args)  # someone else's file: refused

    seeds = random.Random()
    bot_for = bot_provider(lambda seat: seeds.randrange(2**31))
    deck, first = session.deck, session.first_player

    def new_session(players: list[str]) -> Session:
        """'New game' after the resumed one ends: same deck, players and seats."""
        return Session(deck, players, seeds.randrange(2**31), first_player=first, seats=list(session.seats))

    if lines:  # the game goes on in plain lines, told from its start (a recap)

        lines_factory = autosave.autosaving(new_session, args.record, on_error=say_line, force=args.force, record_over=own)

        def start() -> Session:
            lines_factory.play(session, target.path, target.stamp)  # GameLocked: one line, as any error
            say_line(_going_on_with(shorten(target.path.name), target.summary(), latest))
            return session

        return play_lines(lines_factory, start, bot_for, note)
    factory = autosave.autosaving(
        new_session, args.record, on_error=lambda m: app.warn(m), force=args.force, record_over=own, background=True
    )
    app = Pier18App(
        session.players,
        factory,
        names=list(session.names),
        session=session,
        bot_provider=bot_for,
        seats=list(session.seats),
        hint_bot=HintBot(seeds.randrange(2**31)),
    )

    # Said when the game opens: which game it is, and why a game played later was not it.
    app.opening_notes = [_going_on_with(shorten(target.path.name), target.summary(), latest)]
    if found is not None:
        app.opening_notes += found.passed_over(target.path)
    try:
        factory.play(session, target.path, target.stamp)
    except GameLocked as locked:  # offer the other saved games, or a new one with these players
        app.opening_notes = []
        factory.record_over = factory.default_record_over()  # FILE was that game's record, not theirs
        app.session = None
        if found is None:  # the offer moves damaged saves aside, and says so on its screen
            found = autosave.find_resumable()
        app.resume_offer = found.without(target.path, autosave.open_elsewhere_notice(locked))
    return run_app(app, factory)


class HintBot:
    """The hard bot that gives hints (`h`), made at the first hint: the bots are not
    imported before the first screen is painted (`benchmarks/startup.py`)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.bot: HardBot | None = None

    def hint(self, view: PlayerView) -> Hint:
        if self.bot is None:
            from ..bots import HardBot

            self.bot = HardBot(self.seed)
        return self.bot.hint(view)


def bot_provider(seed_for: Callable[[int], int]) -> BotProvider:
    """Makes one bot per seat and level, on first use, seeded by `seed_for(seat)` (the
    bots are imported then too, after the first screen)."""
    bots: dict[tuple[str, int], Bot] = {}

    def bot_for(level: str, seat: int) -> Bot:
        if (level, seat) not in bots:
            from ..bots import make_bot

            bots[level, seat] = make_bot(level, seed_for(seat))
        return bots[level, seat]

    return bot_for


def named_game(which: str) -> SavedGame:
    """`--resume FILE` or `--resume N` (N as numbered by 'pier18 games'): an unfinished game."""

    if which.isascii() and which.isdigit():  # "²" is a digit to isdigit(), not to int()
        games = autosave.saved_game_paths()  # the very list 'pier18 games' numbers, damaged ones too
        number = int(which) if len(which) <= 9 else 0  # past any list, and past int()'s limit
        if not 1 <= number <= len(games):
            raise Pier18Error(_no_saved_game_numbered(quote(which, 20), len(games)))
        saved = autosave.load_saved(games[number - 1])  # that one alone is read
    else:
        saved = autosave.load_saved(Path(which))
    if saved.session is None:
        raise Pier18Error(f"{shorten(saved.path)}: {saved.problem}")
    if saved.finished:
        raise Pier18Error(game_finished(shorten(saved.path.name), saved.path))
    if saved.played_by is not None:  # asked for by name: nothing else is offered instead

        raise GameLocked(saved.path, saved.played_by)
    return saved


MAX_SEED = 2**64  # as in a record (pier18.persist.record.MAX_SEED)
#: The most games (or balance deals per card) one `simulate` plays: years of play already.
MAX_GAMES = 10**9
MAX_NAME = 64  # as in a record (pier18.persist.record.MAX_NAME)


def check_seed(seed: int | None, games: int = 1) -> None:
    """The rule for `--seed`: the games it deals use seeds `seed` to `seed + games - 1`,
    and each must be a seed a game record holds (0 to MAX_SEED); else Pier18Error."""

    if not 1 <= games <= MAX_GAMES:  # said of --games, whatever the seed
        raise Pier18Error(games_out_of_range(MAX_GAMES, quote(games)))
    if seed is None:
        return
    if not 0 <= seed <= MAX_SEED:
        raise Pier18Error(_("--seed must be a whole number from 0 to 2**64, got {seed}").format(seed=quote(seed)))
    if seed + games - 1 > MAX_SEED:
        raise Pier18Error(_("--seed {seed} with --games {games} goes past seed 2**64: use at most 2**64 - {last}").format(
            seed=seed, games=games, last=games - 1
        ))


def run_app(app: Pier18App, factory: Autosaving) -> int:
    """Run the app as every pier18 app is run (`pier18.tui.exits`: a crash is a report
    and one line, a stop signal gives the terminal back), then let go of the game's lock
    once the save in flight is on disk (`Autosaving.release`).

    The autosave keeps the last decision made, so the game can be resumed.
    """
    from ..tui.exits import run_app as run

    save = None
    try:
        return run(app)
    finally:
        save = getattr(factory.lock, "save", None)  # the game being played, before its lock goes
        factory.release()


def _tell(messages: list[str]) -> None:
    """Say where each damaged autosave was kept (on stderr: it stays after the app ends)."""

    for message in messages:
        print(prog_line(printable(message)), file=sys.stderr)  # file names are outside text


def level_lines() -> list[str]:
    """Each bot level's measured strength, one line per level, under a heading."""
    width = max(len(level) for level in LEVEL_STRENGTH)
    lines = [_("Bot levels, weakest first, as the bots' ladder measured them (Elo, hard = 1500):")]
    lines += [f"  {level:<{width}}  {elo:>4}  {_(strength)}" for level, (elo, strength) in LEVEL_STRENGTH.items()]
    return lines


def _going_on_with(file: str, game: str, latest: bool) -> str:
    """What `pier18 play --resume` opened: the file and its summary line (`game`); `latest`:
    it was chosen as the last played unfinished game nobody else has open."""
    if latest:
        return _("Going on with the last played unfinished game free here, {file}: {game}.").format(file=file, game=game)
    return _("Going on with the saved game asked for, {file}: {game}.").format(file=file, game=game)


def _no_saved_game_numbered(which: str, games: int) -> str:
    """`--resume N` past the list (`which` quoted)."""
    if games:
        message = _("--resume {which}: there is no saved game with that number ('pier18 games' lists {games})")
    else:
        message = _("--resume {which}: there is no saved game with that number (there are no saved games)")
    return message.format(which=which, games=games)
