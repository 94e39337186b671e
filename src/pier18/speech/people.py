"""People at the table in words: lists of names, seats, bot levels, who made a move, whose
turn it is and who the game waits for.

Plain strings from the engine's values, said the same by every front end that needs them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.phase import Phase
from ..i18n import N_, _

if TYPE_CHECKING:
    from collections.abc import Collection, Mapping, Sequence
    from ..engine.view import TableView


def players_list(names: Sequence[str]) -> str:
    """'Ann and Bob', 'Ann, Bob and Cy'."""
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def _stand_in(name: str, level: str) -> str:
    """Who made a decision a bot made for a player who was away: 'a hard bot for Ann'."""
    return _("a {level} bot for {name}").format(level=level, name=name)


def author(names: Sequence[str], seat: int, by: str | None, start: bool = False) -> str:
    """Who made a decision of `seat`: its name, or with `by` (the level of a bot that
    stood in for its away player) that bot, 'a hard bot for Ann' ('A hard bot for Ann'
    at the start of a sentence)."""
    if by is None:
        return names[seat]
    who = _stand_in(names[seat], by)
    return who[:1].upper() + who[1:] if start else who


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


def level_names() -> str:
    """The bot levels as a list in words: 'random, greedy, hard or expert'."""
    return either(list(LEVEL_STRENGTH))


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


def either(names: Sequence[str]) -> str:
    """'Bob', 'Bob or Cy', 'Ann, Bob or Cy'."""
    if len(names) < 2:
        return "".join(names)
    return _("{names} or {last}").format(names=", ".join(names[:-1]), last=names[-1])


def default_name(number: int) -> str:
    """A person's seat before a name is typed: 'Player 2'."""
    return _("Player {number}").format(number=number)


def bot_seat_name(level: str, seat: int | None = None) -> str:
    """The name a bot seat plays under: 'Hard bot', or 'Hard bot 3' (`seat`: its number,
    given when two bots share a level)."""
    if seat is None:
        return _("{level} bot").format(level=level.capitalize())
    return _("{level} bot {number}").format(level=level.capitalize(), number=seat)


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
