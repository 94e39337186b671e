"""What just happened, in one line per move, and hints put into words.

The table shows the last moves so a player sees what the bots (or the previous
player) did and why it scored: the points come from the engine's score sheets before
and after. Hidden choices stay hidden: a kept Plan and Foundation, or a placed Plan,
are only said to have happened.
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from ..engine import CHARACTERS, Deck, Decision, Draft, Game, Keep, PlacePlan


def points_change(game: Game, seat: int, card_id: int, cover: int) -> str:
    """"+3 Lovers, +1 Fisher": what placing the card does to each character's points."""
    before = game.piers[seat].sheet()
    after = game.piers[seat].place(game.deck[card_id], cover).sheet()
    changes = [
        f"{after.points(c) - before.points(c):+d} {c.title}" for c in CHARACTERS if after.points(c) != before.points(c)
    ]
    return ", ".join(changes) if changes else "no points change"


def covering(cover: int) -> str:
    return f" covering {cover}" if cover else ""


def move_line(game: Game, names: list[str], decision: Decision) -> str:
    """The line for the current player's decision, worked out before it is applied."""
    seat = game.current_player
    name = names[seat]
    if isinstance(decision, Keep):
        return f"{name} kept a Plan and a Foundation (hidden until everyone has chosen)."
    if isinstance(decision, PlacePlan):
        return f"{name} placed the Plan card (shown when the game ends)."
    card = game.deck[decision.card]
    line = f"{name} took #{card.id} {card.name}{covering(decision.cover)}: {points_change(game, seat, card.id, decision.cover)}"
    before = game.plan_met(seat)
    after_game = game.clone()
    after_game.apply(decision)
    after = after_game.plan_met(seat)
    if after and not before:
        line += "; Plan goal now met ✔"
    elif before and not after:
        line += "; Plan goal no longer met ✘"
    return line + "."


class MoveLog:
    """The move lines of a game, each under the number of decisions it completed.

    After an undo the lines of taken-back moves are left out, and replaced when the
    move is made again.
    """

    def __init__(self) -> None:
        self._lines: list[tuple[int, str]] = []

    def clear(self) -> None:
        self._lines.clear()

    def add(self, count: int, line: str) -> None:
        self._lines = [entry for entry in self._lines if entry[0] < count]
        self._lines.append((count, line))

    def recent(self, count: int, how_many: int) -> list[str]:
        """The last `how_many` lines among the first `count` decisions."""
        lines = [line for number, line in self._lines if number <= count]
        return lines[-how_many:] if how_many > 0 else []


def advice(deck: Deck, decision: Decision) -> str:
    """A decision as advice to the player: "take #7 Camera Obscura covering 1"."""
    if isinstance(decision, Keep):
        plan, foundation = deck[decision.plan], deck[decision.foundation]
        return f"keep #{plan.id} {plan.name} as the Plan and #{foundation.id} {foundation.name} as the Foundation"
    if isinstance(decision, Draft):
        card = deck[decision.card]
        return f"take #{card.id} {card.name}{covering(decision.cover) or ' covering nothing'}"
    return f"place the Plan{covering(decision.cover) or ' covering nothing'}"


def hint_text(deck: Deck, hint: Any) -> str:
    """The hard bot's `Hint` for the player to move, as shown under `h`."""
    gain = hint.expected_gain
    return (
        f"[b]Hint:[/b] {escape(advice(deck, hint.decision))}, about {gain:+.1f} points by the end of the game.\n"
        f"[dim]Why: {escape(hint.reason)}[/dim]"
    )
