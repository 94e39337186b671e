"""The review of one player's decisions, opened with `v` from the final screen.

Each decision comes as a `review.run.Moment`: the decision made and the seat's own
`PlayerView` when making it (a game at this laptop rebuilds those from its session, a
network seat keeps the views the host sent it). Everything on a page is drawn from that
view alone, so a page never shows a card the player could not see then, and the judge
reads nothing else either (docs/review.md).

The judging runs in a thread worker with a progress bar; then ←/→ step through the
pages: first the summary (points lost per phase, accuracy, the biggest loss, every
decision in a table), then one page a decision: the pier as it was, the choice made and
the best one side by side, each with its placement preview (`ScoreChange`), the mark,
the points lost and the reason in words. Escape goes back to the final screen.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import OptionList, ProgressBar, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from ...engine import Decision, Draft, Keep, Phase, PlayerView
from ...engine.text import printable
from ...render import FittedPier
from ...review.judges import DEFAULT_WORLDS, STRONGEST
from ...review.model import Choice, Mark, DecisionReview, summarize
from ...review.run import Moment, review_moments
from ...i18n import N_, _, decimal
from ...words import expected_after, marks_line, review_summary_title, why_lost
from ...speech.keys import KEY_END, KEY_NEXT, KEY_PREVIOUS, KEY_START
from ...speech.moves import card_label, decision_text, short_decision
from ...speech.scores import (
    accuracy_line,
    biggest_mistake,
    expected_points,
    points_lost_line,
    review_columns,
    review_marks,
    review_phase,
)
from ..widgets.choice_list import PointingList
from ..widgets.footer import Footer
from ..widgets.score_change import ScoreChange
from .closing import ClosesOnce, ModalClosesOnce, unless_leaving

#: Sampled worlds a decision, as `pier18 review` judges by default.
REVIEW_WORLDS = DEFAULT_WORLDS
#: Processes the judging runs on (the review screen asks for two where there are two cores).
REVIEW_JOBS = 1

MARK_STYLES: dict[Mark, str] = {
    Mark.BEST: "bold green",
    Mark.GOOD: "green",
    Mark.INACCURACY: "bold yellow",
    Mark.MISTAKE: "bold red",
    Mark.BLUNDER: "bold white on red",
}


class _Stopped(Exception):
    """The screen closed while its review ran: stop judging."""


def marked_card(view: PlayerView, decision: Decision) -> int | None:
    """The card a decision places, to mark on its preview's pier."""
    if isinstance(decision, Keep):
        return decision.foundation
    if isinstance(decision, Draft):
        return decision.card
    return view.plans[view.seat]


def choice_column(view: PlayerView, names: Sequence[str], title: str, decision: Decision, choice: Choice, why: str) -> Group:
    """One side of a page: the choice, what it does, its pier after and its score change."""
    outcome = view.outcome(decision)
    head = Text(title, style="bold underline")
    parts: list[RenderableType] = [
        head,
        Text(short_decision(view.deck, decision), style="bold"),
        Text(expected_after(choice.expected, choice.total), style="italic"),
        Text(_("It {why}.").format(why=why), style="dim"),
        FittedPier(outcome.pier.visible(), outcome.after.scoring, marked=marked_card(view, decision)),
        ScoreChange.draw(outcome, list(names)),
    ]
    return Group(*parts)


def before_column(view: PlayerView) -> Group:
    """The seat's pier as it was (in set-up: the hand it was dealt), and the draft row."""
    deck, seat = view.deck, view.seat
    pier = view.piers[seat]
    if not pier.placements:
        hand = Text("\n".join(card_label(deck[card]) for card in view.hand))
        return Group(Text(_("Your hand as dealt"), style="bold underline"), hand)
    sheet = view.score(seat)
    parts: list[RenderableType] = [Text(_("Your pier as it was"), style="bold underline"), FittedPier(pier.visible(), sheet.scoring)]
    if view.phase is Phase.DRAFT and view.revealed:
        parts.append(Text(_("On offer"), style="bold underline"))
        parts.append(Text("\n".join(card_label(deck[card]) for card in view.revealed)))
    return Group(*parts)


def summary_page(name: str, reviews: Sequence[DecisionReview], view: PlayerView, worlds: int, judge: str) -> Group:
    """The first page: what the decisions cost, per phase, the accuracy, the biggest loss, and each decision in a row."""
    deck = view.deck
    summary = summarize(view.seat, tuple(reviews))
    parts: list[RenderableType] = [
        Text(review_summary_title(name, judge, worlds), style="bold"),
        Text(points_lost_line(dict(summary.lost_by_phase), summary.lost, summary.decisions)),
    ]
    if summary.accuracy is not None:
        parts.append(Text(accuracy_line(summary.accuracy)))
    parts.append(Text(marks_line([(mark.value, count) for mark, count in summary.marks.items()])))
    worst = summary.biggest
    if worst is None:
        parts.append(Text(_("No decision lost any points."), style="bold green"))
    else:
        verdict = worst.foresight
        parts.append(Text(biggest_mistake(
            worst.number, review_phase(worst.phase, worst.round), verdict.loss,
            decision_text(deck, verdict.chosen.decision), decision_text(deck, verdict.best.decision),
            worst.why(verdict.best.decision),
        ), style="bold"))
    table = Table(padding=(0, 1), expand=False)
    for index, heading in enumerate(review_columns()):
        table.add_column(heading, justify="right" if index in (0, 4, 5) else "left")
    for item in reviews:
        verdict = item.foresight
        same = verdict.best.decision == verdict.chosen.decision
        table.add_row(
            str(item.number),
            Text(review_phase(item.phase, item.round)),
            Text(short_decision(deck, verdict.chosen.decision)),
            Text(_("the same") if same else short_decision(deck, verdict.best.decision)),
            expected_points(verdict.chosen.expected, verdict.best.expected),
            decimal(verdict.loss, 2),
            Text(review_marks()[verdict.mark], style=MARK_STYLES[verdict.mark]),
        )
    parts += [Text(""), table]
    return Group(*parts)


class ReviewScreen(ClosesOnce[None]):
    """One player's decisions reviewed, page by page; its moments are all it reads."""

    DEFAULT_CSS = """
    ReviewScreen #review-head { height: auto; padding: 0 1; background: $boost; }
    ReviewScreen #review-running { height: auto; padding: 1 2; }
    ReviewScreen #review-status { height: auto; }
    ReviewScreen #review-progress { margin-top: 1; }
    ReviewScreen #review-body { height: 1fr; padding: 0 1; }
    ReviewScreen #review-summary { height: auto; }
    ReviewScreen #review-decision { height: auto; margin-bottom: 1; }
    ReviewScreen #review-columns { height: auto; }
    ReviewScreen .review-column { width: 1fr; height: auto; padding: 0 1; }
    ReviewScreen #review-before { width: 3fr; }
    ReviewScreen #review-made, ReviewScreen #review-best { width: 4fr; }
    """
    BINDINGS = [
        # Priority, so the scrolling body's own arrow keys never shadow stepping.
        Binding("left", "step(-1)", KEY_PREVIOUS, priority=True),
        Binding("right", "step(1)", KEY_NEXT, priority=True),
        Binding("home", "jump(0)", KEY_START, show=False, priority=True),
        Binding("end", "jump(-1)", KEY_END, show=False, priority=True),
        Binding("escape", "back", N_("Back")),
    ]

    #: The page shown: 0 the summary, then one a decision; assigning it redraws.
    page: reactive[int] = reactive(0, init=False)
    #: Decisions judged so far, while the review runs.
    judged: reactive[int] = reactive(0, init=False)
    #: The finished review (None while it runs).
    reviews: reactive[tuple[DecisionReview, ...] | None] = reactive(None, init=False)
    #: Why the review stopped, if it failed.
    problem: reactive[str | None] = reactive(None, init=False)

    class Reviewed(Message):
        """The review of a seat is done: the app may keep it for the next `v`."""

        def __init__(self, seat: int, reviews: tuple[DecisionReview, ...]) -> None:
            super().__init__()
            self.seat = seat
            self.reviews = reviews

    def __init__(
        self,
        names: Sequence[str],
        seat: int,
        moments: Sequence[Moment],
        known: tuple[DecisionReview, ...] | None = None,
        seed: int = 0,
    ) -> None:
        super().__init__()
        self.names = [printable(name) for name in names]
        self.seat = seat
        self.moments = tuple(moments)
        assert all(moment.view.seat == seat for moment in self.moments), "a review reads its own seat's views only"
        self.known = known
        self.seed = seed
        self.worlds = REVIEW_WORLDS

    @property
    def pages(self) -> int:
        return 1 + len(self.moments)

    def compose(self) -> ComposeResult:
        yield Static("", id="review-head")
        with Vertical(id="review-running"):
            yield Static("", id="review-status")
            yield ProgressBar(total=len(self.moments), show_eta=False, id="review-progress")
        with VerticalScroll(id="review-body"):
            yield Static("", id="review-summary")
            yield Static("", id="review-decision")
            with Horizontal(id="review-columns"):
                yield Static("", id="review-before", classes="review-column")
                yield Static("", id="review-made", classes="review-column")
                yield Static("", id="review-best", classes="review-column")
        yield Footer()

    @unless_leaving
    def on_mount(self) -> None:
        if self.known is not None:
            self.reviews = self.known
        elif self.moments:
            self.run_review()
        else:
            self.reviews = ()
        self.draw()

    @work(thread=True, exclusive=True, group="review", exit_on_error=False)
    def run_review(self) -> None:
        """Judge every moment beside the screen; each one judged moves the bar."""
        worker = get_current_worker()

        def one_judged() -> None:
            if worker.is_cancelled:
                raise _Stopped
            self.app.call_from_thread(self._one_judged)

        try:
            reviews = review_moments(
                self.moments, worlds=self.worlds, seed=self.seed, jobs=REVIEW_JOBS, on_decision=one_judged, start="spawn"
            )
        except _Stopped:
            return
        except Exception as exc:  # a review's bug must not end the app: the game is over and kept
            problem = printable(str(exc))[:200] or type(exc).__name__
            try:
                self.app.call_from_thread(self._failed, problem)
            except RuntimeError:  # the app closed meanwhile
                pass
            return
        try:
            self.app.call_from_thread(self._finished, reviews)
        except RuntimeError:
            pass

    def _one_judged(self) -> None:
        self.judged += 1

    def _finished(self, reviews: tuple[DecisionReview, ...]) -> None:
        self.reviews = reviews
        self.post_message(self.Reviewed(self.seat, reviews))

    def _failed(self, problem: str) -> None:
        self.problem = problem

    def watch_judged(self) -> None:
        self.draw()

    def watch_reviews(self) -> None:
        self.draw()

    def watch_problem(self) -> None:
        self.draw()

    def watch_page(self) -> None:
        self.draw()
        self.query_one("#review-body", VerticalScroll).scroll_home(animate=False)

    def action_step(self, by: int) -> None:
        if self.reviews is not None:
            self.page = max(0, min(self.pages - 1, self.page + by))

    def action_jump(self, page: int) -> None:
        if self.reviews is not None:
            self.page = page % self.pages

    def action_back(self) -> None:
        self.workers.cancel_group(self, "review")
        self.dismiss(None)

    def draw(self) -> None:
        name = self.names[self.seat]
        running = self.query_one("#review-running")
        head = self.query_one("#review-head", Static)
        if self.reviews is None:
            running.display = True
            bar = self.query_one(ProgressBar)
            bar.update(progress=self.judged)
            status = _("The review stopped: {problem}").format(problem=self.problem) if self.problem is not None else _("Reviewing {name}'s decisions: {done} of {total} judged…").format(name=name, done=self.judged, total=len(self.moments))
            self.query_one("#review-status", Static).update(Text(status))
            head.update(Text(_("Review of {name}'s decisions — page {page} of {pages} (←/→ to step, Escape to go back)").format(
                name=name, page=1, pages=self.pages
            ), style="bold"))
            self._show(summary=None, decision=None, columns=None)
            return
        running.display = False
        head.update(Text(_("Review of {name}'s decisions — page {page} of {pages} (←/→ to step, Escape to go back)").format(
            name=name, page=self.page + 1, pages=self.pages
        ), style="bold"))
        if not self.moments:
            self._show(summary=Text(_("No decision to review.")), decision=None, columns=None)
        elif self.page == 0:
            self._show(summary=summary_page(name, self.reviews, self.moments[0].view, self.worlds, STRONGEST), decision=None, columns=None)
        else:
            self._show_decision(self.moments[self.page - 1], self.reviews[self.page - 1])

    def _show_decision(self, moment: Moment, item: DecisionReview) -> None:
        view, verdict = moment.view, item.foresight
        mark = verdict.mark
        head = Text(_("Decision {number} ({phase}): {mark}, {loss} points lost").format(number=item.number, phase=review_phase(item.phase, item.round), mark=review_marks()[mark], loss=decimal(verdict.loss, 2)))
        head.stylize(MARK_STYLES[mark])
        reason = Text(_("This was the best choice the judge found (the one a hint names): nothing lost.") if verdict.loss <= 0 else why_lost(verdict.loss, verdict.worlds))
        made = choice_column(view, self.names, _("Choice made"), verdict.chosen.decision, verdict.chosen, item.why(verdict.chosen.decision))
        if verdict.best.decision == verdict.chosen.decision:
            best: RenderableType = Group(Text(_("Best choice"), style="bold underline"), Text(_("the same"), style="bold green"))
        else:
            best = choice_column(view, self.names, _("Best choice"), verdict.best.decision, verdict.best, item.why(verdict.best.decision))
        self._show(summary=None, decision=Group(head, reason), columns=(before_column(view), made, best))

    def _show(self, summary: RenderableType | None, decision: RenderableType | None, columns: tuple[RenderableType, ...] | None) -> None:
        summary_widget = self.query_one("#review-summary", Static)
        summary_widget.display = summary is not None
        summary_widget.update(summary if summary is not None else "")
        decision_widget = self.query_one("#review-decision", Static)
        decision_widget.display = decision is not None
        decision_widget.update(decision if decision is not None else "")
        self.query_one("#review-columns").display = columns is not None
        for widget_id, part in zip(("#review-before", "#review-made", "#review-best"), columns or ("", "", "")):
            self.query_one(widget_id, Static).update(part)


class ReviewWhoScreen(ModalClosesOnce[int | None]):
    """Hot-seat: which player's decisions to review (dismisses with the seat, or None).
    A number or an arrow points at a player, Enter or a second click chooses."""

    DEFAULT_CSS = """
    ReviewWhoScreen { align: center middle; }
    ReviewWhoScreen #review-who-box { width: 60; height: auto; padding: 1 2; border: round $primary; background: $surface; }
    ReviewWhoScreen #review-who-list { height: auto; margin-top: 1; }
    """
    BINDINGS = [
        Binding("escape", "back", N_("Back")),
        *(Binding(str(n), f"point({n - 1})", N_("Point at a player"), show=False) for n in range(1, 4)),
    ]

    def __init__(self, names: Sequence[str], seats: Sequence[int]) -> None:
        super().__init__()
        self.names = [printable(name) for name in names]
        self.seats = list(seats)

    def compose(self) -> ComposeResult:
        with Vertical(id="review-who-box"):
            yield Static(Text(_("Review whose decisions? Each player sees only what they knew when deciding.")), id="review-who-title")
            yield PointingList(*(Option(Text(self.names[seat]), id=str(seat)) for seat in self.seats), id="review-who-list")
        yield Footer()

    @unless_leaving
    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.focus()
        options.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.seats[event.option_index])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A number is offered only for a player on the list."""
        if action == "point":
            return isinstance(parameters[0], int) and parameters[0] < len(self.seats)
        return True

    def action_point(self, index: int) -> None:
        if index < len(self.seats):
            self.query_one(OptionList).highlighted = index

    def action_back(self) -> None:
        self.dismiss(None)
