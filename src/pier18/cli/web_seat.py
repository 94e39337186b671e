"""The process behind one browser tab (`pier18 host --web`, `pier18.net.web`).

Started by the host as `python -m pier18.cli.web_seat URL [--own-tls]`, a fixed
argument list; the seat code comes in the environment (`net.web.CODE_ENV`), already
checked by the table, never on the command line (where every user of the computer
could read it). It plays that seat in the same app `pier18 join` opens, a client of the
table at URL (`--own-tls`: the host's own TLS table over loopback, whose certificate is
not checked), drawn through Textual's web driver, which the host's environment chose.
Not a command: nothing a person types.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:  # pragma: no cover
    import ssl


def main(argv: list[str] | None = None) -> int:
    import asyncio
    import os

    from ..net.client import Client
    from ..net.web import CODE_ENV

    args = list(sys.argv[1:] if argv is None else argv)
    code = os.environ.pop(CODE_ENV, "")
    if not args or not code:
        return 2
    context = own_tls() if "--own-tls" in args[1:] else None

    async def play() -> int:
        from ..tui.exits import run_app_async
        from ..tui.seat_app import SeatApp

        client = Client(args[0], code, ssl=context)
        app = SeatApp(client)
        try:
            return await run_app_async(app)
        finally:
            await client.close()

    try:
        return asyncio.run(play())
    except KeyboardInterrupt:
        return 130


def own_tls() -> ssl.SSLContext:
    """TLS to this computer's own table: the same process group started it, so its
    certificate (perhaps self-signed, perhaps for another name) is not checked."""
    import ssl

    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


if __name__ == "__main__":
    sys.exit(main())
