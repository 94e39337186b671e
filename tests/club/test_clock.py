"""A table's clock: its notation, its deadline on a fake clock, and its words."""

from __future__ import annotations

import pytest

from pier18.club.clock import DAY, Clock, ClockError, clock_text, clock_words, deadline, overdue, parse_on_timeout, parse_seconds


@pytest.mark.parametrize("text, seconds", [
    ("none", None), ("NONE", None), ("5m", 300), ("90m", 5400), ("2h", 7200), ("2d", 2 * DAY), (" 1m ", 60), ("60d", 60 * DAY),
])
def test_the_notation_reads_minutes_hours_and_days_per_move(text, seconds):
    assert parse_seconds(text) == seconds
    assert parse_seconds(clock_text(seconds)) == seconds


@pytest.mark.parametrize("text", ["", "5", "0m", "59s", "61d", "5x", "-5m", "1e3m", "٥m", "5 m", "9" * 400 + "m", "\x1b[2J"])
def test_a_bad_clock_is_one_line(text):
    with pytest.raises(ClockError) as caught:
        parse_seconds(text)
    assert "\n" not in str(caught.value) and "\x1b" not in str(caught.value)


def test_the_timeout_rule_is_bot_or_lose():
    assert parse_on_timeout("Lose") == "lose"
    with pytest.raises(ClockError):
        parse_on_timeout("forfeit")
    assert Clock.parse("2d", "lose") == Clock(2 * DAY, "lose")
    assert str(Clock(300)) == "5m" and str(Clock()) == "none"


def test_a_move_is_due_a_clock_after_the_last_and_late_from_then():
    clock = Clock(300)
    due = deadline(1000.0, clock)
    assert due == 1300.0
    assert not overdue(1299.9, due) and overdue(1300.0, due) and overdue(5000.0, due)
    assert deadline(1000.0, Clock()) is None and not overdue(10.0**12, None)


def test_the_clock_is_told_before_joining_with_what_a_timeout_does():
    assert clock_words(Clock()) == "no clock: the table waits for every move"
    assert clock_words(Clock(DAY)) == "1 day per move; when it runs out the hard bot moves for the seat"
    assert clock_words(Clock(300, "lose")) == "5 minutes per move; when it runs out the hard bot moves and the seat loses on time"
