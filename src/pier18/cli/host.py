"""`pier18 host`: open a table for players on other computers (`pier18 join`).

Prints one join line per remote human seat and a spectator code, autosaves every
decision (with the seat codes, readable by you only) and, unless --no-seat, lets you
play the first human seat in the same Textual game `pier18 join` opens (a client of
this very table over loopback), where `j` shows the join lines again and `b` lets a
bot play for an away player. `--resume FILE` brings a table back with the same codes.
"""

from __future__ import annotations

from ..engine.sizes import TABLE_SIZES, table_sizes_text

TYPE_CHECKING = False
if TYPE_CHECKING:  # pragma: no cover
    import argparse
    import ssl
    from collections.abc import Callable

    from ..net.host import Host
    from ..persist.autosave import Autosaving
    from ..persist.files import Stamp
    from ..persist.session import Session

DEFAULT_PORT = 8018


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from ..words import level_names

    parser = sub.add_parser(
        "host",
        help="host a table that players join from their own computers ('pier18 join')",
        description="Host a networked Pier 18 table. Over the internet use TLS, or an SSH tunnel "
        "with --bind 127.0.0.1 (docs/protocol.md).",
    )
    parser.add_argument("--players", type=int, choices=TABLE_SIZES, default=2, help=f"how many players ({table_sizes_text()})")
    parser.add_argument("--names", help="the human players' names, comma separated (yours first)")
    parser.add_argument("--bots", metavar="N", help="make the last N seats computer opponents")
    parser.add_argument("--level", default="hard", help="how strong the --bots seats play (default: hard)")
    parser.add_argument("--seats", metavar="KINDS", help=f"every seat: human, {level_names()}, comma separated")
    parser.add_argument("--seed", type=int, help="shuffle seed")
    parser.add_argument("--cards", metavar="PATH", help="a deck file of your own")
    parser.add_argument("--port", type=port, default=DEFAULT_PORT, help=f"TCP port (default {DEFAULT_PORT}; 0: any free port)")
    parser.add_argument(
        "--bind", metavar="ADDR", default="0.0.0.0",
        help="listen on this address only (default 0.0.0.0: every IPv4 interface; 127.0.0.1 behind an SSH tunnel; :: for IPv6)",
    )
    parser.add_argument("--tls-cert", metavar="FILE", help="serve TLS with this certificate (PEM) ...")
    parser.add_argument("--tls-key", metavar="FILE", help="... and this private key (PEM)")
    parser.add_argument("--no-seat", action="store_true", help="do not play a seat yourself: only run the table")
    parser.add_argument(
        "--lines", action="store_true", help="play your seat in plain lines (moves typed as 'draft 7:1'), as 'pier18 join --lines'"
    )
    parser.add_argument("--resume", metavar="FILE", help="bring back a hosted game from its autosave, with the same codes")
    parser.set_defaults(run=run)


def port(text: str) -> int:
    """--port (argparse `type`): a TCP port, 0 to 65535 (0: any free one)."""
    import argparse

    from ..engine.text import quote

    try:
        number = int(text)
    except ValueError:
        number = -1
    if not 0 <= number <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a whole number from 0 to 65535 (0: any free port), got {quote(text)}")
    return number


def server_ssl(cert: str | None, key: str | None) -> ssl.SSLContext | None:
    if cert is None and key is None:
        return None
    from .errors import CliError
    from .join import check_pem

    if cert is None or key is None:
        raise CliError("TLS needs both --tls-cert and --tls-key")
    check_pem(cert, "--tls-cert")
    check_pem(key, "--tls-key")
    import ssl

    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(cert, key)
    except (OSError, ssl.SSLError) as exc:
        raise CliError(f"cannot use the TLS certificate {cert} with key {key} ({exc})") from None
    return context


def new_session(args: argparse.Namespace) -> Session:
    """A new game from the command line, with a fresh code for every human seat."""
    import random

    from ..bots.seats import HUMAN, seat_names
    from ..engine import load_deck
    from ..net.protocol import new_code
    from ..persist.session import Session, TableCodes
    from .play import check_seed, parse_seats, seated_names

    check_seed(args.seed)
    seats = parse_seats(args)
    names = seated_names(args, seats)
    if names is None:
        names = seat_names([f"Player {n + 1}" for n in range(seats.count(HUMAN))], seats)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**63)
    codes = TableCodes(tuple(new_code() if kind == HUMAN else None for kind in seats), new_code())
    return Session(load_deck(args.cards), names, seed, seats=seats, codes=codes)


def resumed_session(path: str) -> tuple[Session, Stamp | None]:
    """A hosted game from its autosave, and the stamp of the file as it was read (so
    that another writer's later save of it is never written over); a hot-seat save gets
    new codes."""
    from pathlib import Path

    from ..bots.seats import HUMAN
    from ..engine.errors import Pier18Error
    from ..net.protocol import new_code
    from ..persist import record
    from ..persist.files import stamp
    from ..persist.session import TableCodes

    version = stamp(Path(path))  # before reading: a save made meanwhile shows as a change
    session = record.load(path)
    if session.game.is_terminal():
        raise Pier18Error(f"{path}: this game is finished; 'pier18 replay {path}' shows it")
    if session.codes is None:
        session.codes = TableCodes(tuple(new_code() if k == HUMAN else None for k in session.seats), new_code())
    return session, version


def lan_address() -> str:
    """This computer's address on the local network, as others would dial it.

    Found by asking the OS which interface would route to a public address (a UDP
    "connect" sends nothing); 127.0.0.1 if there is no network.
    """
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never actually contacted
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def run(args: argparse.Namespace) -> int:
    import asyncio
    from pathlib import Path

    from ..engine.text import printable
    from ..persist import autosave
    from ..persist.lock import GameLocked

    context = server_ssl(args.tls_cert, args.tls_key)
    session, version = resumed_session(args.resume) if args.resume else (new_session(args), None)
    saving = autosave.autosaving(lambda names: session, on_error=lambda m: print(f"pier18: {printable(m)}", flush=True))
    try:
        saving.play(session, Path(args.resume) if args.resume else None, version)
    except GameLocked as locked:
        from .errors import CliError

        raise CliError(str(locked)) from None
    try:
        return asyncio.run(serve(args, session, context, saving))
    except KeyboardInterrupt:
        if saving.save is not None:  # where it is now: a save written by someone else makes a new file
            print("\n" + printable(f"pier18: the table is saved; 'pier18 host --resume {saving.save}' opens it again"), flush=True)
        return 130
    finally:
        saving.release()


async def serve(args: argparse.Namespace, session: Session, context: ssl.SSLContext | None, saving: Autosaving) -> int:
    """Run the table until the game is over, with the host's own seat if any.

    The autosave's name is read from `saving` whenever it is shown: if another process
    wrote the file, the game goes on in a new one (`persist.lock`)."""
    import sys

    from ..bots.seats import HUMAN
    from ..engine.text import printable
    from ..net.host import Host, HostConfig
    from .errors import CliError

    assert session.codes is not None
    codes = session.codes
    host = Host(session, codes, HostConfig(bind=args.bind, port=args.port, ssl=context))
    try:
        port = await host.start()
    except OSError as exc:
        raise CliError(f"cannot listen on port {args.port} ({exc.strerror or exc}); try --port") from None
    humans = [s for s, kind in enumerate(session.seats) if kind == HUMAN]
    mine = None if args.no_seat or not humans else humans[0]
    shown = args.bind if args.bind not in (None, "", "0.0.0.0", "::") else lan_address()
    where = f"{'wss://' if context else ''}{'[' + shown + ']' if ':' in shown else shown}:{port}"
    tls = f" --cafile {args.tls_cert}" if context else ""

    def say(line: str) -> None:
        print(printable(line), flush=True)  # paths and names are outside text

    joins = [f"{session.names[s]}: pier18 join {where} {codes.seats[s]}{tls}" for s in humans if s != mine]
    joins.append(f"to watch: pier18 join {where} --watch {codes.watch}{tls}")
    if context and tls:
        joins.append("(--cafile is only needed when the certificate is self-signed)")
    say(f"Pier 18 table open on port {port}{' (TLS)' if context else ''}; autosave: {saving.save}")
    for line in joins:
        say(f"  {line}")
    if mine is None or args.lines:
        say("Commands: 'bot NAME' lets a hard bot play an away seat until its player is back; 'status'.")

    def command(line: str) -> str | None:
        words = line.split(maxsplit=1)
        if words and words[0] == "status":
            return host.status()
        if words and words[0] == "bot":
            wanted = (words[1] if len(words) > 1 else "").strip().lower()
            names = [n.lower() for n in session.names]
            if wanted not in names:
                return f"bot NAME: NAME is one of {', '.join(session.names)}"
            return host.cover(names.index(wanted))
        return None

    try:
        status = 0
        if mine is not None:
            seat = OwnSeat(codes.seats[mine] or "", joins, saving, command if args.lines else None)
            status = await play_own_seat(host, port, context, seat)
        else:
            host.on_status = lambda line: say(f"[{line}] {host.status()}")
            await run_table(host, command)
        await host.flush()
        if session.game.is_terminal():
            for standing in (session.game.ranking() if mine is None else ()):
                say(f"{standing.place}. {session.names[standing.seat]}: {standing.total} points")
            say(f"The record: pier18 replay {saving.save}")
        elif saving.save is not None:
            say(f"The table is closed; 'pier18 host --resume {saving.save}' opens it again with the same codes.")
    finally:
        await host.close()
    sys.stdout.flush()
    return status


async def run_table(host: Host, command: Callable[[str], str | None]) -> None:
    """--no-seat: report the table's changes and obey commands until the game is over."""
    import asyncio

    from .join import _stdin_lines

    lines = _stdin_lines()
    while not host.finished.is_set():
        getter = asyncio.ensure_future(lines.get())
        finished = asyncio.ensure_future(host.finished.wait())
        done, _ = await asyncio.wait({getter, finished}, return_when=asyncio.FIRST_COMPLETED)
        finished.cancel()
        if getter not in done:
            getter.cancel()
            break
        line = getter.result()
        if line is None:  # no terminal (a service): just run the table
            await host.finished.wait()
            break
        answer = command(line.strip())
        if answer:
            print(answer, flush=True)


class OwnSeat:
    """The host's own seat: its code, the join lines to show, the autosave (`saving`),
    and the host's typed commands when it plays in plain lines (None: in the Textual game)."""

    def __init__(
        self, code: str, joins: list[str], saving: Autosaving, commands: Callable[[str], str | None] | None
    ) -> None:
        self.code, self.joins, self.saving, self.commands = code, joins, saving, commands


async def play_own_seat(host: Host, port: int, context: ssl.SSLContext | None, seat: OwnSeat) -> int:
    """The host's own seat: a client of its own table over loopback, in the Textual game
    (or in plain lines with --lines)."""
    import ssl

    from ..net.client import Client
    from .join import LineFrontEnd, app_ended

    local = host.config.bind if host.config.bind not in (None, "", "0.0.0.0", "::") else "127.0.0.1"
    client_context = None
    if context is not None:  # our own certificate, reached by a loopback address
        client_context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        client_context.check_hostname = False
        client_context.verify_mode = ssl.CERT_NONE  # it is this very process on the other end
    address = f"{'wss' if context else 'ws'}://{'[' + local + ']' if ':' in str(local) else local}:{port}/"
    client = Client(address, seat.code, ssl=client_context)
    if seat.commands is not None:
        try:
            await LineFrontEnd(client.start(), seat.commands).run()
        finally:
            await client.close()
        return 0
    from ..tui.seat_app import SeatApp

    app = SeatApp(client, desk=host, join_lines=seat.joins, record=seat.saving.save)
    seat.saving.moved_to = lambda path: setattr(app, "record", path)  # the final screen names the file it is in
    try:
        await app.run_async()
    finally:
        await client.close()
    return app_ended(app)
