"""What the table may see, and what one player may know.

Hidden information is decided here and nowhere else. `TableView` is what everyone at
the table may see (front ends draw the table from it); `PlayerView` adds one seat's
private part (its dealt hand, its own Plan and Foundation, its placed Plan card). Bots
decide from a `PlayerView`, never from a `Game`: a view holds no deck order, no other
player's hand and no RNG, so a bot cannot peek. `determinize` deals the unseen cards at
random to make a full `Game` consistent with the view, for look-ahead.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields, replace
from functools import cached_property
from typing import Any

from .cards import Card
from .deck import Deck
from .decisions import Decision, Draft, Keep, PlacePlan
from .game import Deal, Game, PatronAward
from .outlook import Outcome, Standing, base_sheets, judge_plan, outcome, plan_in_reach, plan_scores
from .phase import Phase
from .pier import Pier
from .scoring import ScoreSheet


def _shown(game: Game, seat: int | None) -> tuple[tuple[int | None, ...], tuple[Pier, ...]]:
    """Plans and piers as `seat` may see them (None: as the whole table may).

    Foundations and Plans are chosen at the same time, so during set-up the others'
    piers and Plans are hidden; Plan cards are placed at the same time, so during the
    Plan phase a Plan already placed stays hidden until the game is over.
    """
    phase = game.phase
    plans, piers = tuple(game.plans), tuple(game.piers)
    if phase is Phase.SETUP:
        plans = tuple(p if s == seat else None for s, p in enumerate(plans))
        piers = tuple(p if s == seat else _HIDDEN for s, p in enumerate(piers))
    elif phase is Phase.PLAN:
        placed = game.current_player  # seats before it have placed their Plan
        piers = tuple(p if s == seat or s >= placed else Pier(p.placements[:-1]) for s, p in enumerate(piers))
    return plans, piers


@dataclass(frozen=True)
class SeenTable:
    """What a `TableView` and a `PlayerView` both hold: the table as one seat (or the
    whole table) may see it. Declared once; both views add their own fields to these."""

    deck: Deck
    players: int
    phase: Phase
    current_player: int
    round: int
    round_starter: int
    first_player: int | None
    plans: tuple[int | None, ...]  # others' Plans are hidden until everyone has chosen
    piers: tuple[Pier, ...]  # hidden in part while choices are simultaneous: see `_shown`
    patrons: tuple[tuple[int, ...], ...]
    revealed: tuple[int, ...]
    drafted: tuple[int | None, ...]
    awards: tuple[PatronAward, ...]
    cards_in_deck: int  # how many cards the draw pile holds (its order is unknown)
    chosen: tuple[bool, ...]  # in a simultaneous phase, who has made their choice (never what)

    def plan_card(self, seat: int) -> Card | None:
        plan = self.plans[seat]
        return self.deck[plan] if plan is not None else None

    def plan_in_reach(self, seat: int) -> bool | None:
        """Whether the seat's Plan goal can still hold at the end, on its pier as seen
        here (`outlook.plan_in_reach`); None without a Plan, or for a goal that compares players."""
        card = self.plan_card(seat)
        if card is None:
            return None
        pier = self.piers[seat]
        sheet = pier.sheet(len(self.patrons[seat]))
        goal = card.plan.goal_for(self.players)
        return plan_in_reach(self.deck, self.players, goal, pier, sheet, sum(len(won) for won in self.patrons))


#: The names of the fields both views share, in order.
SEEN_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(SeenTable))


def seen_fields(view: SeenTable) -> dict[str, Any]:
    """The shared fields of a view by name, to build another view with them."""
    return {name: getattr(view, name) for name in SEEN_FIELDS}


def _public(game: Game, seat: int | None) -> dict[str, Any]:
    """The fields a `TableView` and a `PlayerView` share, as `seat` may see them."""
    plans, piers = _shown(game, seat)
    return {
        "deck": game.deck,
        "players": game.players,
        "phase": game.phase,
        "current_player": game.current_player,
        "round": game.round,
        "round_starter": game.round_starter,
        "first_player": game.first_player if game.phase is not Phase.SETUP else None,
        "plans": plans,
        "piers": piers,
        "patrons": tuple(game.patrons),
        "revealed": tuple(game.revealed),
        "drafted": tuple(game.drafted),
        "awards": tuple(game.awards),
        "cards_in_deck": len(game.draw_pile),
        "chosen": tuple(game.has_chosen(s) for s in range(game.players)),
    }


def _seen(game: Game, seat: int | None, made: int, decision: Decision) -> bool:
    """Whether `seat` may see a decision made by seat `made` (None: the whole table).

    Set-up choices are shown once everyone has chosen, placed Plans once the game ends.
    """
    if made == seat:
        return True
    if type(decision) is Keep:
        return game.phase is not Phase.SETUP
    if type(decision) is PlacePlan:
        return game.phase is Phase.OVER
    return True


@dataclass(frozen=True)
class TableView(SeenTable):
    """What every player at the table may see now, and nothing more.

    Screens, replays, take-back prompts and move lines read this, so no front end
    decides on its own what is hidden. `history` gives each decision with its seat,
    or None in place of a decision that is still hidden.
    """

    total_rounds: int
    history: tuple[tuple[int, Decision | None], ...]
    final: tuple[ScoreSheet, ...] | None  # each seat's final score, once the game is over
    plans_met: tuple[bool | None, ...] | None  # each Plan's verdict, once the game is over
    standings: tuple[Standing, ...]  # the final ranking, once the game is over

    @classmethod
    def of(cls, game: Game) -> "TableView":
        over = game.is_terminal()
        return cls(
            **_public(game, None),
            total_rounds=game.total_rounds,
            history=tuple((s, d if _seen(game, None, s, d) else None) for s, d in game.history),
            final=tuple(game.score(p) for p in range(game.players)) if over else None,
            plans_met=tuple(game.plan_met(p) for p in range(game.players)) if over else None,
            standings=tuple(game.ranking()) if over else (),
        )

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def score(self, seat: int, with_plan: bool = False) -> ScoreSheet:
        """The seat's score as the table sees it: pier and patrons, plus (`with_plan`) the
        Plan bonus if its goal holds now; once the game is over, the final score."""
        return _score(self, seat, with_plan, self.final)

    def plan_met(self, seat: int) -> bool | None:
        """Whether the seat's Plan goal is met by its pier as the table sees it."""
        if self.plans_met is not None:
            return self.plans_met[seat]
        return _plan_met(self, seat)

    def plan_hidden(self, seat: int) -> bool:
        """True while the seat's placed Plan card is kept from the table."""
        return self.phase is Phase.PLAN and seat < self.current_player

    def made_by(self, index: int) -> int:
        """The seat that made decision number `index` (0-based)."""
        return self.history[index][0]

    def phase_choices(self) -> dict[int, int]:
        """In set-up or the Plan placement, each seat's choice of this phase that has been
        applied (they are applied in seat order): its number among the decisions, counted
        from 1, by seat. Empty in any other phase."""
        if self.phase not in (Phase.SETUP, Phase.PLAN):
            return {}
        start = len(self.history) - self.current_player
        return {seat: start + seat + 1 for seat in range(self.current_player)}

    def to_act(self) -> tuple[int, ...]:
        """The seats whose decision the game waits for now: the seat to draft; in set-up
        and the Plan placement every seat that has not made its choice (each may make it
        now, `Game.legal_decisions_for`); nobody once the game is over."""
        if self.phase in (Phase.SETUP, Phase.PLAN):
            return tuple(seat for seat in range(self.players) if not self.chosen[seat])
        if self.phase is Phase.DRAFT:
            return (self.current_player,)
        return ()

    def before_last(self) -> "TableView":
        """The table as it was just before its last decision, worked out from this view
        alone (a client that has just joined has no earlier one).

        Rebuilt: the phase, the player, the round and its starter the decision was made in, the
        deciding seat's pier without the card it placed, the Patron its draft won not
        yet won, set-up's hidden piers and Plans, and the history. The draft row and
        the deck count are left as they are now. Decisions in the history are shown as
        this view shows them (a choice revealed since stays revealed), so stepping back
        again gives the move lines before it, as `pier18.speech.moves.move_line` tells them now.
        """
        if not self.history:
            raise ValueError("no decision has been made yet")
        seat, decision = self.history[-1]
        ended = self.awards[-1] if self.awards and self.awards[-1].after == len(self.history) else None
        patrons, round_, starter, awards = self.patrons, self.round, self.round_starter, self.awards
        piers = list(self.piers)
        if ended is not None:  # this draft ended a round: its Patron was not won before it
            round_, awards = ended.round, self.awards[:-1]
            if self.phase is Phase.DRAFT:  # and started the next round with the next player
                starter = (starter - 1) % self.players
            won = list(patrons)
            won[ended.winner] = won[ended.winner][:-1]
            patrons = tuple(won)
        if type(decision) is Draft:
            phase = Phase.DRAFT
            piers[seat] = Pier(piers[seat].placements[:-1])
        elif type(decision) is Keep or self.phase is Phase.SETUP:
            phase = Phase.SETUP
        else:  # a Plan placed: the last one shows them all, before it they were all hidden
            phase = Phase.PLAN
            if self.phase is Phase.OVER:
                piers = [Pier(pier.placements[:-1]) for pier in piers]
        plans = self.plans
        if phase is Phase.SETUP:  # before the first round, every Foundation and Plan hidden
            plans, piers, round_, starter = (None,) * self.players, [Pier()] * self.players, 0, 0
        return replace(
            self,
            phase=phase,
            current_player=seat,
            round=round_,
            round_starter=starter,
            first_player=None if phase is Phase.SETUP else self.first_player,
            plans=plans,
            piers=tuple(piers),
            patrons=patrons,
            awards=awards,
            # Who had chosen then: the seats before it (a choice made ahead is not known here).
            chosen=tuple(phase in (Phase.SETUP, Phase.PLAN) and s < seat for s in range(self.players)),
            history=self.history[:-1],
            final=None,
            plans_met=None,
            standings=(),
        )


@dataclass(frozen=True)
class PlayerView(SeenTable):
    """The table as one seat sees it, plus that seat's own cards: everything a bot may
    decide from."""

    seat: int  # whose view this is
    hand: tuple[int, ...]  # this seat's dealt cards during set-up
    returned: int | None  # the card this seat sent back to the deck
    legal: tuple[Decision, ...]  # the seat's legal decisions if it is its turn, else ()

    @classmethod
    def of(cls, game: Game, seat: int) -> "PlayerView":
        """The view `seat` has of `game` now (see `_shown` for what is hidden)."""
        legal = tuple(game.legal_decisions_for(seat))
        return cls(**_public(game, seat), seat=seat, hand=game.hands[seat], returned=game.returned[seat], legal=legal)

    def restricted(self, legal: tuple[Decision, ...]) -> "PlayerView":
        """This view with only some of its legal decisions (forced-Plan balance runs)."""
        return replace(self, legal=legal)

    def score(self, seat: int, with_plan: bool = False) -> ScoreSheet:
        """A seat's score as this seat sees it: pier and patrons, plus (`with_plan`) the
        Plan bonus if its goal holds on the piers as seen."""
        return _score(self, seat, with_plan, None)

    def plan_met(self, seat: int) -> bool | None:
        """Whether a seat's Plan goal is met by the piers as this seat sees them."""
        return _plan_met(self, seat)

    def outcome(self, decision: Decision) -> Outcome:
        """What one of this seat's decisions would do for it (`outlook.outcome`)."""
        return outcome(
            self.deck, self.seat, self.piers, self.patrons, self.plans, self.revealed, self.drafted, decision
        )

    def plan_start(self) -> Game:
        """The Plan phase from its start, as this seat sees it: every pier without its
        Plan card (Plans already placed are hidden), the first seat to place.

        Nothing unseen plays a part any more, so this is the whole of what is left to
        decide; a bot can try every seat's cover on it.
        """
        if self.phase is not Phase.PLAN:
            raise ValueError("the Plan phase has not started")
        piers = self.piers
        if self.seat < self.current_player:  # its own Plan is placed: take it off again
            piers = tuple(Pier(p.placements[:-1]) if s == self.seat else p for s, p in enumerate(piers))
        return replace(self, current_player=0, piers=piers, legal=()).determinize(random.Random(0))

    @cached_property
    def unseen(self) -> frozenset[int]:
        """Cards this seat has not seen: other hands, returned cards, the deck.

        Worked out on first use: a random bot never asks, a look-ahead bot always does.
        """
        known: set[int] = set(self.hand) | set(self.revealed)
        if self.returned is not None:
            known.add(self.returned)
        for s in range(self.players):
            plan = self.plans[s]
            if plan is not None:
                known.add(plan)
            known.update(p.card.id for p in self.piers[s])
            known.update(self.patrons[s])
        return frozenset(set(self.deck) - known)

    def determinize(self, rng: random.Random) -> Game:
        """A full game consistent with this view, the unseen cards dealt at random."""
        unseen = sorted(self.unseen)
        rng.shuffle(unseen)
        hands: list[tuple[int, ...]] = [()] * self.players
        plans = list(self.plans)
        returned: list[int | None] = [None] * self.players
        returned[self.seat] = self.returned  # the seat knows which card it sent back, in every phase
        piers = list(self.piers)
        if self.phase is Phase.SETUP:
            hands[self.seat] = self.hand
            for s in range(self.players):
                if s == self.seat:
                    continue
                dealt = [unseen.pop() for _ in range(3)]
                if s < self.current_player:  # already chose: keep two of its sampled cards
                    plans[s], foundation, returned[s] = dealt
                    piers[s] = Pier().place(self.deck[foundation])
                else:
                    hands[s] = tuple(dealt)
        elif self.returned is not None and not self._on_table(self.returned):
            unseen.append(self.returned)  # this seat's returned card is still in the deck
            rng.shuffle(unseen)
        # The pile is reshuffled when set-up ends: draw that shuffle now, from the same
        # stream as always, so bots keep playing the same games for the same seed.
        reshuffle_rng = random.Random(rng.random())
        reshuffle: tuple[int, ...] = ()
        if self.phase is Phase.SETUP:
            positions = list(range(len(unseen) + self.players))
            reshuffle_rng.shuffle(positions)
            reshuffle = tuple(positions)
        if self.phase is Phase.PLAN:
            # Plans are placed at the same time: guess that seats already done covered nothing.
            for s in range(self.current_player):
                pier, plan = piers[s], plans[s]
                if s != self.seat and plan is not None and pier.cards[-1].id != plan:
                    piers[s] = pier.place(self.deck[plan])
        return Game.assemble(
            deck=self.deck,
            players=self.players,
            seed=None,
            first_player=self.first_player,
            deal=Deal(tuple(unseen), reshuffle),  # what this world dealt: its pile, its reshuffle
            hands=hands,
            draw_pile=unseen,
            plans=plans,
            returned=returned,
            piers=piers,
            patrons=list(self.patrons),
            phase=self.phase,
            current_player=self.current_player,
            round=self.round,
            round_starter=self.round_starter,
            revealed=list(self.revealed),
            drafted=list(self.drafted),
            awards=list(self.awards),
            history=[],
            _final_sheets=None,
            ahead=[None] * self.players,  # others' choices made ahead are hidden; the seat's own is not needed
            _final_met=[],
        )

    def _on_table(self, card: int) -> bool:
        """Whether a card is somewhere public: draft row, a pier, a Plan or a patron."""
        return (
            card in self.revealed
            or card in self.plans
            or any(card in pats for pats in self.patrons)
            or any(p.card.id == card for pier in self.piers for p in pier)
        )


_HIDDEN = Pier()  # another seat's pier while Foundations are being chosen


def _score(seen: TableView | PlayerView, seat: int, with_plan: bool, final: tuple[ScoreSheet, ...] | None) -> ScoreSheet:
    if final is not None:
        return final[seat]
    if not with_plan:
        return seen.piers[seat].sheet(len(seen.patrons[seat]))
    cards = [None if plan is None else seen.deck[plan] for plan in seen.plans]
    return plan_scores(seen.players, base_sheets(seen.piers, seen.patrons), cards)[0][seat]


def _plan_met(seen: TableView | PlayerView, seat: int) -> bool | None:
    plan = seen.plans[seat]
    if plan is None:
        return None
    return judge_plan(seen.deck[plan], seen.players, seat, base_sheets(seen.piers, seen.patrons))
