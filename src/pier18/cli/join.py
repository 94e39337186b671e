"""`pier18 join ADDRESS CODE`: play one seat of a table someone hosts (`pier18 host`).

It opens the Textual game for that seat alone (`pier18.tui.seat_app.SeatApp`), or the
public table with `--watch CODE`. `--lines` gives a plain-line front end instead, for
scripts and screen readers: the table in words from `pier18.words`, piers drawn by
`pier18.render`, decisions typed in the record notation. Everything about the network
lives in `pier18.net.client`.
"""

from __future__ import annotations

from ..i18n import _

TYPE_CHECKING = False
if TYPE_CHECKING:  # pragma: no cover
    import argparse
    import asyncio
    import ssl
    from collections.abc import Callable

    from ..net.client import Client, Event
    from ..net.protocol import NetState
    from ..tui.seat_app import SeatApp


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from .parser import file_name

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
    import argparse

    from ..net.client import NetError, url_of

    try:
        url_of(text)
    except NetError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def seat_code(text: str) -> str:
    """CODE or --watch CODE (argparse `type`): one with nothing of a code in it ('', spaces,
    dashes) is refused before connecting, where a table would only call it wrong."""
    import argparse

    from ..engine.text import quote
    from ..net.protocol import normalize_code
    from ..i18n import _

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
    from ..engine.reading import read_capped
    from ..engine.text import shorten
    from ..i18n import _
    from .errors import CliError

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

    from ..engine.text import shorten
    from .errors import CliError

    if cafile is not None:
        check_pem(cafile, "--cafile")
    try:
        return ssl.create_default_context(cafile=cafile)
    except (OSError, ssl.SSLError) as exc:
        from ..i18n import _

        why = shorten(exc)
        raise CliError(_("--cafile {path}: cannot read the certificate ({why})").format(path=shorten(cafile), why=why)) from None


def run(args: argparse.Namespace) -> int:
    import asyncio

    from .errors import CliError, check_terminal
    from ..net.client import Client

    if (args.code is None) == (args.watch is None):
        from ..i18n import _

        raise CliError(_("give your seat's CODE, or --watch CODE to watch (one of them)"))
    context = client_ssl(args.address, args.cafile)  # --cafile read before the terminal is asked for
    from .errors import need_output

    need_output()
    lines, note = args.lines, None
    if not lines:
        check_terminal()
        from ..tui.terminal import not_a_terminal

        missing = not_a_terminal()
        if missing:  # a screen drawn into a pipe or a file would be escape codes: plain lines
            from ..words import in_plain_lines

            lines, note = True, in_plain_lines(missing)
    address = args.address
    if context is not None and not address.startswith("wss://"):
        address = "wss://" + address.removeprefix("ws://").rstrip("/") + "/"
    code = args.code or args.watch

    async def main() -> int:
        client = Client(address, code, ssl=context)
        if lines:
            from ..i18n import _

            front = LineFrontEnd(client, note=note, quiet=args.quiet)
            front.say(_("connecting to {url}…").format(url=client.url))
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
        from ..words import prog_line

        print("\n" + prog_line(left_table()))
        return 130


def left_table() -> str:
    """Said after leaving a game that is still going on."""
    from ..i18n import _

    return _("Left the table; join again with the same code to come back to your seat.")


async def let_in(client: Client) -> None:
    """Connect, and wait until the host has let this client in: a refusal before that (a
    wrong code, no host at the address, a host with no room) is bad input, one line and
    exit status 2, before any screen is drawn."""
    from .errors import CliError

    client.start()
    await client.until(lambda: client.ever_in or client.fatal is not None)
    if not client.ever_in:
        await client.close()
        raise CliError(client.fatal or "")


async def run_seat_app(app: SeatApp) -> int:
    """Run a seat's app (`pier18.tui.exits`: a crash or a stop signal ends it as every
    app's does), then close its connection; the exit status, with one line if it ended badly."""
    import sys

    from ..tui.exits import run_app_async

    try:
        status = await run_app_async(app)
    finally:
        await app.client.close()
    if status != 0:
        return status
    if app.problem is not None:  # the host refused us for good, or broke the protocol: bad input
        from ..words import prog_line

        print(prog_line(app.problem), file=sys.stderr)
        return 2
    if app.state is not None and not app.state.table.is_terminal() and app.client.seat is not None and app.desk is None:
        print(left_table())
    return 0


class LineFrontEnd:
    """The plain-line front end (`--lines`): prints each state, reads decisions line by line.

    `commands` lets the host add its own commands (e.g. 'bot NAME'); it returns the
    answer to print, or None if the line is not one of its commands.
    """

    def __init__(
        self, client: Client, commands: Callable[[str], str | None] | None = None, *, note: str | None = None,
        quiet: bool = False,
    ) -> None:
        from rich.console import Console

        self.client = client
        self.commands = commands
        self.console = Console(highlight=False)
        self.shown: NetState | None = None
        self.note = note  # said once, when the host lets us in (why plain lines)
        self.quiet = quiet  # no bell when it becomes our turn
        self.rung: object = None  # the moment (`moment`) the bell last rang for
        self.lost = False

    def say(self, text: str) -> None:
        self.console.print(text, markup=False, soft_wrap=True)

    async def run(self) -> int:
        """Until the game is over (0) or the host refuses us (2); 'quit' leaves (0)."""
        import asyncio

        lines = _stdin_lines()
        events = self.client.events().__aiter__()
        next_event = asyncio.ensure_future(events.__anext__())
        next_line = asyncio.ensure_future(lines.get())
        try:
            while True:
                done, _pending = await asyncio.wait({next_event, next_line}, return_when=asyncio.FIRST_COMPLETED)
                if next_event in done:
                    try:
                        event = next_event.result()
                    except StopAsyncIteration:
                        return 0
                    status = self.on_event(event)
                    if status is not None:
                        return status
                    next_event = asyncio.ensure_future(events.__anext__())
                if next_line in done:
                    line = next_line.result()
                    if line is None:  # stdin closed: keep following the game
                        next_line = asyncio.ensure_future(_never())
                        continue
                    if line.strip().lower() in ("quit", "exit"):
                        self.say(left_table())
                        return 0
                    await self.on_line(line.strip())
                    next_line = asyncio.ensure_future(lines.get())
        finally:
            next_event.cancel()
            next_line.cancel()

    def on_event(self, event: Event) -> int | None:
        from typing import assert_never

        from ..i18n import _
        from ..net.client import Heard
        from .. import words

        match event.kind:
            case Heard.WELCOME:
                self.lost = False
                if self.note is not None:
                    self.say(self.note)
                    self.note = None
                self.say((_("watching to {url}") if self.client.seat is None else _("connected to {url}")).format(url=self.client.url))
            case Heard.STATE:
                if event.state is not None:
                    self.show(event.state)
                    if event.state.table.is_terminal():
                        return 0
            case Heard.REFUSED:
                self.say(_("refused: {reason}").format(reason=event.text))
            case Heard.VIEWS:  # the review is the full-screen game's; this seat never asks
                pass
            case Heard.LOST:
                if not self.lost:  # once per outage, not once per attempt
                    self.say(_("connection lost: {why}").format(why=event.text))
                self.lost = True
            case Heard.FATAL:  # refused for good, or a host breaking the protocol: bad input
                import sys

                print(words.prog_line(event.text), file=sys.stderr, flush=True)  # an error, as every command's
                return 2
            case Heard.CLOSED:
                return 0
            case _:
                assert_never(event.kind)
        return None

    async def on_line(self, line: str) -> None:
        from ..engine.errors import NotationError, Pier18Error
        from ..engine import parse_decision
        from ..engine.text import quote
        from .. import words
        from ..i18n import _

        if not line:
            return
        if line == "help":
            self.say(_(
                "Type a decision in the record notation: 'keep P F' (Plan and Foundation card ids), "
                "'draft ID:K' (take card ID covering K sections), 'plan K'. Also: 'show', 'help', 'quit'."
            ))
            return
        if line == "show":
            if self.client.state is not None:
                self.shown = None
                self.show(self.client.state)
            return
        if self.commands is not None:
            answer = self.commands(line)
            if answer is not None:
                self.say(answer)
                return
        state = self.client.state
        if state is None or not state.my_turn:
            self.say(words.sentence(words.refusal("not_your_turn")) if state is not None else _("Not connected yet."))
            return
        try:
            decision = parse_decision(line)
        except NotationError as exc:
            self.say(str(exc))
            return
        assert state.you is not None
        if decision not in state.you.legal:
            self.say(_("{move} is not one of your moves now; 'show' lists them.").format(move=quote(line)))
            return
        try:
            await self.client.decide(decision)
        except Pier18Error as exc:
            self.say(str(exc))

    def show(self, state: NetState) -> None:
        """The table in words and drawings; on your turn, your cards and your moves."""
        from rich.columns import Columns

        from ..engine import Phase
        from ..render.pier import draw_card, draw_pier
        from ..i18n import _
        from ..words import card_label, goal_text, move_line, pier_title, ranking_line, table_line

        table, names, before = state.table, state.names, self.shown
        self.shown = state
        if before is not None and len(table.history) == len(before.table.history) + 1:
            self.say(move_line(before.table, table, names, by=state.stand_ins.get(len(table.history))))
        if (before is not None and before.turn == state.turn and before.waiting_for == state.waiting_for
                and before.lobby == state.lobby):
            return  # same position (a reconnect): nothing new to say
        if state.lobby:  # before the game: who is here, who is still to come
            from ..words import lobby_seat, lobby_title

            mine = None if state.you is None else state.you.seat
            self.say(f"── {lobby_title()} ──")
            self.say("  ·  ".join(
                lobby_seat(info.name, info.kind == "human", info.connected, info.covered, seat == mine)
                for seat, info in enumerate(state.seats)
            ))
            return
        covered = [s.name for s in state.seats if s.covered]
        line = table_line(table, names, state.waiting_for, covered, state.chosen_by())
        self.say(f"── {line} ──")
        view = state.player_view()
        piers = view.piers if view is not None else table.piers
        drawings = [
            draw_pier(piers[s].visible(), title=pier_title(names[s], table.score(s, with_plan=True).total), label_width=12)
            for s in range(table.players)
        ]
        self.console.print(Columns(drawings, padding=(0, 3)))
        if table.is_terminal():
            for standing in table.standings:
                self.say(ranking_line(standing, names))
            return
        you = state.you
        if you is None or not state.my_turn:
            return
        cards = you.hand if table.phase is Phase.SETUP else table.revealed
        if cards:
            ends = table.phase is Phase.SETUP  # a set-up hand marks each card's sea and land ends
            self.console.print(Columns([draw_card(table.deck[c], ends=ends) for c in cards], padding=(0, 3)))
        if you.plan is not None and table.phase is not Phase.SETUP:
            plan = table.deck[you.plan]
            self.say(_("Your Plan: {card}: {goal}").format(card=card_label(plan), goal=goal_text(plan.plan.goal_for(table.players))))
        legal = " | ".join(str(d) for d in you.legal[:12]) + (" | …" if len(you.legal) > 12 else "")
        self.say(_("Your move ({moves}):").format(moves=legal))
        self.ring(state)

    def ring(self, state: NetState) -> None:
        """The terminal bell, once, as a choice opens for this seat (not with --quiet,
        and never into a pipe or a file: it is a control character)."""
        import sys

        if self.quiet or not state.my_turn or self.rung == state.moment:
            return
        self.rung = state.moment
        if sys.stdout.isatty():
            sys.stdout.write("\a")
            sys.stdout.flush()


async def _never() -> str | None:
    """Stands in for stdin once it has ended: no more lines, ever."""
    import asyncio

    await asyncio.Event().wait()
    return None


def _stdin_lines() -> asyncio.Queue[str | None]:
    """An asyncio queue fed with stdin lines by a daemon thread (None at end of input).

    A thread, because reading a terminal is blocking on every platform asyncio runs on.
    """
    import asyncio
    import sys
    import threading

    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[str | None] = asyncio.Queue()

    def read() -> None:
        while True:
            try:
                line = sys.stdin.readline() if sys.stdin is not None else ""  # None: started closed
            except (OSError, ValueError):
                line = ""
            try:
                loop.call_soon_threadsafe(queue.put_nowait, line or None)
            except RuntimeError:  # the loop has closed: nobody is listening any more
                return
            if not line:
                return

    threading.Thread(target=read, daemon=True, name="pier18-stdin").start()
    return queue
