"""The process behind one browser tab (`pier18 host --web`, `pier18.net.web`).

Started by the host as `python -m pier18.cli.web_seat URL [--own-tls] [--lang LANG]`, a
fixed argument list (LANG: a language pier18 speaks, the one the page's address asks
for, `net.web.asked_language`); the seat code comes in the environment (`net.web.CODE_ENV`), already
checked by the table, never on the command line (where every user of the computer
could read it). It plays that seat in the same app `pier18 join` opens, a client of the
table at URL (`--own-tls`: the host's own TLS table over loopback, whose certificate is
not checked), drawn through Textual's web driver, which the host's environment chose.
Not a command: nothing a person types.

It lives only as long as its page and its table: it ends when the host that started it
ends (however: `kill -9` too, `persist.children`), when the page's pipes are gone (its
standard input at its end, its output broken: a clean exit, never a crash), and when the
connection to the table drops. It never reconnects by itself: a page opened again gets
a process of its own.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any
from collections.abc import Callable

from ..i18n import choose, lang_from_argv
from ..persist.children import end_with_parent

if TYPE_CHECKING:
    import ssl


def main(argv: list[str] | None = None) -> int:
    import asyncio

    from ..net.web import CODE_ENV, PARENT_ENV

    parent = os.environ.pop(PARENT_ENV, "")
    end_with_parent(int(parent) if parent.isdigit() else os.getppid())  # SIGTERM: the app ends as when stopped
    args = list(sys.argv[1:] if argv is None else argv)
    code = os.environ.pop(CODE_ENV, "")
    language = lang_from_argv(args[1:])
    if language is not None:  # the page's language (`net.web.asked_language`); else the host's
        choose(language)
    if not args or not code:
        return 2
    context = own_tls() if "--own-tls" in args[1:] else None

    from ..net.client import Client, Event, Heard

    async def play() -> int:
        from ..tui.cursor import showing_cursor
        from ..tui.exits import run_app_async
        from ..tui.seat_app import SeatApp

        client = Client(args[0], code, ssl=context, reconnect=False)
        app = SeatApp(client)
        app.driver_class = showing_cursor(seat_driver())  # the cursor on the choice, as at a terminal

        def heard(event: Event) -> None:
            if event.kind is Heard.FATAL:  # the table is gone, or refused us: so is this seat
                app.exit()

        client.on_event = heard
        try:
            return await run_app_async(app)
        finally:
            await client.close()

    try:
        return asyncio.run(play())
    except KeyboardInterrupt:
        return 130
    finally:
        _quiet_stdout()


def seat_driver() -> type:
    """Textual's web driver, ending the app once the page's pipes are gone: standard input
    at its end (the host closed it, or ended), or output that cannot be written (a broken
    pipe). Either way the app ends as if asked to quit, and nothing is written any more.

    It also keeps the page's focus: Textual's web driver starts the app as if the page had
    not got it (an `AppBlur` once the app runs), and an app without the focus leaves its
    key bar empty. A page that took the focus at once (`web_pages/seat.js`) may have said
    so before that blur: it is said again after it.

    Only the driver's public methods are overridden: each way it writes a packet, its
    input thread, the meta packets from the page and the start; the app is told through
    `send_message`, which any thread may call.
    """
    from textual import events, messages
    from textual.drivers.web_driver import WebDriver

    class SeatDriver(WebDriver):
        page_gone = False
        page_focused = False  # the page's last word: focus or blur

        def start_application_mode(self) -> None:
            super().start_application_mode()  # ends by asking the app to post an AppBlur
            self.send_message(events.Callback(callback=self._focus_again))  # queued after that ask

        def _focus_again(self) -> None:
            if self.page_focused and not self.page_gone:
                self.send_message(events.AppFocus())

        def on_meta(self, packet_type: str, payload: dict[str, object]) -> None:
            if packet_type in ("focus", "blur"):
                self.page_focused = packet_type == "focus"
            super().on_meta(packet_type, payload)

        def write(self, data: str) -> None:
            self._unless_gone(super().write, data)

        def write_meta(self, data: dict[str, object]) -> None:
            self._unless_gone(super().write_meta, data)

        def write_binary_encoded(self, data: tuple[str | bytes, ...]) -> None:
            self._unless_gone(super().write_binary_encoded, data)

        def _unless_gone(self, write: Callable[[Any], None], data: Any) -> None:
            if self.page_gone:
                return
            try:
                write(data)
            except OSError:  # EPIPE: the host no longer reads
                self.gone()

        def run_input_thread(self) -> None:
            super().run_input_thread()
            if not self.exit_event.is_set():  # not stopped by the app: its input ended
                self.gone()

        def gone(self) -> None:
            if not self.page_gone:
                self.page_gone = True
                self.send_message(messages.ExitApp())

    return SeatDriver


def _quiet_stdout() -> None:
    """Standard output onto nothing: Python's last flush must not fail on a broken pipe."""

    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        pass
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.__stdout__.fileno() if sys.__stdout__ is not None else 1)
        os.close(devnull)
    except (OSError, ValueError):
        pass


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
