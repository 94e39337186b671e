"""`pier18 play` with an unfinished game saved: offer to go on with it first.

Shows only the names, the phase and whose turn it is (`pier18.words.summary`), never
a card, since whoever is at the keys may not be the player whose turn it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text
from textual.binding import Binding

from ...engine import TableView
from ...persist import autosave
from ...words import summary
from .confirm import ConfirmScreen

if TYPE_CHECKING:
    from ..app import Pier18App


class ResumeScreen(ConfirmScreen):
    """Dismisses with True to resume the saved game, False to start a new one."""

    AUTO_FOCUS = "#yes"  # Enter goes on with the saved game
    BINDINGS = [
        Binding("y,enter", "answer(True)", "Resume"),
        Binding("n", "answer(False)", "New game"),
    ]
    YES = "Resume it (y)"
    NO = "New game (n)"
    YES_VARIANT = "primary"
    NO_VARIANT = "default"

    def __init__(self, summary: str, notes: list[str] | None = None) -> None:
        # Names and file paths are shown as plain text, never read as markup.
        super().__init__("[b]An unfinished game is saved.[/b]", Text(summary), *(Text(n) for n in notes or []))
        self.summary = summary
        self.notes = notes or []


def offer_resume(app: Pier18App, found: autosave.Resumable, otherwise: Callable[[], None]) -> None:
    """Ask whether to go on with `found`, before anything else.

    Yes: the saved game is autosaved to its own file again (and to `play --record FILE`,
    taking the factory's next record number) and shown where it stopped.
    No: `otherwise()` runs (the usual start: the names screen or a new game).
    """
    session = found.session
    assert session is not None
    notes = [moved.message() for moved in found.set_aside]

    def answered(yes: bool | None) -> None:
        if yes:
            factory = app.new_session  # an `Autosaving` when started by `pier18 play`
            record_path = factory.next_record_path() if isinstance(factory, autosave.Autosaving) else None
            autosave.attach(session, found.path, record_path, on_error=lambda m: app.notify(m, severity="error"))
            app.start(session)
        else:
            otherwise()

    app.push_screen(ResumeScreen(summary(TableView.of(session.game), session.names), notes), answered)
