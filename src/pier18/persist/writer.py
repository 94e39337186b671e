"""The thread a game's saves are written on, so that no key waits on the disk.

A save (`autosave.Autosaver`) is the whole record, written atomically: a temporary
file, fsynced, renamed, the folder fsynced. The caller takes the record's text from
the session at once (a snapshot) and hands the writing to a `SaveWriter`, which does
it on a thread of its own while the next screen is drawn.

At most one save is in flight: a new save first waits, on the caller's thread, until
the one before it is complete (by then it long is: a person takes longer to press the
next key than a disk takes to write). So a SIGKILL at any moment loses at most the
save in flight, that of the last decision; every save before it is on disk. `flush`
waits for the save in flight: the game's owner calls it before letting go of the
game's lock (the app's exit, a crash, a stop signal, a new game), and the thread is
not a daemon, so the interpreter waits for it at exit too.

An exception a save did not handle itself (a bug: a failed write is a notice, kept
by the saver) is raised again on the caller's thread at the next `submit` or `flush`,
where the app's crash handling sees it.
"""

from __future__ import annotations

import threading
import time
import weakref
from collections.abc import Callable

#: Every writer of this process, for `settle`.
_writers: weakref.WeakSet[SaveWriter] = weakref.WeakSet()


def settle(timeout: float) -> None:
    """Wait, at most `timeout` seconds in all, until no save of this process is in flight:
    for a process about to end at once, without its owners' `flush` (`tui.exits`: an app
    stopped from outside that could not end by itself)."""
    give_up = time.monotonic() + timeout
    for writer in list(_writers):
        writer.wait(max(0.0, give_up - time.monotonic()))


class SaveWriter:
    """Runs one save at a time on a thread of its own (see the module's notes)."""

    def __init__(self) -> None:
        _writers.add(self)
        self._thread: threading.Thread | None = None
        self._failure: BaseException | None = None
        #: Whether the owner is waiting for the save in flight (tests look at it).
        self.waiting = False

    @property
    def pending(self) -> bool:
        """A save has been handed over and not yet waited for."""
        return self._thread is not None

    def submit(self, save: Callable[[], None]) -> None:
        """Write `save` on the writer's thread, once the save before it is complete."""
        self.flush()
        thread = threading.Thread(target=self._run, args=(save,), name="pier18-save", daemon=False)
        self._thread = thread
        thread.start()

    def flush(self) -> None:
        """Wait until the save in flight, if any, is complete (on disk, or failed)."""
        if self._thread is not None:
            self.wait()
            self._thread = None
        failure, self._failure = self._failure, None
        if failure is not None:
            raise failure

    def wait(self, timeout: float | None = None) -> None:
        """Wait until the save in flight, if any, is complete, or `timeout` seconds."""
        thread = self._thread
        if thread is not None:
            self.waiting = True
            try:
                thread.join(timeout)
            finally:
                self.waiting = False

    def _run(self, save: Callable[[], None]) -> None:
        try:
            save()
        except BaseException as exc:  # noqa: BLE001 - raised again on the owner's thread
            self._failure = exc
