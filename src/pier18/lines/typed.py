"""The lines a person types, read the one way every plain-line front end reads them.

`TypedLines` is the only reader of typed lines: `play --lines`, `learn --lines` and
`replay --lines` ask it for the next line (`next`), the seats over the network
(`join --lines`, `join --watch --lines`, `host --lines`), the club (`club --lines`) and
`host --no-seat`'s commands wait for one (`get`, read by a thread). Its policy:

- a line is given without its end and the spaces around it ('' for an empty line: Enter);
- the end of the input is None, and stays None: a pipe or file read to its end, a
  standard input that was closed or cannot be read, Ctrl+D on an empty line, and
  Ctrl+D after some letters (the terminal then hands them over without a line end:
  that last line is given, and the input has ended). A terminal would go on reading
  after Ctrl+D; this never asks it again. Each front end takes the end as 'quit';
- bytes that are no text in the terminal's encoding are read as U+FFFD, never an error;
- a line longer than MAX_LINE characters is cut there (the rest up to its end skipped).
"""

from __future__ import annotations

import asyncio
import io
import sys
import threading
from collections.abc import Awaitable
from typing import Protocol, TextIO

#: The longest line read, in characters; the rest of a longer one is skipped.
MAX_LINE = 10_000


class LineSource(Protocol):
    """Where a front end over asyncio gets its typed lines: `get()` gives the next one
    (None: the input ended). `TypedLines` is the one for standard input; tests type
    their own. It is called only once the line before has been answered in full."""

    def get(self) -> Awaitable[str | None]: ...


class TypedLines:
    """The lines typed on `stream` (standard input by default, as it is when read: None
    if it was closed when pier18 started), one at a time.

    `next()` blocks until a line is typed; `get()` waits for one in asyncio (a thread
    reads them, as reading a terminal blocks on every platform asyncio runs on). One
    reader uses one of the two."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream
        self.ended = False  # the input has ended: nothing more is read
        self._queue: asyncio.Queue[str | None] | None = None
        self._over = False  # `get` has given the end

    def next(self) -> str | None:
        """The next line typed, or None at the end of the input (and after it)."""
        if self.ended:
            return None
        line = self._readline()
        if not line.endswith("\n"):  # read to the end, or Ctrl+D after some letters
            self.ended = True
        if not line:
            return None
        return line.strip()

    def _readline(self) -> str:
        stream = self.stream if self.stream is not None else sys.stdin
        if stream is None:  # closed when pier18 started
            return ""
        if isinstance(stream, io.TextIOWrapper) and stream.errors != "replace":
            stream.reconfigure(errors="replace")  # a stray byte is a character, not the end of the game
        try:
            line = stream.readline(MAX_LINE + 1)
            if len(line) > MAX_LINE and not line.endswith("\n"):  # too long: skip to its end
                rest = line
                while rest and not rest.endswith("\n"):
                    rest = stream.readline(MAX_LINE)
                return line[:MAX_LINE] + rest[-1:]
        except (OSError, ValueError):  # unreadable, or closed under us: the input has ended
            return ""
        return line

    def get(self) -> Awaitable[str | None]:
        """`next()`, waited for in asyncio: None at the end of the input, and after it.

        The reading thread starts at the first call, in the caller (not in the task that
        awaits the line): a stop signal then interrupts the caller, as it would have."""
        if self._queue is None:
            self._queue = asyncio.Queue()
            loop, queue = asyncio.get_running_loop(), self._queue

            def read() -> None:
                while True:
                    line = self.next()
                    try:
                        loop.call_soon_threadsafe(queue.put_nowait, line)
                    except RuntimeError:  # the loop has closed: nobody is listening any more
                        return
                    if line is None:
                        return

            threading.Thread(target=read, daemon=True, name="pier18-typed-lines").start()
        return self._taken(self._queue)

    async def _taken(self, queue: asyncio.Queue[str | None]) -> str | None:
        if self._over:
            return None
        line = await queue.get()
        if line is None:
            self._over = True
        return line
