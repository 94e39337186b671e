"""Browser seats: `pier18 host --web`, a seat of the table in a web page.

A small HTTP server (aiohttp) beside the WebSocket table. A page opened with a valid
seat code (`/?seat=CODE`, or the spectator code) gets the terminal that textual-serve
ships (its `textual.js` and `xterm.css`, served from the installed package, nothing
from anywhere else) with two files of its own (`web_pages/`): a script that gives the
terminal the keyboard as soon as it is connected (so the game's keys, and its key
bar, work before any click), and a font for the symbols the terminal's font lacks, one
cell wide each (★ ✎ ♥ ⚓, arrows, frames: the computer's own fonts drew some two cells
wide, breaking the piers' borders). That terminal's WebSocket (`/ws/CODE`) runs one process per
tab: `command`, a fixed argument list built by the caller (the seat's Textual app, a
client of this very table over loopback), with the code handed over in the process's
environment, never on its command line. A page whose address asks for a language
(`&lang=nl`) connects at `/ws/CODE/LANG` and its process gets `--lang LANG`, LANG always
one of the languages pier18 speaks (`asked_language`: English for anything else). The process speaks Textual's web driver
protocol on its standard input and output; this module only carries bytes between it
and the tab, and never reads anything of the game. So the tab sees exactly what a
`pier18 join` terminal with that code sees.

The page says its language (`<html lang>`: the one its address asks for, or else the
host's, in which its own few words are written too) and names the game and the seat
in its title. Its script turns on xterm.js's screen-reader mode as textual.js builds the
terminal (which textual.js leaves off): the terminal's rows are kept as text in the page,
for a screen reader or a braille display.

Codes are checked by the table itself (`Host.admit`): a wrong one is refused after
the same growing delay as a wrong hello from the same address, and the page then asks
for a code again and shows nothing else. Each seat has at most one process: a newer
tab for the same seat ends the older one, as a second connection takes a seat over, and
its own process starts only once the older one has ended. Watching pages may be several,
`max_watching` at most. Every tab let in holds a place (`WebSeats.tabs`) from the moment
its code is accepted, before anything is awaited, until its process has ended: so the
limits count what is let in and alive, however many tabs arrive at once, and a tab over
a limit is told why in one line (the page asking for its code says it too). A seat's
places are kept for it: watching pages never take them.
A closed tab ends its process, and the seat's connection with it: the seat is away.
A process never outlives its page or its table: it ends when its pipes close or its
connection to the table drops, and when the host's process ends, however it ends
(`cli.web_seat`); it never reconnects by itself.

Every response forbids loading anything from elsewhere (a Content-Security-Policy of
'self' only), sends no referrer (the page's address holds the code) and may not be
framed.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import string
from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from .. import i18n
from ..engine.text import printable_name
from ..i18n import N_
from ..speech.notices import GAME_NAME, refusal
from .host import Host
from .protocol import host_and_port

#: The environment variable that hands a tab's code to its process.
CODE_ENV = "PIER18_SEAT_CODE"
#: ... and the one that tells it which process started it: it ends when that one does.
PARENT_ENV = "PIER18_SEAT_PARENT"

#: The files of textual-serve's static folder a page may load, and their types.
STATIC_FILES = {
    "js/textual.js": "text/javascript",
    "css/xterm.css": "text/css",
    "fonts/RobotoMono-VariableFont_wght.ttf": "font/ttf",
    "fonts/RobotoMono-Italic-VariableFont_wght.ttf": "font/ttf",
}

#: The page's own files (`web_pages/`) it may load, and their types: its script (the
#: terminal takes the keyboard at once), and the symbols Roboto Mono lacks, one cell
#: wide each (a font made by scripts/symbol_font.py, with its licence).
PAGE_FILES = {
    "seat.js": "text/javascript",
    "symbols.css": "text/css",
    "symbols.woff2": "font/woff2",
    "symbols-LICENSE.txt": "text/plain",  # ASCII
}

#: Nothing from elsewhere: scripts, styles, fonts and the WebSocket come from this host.
#: (textual.js adds style elements of its own: inline styles are allowed, inline scripts not.)
_SOURCES = {
    "default-src": ("'none'",),
    "script-src": ("'self'",),
    "style-src": ("'self'", "'unsafe-inline'"),
    "font-src": ("'self'",),
    "img-src": ("'self'", "data:"),
    "connect-src": ("'self'",),
    "base-uri": ("'none'",),
    "form-action": ("'self'",),
    "frame-ancestors": ("'none'",),
}
POLICY = "; ".join(" ".join((directive, *sources)) for directive, sources in _SOURCES.items())

SECURITY_HEADERS = {
    "Content-Security-Policy": POLICY,
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}

#: aiohttp logs a failed request with a traceback: hostile input is expected here, and
#: the host's own screen must not be written over, so its logs go nowhere.
for _name in ("aiohttp.access", "aiohttp.server", "aiohttp.web", "aiohttp.websocket"):
    _log = logging.getLogger(_name)
    _log.addHandler(logging.NullHandler())
    _log.propagate = False

_PAGES = Path(__file__).with_name("web_pages")

#: The word of a page's address that names the language its seat speaks: `&lang=nl`.
LANG_QUERY = "lang"


def asked_language(asked: str | None) -> str | None:
    """The language a page's address asks for (`lang=nl`, `lang=nl-BE`), as one that
    pier18 speaks (`i18n.available`): English for anything else, whatever was sent (it
    goes on the seat process's command line only as one of those names); None when
    the address asks for none, and the seat speaks the host's language."""
    if asked is None:
        return None
    spoken = i18n.resolve([asked[:64]]) if asked.isprintable() else i18n.SOURCE
    return spoken if spoken in i18n.available() else i18n.SOURCE


def static_folder() -> Path:
    """textual-serve's static folder, where it is installed."""
    spec = find_spec("textual_serve")
    assert spec is not None and spec.submodule_search_locations, "textual-serve is a dependency of pier18"
    return Path(list(spec.submodule_search_locations)[0]) / "static"


def _tag(language: str) -> str:
    """A language of pier18 (`nl`, `nl_BE`) as a page's `lang` names it (`nl-BE`)."""
    return language.replace("_", "-")


def _page(name: str, **values: str) -> str:
    """One of `web_pages/` with its $fields filled in (each already HTML-escaped)."""
    return string.Template((_PAGES / name).read_text(encoding="utf-8")).substitute(values)


@dataclass
class WebConfig:
    """Limits; tests shorten the timeouts."""

    bind: str | None = "0.0.0.0"
    port: int = 8019
    ssl: Any = None  # an ssl.SSLContext: serve https
    max_tabs: int = 32  # tabs let in at once, each a process (or one on its way): every seat's and watching page's
    max_watching: int = 8  # of those, watching pages (each seat keeps room for SEAT_PLACES of its own)
    quit_timeout: float = 5.0  # how long a process has to end after its tab closed, before it is stopped
    max_input: int = 65536  # the largest message a tab may send


#: The places a seat's code may hold at once: the tab whose process runs (or is ending)
#: and the newest tab, waiting for that process to end before its own starts. Watching
#: pages never take these.
SEAT_PLACES = 2

#: Why a tab is not let in, in one line (`WebSeats._refusal`), said in the page's language.
TOO_MANY_TABS = N_("Too many pages of this table are open at once. Close one, or try again in a moment.")
TOO_MANY_WATCHING = N_("Too many pages are watching this table. Try again when one of them has closed.")
TABLE_CLOSING = N_("This table is closing.")


@dataclass(eq=False)
class _Tab:
    """One tab let in, from its code's check until its process has ended: the seat it
    opens (-1: it watches), its code as the table spells it, and its process once started.

    `go` is set when it must end (a newer tab opened its seat, or the server closes);
    `done` when its place is free again: its process, if it had one, has ended.
    """

    seat: int
    code: str
    socket: web.WebSocketResponse | None = None
    process: asyncio.subprocess.Process | None = None
    starting: bool = False  # its process is being started
    after: tuple["_Tab", ...] = ()  # older tabs of its seat whose processes must end before its own starts
    reader: asyncio.Task[None] | None = None
    ending: asyncio.Task[None] | None = None
    go: asyncio.Event = field(default_factory=asyncio.Event)
    done: asyncio.Event = field(default_factory=asyncio.Event)


class WebSeats:
    """The browser seats of `host`: `start` returns the port, `close` ends every tab.

    `command` is the argument list of a seat's process, the same for every tab, built by
    the caller (`cli.host`); only the code in its environment differs.
    """

    def __init__(self, host: Host, command: Sequence[str], config: WebConfig | None = None) -> None:
        self.host = host
        self.command = list(command)
        self.config = config or WebConfig()
        self.port = 0
        #: Every tab let in and not yet ended (its place): taken and given back only by
        #: `_take` and `_free`, each without awaiting anything.
        self.tabs: set[_Tab] = set()
        self._seated: dict[str, _Tab] = {}  # a seat's code -> its newest tab
        self._tasks: set[asyncio.Task[None]] = set()  # tabs being ended
        self.started = 0  # processes started, for the tests
        self._runner: web.AppRunner | None = None
        self._closing = False
        self.idle = asyncio.Event()  # set while no tab is open
        self.idle.set()

    # -- serving --------------------------------------------------------------------------

    async def start(self) -> int:
        app = web.Application(client_max_size=4096)
        app.router.add_get("/", self._index)
        app.router.add_get("/ws/{code}", self._socket)
        app.router.add_get("/ws/{code}/{lang}", self._socket)  # the page's language, `asked_language`
        app.router.add_get("/static/{path:.+}", self._static)
        app.router.add_get("/page/{name}", self._own)
        app.on_response_prepare.append(self._headers)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=1.0)
        await self._runner.setup()
        c = self.config
        site = web.TCPSite(self._runner, c.bind or None, c.port, ssl_context=c.ssl, reuse_address=True)
        await site.start()
        addresses = self._runner.addresses  # the port 0 picked
        self.port = int(addresses[0][1]) if addresses else c.port
        return self.port

    async def until_left(self, limit: float) -> None:
        """Wait until every tab has closed, at most `limit` seconds: a finished game's
        final screen stays in the tabs that show it."""
        try:
            await asyncio.wait_for(self.idle.wait(), limit)
        except TimeoutError:
            pass

    async def close(self) -> None:
        """End every tab (each process asked to quit, then stopped), then the server."""
        self._closing = True
        for tab in list(self.tabs):
            self._dismiss(tab)
        # A tab whose process is still starting is ended by its own handler, once started.
        await self.until_left(4 * self.config.quit_timeout + 5)
        if self._runner is not None:
            await self._runner.cleanup()

    def running(self) -> int:
        """Processes started and not yet ended: for the tests."""
        return sum(tab.process is not None and tab.process.returncode is None for tab in self.tabs)

    @staticmethod
    async def _headers(request: web.Request, response: web.StreamResponse) -> None:
        response.headers.update(SECURITY_HEADERS)
        response.headers.pop("Server", None)

    # -- pages ----------------------------------------------------------------------------

    async def _check(self, request: web.Request, code: str) -> tuple[int, str] | None:
        """The seat `code` opens (-1: it watches) and the table's own spelling of it, at
        once, else None after the table's delay for a wrong code from this address. The
        table bounds the wrong codes waiting, its hellos' and these together
        (`Host.admit`), and never keeps a right one waiting behind them."""
        seat = await self.host.admit(code, request.remote or "?")
        if seat is None:
            return None
        codes = self.host.codes
        spelled = codes.watch if seat < 0 else codes.seats[seat]
        assert spelled is not None, "the table admits only a seat that has a code"
        return seat, spelled

    async def _index(self, request: web.Request) -> web.Response:
        """The seat's page for a good code; otherwise a page that asks for one."""
        typed = request.query.get("seat") or request.query.get("watch")
        language = asked_language(request.query.get(LANG_QUERY))
        if not typed:
            return self._ask(None, 200, language)
        found = await self._check(request, typed)
        if found is None:
            return self._ask(N_("That code opens no seat at this table. Check it with the host and try again."), 403, language)
        seat, code = found
        refused = self._refusal(seat, code)  # its socket would be refused just now: say so here
        if refused is not None:
            return self._ask(refused, 503, language)
        socket = self._socket_url(request, code, language)
        if socket is None:
            raise web.HTTPBadRequest()  # no browser names its host so
        spoken = language or i18n.language()  # the seat's: asked for, or else the host's
        said = i18n.translation(spoken).gettext
        if seat < 0:
            title = said(N_("{game}: watching the table")).format(game=GAME_NAME)
        else:
            # TRANSLATORS: a browser tab's title: the game's name, then whose seat the tab plays
            title = said(N_("{game}: {name}'s seat")).format(game=GAME_NAME, name=printable_name(self.host.session.names[seat]))
        body = _page(
            "seat.html", language=escape(_tag(spoken)), title=escape(title), socket=escape(socket),
            ended=escape(said(N_("This seat's page is closed. Open it again to come back to the table."))), again=escape(said(N_("Open it again"))),
        )
        return web.Response(text=body, content_type="text/html")

    def _socket_url(self, request: web.Request, code: str, language: str | None) -> str | None:
        """The address of the seat's terminal, on the host the page was asked of (its
        `Host`), or None when that is no host and port (a browser always sends one)."""
        if not host_and_port(request.host):
            return None
        path = f"/ws/{code}" if language is None else f"/ws/{code}/{language}"
        return f"{'wss' if self.config.ssl else 'ws'}://{request.host}{path}"

    def _ask(self, problem: str | None, status: int, language: str | None = None) -> web.Response:
        """The page asking for a code, in the language asked for (or the host's); `problem`
        is a message (marked with `N_`), said in that language."""
        spoken = language or i18n.language()
        said = i18n.translation(spoken).gettext
        body = _page(
            "ask.html", language=escape(_tag(spoken)), title=escape(GAME_NAME), ask=escape(said(N_("Your seat's code, as the host gave it:"))),
            # TRANSLATORS: the button that opens a browser seat once its code is typed
            button=escape(said(N_("Open"))), problem=escape(said(problem) if problem else ""), asked=escape(language or ""),
            keep="" if language else "disabled",
        )
        return web.Response(text=body, content_type="text/html", status=status)

    async def _static(self, request: web.Request) -> web.StreamResponse:
        path = request.match_info["path"]
        kind = STATIC_FILES.get(path)
        if kind is None:
            raise web.HTTPNotFound()
        return web.FileResponse(static_folder() / path, headers={"Content-Type": kind})

    async def _own(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        kind = PAGE_FILES.get(name)
        if kind is None:
            raise web.HTTPNotFound()
        return web.FileResponse(_PAGES / name, headers={"Content-Type": kind})

    # -- the places -------------------------------------------------------------------------

    def _refusal(self, seat: int, code: str) -> str | None:
        """Why a tab for `seat` (-1: watching) would not be let in now (a message marked
        with `N_`), or None. A seat's newer tab is let in while any place is free (the
        older one ends); watching pages share what the seats' own places leave."""
        c = self.config
        if self._closing:
            return TABLE_CLOSING
        if seat < 0:
            seat_codes = sum(spelled is not None for spelled in self.host.codes.seats)
            room = min(c.max_watching, c.max_tabs - SEAT_PLACES * seat_codes)
            if sum(tab.seat < 0 for tab in self.tabs) >= room:
                return TOO_MANY_WATCHING
            return None
        older = self._seated.get(code)
        freed = older is not None and older.process is None and not older.starting  # it only waits: it goes
        if len(self.tabs) - freed >= c.max_tabs:
            return TOO_MANY_TABS
        return None

    def _take(self, tab: _Tab) -> str | None:
        """Let `tab` in, holding its place, or say why not (`_refusal`): at once, with
        nothing awaited between the check and the place taken. A newer tab of a seat
        dismisses the older one, and its process waits for the older one's end."""
        refused = self._refusal(tab.seat, tab.code)
        if refused is not None:
            return refused
        if tab.seat >= 0:
            older = self._seated.get(tab.code)
            if older is not None:
                self._dismiss(older)
            self._seated[tab.code] = tab
            tab.after = tuple(other for other in self.tabs if other.code == tab.code)
        self.tabs.add(tab)
        self.idle.clear()
        return None

    def _dismiss(self, tab: _Tab) -> None:
        """`tab` is to end: a tab that holds no process leaves its place at once; a
        running process is ended (one being started is, by its handler, once started)."""
        tab.go.set()
        if tab.process is None and not tab.starting:
            self._free(tab)
        elif tab.process is not None:
            self._ending(tab)

    def _free(self, tab: _Tab) -> None:
        """Give `tab`'s place back; only the first call for a tab does anything."""
        if tab not in self.tabs:
            return
        self.tabs.discard(tab)
        if self._seated.get(tab.code) is tab:
            del self._seated[tab.code]
        tab.done.set()
        if not self.tabs:
            self.idle.set()

    def _ending(self, tab: _Tab) -> asyncio.Task[None]:
        """The task ending `tab` (`_end`), started by the first to ask; it is the server's,
        so a handler cancelled meanwhile leaves no process behind."""
        if tab.ending is None:
            tab.ending = asyncio.create_task(self._end(tab))
            self._tasks.add(tab.ending)
            tab.ending.add_done_callback(self._tasks.discard)
        return tab.ending

    # -- a tab's process --------------------------------------------------------------------

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        origin = request.headers.get("Origin")
        if origin is not None and origin.split("://", 1)[-1] != request.host:
            raise web.HTTPForbidden()  # another site's page: it may not drive a seat
        found = await self._check(request, request.match_info["code"])
        if found is None:
            raise web.HTTPForbidden(text=refusal("wrong_code"))
        language = asked_language(request.match_info.get("lang"))
        tab = _Tab(*found)
        refused = self._take(tab)  # nothing awaited since the code was found right
        if refused is not None:
            raise web.HTTPServiceUnavailable(text=i18n.translation(language or i18n.language()).gettext(refused))
        tab.socket = web.WebSocketResponse(heartbeat=15, max_msg_size=self.config.max_input)
        try:
            await tab.socket.prepare(request)
            await self._play(tab, request, language)
        finally:
            await asyncio.shield(self._ending(tab))  # its place is given back whatever happened
        return tab.socket

    async def _play(self, tab: _Tab, request: web.Request, language: str | None) -> None:
        """Once the older tab of its seat has ended: start the tab's process, and carry
        bytes between them until either ends (or the tab is dismissed)."""
        for older in tab.after:
            await _either(older.done, tab.go)
        if tab.go.is_set():
            return
        width, height = _size(request.query.get("width"), 80), _size(request.query.get("height"), 24)
        env = dict(os.environ)
        env.update({
            CODE_ENV: tab.code, PARENT_ENV: str(os.getpid()), "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver", "TEXTUAL_FPS": "60",
            "TEXTUAL_COLOR_SYSTEM": "truecolor", "TERM_PROGRAM": "textual", "COLUMNS": str(width), "ROWS": str(height),
        })
        env.pop("TEXTUAL", None)  # no devtools
        tab.starting = True
        try:
            tab.process = await asyncio.create_subprocess_exec(
                *self.command, *(() if language is None else ("--lang", language)), stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL, env=env, start_new_session=True,
            )
        except OSError:  # it cannot start (no memory, no process left): the page closes
            return
        finally:
            tab.starting = False
        self.started += 1
        if tab.go.is_set():  # dismissed while it started
            return
        tab.reader = asyncio.create_task(self._carry_out(tab))
        await self._carry_in(tab)

    async def _carry_in(self, tab: _Tab) -> None:
        """What the tab sends, to the process: keys (`stdin`), its size, focus; a ping is
        answered here. Anything else is ignored; something that is not JSON ends the tab."""
        assert tab.socket is not None and tab.process is not None
        async for message in tab.socket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                break
            if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
                break
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                ok = await _send(tab.process, b"D", data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                size = {"type": "resize", "width": _size(data.get("width"), 80), "height": _size(data.get("height"), 24)}
                ok = await _send(tab.process, b"M", json.dumps(size).encode())
            elif kind in ("focus", "blur"):
                ok = await _send(tab.process, b"M", json.dumps({"type": kind}).encode())
            elif kind == "ping" and isinstance(data, str):
                await tab.socket.send_json(["pong", data[:32]])
                ok = True
            else:
                ok = True
            if not ok:
                break

    async def _carry_out(self, tab: _Tab) -> None:
        """What the process draws, to the tab; when the app ends, the tab is closed."""
        assert tab.socket is not None and tab.process is not None
        stdout = tab.process.stdout
        assert stdout is not None
        try:
            for _unused in range(50):  # the web driver says this before anything else
                line = await stdout.readline()
                if not line or line == b"__GANGLION__\n":
                    break
            else:
                return
            while True:
                kind = await stdout.readexactly(1)
                size = int.from_bytes(await stdout.readexactly(4), "big")
                payload = await stdout.readexactly(size)
                if kind == b"D":
                    await tab.socket.send_bytes(payload)
                elif kind == b"M":
                    try:
                        meta = json.loads(payload)
                    except ValueError:
                        return
                    if isinstance(meta, dict) and meta.get("type") == "exit":
                        return
                # Anything else (opening an address, files to download) is not passed on.
        except (asyncio.IncompleteReadError, ConnectionError, RuntimeError):
            return
        finally:
            if not tab.socket.closed:
                await tab.socket.close()

    async def _end(self, tab: _Tab) -> None:
        """End a tab: its process asked to quit, then stopped, then killed, each in time;
        its page closed; and then, whatever failed, its place given back."""
        try:
            if tab.process is not None:
                await self._stop(tab.process)
            if tab.reader is not None:
                try:
                    await asyncio.wait_for(tab.reader, self.config.quit_timeout)
                except TimeoutError:
                    pass
            socket = tab.socket
            if socket is not None and socket.prepared and not socket.closed:
                await socket.close()
        finally:
            self._free(tab)

    async def _stop(self, process: asyncio.subprocess.Process) -> None:
        if process.returncode is None:
            await _send(process, b"M", json.dumps({"type": "quit"}).encode())
            for stop in (None, process.terminate, process.kill):
                try:
                    if stop is not None:
                        stop()
                    await asyncio.wait_for(process.wait(), self.config.quit_timeout)
                    return
                except ProcessLookupError:
                    break
                except TimeoutError:
                    continue
        await process.wait()  # killed: it is gone as soon as the system says so


async def _either(*events: asyncio.Event) -> None:
    """Until one of `events` is set."""
    waits = [asyncio.ensure_future(event.wait()) for event in events]
    try:
        await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for wait in waits:
            wait.cancel()


def _size(value: object, default: int) -> int:
    """A terminal width or height from a tab: a whole number from 10 to 1000."""
    try:
        number = int(str(value))
    except ValueError:
        return default
    return min(max(number, 10), 1000)


async def _send(process: asyncio.subprocess.Process, kind: bytes, payload: bytes) -> bool:
    """One packet of the web driver's protocol to the process; False once it is gone."""
    stdin = process.stdin
    if stdin is None or stdin.is_closing():
        return False
    try:
        stdin.write(kind + len(payload).to_bytes(4, "big") + payload)
        await stdin.drain()
    except (ConnectionError, RuntimeError, OSError):
        return False
    return True
