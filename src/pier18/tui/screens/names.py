"""The first screen: who is playing (skipped when `--names` is given).

Only the human seats are asked; bot seats are listed with the names they play under.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.geometry import Offset
from textual.widgets import Input, RadioButton, RadioSet, Static

from ...bots.seats import HUMAN, bot_name, clashes_with_bots, seat_names
from ...engine.text import all_differ, printable
from ...i18n import N_, _
from ...words import names_help
from ...speech.keys import KEY_NEXT_RULE, KEY_PREVIOUS_RULE, KEY_START_GAME
from ...speech.notices import GAME_NAME
from ...speech.people import default_name
from ..cursor import follow_soon
from .closing import ClosesOnce
from ..widgets.footer import Footer


class Seating(NamedTuple):
    """What the names screen settles: every seat's name, and who starts round 1 (None:
    the earliest Foundation date, as the digital edition says)."""

    names: list[str]
    first_player: int | None


class RuleButton(RadioButton):
    """A start rule: ● when chosen, ○ when not. Textual's radio button draws ● for both
    and tells them apart by colour alone (docs/accessibility.md, "Colour")."""

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # Textual's is a class constant
        return "●" if self.value else "○"


class StartRule(RadioSet):
    """Who starts round 1: ↑/↓ choose, Enter chooses and starts the game."""

    BINDINGS = [
        Binding("down,right", "next_button", KEY_NEXT_RULE, show=False),
        Binding("up,left", "previous_button", KEY_PREVIOUS_RULE, show=False),
        Binding("space", "toggle_button", N_("Choose"), show=False),
        Binding("enter", "choose_and_start", KEY_START_GAME),
    ]

    #: The rule under the cursor, followed here as `RadioSet` moves it (its own is private).
    cursor: int | None = None

    def action_next_button(self) -> None:
        super().action_next_button()
        self.move_cursor(1)

    def action_previous_button(self) -> None:
        super().action_previous_button()
        self.move_cursor(-1)

    def move_cursor(self, step: int) -> None:
        """As `RadioSet` moves: from nowhere to the first or last rule, then round."""
        count = len(self.children)
        if count:
            self.cursor = (0 if step > 0 else count - 1) if self.cursor is None else (self.cursor + step) % count
        follow_soon(self.app)

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        self.cursor = event.index  # a rule pressed (a click) is under the cursor too
        follow_soon(self.app)

    def pointer_spot(self) -> Offset | None:
        """The rule under the cursor: the terminal's cursor sits on it (see cursor.py)."""
        rules = list(self.query_children(RadioButton))
        index = self.highlighted()
        return rules[index].content_region.offset if 0 <= index < len(rules) else None

    def highlighted(self) -> int:
        """The rule under the cursor (the chosen one before any move)."""
        return self.pressed_index if self.cursor is None else self.cursor

    def action_choose_and_start(self) -> None:
        chosen = self.highlighted()
        screen = self.screen
        if isinstance(screen, NamesScreen):
            screen.action_start(chosen)


class NamesScreen(ClosesOnce[Seating]):
    """Asks each human player's name and the start rule; dismisses with a `Seating`."""

    BINDINGS = [Binding("enter", "start", KEY_START_GAME, show=True)]

    def __init__(self, players: int, seats: list[str] | None = None) -> None:
        super().__init__()
        self.players = players
        self.seats = list(seats) if seats else [HUMAN] * players
        self.humans = [seat for seat, kind in enumerate(self.seats) if kind == HUMAN]

    #: Whether the screen has been on top before (see `on_screen_resume`).
    resumed = False

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        """Textual restyles a screen whole each time it comes on top. The first time, just
        pushed, its widgets were styled a moment ago as they were mounted: styling them
        all again cost about 15 ms of CPU before `pier18 play`'s first paint (this handler
        runs before `Screen`'s own, which reads `refresh_styles`). Later times restyle as usual."""
        if not self.resumed:
            self.resumed = True
            event.refresh_styles = False

    def compose(self) -> ComposeResult:
        with Vertical(id="names-box"):
            tagline = _("build the finest pier of your generation")
            yield Static(f"[b]{GAME_NAME}[/b] — {tagline}", id="names-title")
            bots = [bot_name(self.seats, s) for s in range(self.players) if s not in self.humans]
            yield Static(names_help(len(self.humans), bots))
            for seat in self.humans:
                yield Input(placeholder=default_name(seat + 1), id=f"name-{seat}", max_length=12)
            yield Static(_("Who starts round 1?"), id="start-rule-title")
            with StartRule(id="start-rule"):
                yield RuleButton(_("Earliest Foundation date starts (digital edition)"), value=True)
                for seat in range(self.players):
                    yield RuleButton(Text(_("{name} starts: last saw the sea (rulebook)").format(name=self.seat_name(seat))), id=f"sea-{seat}")
            yield Static("", id="names-error")
        yield Footer()

    def seat_name(self, seat: int) -> str:
        """A seat's name as typed so far (before the screen is composed: "Player N")."""
        if seat in self.humans and self.is_mounted:
            return self.typed_name(seat)
        return seat_names([default_name(s + 1) for s in self.humans], self.seats)[seat]

    def typed_name(self, seat: int) -> str:
        """The name typed for a human seat as its box shows it (`printable`, once the
        box has been made so), without spaces around it; or "Player N"."""
        return printable(self.query_one(f"#name-{seat}", Input).value).strip() or default_name(seat + 1)

    def on_input_changed(self, event: Input.Changed) -> None:
        shown = printable(event.value)
        if shown != event.value:  # the box shows the name as the game will: no escape
            event.input.value = shown  # code, nothing drawn at a width the terminal disputes
            return  # (setting it sends another Changed, which does the rest)
        self.query_one("#names-error", Static).remove_class("-shown")  # said of names now changed
        for seat in range(self.players):
            # A name is plain text, never markup: "[b]Ann" is called "[b]Ann".
            self.query_one(f"#sea-{seat}", RadioButton).label = Text(_("{name} starts: last saw the sea (rulebook)").format(name=self.seat_name(seat)))

    def names(self) -> list[str]:
        """Every seat's name: what was typed (or "Player N") for people, bots by level."""
        return seat_names([self.typed_name(seat) for seat in self.humans], self.seats)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        seat = int((event.input.id or "name-0").split("-")[1])
        later = [s for s in self.humans if s > seat]
        if later:
            self.query_one(f"#name-{later[0]}", Input).focus()
        else:
            self.action_start()

    def action_start(self, rule: int | None = None) -> None:
        names = self.names()
        if not all_differ(names):  # as a person tells names apart
            humans = [names[s] for s in self.humans]
            clash = clashes_with_bots(humans, self.seats)
            error = self.query_one("#names-error", Static)
            said = _("{bot} is a bot's name here.").format(bot=clash) if clash else _("Each player needs a different name.")
            error.update(Text(said, style="bold red"))
            error.add_class("-shown")
            return
        if rule is None:
            rule = self.query_one(StartRule).pressed_index
        self.dismiss(Seating(names, rule - 1 if rule > 0 else None))
