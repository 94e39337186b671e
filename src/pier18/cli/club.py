"""`pier18 club`: a club of friends playing apart, at their own pace (docs/club.md).

One parser for every form, so that `pier18 club ADDRESS` works with the address where
a sub-command would be:

- `pier18 club [ADDRESS]`: the club screen (Textual), or plain lines with `--lines`;
- `pier18 club wait [ADDRESS] [--notify-command CMD]`: returns when it is your turn at
  one of your tables, one line naming it (CMD then runs, without a shell, with the
  table's number in PIER18_CLUB_TABLE);
- `pier18 club ratings [ADDRESS]`: the club's ratings, one member a line;
- `pier18 club serve ...`: runs a club (`cli.club_serve`, when present).

The first time at a club, `--name NAME` says what to play under; a key is made then
and kept with the name in the keys file (`club.keys`), so later the address is enough.
Everything about the club's network lives in `pier18.club.client`.
"""

from __future__ import annotations

from ..i18n import _

TYPE_CHECKING = False
if TYPE_CHECKING:  # pragma: no cover
    import argparse
    import ssl

    from ..club.client import ClubClient

#: The sub-commands; any other first word is the club's address.
FORMS = ("wait", "ratings", "serve")
DEFAULT_ADDRESS = "localhost:8020"
#: The environment variable `--notify-command` finds the table's number in.
TABLE_ENV = "PIER18_CLUB_TABLE"
#: The options each form may be given (dests); anything else given is refused.
ONLY = {"lines": (None,), "quiet": (None,), "notify_command": ("wait",)}


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from .parser import file_name

    parser = sub.add_parser(
        "club",
        help=_("play in a club: your games at your own pace, open tables, ratings"),
        description=_("Play in a Pier 18 club: games at your own pace, a notice when it is your turn, ratings."),
    )
    parser.add_argument(
        "what", metavar="wait|ratings|serve", nargs="?",
        help=_("wait: return when it is your turn somewhere; ratings: print the ratings; serve: run a club (none: open the club)"),
    )
    parser.add_argument("address", metavar="ADDRESS", nargs="?", help=_("the club's HOST:PORT (default {address})").format(address=DEFAULT_ADDRESS))
    parser.add_argument("--name", metavar="NAME", help=_("the name you play under (needed the first time at a club)"))
    parser.add_argument(
        "--cafile", metavar="FILE", type=file_name, help=_("trust this certificate (a club's self-signed one); implies TLS")
    )
    parser.add_argument("--lines", action="store_true", help=_("plain lines instead of the full-screen club"))
    parser.add_argument("--quiet", action="store_true", help=_("no terminal bell when it becomes your turn"))
    parser.add_argument(
        "--notify-command", metavar="CMD",
        help=_("with wait: run CMD (no shell) when it is your turn; the table's number is in {env}").format(env=TABLE_ENV),
    )
    serve = _serve_module()
    if serve is not None:
        serve.add_serve_options(parser)
    parser.set_defaults(run=run)


def _serve_module() -> object | None:
    try:
        from . import club_serve  # type: ignore[attr-defined,unused-ignore]
    except ImportError:
        return None
    module: object = club_serve
    return module


def run(args: argparse.Namespace) -> int:
    from .errors import CliError

    what, address = args.what, args.address
    if what is not None and what not in FORMS:
        if address is not None:
            raise CliError(_("{word} is not wait, ratings or serve (the address comes after it)").format(word=_shown(what)))
        what, address = None, what
    for dest, forms in ONLY.items():
        if getattr(args, dest, None) not in (None, False) and what not in forms:
            option = "--" + dest.replace("_", "-")
            raise CliError(_("{option} does not go with 'pier18 club {form}'").format(option=option, form=what or ""))
    if what == "serve":
        serve = _serve_module()
        if serve is None:
            raise CliError(_("this pier18 cannot run a club"))
        status: int = serve.run_serve(args)  # type: ignore[attr-defined]
        return status
    address = address or DEFAULT_ADDRESS
    _check_address(address)
    if args.notify_command is not None:
        _command_words(args.notify_command)  # refused before connecting
    if what == "wait":
        return _run(lambda club: wait(club, args.notify_command), args, address)
    if what == "ratings":
        return _run(ratings, args, address)
    return open_club(args, address)


def _shown(word: str) -> str:
    from ..engine.text import quote

    return quote(word)


def _check_address(address: str) -> None:
    from ..net.client import NetError, url_of
    from .errors import CliError

    try:
        url_of(address)
    except NetError as exc:
        raise CliError(str(exc)) from None


def _command_words(command: str) -> list[str]:
    """CMD as the words of a command (split as a shell would, run without one)."""
    import shlex

    from .errors import CliError

    try:
        found = shlex.split(command)
    except ValueError as exc:
        raise CliError(_("--notify-command: {why}").format(why=str(exc))) from None
    if not found:
        raise CliError(_("--notify-command: name a command to run"))
    return found


def club_key(address: str, name: str | None, tls: bool) -> tuple[str, str, bool]:
    """(name, key, made): the name and key kept for the club at `address`, or a new key
    for `name` the first time (kept once the club has welcomed it). CliError when there
    is none kept and no --name, or --name differs from the name kept."""
    from ..club.keys import keys_path, new_key, read_keys
    from ..engine.text import printable_name, shorten
    from .errors import CliError

    kept = read_keys().get(club_of(address, tls))
    if kept is not None:
        if name is not None and name != kept.name:
            raise CliError(_("at {club} you play as {name} ({path} keeps your key); leave out --name").format(
                club=address, name=kept.name, path=shorten(keys_path())
            ))
        return kept.name, kept.key, False
    if name is None:
        raise CliError(_("the first time at {club}, say the name you play under: --name NAME").format(club=address))
    if not name.strip() or len(name) > 64 or printable_name(name) != name:
        raise CliError(_("--name: 1 to 64 printable characters"))
    return name, new_key(), True


def club_of(address: str, tls: bool) -> str:
    """The address a key is kept under: the club's host and port, however it is typed."""
    from urllib.parse import urlsplit

    from ..club.client import club_url

    return urlsplit(club_url(address, tls=tls)).netloc


async def connected(args: argparse.Namespace, address: str) -> ClubClient:
    """A ClubClient connected as this member (the keys file written the first time)."""
    from ..club.client import ClubClient
    from ..club.keys import ClubKey, remember
    from .join import client_ssl

    context: ssl.SSLContext | None = client_ssl(address, args.cafile)
    name, key, made = club_key(address, args.name, context is not None)
    club = ClubClient(address, name, key, ssl=context)
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
    import os
    import subprocess

    from .errors import CliError

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

    from .errors import check_terminal, need_output

    need_output()
    lines, note = args.lines, None
    if not lines:
        check_terminal()
        from ..tui.terminal import not_a_terminal

        missing = not_a_terminal()
        if missing:
            from ..words import in_plain_lines

            lines, note = True, in_plain_lines(missing)

    async def main() -> int:
        club = await connected(args, address)
        try:
            if lines:
                from ..lines.club import LineClub

                return await LineClub(club, quiet=args.quiet, note=note).run()
            return await club_screens(club, args.quiet)
        finally:
            await club.close()

    try:
        return asyncio.run(main())
    except KeyboardInterrupt:
        from ..words import prog_line

        print("\n" + prog_line(_("Left the club; your games wait for you.")))
        return 130


async def club_screens(club: ClubClient, quiet: bool) -> int:
    """The Textual club until it is left; each game chosen there played in a `SeatApp`."""
    from ..net.client import Client
    from ..tui.club_app import ClubApp
    from ..tui.exits import run_app_async
    from ..tui.seat_app import SeatApp
    from .join import run_seat_app

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
