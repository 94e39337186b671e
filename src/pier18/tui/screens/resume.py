"""`pier18 play` with an unfinished game saved: offer to go on with it first.

Shows only the names, the phase and whose turn it is (`pier18.record.summary`), never
a card, since whoever is at the keys may not be the player whose turn it is.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static


class ResumeScreen(ModalScreen[bool]):
    """Dismisses with True to resume the saved game, False to start a new one."""

    DEFAULT_CSS = """
    ResumeScreen { align: center middle; }
    ResumeScreen #resume-box { width: 76; height: auto; border: thick $accent; padding: 1 2; background: $panel; }
    ResumeScreen #resume-buttons { height: auto; margin-top: 1; }
    ResumeScreen Button { margin-right: 2; }
    """

    BINDINGS = [
        Binding("y,enter", "answer(True)", "Resume"),
        Binding("n", "answer(False)", "New game"),
    ]

    def __init__(self, summary: str, notes: list[str] | None = None) -> None:
        super().__init__()
        self.summary = summary
        self.notes = notes or []

    def compose(self) -> ComposeResult:
        with Vertical(id="resume-box"):
            yield Static("[b]An unfinished game is saved.[/b]", id="resume-title")
            yield Static(self.summary, id="resume-summary", markup=False)
            for note in self.notes:
                yield Static(note, classes="resume-note", markup=False)
            with Horizontal(id="resume-buttons"):
                yield Button("Resume it (y)", id="yes", variant="primary")
                yield Button("New game (n)", id="no")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


def offer_resume(app, found, otherwise) -> None:
    """Ask whether to go on with `found` (a `pier18.saves.Resumable`), before anything else.

    Yes: the saved game is autosaved to its own file again (and to `play --record FILE`,
    taking the factory's next record number) and shown where it stopped.
    No: `otherwise()` runs (the usual start: the names screen or a new game).
    """
    from ... import record, saves

    notes = [moved.message() for moved in found.set_aside]

    def answered(yes: bool | None) -> None:
        if yes:
            factory = app.new_session  # a `saves.Autosaving` when started by `pier18 play`
            record_path = factory.next_record_path() if isinstance(factory, saves.Autosaving) else None
            saves.attach(found.session, found.path, record_path, on_error=lambda m: app.notify(m, severity="error"))
            app.start(found.session)
        else:
            otherwise()

    app.push_screen(ResumeScreen(record.summary(found.session), notes), answered)
