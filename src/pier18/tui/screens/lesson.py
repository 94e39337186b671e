"""The guided first game's own screens (`pier18 learn`): a step, what a choice did, and
`pier18 play`'s one-time offer of the lesson.

A step's words come from the lesson script (made printable when it was read) and reach
the screen as `Text`, never as markup. The feedback draws the engine's `Outcome` of the
choice made and of the suggested one (totals, the Patron it wins, and the reasons that
changed, from `Outcome.reasons_changed`) and adds nothing up itself.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from ...engine import Decision, Deck, Outcome
from ...persist.lesson import Step
from ...i18n import N_, _
from ...persist.lesson import step_words
from ...speech.why import lesson_feedback, reason_gone, reason_new
from ..widgets.footer import Footer
from .closing import ModalClosesOnce, unless_leaving
from .confirm import ConfirmScreen


class LessonBox(ModalClosesOnce[None]):
    """A box of the lesson over the game, read and scrolled, that Enter closes: a step
    (`LessonScreen`) or what a choice did (`FeedbackScreen`). Each says what it draws
    (`drawn`) and the id of its box and text."""

    DEFAULT_CSS = """
    LessonBox { align: center middle; }
    LessonBox .lesson-box {
        width: 84;
        height: auto;
        max-height: 100%;
        border: round $accent;
        padding: 0 2;
        background: $surface;
    }
    """
    BINDINGS = [Binding("enter,escape,space", "go_on", N_("Go on"))]
    BOX = "lesson-box"
    TEXT = "lesson-text"

    def drawn(self) -> RenderableType:
        raise NotImplementedError

    def compose(self) -> ComposeResult:
        with VerticalScroll(id=self.BOX, classes="lesson-box"):
            yield Static(self.drawn(), id=self.TEXT)
        yield Footer()

    @unless_leaving
    def on_mount(self) -> None:
        self.query_one(f"#{self.BOX}").focus()

    def action_go_on(self) -> None:
        self.dismiss(None)


class LessonScreen(LessonBox):
    """One step of the lesson: its idea, then what to do. Enter goes on to do it."""

    def __init__(self, step: Step, steps: int, deck: Deck, suggestion: Decision | None) -> None:
        super().__init__()
        self.step = step
        head, text, task = step_words(step, steps, deck, suggestion)
        self.text = Text()
        self.text.append(head, style="bold")
        self.text.append("\n\n")
        self.text.append(text)
        self.text.append("\n\n")
        self.text.append(task, style="bold italic")

    def drawn(self) -> RenderableType:
        return self.text


def feedback(deck: Deck, mine: Outcome, suggested: Outcome | None) -> Group:
    """What the choice made did, next to the suggested one (`speech.why.lesson_feedback`), drawn."""
    chose, gone, new, theirs = lesson_feedback(deck, mine, suggested)
    lines: list[Text] = [Text(chose, style="bold")]
    lines.append(Text())
    if gone or new:
        lines.append(Text(_("What changed on your pier:"), style="bold"))
        for reason in gone:
            lines.append(Text.assemble((f"  {reason_gone()} ", "bold red"), reason))
        for reason in new:
            lines.append(Text.assemble((f"  {reason_new()} ", "bold green"), reason))
    else:
        lines.append(Text(_("No character on your pier scores differently."), style="italic"))
    lines.append(Text())
    lines.append(Text(theirs, style="bold"))
    lines.append(Text(_("Press Enter to go on."), style="dim"))
    return Group(*lines)


class FeedbackScreen(LessonBox):
    """After a choice in the lesson: what it scored, what changed and why, and what the
    suggested choice would have scored. Enter goes on."""

    BOX = "feedback-box"
    TEXT = "feedback-text"

    def __init__(self, deck: Deck, mine: Outcome, suggested: Outcome | None) -> None:
        super().__init__()
        self.feedback = feedback(deck, mine, suggested)

    def drawn(self) -> RenderableType:
        return self.feedback


class LessonOfferScreen(ConfirmScreen):
    """`pier18 play`'s one-time question on a machine with no saved games."""

    AUTO_FOCUS = "#yes"
    YES = N_("Yes, teach me")  # the label only: ConfirmScreen adds its key
    NO = N_("No, just play")
    YES_VARIANT = "primary"
    NO_VARIANT = "default"

    def __init__(self) -> None:
        super().__init__(Text(_(
            "New to Pier 18? 'pier18 learn' plays a guided first game against a bot, one idea at a time "
            "(about ten minutes). Play it now?"
        )))
