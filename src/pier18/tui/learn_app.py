"""`pier18 learn`: the guided first game, a `Pier18App` with a lesson on top.

The game is an ordinary session (a designed `Deal`, the learner at seat 0 and one bot),
played, autosaved, taken back and ended as any game at this laptop. The lesson script
(`persist.lesson`) adds a step at each moment it names, just before the learner acts:
set-up (`keep`), a round's card (`pick`) and cover (`cover`), and the Plan (`plan`).
After each of the learner's decisions a feedback screen shows what it scored next to
the script's suggestion, both the engine's `Outcome`s. A step that needs its suggestion
refuses any other choice with one line and asks again.

Where the lesson is comes from the game alone (its phase, round and whose turn it is),
so a lesson resumed from its save shows the step of the moment it stopped at. A new
game from the final screen is a plain game: the lesson is over.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..engine import Decision, Draft, Keep, Phase, PlayerView
from ..persist.lesson import LEARNER_SEAT, Script, lesson_rival
from ..session import Session
from ..i18n import N_, _
from ..speech.why import lesson_refused
from .app import BOT_PAUSE, Pier18App
from .game_app import HintGiver

if TYPE_CHECKING:
    from ..persist.autosave import Autosaving


class LearnApp(Pier18App):
    LESSON = True

    def __init__(
        self,
        script: Script,
        session: Session,
        factory: Autosaving | Callable[[list[str]], Session],
        hint_bot: HintGiver | None = None,
        bot_pause: float = BOT_PAUSE,
    ) -> None:
        from ..bots import Bot

        def bot_for(level: str, seat: int) -> Bot:
            return lesson_rival(script)  # a new one each turn: the same answer after a resume

        super().__init__(
            session.players,
            factory,
            names=list(session.names),
            session=session,
            bot_provider=bot_for,
            seats=list(session.seats),
            hint_bot=hint_bot,
            bot_pause=bot_pause,
        )
        self.script = script
        self.lesson = session
        self._shown: set[tuple[int, int, str]] = set()  # the steps shown: (session, decisions made, moment)

    # -- where the lesson is ---------------------------------------------------------

    def teaching(self) -> bool:
        """The lesson's game is on and it is the learner's turn."""
        session = self.session
        return (
            session is not None
            and session is self.lesson
            and not session.game.is_terminal()
            and session.game.current_player == LEARNER_SEAT
            and not session.is_bot(LEARNER_SEAT)
        )

    def learner_view(self) -> PlayerView:
        assert self.session is not None
        return PlayerView.of(self.session.game, LEARNER_SEAT)

    def how_to_go_on(self) -> str | None:
        save = self.save_path()
        if self.session is self.lesson and self.game_running and save is not None:
            return _("Your lesson is saved: 'pier18 learn' goes on with it.")
        return super().how_to_go_on()

    def show_step(self, at: str, then: Callable[[], None], card: int | None = None) -> None:
        """The step of this moment (once per moment of a game), then `then`; at a cover,
        `card` is the card being placed (a suggestion for another card is no answer to
        how much this one covers: the step then suggests nothing)."""
        from .screens.lesson import LessonScreen

        session = self.session
        assert session is not None
        game = session.game
        step = self.script.step_at(at, self.learner_view())
        key = (id(session), len(session.decisions), at)
        if step is None or key in self._shown:
            then()
            return
        self._shown.add(key)
        suggestion = self.script.shown_suggestion(self.learner_view(), card)
        self.push_screen(LessonScreen(step, len(self.script.steps), game.deck, suggestion), lambda _: then())

    # -- the moments -------------------------------------------------------------------

    def advance(self) -> None:
        super().advance()
        if not self.teaching() or self.too_small_now():
            return
        assert self.session is not None
        table = self.table()
        if self.session.game.phase is Phase.DRAFT and table is not None and self.screen is table:
            suggestion = self.script.suggestion(self.learner_view())
            self.show_step("pick", lambda: table.mark_hint(suggestion, N_("lesson")))

    def _keep(self) -> None:
        if self.teaching():
            self.show_step("keep", super()._keep)
        else:
            super()._keep()

    def _place(self, card_id: int | None) -> None:
        if not self.teaching():
            super()._place(card_id)
            return
        if card_id is None:
            self.show_step("plan", lambda: Pier18App._place(self, None))
            return
        needed = self.script.refuses_card(self.learner_view(), card_id)
        if needed is not None:
            self.notify(lesson_refused(self.learner_view().deck, needed, "pick"), severity="warning")
            return
        self.show_step("cover", lambda: Pier18App._place(self, card_id), card_id)

    def decide(self, decision: Decision | None) -> None:
        """The learner's choice: refused if the step needs another, else made, and what it
        did shown next to what the suggestion would have done (the engine's outcomes)."""
        from .screens.lesson import FeedbackScreen

        session = self.session
        if decision is None or session is None or not self.teaching():
            super().decide(decision)
            return
        view = self.learner_view()
        if decision not in view.legal:
            super().decide(decision)  # not the learner's to make (the engine says why)
            return
        refused = self.script.refusal(view, decision)
        if refused is not None:
            self.notify(lesson_refused(view.deck, *refused), severity="warning")
            self.ask_again(decision)
            return
        suggestion = self.script.suggestion(view)
        mine = view.outcome(decision)
        theirs = view.outcome(suggestion) if suggestion is not None else None
        session.apply(decision)
        self.push_screen(FeedbackScreen(view.deck, mine, theirs), lambda _: self.advance())

    def ask_again(self, refused: Decision) -> None:
        """The screen of the refused choice, again (its step was shown already)."""
        if isinstance(refused, Keep):
            Pier18App._keep(self)
        else:
            Pier18App._place(self, refused.card if isinstance(refused, Draft) else None)
