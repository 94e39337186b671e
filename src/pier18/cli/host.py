"""`pier18 host`: open a table for players on other computers (`pier18 join`).

Prints one join line per remote human seat and a spectator code, autosaves every
decision (with the seat codes, readable by you only) and, unless --no-seat, lets you
play the first human seat in the same Textual game `pier18 join` opens (a client of
this very table over loopback), where `j` shows the join lines again and `b` lets a
bot play for an away player. `--resume FILE` brings a table back with the same codes.
"""

from __future__ import annotations

import argparse
import errno
import random
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any
import socket

from ..engine import load_deck
from ..engine.errors import Pier18Error
from ..engine.sizes import TABLE_SIZES, table_sizes_text
from ..engine.text import name_key, printable, quote, shorten
from ..i18n import _
from ..persist import record, autosave
from ..persist.files import stamp
from ..persist.lock import GameLocked, ending
from ..session import Session, TableCodes
from ..speech.notices import GAME_NAME, command, game_finished, prog_line, replay_command
from ..speech.people import default_name, level_names
from ..speech.scores import points
from .errors import CliError, drop, need_output, plain_lines
from .join import check_pem, run_seat_app
from .parser import Commands, add_deck_option, file_name
from .play import check_seed, parse_seats, seated_names

if TYPE_CHECKING:
    import ssl
    from collections.abc import Callable, Sequence

    from ..net.host import Host
    from ..net.web import WebSeats
    from ..persist.autosave import Autosaving
    from ..persist.files import Stamp
    from ..session import Session

DEFAULT_PORT = 8018
DEFAULT_WEB_PORT = 8019
#: How long a finished game's browser seats may keep their final screens (seconds).
WEB_LINGER = 600.0


def add_parser(sub: Commands) -> None:

    parser = sub.add_parser(
        "host",
        help=_("host a table that players join from their own computers ('pier18 join')"),
        description=_("Host a networked Pier 18 table. Over the internet use TLS, or an SSH tunnel "
        "with --bind 127.0.0.1 (docs/protocol.md)."),
    )
    parser.add_argument("--players", type=int, choices=TABLE_SIZES, default=2, help=_("how many players ({sizes})").format(sizes=table_sizes_text()))
    parser.add_argument("--names", help=_("the human players' names, comma separated (yours first)"))
    parser.add_argument("--bots", metavar="N", help=_("make the last N seats computer opponents"))
    parser.add_argument("--level", default="hard", help=_("how strong the --bots seats play (default: hard)"))
    parser.add_argument("--seats", metavar="KINDS", help=_("every seat: human, {levels}, comma separated").format(levels=level_names()))
    parser.add_argument("--seed", type=int, help=_("shuffle seed"))

    add_deck_option(parser, help=_("a deck file of your own (default: the game's deck)"))
    parser.add_argument("--port", type=port, default=DEFAULT_PORT, help=_("TCP port (default {port}; 0: any free port)").format(port=DEFAULT_PORT))
    parser.add_argument(
        "--bind", metavar="ADDR", default="0.0.0.0", type=bind_address,
        help=_("listen on this address only (default 0.0.0.0: every IPv4 interface; 127.0.0.1 behind an SSH tunnel; :: for IPv6)"),
    )
    parser.add_argument(
        "--web", metavar="PORT", nargs="?", const=DEFAULT_WEB_PORT, type=port,
        help=_("also offer every seat as a web page on this port (default {port}; 0: any free port), "
        "on the --bind address (docs/web.md)").format(port=DEFAULT_WEB_PORT),
    )
    parser.add_argument("--tls-cert", metavar="FILE", type=file_name, help=_("serve TLS with this certificate (PEM) ..."))
    parser.add_argument("--tls-key", metavar="FILE", type=file_name, help=_("... and this private key (PEM)"))
    parser.add_argument("--no-seat", action="store_true", help=_("do not play a seat yourself: only run the table"))
    parser.add_argument(
        "--lines", action="store_true", help=_("play your seat in plain lines (moves typed as 'draft 7:1'), as 'pier18 join --lines'")
    )
    parser.add_argument("--quiet", action="store_true", help=_("no terminal bell when it becomes your turn"))
    parser.add_argument(
        "--resume", metavar="FILE", type=file_name, help=_("bring back a hosted game from its autosave, with the same codes")
    )
    parser.set_defaults(run=run)


def port(text: str) -> int:
    """--port (argparse `type`): a TCP port, 0 to 65535 (0: any free one)."""

    number = int(text) if text.isascii() and text.isdigit() else -1  # not ' 80', '+80', '8_0'
    if not 0 <= number <= 65535:
        raise argparse.ArgumentTypeError(
            _("a port is a whole number from 0 to 65535 (0: any free port), got {text}").format(text=quote(text))
        )
    return number


def bind_address(text: str) -> str:
    """--bind (argparse `type`): an IP address (IPv4 or IPv6) or a host name, checked
    before anything listens, so a mistake is blamed on --bind, never on the port.

    `256.1.1.1` is refused here: digits and dots only make an IPv4 address or nothing
    (a resolver would look it up as a name and fail with a riddle). Whether the address
    belongs to this computer is known only when listening (`listen_error`). Nothing
    (`--bind ''`) is no address either: it once listened on every interface. The rule is
    `net.protocol.host_name`, a `join` ADDRESS's too.
    """

    from ..net.protocol import host_name

    if not host_name(text):
        raise argparse.ArgumentTypeError(_("{text} is not an address: give an IP address of this computer (127.0.0.1, 0.0.0.0, ::) or its name").format(
            text=quote(text)
        ))
    return text


def listen_error(exc: OSError, bind: str | None, port: int, option: str = "--port") -> str:
    """Why the table could not open, blaming the argument at fault: --bind for an address
    that is not this computer's (or no address at all), --port for a port in use or
    reserved."""
    reason = exc.strerror or str(exc)
    where = shorten(bind or _("every interface"))
    if isinstance(exc, socket.gaierror):
        return _("--bind {where}: no such address ({why})").format(where=where, why=reason)
    if exc.errno in (errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT):
        return _("--bind {where}: not an address of this computer ({why})").format(where=where, why=reason)
    if exc.errno in (errno.EADDRINUSE, errno.EACCES, errno.EPERM):
        return _("{option} {port}: cannot listen on this port ({why}); try another {option}").format(option=option, port=port, why=reason)
    return _("cannot listen on {where} port {port} ({why})").format(where=where, port=port, why=reason)


def resume_command(args: argparse.Namespace, save: object, port: int | None = None) -> str:
    """The `pier18 host --resume` line that opens this very table again: same autosave,
    and every option the players' join lines depend on (the port it listened on, the
    web seats' port, the address, TLS) or the host played with (--no-seat, --lines, --quiet)."""

    line: list[object] = ["pier18", "host", "--resume", save, "--port", args.port if port is None else port]
    web = getattr(args, "web_on", None) or getattr(args, "web", None)
    if web is not None:
        line += ["--web", web]
    if args.bind != "0.0.0.0":
        line += ["--bind", args.bind]
    if args.tls_cert is not None:
        line += ["--tls-cert", args.tls_cert, "--tls-key", args.tls_key]
    if args.no_seat:
        line.append("--no-seat")
    if args.lines:
        line.append("--lines")
    if getattr(args, "quiet", False):
        line.append("--quiet")
    return command(*line)


def server_ssl(cert: str | None, key: str | None) -> ssl.SSLContext | None:
    if cert is None and key is None:
        return None

    if cert is None or key is None:
        raise CliError(_("TLS needs both --tls-cert and --tls-key"))
    check_pem(cert, "--tls-cert")
    check_pem(key, "--tls-key")
    import ssl

    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(cert, key)
    except (OSError, ssl.SSLError) as exc:
        raise CliError(_("cannot use the TLS certificate {cert} with key {key} ({why})").format(cert=shorten(cert), key=shorten(key), why=shorten(exc))) from None
    return context


def new_session(args: argparse.Namespace) -> Session:
    """A new game from the command line, with a fresh code for every human seat."""

    from ..bots.seats import HUMAN, seat_names
    from ..net.protocol import new_code

    check_seed(args.seed)
    seats = parse_seats(args)
    names = seated_names(args, seats)
    if names is None:
        names = seat_names([default_name(n + 1) for n in range(seats.count(HUMAN))], seats)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**63)
    codes = TableCodes(tuple(new_code() if kind == HUMAN else None for kind in seats), new_code())
    return Session(load_deck(args.deck), names, seed, seats=seats, codes=codes)


def resumed_session(path: str) -> tuple[Session, Stamp | None]:
    """A hosted game from its autosave, and the stamp of the file as it was read (so
    that another writer's later save of it is never written over); a hot-seat save gets
    new codes."""

    from ..bots.seats import HUMAN
    from ..net.protocol import new_code

    version = stamp(Path(path))  # before reading: a save made meanwhile shows as a change
    session = record.load(path)
    if session.game.is_terminal():
        raise Pier18Error(game_finished(shorten(path), path))
    if session.codes is None:
        session.codes = TableCodes(tuple(new_code() if k == HUMAN else None for k in session.seats), new_code())
    return session, version


def lan_address() -> str:
    """This computer's address on the local network, as others would dial it.

    Found by asking the OS which interface would route to a public address (a UDP
    "connect" sends nothing); 127.0.0.1 if there is no network.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never actually contacted
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def run(args: argparse.Namespace) -> int:
    import asyncio

    from ..bots.seats import HUMAN

    context = server_ssl(args.tls_cert, args.tls_key)
    session, version = resumed_session(args.resume) if args.resume is not None else (new_session(args), None)

    need_output()  # every input read: only now the closed output, if it is
    args.in_lines, args.note = args.lines, None  # how the host's own seat is played
    if not args.no_seat and not args.lines and HUMAN in session.seats:
        args.in_lines, args.note = plain_lines(False)  # the app's terminal, or plain lines; nothing saved yet
    saving = autosave.autosaving(
        lambda names: session, on_error=lambda m: print(prog_line(printable(m)), flush=True), background=True
    )
    try:
        saving.play(session, Path(args.resume) if args.resume is not None else None, version)
    except GameLocked as locked:
        raise CliError(str(locked)) from None
    before = stop_on_signals()
    try:
        return asyncio.run(serve(args, session, context, saving))
    except KeyboardInterrupt as stop:  # Ctrl+C, or SIGTERM / SIGHUP (a service being stopped)
        if saving.save is not None:  # where it is now: a save written by someone else makes a new file
            again = resume_command(args, saving.save, getattr(args, "listening_on", None))
            print("\n" + printable(prog_line(_("the table is saved; '{command}' opens it again").format(command=again))), flush=True)
        return 128 + (stop.number if isinstance(stop, Stopped) else 2)
    finally:
        for number, handler in before.items():
            signal.signal(number, signal.SIG_DFL if handler is None else handler)
        saving.release()  # its lock file goes too


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP stopped the table: it ends as Ctrl+C ends it (the autosave as the
    last decision left it, the lock let go), with status 128 + `number`."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number


def stop_on_signals() -> dict[int, Any]:
    """Make SIGTERM and SIGHUP stop the table as Ctrl+C does (the host's own seat app
    handles them itself while it runs); the handlers there were before, to put back."""
    def stop(number: int, frame: object) -> None:
        ending()  # its game's lock says so: a resume waits the moment its last save takes
        raise Stopped(number)

    before: dict[int, Any] = {}
    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None:
            before[number] = signal.signal(number, stop)
    return before


async def serve(args: argparse.Namespace, session: Session, context: ssl.SSLContext | None, saving: Autosaving) -> int:
    """Run the table until the game is over, with the host's own seat if any.

    The autosave's name is read from `saving` whenever it is shown: if another process
    wrote the file, the game goes on in a new one (`persist.lock`)."""

    from ..bots.seats import HUMAN
    from ..net.host import Host, HostConfig

    assert session.codes is not None
    codes = session.codes
    host = Host(session, codes, HostConfig(bind=args.bind, port=args.port, ssl=context, lobby=True), saved=saving.flush)
    try:
        port = await host.start()
    except OSError as exc:
        raise CliError(listen_error(exc, args.bind, args.port)) from None
    args.listening_on = port  # --port 0 picked one: resuming must listen on the same
    humans = [s for s, kind in enumerate(session.seats) if kind == HUMAN]
    mine = None if args.no_seat or not humans else humans[0]
    shown = args.bind if args.bind not in (None, "", "0.0.0.0", "::") else lan_address()
    where = f"{'wss://' if context else ''}{'[' + shown + ']' if ':' in shown else shown}:{port}"
    cafile = args.tls_cert if context else None

    def again(save: object) -> str:
        """The `pier18 host --resume` line that opens this table again from `save`."""
        return resume_command(args, save, port)

    stopped = False  # the host's own seat was stopped from outside (its window closed?)

    def say(line: str) -> None:
        try:
            print(printable(line), flush=True)  # paths and names are outside text
        except OSError:
            if not stopped:
                raise
            drop(sys.stdout, sys.__stdout__)  # its terminal went with the window: the status says it

    web = None
    if args.web is not None:
        try:
            web = await open_web_seats(host, args, port, context)
        except BaseException:
            await host.close()
            raise
    site = None if web is None else f"{'https' if context else 'http'}://{'[' + shown + ']' if ':' in shown else shown}:{web.port}"
    joins = []
    for s in humans:
        if s != mine:
            joins.append(f"{session.names[s]}: {_join_command(where, codes.seats[s] or '', cafile)}")
            if site is not None:
                joins.append(_("  or in a browser: {link}").format(link=_web_link(site, codes.seats[s] or "")))
    joins.append(_("to watch: {command}").format(command=_join_command(where, codes.watch, cafile, watch=True)))
    if site is not None:
        joins.append(_("to watch in a browser: {link}").format(link=_web_link(site, codes.watch, watch=True)))
    if cafile:
        joins.append(_("(--cafile is only needed when the certificate is self-signed)"))
    say(_table_open(port, context is not None, None if saving.save is None else str(saving.save)))
    for line in joins:
        say(f"  {line}")
    if args.note is not None and mine is not None:
        say(args.note)
    if mine is None or args.in_lines:
        say(_(
            "Commands: 'start' starts the game now, a bot playing each empty seat until its player comes; "
            "'bot NAME' lets a hard bot play an away seat until its player is back; 'status'."
        ))
    if mine is None and not host.started:  # the lobby: who is still to come
        say(f"[{host.status()}]")

    command = table_commands(host, session.names)
    try:
        status = 0
        if mine is not None:
            seat = OwnSeat(codes.seats[mine] or "", joins, saving, command if args.in_lines else None, again, args.quiet)
            status = await play_own_seat(host, port, context, seat)
            stopped = status > 128
        else:
            host.on_status = lambda line: say(f"[{line}] {host.status()}")
            await run_table(host, command)
        await host.flush()
        if session.game.is_terminal():
            for standing in (session.game.ranking() if mine is None else ()):
                say(_("{place}. {name}: {points}").format(place=standing.place, name=session.names[standing.seat], points=points(standing.total)))
            say(_("The record: {command}").format(command=replay_command(saving.save, lines=args.in_lines)))
            if web is not None and not web.idle.is_set():
                say(_("The game is over; the table closes when every browser seat has closed its page (Ctrl+C closes it now)."))  # their final screens stay until they are closed
                await web.until_left(WEB_LINGER)
        elif saving.save is not None:
            say(_("The table is closed; '{command}' opens it again with the same codes.").format(command=again(saving.save)))
    finally:
        if web is not None:
            await web.close()
        await host.close()
    sys.stdout.flush()
    return status


def table_commands(host: Host, names: Sequence[str]) -> Callable[[str], str | None]:
    """The host's own commands, typed at its terminal: 'status', 'start', 'bot NAME'
    (read as every typed command is: `lines.commands.command_word`). The answer to a
    line, or None when it is none of them."""
    from ..lines.commands import command_word

    def command(line: str) -> str | None:
        word, typed = command_word(line), line.split(maxsplit=1)
        if word == "status":
            return host.status()
        if word == "start" and len(typed) == 1:
            return host.start_now()
        if word == "bot":
            wanted = name_key(typed[1] if len(typed) > 1 else "")
            keys = [name_key(n) for n in names]
            if wanted not in keys:
                return _("bot NAME: NAME is one of {names}").format(names=", ".join(names))
            return host.cover(keys.index(wanted))
        return None

    return command


def own_address(bind: str | None) -> str:
    """How this computer reaches its own table listening on `bind`."""
    local = bind if bind not in (None, "", "0.0.0.0", "::") else "127.0.0.1"
    return f"[{local}]" if ":" in str(local) else str(local)


async def open_web_seats(host: Host, args: argparse.Namespace, port: int, context: ssl.SSLContext | None) -> WebSeats:
    """--web: the browser seats, on the --bind address and the --web port (https with
    the table's certificate). Each tab runs the seat's app in a process of its own, a
    fixed command that reaches the table over loopback."""

    from ..net.web import WebConfig, WebSeats

    table = f"{'wss' if context else 'ws'}://{own_address(host.config.bind)}:{port}/"
    command = [sys.executable, "-m", "pier18.cli.web_seat", table, *(["--own-tls"] if context else [])]
    web = WebSeats(host, command, WebConfig(bind=args.bind, port=args.web, ssl=context))
    try:
        args.web_on = await web.start()
    except OSError as exc:
        raise CliError(listen_error(exc, args.bind, args.web, "--web")) from None
    return web


async def run_table(host: Host, command: Callable[[str], str | None]) -> None:
    """--no-seat: report the table's changes and obey commands until the game is over."""
    import asyncio

    from ..lines.typed import TypedLines

    lines = TypedLines()
    while not host.finished.is_set():
        getter = asyncio.ensure_future(lines.get())
        finished = asyncio.ensure_future(host.finished.wait())
        done, _pending = await asyncio.wait({getter, finished}, return_when=asyncio.FIRST_COMPLETED)
        finished.cancel()
        if getter not in done:
            getter.cancel()
            break
        line = getter.result()
        if line is None:  # no seat to leave: the input ends (a service's is empty), the table runs on
            await host.finished.wait()
            break
        answer = command(line.strip())
        if answer:
            print(answer, flush=True)


class OwnSeat:
    """The host's own seat: its code, the join lines to show, the autosave (`saving`),
    the host's typed commands when it plays in plain lines (None: in the Textual game),
    and what makes the `pier18 host --resume` line for an autosave (`resume`)."""

    def __init__(
        self, code: str, joins: list[str], saving: Autosaving, commands: Callable[[str], str | None] | None,
        resume: Callable[[object], str], quiet: bool = False,
    ) -> None:
        self.code, self.joins, self.saving, self.commands, self.resume = code, joins, saving, commands, resume
        self.quiet = quiet  # no bell when it becomes the host's turn

    def resume_line(self) -> str | None:
        """The line that opens the table again from where it is saved now (None: not saved)."""
        return None if self.saving.save is None else self.resume(self.saving.save)


async def play_own_seat(host: Host, port: int, context: ssl.SSLContext | None, seat: OwnSeat) -> int:
    """The host's own seat: a client of its own table over loopback, in the Textual game
    (or in plain lines with --lines)."""
    import ssl

    from ..net.client import Client

    client_context = None
    if context is not None:  # our own certificate, reached by a loopback address
        client_context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        client_context.check_hostname = False
        client_context.verify_mode = ssl.CERT_NONE  # it is this very process on the other end
    address = f"{'wss' if context else 'ws'}://{own_address(host.config.bind)}:{port}/"
    client = Client(address, seat.code, ssl=client_context)
    if seat.commands is not None:
        from ..lines.seat import LineSeat

        more = [
            _("start: start the game now, a bot playing each empty seat until its player comes"),
            _("bot NAME: a hard bot plays an away seat until its player is back"),
            _("status: whose turn it is, and who the table waits for"),
        ]
        stop = _("quit: close the table; it is saved, and opens again with the same codes")
        try:
            await LineSeat(client.start(), commands=seat.commands, more_help=more, stop=stop, quiet=seat.quiet).run()
        finally:
            await client.close()
        return 0
    from ..tui.seat_app import SeatApp

    app = SeatApp(
        client, desk=host, join_lines=seat.joins, record=seat.saving.save, resume=seat.resume_line(),
        deck=host.session.deck, quiet=seat.quiet,
    )

    def moved(path: Path) -> None:  # the final screen and the stop line name the file it is in now
        app.record, app.resume = path, seat.resume(path)

    seat.saving.moved_to = moved
    printed = seat.saving.tell_with(app.warn)  # a print would not be seen under the game's screen
    try:
        return await run_seat_app(app)
    finally:
        seat.saving.tell_with(printed)


def _join_command(address: str, code: str, cafile: object | None = None, watch: bool = False) -> str:
    """What a player types to join a table (`watch`: the spectator code's), each word
    quoted for the shell where it needs it."""
    tls = ["--cafile", cafile] if cafile else []
    return command("pier18", "join", address, *(["--watch"] if watch else []), code, *tls)


def _web_link(base: str, code: str, watch: bool = False) -> str:
    """A browser seat's address (`watch`: the spectator code's page)."""
    return f"{base}/?{'watch' if watch else 'seat'}={code}"


def _table_open(port: int, tls: bool, save: str | None) -> str:
    """The host's first line."""
    if tls:
        return _("{game} table open on port {port} (TLS); autosave: {save}").format(game=GAME_NAME, port=port, save=save)
    return _("{game} table open on port {port}; autosave: {save}").format(game=GAME_NAME, port=port, save=save)
