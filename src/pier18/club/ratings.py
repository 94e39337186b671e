"""Club ratings: OpenSkill's Plackett-Luce model (Weng and Lin, 2011), any number of seats.

Every finished club game updates the rating of each member who sat at it: each seat is
a team of one, ranked by the game's final places (`Game.ranking`; seats tied on every
tie-breaker share a place), except that a seat that lost on time ranks last, below
every seat that did not (several such share the last place). Bots are rated like
people: each bot level is a member of its own, "bot:hard". A member at two seats of one
game (two bots of one level) is rated at each seat from its rating before the game, and
keeps the mean of the two results; it has played one game more.

A rating is shown as its ordinal, mu - 3 sigma (a cautious estimate: it starts at 0 and
rises as the games show a member's skill), with the number of games played.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..i18n import ngettext

if TYPE_CHECKING:  # pragma: no cover
    from openskill.models import PlackettLuce

MU = 25.0  # OpenSkill's defaults: a new member's skill and its uncertainty
SIGMA = MU / 3
BOT_PREFIX = "bot:"


@dataclass(frozen=True)
class Rating:
    """A member's skill estimate (mean and standard deviation) and games rated."""

    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    @property
    def ordinal(self) -> float:
        """What is shown and sorted on: mu - 3 sigma."""
        return self.mu - 3 * self.sigma

    def usable(self) -> bool:
        """Finite numbers, a positive sigma and a count of games: what a stored rating must be."""
        return math.isfinite(self.mu) and math.isfinite(self.sigma) and self.sigma > 0 and self.games >= 0


def bot_member(level: str) -> str:
    """The club member a bot level is rated as: "bot:hard"."""
    return f"{BOT_PREFIX}{level}"


def places(finish: Sequence[int], lost_on_time: Collection[int]) -> list[int]:
    """Each seat's place for the rating: its place in the game (`finish`, by seat, 1 the
    best, ties equal), every seat that lost on time after all the others, sharing last."""
    last = max((place for seat, place in enumerate(finish) if seat not in lost_on_time), default=0)
    return [last + 1 if seat in lost_on_time else place for seat, place in enumerate(finish)]


def model(tau: float | None = None) -> "PlackettLuce":
    """The club's rating model: OpenSkill's Plackett-Luce with its own defaults (mu 25,
    sigma 25/3, beta 25/6), `tau` the drift per game (None: OpenSkill's, 25/300)."""
    from openskill.models import PlackettLuce  # loaded only when a game ends

    return PlackettLuce(mu=MU, sigma=SIGMA) if tau is None else PlackettLuce(mu=MU, sigma=SIGMA, tau=tau)


def rate(ratings: Sequence[Rating], seat_places: Sequence[int], tau: float | None = None) -> list[Rating]:
    """Each seat's rating after a game in which the seats took `seat_places` (1 the best;
    equal places are a tie). `tau` is the model's drift per game (None: OpenSkill's own,
    25/300, which keeps sigma from shrinking to nothing)."""
    if len(ratings) != len(seat_places) or len(ratings) < 2:
        raise ValueError("a rated game has two or more seats, each with a place")
    rater = model(tau)
    teams = [[rater.rating(mu=rating.mu, sigma=rating.sigma)] for rating in ratings]
    rated = rater.rate(teams, ranks=[float(place) for place in seat_places])
    return [Rating(team[0].mu, team[0].sigma, rating.games + 1) for team, rating in zip(rated, ratings)]


def rate_members(members: Sequence[str], before: Mapping[str, Rating], seat_places: Sequence[int]) -> dict[str, Rating]:
    """The members' ratings after a game: `members[seat]` sat at each seat (a member may
    sit at several), `before` holds each member's rating before it (a new member: the
    default)."""
    after = rate([before.get(member, Rating()) for member in members], seat_places)
    results: dict[str, list[Rating]] = {}
    for member, rating in zip(members, after):
        results.setdefault(member, []).append(rating)
    return {
        member: Rating(
            sum(r.mu for r in ratings) / len(ratings),
            sum(r.sigma for r in ratings) / len(ratings),
            before.get(member, Rating()).games + 1,
        )
        for member, ratings in results.items()
    }


def rating_words(rating: Rating) -> str:
    """'12.4 (3 games)': the ordinal, to one decimal, and the games rated."""
    return ngettext("{rating:.1f} ({games} game)", "{rating:.1f} ({games} games)", rating.games).format(
        rating=rating.ordinal, games=rating.games
    )
