"""`pier18 join ADDRESS CODE`: play one seat of a table someone hosts (`pier18 host`).

It opens the Textual game for that seat alone (`pier18.tui.seat_app.SeatApp`), or the
public table with `--watch CODE`. `--lines` plays the seat in plain lines instead, for
screen readers and scripts (`pier18.lines.seat.LineSeat`): each event said once, cards
and piers in words, decisions typed in the record notation. Everything about the
network lives in `pier18.net.client`.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from ..engine.reading import read_capped
from ..engine.text import quote, shorten
from ..i18n import _
from ..speech.notices import prog_line
from .errors import CliError, need_output, plain_lines
from .parser import Commands, file_name

if TYPE_CHECKING:
    import ssl

    from ..net.client import Client
    from ..tui.seat_app import SeatApp


def add_parser(sub: Commands) -> None:

    parser = sub.add_parser(
        "join",
        help=_("play a seat at a table someone hosts with 'pier18 host' (or watch it)"),
        description=_("Join a networked Pier 18 table. The host prints the command to type."),
    )
    parser.add_argument(
        "address", metavar="ADDRESS", type=address, help=_("HOST:PORT as the host printed it (wss://HOST:PORT for TLS)")
    )
    parser.add_argument("code", metavar="CODE", nargs="?", type=seat_code, help=_("your seat's code, as the host printed it"))
    parser.add_argument(
        "--watch", metavar="CODE", type=seat_code, help=_("watch the game with the spectator code instead of playing")
    )
    parser.add_argument(
        "--cafile", metavar="FILE", type=file_name, help=_("trust this certificate (a host's self-signed one); implies TLS")
    )
    parser.add_argument(
        "--lines", action="store_true", help=_("plain lines instead of the full-screen game (moves typed as 'draft 7:1'); "
        "also what you get when standard input or standard error is not a terminal")
    )
    parser.add_argument("--quiet", action="store_true", help=_("no terminal bell when it becomes your turn"))
    parser.set_defaults(run=run)


def address(text: str) -> str:
    """ADDRESS as typed, once it is one (argparse `type`): a bad one stops before connecting."""

    from ..net.client import NetError, url_of

    try:
        url_of(text)
    except NetError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def seat_code(text: str) -> str:
    """CODE or --watch CODE (argparse `type`): one with nothing of a code in it ('', spaces,
    dashes) is refused before connecting, where a table would only call it wrong."""

    from ..net.protocol import normalize_code

    if not normalize_code(text).strip():
        raise argparse.ArgumentTypeError(_(
            "a code is the letters and digits the host printed (such as K7QF-M2XD-9PHA-T4RE), got {text}"
        ).format(text=quote(text)))
    return text


#: The largest certificate, key or CA file read (a CA bundle is a few hundred KiB).
MAX_PEM_BYTES = 2**20


def check_pem(path: str, flag: str) -> None:
    """CliError unless `path` is a regular file of at most MAX_PEM_BYTES: a FIFO, a
    device or a huge file is refused before the TLS library opens it (and blocks)."""

    try:
        read_capped(path, MAX_PEM_BYTES)
    except OSError as exc:
        why = exc.strerror or str(exc)
        raise CliError(_("{option} {path}: cannot read the file ({why})").format(option=flag, path=f"'{shorten(path)}'", why=why)) from None


def client_ssl(address: str, cafile: str | None) -> ssl.SSLContext | None:
    """TLS settings for `address`: wss:// or a --cafile means TLS, verified as usual."""
    if cafile is None and not address.startswith("wss://"):
        return None
    import ssl

    if cafile is not None:
        check_pem(cafile, "--cafile")
    try:
        return ssl.create_default_context(cafile=cafile)
    except (OSError, ssl.SSLError) as exc:
        why = shorten(exc)
        raise CliError(_("--cafile {path}: cannot read the certificate ({why})").format(path=shorten(cafile), why=why)) from None


def run(args: argparse.Namespace) -> int:
    import asyncio

    from ..net.client import Client

    if (args.code is None) == (args.watch is None):
        raise CliError(_("give your seat's CODE, or --watch CODE to watch (one of them)"))
    context = client_ssl(args.address, args.cafile)  # --cafile read before the terminal is asked for

    need_output()
    lines, note = plain_lines(args.lines)
    address = args.address
    if context is not None and not address.startswith("wss://"):
        address = "wss://" + address.removeprefix("ws://").rstrip("/") + "/"
    code = args.code or args.watch

    async def main() -> int:
        client = Client(address, code, ssl=context)
        if lines:
            from ..lines.seat import LineSeat

            front = LineSeat(client, note=note, quiet=args.quiet, left=left_table())
            front.say(_("connecting to {url}…").format(url=shorten(client.url)))
            try:
                await let_in(client)
                return await front.run()
            finally:
                await client.close()
        try:
            await let_in(client)
        except BaseException:
            await client.close()
            raise
        from ..tui.seat_app import SeatApp

        return await run_seat_app(SeatApp(client, quiet=args.quiet))

    try:
        return asyncio.run(main())
    except KeyboardInterrupt:
        print("\n" + prog_line(left_table()))
        return 130


def left_table() -> str:
    """Said after leaving a game that is still going on."""

    return _("Left the table; join again with the same code to come back to your seat.")


async def let_in(client: Client) -> None:
    """Connect, and wait until the host has let this client in: a refusal before that (a
    wrong code, no host at the address, a host with no room) is bad input, one line and
    exit status 2, before any screen is drawn."""

    client.start()
    await client.until(lambda: client.ever_in or client.fatal is not None)
    if not client.ever_in:
        await client.close()
        raise CliError(client.fatal or "")


async def run_seat_app(app: SeatApp) -> int:
    """Run a seat's app (`pier18.tui.exits`: a crash or a stop signal ends it as every
    app's does), then close its connection; the exit status, with one line if it ended badly."""

    from ..tui.exits import run_app_async

    try:
        status = await run_app_async(app)
    finally:
        await app.client.close()
    if status != 0:
        return status
    if app.problem is not None:  # the host refused us for good, or broke the protocol: bad input

        print(prog_line(app.problem), file=sys.stderr)
        return 2
    if app.state is not None and not app.state.table.is_terminal() and app.client.seat is not None and app.desk is None:
        print(left_table())
    return 0
