"""The browser seats' server (`pier18.net.web`) without a browser: a real table on
127.0.0.1, the server beside it, and a stand-in for the seat's app that speaks
Textual's web driver protocol and tells what it was started with."""

from __future__ import annotations

import asyncio
import html
import json
import re
import sys
import time

import aiohttp
import pytest

from helpers import child_env
from net_support import near_miss, WAIT, client, fast_config, new_table
from waiting import until
from pier18 import i18n
from pier18.speech.notices import GAME_NAME
from pier18.engine.text import printable_name
from pier18.i18n import _
from pier18.net.host import Host
from pier18.persist.crash import crashes_dir
from pier18.net.web import CODE_ENV, POLICY, WebConfig, WebSeats

#: The stand-in app: says what it was started with, echoes every key packet it is sent,
#: and ends when told to quit (as the web driver does).
STAND_IN = r"""
import json, os, sys
out = sys.stdout.buffer
def send(kind, payload):
    out.write(kind + len(payload).to_bytes(4, "big") + payload); out.flush()
out.write(b"__GANGLION__\n")
told = {"argv": sys.argv[1:], "code": os.environ.get(%r), "driver": os.environ.get("TEXTUAL_DRIVER"),
        "size": [os.environ.get("COLUMNS"), os.environ.get("ROWS")]}
send(b"D", json.dumps(told).encode())
inp = sys.stdin.buffer
while True:
    kind = inp.read(1)
    if not kind:
        break
    size = int.from_bytes(inp.read(4), "big")
    payload = inp.read(size)
    if kind == b"D":
        send(b"D", b"key:" + payload)
    elif json.loads(payload).get("type") == "quit":
        send(b"M", b'{"type": "exit"}')
        break
""" % CODE_ENV

COMMAND = [sys.executable, "-c", STAND_IN, "--fixed", "argument"]


async def open_both(**web):
    session = new_table(2, 3)
    host = Host(session, session.codes, fast_config(**web.pop("host", {})))
    await host.start()
    seats = WebSeats(host, web.pop("command", COMMAND), WebConfig(bind="127.0.0.1", port=0, **web))
    await seats.start()
    return session, host, seats


async def test_a_tab_runs_the_fixed_command_with_its_code_only_in_the_environment():
    session, host, seats = await open_both()
    code = session.codes.seats[1]
    typed = code.lower().replace("-", "")  # any spelling the table accepts
    try:
        async with aiohttp.ClientSession() as http:
            url = f"http://127.0.0.1:{seats.port}/ws/{typed}?width=120&height=40"
            async with http.ws_connect(url, timeout=aiohttp.ClientWSTimeout(ws_receive=WAIT)) as ws:
                told = json.loads((await ws.receive_bytes(timeout=WAIT)).decode())
                assert told == {
                    "argv": ["--fixed", "argument"], "code": code, "driver": "textual.drivers.web_driver:WebDriver",
                    "size": ["120", "40"],
                }
                assert all(code not in arg and typed not in arg for arg in COMMAND)
                await ws.send_json(["stdin", "$(touch owned); rm -rf /"])  # keys, and only keys
                assert await ws.receive_bytes(timeout=WAIT) == b"key:$(touch owned); rm -rf /"
                await ws.send_json(["ping", "7"])
                assert json.loads(await ws.receive_str(timeout=WAIT)) == ["pong", "7"]
                assert len(seats.tabs) == 1
            await asyncio.wait_for(seats.idle.wait(), WAIT)  # the tab closed: its process has ended
        assert not seats.tabs and seats.started == 1
    finally:
        await seats.close()
        await host.close()


async def test_wrong_codes_are_refused_ever_more_slowly_and_count_with_the_tables():
    session, host, seats = await open_both(host={"penalty": 0.2, "max_penalty": 60.0})
    wrong = near_miss(session.codes.seats[0])
    try:
        async with aiohttp.ClientSession() as http:
            took = []
            for path in (f"/ws/{wrong}", f"/?seat={wrong}"):
                start = time.monotonic()
                async with http.get(f"http://127.0.0.1:{seats.port}{path}") as response:
                    assert response.status == 403
                    page = await response.text()
                    assert response.headers["Content-Security-Policy"] == POLICY
                took.append(time.monotonic() - start)
                assert session.codes.seats[0] not in page and "Ann" not in page
        assert took[0] >= 0.2 and took[1] >= 0.4
        start = time.monotonic()  # then a wrong hello at the table, from the same address
        guesser = client(host.port, wrong)
        await guesser.until(lambda: guesser.fatal is not None, timeout=WAIT)
        assert time.monotonic() - start >= 0.8
        await guesser.close()
        assert seats.started == 0
    finally:
        await seats.close()
        await host.close()


@pytest.mark.parametrize("origin", ["http://elsewhere.example", "null"])
async def test_another_sites_page_cannot_open_a_seat(origin):
    session, host, seats = await open_both()
    try:
        async with aiohttp.ClientSession() as http:
            url = f"http://127.0.0.1:{seats.port}/ws/{session.codes.seats[0]}"
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(url, headers={"Origin": origin})
            assert refused.value.status == 403
        assert seats.started == 0
    finally:
        await seats.close()
        await host.close()


async def test_only_the_terminals_own_files_are_served():
    session, host, seats = await open_both()
    base = f"http://127.0.0.1:{seats.port}"
    try:
        async with aiohttp.ClientSession() as http:
            for path in ("/static/js/textual.js", "/static/css/xterm.css", "/static/fonts/RobotoMono-VariableFont_wght.ttf",
                         "/page/seat.js", "/page/symbols.css", "/page/symbols.woff2", "/page/symbols-LICENSE.txt"):
                async with http.get(base + path) as response:
                    assert response.status == 200
                    assert response.headers["Content-Security-Policy"] == POLICY
            for path in ("/static/images/background.png", "/static/", "/static/../server.py", "/static/js/../../server.py",
                         "/download/x", "/ws", "/page/seat.html", "/page/ask.html", "/page/../web.py", "/page/"):
                async with http.get(base + path) as response:
                    assert response.status == 404, path
    finally:
        await seats.close()
        await host.close()


#: The real seat's app, as `pier18 host --web` starts it: the command with the table's address.
def seat_command(port: int) -> list[str]:
    return [sys.executable, "-m", "pier18.cli.web_seat", f"ws://127.0.0.1:{port}/"]


async def seat_here(host: Host, seat: int) -> None:
    """Until the table has `seat`'s player connected (the table's own state, polled)."""
    while host.players[seat] is None:
        await asyncio.sleep(0.02)


async def test_a_browser_seats_process_ends_with_its_table_connection_and_never_comes_back(monkeypatch):
    """The seat's app (the real one) loses its table: its process ends by itself and
    closes the tab; a table opened again on that port does not see the seat come back
    (a page opened again gets a process of its own). It once reconnected by itself and
    held the seat with no page attached."""
    monkeypatch.setenv("PYTHONPATH", child_env()["PYTHONPATH"])
    session = new_table(2, 3)
    host = Host(session, session.codes, fast_config())
    port = await host.start()
    seats = WebSeats(host, seat_command(port), WebConfig(bind="127.0.0.1", port=0))
    await seats.start()
    code = session.codes.seats[0]
    try:
        async with aiohttp.ClientSession() as http:
            url = f"http://127.0.0.1:{seats.port}/ws/{code}?width=100&height=30"
            async with http.ws_connect(url, timeout=aiohttp.ClientWSTimeout(ws_receive=WAIT)) as ws:
                await asyncio.wait_for(seat_here(host, 0), WAIT)  # the app is in, and draws
                (tab,) = seats.tabs
                process = tab.process
                await host.close()  # the table goes; the web server stays
                async with asyncio.timeout(WAIT):
                    async for message in ws:  # what the app draws, until its tab is closed
                        assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT)
                assert await asyncio.wait_for(process.wait(), WAIT) is not None
        await asyncio.wait_for(seats.idle.wait(), WAIT)
        again = Host(session, session.codes, fast_config(port=port))  # the table is back
        await again.start()
        try:
            watcher = client(port, session.codes.watch)
            state = await watcher.wait_for(lambda s: True, timeout=WAIT)
            assert not state.seats[0].connected and again.players[0] is None
            await watcher.close()
        finally:
            await again.close()
        assert seats.started == 1 and process.returncode is not None
        assert not any(crashes_dir().glob("*")), "the seat's app crashed"  # it ended, cleanly
    finally:
        await seats.close()
        await host.close()


async def test_a_flood_of_wrong_codes_never_keeps_a_right_page_out():
    """Wrong codes from one address (an SSH tunnel's 127.0.0.1), each waiting out its
    delay, once filled that address's checks: a right code then got "too many
    connections". The right page opens while they still wait."""
    session, host, seats = await open_both(host={"penalty": 10 * WAIT, "max_penalty": 10 * WAIT})
    wrong = near_miss(session.codes.seats[0])
    try:
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as http:
            async def guess() -> int:
                async with http.get(f"http://127.0.0.1:{seats.port}/?seat={wrong}") as response:
                    return response.status

            limit = host.config.pending_per_address
            guesses = [asyncio.create_task(guess()) for _ in range(limit + 8)]
            while host.wrong_waiting() < limit:
                await asyncio.sleep(0.01)
            async with http.get(f"http://127.0.0.1:{seats.port}/?seat={session.codes.seats[0]}") as response:
                assert response.status == 200
                assert f"/ws/{session.codes.seats[0]}" in await response.text()
            assert sum(not g.done() for g in guesses) >= limit  # the wrong ones still wait
            for g in guesses:
                g.cancel()
    finally:
        await seats.close()
        await host.close()


#: An app run by the browser seat's driver (`cli.web_seat.seat_driver`) that records the
#: focus it is told, and ends 0 once it has been told the focus after the driver's first
#: blur (1 after 60 s without).
FOCUS_APP = r"""
import sys
from textual.app import App
from pier18.cli.web_seat import seat_driver

class Told(App):
    blurred = False

    def watch_app_focus(self, focus):
        if not focus:
            self.blurred = True
        elif self.blurred:
            self.exit(return_code=0)

    def on_mount(self):
        self.set_timer(60, lambda: self.exit(return_code=1))

app = Told()
app.driver_class = seat_driver()
app.run()
sys.exit(app.return_code)
"""


def test_a_page_that_took_the_focus_at_once_leaves_the_app_focused():
    """The page focuses its terminal as soon as it is connected (`web_pages/seat.js`),
    which may be before the seat's app runs; Textual's web driver then starts the app as
    unfocused, and the app's key bar stayed empty until the page was clicked. The page's
    word comes again after the driver's."""
    import subprocess

    focus = json.dumps({"type": "focus"}).encode()
    packets = b"M" + len(focus).to_bytes(4, "big") + focus
    env = child_env(TEXTUAL_DRIVER="textual.drivers.web_driver:WebDriver", COLUMNS="80", ROWS="24")
    app = subprocess.Popen([sys.executable, "-c", FOCUS_APP], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, env=env)
    assert app.stdin is not None
    app.stdin.write(packets)  # before the app runs; the pipe stays open (its end would end the app)
    app.stdin.flush()
    try:
        app.wait(timeout=120)
    finally:
        app.kill()
        app.stdin.close()
    assert app.stderr is not None
    assert app.returncode == 0, app.stderr.read().decode(errors="replace")[-2000:]


@pytest.mark.parametrize(
    ("asked", "argv"),
    [
        (None, []),  # no language asked: the seat speaks the host's
        ("nl", ["--lang", "nl"]),
        ("nl-NL", ["--lang", "nl"]),
        ("en", ["--lang", "en"]),
        ("fr", ["--lang", "en"]),  # no catalog: English
        ("--own-tls", ["--lang", "en"]),
        ("$(touch owned); rm -rf ~", ["--lang", "en"]),
        ("..%2F..%2Fetc%2Fpasswd", ["--lang", "en"]),
        ("nl%00x", ["--lang", "en"]),
        ("x" * 2000, ["--lang", "en"]),
    ],
)
async def test_the_language_a_page_asks_for_reaches_its_process_as_one_pier18_speaks(asked, argv):
    """`/ws/CODE/LANG` (the seat page's socket when its address has `&lang=`): the
    process gets `--lang` with a language of `i18n.available()`, never the text sent."""
    session, host, seats = await open_both()
    code = session.codes.seats[1]
    try:
        async with aiohttp.ClientSession() as http:
            path = f"/ws/{code}" if asked is None else f"/ws/{code}/{asked}"
            url = f"http://127.0.0.1:{seats.port}{path}?width=120&height=40"
            async with http.ws_connect(url, timeout=aiohttp.ClientWSTimeout(ws_receive=WAIT)) as ws:
                told = json.loads((await ws.receive_bytes(timeout=WAIT)).decode())
                assert told["argv"] == ["--fixed", "argument", *argv]
                assert told["code"] == code
    finally:
        await seats.close()
        await host.close()


@pytest.mark.parametrize(
    ("query", "socket"),
    [
        ("", "/ws/{code}\""),
        ("&lang=nl", "/ws/{code}/nl\""),
        ("&lang=nl_BE.UTF-8", "/ws/{code}/nl\""),
        ("&lang=%22%3E%3Cscript%3Ealert(1)%3C/script%3E", "/ws/{code}/en\""),
        ("&lang=", "/ws/{code}/en\""),
    ],
)
async def test_a_seat_page_connects_in_the_language_its_address_asks_for(query, socket):
    session, host, seats = await open_both()
    code = session.codes.seats[1]
    try:
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{seats.port}/?seat={code}{query}") as response:
                page = await response.text()
            assert response.status == 200 and socket.format(code=code) in page
            assert "<script>alert" not in page
            async with http.get(f"http://127.0.0.1:{seats.port}/?seat=WRONG{query}") as response:
                asking = await response.text()  # the page asking again keeps the language asked
            assert response.status == 403
            kept = socket.format(code=code).rsplit("/", 1)[-1].rstrip('"') if query else None
            if kept is None:
                assert "disabled" in asking.split('name="lang"', 1)[1].split(">", 1)[0]
            else:
                assert f'name="lang" value="{kept}"  />' in asking
    finally:
        await seats.close()
        await host.close()


def test_the_seat_process_speaks_the_language_it_is_given(monkeypatch):
    """`pier18.cli.web_seat` chooses its `--lang` before anything else is said."""
    from pier18.cli import web_seat

    chosen = []
    monkeypatch.setattr(web_seat, "end_with_parent", lambda pid: None)
    monkeypatch.setattr(web_seat, "choose", chosen.append)
    monkeypatch.delenv(CODE_ENV, raising=False)
    assert web_seat.main(["ws://127.0.0.1:1/", "--own-tls", "--lang", "nl"]) == 2  # no code: nothing more
    assert chosen == ["nl"]
    assert web_seat.main(["ws://127.0.0.1:1/"]) == 2
    assert chosen == ["nl"]  # none given: the environment's, as the host's


def _head(page: str) -> tuple[str, str]:
    """A page's `<html lang>` and `<title>`, as written (still escaped)."""
    lang = page.split('<html lang="', 1)[1].split('"', 1)[0]
    title = page.split("<title>", 1)[1].split("</title>", 1)[0]
    return lang, title


@pytest.mark.parametrize(
    ("query", "lang"),
    [
        ("", "en"),  # none asked: the host's language
        ("&lang=nl", "nl"),
        ("&lang=nl_BE.UTF-8", "nl"),
        ("&lang=%22%3E%3Cscript%3Ealert(1)%3C/script%3E", "en"),
        ("&lang=en%22%20onload=%22alert(1)", "en"),
        ("&lang=", "en"),
    ],
)
async def test_a_seat_page_says_its_language_and_names_the_game_and_the_seat(query, lang):
    """Its `<html lang>` is the seat's language (the one asked for, as pier18 speaks it;
    the host's otherwise) and its texts are in that language; its title names the game
    and the player's seat, or the watching; nothing sent is written into the page."""
    session, host, seats = await open_both()
    said = i18n.translation(lang).gettext
    try:
        async with aiohttp.ClientSession() as http:
            for code, title in (
                (session.codes.seats[1], said("{game}: {name}'s seat").format(game=GAME_NAME, name="Bob")),
                (session.codes.watch, said("{game}: watching the table").format(game=GAME_NAME)),
            ):
                async with http.get(f"http://127.0.0.1:{seats.port}/?seat={code}{query}") as response:
                    page = await response.text()
                assert response.status == 200
                assert _head(page) == (lang, html.escape(title))
                closed = "This seat's page is closed. Open it again to come back to the table."
                assert html.escape(said(closed)) in page
                if lang != "en":
                    assert said(closed) != closed and html.escape(closed) not in page  # the page's own words, in its language
                assert "alert" not in page and "onload" not in page
            async with http.get(f"http://127.0.0.1:{seats.port}/?seat=WRONG{query}") as response:
                asking = await response.text()  # the page asking for a code again: the same language
            assert response.status == 403 and _head(asking) == (lang, GAME_NAME)
            assert html.escape(said("Your seat's code, as the host gave it:")) in asking and "alert" not in asking
    finally:
        await seats.close()
        await host.close()


async def test_a_page_with_no_language_asked_speaks_the_hosts(speaking):
    speaking("nl")
    session, host, seats = await open_both()
    try:
        async with aiohttp.ClientSession() as http:
            for query in (f"?seat={session.codes.seats[0]}", "", "?seat=WRONG"):
                async with http.get(f"http://127.0.0.1:{seats.port}/{query}") as response:
                    assert _head(await response.text())[0] == "nl"
            async with http.get(f"http://127.0.0.1:{seats.port}/?seat={session.codes.seats[0]}&lang=en") as response:
                assert _head(await response.text())[0] == "en"
    finally:
        await seats.close()
        await host.close()


@pytest.mark.parametrize("name", ['</title><script>alert("x")</script>', "Ann & <b>Bob</b>", "Cy\x1b[31m\u202e"])
async def test_a_players_name_in_the_pages_title_is_only_text(name):
    session = new_table(2, 3)
    session.names[0] = name
    host = Host(session, session.codes, fast_config())
    await host.start()
    seats = WebSeats(host, COMMAND, WebConfig(bind="127.0.0.1", port=0))
    await seats.start()
    try:
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{seats.port}/?seat={session.codes.seats[0]}") as response:
                page = await response.text()
        title = _head(page)[1]
        shown = printable_name(name)
        assert title == html.escape(_("{game}: {name}'s seat").format(game=GAME_NAME, name=shown))
        assert "<script>" not in page and "<b>" not in page and "\x1b" not in page and "\u202e" not in page
        assert page.count("<title>") == 1 and page.count("</title>") == 1
    finally:
        await seats.close()
        await host.close()


async def test_the_seat_pages_terminal_runs_in_screen_reader_mode():
    """xterm.js's screenReaderMode (its rows kept as text for a screen reader, what is
    written said) is off in the terminal textual.js builds: the page's own script, run
    after textual.js and before textual.js builds its terminal, turns it on (the browser
    test sees xterm.js's accessibility tree in the real page)."""
    session, host, seats = await open_both()
    base = f"http://127.0.0.1:{seats.port}"
    try:
        async with aiohttp.ClientSession() as http:
            async with http.get(f"{base}/?seat={session.codes.seats[0]}") as response:
                page = await response.text()
            builds, ours = page.index('<script src="/static/js/textual.js"></script>'), page.index('<script src="/page/seat.js" defer></script>')
            assert builds < ours  # ours runs after textual.js has set its window.onload, before the page loads
            async with http.get(f"{base}/page/seat.js") as response:
                script = await response.text()
            async with http.get(f"{base}/static/js/textual.js") as response:
                textual = await response.text()
        assert "terminal.options.screenReaderMode = true;" in script
        # What the script counts on in textual.js: its window.onload builds the one terminal,
        # with the mode off, into `this.terminal`.
        assert "window.onload" in script and "window.onload=" in textual
        built = re.findall(r"this\.terminal=new [\w$]+\.Terminal\((\{[^}]*\})\)", textual)
        assert len(built) == 1 and "screenReaderMode" not in built[0]
    finally:
        await seats.close()
        await host.close()


# -- how many tabs, and how many processes ---------------------------------------------------

#: Where each counted stand-in keeps a file, locked (exclusively) for as long as it lives.
ALIVE_ENV = "PIER18_TEST_ALIVE"

#: The stand-in, first counting the stand-ins of its code alive with it (itself too): a
#: file whose lock it cannot share is another's, alive. It writes the count into its own
#: file. Of two processes alive at once, the later one to start sees the earlier one: so
#: the largest count written is how many ran at once, whenever that was.
COUNTED = r"""
import fcntl, os, secrets
folder, code = os.environ["%s"], os.environ["%s"]
mine = os.open(os.path.join(folder, "%%s-%%d-%%s" %% (code, os.getpid(), secrets.token_hex(4))), os.O_RDWR | os.O_CREAT, 0o600)
fcntl.flock(mine, fcntl.LOCK_EX)
alive = 0
for name in os.listdir(folder):
    if not name.startswith(code + "-"):
        continue
    other = os.open(os.path.join(folder, name), os.O_RDONLY)
    try:
        fcntl.flock(other, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        alive += 1
    os.close(other)
os.write(mine, str(alive).encode())
""" % (ALIVE_ENV, CODE_ENV) + STAND_IN

COUNTED_COMMAND = [sys.executable, "-c", COUNTED]


def most_at_once(folder, code: str) -> int:
    """The most counted stand-ins of `code` that were alive at once (each one's own count)."""
    return max((int(path.read_text() or 0) for path in folder.glob(f"{code}-*")), default=0)


def alive_now(folder, code: str = "") -> int:
    """How many counted stand-ins (of `code`) are alive now: their files' locks are held."""
    import fcntl

    alive = 0
    for path in folder.glob(f"{code}*"):
        with path.open("rb") as file:
            try:
                fcntl.flock(file, fcntl.LOCK_SH | fcntl.LOCK_NB)
            except BlockingIOError:
                alive += 1
    return alive


async def heard(ws: aiohttp.ClientWebSocketResponse, got: list[bytes]) -> None:
    """What a tab is sent, into `got`, until it is closed."""
    async for message in ws:
        if message.type == aiohttp.WSMsgType.BINARY:
            got.append(message.data)


async def test_tabs_opened_at_once_with_one_seats_code_run_one_process_at_a_time(tmp_path, monkeypatch):
    """Forty tabs with one seat's code, all at once: the limit was checked before an
    `await` and the tab registered after it, so each started a process of its own (forty
    alive). Each newer tab takes the seat over; the processes run one at a time, the
    newest tab's is the one left, and the other seat's code opens meanwhile as ever."""
    monkeypatch.setenv(ALIVE_ENV, str(tmp_path))
    session, host, seats = await open_both(command=COUNTED_COMMAND)
    base = f"ws://127.0.0.1:{seats.port}/ws"
    timeout = aiohttp.ClientWSTimeout(ws_receive=WAIT)
    try:
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as http:
            seat = session.codes.seats[0]
            flood = await asyncio.gather(*(http.ws_connect(f"{base}/{seat}", timeout=timeout) for _ in range(40)))
            got: list[list[bytes]] = [[] for _ in flood]
            listening = [asyncio.create_task(heard(ws, into)) for ws, into in zip(flood, got)]
            async with http.ws_connect(f"{base}/{session.codes.seats[1]}", timeout=timeout) as other:
                told = json.loads((await other.receive_bytes(timeout=WAIT)).decode())
                assert told["code"] == session.codes.seats[1]  # the other seat is not kept out
            await until(lambda: sum(task.done() for task in listening) >= 39 or most_at_once(tmp_path, seat) > 1, "the older tabs to close")
            assert most_at_once(tmp_path, seat) <= 1, f"{most_at_once(tmp_path, seat)} processes of one seat ran at once"
            (left,) = [into for task, into in zip(listening, got) if not task.done()]
            await until(lambda: left, "the newest tab's process to draw")
            assert json.loads(left[0].decode())["code"] == seat
            assert alive_now(tmp_path, seat) == 1 and [tab.code for tab in seats.tabs].count(seat) == 1
            for ws in flood:
                await ws.close()
        await asyncio.wait_for(seats.idle.wait(), WAIT)
        assert not seats.tabs and alive_now(tmp_path) == 0
        assert most_at_once(tmp_path, seat) <= 1
    finally:
        await seats.close()
        await host.close()


async def test_watching_pages_are_bounded_and_never_keep_a_seat_out(tmp_path, monkeypatch):
    """Thirty watching tabs at once once started thirty processes (1.7 GB kept alive).
    At most `max_watching` are let in, the rest refused in one line; a seat's own code
    opens its tab meanwhile; and a watching tab that closes gives its place back, once."""
    monkeypatch.setenv(ALIVE_ENV, str(tmp_path))
    session, host, seats = await open_both(command=COUNTED_COMMAND, max_watching=4)
    watch = f"ws://127.0.0.1:{seats.port}/ws/{session.codes.watch}"
    timeout = aiohttp.ClientWSTimeout(ws_receive=WAIT)
    full = "Too many pages are watching this table. Try again when one of them has closed."
    try:
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as http:
            for _round in range(3):  # places given back, and given back only once
                tried = await asyncio.gather(*(http.ws_connect(watch, timeout=timeout) for _ in range(30)), return_exceptions=True)
                watching = [ws for ws in tried if not isinstance(ws, BaseException)]
                refused = [error for error in tried if isinstance(error, BaseException)]
                assert len(watching) == 4 and all(isinstance(e, aiohttp.WSServerHandshakeError) and e.status == 503 for e in refused), tried
                async with http.get(f"http://127.0.0.1:{seats.port}/?watch={session.codes.watch}") as response:
                    assert response.status == 503 and html.escape(full) in await response.text()  # the page says why
                async with http.get(watch) as response:  # the socket's own refusal: that one line
                    assert response.status == 503 and await response.text() == full
                async with http.ws_connect(f"ws://127.0.0.1:{seats.port}/ws/{session.codes.seats[1]}", timeout=timeout) as seat:
                    told = json.loads((await seat.receive_bytes(timeout=WAIT)).decode())
                    assert told["code"] == session.codes.seats[1]
                for ws in watching:
                    assert json.loads((await ws.receive_bytes(timeout=WAIT)).decode())["code"] == session.codes.watch
                    await ws.close()
                await asyncio.wait_for(seats.idle.wait(), WAIT)
                assert not seats.tabs and alive_now(tmp_path) == 0
        watched = most_at_once(tmp_path, session.codes.watch)
        assert watched <= 4, f"{watched} watching processes ran at once"
    finally:
        await seats.close()
        await host.close()


async def test_a_tab_whose_process_cannot_start_gives_its_place_back(tmp_path):
    """A process that cannot start (no such program, no memory) closes its tab; its place
    is free again: more tabs than the limit, one after another, are each let in."""
    session, host, seats = await open_both(command=[str(tmp_path / "no-such-program")], max_tabs=5, max_watching=1)
    timeout = aiohttp.ClientWSTimeout(ws_receive=WAIT)
    try:
        async with aiohttp.ClientSession() as http:
            for code in [session.codes.seats[0], session.codes.watch, session.codes.seats[1]] * 3:
                async with http.ws_connect(f"ws://127.0.0.1:{seats.port}/ws/{code}", timeout=timeout) as ws:
                    assert (await ws.receive(timeout=WAIT)).type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
                await asyncio.wait_for(seats.idle.wait(), WAIT)
        assert not seats.tabs and seats.started == 0
    finally:
        await seats.close()
        await host.close()


async def test_closing_the_server_ends_every_tab_however_far_it_got(tmp_path, monkeypatch):
    """The host closes while tabs run, wait for an older tab of their seat, or are being
    let in: no process is left, and no place held. (Each is asked to quit at once; a
    process that did not would have `quit_timeout` to end, longer than the test.)"""
    monkeypatch.setenv(ALIVE_ENV, str(tmp_path))
    session, host, seats = await open_both(command=COUNTED_COMMAND, quit_timeout=2 * WAIT)
    timeout = aiohttp.ClientWSTimeout(ws_receive=WAIT)
    try:
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as http:
            urls = [f"ws://127.0.0.1:{seats.port}/ws/{code}" for code in (*session.codes.seats, session.codes.watch)]
            opened = await asyncio.gather(*(http.ws_connect(url, timeout=timeout) for url in urls * 3))
            listening = [asyncio.create_task(heard(ws, [])) for ws in opened]  # each page as alive as a browser's
            await until(lambda: alive_now(tmp_path) >= 1, "a process to start")
            await seats.close()
            assert not seats.tabs and seats.running() == 0 and alive_now(tmp_path) == 0
            await asyncio.wait_for(asyncio.gather(*listening), WAIT)  # every page was closed
    finally:
        await seats.close()
        await host.close()


@pytest.mark.parametrize("asked", ["h" * 8000, "127.0.0.1:8019<script>", "a b:1", "127.0.0.1:99999", "user@127.0.0.1:1"])
async def test_a_page_asked_of_a_host_that_is_none_is_refused_and_never_echoed(asked):
    """The seat's page names the host it was asked of (its `Host`) for its terminal's
    socket: a `Host` of 8,000 characters was written into the page whole."""
    session, host, seats = await open_both()
    try:
        async with aiohttp.ClientSession() as http:
            url = f"http://127.0.0.1:{seats.port}/?seat={session.codes.seats[0]}"
            async with http.get(url, headers={"Host": asked}) as response:
                page = await response.text()
            assert response.status == 400 and asked not in page and len(page) < 1000
            async with http.get(url, headers={"Host": f"127.0.0.1:{seats.port}"}) as response:
                assert response.status == 200 and f"ws://127.0.0.1:{seats.port}/ws/" in await response.text()
    finally:
        await seats.close()
        await host.close()
