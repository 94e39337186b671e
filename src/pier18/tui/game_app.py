"""What every Pier 18 game app shares, wherever its table lives.

`Pier18App` plays a game held at this laptop (a `Session`); `SeatApp` plays one seat of
a table someone hosts (a network `Client`). Both show the same screens, which read
only the engine's views: a `TableView` for the table, the Patron panels and the final
score, and the `PlayerView` of the person at the keys for the set-up and placement
screens. This base holds the rest they have in common: the keys that work everywhere,
hints, the Patron panel after a round, the game log, the too-small message, and the rule
that a key pressed before the screen on top was shown never acts on it; how an app ends
(a crash, a signal) is `BaseApp`'s, in `exits.py`, as for every pier18 app.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol
from weakref import WeakSet

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.screen import Screen

from ..i18n import _
from ..engine.text import printable
from ..speech.keys import KEY_GAME_LOG, KEY_HELP, KEY_LEGEND, KEY_QUIT, KEY_RULES
from ..speech.notices import GAME_NAME
from ..speech.why import no_hint
from .moves import MoveLog, game_log, hint_text
from .exits import BaseApp
from .screens.closing import app_leaving, kept
from .screens.too_small import TooSmallScreen
from .thinking import think_in_background
from .widgets.hint_line import HintedScreen, HintLine

if TYPE_CHECKING:  # the game and its views are loaded with the first game, not before the first paint
    from ..bots import Hint
    from ..engine import Decision, PlayerView, TableView
    from ..lines.tell import Teller
    from .screens.quit import QuitScreen
    from .screens.table import TableScreen

#: Below this size the layout would break, so a message is shown instead.
MIN_SIZE = (100, 30)

#: The input events a screen takes only if they came after it was shown: a key, and the
#: mouse buttons (a click is made of the two).
PRESSES = (events.Key, events.MouseDown, events.MouseUp)


def event_clock() -> float:
    """Now, on the clock Textual stamps every event with (`Message.time`, set when the
    event is made: for a key, when the terminal's input is read)."""
    return Message().time


class HintGiver(Protocol):
    def hint(self, view: PlayerView) -> Hint: ...


class GameApp(BaseApp):
    """The shared part of the game apps; a subclass says what its game is through the
    hooks `begin`, `advance`, `turn`, `hint_view`, `hint_seed` and `quit_question`."""

    CSS_PATH = Path(__file__).with_name("pier18.tcss")
    TITLE = GAME_NAME
    BINDINGS = [
        Binding("ctrl+q", "request_quit", KEY_QUIT, priority=True),
        Binding("question_mark", "help", KEY_HELP),
        Binding("r", "rules", KEY_RULES),
        Binding("s", "legend", KEY_LEGEND),
        Binding("l", "game_log", KEY_GAME_LOG),
    ]

    def __init__(self, hint_bot: HintGiver | None = None) -> None:
        super().__init__()
        self.hint_bot = hint_bot
        self._hints: dict[Hashable, tuple[Text, Decision | None]] = {}  # hints given (text, advice), by turn
        self._hint_pending: Hashable | None = None
        self._too_small: TooSmallScreen | None = None
        self._advance_later = False
        self._mounted = False  # the first Resize comes before on_mount pushes any screen
        self._early_warnings: list[str] = []  # `warn` before mounting
        self._own_thread: int | None = None  # the thread the app runs on, once mounted
        self.moves = MoveLog()  # the move lines of the game, for the table
        self._teller: Teller | None = None  # tells the table's event line (`event_line`), from the first game on
        self._told: tuple[tuple[int, Decision | None], ...] | None = None  # the history the event line tells
        self._event: list[str] = []  # the event line's words
        self._awards_shown = 0  # Patron panels already shown (or treated as seen)
        self._shown_at = 0.0  # when the screen on top was shown, then drawn (`event_clock`)
        self._drawn_screen: Screen[Any] | None = None  # the screen on top, once it has been drawn
        self._drawn_once: WeakSet[Screen[Any]] = WeakSet()  # screens drawn on top at least once
        self._watched: WeakSet[Screen[Any]] = WeakSet()  # screens whose first drawing the app awaits
        self._rules_prepared = False  # the rules page's lines are being made (after the first paint)
        self._once_drawn: list[Callable[[], object]] = []  # to run once the screen on top is drawn (`when_drawn`)

    # -- hooks ---------------------------------------------------------------------------

    def begin(self) -> None:
        """Put the first screens up (on mount)."""

    def advance(self) -> None:
        """Show whatever the game needs next."""

    def turn(self) -> Hashable | None:
        """Which decision is being made now: stale hint answers are recognised by it."""
        return None

    def hint_view(self) -> PlayerView | None:
        """The view of the person at the keys, if they are to decide now (a hint may help)."""
        return None

    def hint_seed(self) -> int:
        return 0

    def hint_names(self) -> list[str] | None:
        """The players' names, for a hint's reason (None: it names them by seat number)."""
        return None

    def log_view(self) -> tuple[TableView, list[str], dict[int, str]] | None:
        """Once a game is on (`l`): the table as everyone sees it, the players' names, and
        the bots' reasons by the number of decisions each bot move completed."""
        return None

    def stand_ins(self) -> Mapping[int, str]:
        """The decisions a bot made for a player who was away (`pier18 host`'s `b`): the
        bot's level, by the number of decisions made once it was applied. Every screen
        that tells a move names that bot as its author."""
        return {}

    def quit_question(self) -> QuitScreen | None:
        """The question Ctrl+Q asks before quitting (None: quit at once)."""
        return None

    def after_modal(self) -> None:
        """Help, the rules or an unanswered quit question has closed."""

    # -- start-up ----------------------------------------------------------------------

    def warn(self, message: str) -> None:
        """Show a problem (a save that failed...) as plain text: paths may hold brackets.

        Problems met before the app is on screen are shown once it is. Called from
        another thread (a save's, `persist.writer`), it is shown from the app's own,
        without waiting for it.
        """
        if self._own_thread is not None and threading.get_ident() != self._own_thread:
            self.call_later(self.warn, message)  # posts a message: safe from any thread
            return
        if not self._mounted:
            self._early_warnings.append(message)
            return
        self.notify(message, severity="error", markup=False)

    def on_mount(self) -> None:
        self.screen_change_signal.subscribe(self, self._screen_changed, immediate=True)
        self._own_thread = threading.get_ident()
        self.begin()
        self._mounted = True
        for message in self._early_warnings:
            self.warn(message)
        self._early_warnings.clear()
        self.check_size()

    def _prepare_rules(self) -> None:
        """After the first paint: the rules page's lines, made in a thread for `r`."""
        if not self._rules_prepared and not app_leaving(self):
            self._rules_prepared = True
            from .widgets.rules_page import prepare

            prepare(self.size.width)

    # -- keys meant for another screen ----------------------------------------------------

    def _screen_changed(self, screen: Screen[Any]) -> None:
        """A screen has come on top: keys made before now were meant for another. A new
        screen is not drawn yet: keys made until it is are not for it either (`_laid_out`,
        at its first layout, which Textual paints at once). A screen drawn before that
        comes back on top (a box over it has closed) is in sight at once."""
        self._shown_at = event_clock()
        if screen in self._drawn_once:
            self._drawn_screen = screen
            self._run_when_drawn()
            return
        self._drawn_screen = None
        if screen not in self._watched:
            self._watched.add(screen)
            screen.screen_layout_refresh_signal.subscribe(self, self._laid_out, immediate=True)
        screen.call_after_refresh(self._refreshed, screen)

    def _laid_out(self, screen: Screen[Any]) -> None:
        """Textual has laid out `screen` and painted it (its public
        `screen_layout_refresh_signal`, published right after the paint)."""
        self._drawn_once.add(screen)
        if not self._rules_prepared:
            self.call_next(self._prepare_rules)
        if screen is self.screen and self._drawn_screen is not screen:
            self._shown_at = event_clock()  # the first time it is in sight since it came on top
            self._drawn_screen = screen
        self._run_when_drawn()

    def _refreshed(self, screen: Screen[Any]) -> None:
        """After the screen's first refresh: drawn, if no layout said so (a screen laid
        out before, under another, and shown again unchanged). Keys are not made stale
        here: the callback may run well after the paint, and keys made since are for it."""
        if screen is self.screen and self._drawn_screen is None:
            self._drawn_screen = screen
            self._drawn_once.add(screen)
        self._run_when_drawn()

    def on_ready(self) -> None:
        """The app's first layout (it sends `Ready` instead of the signal): the first
        screen is drawn."""
        self._laid_out(self.screen)

    def when_drawn(self, callback: Callable[[], object]) -> None:
        """Run `callback` once the screen on top has been drawn (at once if it has): work
        the screen just shown does not need, such as redrawing the table under a panel,
        comes after that screen is in sight, not before (after its next refresh, so what the
        screen itself asked for by then starts first; a footer that makes its keys after
        that refresh, as most do, is still painted after this: the Patron panel's footer
        makes them with the panel, `Footer(at_once=True)`)."""
        self._once_drawn.append(callback)
        if self.drawn():
            self._run_when_drawn()

    def _run_when_drawn(self) -> None:
        if self._once_drawn and self.drawn():
            waiting, self._once_drawn = self._once_drawn, []
            for callback in waiting:
                self.call_after_refresh(callback)

    def drawn(self) -> bool:
        """The screen on top has been drawn since it came on top: a key pressed from now
        on acts on it (one pressed before is `stale`)."""
        return self._drawn_screen is not None and self._drawn_screen is self.screen

    def stale(self, event: events.Event) -> bool:
        """A key press (or mouse button) made before the screen on top was drawn: it was
        meant for the screen before (an Enter for a box that has just closed, the key
        that opened this screen pressed twice, a key typed while a bot moved), and
        Textual would hand it to whatever is on top now. A screen is never answered by
        a key its player could not have seen it for."""
        return isinstance(event, PRESSES) and event.time < self._shown_at

    async def on_event(self, event: events.Event) -> None:
        """Such a press is dropped before Textual hands it to the screen on top."""
        if not event.is_forwarded and self.stale(event):
            return
        await super().on_event(event)

    def on_key(self, event: events.Key) -> None:
        """A key handed to a screen that has closed since bubbles back here, where Textual
        would look up its binding on the screen on top now (the table under a closed
        Patron panel): dropped here too, before that."""
        if self.stale(event):
            event.stop()
            event.prevent_default()

    def table(self) -> TableScreen | None:
        from .screens.table import TableScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, TableScreen):
                return screen
        return None

    def notify(self, message: str, *, markup: bool = False, **kwargs: Any) -> None:
        """Notices quote file paths and errors: plain text unless a caller asks for markup,
        and made printable as on stderr (`engine.text.printable`: no escape codes)."""
        super().notify(printable(message), markup=markup, **kwargs)

    def too_small_now(self) -> bool:
        """True while the too-small message covers the game: `advance` waits until it goes."""
        if self._too_small is not None:
            self._advance_later = True
        return self._too_small is not None

    # -- the Patron panel ----------------------------------------------------------------

    def show_award(self, view: TableView, names: list[str]) -> None:
        """The Patron panel of the latest round, then `advance` (`flow.next_step` says
        when: an award not shown yet comes before anything else).

        Only the latest: an older one never seen (the table went on while this seat was
        away) is in the "since your turn" line and the game log. The panel names the
        draft that ended the round, so a bot's last move is never lost under it.
        """
        from .screens.patron import PatronScreen

        award = view.awards[-1]
        self._awards_shown = len(view.awards)
        last = self.moves.recent(award.after, 1)
        panel = kept(self, PatronScreen, award, view.deck, names, last[0] if last else None)
        # Made once per app and refilled: shown again, it is another round's panel, not
        # in sight until drawn anew, so a key pressed before that never closes it.
        self._drawn_once.discard(panel)
        self.push_screen(panel, lambda _: self.advance())

    # -- the event line ----------------------------------------------------------------

    def event_line(
        self, view: TableView, names: Sequence[str], reasons: Mapping[int, str], stand_ins: Mapping[int, str]
    ) -> list[str]:
        """The newest public event(s) as the app's one `Teller` words them (what the last
        change of the table brought, never a hidden choice before it is shown): the
        table's one event line, replaced at each event, for a screen reader to find in
        one place. Worked out only when the history changed, so redrawing the table for
        anything else costs nothing here."""
        if view.history != self._told:
            if self._teller is None:
                from ..lines.tell import Teller

                self._teller = Teller()
            self._told = view.history
            self._event = self._teller.newest(view, names, reasons, stand_ins)
        return self._event

    # -- the game log ------------------------------------------------------------------

    def action_game_log(self) -> None:
        """`l`: every public event of the game so far, in words."""
        from .screens.log import GameLogScreen

        seen = self.log_view()
        if seen is None or isinstance(self.screen, (GameLogScreen, TooSmallScreen)):
            return
        view, names, reasons = seen
        self.push_screen(kept(self, GameLogScreen, game_log(view, names, reasons, self.stand_ins())), lambda _: self.after_modal())

    # -- hints -------------------------------------------------------------------------

    def on_hinted_screen_hint_requested(self, message: HintedScreen.HintRequested) -> None:
        """`h`: ask the hard bot what the person to move should do; the hinted screens show it."""
        self.request_hint()

    def request_hint(self) -> None:
        turn, view = self.turn(), self.hint_view()
        if turn is None or view is None:
            return
        if turn in self._hints:
            self._show_hint(*self._hints[turn])
            return
        self._show_hint(Text(_("Hint: the hard bot is thinking…")), None)
        if self._hint_pending == turn:
            return
        self._hint_pending = turn
        if self.hint_bot is None:
            from ..bots import HardBot

            self.hint_bot = HardBot(self.hint_seed())
        think_in_background(self, "hint", partial(self.hint_bot.hint, view), partial(self._hint_ready, turn, view))

    def _hint_ready(self, turn: Hashable, view: PlayerView, hint: Hint | None, problem: str | None) -> None:
        if self._hint_pending == turn:
            self._hint_pending = None
        if turn != self.turn():
            return
        if problem is not None or hint is None:
            text, decision = Text(printable(no_hint(problem))), None
        else:
            text, decision = hint_text(view, hint, self.hint_names()), hint.decision
        self._hints[turn] = text, decision
        self._show_hint(text, decision)

    def _show_hint(self, text: Text, decision: Decision | None) -> None:
        for screen in self.screen_stack:  # also under a help or rules screen opened meanwhile
            if isinstance(screen, HintedScreen):
                screen.show_hint(text, decision)

    def known_hint(self) -> tuple[Text, Decision | None] | None:
        """The hint already given for this turn (the next screen of the turn shows it too)."""
        turn = self.turn()
        return self._hints.get(turn) if turn is not None else None

    def on_hint_line_shown(self, message: HintLine.Shown) -> None:
        """A hint line drawn anew shows this turn's hint again, or hides."""
        if message.line.is_attached:
            message.line.show_known(self.known_hint())

    # -- keys that work everywhere ---------------------------------------------------

    def action_request_quit(self) -> None:
        from .screens.quit import QuitScreen

        if isinstance(self.screen, QuitScreen):
            return
        question = self.quit_question()
        if question is None:
            self.exit()
        else:
            self.push_screen(question, self._quit_answered)

    def _quit_answered(self, yes: bool | None) -> None:
        if yes:
            self.exit()
            return
        self.check_size()
        self.after_modal()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "game_log":
            return self.turn() is not None  # a game is on
        return super().check_action(action, parameters)

    def action_help(self) -> None:
        from .screens.help import HelpScreen

        if not isinstance(self.screen, (HelpScreen, TooSmallScreen)):
            self.push_screen(kept(self, HelpScreen, self.screen), lambda _: self.after_modal())

    def action_legend(self) -> None:
        from .screens.legend import LegendScreen

        if not isinstance(self.screen, (LegendScreen, TooSmallScreen)):
            self.push_screen(kept(self, LegendScreen), lambda _: self.after_modal())

    def action_rules(self) -> None:
        from .screens.rules import RulesScreen

        if not isinstance(self.screen, (RulesScreen, TooSmallScreen)):
            self.push_screen(kept(self, RulesScreen), lambda _: self.after_modal())

    # -- terminal size -------------------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size)  # runs before App updates self.size

    def check_size(self, size: Size | None = None) -> None:
        """Cover the game with the too-small message, or take it away again."""
        if not self._mounted:
            return
        size = size or self.size
        width, height = MIN_SIZE
        small = size.width < width or size.height < height
        if small and self._too_small is None:
            self._too_small = TooSmallScreen(MIN_SIZE)
            self.push_screen(self._too_small)
        elif not small and self._too_small is not None and self.screen is self._too_small:
            self._too_small = None
            self.pop_screen()
            if self._advance_later:
                self._advance_later = False
                self.advance()
