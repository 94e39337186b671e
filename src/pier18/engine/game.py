"""A whole game of Pier 18 as a state machine.

Front ends and bots only talk to this surface: `phase`, `current_player`,
`legal_decisions()`, `apply()`, `is_terminal()`, `returns()`, `score()`. All the chance
in a game is one `Deal`, drawn from a seed or given as data, so a deal plus the list of
decisions rebuilds a game exactly, whatever `random` does in another Python.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields

from .cards import Card
from .deck import Deck
from .decisions import Decision, Draft, Keep, PlacePlan, draft_row, keeps, plan_placements
from ..i18n import _
from .errors import IllegalDecision, SetupError
from .outlook import Standing, base_sheets, judge_plan, patron_contest, plan_scores, rank
from .sizes import HAND_SIZE as HAND_SIZE, check_table_size, pile_size as pile_size, rounds_of
from .phase import Phase
from .pier import Pier
from .scoring import ScoreSheet


@dataclass(frozen=True, slots=True)
class PatronAward:
    """What happened in a round's patron phase, so a front end can explain it."""

    round: int
    card: int  # the Patron card
    scores: tuple[int, ...]  # each seat's score in the patron's character(s)
    drafted: tuple[int, ...]  # the card each seat drafted this round
    winner: int
    by_date: bool  # True when a tie was broken by the earliest drafted date
    after: int  # how many decisions the game had made when the patron was awarded

    @property
    def tied(self) -> tuple[int, ...]:
        best = max(self.scores)
        return tuple(i for i, s in enumerate(self.scores) if s == best)


@dataclass(frozen=True, slots=True)
class Deal:
    """Every chance outcome of a game, as data, so that replaying it needs no RNG.

    `order` is every card id as dealt: three per seat in seat order, then the draw pile
    from the top. `reshuffle` is how the pile is shuffled once set-up ends: the pile then
    (the rest of the draw pile, then each seat's returned card in seat order) becomes
    `[pile[i] for i in reshuffle]`. Positions, not cards, so it does not depend on which
    cards the players returned.
    """

    order: tuple[int, ...]
    reshuffle: tuple[int, ...]

    @classmethod
    def from_seed(cls, deck: Deck, players: int, seed: int | None) -> "Deal":
        """The deal a seed gives: the same outcomes the seed has always given."""
        rng = random.Random(seed)
        order = sorted(deck)
        _shuffle(order, rng)
        positions = list(range(pile_size(deck, players)))
        _shuffle(positions, rng)  # the shuffle made when set-up ends, done ahead of time
        return cls(tuple(order), tuple(positions))

    def problem(self, deck: Deck, players: int) -> str | None:
        """What makes this deal impossible for `deck` and `players`, or None."""
        if sorted(self.order) != sorted(deck):
            return _("the card order must hold every card id of the deck once ({count} ids)").format(count=len(deck))
        size = pile_size(deck, players)
        if sorted(self.reshuffle) != list(range(size)):
            return _("the reshuffle must hold every position from 0 to {last} once").format(last=size - 1)
        return None


def _shuffle(items: list[int], rng: random.Random) -> None:
    """`rng.shuffle(items)` written out: the same draws from `rng`, so the same order.

    Every simulated game is dealt by two shuffles, and `random.shuffle` calls a Python
    method per card to draw each position; drawing the bits here is the same
    Fisher-Yates walk with the same rejection of draws past the range. Spelling it out
    also fixes what a seed deals, whatever a later Python does inside `shuffle`.
    """
    getrandbits = rng.getrandbits
    for i, n, bits in _shuffle_steps(len(items)):  # swap items[i] with one of items[:n]
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def _shuffle_steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """The steps of shuffling `size` items, worked out once per size: (i, i + 1, its bit length)."""
    steps = _STEPS.get(size)
    if steps is None:
        steps = _STEPS[size] = tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
    return steps



@dataclass(init=False, eq=False, slots=True)
class Game:
    """The state of one game; `apply` changes it, `clone` copies it for look-ahead.

    Every piece of state is a field declared here and nowhere else: `clone` and
    `PlayerView.determinize` walk these fields, so a new field is one line below.
    """

    deck: Deck
    players: int
    seed: int | None
    first_player: int | None
    deal: Deal
    hands: list[tuple[int, ...]]
    draw_pile: list[int]
    plans: list[int | None]
    returned: list[int | None]
    piers: list[Pier]
    patrons: list[tuple[int, ...]]
    phase: Phase
    current_player: int
    round: int
    round_starter: int
    revealed: list[int]
    drafted: list[int | None]
    awards: list[PatronAward]
    history: list[tuple[int, Decision]]  # (seat, decision), in the order they were made
    ahead: list[Decision | None]  # a seat's choice made before its turn in a simultaneous phase
    _final_sheets: list[ScoreSheet] | None
    _final_met: list[bool | None]

    def __init__(
        self,
        deck: Deck,
        players: int,
        seed: int | None = 0,
        first_player: int | None = None,
        deal: Deal | None = None,
    ) -> None:
        """A new game, dealt by `deal` if given (as a record stores it), else from `seed`."""
        check_table_size(players)
        if first_player is not None and not 0 <= first_player < players:
            raise SetupError(_("the first player must be a seat from 0 to {last}").format(last=players - 1))
        if deal is None:
            deal = Deal.from_seed(deck, players, seed)
        elif (problem := deal.problem(deck, players)) is not None:
            raise SetupError(_("impossible deal: {problem}").format(problem=problem))
        self.deck = deck
        self.players = players
        self.seed = seed
        self.first_player = first_player
        self.deal = deal
        order = list(deal.order)
        self.hands = [tuple(order[HAND_SIZE * p : HAND_SIZE * (p + 1)]) for p in range(players)]
        self.draw_pile = order[HAND_SIZE * players :]
        self.plans = [None] * players
        self.returned = [None] * players
        self.piers = [Pier()] * players
        self.patrons = [()] * players
        self.phase = Phase.SETUP
        self.current_player = 0
        self.round = 0
        self.round_starter = 0
        self.revealed = []
        self.drafted = [None] * players
        self.awards = []
        self.history = []
        self.ahead = [None] * players
        self._final_sheets = None
        self._final_met = []

    # -- building and copying -------------------------------------------------

    @classmethod
    def replay(
        cls,
        deck: Deck,
        players: int,
        seed: int | None,
        decisions: Iterable[Decision],
        first_player: int | None = None,
        deal: Deal | None = None,
    ) -> "Game":
        """Rebuild a game from its deal (or seed) and decisions (IllegalDecision names the bad one)."""
        game = cls(deck, players, seed, first_player, deal)
        for number, decision in enumerate(decisions, start=1):
            try:
                game.apply(decision)
            except IllegalDecision as exc:
                raise IllegalDecision(
                    _("decision {number} ({decision}): {problem}").format(number=number, decision=decision, problem=exc)
                ) from None
        return game

    @classmethod
    def assemble(cls, **state: object) -> "Game":
        """A game from a value for every declared field (for look-ahead deals).

        A field left out or unknown is an error, so a new field cannot be forgotten.
        """
        missing = [name for name in STATE_FIELDS if name not in state]
        unknown = [name for name in state if name not in STATE_FIELDS]
        if missing or unknown:
            raise TypeError(f"Game.assemble: missing {missing}, unknown {unknown}")
        game = object.__new__(cls)
        for name in STATE_FIELDS:
            setattr(game, name, state[name])
        return game

    def clone(self) -> "Game":
        """An independent copy: lists are copied, immutable values shared."""
        other = object.__new__(Game)
        for name in STATE_FIELDS:
            value = getattr(self, name)
            if type(value) is list:
                value = value.copy()
            setattr(other, name, value)
        return other

    @property
    def decisions(self) -> list[Decision]:
        """The decisions made so far, without who made them (what a record stores)."""
        return [decision for _unused, decision in self.history]

    # -- the state machine surface ----------------------------------------------

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def legal_decisions(self) -> list[Decision]:
        """Every decision the current player may make now (empty once the game is over)."""
        if self.phase is Phase.SETUP:
            return list(keeps(self.hands[self.current_player]))
        if self.phase is Phase.DRAFT:
            return draft_row(self.revealed, self.piers[self.current_player].max_cover + 1)
        if self.phase is Phase.PLAN:
            placements: list[Decision] = list(plan_placements(self.piers[self.current_player].max_cover + 1))
            return placements
        return []

    def simultaneous(self) -> bool:
        """Whether every seat may decide now, each on its own: choosing the Plan and the
        Foundation, and placing the Plan card. (They are still applied in seat order:
        a choice made ahead of its turn waits, hidden, in `ahead`.)"""
        return self.phase is Phase.SETUP or self.phase is Phase.PLAN

    def has_chosen(self, seat: int) -> bool:
        """Whether `seat` has made its choice of this simultaneous phase (applied, or waiting)."""
        return self.simultaneous() and (seat < self.current_player or self.ahead[seat] is not None)

    def legal_decisions_for(self, seat: int) -> list[Decision]:
        """Every decision `seat` may make now: the current player's, or in a simultaneous
        phase, the choice of a seat that has not made it yet."""
        if seat == self.current_player:
            return self.legal_decisions()
        if not self.simultaneous() or self.has_chosen(seat):
            return []
        if self.phase is Phase.SETUP:
            return list(keeps(self.hands[seat]))
        return list(plan_placements(self.piers[seat].max_cover + 1))

    def choose(self, seat: int, decision: Decision) -> list[Decision]:
        """`seat` makes `decision`, now or, in a simultaneous phase, ahead of its turn.

        Returns the decisions applied, in the order the game applies them (a choice made
        ahead is applied when its seat's turn comes), which is what a record keeps.
        IllegalDecision, and nothing changes, if the seat may not make it now.
        """
        if seat != self.current_player:
            if decision not in self.legal_decisions_for(seat):
                raise IllegalDecision(
                    _("player {player} cannot make the decision '{decision}' now").format(player=seat + 1, decision=decision)
                )
            self.ahead[seat] = decision
            return []
        made = len(self.history)
        self.apply(decision)
        return [later for _unused, later in self.history[made:]]

    def apply(self, decision: Decision) -> None:
        """Make the current player's decision; an illegal one raises and changes nothing.

        Then the next seat's choice made ahead of its turn (`choose`), if there is one."""
        seat = self.current_player
        if self.phase is Phase.SETUP and type(decision) is Keep:
            self._keep(decision)
        elif self.phase is Phase.DRAFT and type(decision) is Draft:
            self._draft(decision)
        elif self.phase is Phase.PLAN and type(decision) is PlacePlan:
            self._place_plan(decision)
        else:
            if self.phase is Phase.SETUP:
                wrong = _("it is the setup phase: expected a 'keep' decision, not {decision}")
            elif self.phase is Phase.DRAFT:
                wrong = _("it is the draft phase: expected a 'draft' decision, not {decision}")
            elif self.phase is Phase.PLAN:
                wrong = _("it is the plan phase: expected a 'plan' decision, not {decision}")
            else:
                raise IllegalDecision(_("the game is over"))
            raise IllegalDecision(wrong.format(decision=decision))
        self.history.append((seat, decision))
        ahead = self.ahead
        if ahead[self.current_player] is not None and self.simultaneous():  # its choice made ahead: made now
            waiting = ahead[self.current_player]
            ahead[self.current_player] = None
            assert waiting is not None
            self.apply(waiting)

    def returns(self) -> tuple[int, ...]:
        """Final totals per seat (current totals before the end)."""
        return tuple(self.score(p).total for p in range(self.players))

    # -- decisions ------------------------------------------------------------------

    def _keep(self, decision: Keep) -> None:
        seat = self.current_player
        hand = self.hands[seat]
        if decision.plan not in hand or decision.foundation not in hand:
            raise IllegalDecision(_("player {player} was dealt cards {hand}; keep two of those").format(player=seat + 1, hand=hand))
        if decision.plan == decision.foundation:
            raise IllegalDecision(_("the Plan and the Foundation must be different cards"))
        self.plans[seat] = decision.plan
        self.piers[seat] = Pier().place(self.deck[decision.foundation])
        (self.returned[seat],) = [c for c in hand if c not in (decision.plan, decision.foundation)]
        self.hands[seat] = ()
        if seat + 1 < self.players:
            self.current_player = seat + 1
            return
        pile = self.draw_pile + [c for c in self.returned if c is not None]
        self.draw_pile = [pile[i] for i in self.deal.reshuffle]
        if self.first_player is None:
            dates = [self.piers[p].placements[0].card.date_key for p in range(self.players)]
            self.first_player = dates.index(min(dates))
        self._start_round(self.first_player)

    def _start_round(self, starter: int) -> None:
        if len(self.draw_pile) < self.players + 1:
            self.phase = Phase.PLAN
            self.current_player = 0
            self.revealed = []
            return
        self.phase = Phase.DRAFT
        self.round += 1
        self.round_starter = self.current_player = starter
        self.revealed = self.draw_pile[: self.players + 1]
        del self.draw_pile[: self.players + 1]
        self.drafted = [None] * self.players

    def _draft(self, decision: Draft) -> None:
        seat = self.current_player
        if decision.card not in self.revealed:
            raise IllegalDecision(_("card {card} is not in the draft row {row}").format(card=decision.card, row=self.revealed))

        self.piers[seat] = self.piers[seat].place(self.deck[decision.card], decision.cover)
        self.revealed.remove(decision.card)
        self.drafted[seat] = decision.card
        seat = (seat + 1) % self.players
        if seat != self.round_starter:
            self.current_player = seat
            return
        self._patron_phase()
        self._start_round((self.round_starter + 1) % self.players)

    def _patron_phase(self) -> None:
        (patron,) = self.revealed
        scores, winner, by_date = patron_contest(self.deck, patron, self.piers, self.drafted)
        assert winner is not None  # everyone has drafted, so every tie can be broken
        self.patrons[winner] += (patron,)
        drafted = tuple([card for card in self.drafted if card is not None])
        assert len(drafted) == self.players
        # The draft that ends the round is not in the history yet: it is the next entry.
        self.awards.append(PatronAward(self.round, patron, scores, drafted, winner, by_date, len(self.history) + 1))
        self.revealed = []

    def patron_contest(self, patron: int) -> tuple[tuple[int, ...], int | None, bool]:
        """Who would win the Patron card `patron` now (`outlook.patron_contest`)."""
        return patron_contest(self.deck, patron, self.piers, self.drafted)

    @property
    def total_rounds(self) -> int:
        """How many rounds this game has: 4 with 2 players, 3 with 3 (18 cards)."""
        return rounds_of(self.deck, self.players)

    def _place_plan(self, decision: PlacePlan) -> None:
        seat = self.current_player
        plan = self.plans[seat]
        assert plan is not None
        self.piers[seat] = self.piers[seat].place(self.deck[plan], decision.cover)
        if seat + 1 < self.players:
            self.current_player = seat + 1
        else:
            self.phase = Phase.OVER

    # -- reading the state ------------------------------------------------------------

    def plan_card(self, seat: int) -> Card | None:
        plan = self.plans[seat]
        return self.deck[plan] if plan is not None else None

    def plan_met(self, seat: int) -> bool | None:
        """Whether the seat's Plan goal is met by the piers as they stand now (None: no Plan)."""
        card = self.plan_card(seat)
        if card is None:
            return None
        if self._final_sheets is not None:
            return self._final_met[seat]
        return judge_plan(card, self.players, seat, base_sheets(self.piers, self.patrons))

    def score(self, seat: int, with_plan: bool = False) -> ScoreSheet:
        """The seat's score now: its pier and patrons, plus (`with_plan`) its Plan bonus
        if the goal holds now. Once the game is over, the final score, Plan bonus included."""
        if self.phase is Phase.OVER:
            return self._final()[0][seat]
        if with_plan:
            return plan_scores(self.players, base_sheets(self.piers, self.patrons), self._plan_cards())[0][seat]
        return self.piers[seat].sheet(len(self.patrons[seat]))

    def _plan_cards(self) -> list[Card | None]:
        return [self.plan_card(p) for p in range(self.players)]

    def _final(self) -> tuple[list[ScoreSheet], list[bool | None]]:
        """Final sheets and Plan verdicts, judged once: a finished game never changes."""
        if self._final_sheets is None:
            self._final_sheets, self._final_met = plan_scores(
                self.players, base_sheets(self.piers, self.patrons), self._plan_cards()
            )
        return self._final_sheets, self._final_met

    def ranking(self) -> list[Standing]:
        """Seats from first to last: total, then visible characters, then earliest Plan date."""
        sheets = self._final()[0] if self.phase is Phase.OVER else [self.score(p) for p in range(self.players)]
        return rank(sheets, self._plan_cards())

    def cards_in_play(self) -> list[int]:
        """Every card id somewhere in the game: used by tests to check none is lost."""
        cards: list[int] = []
        for hand in self.hands:
            cards.extend(hand)
        cards.extend(self.draw_pile)
        cards.extend(self.revealed)
        for seat in range(self.players):
            on_pier = [p.card.id for p in self.piers[seat]]
            cards.extend(on_pier)
            cards.extend(self.patrons[seat])
            plan = self.plans[seat]
            if plan is not None and plan not in on_pier:
                cards.append(plan)
        if self.phase is Phase.SETUP:
            cards.extend(c for c in self.returned if c is not None)
        return cards


#: The names of `Game`'s state, in declaration order: what `clone` and `assemble` walk.
STATE_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Game))
