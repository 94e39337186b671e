"""`pier18 club`: a club of friends playing apart, at their own pace (docs/club.md).

The forms, one sub-command each (`pier18 club ADDRESS` works too: a first word that is
no sub-command is the club's address, and the club opens):

- `pier18 club [ADDRESS]`: the club screen (Textual), or plain lines with `--lines`;
- `pier18 club wait [ADDRESS] [--notify-command CMD]`: returns when it is your turn at
  one of your tables, one line naming it (CMD then runs, without a shell, with the
  table's number in PIER18_CLUB_TABLE);
- `pier18 club ratings [ADDRESS]`: the club's ratings, one member a line;
- `pier18 club serve`: runs the club's server, its state in a SQLite database (by
  default `club.sqlite3` in the data folder; one process serves it) or in PostgreSQL
  (`--db postgresql://...`; any number of processes may serve it at once).
  `--reset NAME` lets a member who lost their key back in; `--backup FILE` copies the
  whole club while it may be running. Both do their one thing and exit.

The first time at a club, `--name NAME` says what to play under; a key is made then
and kept with the name in the keys file (`club.keys`), so later the address is enough.
Everything about the club's network lives in `pier18.club.client`.
"""

from __future__ import annotations

import argparse
import os
import shlex
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit
import subprocess

from ..engine.text import printable, printable_name, quote, shorten
from ..i18n import _
from ..persist.autosave import record_problem, data_dir
from ..speech.notices import in_plain_lines, prog_line
from .errors import CliError, check_terminal, need_output
from .host import bind_address, port, server_ssl, stop_on_signals, Stopped, listen_error
from .join import client_ssl, run_seat_app
from .parser import Commands, add_lang_option, file_name

if TYPE_CHECKING:
    import ssl

    from ..club.client import ClubClient

DEFAULT_PORT = 8020
DEFAULT_ADDRESS = f"localhost:{DEFAULT_PORT}"
#: The environment variable `--notify-command` finds the table's number in.
TABLE_ENV = "PIER18_CLUB_TABLE"
#: The sub-command a first word that is none of them opens (hidden from --help).
OPEN = "open"


def add_parser(sub: Commands) -> None:
    parser = sub.add_parser(
        "club",
        help=_("a club: many tables on one server, played at your own pace (docs/club.md)"),
        description=_("A Pier 18 club: friends play apart, live or by correspondence, with turn clocks and ratings."),
    )
    add_member_options(parser, lines=True)
    parser.set_defaults(run=run_open, club_command=None)
    parser.default_command = OPEN
    commands = parser.add_subparsers(dest="club_command", metavar="[wait|ratings|serve] [ADDRESS]")
    opening = commands.add_parser(OPEN, prog=parser.prog, description=_("Open the club: your games, open tables, a new table, ratings."))
    opening.add_argument("address", metavar="ADDRESS", nargs="?", help=_("the club's HOST:PORT (default {address})").format(address=DEFAULT_ADDRESS))
    add_member_options(opening, lines=True)
    opening.set_defaults(run=run_open)
    waiting = commands.add_parser(
        "wait",
        help=_("return when it is your turn at one of your club tables"),
        description=_("Wait until it is your turn at one of your club tables, then say which and return."),
    )
    waiting.add_argument("address", metavar="ADDRESS", nargs="?", help=_("the club's HOST:PORT (default {address})").format(address=DEFAULT_ADDRESS))
    add_member_options(waiting)
    waiting.add_argument(
        "--notify-command", metavar="CMD", default=argparse.SUPPRESS,
        help=_("run CMD (no shell) when it is your turn; the table's number is in {env}").format(env=TABLE_ENV),
    )
    waiting.set_defaults(run=run_wait)
    rating = commands.add_parser("ratings", help=_("print the club's ratings"), description=_("Print the club's ratings: each member's rating and games."))
    rating.add_argument("address", metavar="ADDRESS", nargs="?", help=_("the club's HOST:PORT (default {address})").format(address=DEFAULT_ADDRESS))
    add_member_options(rating)
    rating.set_defaults(run=run_ratings)
    serve = commands.add_parser(
        "serve",
        help=_("run the club's server"),
        description=_("Run a club's server: every table, every member, every move in one database. "
        "Over the internet use TLS, or an SSH tunnel with --bind 127.0.0.1 (docs/club.md)."),
    )
    serve.add_argument(
        "--db", metavar="FILE|URL", type=file_name,
        help=_("the club's database: a SQLite file (default: club.sqlite3 in the data folder) or postgresql://USER@HOST/DB"),
    )
    serve.add_argument("--port", type=port, default=DEFAULT_PORT, help=_("TCP port (default {port}; 0: any free port)").format(port=DEFAULT_PORT))
    serve.add_argument(
        "--bind", metavar="ADDR", default="0.0.0.0", type=bind_address,
        help=_("listen on this address only (default 0.0.0.0: every IPv4 interface; 127.0.0.1 behind an SSH tunnel; :: for IPv6)"),
    )
    serve.add_argument(
        "--max-connections", metavar="N", type=connection_limit, default=DEFAULT_MAX_CONNECTIONS,
        help=_("connections the server lets in at once, members' and seats' (default {count})").format(count=DEFAULT_MAX_CONNECTIONS),
    )
    serve.add_argument(
        "--max-member-connections", metavar="N", type=member_limit, default=DEFAULT_MEMBER_CONNECTIONS,
        help=_("connections one member holds at once, lobbies and seats together (default {count})").format(count=DEFAULT_MEMBER_CONNECTIONS),
    )
    serve.add_argument(
        "--max-open-tables", metavar="N", type=member_limit, default=DEFAULT_OPEN_TABLES,
        help=_("tables waiting for players one member may have made (default {count})").format(count=DEFAULT_OPEN_TABLES),
    )
    serve.add_argument(
        "--max-member-tables", metavar="N", type=member_limit, default=DEFAULT_MEMBER_TABLES,
        help=_("tables one member may have made that are not over, waiting or being played (default {count})").format(count=DEFAULT_MEMBER_TABLES),
    )
    serve.add_argument("--tls-cert", metavar="FILE", type=file_name, help=_("serve TLS with this certificate (PEM) ..."))
    serve.add_argument("--tls-key", metavar="FILE", type=file_name, help=_("... and this private key (PEM)"))
    serve.add_argument("--reset", metavar="NAME", help=_("reset the key of the member NAME (lost or stolen) and print their one-time code, then exit"))
    serve.add_argument(
        "--backup", metavar="FILE", type=file_name,
        help=_("copy the whole club to FILE (safe while it runs; a file already there is never written over without --force), then exit"),
    )
    serve.add_argument("--force", action="store_true", help=_("let --backup write over a file that is already there"))
    serve.add_argument("--migrate", action="store_true", help=_("bring the club's database up to this pier18's schema, then exit"))
    serve.set_defaults(run=run_serve)

    for form in (opening, waiting, rating, serve):
        add_lang_option(form)  # `pier18 club ratings --lang nl`, where it is typed


def add_member_options(parser: argparse.ArgumentParser, lines: bool = False) -> None:
    """A member's options (on `club` itself too, so `pier18 club --lines` reads): each
    set only where given, so a sub-command's never hides the club's."""

    parser.add_argument("--name", metavar="NAME", default=argparse.SUPPRESS, help=_("the name you play under (needed the first time at a club)"))
    parser.add_argument(
        "--reset-code", metavar="CODE", default=argparse.SUPPRESS, type=reset_code,
        help=_("the one-time code the club's operator gave you after resetting your key: a new key is made and kept"),
    )
    parser.add_argument(
        "--cafile", metavar="FILE", type=file_name, default=argparse.SUPPRESS,
        help=_("trust this certificate (a club's self-signed one); implies TLS"),
    )
    if lines:
        parser.add_argument("--lines", action="store_true", default=argparse.SUPPRESS, help=_("plain lines instead of the full-screen club"))
        parser.add_argument("--quiet", action="store_true", default=argparse.SUPPRESS, help=_("no terminal bell when it becomes your turn"))


def reset_code(text: str) -> str:
    """--reset-code (argparse `type`): a code as the operator printed it (16 letters and
    digits, with or without dashes or spaces, in any case)."""

    letters = "".join(ch for ch in text if ch not in "- ")
    if not (len(text) <= 40 and len(letters) == 16 and letters.isascii() and letters.isalnum()):
        raise argparse.ArgumentTypeError(_("a one-time code has 16 letters and digits, as the club's operator was shown it; got {text}").format(
            text=quote(text[:60])
        ))
    return text


def _member(args: argparse.Namespace) -> tuple[str, str | None, str | None]:
    """(address, name, cafile) as given, the address checked."""
    address = getattr(args, "address", None) or DEFAULT_ADDRESS
    _check_address(address)
    return address, getattr(args, "name", None), getattr(args, "cafile", None)


def run_open(args: argparse.Namespace) -> int:
    address, _name, _cafile = _member(args)
    return open_club(args, address)


def run_wait(args: argparse.Namespace) -> int:
    address, _name, _cafile = _member(args)
    notify = getattr(args, "notify_command", None)
    if notify is not None:
        _command_words(notify)  # refused before connecting
    return _run(lambda club: wait(club, notify), args, address)


def run_ratings(args: argparse.Namespace) -> int:
    address, _name, _cafile = _member(args)
    return _run(ratings, args, address)


#: `club serve --max-connections`: its default and its largest (each connection costs
#: memory and a file descriptor; the system's own limit, `ulimit -n`, may be lower).
DEFAULT_MAX_CONNECTIONS = 256
MOST_CONNECTIONS = 100_000
#: `club serve --max-member-connections`, `--max-open-tables`, `--max-member-tables`: the
#: server's own defaults (`HostConfig.member_connections`, `TableLimits`), named here so
#: that `--help` needs no club module (tests/club/test_limits.py checks they agree).
DEFAULT_MEMBER_CONNECTIONS = 8
DEFAULT_OPEN_TABLES = 10
DEFAULT_MEMBER_TABLES = 100
#: The largest `--max-member-connections`, `--max-open-tables` and `--max-member-tables`.
MOST_PER_MEMBER = 10_000


def connection_limit(text: str) -> int:
    """--max-connections (argparse `type`): a whole number from 1 to MOST_CONNECTIONS."""

    number = int(text) if text.isascii() and text.isdigit() and len(text) < 8 else -1
    if not 1 <= number <= MOST_CONNECTIONS:
        raise argparse.ArgumentTypeError(
            _("connections: a whole number from 1 to {most}, got {text}").format(most=MOST_CONNECTIONS, text=quote(text))
        )
    return number


def member_limit(text: str) -> int:
    """A limit per member (argparse `type`): a whole number from 1 to MOST_PER_MEMBER."""

    number = int(text) if text.isascii() and text.isdigit() and len(text) < 8 else -1
    if not 1 <= number <= MOST_PER_MEMBER:
        raise argparse.ArgumentTypeError(
            _("a limit per member: a whole number from 1 to {most}, got {text}").format(most=MOST_PER_MEMBER, text=quote(text))
        )
    return number


def run_serve(args: argparse.Namespace) -> int:
    import asyncio

    from ..club.store import StoreError, open_store, private_line

    if sum((args.reset is not None, args.backup is not None, args.migrate)) > 1:
        raise CliError(_("--reset, --backup and --migrate: give one at a time"))
    if args.force and args.backup is None:
        raise CliError(_("--force is for --backup: it lets the backup write over a file"))
    if args.backup is not None:  # the rules --record follows: a regular file, written over only with --force
        problem = record_problem(Path(args.backup), args.force, option="--backup")
        if problem is not None:
            raise CliError(problem)
    context = server_ssl(args.tls_cert, args.tls_key)

    need_output()  # its arguments checked: now the output, before the club is opened
    try:
        store = open_store(args.db, migrate=args.migrate)
    except StoreError as exc:
        raise CliError(str(exc)) from None
    if store.repaired:
        print(prog_line(private_line(store.where, store.repaired)), file=sys.stderr, flush=True)
    try:
        if args.migrate:
            print(_("{club}: the club's database is at schema {version}").format(club=store.where, version=store.version()), flush=True)
            return 0
        if args.backup is None:
            store.check()  # a damaged club is said now, in one line, not as "busy" to members
        if args.reset is not None:
            from ..club.store import RESET_HOURS

            code = store.reset(args.reset)  # shown now only: the club keeps its hash
            print(_("{name}'s key is reset; give them this one-time code (it works once, within {hours} hours): {code}").format(
                name=quote(printable(args.reset)), hours=RESET_HOURS, code=code,
            ), flush=True)
            print(_("They come back with: pier18 club ADDRESS --reset-code {code}").format(code=code), flush=True)
            return 0
        if args.backup is not None:
            store.backup(args.backup, force=args.force)
            print(_("the club is copied to {file}").format(file=printable(args.backup)), flush=True)
            return 0
        where = store.where
    except StoreError as exc:
        raise CliError(str(exc)) from None
    finally:
        store.close()
    before = stop_on_signals()
    try:
        return asyncio.run(serve(args, context, where))
    except KeyboardInterrupt as stop:  # Ctrl+C, or SIGTERM / SIGHUP: every move is already in the database
        return 128 + (stop.number if isinstance(stop, Stopped) else 2)
    finally:
        for number, handler in before.items():
            signal.signal(number, signal.SIG_DFL if handler is None else handler)


async def serve(args: argparse.Namespace, context: object, where: str) -> int:
    from ..club.server import ClubServer
    from ..club.store import FILE_NAME, StoreError, TableLimits
    from ..net.host import HostConfig

    db = args.db if args.db is not None else data_dir() / FILE_NAME
    config = HostConfig(
        bind=args.bind, port=args.port, ssl=context, max_connections=args.max_connections,
        member_connections=args.max_member_connections,
    )
    server = ClubServer(db, config, tables=TableLimits(args.max_open_tables, args.max_member_tables))
    try:
        port = await server.start()
    except OSError as exc:
        await server.close()
        raise CliError(listen_error(exc, args.bind, args.port)) from None
    except StoreError as exc:
        await server.close()
        raise CliError(str(exc)) from None
    scheme = "wss" if context is not None else "ws"
    print(_("club {db} open on {scheme}://{bind}:{port}/club; Ctrl+C stops it (nothing is lost)").format(
        db=where, scheme=scheme, bind=args.bind, port=port
    ), flush=True)
    try:
        await asyncio_forever()
    finally:
        await server.close()
    return 0


async def asyncio_forever() -> None:
    import asyncio

    await asyncio.Event().wait()


def _shown(word: str) -> str:

    return quote(word)


def _check_address(address: str) -> None:
    from ..net.client import NetError, url_of

    try:
        url_of(address)
    except NetError as exc:
        raise CliError(str(exc)) from None


def _command_words(command: str) -> list[str]:
    """CMD as the words of a command (split as a shell would, run without one)."""

    try:
        found = shlex.split(command)
    except ValueError as exc:
        raise CliError(_("--notify-command: {why}").format(why=str(exc))) from None
    if not found:
        raise CliError(_("--notify-command: name a command to run"))
    return found


def club_key(address: str, name: str | None, tls: bool, reset: bool = False) -> tuple[str, str, bool]:
    """(name, key, made): the name and key kept for the club at `address`, or a new key
    for `name` the first time (kept once the club has welcomed it). After a key reset
    (`reset`: --reset-code given) always a new key, for --name or the name kept. CliError
    when there is none kept and no --name, or --name differs from the name kept."""
    from ..club.keys import keys_path, new_key, read_keys

    kept = read_keys().get(club_of(address, tls))
    if reset and kept is not None and name is None:
        return kept.name, new_key(), True
    if kept is not None and not reset:
        if name is not None and name != kept.name:
            raise CliError(_("at {club} you play as {name} ({path} keeps your key); leave out --name").format(
                club=shorten(address), name=kept.name, path=shorten(keys_path())
            ))
        return kept.name, kept.key, False
    if name is None:
        raise CliError(_("the first time at {club}, say the name you play under: --name NAME").format(club=shorten(address)))
    if not name.strip() or len(name) > 64 or printable_name(name) != name:
        raise CliError(_("--name: 1 to 64 printable characters"))
    return name, new_key(), True


def club_of(address: str, tls: bool) -> str:
    """The address a key is kept under: the club's host and port, however it is typed."""

    from ..club.client import club_url

    return urlsplit(club_url(address, tls=tls)).netloc


async def connected(args: argparse.Namespace, address: str) -> ClubClient:
    """A ClubClient connected as this member (the keys file written the first time)."""
    from ..club.client import ClubClient
    from ..club.keys import ClubKey, remember

    context: ssl.SSLContext | None = client_ssl(address, getattr(args, "cafile", None))
    reset_code = getattr(args, "reset_code", None)
    name, key, made = club_key(address, getattr(args, "name", None), context is not None, reset=reset_code is not None)
    need_output()  # every argument checked: now the output, before connecting
    club = ClubClient(address, name, key, ssl=context, reset_code=reset_code)
    try:
        await club.connect()
    except BaseException:
        await club.close()
        raise
    if made:
        remember(club_of(address, context is not None), ClubKey(name, key))
    return club


def _run(body: object, args: argparse.Namespace, address: str) -> int:
    import asyncio

    async def main() -> int:
        club = await connected(args, address)
        try:
            status: int = await body(club)  # type: ignore[operator]
            return status
        finally:
            await club.close()

    try:
        return asyncio.run(main())
    except KeyboardInterrupt:
        return 130


async def ratings(club: ClubClient) -> int:
    from ..lines.club import rating_lines

    print("\n".join(rating_lines(await club.ratings())))
    return 0


async def wait(club: ClubClient, notify: str | None) -> int:
    """Until it is this member's turn at a table: one line naming it, then CMD."""
    async for table in club.turns():
        print(_("Your turn at club table {table}.").format(table=table), flush=True)
        if notify is not None:
            return notify_command(notify, table)
        return 0
    return 0


def notify_command(command: str, table: int) -> int:
    """Run CMD without a shell, the table's number in PIER18_CLUB_TABLE; 0 once it ran
    (whatever it returned), CliError if it could not be started."""
    words = _command_words(command)
    try:
        subprocess.run(words, env={**os.environ, TABLE_ENV: str(table)}, check=False, stdin=subprocess.DEVNULL)
    except OSError as exc:
        raise CliError(_("--notify-command: cannot run {command} ({why})").format(
            command=_shown(words[0]), why=exc.strerror or str(exc)
        )) from None
    return 0


def open_club(args: argparse.Namespace, address: str) -> int:
    """The club itself: plain lines, or the Textual club screen (a game played from it in
    the same seat screens as `join`, the club again after)."""
    import asyncio

    lines, note = bool(getattr(args, "lines", False)), None
    if not lines:
        check_terminal()
        from ..tui.terminal import not_a_terminal

        missing = not_a_terminal()
        if missing:
            lines, note = True, in_plain_lines(missing)

    async def main() -> int:
        club = await connected(args, address)
        try:
            if lines:
                from ..lines.club import LineClub

                return await LineClub(club, quiet=bool(getattr(args, "quiet", False)), note=note).run()
            return await club_screens(club, bool(getattr(args, "quiet", False)))
        finally:
            await club.close()

    try:
        return asyncio.run(main())
    except KeyboardInterrupt:
        print("\n" + prog_line(_("Left the club; your games wait for you.")))
        return 130


async def club_screens(club: ClubClient, quiet: bool) -> int:
    """The Textual club until it is left; each game chosen there played in a `SeatApp`."""
    from ..net.client import Client
    from ..tui.club_app import ClubApp
    from ..tui.exits import run_app_async
    from ..tui.seat_app import SeatApp

    while True:
        app = ClubApp(club)
        status = await run_app_async(app)
        if status != 0 or app.play is None:
            return status
        url, code = app.play
        client = Client(url, code, ssl=club.ssl)
        status = await run_seat_app(SeatApp(client, quiet=quiet))
        if status not in (0, 2):  # refused (2, said): back to the club all the same
            return status
