"""A club table's turn clock: how long each move may take, and what happens after.

A table plays live (minutes per move) or by correspondence (days per move), or has no
clock at all. The clock is written `none`, `5m`, `2h` or `2d` (the same in every
language: it is notation, as a decision is). When a seat's time runs out, the hard bot
moves for it, said as the bot's everywhere (`bot`), or the same and the seat is marked
as having lost on time (`lose`): it ranks last for the ratings, while the game itself
still finishes under the rules, so its record replays and reviews as any other.

Pure: time is always given (`now`), never read here, so tests drive a fake clock.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..engine.errors import Pier18Error
from ..engine.text import quote
from ..i18n import _, ngettext

MINUTE = 60
HOUR = 60 * MINUTE
DAY = 24 * HOUR
SHORTEST = MINUTE
LONGEST = 60 * DAY
#: What happens when a seat's time runs out.
ON_TIMEOUT = ("bot", "lose")
NONE = "none"

_UNITS = {"m": MINUTE, "h": HOUR, "d": DAY}
_NOTATION = re.compile(r"([0-9]{1,7})([mhd])")


class ClockError(Pier18Error):
    """A clock or a timeout rule that cannot be read; one line."""


@dataclass(frozen=True)
class Clock:
    """Seconds per move (None: no clock) and what a timeout does ("bot" or "lose")."""

    seconds: int | None = None
    on_timeout: str = "bot"

    def __post_init__(self) -> None:
        if self.on_timeout not in ON_TIMEOUT:
            raise ValueError(f"on_timeout must be one of {ON_TIMEOUT}, not {self.on_timeout!r}")
        if self.seconds is not None and not SHORTEST <= self.seconds <= LONGEST:
            raise ValueError(f"a clock of {self.seconds} seconds is out of range")

    @classmethod
    def parse(cls, text: str, on_timeout: str = "bot") -> "Clock":
        return cls(parse_seconds(text), parse_on_timeout(on_timeout))

    def __str__(self) -> str:
        return clock_text(self.seconds)


def parse_seconds(text: str) -> int | None:
    """`none`, `5m`, `2h`, `2d` as seconds per move (None for no clock); ClockError else."""
    word = text.strip().lower()
    if word == NONE:
        return None
    match = _NOTATION.fullmatch(word)
    if match is not None:
        seconds = int(match.group(1)) * _UNITS[match.group(2)]
        if SHORTEST <= seconds <= LONGEST:
            return seconds
    raise ClockError(_("clock {clock}: expected none, minutes per move (5m), hours (2h) or days (2d), from 1m to 60d").format(
        clock=quote(text)
    ))


def parse_on_timeout(text: str) -> str:
    word = text.strip().lower()
    if word not in ON_TIMEOUT:
        raise ClockError(_("at timeout {rule}: expected bot or lose").format(rule=quote(text)))
    return word


def clock_text(seconds: int | None) -> str:
    """The notation of a clock: `none`, or the largest whole unit (`2d`, `90m`)."""
    if seconds is None:
        return NONE
    for unit, size in (("d", DAY), ("h", HOUR)):
        if seconds % size == 0:
            return f"{seconds // size}{unit}"
    return f"{seconds // MINUTE}m"


def deadline(last_move_at: float, clock: Clock) -> float | None:
    """When the next move is due (None: never), counted from the last move (or the start)."""
    return None if clock.seconds is None else last_move_at + clock.seconds


def overdue(now: float, due: float | None) -> bool:
    """Whether a move due at `due` is late at `now`."""
    return due is not None and now >= due


def duration_words(seconds: int) -> str:
    """'5 minutes', '2 days', '3 hours': the largest whole unit, in words."""
    if seconds % DAY == 0:
        days = seconds // DAY
        # TRANSLATORS: a turn clock's time left, as in 'due in 2 days'
        return ngettext("{n} day", "{n} days", days).format(n=days)
    if seconds % HOUR == 0:
        hours = seconds // HOUR
        return ngettext("{n} hour", "{n} hours", hours).format(n=hours)
    minutes = seconds // MINUTE
    return ngettext("{n} minute", "{n} minutes", minutes).format(n=minutes)


def time_left(seconds: float) -> str:
    """The time left for a move: '1 day and 23 hours', '5 hours', '3 minutes' (rounded
    down), or 'less than a minute': the two largest units, so a clock of 2 days just
    started is not '1 day'. One function for the club's lists and its games."""
    whole = int(seconds)
    if whole >= DAY:
        days, hours = whole // DAY, whole % DAY // HOUR
        said = ngettext("{n} day", "{n} days", days).format(n=days)
        if hours:
            # TRANSLATORS: two units of time left, largest first: '2 days and 3 hours'
            said = _("{days} and {hours}").format(days=said, hours=ngettext("{n} hour", "{n} hours", hours).format(n=hours))
        return said
    if whole >= HOUR:
        hours, minutes = whole // HOUR, whole % HOUR // MINUTE
        said = ngettext("{n} hour", "{n} hours", hours).format(n=hours)
        if minutes:
            said = _("{hours} and {minutes}").format(hours=said, minutes=ngettext("{n} minute", "{n} minutes", minutes).format(n=minutes))
        return said
    if whole >= MINUTE:
        return ngettext("{n} minute", "{n} minutes", whole // MINUTE).format(n=whole // MINUTE)
    return _("less than a minute")


def clock_words(clock: Clock) -> str:
    """The clock as a player reads it before joining: the time per move and what a
    timeout does."""
    if clock.seconds is None:
        return _("no clock: the table waits for every move")
    if clock.on_timeout == "lose":
        return _("{time} per move; when it runs out the hard bot moves and the seat loses on time").format(
            time=duration_words(clock.seconds)
        )
    return _("{time} per move; when it runs out the hard bot moves for the seat").format(time=duration_words(clock.seconds))
