"""The game put into words: decisions, phases, categories, take-backs and saved games.

Every sentence a front end shows about the game is made here, once, from the engine's
views, so the table, the replay, the record summary and the bots' explanations all say
the same thing the same way. Plain strings only: no Rich or Textual here (the screens
style these words; `pier18 score` imports this module and must start fast).
"""

from __future__ import annotations

from .engine.characters import Character
from .engine.decisions import Decision, Draft, Keep, PlacePlan
from .engine.goals import GoalKind
from .engine.outlook import TieBreak
from .engine.phase import Phase

TYPE_CHECKING = False  # typing is not imported: `pier18 score` reads the labels below
if TYPE_CHECKING:
    from collections.abc import Sequence

    from collections.abc import Callable

    from .engine.cards import Card
    from .engine.goals import Goal
    from .engine.deck import Deck
    from .engine.scoring import ScoreSheet
    from .engine.view import TableView

#: What each score category is called on screen, in the order the game lists them.
CATEGORY_LABELS: dict[str, str] = {
    "flower": "Flower Sellers",
    "poet": "Poets",
    "lovers": "Lovers",
    "fisher": "Fishers",
    "patrons": "Patrons",
    "plan": "Plan bonus",
}

def _label(character: Character | None) -> str:
    assert character is not None  # the deck loader makes sure the goal names one
    return CATEGORY_LABELS[character.value]


#: What each number of a goal's measure is called, one name per number that
#: `engine.goals.goal_measures` gives ("Poets: left", "right"), by goal kind.
GOAL_MEASURE_NAMES: dict[GoalKind, Callable[[Goal], tuple[str, ...]]] = {
    GoalKind.COUNT: lambda goal: (f"{_label(goal.character)}:",),
    GoalKind.POINTS: lambda goal: (f"{goal.category.title if goal.category else ''} points",),
    GoalKind.PATRONS: lambda goal: ("Patrons",),
    GoalKind.SECTIONS: lambda goal: ("visible sections",),
    GoalKind.CHARACTERS: lambda goal: ("visible characters",),
    GoalKind.GROUP: lambda goal: ("largest group",),
    GoalKind.EACH_SIDE: lambda goal: (f"{_label(goal.character)}: left", "right"),
    GoalKind.EMPTY_RUN: lambda goal: ("longest empty run",),
    GoalKind.VARIETY: lambda goal: tuple(CATEGORY_LABELS[c.value] for c in Character),
    GoalKind.MOST: lambda goal: (f"{_label(goal.character)}:",),
    GoalKind.MOST_POINTS: lambda goal: (f"{_label(goal.category)} points:",),
}


def goal_progress(goal: Goal, values: Sequence[int], best_rival: int | None = None) -> str:
    """Where a pier stands on `goal`, in numbers: "Poets: left 2/3, right 3/3", "Flower
    Seller points 5/7", "visible sections 13 (max 12)", "Poets: 4, best rival 3".

    `values` are the goal's measures on the pier; `best_rival` the highest rival's, for
    goals that compare players (None: no rival pier known).
    """
    names = GOAL_MEASURE_NAMES[goal.kind](goal)
    if goal.compares_players:
        line = f"{names[0]} {values[0]}"
        return line if best_rival is None else f"{line}, best rival {best_rival}"
    return ", ".join(f"{name} {_against(value, goal)}" for name, value in zip(names, values, strict=True))


def _against(value: int, goal: Goal) -> str:
    """"5/7" for a lower bound, "13 (max 12)" for an upper one."""
    low, high = goal.at_least, goal.at_most
    if low is not None and high is not None:
        return f"{value} ({low} to {high})"
    if low is not None:
        return f"{value}/{low}"
    return f"{value} (max {high})"


#: Why a seat finished above the next one, by `Standing.decided_by`.
DECIDED_BY: dict[TieBreak, str] = {
    TieBreak.TOTAL: "on points",
    TieBreak.CHARACTERS: "on visible characters (tied on points: first tie-breaker)",
    TieBreak.PLAN_DATE: "on the earlier Plan card date (tied on points and characters: second tie-breaker)",
}


def plural(count: int, word: str) -> str:
    """'1 section', '2 sections'."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def card_label(card: Card) -> str:
    """How a card is named in a sentence: '#7 Bandstand'."""
    return f"#{card.id} {card.name}"


def covering(cover: int) -> str:
    """'covering nothing', 'covering 1 section', 'covering 2 sections'."""
    return f"covering {plural(cover, 'section')}" if cover else "covering nothing"


def players_list(names: Sequence[str]) -> str:
    """'Ann and Bob', 'Ann, Bob and Cy'."""
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names)


def decision_text(deck: Deck, decision: Decision) -> str:
    """A decision as an instruction, with every card named: 'take #7 Bandstand covering nothing'."""
    if isinstance(decision, Keep):
        plan, foundation = deck[decision.plan], deck[decision.foundation]
        return f"keep {card_label(plan)} as the Plan and {card_label(foundation)} as the Foundation"
    if isinstance(decision, Draft):
        return f"take {card_label(deck[decision.card])} {covering(decision.cover)}"
    return f"place the Plan card {covering(decision.cover)}"


def short_decision(deck: Deck, decision: Decision) -> str:
    """A decision in few words, for lists: '#7 Bandstand covering nothing'."""
    if isinstance(decision, Keep):
        return f"Plan {card_label(deck[decision.plan])} + Foundation {card_label(deck[decision.foundation])}"
    if isinstance(decision, Draft):
        return f"{card_label(deck[decision.card])} {covering(decision.cover)}"
    return covering(decision.cover)


def points_change(before: ScoreSheet, after: ScoreSheet) -> str:
    """'+3 Lovers, -1 Fisher': what a placement does to each character's points."""
    changes = [
        f"{after.points(c) - before.points(c):+d} {c.title}" for c in Character if after.points(c) != before.points(c)
    ]
    return ", ".join(changes) if changes else "no points change"


def move_line(
    before: TableView,
    after: TableView,
    names: Sequence[str],
    reason: str | None = None,
    now: TableView | None = None,
) -> str:
    """The line for the decision that took the table from `before` to `after`.

    Only what the table may see is said: a hidden choice is said to have happened. With
    `now` (the table as it is now) a choice shown since is told in full. `reason` (a
    bot's, from its estimate) ends the line.
    """
    seat, decision = after.history[-1]
    if now is not None:
        decision = now.history[len(after.history) - 1][1]
    name = names[seat]
    why = f"; {reason}" if reason else ""
    if decision is None:
        if before.phase is Phase.PLAN:
            return f"{name} placed the Plan card (shown when the game ends)."
        return f"{name} kept a Plan and a Foundation (hidden until everyone has chosen)."
    if isinstance(decision, Keep):
        plan, foundation = before.deck[decision.plan], before.deck[decision.foundation]
        line = f"{name} kept {card_label(plan)} as the Plan and {card_label(foundation)} as the Foundation"
        if after.phase is not Phase.SETUP and now is None:
            line += "; every Plan and Foundation is now shown"
        return line + "."
    if isinstance(decision, PlacePlan):
        return f"{name} placed the Plan card {covering(decision.cover)}{why}."
    card = before.deck[decision.card]
    change = points_change(before.piers[seat].sheet(), after.piers[seat].sheet())
    line = f"{name} took {card_label(card)} {covering(decision.cover)}: {change}"
    was, now_met = before.plan_met(seat), after.plan_met(seat)
    if now_met and not was:
        line += "; Plan goal now met ✔"
    elif was and not now_met:
        line += "; Plan goal no longer met ✘"
    if reason and reason != change:
        line += why
    return line + "."


def whose_turn(table: TableView, names: Sequence[str]) -> str:
    """Where the game stands: 'set-up, Ann to choose', 'round 2, Bob to draft'..."""
    who = names[table.current_player]
    if table.phase is Phase.SETUP:
        return f"set-up, {who} to choose"
    if table.phase is Phase.DRAFT:
        return f"round {table.round}, {who} to draft"
    if table.phase is Phase.PLAN:
        return f"game end, {who} to place the Plan"
    return "game over"


def pass_reason(phase: Phase) -> str:
    """Why the laptop is passed before a hidden choice."""
    if phase is Phase.PLAN:
        return (
            "Time to place your Plan card. Plans are placed at the same time: "
            "the ones already placed stay hidden until everyone has placed theirs."
        )
    return "Time to choose your Plan and Foundation from your three secret cards."


#: Each bot level's strength as `benchmarks/ladder.py` measured it (docs/bots.md), weakest
#: first: its Elo on the ladder (`random` at 0) and one line a person can choose by. The
#: `--level` help of `pier18 play` and `pier18 stats` read this table; a test checks it
#: against the ladder's numbers in docs/bots.md.
LEVEL_STRENGTH: dict[str, tuple[int, str]] = {
    "random": (0, "any legal move; a baseline"),
    "greedy": (400, "the most points right now; beats random in 99% of 2-player games"),
    "hard": (600, "looks ahead over sampled futures; beats greedy in 78% of 2-player games"),
    "expert": (650, "searches the game tree over what it has seen; beats hard in 54% of 2-player games"),
}


def level_help(default: str) -> str:
    """The `--level` help (its levels are told apart by `level_lines`)."""
    return f"how strong the --bots seats play: {level_names()}, weakest first (see below; default: {default})"


def level_lines() -> list[str]:
    """Each bot level's measured strength, one line per level, under a heading."""
    width = max(len(level) for level in LEVEL_STRENGTH)
    lines = ["Bot levels, weakest first, as the bots' ladder measured them (Elo, random = 0):"]
    lines += [f"  {level:<{width}}  {elo:>4}  {words}" for level, (elo, words) in LEVEL_STRENGTH.items()]
    return lines


def level_names() -> str:
    """The bot levels as a list in words: 'random, greedy, hard or expert'."""
    levels = list(LEVEL_STRENGTH)
    return f"{', '.join(levels[:-1])} or {levels[-1]}"


def stats_headline(games: int, unfinished: int, folder: str) -> str:
    """The first line of `pier18 stats`."""
    if not games and not unfinished:
        return f"No finished games saved in {folder} yet; 'pier18 play' starts one."
    line = f"Your record: {plural(games, 'finished game')} saved on this machine ({folder})"
    if unfinished:
        line += f"; {plural(unfinished, 'unfinished game')} not counted yet"
    return line + "."


def players_counted(players: Sequence[tuple[str, int]]) -> str:
    """Whose games `pier18 stats` counted: 'Counted: Ann (5 games), Bob (1 game).'"""
    return "Counted: " + ", ".join(f"{name} ({plural(games, 'game')})" for name, games in players) + "."


def elo_line(estimate: tuple[float, float, float, int] | None, ladder: dict[str, int]) -> str:
    """Where the player stands on the bots' ladder: (rating, low, high, results) or None."""
    rungs = ", ".join(f"{level} {elo}" for level, elo in ladder.items())
    if estimate is None:
        return f"Elo estimate: play a bot to get one (the ladder: {rungs})."
    rating, low, high, results = estimate
    return (
        f"Elo estimate: {rating:.0f} (95% between {low:.0f} and {high:.0f}, from "
        f"{plural(results, 'result')} against bots; the ladder: {rungs})."
    )


#: The start rules offered at set-up: the digital edition's, and the printed rulebook's.
START_BY_DATE = "Earliest Foundation date starts (digital edition)"


def start_by_sea(name: str) -> str:
    """The printed rulebook's start rule, for one player."""
    return f"{name} starts: last saw the sea (rulebook)"


def names_help(humans: int, bots: Sequence[str]) -> str:
    """What to do on the names screen."""
    if not bots:
        return f"{humans} players at one laptop. Type each name (Tab or Enter: the next one), then choose who starts."
    against = f"Playing against {players_list(list(bots))}."
    if humans == 1:
        return f"{against} Type your name, choose who starts, Enter to start."
    return f"{against} Type each player's name (Tab or Enter: the next one), then choose who starts."


def start_rule(table: TableView, names: Sequence[str], chosen: bool) -> str | None:
    """Which rule decided who starts round 1: 'Ann starts: earliest Foundation date (03-14)'."""
    first = table.first_player
    if first is None:
        return None
    if chosen:
        return f"{names[first]} starts: last saw the sea"
    pier = table.piers[first]
    date = f" ({pier.placements[0].card.date})" if pier.placements else ""
    return f"{names[first]} starts: earliest Foundation date{date}"


def summary(table: TableView, names: Sequence[str]) -> str:
    """One line naming a saved game, for the resume offer (never a hidden card)."""
    made = len(table.history)
    return f"{players_list(names)}: {whose_turn(table, names)} ({plural(made, 'decision')} made)"


def takeback_prompt(
    table: TableView,
    names: Sequence[str],
    undone: int,
    bots: Sequence[bool] = (),
    at_keys: int | None = None,
) -> str | None:
    """The confirm question for taking back the last `undone` decisions, worded from
    what the table may see.

    `bots` says which seats are bots (a bot's move is only counted); `at_keys` is the
    person whose turn screen is showing, if any. A choice still hidden (a set-up
    choice, a placed Plan) is never described: a hidden choice of someone other than
    the person at the keys is only counted, and its maker makes it again after the
    laptop is passed to them.
    """
    if undone <= 0 or undone > len(table.history):
        return None
    undoing = table.history[len(table.history) - undone :]
    seat, decision = undoing[0]
    name = names[seat]

    def bot(s: int) -> bool:
        return bool(bots) and bots[s]

    hidden_kind = "set-up choice" if table.phase is Phase.SETUP else "Plan placement"
    if decision is None or isinstance(decision, Keep):
        what = f"{name}'s {'set-up choice' if isinstance(decision, Keep) else hidden_kind}"
    else:
        what = f"{name}'s last move, {decision_text(table.deck, decision)}"
    also: list[str] = []
    people_hidden: list[int] = [seat] if decision is None and seat != at_keys and not bot(seat) else []
    bot_moves = 0
    for s, later in undoing[1:]:
        if bot(s):
            bot_moves += 1
        elif later is None:
            if s != at_keys:
                people_hidden.append(s)
        else:
            also.append(f"{names[s]}'s move after it, {decision_text(table.deck, later)}")
    if bot_moves:
        also.append(f"{plural(bot_moves, 'bot move')} after it")
    if sum(1 for s in range(table.players) if not bot(s)) < 2:
        people_hidden = []  # one person at the laptop: their own choices are theirs to see
    later_hidden = [s for s in people_hidden if s != seat or decision is not None]
    if people_hidden and later_hidden:
        who = players_list(sorted({names[s] for s in later_hidden}))
        also.append(f"{plural(len(later_hidden), 'hidden decision')} by {who}")
    question = f"Take back {what}" + (f" (and {players_list(also)})" if also else "") + "?"
    if decision is None or isinstance(decision, Keep):
        again = "choose their Plan and Foundation" if hidden_kind == "set-up choice" or isinstance(decision, Keep) else "place their Plan card"
        question += f" {name} will {again} again."
    if people_hidden:
        count = len(people_hidden)
        makers = players_list(sorted({names[s] for s in people_hidden}))
        question += (
            f" This takes back {plural(count, 'hidden decision')} without showing "
            f"{'it' if count == 1 else 'them'}: the laptop goes to {makers} before {'it is' if count == 1 else 'they are'} made again."
        )
    return question


def hint_lines(deck: Deck, decision: Decision, expected_total: float | None, now: int | None,
               alternatives: Sequence[tuple[Decision, float]], reason: str) -> list[str]:
    """The hard bot's advice as sentences: the choice with every card named, where it
    should leave the player, the next best choices and why.

    'take #7 Bandstand covering 1 section: you should end about 24 points (now 17).'
    """
    head = decision_text(deck, decision)
    if expected_total is not None:
        head += f": you should end about {expected_total:.0f} points"
        if now is not None:
            head += f" (now {now})"
    lines = [head + "."]
    if alternatives:
        others = "; ".join(f"{short_decision(deck, d)} (about {total:.0f})" for d, total in alternatives)
        lines.append(f"Next best: {others}.")
    lines.append(f"Why: it {reason}.")
    return lines


def replay_event(deck: Deck, seat: int, decision: Decision, names: Sequence[str]) -> str:
    """What a recorded decision was, every card named (a record hides nothing)."""
    name = names[seat]
    if isinstance(decision, Keep):
        plan, foundation = deck[decision.plan], deck[decision.foundation]
        return f"{name} kept {card_label(plan)} as the Plan and {card_label(foundation)} as the Foundation."
    return f"{name}: {decision_text(deck, decision)}."


# -- network play (`pier18 join`, the host's own seat) ------------------------------------


def seat_presence(name: str, human: bool, here: bool, covered: bool, you: bool) -> str:
    """One seat of a networked table: 'Ann (you)', 'Bob: here', 'Cy: away, a bot plays for them'."""
    if you:
        return f"{name} (you)"
    if not human:
        return f"{name}: bot"
    if here:
        return f"{name}: here"
    return f"{name}: away, a bot plays for them" if covered else f"{name}: away"


def waiting_for(names: Sequence[str]) -> str:
    """'waiting for Bob', 'waiting for Bob and Cy' (human seats away, no bot covering them)."""
    return f"waiting for {players_list(list(names))}" if names else ""


#: What a spectator is told about itself.
WATCHING = "watching: you see only what the whole table sees"

#: Under a Patron panel shown to a spectator, which closes by itself.
PATRON_CLOSES = "closes by itself: the table goes on"

#: Before the first view of the table has come.
CONNECTING = "Connecting to the table…"


def connection_lost(why: str, seated: bool) -> str:
    """The connection to the host dropped; the client tries again by itself."""
    kept = " Your seat is kept." if seated else ""
    return f"Connection lost: {why}.{kept} Ctrl+Q leaves."


def connection_over(why: str) -> str:
    """The host refused this client for good, or could never be reached."""
    return f"No connection to the table: {why}. Ctrl+Q leaves."


def client_broke(what: str) -> str:
    """The network client met something it did not expect and stopped (`what`: the error)."""
    return f"the client stopped on an unexpected error ({what})"


def table_crashed(what: str, report: str | None, save: str | None) -> str:
    """A networked game's app crashed: what failed, where the details are, and how to go on.

    The game itself lives at the host: a joined seat comes back with its code; the host
    (`save`: its autosave) opens the table again from the autosave.
    """
    where = f"a crash report was written to {report}" if report else "no crash report could be written"
    if save is not None:
        return f"pier18 crashed ({what}); {where}. The table is saved: 'pier18 host --resume {save}' opens it again."
    return f"pier18 crashed ({what}); {where}. The game goes on at the host: join again with the same code."


#: Ctrl+Q at a networked table, for a player and for the host.
LEAVE_SEAT = ("Leave the table?", "The game goes on without you: join again with the same code to come back to your seat.")
CLOSE_TABLE = ("Close the table?", "Every player is disconnected. 'pier18 host --resume' with the autosave opens it again with the same codes.")

#: Said after leaving a game that is still going on.
LEFT_TABLE = "Left the table; join again with the same code to come back to your seat."


# -- saved games and records --------------------------------------------------------


def save_moved(old: str, new: str, appeared: bool, record: bool) -> str:
    """A game's file on disk was not the one this process last wrote (another terminal,
    or another program, wrote it), so it is left alone and the game goes on in `new`.
    `appeared`: there was no file when the game started, and one has appeared since."""
    what = "the record of this game" if record else "this game"
    if appeared:
        return f"{old} appeared meanwhile and is not written over: {what} is saved to {new} instead"
    return (
        f"{old} was written by another terminal or program since this game saved it (is the game open twice?);"
        f" it is left as it is, and {what} goes on in {new}"
    )


def record_renumbered(new: str, taken: str) -> str:
    """`play --record FILE`: a later game's numbered record name was taken by a file already."""
    return f"the record of this game is saved to {new} ({taken} already exists and is left alone)"
