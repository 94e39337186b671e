"""`pier18 club`: a club of friends playing apart, at their own pace (docs/club.md).

`pier18 club serve` runs the club's server: one process holding every table, its state
in a SQLite database (by default `club.sqlite3` in the data folder). `--reset NAME`
lets a member who lost their key back in; `--backup FILE` copies the whole club while
it may be running. Both do their one thing and exit.
"""

from __future__ import annotations

from ..i18n import _

TYPE_CHECKING = False
if TYPE_CHECKING:  # pragma: no cover
    import argparse

DEFAULT_PORT = 8020


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from .host import bind_address, port
    from .parser import file_name

    parser = sub.add_parser(
        "club",
        help=_("a club: many tables on one server, played at your own pace (docs/club.md)"),
        description=_("A Pier 18 club: friends play apart, live or by correspondence, with turn clocks and ratings."),
    )
    commands = parser.add_subparsers(dest="club_command", metavar="COMMAND", required=True)
    serve = commands.add_parser(
        "serve",
        help=_("run the club's server"),
        description=_("Run a club's server: every table, every member, every move in one database. "
        "Over the internet use TLS, or an SSH tunnel with --bind 127.0.0.1 (docs/club.md)."),
    )
    serve.add_argument("--db", metavar="FILE", type=file_name, help=_("the club's database (default: club.sqlite3 in the data folder)"))
    serve.add_argument("--port", type=port, default=DEFAULT_PORT, help=_("TCP port (default {port}; 0: any free port)").format(port=DEFAULT_PORT))
    serve.add_argument(
        "--bind", metavar="ADDR", default="0.0.0.0", type=bind_address,
        help=_("listen on this address only (default 0.0.0.0: every IPv4 interface; 127.0.0.1 behind an SSH tunnel; :: for IPv6)"),
    )
    serve.add_argument("--tls-cert", metavar="FILE", type=file_name, help=_("serve TLS with this certificate (PEM) ..."))
    serve.add_argument("--tls-key", metavar="FILE", type=file_name, help=_("... and this private key (PEM)"))
    serve.add_argument("--reset", metavar="NAME", help=_("let the member NAME in again with a new key (they lost theirs), then exit"))
    serve.add_argument("--backup", metavar="FILE", type=file_name, help=_("copy the whole club to FILE (safe while it runs), then exit"))
    serve.set_defaults(run=run_serve)


def run_serve(args: argparse.Namespace) -> int:
    import asyncio

    from ..club.store import StoreError, open_store
    from ..engine.text import printable, quote
    from .errors import CliError
    from .host import server_ssl, stop_on_signals, Stopped
    import signal

    if args.reset is not None and args.backup is not None:
        raise CliError(_("--reset and --backup: give one at a time"))
    context = server_ssl(args.tls_cert, args.tls_key)
    try:
        store = open_store(args.db)
    except StoreError as exc:
        raise CliError(str(exc)) from None
    try:
        if args.reset is not None:
            store.reset(args.reset)
            print(_("{name} may come back with a new key: their next hello sets it").format(name=quote(printable(args.reset))), flush=True)
            return 0
        if args.backup is not None:
            store.backup(args.backup)
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
    from pathlib import Path

    from ..club.server import ClubServer
    from ..club.store import FILE_NAME, StoreError
    from ..net.host import HostConfig
    from ..persist.autosave import data_dir
    from .errors import CliError
    from .host import listen_error

    db = Path(args.db) if args.db is not None else data_dir() / FILE_NAME
    server = ClubServer(db, HostConfig(bind=args.bind, port=args.port, ssl=context))
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
