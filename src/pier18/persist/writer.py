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
from collections.abc import Callable


class SaveWriter:
    """Runs one save at a time on a thread of its own (see the module's notes)."""

    def __init__(self) -> None:
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
        thread = self._thread
        if thread is not None:
            self.waiting = True
            try:
                thread.join()
            finally:
                self.waiting = False
            self._thread = None
        failure, self._failure = self._failure, None
        if failure is not None:
            raise failure

    def _run(self, save: Callable[[], None]) -> None:
        try:
            save()
        except BaseException as exc:  # noqa: BLE001 - raised again on the owner's thread
            self._failure = exc
