"""Every sentence a person reads: the game put into words, the screens' lines, the keys'
labels, and what the saves, the network and the command line say.

Each sentence is made here, once, from the engine's views and plain values, so the
table, the replay, the record summary, the bots' explanations and the commands all say
the same thing the same way. Plain strings only: no Rich or Textual here (the screens
style these words, never rephrase them; `pier18 score` imports this module and must
start fast). Outside this module only the engine writes sentences, its own one-line
errors; `tests/test_vocabulary.py` finds a sentence written anywhere else.

A sentence with words to stress is given as `Stressed` pieces: the pieces at odd places
(1, 3, ...) are the ones a screen draws in bold, or however it stresses words.
"""

from __future__ import annotations

from .engine.characters import Character
from . import i18n
from .i18n import N_, _, ngettext, npgettext, pgettext
from .engine.decisions import Decision, Draft, Keep, PlacePlan
from .engine.phase import Phase

TYPE_CHECKING = False  # typing is not imported: `pier18 score` reads the labels below
if TYPE_CHECKING:
    from collections.abc import Callable, Collection, Mapping, Sequence
    from typing import Protocol

    from .engine.cards import Card
    from .engine.goals import Goal, GoalKind
    from .engine.deck import Deck
    from .engine.outlook import Outcome, PlanOutlook
    from .engine.explain import Reason
    from .engine.game import PatronAward
    from .engine.outlook import PatronRace, Standing, TieBreak
    from .engine.scoring import ScoreSheet
    from .engine.view import TableView

    class TakebackFacts(Protocol):
        """What `takeback_prompt` words: `flow.Takeback` (words reads no layer above the
        engine, so it names the fields it reads)."""

        @property
        def seat(self) -> int: ...
        @property
        def again(self) -> Phase | None: ...
        @property
        def move(self) -> Decision | None: ...
        @property
        def moves(self) -> tuple[tuple[int, Decision], ...]: ...
        @property
        def bot_moves(self) -> int: ...
        @property
        def hidden(self) -> tuple[int, ...]: ...
        @property
        def hidden_after(self) -> tuple[int, ...]: ...

#: A sentence in pieces; those at odd places (1, 3, ...) are the words to stress.
Stressed = tuple[str, ...]

#: The game's name, as the screens and the messages say it.
GAME_NAME = "Pier 18"
#: The command's name, which starts each line it says in its own name (`prog_line`).
PROG = "pier18"

#: What each score category is called on screen, in the order the game lists them
#: (marked where shown: `category_name`).
CATEGORY_LABELS: dict[str, str] = {
    "flower": N_("Flower Sellers"),
    "poet": N_("Poets"),
    "lovers": N_("Lovers"),
    "fisher": N_("Fishers"),
    "patrons": N_("Patrons"),
    "plan": N_("Plan bonus"),
}


def category_name(key: str) -> str:
    """A score category's name on screen, by its key ('poet': 'Poets')."""
    return _(CATEGORY_LABELS[key])


def visible_characters() -> str:
    """A pier's characters that are not covered, as the tie-breaker and the goals count them."""
    return _("visible characters")


def _label(character: Character | None) -> str:
    assert character is not None  # the deck loader makes sure the goal names one
    return category_name(character.value)


#: What each number of a goal's measure is called, one name per number that
#: `engine.goals.goal_measures` gives ("Poets: left", "right"), by goal kind. Keyed by
#: the `GoalKind`'s value (a GoalKind is a str, equal to its value): the goals module is
#: not imported here, since `pier18 score` reads this module and must start fast.
GOAL_MEASURE_NAMES: dict[GoalKind | str, Callable[[Goal], tuple[str, ...]]] = {
    "count": lambda goal: (_("{who}:").format(who=_label(goal.character)),),
    "points": lambda goal: (_("{category} points").format(category=points_of(goal.category) if goal.category else ""),),
    "patrons": lambda goal: (_("Patrons"),),
    "sections": lambda goal: (_("visible sections"),),
    "characters": lambda goal: (visible_characters(),),
    "group": lambda goal: (_("largest group"),),
    "each_side": lambda goal: (_("{who}: left").format(who=_label(goal.character)), pgettext("side", "right")),
    "empty_run": lambda goal: (_("longest empty run"),),
    "variety": lambda goal: tuple(category_name(c.value) for c in Character),
    "most": lambda goal: (_("{who}:").format(who=_label(goal.character)),),
    "most_points": lambda goal: (_("{who} points:").format(who=points_of(goal.category) if goal.category else ""),),
}


def goal_progress(goal: Goal, values: Sequence[int], best_rival: int | None = None) -> str:
    """Where a pier stands on `goal`, in numbers: "Poets: left 2/3, right 3/3", "Flower
    Seller points 5/7", "visible sections 13 (max 12)", "Poets: 4, best rival 3".

    `values` are the goal's measures on the pier; `best_rival` the highest rival's, for
    goals that compare players (None: no rival pier known).
    """
    names = GOAL_MEASURE_NAMES[goal.kind](goal)
    if goal.compares_players:
        line = _("{measure} {value}").format(measure=names[0], value=values[0])
        return line if best_rival is None else _("{line}, best rival {rival}").format(line=line, rival=best_rival)
    return ", ".join(
        _("{measure} {value}").format(measure=name, value=_against(value, goal))
        for name, value in zip(names, values, strict=True)
    )


def _against(value: int, goal: Goal) -> str:
    """"5/7" for a lower bound, "13 (max 12)" for an upper one."""
    low, high = goal.at_least, goal.at_most
    if low is not None and high is not None:
        return _("{value} ({low} to {high})").format(value=value, low=low, high=high)
    if low is not None:
        return f"{value}/{low}"
    return _("{value} (max {high})").format(value=value, high=high)


def command(*words: object) -> str:
    """A command line for a person to copy and run: each word quoted for the shell where
    it needs it (a path with a space or a quote stays one word), the line printable.

    Every command the game prints (the final screen's `pier18 score` lines, the host's
    join and resume lines, a saved game's replay) is made here, from every option the
    game was played with, so running it does what the line says.
    """
    import shlex

    from .engine.text import printable

    return printable(" ".join(shlex.quote(str(word)) for word in words))




def stress(message: str, **values: object) -> Stressed:
    """A message whose stressed words stand between asterisks (`_("Keep your *Plan*")`),
    cut into `Stressed` pieces, each then filled in with `values` (a value with an
    asterisk in it, a player's name, stays whole)."""
    return tuple(piece.format(**values) for piece in message.split("*"))


def card_name(card: Card | str) -> str:
    """A card's name (the card, or its name as a record keeps it), in the language
    spoken (a custom deck's name the catalog does not know stays as written). Looked up
    by `i18n.pgettext`: the name is the deck's, a message of the catalog
    (scripts/catalog.py reads the deck), no literal."""
    from . import i18n

    return i18n.pgettext("card", card if isinstance(card, str) else card.name)


def goal_text(goal: Goal) -> str:
    """A goal's text, as the deck gives it, in the language spoken (a custom deck's goal
    the catalog does not know stays as written)."""
    from . import i18n

    return i18n.pgettext("goal", goal.text)


def card_label(card: Card) -> str:
    """How a card is named in a sentence: '#7 Bandstand'."""
    return _("#{id} {name}").format(id=card.id, name=card_name(card))


def covering(cover: int) -> str:
    """'covering nothing', 'covering 1 section', 'covering 2 sections'."""
    if not cover:
        return _("covering nothing")
    return ngettext("covering {n} section", "covering {n} sections", cover).format(n=cover)


def players_list(names: Sequence[str]) -> str:
    """'Ann and Bob', 'Ann, Bob and Cy'."""
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def kept_cards(deck: Deck, keep: Keep) -> str:
    """What a set-up choice keeps, every card named: '#3 Pier Lamp as the Plan and #11
    Bandstand as the Foundation' (after 'keep' or 'Ann kept')."""
    return _("{plan} as the Plan and {foundation} as the Foundation").format(
        plan=card_label(deck[keep.plan]), foundation=card_label(deck[keep.foundation])
    )


def decision_text(deck: Deck, decision: Decision) -> str:
    """A decision as an instruction, with every card named: 'take #7 Bandstand covering nothing'."""
    if isinstance(decision, Keep):
        return _("keep {cards}").format(cards=kept_cards(deck, decision))
    if isinstance(decision, Draft):
        return _("take {card} {covering}").format(card=card_label(deck[decision.card]), covering=covering(decision.cover))
    return _("place the Plan card {covering}").format(covering=covering(decision.cover))


def short_decision(deck: Deck, decision: Decision) -> str:
    """A decision in few words, for lists: '#7 Bandstand covering nothing'."""
    if isinstance(decision, Keep):
        return _("Plan {plan} + Foundation {foundation}").format(
            plan=card_label(deck[decision.plan]), foundation=card_label(deck[decision.foundation])
        )
    if isinstance(decision, Draft):
        return _("{card} {covering}").format(card=card_label(deck[decision.card]), covering=covering(decision.cover))
    return covering(decision.cover)


def points_change(before: ScoreSheet, after: ScoreSheet) -> str:
    """'+3 Lovers points, -1 Fisher point': what a placement does to each character's points."""
    changes = [
        character_points(after.points(c) - before.points(c), c)
        for c in Character if after.points(c) != before.points(c)
    ]
    return ", ".join(changes) if changes else _("no points change")


def character_points(change: int, character: Character) -> str:
    """A change in one character's points: '+2 Fisher points', '-1 Poet point'."""
    form = ngettext("{n:+d} {who} point", "{n:+d} {who} points", abs(change))
    return form.format(n=change, who=character.title)


def stand_in(name: str, level: str) -> str:
    """Who made a decision a bot made for a player who was away: 'a hard bot for Ann'."""
    return _("a {level} bot for {name}").format(level=level, name=name)


def author(names: Sequence[str], seat: int, by: str | None, start: bool = False) -> str:
    """Who made a decision of `seat`: its name, or with `by` (the level of a bot that
    stood in for its away player) that bot, 'a hard bot for Ann' ('A hard bot for Ann'
    at the start of a sentence)."""
    if by is None:
        return names[seat]
    who = stand_in(names[seat], by)
    return who[:1].upper() + who[1:] if start else who


def move_line(
    before: TableView,
    after: TableView,
    names: Sequence[str],
    reason: str | None = None,
    now: TableView | None = None,
    by: str | None = None,
) -> str:
    """The line for the decision that took the table from `before` to `after`.

    Only what the table may see is said: a hidden choice is said to have happened. With
    `now` (the table as it is now) a choice shown since is told in full. `reason` (a
    bot's, from its estimate) ends the line. `by`: the level of a bot that made the
    decision for its seat's away player, named as its author.
    """
    seat, decision = after.history[-1]
    if now is not None:
        decision = now.history[len(after.history) - 1][1]
    name = author(names, seat, by, start=True)
    if decision is None:
        if before.phase is Phase.PLAN:
            return _("{name} placed the Plan card (shown when the game ends).").format(name=name)
        return _("{name} kept a Plan and a Foundation (hidden until everyone has chosen).").format(name=name)
    if isinstance(decision, Keep):
        cards = kept_cards(before.deck, decision)
        if after.phase is not Phase.SETUP and now is None:
            return _("{name} kept {cards}; every Plan and Foundation is now shown.").format(name=name, cards=cards)
        return _("{name} kept {cards}.").format(name=name, cards=cards)
    if isinstance(decision, PlacePlan):
        if reason:
            return _("{name} placed the Plan card {covering}; {reason}.").format(
                name=name, covering=covering(decision.cover), reason=reason
            )
        return _("{name} placed the Plan card {covering}.").format(name=name, covering=covering(decision.cover))
    card = before.deck[decision.card]
    change = points_change(before.piers[seat].sheet(), after.piers[seat].sheet())
    line = _("{name} took {card} {covering}: {change}").format(
        name=name, card=card_label(card), covering=covering(decision.cover), change=change
    )
    was, now_met = before.plan_met(seat), after.plan_met(seat)
    if now_met and not was:
        line = _("{line}; Plan goal now met ✔").format(line=line)
    elif was and not now_met:
        line = _("{line}; Plan goal no longer met ✘").format(line=line)
    if reason and reason != change:
        line = _("{line}; {reason}").format(line=line, reason=reason)
    return _("{line}.").format(line=line)


def _covering_short(cover: int) -> str:
    """'covering nothing', 'covering 1', 'covering 2' (a section is understood)."""
    return _("covering {n}").format(n=cover) if cover else _("covering nothing")


def event_short(
    table: TableView, index: int, names: Sequence[str], reason: str | None = None, by: str | None = None
) -> str:
    """Decision number `index` (0-based) of the table's history in few words, as the
    table may see it now: 'Bob took #12 covering 1', 'Bob kept a Plan and a
    Foundation', 'Bob kept Plan #3 and Foundation #11', 'Bob placed the Plan card';
    a bot's `reason` follows a dash: 'Bob took #12 covering 1 — aims to win the Patron: …'.
    `by`: a bot made it for the seat's away player ('a hard bot for Bob took …')."""
    seat, decision = table.history[index]
    name = author(names, seat, by)
    if decision is None:  # hidden: a set-up choice, or a Plan placed before the end
        if table.phase is Phase.PLAN:
            return _("{name} placed the Plan card").format(name=name)
        return _("{name} kept a Plan and a Foundation").format(name=name)
    if isinstance(decision, Keep):
        return _("{name} kept Plan #{plan} and Foundation #{foundation}").format(
            name=name, plan=decision.plan, foundation=decision.foundation
        )
    if isinstance(decision, PlacePlan):
        line = _("{name} placed the Plan card {covering}").format(name=name, covering=_covering_short(decision.cover))
    else:
        line = _("{name} took #{card} {covering}").format(
            name=name, card=decision.card, covering=_covering_short(decision.cover)
        )
    return _("{line} — {reason}").format(line=line, reason=reason) if reason else line


def _patrons_of(card: Card) -> str:
    return players_list([category_name(character.value) for character in card.patrons])


def patron_won_short(award: PatronAward, deck: Deck, names: Sequence[str]) -> str:
    """A Patron award in few words: 'Cy won Patron #2 on Flower Sellers, 6 to 4' (the
    best other score), '..., 5 to 5 on the earlier date'."""
    mine = award.scores[award.winner]
    rival = max(score for seat, score in enumerate(award.scores) if seat != award.winner)
    values = {"name": names[award.winner], "card": award.card, "patrons": _patrons_of(deck[award.card]),
              "mine": mine, "rival": rival}
    if award.by_date:
        return _("{name} won Patron #{card} on {patrons}, {mine} to {rival} on the earlier date").format(**values)
    return _("{name} won Patron #{card} on {patrons}, {mine} to {rival}").format(**values)


def patron_log_line(award: PatronAward, deck: Deck, names: Sequence[str]) -> str:
    """A Patron award in the game log: 'Round 2: Cy won the Patron #2 Bandstand
    (Flower Sellers), 6 to 4.'"""
    mine = award.scores[award.winner]
    rival = max(score for seat, score in enumerate(award.scores) if seat != award.winner)
    card = deck[award.card]
    values = {"round": award.round, "name": names[award.winner], "card": card_label(card),
              "patrons": _patrons_of(card), "mine": mine, "rival": rival}
    if award.by_date:
        return _(
            "Round {round}: {name} won the Patron {card} ({patrons}), {mine} to {rival}, "
            "the tie broken by the earliest date ({date})."
        ).format(date=deck[award.drafted[award.winner]].date, **values)
    return _("Round {round}: {name} won the Patron {card} ({patrons}), {mine} to {rival}.").format(**values)


def table_events(
    table: TableView, names: Sequence[str], start: int = 0, reasons: Mapping[int, str] | None = None,
    stand_ins: Mapping[int, str] | None = None,
) -> list[str]:
    """Every public event after the first `start` decisions, oldest first, in few words:
    each decision as the table may see it (a bot's with its reason, from `reasons`, by
    the number of decisions it completed; one a bot made for an away player named as
    that bot's, from `stand_ins`, the bot's level by the same number), each Patron award
    after the draft that ended its round (the award the `start`-th decision itself
    brought about included)."""
    ended = {award.after: award for award in table.awards}
    reasons = reasons or {}
    stand_ins = stand_ins or {}
    start = max(start, 0)
    events: list[str] = []
    if start and start in ended:  # the round the player's own draft ended
        events.append(patron_won_short(ended[start], table.deck, names))
    for index in range(start, len(table.history)):
        events.append(event_short(table, index, names, reasons.get(index + 1), stand_ins.get(index + 1)))
        if index + 1 in ended:
            events.append(patron_won_short(ended[index + 1], table.deck, names))
    return events


def since_your_turn(
    table: TableView, names: Sequence[str], start: int, reasons: Mapping[int, str] | None = None,
    stand_ins: Mapping[int, str] | None = None,
) -> str | None:
    """What happened since a player's last decision (the first `start` decisions came
    before; 0: the player has made none): 'Since your last move: Bob took #12 covering 1;
    Cy won Patron #2 on Flower Sellers, 6 to 4.', 'So far: Ann kept a Plan and a
    Foundation.' A move a bot made for an away player is that bot's ('a hard bot for Ann
    took #3 covering nothing', `stand_ins`). None when nothing has."""
    events = table_events(table, names, start, reasons, stand_ins)
    if not events:
        return None
    if start:
        return _("Since your last move: {events}.").format(events="; ".join(events))
    return _("So far: {events}.").format(events="; ".join(events))


def whose_turn(table: TableView, names: Sequence[str]) -> str:
    """Where the game stands: 'set-up, Ann to choose', 'round 2, Bob to draft'..."""
    return stands(table.phase, table.round, names[table.current_player])


def stands(phase: Phase, round: int, who: str) -> str:
    """`whose_turn` from its parts: the phase, the round and whose turn it is."""
    if phase is Phase.SETUP:
        return _("set-up, {who} to choose").format(who=who)
    if phase is Phase.DRAFT:
        return _("round {round}, {who} to draft").format(round=round, who=who)
    if phase is Phase.PLAN:
        return _("game end, {who} to place the Plan").format(who=who)
    return game_over()


def game_over() -> str:
    """Where a finished game stands (`whose_turn`), and the host's line when it ends."""
    return _("game over")


def pass_reason(phase: Phase) -> str:
    """Why the laptop is passed: a hidden choice, or the draft's next turn."""
    if phase is Phase.DRAFT:
        return _("Your turn to draft: take a card from the row and add it to your pier.")
    if phase is Phase.PLAN:
        return _(
            "Time to place your Plan card. Plans are placed at the same time: "
            "the ones already placed stay hidden until everyone has placed theirs."
        )
    return _("Time to choose your Plan and Foundation from your three secret cards.")


#: Each bot level's strength as `benchmarks/ladder.py` measured it (docs/bots.md), weakest
#: first: its 2-player Elo on the ladder (`hard` fixed at 1500) and one line a person can
#: choose by. The `--level` help of `pier18 play` and `pier18 stats` read this table;
#: tests/test_ladder_doc.py checks it against the ladder's table in docs/bots.md. The
#: lines are marked where shown (`level_lines`).
LEVEL_STRENGTH: dict[str, tuple[int, str]] = {
    "random": (600, N_("any legal move; a baseline")),
    "greedy": (1170, N_("the most points right now; beats random in 96% of 2-player deals")),
    "hard": (1500, N_("looks ahead over sampled futures; beats greedy in 87% of 2-player deals")),
    "expert": (1540, N_("searches what it has seen, solves the end exactly; beats hard in 55% of 2-player deals")),
}


def level_lines() -> list[str]:
    """Each bot level's measured strength, one line per level, under a heading."""
    width = max(len(level) for level in LEVEL_STRENGTH)
    lines = [_("Bot levels, weakest first, as the bots' ladder measured them (Elo, hard = 1500):")]
    lines += [f"  {level:<{width}}  {elo:>4}  {_(words)}" for level, (elo, words) in LEVEL_STRENGTH.items()]
    return lines


def level_names() -> str:
    """The bot levels as a list in words: 'random, greedy, hard or expert'."""
    return either(list(LEVEL_STRENGTH))


#: The one measure every judgement shown to a player ranks by (`bots.judge`): the hint's
#: choice and its next best, the review's best choice and its points lost, and the lesson's
#: suggestion where its script gives no reason of its own. Named in these words everywhere.
#: Marked where shown (`_(MEASURE)`; a JSON report keeps it as written).
MEASURE = N_("expected points ahead of the best rival at the end")


def stats_headline(games: int, unfinished: int, folder: str) -> str:
    """The first line of `pier18 stats`."""
    if not games and not unfinished:
        return _("No finished games saved in {folder} yet; 'pier18 play' starts one.").format(folder=folder)
    saved = ngettext(
        "{n} finished game saved on this machine", "{n} finished games saved on this machine", games
    ).format(n=games)
    if unfinished:
        return ngettext(
            "Your record: {saved} ({folder}); {n} unfinished game not counted yet.",
            "Your record: {saved} ({folder}); {n} unfinished games not counted yet.",
            unfinished,
        ).format(saved=saved, folder=folder, n=unfinished)
    return _("Your record: {saved} ({folder}).").format(saved=saved, folder=folder)


def players_counted(players: Sequence[tuple[str, int]], given: bool = True, others: Sequence[str] = ()) -> str:
    """Whose games `pier18 stats` counted: 'Counted: Ann (5 games), Bob (1 game).'; when
    no `--name` was `given`, why those names, and the other people at their tables."""
    counted = ", ".join(
        _("{name} ({games})").format(name=name, games=games_count(games)) for name, games in players
    )
    if given:
        return _("Counted: {counted}.").format(counted=counted)
    if others:
        return _(
            "Counted: {counted} — the names that played alone against bots on this machine; "
            "not counted: {others}, who played at your tables. --name NAME (once per name) counts those names instead."
        ).format(counted=counted, others=players_list(list(others)))
    return _(
        "Counted: {counted} — the names that played alone against bots on this machine. "
        "--name NAME (once per name) counts those names instead."
    ).format(counted=counted)


def nobody_counted(names: Sequence[str], given: bool) -> str:
    """`pier18 stats` found finished games but no seat of the names it counts."""
    found = _(" (names in the games: {names})").format(names=players_list(list(names))) if names else ""
    if given:
        return _("No finished game has a seat of the names given{found}.").format(found=found)
    return _(
        "No saved game was played alone against bots on this machine, so whose record this is "
        "is not known{found}: give your names with --name NAME, once per name."
    ).format(found=found)


def lesson_line(finished: bool, decisions: int, total: int | None, won: bool | None) -> str:
    """`pier18 stats`' line for the guided first game, counted apart from the record."""
    if not finished:
        made = ngettext("{n} decision made", "{n} decisions made", decisions).format(n=decisions)
        return _("The lesson (not in your record): under way, {made}; 'pier18 learn' goes on with it.").format(made=made)
    if won:
        return _("The lesson (not in your record): finished, {points}, you came first.").format(points=points(total or 0))
    return _("The lesson (not in your record): finished, {points}, the bot came first.").format(points=points(total or 0))


def elo_not_yet(results: int, low: float, high: float, games: int) -> str:
    """An Elo estimate not shown: too few results for its interval to mean something."""
    counted = ngettext("{n} result", "{n} results", results).format(n=results)
    more = ngettext("about {n} more game", "about {n} more games", games).format(n=games)
    return _(
        "Elo estimate: not yet. From {counted} against bots it could be anywhere from {low:.0f} to {high:.0f}; "
        "{more} against bots will narrow it enough to show."
    ).format(counted=counted, low=low, high=high, more=more)


def games_count(games: int) -> str:
    """'1 game', '2 games'."""
    return ngettext("{n} game", "{n} games", games).format(n=games)


def elo_line(estimate: tuple[float, float, float, int] | None, ladder: dict[str, int]) -> str:
    """Where the player stands on the bots' ladder: (rating, low, high, results) or None."""
    rungs = ", ".join(f"{level} {elo}" for level, elo in ladder.items())
    if estimate is None:
        return _("Elo estimate: play a bot to get one (the ladder: {rungs}).").format(rungs=rungs)
    rating, low, high, results = estimate
    return ngettext(
        "Elo estimate: {rating:.0f} (95% between {low:.0f} and {high:.0f}, from {n} result against bots; the ladder: {rungs}).",
        "Elo estimate: {rating:.0f} (95% between {low:.0f} and {high:.0f}, from {n} results against bots; the ladder: {rungs}).",
        results,
    ).format(rating=rating, low=low, high=high, n=results, rungs=rungs)


def names_help(humans: int, bots: Sequence[str]) -> str:
    """What to do on the names screen."""
    if not bots:
        return _(
            "{n} players at one laptop. Type each name (Tab or Enter: the next one), then choose who starts."
        ).format(n=humans)
    against = players_list(list(bots))
    if humans == 1:
        return _("Playing against {bots}. Type your name, choose who starts, Enter to start.").format(bots=against)
    return _(
        "Playing against {bots}. Type each player's name (Tab or Enter: the next one), then choose who starts."
    ).format(bots=against)


def start_rule(table: TableView, names: Sequence[str], chosen: bool, lesson: bool = False) -> str | None:
    """Which rule decided who starts round 1: 'Ann starts: earliest Foundation date
    (03-14)', 'Ann starts: last saw the sea' (`chosen`: by the rulebook's rule, on the
    names screen or by `--first`), or, in the lesson (`lesson`), its script's choice."""
    first = table.first_player
    if first is None:
        return None
    if chosen and lesson:
        return _("{name} starts: the lesson chose who starts").format(name=names[first])
    if chosen:
        return _("{name} starts: last saw the sea").format(name=names[first])
    pier = table.piers[first]
    if pier.placements:
        return _("{name} starts: earliest Foundation date ({date})").format(name=names[first], date=pier.placements[0].card.date)
    return _("{name} starts: earliest Foundation date").format(name=names[first])


def summary(table: TableView, names: Sequence[str]) -> str:
    """One line naming a saved game, for the resume offer (never a hidden card)."""
    return summary_of(names, table.phase, table.round, table.current_player, len(table.history))


def summary_of(names: Sequence[str], phase: Phase, round: int, current: int, made: int) -> str:
    """`summary` from its parts (what `pier18 games` keeps of a save between runs)."""
    made_words = ngettext("{n} decision made", "{n} decisions made", made).format(n=made)
    return _("{players}: {stands} ({made})").format(
        players=players_list(names), stands=stands(phase, round, names[current]), made=made_words
    )


def takeback_prompt(deck: Deck, names: Sequence[str], facts: TakebackFacts) -> str:
    """The confirm question for a take-back, worded from `facts` (`flow.takeback`, which
    decides what the table may see: a hidden choice is never described, only counted).
    """
    name = names[facts.seat]
    if facts.again is Phase.SETUP:
        what = _("{name}'s set-up choice").format(name=name)
    elif facts.again is Phase.PLAN:
        what = _("{name}'s Plan placement").format(name=name)
    else:
        assert facts.move is not None, "a draft move is described"
        what = _("{name}'s last move, {decision}").format(name=name, decision=decision_text(deck, facts.move))
    also = [
        _("{name}'s move after it, {decision}").format(name=names[s], decision=decision_text(deck, later))
        for s, later in facts.moves
    ]
    if facts.bot_moves:
        also.append(ngettext("{n} bot move after it", "{n} bot moves after it", facts.bot_moves).format(n=facts.bot_moves))
    if facts.hidden_after:
        who = players_list(sorted({names[s] for s in facts.hidden_after}))
        hidden = len(facts.hidden_after)
        also.append(ngettext("{n} hidden decision by {who}", "{n} hidden decisions by {who}", hidden).format(n=hidden, who=who))
    if also:
        question = _("Take back {what} (and {also})?").format(what=what, also=players_list(also))
    else:
        question = _("Take back {what}?").format(what=what)
    if facts.again is Phase.SETUP:
        question = f"{question} " + _("{name} will choose their Plan and Foundation again.").format(name=name)
    elif facts.again is Phase.PLAN:
        question = f"{question} " + _("{name} will place their Plan card again.").format(name=name)
    if facts.hidden:
        count = len(facts.hidden)
        makers = players_list(sorted({names[s] for s in facts.hidden}))
        question = question + " " + ngettext(
            "This takes back {n} hidden decision without showing it: the laptop goes to {makers} before it is made again.",
            "This takes back {n} hidden decisions without showing them: the laptop goes to {makers} before they are made again.",
            count,
        ).format(n=count, makers=makers)
    return question


def ahead_points(points: float) -> str:
    """A value of the measure, signed: '+2.30', '-1.05', '0.00'."""
    return i18n.decimal(points, 2, sign=True) if round(points, 2) else i18n.decimal(0, 2)


def hint_lines(deck: Deck, decision: Decision, expected_total: float | None, now: int | None,
               alternatives: Sequence[tuple[Decision, float]], reason: str) -> list[str]:
    """The judge's advice as sentences: the choice with every card named, where it
    should leave the player, the next best choices with how far each ranks below it
    (`alternatives`: points of `MEASURE`), and why.

    'take #7 Bandstand covering 1 section: you should end about 24 points (now 17).'
    """
    head = decision_text(deck, decision)
    if expected_total is None:
        lines = [_("{decision}.").format(decision=head)]
    elif now is None:
        lines = [_("{decision}: you should end about {points}.").format(decision=head, points=points(round(expected_total)))]
    else:
        lines = [_("{decision}: you should end about {points} (now {now}).").format(
            decision=head, points=points(round(expected_total)), now=now
        )]
    if alternatives:
        others = "; ".join(
            _("{decision}, {behind}").format(decision=short_decision(deck, d), behind=behind(points)) for d, points in alternatives
        )
        lines.append(_("Next best (by {measure}): {others}.").format(measure=_(MEASURE), others=others))
    lines.append(_("Why: it {reason}.").format(reason=reason))
    return lines


def behind(points: float) -> str:
    """How far a next best choice ranks below the best: '1.5 behind', 'as good'."""
    return _("as good") if points < 0.05 else _("{points} behind").format(points=i18n.decimal(points, 1))


def replay_event(deck: Deck, seat: int, decision: Decision, names: Sequence[str], by: str | None = None) -> str:
    """What a recorded decision was, every card named (a record hides nothing); `by`: the
    level of a bot that made it for the seat's away player, named as its author."""
    name = author(names, seat, by, start=True)
    if isinstance(decision, Keep):
        return _("{name} kept {cards}.").format(name=name, cards=kept_cards(deck, decision))
    return _("{name}: {decision}.").format(name=name, decision=decision_text(deck, decision))


def sentence(words: str) -> str:
    """Words that stand alone as a sentence: 'it is not your turn' -> 'It is not your turn.'"""
    return _("{words}.").format(words=words[:1].upper() + words[1:])


def about(where: str, what: str) -> str:
    """A problem and where it is, as every error line says it: '--cards: 9 is not a card'."""
    return _("{where}: {what}").format(where=where, what=what)


def prog_line(message: str) -> str:
    """A line the command says in its own name, on standard error or after a game."""
    return f"{PROG}: {message}"


# -- keys and buttons -------------------------------------------------------------------
#
# A key's label in the footer and a button's text are words a person reads, short ones:
# every label comes from here, so the same key says the same thing on every screen.
# Labels are marked (`N_`: a Binding is made at import) and translated where they are
# drawn: the footer, the keys list, a button's text (`with_key`).


KEY_QUIT = N_("Quit")
KEY_HELP = N_("Keys")
KEY_RULES = N_("Rules")
KEY_TAKE_BACK = N_("Take back")
KEY_CLOSE = N_("Close")
KEY_NEW_GAME = N_("New game")
KEY_YES_TAKE_BACK = N_("Yes, take back")
KEY_KEEP_PLAYING = N_("No, keep playing")
KEY_YES_BOT_PLAYS = N_("Yes, a bot plays")
KEY_NO_KEEP_WAITING = N_("No, keep waiting")
KEY_BACK_TO_GAME = N_("Back to the game")
KEY_BACK_TO_CARDS = N_("Back to the cards")
KEY_PREVIOUS = N_("Previous")
KEY_NEXT = N_("Next")
KEY_START = N_("Start")
KEY_END = N_("End")
KEY_NEXT_RULE = N_("Next rule")
KEY_PREVIOUS_RULE = N_("Previous rule")
KEY_START_GAME = N_("Start the game")
KEY_RESUME_LAST = N_("Resume the last played")
KEY_GAME_LOG = N_("Log")
KEY_COVER_LESS = N_("Cover less")
KEY_COVER_MORE = N_("Cover more")
KEY_PLACE_IT = N_("Place it")
KEY_PREVIOUS_CARD = N_("Previous card")
KEY_NEXT_CARD = N_("Next card")
KEY_CHOOSE_CARD = N_("Choose this card")
KEY_KEEP_AS_PLAN = N_("Keep as Plan")
KEY_KEEP_AS_FOUNDATION = N_("Keep as Foundation")
KEY_BACK_TO_PLAN = N_("Back to the Plan")
KEY_LEGEND = N_("Symbols")
KEY_POINT_AT_CARD = N_("Point at a card")

#: The key that goes on, as the screens name it.
ENTER = "Enter"


def with_key(label: str, key: str) -> str:
    """A button's text with the key that presses it: 'New game (n)' (`label` marked with
    `N_` here, when the button is made)."""
    return f"{_(label)} ({key})"


#: The little tag on the choice the hint names (marked; translated where drawn).
HINT_TAG = N_("hint")


# -- the table --------------------------------------------------------------------------


#: How the person at a networked seat is named among the others ("you have chosen").
#: Marked where shown.
YOU = N_("you")


def chosen_so_far(chose: Sequence[str], waiting: Sequence[str], placing: bool) -> str:
    """A choice every seat makes at once over the network: who has made it (never what)
    and who is still to: 'Bob has chosen; waiting for you and Cy'. `placing`: the Plan
    placement, else set-up. Names as given, `YOU` (translated) for the person at the keys."""
    if not chose:
        if placing:
            return _("everyone places the Plan card at once")
        return _("everyone chooses a Plan and a Foundation at once")
    who = players_list(chose)
    if len(chose) == 1 and chose[0] != _(YOU):
        done = (_("{who} has placed the Plan card") if placing else _("{who} has chosen")).format(who=who)
    else:
        done = (_("{who} have placed the Plan card") if placing else _("{who} have chosen")).format(who=who)
    return _("{done}; {waiting}").format(done=done, waiting=waiting_for(waiting)) if waiting else done


#: What a total means wherever one is shown (the table, the previews, the Plan screen,
#: the final screen, `pier18 score`): points if the game ended now. Marked.

#: A Plan goal that compares players, where one pier alone is scored (`pier18 score`,
#: and the final screen's line for it). Marked where shown.
ONE_PIER_CANNOT_JUDGE = N_("it compares players, so one pier alone cannot settle it: no bonus added")


def points(total: int) -> str:
    """'17 points' (a total on the final screen and in a command's ranking)."""
    return ngettext("{n} point", "{n} points", total).format(n=total)


def ranking_line(standing: Standing, names: Sequence[str]) -> str:
    """One place of the final ranking, as the commands print it: '1. Ann: 24 points'."""
    return _("{place}. {name}: {points}").format(place=standing.place, name=names[standing.seat], points=points(standing.total))


def verdict(met: bool | None, final: bool, in_reach: bool | None = None) -> str:
    """A Plan's verdict, readable without colour: '✔ met', '✘ not met', or '✘ not yet'
    while the game goes on; '? not judged' when it cannot be. A goal the engine finds out
    of reach (`in_reach` False: no cards still to come can make it hold at the end) says
    so: '✘ out of reach', or '✔ met now, not at the end'."""
    if met is None:
        return _("? not judged")
    if final:
        return _("✔ met") if met else _("✘ not met")
    if in_reach is False:
        return _("✔ met now, not at the end") if met else _("✘ out of reach: cannot be met by the end")
    return _("✔ met") if met else _("✘ not yet")


# -- set-up, placing, the Patron, passing the laptop -----------------------------------------


def keep_help(name: str) -> Stressed:
    """The set-up screen's instructions, to `name`."""
    return stress(
        _(
            "*{name}*, your three cards. Keep one as your *Plan* (its goal scores a bonus at the end and it "
            "becomes the last card of your pier) and one as your *Foundation* (the first card of your pier). "
            "The third goes back into the deck."
        ),
        name=name,
    )


def keep_plan_help(name: str) -> Stressed:
    """The set-up screen's first step, to `name`: point at the card to keep as the Plan."""
    return stress(
        _(
            "*{name}*, your three cards. First keep one as your *Plan*: its goal scores a bonus at the end, and "
            "it becomes the last card of your pier. ←/→, 1–3 or the mouse point at a card; Enter (or a second "
            "click) keeps it."
        ),
        name=name,
    )


def keep_foundation_help(name: str, plan: Card) -> Stressed:
    """The set-up screen's second step: the Foundation, from the two cards left."""
    return stress(
        _(
            "*{name}*, your Plan is {plan}. Now keep your *Foundation*, the first card of your pier, from the "
            "other two; the third goes back into the deck. Escape chooses the Plan again."
        ),
        name=name,
        plan=card_label(plan),
    )


def foundation_role(total: int) -> str:
    """What a set-up card does as the Foundation: 'starts your pier: 3 points from the start'."""
    return _("starts your pier, at its land end: {points} from the start").format(points=points(total))


def back_to_deck(card_id: int) -> str:
    """The card a set-up choice sends back: 'back: #7'."""
    return _("back: #{id}").format(id=card_id)


def place_help(name: str, card: Card, plan: bool, can_go_back: bool) -> Stressed:
    """The placement screen's instructions: who places which card, and the keys."""
    values = {"name": name, "card": card_label(card), "date": card.date}
    if plan and can_go_back:
        message = _(
            "*{name}* places the Plan card: *{card}* ({date}). ↑/↓ or a number points at how many sections of "
            "the card below it covers; Enter places it; Escape goes back."
        )
    elif plan:
        message = _(
            "*{name}* places the Plan card: *{card}* ({date}). ↑/↓ or a number points at how many sections of "
            "the card below it covers; Enter places it."
        )
    elif can_go_back:
        message = _(
            "*{name}* places a card: *{card}* ({date}). ↑/↓ or a number points at how many sections of "
            "the card below it covers; Enter places it; Escape goes back."
        )
    else:
        message = _(
            "*{name}* places a card: *{card}* ({date}). ↑/↓ or a number points at how many sections of "
            "the card below it covers; Enter places it."
        )
    return stress(message, **values)


def cover_choice(first: bool, cover: int) -> str:
    """One cover a placement may choose: 'first card', 'covers nothing (adds every
    section)', 'covers 2 sections'."""
    if first:
        return _("first card")
    if cover == 0:
        return _("covers nothing (adds every section)")
    return ngettext("covers {n} section", "covers {n} sections", cover).format(n=cover)


def either(names: Sequence[str]) -> str:
    """'Bob', 'Bob or Cy', 'Ann, Bob or Cy'."""
    if len(names) < 2:
        return "".join(names)
    return _("{names} or {last}").format(names=", ".join(names[:-1]), last=names[-1])


def patron_outlook(race: PatronRace, names: Sequence[str], dates: dict[int, str], after: bool = True) -> str:
    """Who would take a Patron, as the engine's `PatronRace` says, keeping what is decided
    apart from what the seats still to draft can change. Only a settled race says "wins":

    - settled: 'Ann wins', 'Ann wins the tie on the earlier date';
    - the others can only tie: 'Ann leads, and keeps it unless Bob ties with a card dated
      before 08-15';
    - the others can do more: 'Ann leads; Bob, still to draft, can overtake';
    - a tie the dates decide: 'tie Ann/Bob: the earliest date drafted this round decides
      (Ann 03-14)'.

    `after`: the race after the draft tried (else as it stood before it, when the seat
    trying it had still to draft). `dates`: the dates each seat drafted this round, if known.
    """
    leaders = race.after if after else race.before
    winner = race.winner_after if after else race.winner_before
    threats = [names[s] for s in race.threats] if after else []
    if winner is None:
        tied = "/".join(names[s] for s in leaders)
        known = [f"{names[s]} {dates[s]}" for s in leaders if s in dates]
        if known:
            line = _("tie {tied}: the earliest date drafted this round decides ({dates})").format(
                tied=tied, dates=", ".join(known)
            )
        else:
            line = _("tie {tied}: the earliest date drafted this round decides").format(tied=tied)
        passing = [names[s] for s in race.threats if s not in leaders] if after else []
        if passing:
            return _("{line}; {who}, still to draft, can overtake").format(line=line, who=either(passing))
        return line
    name = names[winner]
    if after and race.settled:
        if len(leaders) > 1:
            return _("{name} wins the tie on the earlier date").format(name=name)
        return _("{name} wins").format(name=name)
    if after and race.beat_date is not None:
        return _("{name} leads, and keeps it unless {who} ties with a card dated before {date}").format(
            name=name, who=either(threats), date=race.beat_date
        )
    if threats:
        return _("{name} leads; {who}, still to draft, can overtake").format(name=name, who=either(threats))
    if not after:
        return _("{name} leads for now").format(name=name)  # the seat trying the draft had still to draft
    if winner in race.to_draft:
        return _("{name} leads and has still to draft").format(name=name)
    return _("{name} leads").format(name=name)


def patron_why(award: PatronAward, deck: Deck, names: Sequence[str]) -> Stressed:
    """Why the Patron went where it went, the winner stressed."""
    best = award.scores[award.winner]
    winner = names[award.winner]
    if award.by_date:
        return stress(
            _(
                "{tied} tie with {best}. *{winner} wins: the earliest date drafted this round ({date}) breaks the "
                "tie.* The Patron is worth 1 point."
            ),
            tied=players_list([names[s] for s in award.tied]),
            best=best,
            winner=winner,
            date=deck[award.drafted[award.winner]].date,
        )
    return stress(
        _("*{winner} wins with the highest patron score ({best}).* The Patron is worth 1 point."),
        winner=winner,
        best=best,
    )


# -- the final screen and the replay ---------------------------------------------------------


def winners(names: Sequence[str]) -> str:
    """'Ann wins Pier 18!', 'Ann and Bob win Pier 18!', 'Ann, Bob and Cy win Pier 18!'."""
    return ngettext("{names} wins {game}!", "{names} win {game}!", len(names)).format(
        names=players_list(names), game=GAME_NAME
    )


def ahead_of(name: str, decided_by: TieBreak) -> str:
    """Why a place is above the next: 'ahead of Bob on points'."""
    if decided_by == "characters":
        message = _("ahead of {name} on visible characters (tied on points: first tie-breaker)")
    elif decided_by == "plan date":
        message = _("ahead of {name} on the earlier Plan card date (tied on points and characters: second tie-breaker)")
    else:
        message = _("ahead of {name} on points")
    return message.format(name=name)


def tied_with(name: str) -> str:
    """A place equal with the next: 'tied with Bob on every tie-breaker'."""
    return _("tied with {name} on every tie-breaker").format(name=name)



def record_kept(path: str, replay: str) -> Stressed:
    """Where a finished game is saved and the command that replays it."""
    return stress(_("This game is saved in *{path}*\nWatch it again:\n  *{replay}*\n"), path=path, replay=replay)


def replay_command(path: object, lines: bool = False) -> str:
    """The command that replays a game record: 'pier18 replay FILE' (quoted for the shell);
    `lines`: in plain lines, as the game was played ('pier18 replay FILE --lines')."""
    return command("pier18", "replay", path, *(["--lines"] if lines else []))


def score_command(notation: str, patrons: int, plan: int | None, players: int, deck: object | None = None) -> str:
    """The `pier18 score` command that scores one final pier on its own, with everything
    the game scored it with: its cards and covers, its Patrons, its Plan, the number of
    players (which Plan goal counts) and the deck file (`deck`; None: the game's own)."""
    line: list[object] = ["pier18", "score", "--cards", notation, "--patrons", patrons]
    if plan is not None:
        line += ["--plan", plan]
    line += ["--players", players]
    if deck is not None:
        line += ["--deck", deck]
    return command(*line)


def patron_went(name: str, card: Card, by_date: bool) -> str:
    """A patron phase in the replay: 'Patron phase: Ann wins #7 Bandstand.'"""
    if by_date:
        return _("Patron phase: {name} wins {card} (earliest date breaks the tie).").format(name=name, card=card_label(card))
    return _("Patron phase: {name} wins {card}.").format(name=name, card=card_label(card))


def final_ranking(standings: Sequence[Standing], names: Sequence[str]) -> str:
    """'Final ranking: 1. Ann 24, 2. Bob 19'."""
    places = ", ".join(
        _("{place}. {name} {total}").format(place=s.place, name=names[s.seat], total=s.total) for s in standings
    )
    return _("Final ranking: {places}").format(places=places)


# -- names, resume, quit, help, too small ---------------------------------------------------


def default_name(number: int) -> str:
    """A person's seat before a name is typed: 'Player 2'."""
    return _("Player {number}").format(number=number)



def resume_title(games: int) -> tuple[str, str]:
    """The resume offer's first line: what is saved (to stress), then the keys."""
    if games == 0:
        return _("No saved game can be resumed here."), ""
    if games == 1:
        return _("An unfinished game is saved."), _("Enter or y goes on with it; n starts a new game.")
    return (
        ngettext("{n} unfinished game is saved.", "{n} unfinished games are saved.", games).format(n=games),
        _(
            "Enter or y goes on with the last played; 1-9 or the arrows point at another, Enter goes on with it;"
            " n starts a new game (all stay saved)."
        ),
    )


def last_played(when: str) -> str:
    """'last played 2025-03-14 20:15'."""
    return _("last played {when}").format(when=when)


def saved_here(save: str | None, resume: str | None = None) -> Stressed:
    """Under the quit question: where the game is saved (`save`, printable) and the
    command that goes on with it (`resume`, by default `play_resume_command()`)."""
    again = resume or play_resume_command()
    if save is None:
        return stress(_("It is saved as you play: *{command}* goes on from here."), command=again)
    return stress(_("It is saved in *{save}*\n*{command}* goes on from here."), save=save, command=again)


def keys_notes() -> Stressed:
    """Under the keys list (`?`): how keys work on every screen, and what no key's label can say."""
    return stress(
        _(
            "*How keys work:* a number or an arrow points; Enter, or a second click on what is pointed at,"
            " confirms it. Neither the key that opened a screen nor a key pressed before the screen"
            " was drawn answers it. Every choice shows what it scores before you confirm it. While"
            " you type a name, ? is a question mark.\n"
            "*Take back* (u, asks first, as often as you like): on your turn it goes back to your own last"
            " decision; another player's hidden choice on the way is only counted, never shown, and"
            " they get the laptop first. There is none at a shared table.\n"
            "*Patron* panels stay until you press Enter, even while a shared table goes on. "
            "*Hints* (h, while you choose): the best move and why, by {measure} (the review judges by the same)."
        ),
        measure=_("expected points ahead of the best rival at the end"),
    )


def key_names() -> dict[str, str]:
    """How a key is named in the keys list, where Textual's short name would be cryptic."""
    return {
        "enter": _("Enter"),
        "escape": _("Esc"),
        "space": _("Space"),
        "tab": _("Tab"),
        "shift+tab": _("Shift+Tab"),
        "question_mark": "?",
        "pageup": _("PgUp"),
        "pagedown": _("PgDn"),
        "ctrl+pageup": _("Ctrl+PgUp"),
        "ctrl+pagedown": _("Ctrl+PgDn"),
        "home": _("Home"),
        "end": _("End"),
        "left": "←",
        "right": "→",
        "up": "↑",
        "down": "↓",
        "ctrl+q": _("Ctrl+Q"),
        "ctrl+c": _("Ctrl+C"),
        "super+c": _("Super+C"),
    }


def textual_keys() -> dict[str, str]:
    """The keys Textual's own widgets bind, in the game's words, by Textual's description."""
    return {
        "Focus Next": _("Next box"),
        "Focus Previous": _("Previous box"),
        "Copy selected text": _("Copy the selected text"),
        "Scroll Up": _("Scroll up"),
        "Scroll Down": _("Scroll down"),
        "Scroll Left": _("Scroll left"),
        "Scroll Right": _("Scroll right"),
        "Scroll Home": _("Scroll to the top"),
        "Scroll End": _("Scroll to the end"),
        "Page Up": _("A page up"),
        "Page Down": _("A page down"),
        "Page Left": _("A page left"),
        "Page Right": _("A page right"),
        "Press button": _("Press the button"),
    }


def too_small(need: tuple[int, int], now: tuple[int, int], web: bool = False) -> str:
    """Instead of the game, on a terminal below the minimum size; `web`: in a browser's
    page (`host --web`), whose terminal grows with the window or when zoomed out."""
    if web:
        message = _(
            "Needs room for {need_w}×{need_h} characters, now {now_w}×{now_h}: please enlarge the window "
            "or zoom out (Ctrl and minus; Cmd and minus on a Mac). The game is paused and nothing is lost."
        )
    else:
        message = _(
            "Needs {need_w}×{need_h}, now {now_w}×{now_h}: please enlarge the terminal. "
            "The game is paused and nothing is lost. Ctrl+Q quits."
        )
    return message.format(need_w=need[0], need_h=need[1], now_w=now[0], now_h=now[1])


def join_lines_title() -> str:
    """Over the join commands (the lobby, and the host's own seat shows them again)."""
    return _("To join this table, each player types their line:")


# -- hints and the bots' reasons -------------------------------------------------------------


def no_hint(problem: str | None) -> str:
    """A hint that did not come: 'No hint this time (why).'"""
    if problem:
        return _("No hint this time ({problem}).").format(problem=problem)
    return _("No hint this time (no advice came back).")


def bot_problem(problem: str | None) -> str:
    """A bot that failed to decide: it made the first legal choice instead."""
    if problem:
        return _("The bot had a problem ({problem}) and took its first legal choice.").format(problem=problem)
    return _("The bot had a problem (it gave no decision) and took its first legal choice.")


def bot_keeps(plan: Card, goal: str, foundation: Card, start: int) -> str:
    """A bot's set-up choice, as its reason: 'keeps Pier Lamp as the Plan (At least 5
    Poets, +4) and builds on Bandstand (3 points to start)'."""
    return _("keeps {plan} as the Plan ({goal}, +{bonus}) and builds on {foundation} ({points} to start)").format(
        plan=card_name(plan), goal=goal, bonus=plan.plan.bonus, foundation=card_name(foundation), points=points(start)
    )


def bot_places(card: Card, plan: bool, cover: int) -> str:
    """What a bot's placement places: 'drafts Bandstand covering nothing'."""
    if plan:
        return _("places the Plan {card} {covering}").format(card=card_name(card), covering=covering(cover))
    return _("drafts {card} {covering}").format(card=card_name(card), covering=covering(cover))


def bot_patron_reason(won: int | None, sure: bool, leads: Sequence[int], tied: Sequence[int]) -> str | None:
    """What a bot's draft does for the round's Patron, saying only what is decided as
    decided: 'wins the Patron #7' (its draft ends the round), 'wins the Patron whichever
    card is left' (no one still to draft can change it), 'aims to win the Patron: leads
    if #7 or #9 is left', 'aims to win the Patron: tied for it if #7 is left'."""
    if won is not None:
        return _("wins the Patron #{card}").format(card=won)
    if sure:
        return _("wins the Patron whichever card is left")
    if leads:
        return _("aims to win the Patron: leads if {cards} is left").format(cards=either([f"#{card}" for card in leads]))
    if tied:
        return _("aims to win the Patron: tied for it if {cards} is left").format(
            cards=either([f"#{card}" for card in tied])
        )
    return None


def plan_verdict_reason(met: bool | None, goal: str, sure: bool = True) -> str:
    """The Plan's verdict after placing it: 'Plan met: At least 5 Poets'. Not `sure`: a
    goal that compares the players, which the other Plans (still hidden, or still to be
    placed) may yet change: 'Plan met for now: More Poets than any rival'."""
    if not sure:
        return (_("Plan met for now: {goal}") if met else _("Plan missed for now: {goal}")).format(goal=goal)
    return (_("Plan met: {goal}") if met else _("Plan missed: {goal}")).format(goal=goal)


def plan_progress_reason(closer: bool, goal: str) -> str:
    """'closer to the Plan (At least 5 Poets)', 'further from the Plan (...)'."""
    return (_("closer to the Plan ({goal})") if closer else _("further from the Plan ({goal})")).format(goal=goal)


def seat_numbers(players: int) -> list[str]:
    """The seats as a sentence names them without their names: 'player 1', 'player 2'."""
    return [_("player {number}").format(number=seat + 1) for seat in range(players)]


def points_of(character: Character) -> str:
    """A character as it names points, a form of its own per language: 'Flower Seller'
    in English ('Flower Seller points'), the plural category in Dutch ('punten voor
    Bloemenverkopers'), as the score table names it."""
    if character is Character.FLOWER:
        return pgettext("points of", "Flower Seller")
    if character is Character.POET:
        return pgettext("points of", "Poet")
    if character is Character.LOVERS:
        return pgettext("points of", "Lovers")
    return pgettext("points of", "Fisher")


def patron_points(card: Card) -> str:
    """What a Patron card is won on: 'Fisher points', 'Lovers + Fisher points'."""
    return _("{characters} points").format(characters=" + ".join(points_of(character) for character in card.patrons))


def hint_why(deck: Deck, players: int, outcome: Outcome, names: Sequence[str]) -> str:
    """Why a hint's choice is good, in what it changes (the engine's `Outcome`): the
    points it scores now, each Patron race it changes, against whom and on what, and
    what it does for the Plan. Said after 'it'; what others can still change is said so.
    """
    decision, me = outcome.decision, outcome.seat
    if isinstance(decision, Keep):
        foundation = deck[decision.foundation]
        parts = [_("starts your pier with {card}, {points}").format(card=card_name(foundation), points=points(outcome.after.total))]
        plan = outcome.plan_after
        if plan is not None:
            parts.append(
                _(
                    "keeps {plan} as the Plan ({goal}, +{bonus} if it holds at the end; {numbers} on the Foundation alone)"
                ).format(plan=card_name(plan.card), goal=goal_text(plan.goal), bonus=plan.card.plan.bonus, numbers=_plan_numbers(plan))
            )
        return "; ".join(parts)
    if outcome.final:
        total = outcome.sheet_after(plan=True).total
        parts = [_("ends your pier at {points}").format(points=points(total))]
        plan = outcome.plan_after
        if plan is not None:
            if plan.met:
                verdict = _("meets your Plan ({goal}: {numbers}, +{bonus})").format(
                    goal=goal_text(plan.goal), numbers=_plan_numbers(plan), bonus=plan.card.plan.bonus
                )
            else:
                verdict = _("leaves your Plan unmet ({goal}: {numbers})").format(goal=goal_text(plan.goal), numbers=_plan_numbers(plan))
            if plan.unsettled:
                verdict = _("{verdict}, unless a rival's Plan placed unseen changes the count").format(verdict=verdict)
            parts.append(verdict)
        return "; ".join(parts)
    before, after = outcome.before, outcome.after
    gained = sum(after.points(c) - before.points(c) for c in Character)
    changed = any(after.points(c) != before.points(c) for c in Character)
    parts = [
        _("scores {gained:+d} on your pier now ({change})").format(gained=gained, change=points_change(before, after))
        if changed else _("scores nothing on your pier now")
    ]
    parts += _patron_reasons(deck, outcome, names)
    plan_before, plan_after = outcome.plan_before, outcome.plan_after
    if plan_before is not None and plan_after is not None:
        from .engine.goals import goal_measures

        now = _plan_numbers(plan_after)
        was = ", ".join(str(value) for value in goal_measures(plan_before.goal, plan_before.sheet))
        values = {"goal": goal_text(plan_after.goal), "now": now, "was": was}
        if plan_after.met and not plan_before.met:
            parts.append(_("meets your Plan as the piers stand ({goal}: {now}, was {was})").format(**values))
        elif plan_before.met and not plan_after.met:
            parts.append(_("breaks your Plan as the piers stand ({goal}: {now}, was {was})").format(**values))
        elif now != _plan_numbers(plan_before):
            parts.append(_("moves your Plan on ({goal}: {now}, was {was})").format(**values))
    return "; ".join(parts)


def _plan_numbers(plan: PlanOutlook) -> str:
    """Where a pier stands on its Plan: 'Poets: 6/8', 'Poets: 5, best rival 6'."""
    from .engine.goals import goal_measures

    rivals = [goal_measures(plan.goal, sheet)[0] for sheet in plan.rivals] if plan.goal.compares_players else []
    return goal_progress(plan.goal, goal_measures(plan.goal, plan.sheet), max(rivals) if rivals else None)


def _patron_reasons(deck: Deck, outcome: Outcome, names: Sequence[str]) -> list[str]:
    """What a draft does to this round's Patron races, each against whom and on what:
    'leads Bob for #7 Bandstand if it is the Patron left (Poet points: 5 to 4)'."""
    me = outcome.seat
    waiting = [names[s] for s, card in enumerate(outcome.drafted) if card is None and s != me]
    reasons: list[tuple[str, bool]] = []  # each with whether others can still change it
    for race in outcome.races:
        card = deck[race.card]
        scores = race.scores_after
        rivals = [s for s in range(len(scores)) if s != me]
        best = max(scores[s] for s in rivals)
        top = players_list([names[s] for s in rivals if scores[s] == best])
        score = _("{points}: {mine} to {theirs}").format(points=patron_points(card), mine=scores[me], theirs=best)
        label = card_label(card)
        if outcome.patron_won == race.card:
            if race.by_date_after:
                won = _("wins the Patron {card} over {rivals} ({score}, on the earlier date)")
            else:
                won = _("wins the Patron {card} over {rivals} ({score})")
            reasons.append((won.format(card=label, rivals=top, score=score), False))
        elif not waiting and len(outcome.races) == 1:  # the round ends: its Patron is settled
            winner = race.winner_after
            assert winner is not None
            mine = _("{points}: {mine} to {theirs}").format(points=patron_points(card), mine=scores[me], theirs=scores[winner])
            reasons.append((_("leaves the Patron {card} to {winner} ({score})").format(card=label, winner=names[winner], score=mine), False))
        elif race.changed:
            if race.winner_after == me:
                reasons.append((_("leads {rivals} for {card} if it is the Patron left ({score})").format(
                    rivals=top, card=label, score=score), True))
            elif me in race.after:
                tie = _("{points}: {best} each, the earliest date drafted wins").format(points=patron_points(card), best=best)
                reasons.append((_("ties {rivals} for {card} if it is the Patron left ({score})").format(
                    rivals=top, card=label, score=tie), True))
            else:
                reasons.append((_("trails {rivals} for {card} if it is the Patron left ({score})").format(
                    rivals=top, card=label, score=score), True))
    told = reasons[:2]  # the first two cards of the row: a hint is a few lines
    said = [reason for reason, _open in told]
    if waiting and any(open_ for _reason, open_ in told):
        said.append(ngettext("{names} still drafts and can change that", "{names} still draft and can change that",
                             len(waiting)).format(names=players_list(waiting)))
    return said


# -- seats and self-play ---------------------------------------------------------------------


def bot_seat_name(level: str, seat: int | None = None) -> str:
    """The name a bot seat plays under: 'Hard bot', or 'Hard bot 3' (`seat`: its number,
    given when two bots share a level)."""
    if seat is None:
        return _("{level} bot").format(level=level.capitalize())
    return _("{level} bot {number}").format(level=level.capitalize(), number=seat)


def seats_for_players(given: int, players: int, what: str = "seat") -> str:
    """'--seats names 2 seats but the game has 3 players' (`what`: seat or level)."""
    if what == "level":
        message = ngettext("--seats names {n} level but the game has {players} players",
                           "--seats names {n} levels but the game has {players} players", given)
    else:
        message = ngettext("--seats names {n} seat but the game has {players} players",
                           "--seats names {n} seats but the game has {players} players", given)
    return message.format(n=given, players=players)


def levels_for_players(given: int, players: int) -> str:
    """Self-play given a level per seat for another number of players."""
    return ngettext("{n} seat level given for {players} players", "{n} seat levels given for {players} players", given).format(
        n=given, players=players
    )


def at_least_one(option: str, got: str | None = None) -> str:
    """'--games must be at least 1', with what was given (quoted) if known."""
    if got is None:
        return _("{option} must be at least 1").format(option=option)
    return _("{option} must be at least 1, not {got}").format(option=option, got=got)


def games_out_of_range(most: int, got: str) -> str:
    """`--games` that is not a whole number from 1 to `most` (`got`: quoted)."""
    return _("--games must be a whole number from 1 to {most:,}, not {got}").format(most=most, got=got)


def players_must_be(sizes: str, got: str) -> str:
    """`sizes`: the table sizes ('2 or 3'); `got`: quoted."""
    return _("--players must be {sizes}, not {got}").format(sizes=sizes, got=got)


def jobs_over_cores(jobs: str, cores: int) -> str:
    """More `--jobs` than cores (`jobs` quoted)."""
    return ngettext("--jobs {jobs} is more than the {n} core here", "--jobs {jobs} is more than the {n} cores here", cores).format(
        jobs=jobs, n=cores
    )


# -- network play: a seat, the host, the client, the protocol ---------------------------------
#
# The host's refusals and the protocol's errors go over the wire as codes (docs/protocol.md),
# never as sentences: each client words them in its own language (`refusal`).


def seat_presence(name: str, human: bool, here: bool, covered: bool, you: bool) -> str:
    """One seat of a networked table: 'Ann (you)', 'Bob: here', 'Cy: away, a bot plays for them'."""
    if you:
        return _("{name} (you)").format(name=name)
    if not human:
        return _("{name}: bot").format(name=name)
    if here:
        return _("{name}: here").format(name=name)
    if covered:
        return _("{name}: away, a bot plays for them").format(name=name)
    return _("{name}: away").format(name=name)


def waiting_for(names: Sequence[str]) -> str:
    """'waiting for Bob', 'waiting for Bob and Cy' (the seats the game waits for)."""
    return _("waiting for {names}").format(names=players_list(list(names))) if names else ""


def waiting_now(table: TableView, names: Sequence[str], away: Collection[int] = (), you: int | None = None) -> str:
    """Who the game waits for now, the seats that can act (`TableView.to_act`): 'waiting
    for you', 'waiting for Bob (away)', 'waiting for Ann and Cy'; '' once it is over.
    `away`: seats whose player is away and that no bot plays; `you`: the seat at the keys."""
    called = [
        _("you") if seat == you else _("{name} (away)").format(name=names[seat]) if seat in away else names[seat]
        for seat in table.to_act()
    ]
    return waiting_for(called)


def stand_in_moves(table: TableView, names: Sequence[str], stand_ins: Mapping[int, str]) -> list[str]:
    """The moves bots made for players who were away, one line per player and bot, as
    the table may see them now: 'A hard bot made these moves for Bob while they were
    away: took #12 covering 1; placed the Plan card covering 1.'"""
    made: dict[tuple[int, str], list[str]] = {}
    for number, level in sorted(stand_ins.items()):
        if not 0 < number <= len(table.history):
            continue
        seat, decision = table.history[number - 1]
        made.setdefault((seat, level), []).append(_move_short(table.deck, decision, table.phase))
    return [
        ngettext(
            "A {level} bot made this move for {name} while they were away: {moves}.",
            "A {level} bot made these moves for {name} while they were away: {moves}.",
            len(moves),
        ).format(level=level, name=names[seat], moves="; ".join(moves))
        for (seat, level), moves in made.items()
    ]


def _move_short(deck: Deck, decision: Decision | None, phase: Phase) -> str:
    """A decision without its maker, as the table may see it: 'took #12 covering 1',
    'placed the Plan card', 'kept Plan #3 and Foundation #11'."""
    if decision is None:
        return _("placed the Plan card") if phase is Phase.PLAN else _("kept a Plan and a Foundation")
    if isinstance(decision, Keep):
        return _("kept Plan #{plan} and Foundation #{foundation}").format(plan=decision.plan, foundation=decision.foundation)
    if isinstance(decision, PlacePlan):
        return _("placed the Plan card {covering}").format(covering=_covering_short(decision.cover))
    return _("took #{card} {covering}").format(card=decision.card, covering=_covering_short(decision.cover))


# -- the lobby: a hosted table before its game starts ----------------------------------------


def lobby_title() -> str:
    """The lobby's title (the seat's screen, and `join --lines`)."""
    return _("Waiting for the players: the game starts when every seat is filled")


def game_starts() -> str:
    """The host's line when the last player arrives (or a bot sits in for them)."""
    return _("everyone is here: the game starts")


def lobby_seat(name: str, human: bool, here: bool, covered: bool, you: bool) -> str:
    """One seat in the lobby: 'Ann (you)', 'Bob: here', 'Cy: not here yet', 'Dee: hard bot'."""
    if you:
        return _("{name} (you)").format(name=name)
    if not human:
        return _("{name}: bot").format(name=name)
    if here:
        return _("{name}: here").format(name=name)
    if covered:
        return _("{name}: not here yet, a bot will play for them").format(name=name)
    return _("{name}: not here yet").format(name=name)


def lobby_line(here: Sequence[str], waiting: Sequence[str]) -> str:
    """The host's status line in the lobby: 'lobby: Ann is here; waiting for Bob and Cy'."""
    present = ngettext("{names} is here", "{names} are here", len(here)).format(names=players_list(list(here)))
    if here and waiting:
        return _("lobby: {here}; {waiting}").format(here=present, waiting=waiting_for(waiting))
    if here:
        return _("lobby: {here}").format(here=present)
    if waiting:
        return _("lobby: {waiting}").format(waiting=waiting_for(waiting))
    return _("lobby")


def started_with_bots(names: Sequence[str], level: str) -> str:
    """The answer to the host's `start` (or `s`): who the bots play for."""
    if not names:
        return game_starts()
    return _("the game starts; a {level} bot plays for {names} until they come").format(
        level=level, names=players_list(list(names))
    )


def connection_lost(why: str, seated: bool) -> str:
    """The connection to the host dropped; the client tries again by itself."""
    if seated:
        return _("Connection lost: {why}. Your seat is kept. Ctrl+Q leaves.").format(why=why)
    return _("Connection lost: {why}. Ctrl+Q leaves.").format(why=why)



def play_resume_command(save: object | None = None, lines: bool = False) -> str:
    """'pier18 play --resume FILE': the command that goes on with the game saved in
    `save` (None: with the last played unfinished game); `lines`: in plain lines, as it
    was played ('pier18 play --resume FILE --lines')."""
    return command("pier18", "play", "--resume", *([save] if save is not None else []), *(["--lines"] if lines else []))



def crashed(what: str, report: str | None, then: str | None = None) -> str:
    """An app crashed: what failed (`what`: the error), where the details are, and how to
    go on (`then`), if there is anything to go on with."""
    # whole: a report is a file just written (so no longer than a path can be), to be opened
    if report:
        line = _("pier18 crashed ({what}); a crash report was written to {report}.").format(what=what, report=report)
    else:
        line = _("pier18 crashed ({what}); no crash report could be written.").format(what=what)
    return f"{line} {then}" if then else line


def stopped_by(signal_name: str, then: str | None = None) -> str:
    """An app was stopped from outside (`kill`, a closed terminal): by which signal, and how to go on."""
    line = _("pier18: stopped by {signal}.").format(signal=signal_name)
    return f"{line} {then}" if then else line


def table_goes_on(resume: str | None) -> str:
    """How to get back to a networked game after its app ended: the game lives at the host.

    A joined seat comes back with its code; the host opens the table again from its
    autosave with `resume` (its `pier18 host --resume` line).
    """
    if resume is not None:
        return _("The table is saved: '{command}' opens it again.").format(command=resume)
    return _("The game goes on at the host: join again with the same code.")


def table_crashed(what: str, report: str | None, resume: str | None) -> str:
    """A networked game's app crashed: what failed, where the details are, and how to go on."""
    return crashed(what, report, table_goes_on(resume))


def close_table(resume: str | None) -> tuple[str, str]:
    """Ctrl+Q at the host's own seat: the question, and how the table opens again
    (`resume`: the host's `pier18 host --resume` line, None when nothing is saved)."""
    if resume is None:
        return _("Close the table?"), _("Every player is disconnected, and this table is not saved: it cannot be opened again.")
    return _("Close the table?"), _("Every player is disconnected. '{command}' opens it again with the same codes.").format(
        command=resume
    )





def host_unreachable(why: str | None = None) -> str:
    """The host cannot be reached (`why`: the system's words, if any)."""
    if why is None:
        return _("the host cannot be reached")
    return _("the host cannot be reached ({why})").format(why=why)


def connection_dropped() -> str:
    return _("the connection dropped")


#: The codes of what the host says to a connection it refuses (`error`), or to a decision
#: or a request it will not answer (`refused`), as docs/protocol.md lists them; each
#: client words them (`refusal`).
REFUSALS = (
    "not_reading", "too_many_connections", "no_hello_in_time", "hello_first", "wrong_code", "too_many_messages",
    "hello_twice", "seat_opened_elsewhere", "spectators_cannot_decide", "not_started", "game_over",
    "spectators_have_no_decisions", "views_after_the_end", "earlier_position", "not_your_turn", "illegal",
    "binary_message", "message_too_large", "not_json", "not_an_object", "unknown_message", "decide_needs_decision",
    "decide_needs_turn", "try_again", "member_connection_limit", "spectator_limit", "address_spectator_limit",
    "key_reset",
)

#: The refusals that carry a `limit` (a whole number) beside their code.
LIMITS = ("member_connection_limit", "spectator_limit", "address_spectator_limit")


def _refusals() -> dict[str, str]:
    """Each code of `REFUSALS` in words."""
    return {
        "not_reading": _("not reading its messages"),
        "too_many_connections": _("too many connections"),
        "no_hello_in_time": _("no hello in time"),
        "hello_first": _("expected a hello first"),
        "wrong_code": _("wrong code"),
        "too_many_messages": _("too many messages"),
        "hello_twice": _("hello sent twice"),
        "seat_opened_elsewhere": _("this seat was opened on another connection"),
        "spectators_cannot_decide": _("spectators cannot decide"),
        "not_started": _("the game has not started yet"),
        "game_over": _("the game is over"),
        "spectators_have_no_decisions": _("spectators have no decisions to review"),
        "views_after_the_end": _("a seat's past views are sent once the game is over"),
        "earlier_position": _("that decision is for an earlier position (the game has moved on)"),
        "not_your_turn": _("it is not your turn"),
        "illegal": _("that decision is not legal now"),
        "binary_message": _("binary messages are not part of the protocol"),
        "message_too_large": _("message too large"),
        "not_json": _("malformed message (not JSON)"),
        "not_an_object": _("malformed message (expected a JSON object)"),
        "unknown_message": _("unknown message type"),
        "decide_needs_decision": _("'decide' needs a decision in the record notation, e.g. \"draft 7:1\""),
        "decide_needs_turn": _("'decide' needs 'turn': the number of decisions made so far"),
        "try_again": _("the table could not keep that decision just now; try again"),
        "key_reset": _("the club's operator reset your key: ask them for your one-time code and come back with --reset-code CODE"),
        "member_connection_limit": _("you already have as many connections open to this club as one member may have"),
        "spectator_limit": _("this table has no room for another spectator"),
        "address_spectator_limit": _("this table has no room for another spectator from your address"),
    }


def _limit_refusal(code: str, limit: int) -> str:
    """A refusal for a limit reached (`LIMITS`), saying the limit."""
    if code == "member_connection_limit":
        return ngettext(
            "you already have {n} connection open to this club, the most one member may have; close one (another window or game) and try again",
            "you already have {n} connections open to this club, the most one member may have; close one (another window or game) and try again",
            limit,
        ).format(n=limit)
    if code == "spectator_limit":
        return ngettext(
            "this table lets in at most {n} spectator, and has no room for another",
            "this table lets in at most {n} spectators, and has no room for another",
            limit,
        ).format(n=limit)
    return ngettext(
        "this table lets in at most {n} spectator from one address",
        "this table lets in at most {n} spectators from one address",
        limit,
    ).format(n=limit)


def refusal(code: str, values: Mapping[str, object] | None = None) -> str:
    """A host's refusal, by its code (`REFUSALS`), in this seat's words. `values`: what
    the message carried beside its code (`unsupported_protocol`: the host's protocol and
    version; `illegal`: the decision). A code this client does not know (a newer host's)
    is shown as it came, already made printable by the caller."""
    values = values or {}
    if code == "unsupported_protocol":
        return _("unsupported protocol (this host speaks {protocol} version {version})").format(
            protocol=values.get("protocol", "?"), version=values.get("version", "?")
        )
    if code == "illegal" and values.get("decision"):
        return _("{decision} is not a legal decision now").format(decision=values["decision"])
    if code in LIMITS:
        limit = str(values.get("limit", ""))
        if limit.isascii() and limit.isdigit() and len(limit) < 10:
            return _limit_refusal(code, int(limit))
    return _refusals().get(code, code)



def cover_question(name: str, level: str) -> tuple[str, str]:
    """The host's `b` asks first: the question, and what a yes means."""
    return (
        _("Let a {level} bot play for {name} until they are back?").format(level=level, name=name),
        _("Its moves are shown as the bot's, to {name} too; the seat is {name}'s again the moment they reconnect.").format(
            name=name
        ),
    )



def table_line(
    table: TableView, names: Sequence[str], away: Collection[int], covered: Sequence[str] = (),
    chosen_by: Mapping[int, str] | None = None,
) -> str:
    """Where a networked game stands, who it waits for (the seats that can act,
    `waiting_now`, when one of them is away and no bot plays it: `away`) and who a bot
    plays for: 'round 2, Bob to draft; waiting for Bob (away); a bot plays for Cy'. In
    set-up and the Plan placement every seat chooses at once: who has chosen (a bot for
    an away player, `chosen_by`, named as that bot) and who is still to ('set-up: Bob has
    chosen; waiting for Ann and Cy (away)')."""
    chosen_by = chosen_by or {}
    if table.phase in (Phase.SETUP, Phase.PLAN):  # every seat chooses at once over the network
        called = [_("{name} (away)").format(name=name) if seat in away else name for seat, name in enumerate(names)]
        chose = [author(called, seat, chosen_by.get(seat)) for seat in range(table.players) if table.chosen[seat]]
        still = [called[seat] for seat in table.to_act()]
        so_far = chosen_so_far(chose, still, table.phase is Phase.PLAN)
        line = (_("set-up: {chosen}") if table.phase is Phase.SETUP else _("game end: {chosen}")).format(chosen=so_far)
    else:
        line = whose_turn(table, names)
        if any(seat in away for seat in table.to_act()):
            line = _("{line}; {waiting}").format(line=line, waiting=waiting_now(table, names, away))
    if covered:
        line = _("{line}; a bot plays for {names}").format(line=line, names=players_list(list(covered)))
    return line



def join_command(address: str, code: str, cafile: object | None = None, watch: bool = False) -> str:
    """What a player types to join a table (`watch`: the spectator code's), each word
    quoted for the shell where it needs it."""
    tls = ["--cafile", cafile] if cafile else []
    return command("pier18", "join", address, *(["--watch"] if watch else []), code, *tls)





def web_link(base: str, code: str, watch: bool = False) -> str:
    """A browser seat's address (`watch`: the spectator code's page)."""
    return f"{base}/?{'watch' if watch else 'seat'}={code}"


def table_open(port: int, tls: bool, save: str | None) -> str:
    """The host's first line."""
    if tls:
        return _("{game} table open on port {port} (TLS); autosave: {save}").format(game=GAME_NAME, port=port, save=save)
    return _("{game} table open on port {port}; autosave: {save}").format(game=GAME_NAME, port=port, save=save)





def table_saved(resume: str) -> str:
    """The host stopped with Ctrl+C while the game goes on (`resume`: its `pier18 host --resume` line)."""
    return prog_line(_("the table is saved; '{command}' opens it again").format(command=resume))










def pier_title(name: str, total: int) -> str:
    """`--lines`: above each pier drawn: 'Ann: 17 points', 'Cy: 1 point'."""
    return _("{name}: {points}").format(name=name, points=points(total))




# -- saved games, records, files ---------------------------------------------------------------


def save_moved(old: str, new: str, appeared: bool, record: bool) -> str:
    """A game's file on disk was not the one this process last wrote (another terminal,
    or another program, wrote it), so it is left alone and the game goes on in `new`.
    `appeared`: there was no file when the game started, and one has appeared since."""
    if appeared:
        if record:
            message = _("{old} appeared meanwhile and is not written over: the record of this game is saved to {new} instead")
        else:
            message = _("{old} appeared meanwhile and is not written over: this game is saved to {new} instead")
    elif record:
        message = _(
            "{old} was written by another terminal or program since this game saved it (is the game open twice?);"
            " it is left as it is, and the record of this game goes on in {new}"
        )
    else:
        message = _(
            "{old} was written by another terminal or program since this game saved it (is the game open twice?);"
            " it is left as it is, and this game goes on in {new}"
        )
    return message.format(old=old, new=new)


def record_renumbered(new: str, taken: str, live: bool = False) -> str:
    """`play --record FILE`: the record name a game was to take was taken by a file
    already, or (`live`) is the file of a game open in another terminal."""
    if live:
        message = _("the record of this game is saved to {new} ({taken} is the file of a game open in another terminal and is left alone)")
    else:
        message = _("the record of this game is saved to {new} ({taken} already exists and is left alone)")
    return message.format(new=new, taken=taken)


def open_elsewhere(pid: int) -> str:
    """The words for a game another process is playing (`pid` 0: not known)."""
    return _("this game is open in another terminal (pid {pid})").format(pid=pid) if pid else _("this game is open in another terminal")


def going_on_with(file: str, game: str, latest: bool) -> str:
    """What `pier18 play --resume` opened: the file and its summary line (`game`); `latest`:
    it was chosen as the last played unfinished game nobody else has open."""
    if latest:
        return _("Going on with the last played unfinished game free here, {file}: {game}.").format(file=file, game=game)
    return _("Going on with the saved game asked for, {file}: {game}.").format(file=file, game=game)


def record_option(path: str, problem: str, option: str = "--record") -> str:
    """'--record FILE: problem' (or another option that names a file to write)."""
    return _("{option} {path}: {problem}").format(option=option, path=path, problem=problem)


def record_open_elsewhere(path: str, pid: int, option: str = "--record") -> str:
    return record_option(path, _("{open_elsewhere}; choose another file").format(open_elsewhere=open_elsewhere(pid)), option)


def could_not_be_read(error: str) -> str:
    """Why a save no check foresaw was not loaded (`error`: the exception's name)."""
    return _("could not be read ({error})").format(error=error)


def file_changed(appeared: bool) -> str:
    """A write that found a file it may not replace."""
    if appeared:
        return _("a file appeared there meanwhile; it was not written over")
    return _("the file was changed by someone else; it was not written over")


def not_a_folder(part: str, regular: bool) -> str:
    """The part of a path in the way of a folder: a file, or something else."""
    return (_("{part} is a file, not a folder") if regular else _("{part} is not a folder")).format(part=part)


def seat_kinds_for(players: int, kinds: int) -> str:
    return ngettext(
        "{players} players but {n} seat kind: give one per player", "{players} players but {n} seat kinds: give one per player", kinds
    ).format(players=players, n=kinds)


def authors_for(decisions: int, authors: int) -> str:
    """A record whose `authors` list does not match its decisions, one to one."""
    made = ngettext("{n} decision", "{n} decisions", decisions).format(n=decisions)
    by = ngettext("{n} author", "{n} authors", authors).format(n=authors)
    return _("{decisions} but {authors}: give one per decision").format(decisions=made, authors=by)


def game_finished(name: str, path: object) -> str:
    """A finished game named to play on: it can only be replayed."""
    return _("{name}: this game is finished; '{command}' shows it").format(name=name, command=replay_command(path))


def no_saved_game_numbered(which: str, games: int) -> str:
    """`--resume N` past the list (`which` quoted)."""
    if games:
        message = _("--resume {which}: there is no saved game with that number ('pier18 games' lists {games})")
    else:
        message = _("--resume {which}: there is no saved game with that number (there are no saved games)")
    return message.format(which=which, games=games)


# A game record that cannot be read: each names the file (`where`) and what is wrong.


def not_utf8() -> str:
    """Why a file that is not text was not read."""
    return _("not UTF-8 text")


def expected_authors(decisions: int) -> str:
    """A record's `authors` that is not one author per decision."""
    return ngettext(
        "expected a list of {n} author, one per decision", "expected a list of {n} authors, one per decision", decisions
    ).format(n=decisions)


def deck_inside(where: str) -> str:
    """The deck a record carries, as its problems name it."""
    return _("{where}: the deck inside the record").format(where=where)


def deck_file(where: str, path: str) -> str:
    """A deck file read for a record, as its problems name it."""
    return _("{where}: the deck {path}").format(where=where, path=path)


# -- crash reports -----------------------------------------------------------------------------


def crash_report_head(version: str, when: str, python: str, platform: str, playing: str | None) -> list[str]:
    """The first lines of a crash report, before the traceback."""
    return [
        _("{game} {version} crashed at {when} UTC").format(game=GAME_NAME, version=version, when=when),
        _("Python {python} on {platform}").format(python=python, platform=platform),
        _("Autosave being played: {playing} (left as the last decision saved it)").format(playing=playing or _("none")),
    ]


# -- the command line --------------------------------------------------------------------------


def streams() -> dict[str, str]:
    """The standard streams, as a sentence names them."""
    return {"stdin": _("standard input"), "stdout": _("standard output"), "stderr": _("standard error")}


def is_closed(stream: str) -> str:
    """'standard input is closed'."""
    return _("{stream} is closed").format(stream=stream)


def nowhere_to_write() -> str:
    """`pier18` started with standard output closed."""
    return _("{closed}: there is nowhere to write").format(closed=is_closed(streams()["stdout"]))


def no_terminal(names: Sequence[str]) -> str:
    """A game app started without the standard streams it needs (by name: 'stdin')."""
    named = [streams()[name] for name in names]
    return ngettext(
        "{streams} is closed: the game needs a terminal", "{streams} are closed: the game needs a terminal", len(named)
    ).format(streams=players_list(named))


def not_terminals(names: Sequence[str]) -> str:
    """A game app asked for where a standard stream it needs is a pipe or a file: 'standard
    error is not a terminal'."""
    named = [streams()[name] for name in names]
    return ngettext("{streams} is not a terminal", "{streams} are not terminals", len(named)).format(streams=players_list(named))


def in_plain_lines(names: Sequence[str]) -> str:
    """A game front end without a terminal: it is played in plain lines instead."""
    return _("{not_terminals}: playing in plain lines, as with --lines").format(not_terminals=not_terminals(names))


def unrecognized(argument: str, more: int) -> str:
    """An argument no option takes (`argument` quoted), and how many more there are."""
    if more:
        return _("unrecognized argument {argument} ({and_more})").format(argument=argument, and_more=and_more(more))
    return _("unrecognized argument {argument}").format(argument=argument)


def unknown_option(option: str, guess: str | None) -> str:
    """An option (`option` quoted) the command does not have, and the one meant, if clear."""
    if guess:
        return _("unknown option {option} (did you mean '{guess}'?)").format(option=option, guess=guess)
    return _("unknown option {option}").format(option=option)


def and_more(count: int) -> str:
    return ngettext("and {count} more", "and {count} more", count).format(count=count)


def names_needed(humans: int, text: str) -> str:
    """`--names` with a name missing for the human seats (`text` quoted)."""
    return ngettext(
        "--names needs {n} name, for the one human seat, got {text}",
        "--names needs {n} comma-separated names, one per human seat, got {text}",
        humans,
    ).format(n=humans, text=text)


def version_line(version: str) -> str:
    """`pier18 --version`: 'pier18 0.1.0'."""
    return f"{PROG} {version}"


def plan_note(goal: str, met: bool | None, bonus: int) -> str:
    """`pier18 score --plan`: what the Plan goal added, or why nothing."""
    if met is None:
        return _('Plan goal "{goal}": {cannot_judge}').format(goal=goal, cannot_judge=_(ONE_PIER_CANNOT_JUDGE))
    if met:
        return _('Plan goal "{goal}" met: +{bonus}').format(goal=goal, bonus=bonus)
    return _('Plan goal "{goal}" not met').format(goal=goal)


def note(text: str) -> str:
    """A remark on standard error beside a command's output."""
    return prog_line(_("note: {text}").format(text=text))


def interrupted(what: str) -> str:
    """A run stopped by Ctrl+C, and what it leaves."""
    return prog_line(_("interrupted: {what}").format(what=what))


def games_finished(finished: int, games: int) -> str:
    if not finished:
        return _("no game finished")
    return ngettext("{finished} of {n} game finished", "{finished} of {n} games finished", games).format(finished=finished, n=games)


def records_taken(where: str, first: str, others: int) -> str:
    """`simulate --record-dir` holding records the run would write over."""
    if others:
        return _(
            "{where} already holds {first} {and_more} of the records this run writes; choose another folder,"
            " or add --force to write over them"
        ).format(where=where, first=first, and_more=and_more(others))
    return _(
        "{where} already holds {first} of the records this run writes; choose another folder, or add --force to write over them"
    ).format(where=where, first=first)


def simulation_title(games: int, players: int, seats: str, seed: int) -> str:
    return ngettext(
        "{n} game, {players} players, seats {seats}, seed {seed}", "{n} games, {players} players, seats {seats}, seed {seed}", games
    ).format(n=games, players=players, seats=seats, seed=seed)


def balance_head(
    players: int, deals: int, seed: int, worlds: int, width: int, met: tuple[float, float], margin: float,
    spread: float, mean: float,
) -> list[str]:
    """The `simulate --balance` report's first lines: how it was played, and what its columns mean."""
    return [
        ngettext(
            "Forced Plans, {players} players: {n} deal per Plan card, seed {seed},",
            "Forced Plans, {players} players: {n} deals per Plan card, seed {seed},",
            deals,
        ).format(players=players, n=deals, seed=seed),
        _("hard bots (worlds {worlds}, width {width}) in every seat.").format(worlds=worlds, width=width),
        _("met: goal met in forced games, target {low:.0%}-{high:.0%} (95% margin at most +-{margin}%)").format(
            low=met[0], high=met[1], margin=i18n.decimal(margin * 100, 1)
        ),
        _("worth: mean total keeping the Plan minus choosing freely, same deals;"),
        _("  target: within +-{spread} of the mean of all Plans ({mean}); +- is its 95% margin").format(
            spread=i18n.decimal(spread, 1), mean=i18n.decimal(mean, 2, sign=True)
        ),
        _("kept: share of the free games where the seat kept this Plan anyway"),
    ]


def balance_verdict(in_range: bool) -> str:
    return _("every Plan and category in range") if in_range else _("OUT OF RANGE: see the rows marked <-")


# -- the legend of the symbols (`s`, and on the set-up screen) -----------------------------


# -- why a pier scores what it does (`engine.explain`) ---------------------------------------


def side_name(side: int) -> str:
    """A side of a pier, as a sentence names it: 'left', 'right'."""
    return pgettext("side", "left") if side == 0 else pgettext("side", "right")


def reason_gone() -> str:
    """Before a reason the placement ends."""
    return _("before:")


def reason_new() -> str:
    """Before a reason the placement brings (as wide as `reason_gone`)."""
    return _("after: ")


def _on_card(index: int, cards: Sequence[Card] | None) -> str:
    """The card section `index` belongs to ("#12 Lighthouse"), or without cards (a pier
    written out) the section itself, counted from the land ("section 3")."""
    return card_label(cards[index]) if cards is not None else _("section {number}").format(number=index + 1)


def slot_place(slot: tuple[int, int], cards: Sequence[Card] | None = None) -> str:
    """Where a slot is, as a player finds it: "on the left of #12 Lighthouse"."""
    index, side = slot
    return _("on the {side} of {card}").format(side=side_name(side), card=_on_card(index, cards))


def _span(slots: Sequence[tuple[int, int]], cards: Sequence[Card] | None) -> str:
    """Where a run of slots on one side is: "on the left of #12 Lighthouse", or
    "on the left, from #3 Helter Skelter to #12 Lighthouse"."""
    first, last = _on_card(slots[0][0], cards), _on_card(slots[-1][0], cards)
    side = side_name(slots[0][1])
    if first == last:
        return _("on the {side} of {card}").format(side=side, card=first)
    return _("on the {side}, from {first} to {last}").format(side=side, first=first, last=last)


def _one_of(character: str | None) -> str:
    """One of a character, as a sentence names them (None: nobody known)."""
    return {
        "flower": _("a Flower Seller"), "poet": _("a Poet"), "lovers": _("other Lovers"), "fisher": _("a Fisher"),
    }.get(character or "", _("someone"))


def explanation(reason: Reason, cards: Sequence[Card] | None = None) -> str:
    """One reason in plain words: its points first, then the rule that gives them.

    `cards[i]` is the card section i of the pier belongs to, when the pier is made of
    cards (the table, `pier18 score --cards`); a pier written out names sections instead.
    """
    label = category_name(reason.category.value)
    points = f"+{reason.points}" if reason.points else "0"
    return f"{label} {points}: {_reason_why(reason, cards)}"


def _reason_why(reason: Reason, cards: Sequence[Card] | None) -> str:
    """The rule that gives a reason its points, in words."""
    from .engine.explain import Why

    def at(slot: tuple[int, int]) -> str:
        return slot_place(slot, cards)

    first, last = reason.slots[0], reason.slots[-1]
    side = side_name(reason.side)
    match reason.why:
        case Why.GROUP:
            return ngettext(
                "{n} character stands together {span} with a Flower Seller among them, so each of them but one Flower Seller scores 1",
                "{n} characters stand together {span} with a Flower Seller among them, so each of them but one Flower Seller scores 1",
                len(reason.slots),
            ).format(n=len(reason.slots), span=_span(reason.slots, cards))
        case Why.ALONE:
            return _("the Flower Seller {place} stands alone: a Flower Seller needs someone next to it").format(place=at(first))
        case Why.PAIR:
            return _("the Poets {place} and {other} make a pair").format(place=at(first), other=at(last))
        case Why.UNPAIRED:
            return _("the Poet {place} has no partner: Poets score in pairs").format(place=at(first))
        case Why.QUIET:
            return _("the Lovers {place} have peace and quiet: the two slots before them and after them are empty").format(
                place=at(first)
            )
        case Why.COMPANY:
            who = _one_of(reason.near_character.value if reason.near_character is not None else None)
            near = reason.near[0] if reason.near is not None else first[0]
            if abs(near - first[0]) == 1:
                message = _("the Lovers {place} have {who} right next to them: they need two empty slots on each side")
            else:
                message = _("the Lovers {place} have {who} two slots away: they need two empty slots on each side")
            return message.format(place=at(first), who=who)
        case Why.FULLER_SIDE:
            left, right = reason.counts
            if left == right:
                return ngettext(
                    "{n} Fisher on each side: a tie counts once, so the Fisher on the {side} scores 1",
                    "{n} Fishers on each side: a tie counts once, so each Fisher on the {side} scores 1",
                    left,
                ).format(n=left, side=side)
            return _("the {side} side has more Fishers ({more} against {fewer}): each one there scores 1").format(
                side=side, more=max(left, right), fewer=min(left, right)
            )
        case Why.EMPTIER_SIDE:
            fishers = len(reason.slots)
            if reason.counts[0] == reason.counts[1]:
                return ngettext(
                    "the Fisher on the {side} ties the other side, and a tie counts once",
                    "the {n} Fishers on the {side} tie the other side, and a tie counts once",
                    fishers,
                ).format(n=fishers, side=side)
            return ngettext(
                "the Fisher on the {side} is on the side with fewer: only the fuller side scores",
                "the {n} Fishers on the {side} are on the side with fewer: only the fuller side scores",
                fishers,
            ).format(n=fishers, side=side)
    raise AssertionError(reason.why)  # every rule is worded above
# -- the post-game review (`pier18 review`) -----------------------------------------------


def sampled_worlds(worlds: int) -> str:
    """'1 sampled world', '8 sampled worlds'."""
    return ngettext("{n} sampled world", "{n} sampled worlds", worlds).format(n=worlds)


def decisions_count(decisions: int) -> str:
    """'1 decision', '5 decisions'."""
    return ngettext("{n} decision", "{n} decisions", decisions).format(n=decisions)


def review_title(where: str, judge: str, worlds: int, seed: int) -> str:
    """The review's first line: what was reviewed, and how."""
    return _(
        "Review of {where}: each decision judged by the {judge} bot from what its player knew then "
        "({worlds} a decision, seed {seed})"
    ).format(where=where, judge=judge, worlds=sampled_worlds(worlds), seed=seed)


def review_columns() -> tuple[str, ...]:
    """The review table's columns."""
    return ("#", _("phase"), _("choice made"), _("best choice"), _("ahead"), _("lost"), _("mark"))


def same_choice() -> str:
    """In the best-choice column when the choice made was the best."""
    return _("the same")


def review_marks() -> dict[str, str]:
    """How a decision is marked by the points it lost, by `review.model.Mark` value."""
    return {
        "best": pgettext("mark", "best"),
        "good": pgettext("mark", "good"),
        "inaccuracy": pgettext("mark", "inaccuracy"),
        "mistake": pgettext("mark", "mistake"),
        "blunder": pgettext("mark", "blunder"),
    }


def review_phase(phase: Phase, round_number: int) -> str:
    """A reviewed decision's phase, short: 'set-up', 'round 2', 'Plan'."""
    if phase is Phase.DRAFT:
        return _("round {round}").format(round=round_number)
    return _("set-up") if phase is Phase.SETUP else _("Plan")


def expected_points(chosen: float, best: float) -> str:
    """The choice made's points ahead (`MEASURE`) beside the best one's: '-1.30 / +0.52'."""
    return f"{ahead_points(chosen)} / {ahead_points(best)}"


def review_seat_title(name: str, kind: str, decisions: int) -> str:
    """A reviewed seat's table title: 'Ann (human): 5 decisions'."""
    return _("{name} ({kind}): {decisions}").format(name=name, kind=seat_kind(kind), decisions=decisions_count(decisions))


def seat_kind(kind: str) -> str:
    """A seat's kind as a person reads it: "human" in the language spoken; a bot's level
    stays its name, the word `--level` and `--seats` take."""
    return pgettext("seat kind", "human") if kind == "human" else kind


def _lost_in(phase: Phase, points: float) -> str:
    """'2.31 in the drafts'."""
    if phase is Phase.SETUP:
        return _("{points} in set-up").format(points=i18n.decimal(points, 2))
    if phase is Phase.DRAFT:
        return _("{points} in the drafts").format(points=i18n.decimal(points, 2))
    return _("{points} in the Plan placement").format(points=i18n.decimal(points, 2))


def points_lost_line(lost: dict[Phase, float], total: float, decisions: int) -> str:
    """'Points lost: 0.00 in set-up, 2.31 in the drafts, 0.00 in the Plan placement; 2.31 over 5 decisions.'"""
    parts = ", ".join(_lost_in(phase, points) for phase, points in lost.items())
    return _("Points lost: {parts}; {total} over {decisions}.").format(
        parts=parts, total=i18n.decimal(total, 2), decisions=decisions_count(decisions)
    )


def accuracy_line(accuracy: float) -> str:
    return _("Accuracy {accuracy:.0f}%: a decision counts 100% at 0 points lost, 25% less per point lost, on average.").format(
        accuracy=accuracy
    )


def biggest_mistake(number: int, phase: str, loss: float, chosen: str, best: str, why: str) -> str:
    """The decision that cost a player most, and what would have been better."""
    return _("Biggest loss: decision {number} ({phase}), {loss} points: {chosen}; better {best} ({why}).").format(
        number=number, phase=phase, loss=i18n.decimal(loss, 2), chosen=chosen, best=best, why=why
    )


def nothing_lost() -> str:
    return _("No decision lost any points.")


# -- the guided first game (`pier18 learn`) -------------------------------------------------


def _script_at(where: str, step: int | None) -> str:
    return _("{where}: step {step}").format(where=where, step=step) if step is not None else where


def script_cannot_read(where: str, reason: str | None, limit: int) -> str:
    """A lesson script that cannot be read (missing, not a file, too big, not UTF-8)."""
    why = reason if reason is not None else _("the file is not UTF-8 text")
    return _("{where}: cannot read the lesson script ({why}; a script is a text file under {kib} KiB)").format(
        where=where, why=why, kib=limit // 1024
    )


def script_unknown_field(where: str, step: int | None, field: str, allowed: Sequence[str]) -> str:
    return _("{where}: unknown field {field} (fields here: {allowed})").format(
        where=_script_at(where, step), field=field, allowed=", ".join(allowed)
    )


def script_missing(where: str, step: int | None, field: str) -> str:
    return _("{where}: the field '{field}' is missing").format(where=_script_at(where, step), field=field)


def _script_wants(name: str) -> str:
    """What each field of a lesson script must be (and each kind of value, by type name)."""
    a_card = _("a card id of the deck")
    some_words = _("some words")
    return {
        "version": "1",
        "bot": _("random, greedy or hard"),
        "bot_seed": _("a whole number from 0"),
        "step": _("a table of fields"),
        "at": _("keep, pick, cover or plan"),
        "round": _("a round of the game (1 to 4)"),
        "title": some_words,
        "text": some_words,
        "plan": a_card,
        "foundation": a_card,
        "card": a_card,
        "cover": _("a number of sections"),
        "int": _("a whole number"),
        "str": _("text"),
        "list": _("a list"),
        "bool": _("true or false"),
    }[name]


def script_bad_field(where: str, step: int | None, field: str, got: str, kind: str | None = None) -> str:
    """A field of a lesson script with a value it may not have (`kind`: of the wrong type)."""
    return _("{where}: '{field}' must be {wanted}, got {got}").format(
        where=_script_at(where, step), field=field, wanted=_script_wants(kind or field), got=got
    )


def lesson_task(deck: Deck, suggestion: Decision | None, need: bool, at: str) -> str:
    """What the step asks for: the suggested choice, or, when the step needs it, the only one."""
    if suggestion is None:
        return lesson_any_choice(at)
    what = _lesson_part(deck, suggestion, at)
    if need:
        return _("This step needs one choice: {what}. Other choices are refused here.").format(what=what)
    return _(
        "Try this: {what}, to see this step's idea at work; h names the best move by {measure}. "
        "Any other choice is fine too: you will see what each one scores."
    ).format(what=what, measure=_(MEASURE))


def lesson_any_choice(at: str) -> str:
    """What a step asks for when the script suggests nothing where the game now is."""
    if at == "keep":
        return _("Choose any two of your cards: one as your Plan, one as your Foundation (h names the best).")
    if at == "pick":
        return _("Choose any card of the row (h names the best).")
    if at == "cover":
        return _("Choose how much the card covers (h names the best).")
    if at == "plan":
        return _("Choose how much your Plan card covers (h names the best).")
    raise KeyError(at)


def _lesson_part(deck: Deck, decision: Decision, at: str) -> str:
    """A suggestion as a whole decision, at any moment: both cards of a set-up, the card
    and its cover of a draft ('take ... covering ...' at a pick, 'place ... covering ...'
    once the card is chosen), the Plan's cover."""
    if isinstance(decision, Draft) and at == "cover":
        return _("place {card} {covering}").format(card=card_label(deck[decision.card]), covering=covering(decision.cover))
    return decision_text(deck, decision)


def lesson_refused(deck: Deck, suggestion: Decision, at: str) -> str:
    """The one line a step that needs a particular choice answers another with."""
    return _("Not this one: this step needs you to {what}.").format(what=_lesson_part(deck, suggestion, at))


def lesson_you_chose(
    deck: Deck, decision: Decision, before: int, after: int, patron: Card | None = None, plan_bonus: int = 0
) -> str:
    """The feedback's first line: what the learner did, their total before and after, and
    what of the change came from the Patron the choice won (`patron`, worth 1 point) or
    from the Plan's bonus (`plan_bonus`): each point said once, as part of the total."""
    line = _("You chose to {decision}: your total went from {before} to {after}").format(
        decision=decision_text(deck, decision), before=before, after=after
    )
    parts = []
    if patron is not None:
        parts.append(_("the 1 point for winning the Patron {card} included").format(card=card_label(patron)))
    if plan_bonus > 0:
        parts.append(_("your Plan's bonus of {points} included, as its goal is met").format(points=points(plan_bonus)))
    elif plan_bonus < 0:
        parts.append(_("your Plan's bonus of {points} lost, as its goal is no longer met").format(points=points(-plan_bonus)))
    if parts:
        return _("{chosen}, {included}.").format(chosen=line, included=players_list(parts))
    return f"{line}."


def lesson_suggested(deck: Deck, suggestion: Decision | None, same: bool, after: int | None) -> str:
    """The feedback's line about the suggested choice."""
    if suggestion is None or after is None:
        return _("This lesson had no suggestion here: any choice was fine.")
    if same:
        return _("That is just what the lesson suggested.")
    return _("The suggested choice, to {decision}, would have made your total {after}.").format(
        decision=decision_text(deck, suggestion), after=after
    )


def lesson_feedback(
    deck: Deck, mine: Outcome, suggested: Outcome | None
) -> tuple[str, list[str], list[str], str]:
    """What a choice in the lesson did, next to the suggested one (the engine's outcomes,
    worded; nothing added up here): the line on the choice made, the reasons it ended
    and the ones it brought (`explanation`s, each card named), and the line on the
    suggestion. The lesson's box and its plain lines both say these."""
    final = mine.final
    was, now = mine.sheet_before(plan=final), mine.sheet_after(plan=final)
    won = deck[mine.patron_won] if mine.patron_won is not None else None
    chose = lesson_you_chose(deck, mine.decision, was.total, now.total, won, now.plan - was.plan)
    gone, new = mine.reasons_changed()
    before = [v.card for v in mine.pier_before.visible()]
    after = [v.card for v in mine.pier.visible()]
    same = suggested is not None and suggested.decision == mine.decision
    theirs = suggested.sheet_after(plan=final).total if suggested is not None else None
    return (
        chose,
        [explanation(reason, before) for reason in gone],
        [explanation(reason, after) for reason in new],
        lesson_suggested(deck, suggested.decision if suggested else None, same, theirs),
    )


def lesson_patron_lost(card: Card) -> str:
    return _("The Patron {card} went to your rival.").format(card=card_label(card))


# -- the final score broken down (the final screen) ------------------------------------------


def ordinal(number: int) -> str:
    """'1st', '2nd', '3rd', '4th', '11th'."""
    if not 10 <= number % 100 <= 20 and number % 10 in (1, 2, 3):
        if number % 10 == 1:
            return pgettext("place", "{n}st").format(n=number)
        if number % 10 == 2:
            return pgettext("place", "{n}nd").format(n=number)
        return pgettext("place", "{n}rd").format(n=number)
    return pgettext("place", "{n}th").format(n=number)


def breakdown_head(name: str, place: int | None, total: int) -> str:
    """A player's line in the breakdown: 'Ann, 1st: 23 points'."""
    if place is None:
        return f"{name}: {points(total)}"
    return f"{name}, {ordinal(place)}: {points(total)}"


def category_points(parts: Sequence[tuple[str, int]]) -> str:
    """The categories that scored: 'Poets 5, Lovers 4, Patrons 2' ('nothing scored')."""
    if not parts:
        return _("nothing scored")
    return ", ".join(f"{label} {value}" for label, value in parts)


def patron_won(card: Card, round_number: int, characters: Sequence[str], scores: Sequence[tuple[str, int]], by_date: bool) -> str:
    """A Patron a player won and for what: 'Patron #7 Bandstand (round 1), for Poets: Ann 3,
    Bob 2, Cy 1', and ', tied: won on the earlier date drafted' when a tie was broken."""
    race = ", ".join(f"{name} {score}" for name, score in scores)
    if by_date:
        message = _("Patron {card} (round {round}), for {characters}: {race} (a tie, won on the earlier date drafted)")
    else:
        message = _("Patron {card} (round {round}), for {characters}: {race}")
    return message.format(card=card_label(card), round=round_number, characters=players_list(list(characters)), race=race)


def plan_result(card: Card, met: bool | None, bonus: int, worth: int) -> str:
    """What a player's Plan brought: 'Plan #3 Pier Lamp met: +4 points' or 'Plan #3 Pier
    Lamp not met: 0 of its 4 points'."""
    if met:
        return _("Plan {card} met: +{points}").format(card=card_label(card), points=points(bonus))
    return _("Plan {card} not met: 0 of its {points}").format(card=card_label(card), points=points(worth))


# -- the review screen (`v` on the final screen) ---------------------------------------------


def review_summary_title(name: str, judge: str, worlds: int) -> str:
    return _("{name}'s game, judged by the {judge} bot from what {name} knew at each decision ({worlds} a decision)").format(
        name=name, judge=judge, worlds=sampled_worlds(worlds)
    )


def mark_count(mark: str, count: int) -> str:
    """How many decisions got a mark, by `review.model.Mark` value: '1 mistake', '2 mistakes'."""
    if mark == "best":
        message = ngettext("{n} best", "{n} best", count)
    elif mark == "good":
        message = ngettext("{n} good", "{n} good", count)
    elif mark == "inaccuracy":
        message = ngettext("{n} inaccuracy", "{n} inaccuracies", count)
    elif mark == "mistake":
        message = ngettext("{n} mistake", "{n} mistakes", count)
    elif mark == "blunder":
        message = ngettext("{n} blunder", "{n} blunders", count)
    else:
        raise KeyError(mark)
    return message.format(n=count)


def marks_line(counts: Sequence[tuple[str, int]]) -> str:
    """'Marks: 3 best, 1 good, 2 mistakes' (the marks given at least once), from each
    `review.model.Mark` value and how many decisions got it."""
    return _("Marks: {marks}").format(marks=", ".join(mark_count(mark, count) for mark, count in counts if count))


def expected_after(expected: float, total: float | None) -> str:
    """Under a choice: 'expected points ahead of the best rival at the end +1.20 (final total 18.40)'."""
    after = f"{_(MEASURE)} {ahead_points(expected)}"
    return after if total is None else _("{after} (final total {total})").format(after=after, total=i18n.decimal(total, 2))


def why_lost(loss: float, worlds: int) -> str:
    """The reason in words, on a page that lost points."""
    if worlds > 1:
        return _(
            "The best choice ended {loss} points further ahead of the best rival on average, over the same "
            "{worlds} deals of the cards you had not seen, the rest of the game played by the bots' policy."
        ).format(loss=i18n.decimal(loss, 2), worlds=worlds)
    return _(
        "The best choice ended {loss} points further ahead of the best rival: nothing unseen was left, "
        "so this is exact."
    ).format(loss=i18n.decimal(loss, 2))


