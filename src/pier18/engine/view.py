"""What one player may know: the public table plus their own hand.

Bots decide from a `PlayerView`, never from a `Game`: a view holds no deck order, no
other player's hand and no RNG, so a bot cannot peek. `determinize` deals the unseen
cards at random to make a full `Game` consistent with the view, for look-ahead.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cached_property

from .deck import Deck
from .decisions import Decision
from .game import Game, PatronAward, Phase
from .pier import Pier


@dataclass(frozen=True)
class PlayerView:
    deck: Deck
    players: int
    seat: int  # whose view this is
    phase: Phase
    current_player: int
    round: int
    round_starter: int
    first_player: int | None
    hand: tuple[int, ...]  # this seat's dealt cards during set-up
    returned: int | None  # the card this seat sent back to the deck
    plans: tuple[int | None, ...]  # others' Plans are hidden until everyone has chosen
    piers: tuple[Pier, ...]  # others' are hidden while choices are simultaneous: see `of`
    patrons: tuple[tuple[int, ...], ...]
    revealed: tuple[int, ...]
    drafted: tuple[int | None, ...]
    awards: tuple[PatronAward, ...]
    cards_in_deck: int  # how many cards the draw pile holds (its order is unknown)
    legal: tuple[Decision, ...]  # the seat's legal decisions if it is its turn, else ()

    @classmethod
    def of(cls, game: Game, seat: int) -> "PlayerView":
        """The view `seat` has of `game` now.

        Foundations are chosen at the same time, so during set-up other seats' piers and
        Plans are hidden; Plan cards are placed at the same time, so during the Plan phase
        another seat's placed Plan stays hidden until the game is over.
        """
        phase = game.phase
        plans, piers = tuple(game.plans), tuple(game.piers)
        if phase is Phase.SETUP:  # Plans and Foundations are chosen at the same time
            plans = tuple(p if s == seat else None for s, p in enumerate(plans))
            piers = tuple(p if s == seat else _HIDDEN for s, p in enumerate(piers))
        elif phase is Phase.PLAN:  # Plans are placed at the same time: hide those placed
            placed = game.current_player
            piers = tuple(p if s == seat or s >= placed else Pier(p.placements[:-1]) for s, p in enumerate(piers))
        legal = tuple(game.legal_decisions()) if game.current_player == seat and phase is not Phase.OVER else ()
        # Bots build one view per decision over thousands of games, so skip the frozen
        # dataclass's per-field __setattr__: the fields are set once, here, as a dict.
        view = object.__new__(cls)
        view.__dict__.update(
            deck=game.deck,
            players=game.players,
            seat=seat,
            phase=phase,
            current_player=game.current_player,
            round=game.round,
            round_starter=game.round_starter,
            first_player=game.first_player if phase is not Phase.SETUP else None,
            hand=game.hands[seat],
            returned=game.returned[seat],
            plans=plans,
            piers=piers,
            patrons=tuple(game.patrons),
            revealed=tuple(game.revealed),
            drafted=tuple(game.drafted),
            awards=tuple(game.awards),
            cards_in_deck=len(game.draw_pile),
            legal=legal,
        )
        return view

    @cached_property
    def unseen(self) -> frozenset[int]:
        """Cards this seat has not seen: other hands, returned cards, the deck.

        Worked out on first use: a random bot never asks, a look-ahead bot always does.
        """
        known: set[int] = set(self.hand) | set(self.revealed)
        if self.returned is not None:
            known.add(self.returned)
        for s in range(self.players):
            if self.plans[s] is not None:
                known.add(self.plans[s])  # type: ignore[arg-type]
            known.update(p.card.id for p in self.piers[s])
            known.update(self.patrons[s])
        return frozenset(set(self.deck) - known)

    def determinize(self, rng: random.Random) -> Game:
        """A full game consistent with this view, the unseen cards dealt at random."""
        unseen = sorted(self.unseen)
        rng.shuffle(unseen)
        game = object.__new__(Game)
        game.deck = self.deck
        game.players = self.players
        game.seed = None
        game.first_player = self.first_player
        game.rng = random.Random(rng.random())
        game.hands = [()] * self.players
        game.plans = list(self.plans)
        game.returned = [None] * self.players
        game.piers = list(self.piers)
        game.patrons = list(self.patrons)
        game.phase = self.phase
        game.current_player = self.current_player
        game.round = self.round
        game.round_starter = self.round_starter
        game.revealed = list(self.revealed)
        game.drafted = list(self.drafted)
        game.awards = list(self.awards)
        game.history = []
        game._final_sheets = None
        game._final_met = []
        if self.phase is Phase.SETUP:
            game.hands[self.seat] = self.hand
            for s in range(self.players):
                if s == self.seat:
                    continue
                dealt = [unseen.pop() for _ in range(3)]
                if s < self.current_player:  # already chose: keep two of its sampled cards
                    game.plans[s], foundation, game.returned[s] = dealt
                    game.piers[s] = Pier().place(self.deck[foundation])
                else:
                    game.hands[s] = tuple(dealt)
            game.returned[self.seat] = self.returned
        elif self.returned is not None and not self._on_table(self.returned):
            unseen.append(self.returned)  # this seat's returned card is still in the deck
            rng.shuffle(unseen)
        if self.phase is Phase.PLAN:
            # Plans are placed at the same time: guess that seats already done covered nothing.
            for s in range(self.current_player):
                pier, plan = game.piers[s], self.plans[s]
                if s != self.seat and plan is not None and pier.cards[-1].id != plan:
                    game.piers[s] = pier.place(self.deck[plan])
        game.draw_pile = unseen
        return game

    def _on_table(self, card: int) -> bool:
        """Whether a card is somewhere public: draft row, a pier, a Plan or a patron."""
        return (
            card in self.revealed
            or card in self.plans
            or any(card in pats for pats in self.patrons)
            or any(p.card.id == card for pier in self.piers for p in pier)
        )


_HIDDEN = Pier()  # another seat's pier while Foundations are being chosen
