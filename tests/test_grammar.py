"""Words from one grammar: every sentence with a count is said right for 0, 1 and 2, and a
number a sentence adds up is never counted again beside it.

Each sentence function of `pier18.words` that takes a count is listed in `SENTENCES`
with a way to call it for a count `n`; a function with an int parameter that is not a
count of something said with a noun (a card id, a port, a place...) is in `NOT_COUNTS`.
A new function with an int is in neither list until someone decides which it is:
`test_every_function_with_a_number_is_checked_or_excused` fails.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable

import pytest

from pier18 import i18n, words
from pier18.app import simulating
from pier18.cli import balance, errors, host, parser, play, review, stats
from pier18.cli import simulate as simulate_command
from pier18.speech import keys, moves, notices, people, scores, why
from pier18.speech.moves import _character_points, covering, plan_result, points_change
from pier18.speech.notices import jobs_over_cores, seats_for_players
from pier18.speech.scores import (
    ahead_points,
    biggest_mistake,
    decisions_count,
    expected_points,
    goal_progress,
    plan_note,
    points,
    points_lost_line,
    review_marks,
)
from pier18.speech.why import _behind, explanation, hint_lines, _lesson_you_chose, patron_points
from pier18 import session
from pier18.bots import make_bot
from pier18.engine.errors import Pier18Error
from pier18.lines import say
from pier18.lines.say import pier_title
from pier18.persist import lesson, record, savecache
from pier18.persist.savecache import summary_of
from pier18.selfplay.simulation import simulate
from pier18.session import authors_for, seat_kinds_for
from pier18.engine import Draft, Game, Keep, Phase, PlacePlan, PlayerView, TableView, load_deck
from pier18.engine.characters import Character
from pier18.engine.explain import Why, explain
from pier18.engine.motives import Keeps
from pier18.engine.phase import Phase
from pier18.engine.scoring import score_sections
from pier18.flow import takeback

from helpers import pier

DECK = load_deck()
CARD = DECK[7]
FISHER = Character.FISHER


def _game_with(made: int) -> Game:
    """A 2-player game with `made` decisions made (set-up first)."""
    game = Game(DECK, 2, 5)
    bots = [make_bot("greedy", seat) for seat in range(2)]
    while len(game.history) < made:
        game.apply(bots[game.current_player].choose(PlayerView.of(game, game.current_player)))
    return game


def _draft_game(bots_after: int) -> tuple[TableView, list[bool]]:
    """A 3-player draft where a person moved and then `bots_after` bots did."""
    game = Game(DECK, 3, 11, first_player=0)
    players = [make_bot("greedy", seat) for seat in range(3)]
    while game.phase is not Phase.DRAFT:
        game.apply(players[game.current_player].choose(PlayerView.of(game, game.current_player)))
    game.apply(players[0].choose(PlayerView.of(game, 0)))
    for _ in range(bots_after):
        game.apply(players[game.current_player].choose(PlayerView.of(game, game.current_player)))
    return TableView.of(game), [False, True, True]


def _takeback_question(bots_after: int) -> str:
    """Taking back a person's draft move and the `bots_after` bot moves after it."""
    view, bots = _draft_game(bots_after)
    facts = takeback(view, bots_after + 1, bots)
    assert facts is not None
    return words.takeback_prompt(view.deck, ["Ann", "Bob", "Cy"], facts)


def _fishers_reason(n: int, tie: bool) -> str:
    """The explanation of the Fishers on the emptier side (n of them), or a tie of n a side."""
    if tie:
        rows = "A A\n" * n if n else ". .\n"
        reasons = [r for r in explain(pier(rows)) if r.category is FISHER]
        return " / ".join(explanation(r) for r in reasons) or i18n._("No characters on this pier yet: nothing scores.")
    rows = "A A\n" * n + "A .\n" * (n + 1)  # n on the right, the emptier side; 2n + 1 on the left
    reasons = [r for r in explain(pier(rows)) if r.why is Why.EMPTIER_SIDE]
    return " / ".join(explanation(r) for r in reasons) or i18n._("No characters on this pier yet: nothing scores.")


def _names_needed(humans: int) -> str:
    """What `--names` with a name missing for `humans` human seats says."""
    with pytest.raises(Pier18Error) as refused:
        play.parse_names("", humans + 1, humans)
    return str(refused.value)


def _sheet_with_fishers(n: int):
    return score_sections(pier("A .\n" * n or ". .\n"))


#: Each sentence function that says a count, called for a count `n` (0, 1 or 2).
SENTENCES: dict[str, Callable[[int], object]] = {
    "covering": lambda n: covering(n),
    "cover_choice": lambda n: words.cover_choice(False, n),
    "_character_points": lambda n: [_character_points(n, FISHER), _character_points(-n, FISHER)],
    "points_change": lambda n: points_change(_sheet_with_fishers(0), _sheet_with_fishers(n + 1)),
    "points": lambda n: points(n),
    "pier_title": lambda n: pier_title("Cy", n),
    "foundation_role": lambda n: words.foundation_role(n),
    "motive_text": lambda n: why.motive_text(Keeps(CARD, CARD.plan.goal_for(2), DECK[3], n)),
    "breakdown_head": lambda n: words.breakdown_head("Ann", 1, n),
    "plan_result": lambda n: [plan_result(CARD, True, n, n), plan_result(CARD, False, 0, n)],
    "hint_lines": lambda n: hint_lines(DECK, Draft(7, n), float(n), n, [], "scores nothing"),
    "stats_headline": lambda n: stats.stats_headline(n, n, "/games"),
    "players_counted": lambda n: stats.players_counted([("Ann", n)]),
    "authors_for": lambda n: authors_for(n + 1, n),
    "expected_authors": lambda n: _refusal(lambda: record._authors({"authors": ["human"] * (n + 1)}, "game.json", n)),
    "elo_not_yet": lambda n: stats.elo_not_yet(n, 1200.0, 1800.0, n),
    "lesson_line": lambda n: [stats.lesson_line(False, n, None, None), stats.lesson_line(True, 0, n, True)],
    "elo_line": lambda n: stats.elo_line((1500.0, 1400.0, 1600.0, n), {"hard": 1500}),
    "summary_of": lambda n: summary_of(["Ann", "Bob"], Phase.DRAFT, 2, 1, n),
    "takeback_prompt": lambda n: _takeback_question(n),
    "seats_for_players": lambda n: [seats_for_players(n, 3), seats_for_players(n, 3, "level")],
    "levels_for_players": lambda n: _refusal(lambda: simulate(DECK, 3, ["hard"] * n, 1)),
    "jobs_over_cores": lambda n: jobs_over_cores("9", n),
    "_names_needed": lambda n: _names_needed(n),
    "seat_kinds_for": lambda n: seat_kinds_for(3, n),
    "games_finished": lambda n: [simulate_command.games_finished(n, n), simulate_command.games_finished(1, n + 1)],
    "simulation_title": lambda n: words.simulation_title(n, 2, "hard,hard", 0),
    "balance_head": lambda n: balance.balance_head(2, n, 0, n, 2, (0.1, 0.8), 0.05, 1.0, 0.0),
    "explanation": lambda n: [_fishers_reason(n, tie=False), _fishers_reason(n, tie=True)],
    "sampled_worlds": lambda n: words.sampled_worlds(n),
    "review_title": lambda n: review.review_title("game.json", "hard", n, 0),
    "review_summary_title": lambda n: words.review_summary_title("Ann", "hard", n),
    "decisions_count": lambda n: decisions_count(n),
    "points_lost_line": lambda n: points_lost_line({Phase.SETUP: 0.0}, 0.0, n),
    "marks_line": lambda n: words.marks_line([(mark, n) for mark in review_marks()]),
    "mark_count": lambda n: [words.mark_count(mark, n) for mark in review_marks()],
    "_lesson_you_chose": lambda n: _lesson_you_chose(DECK, PlacePlan(0), 10, 10 + n, CARD if n else None, n),
    "why_lost": lambda n: words.why_lost(float(n), n + 2),
    "resume_title": lambda n: words.resume_title(n),
    "records_taken": lambda n: simulating.records_taken("dir", "a.json", n),
    "unrecognized": lambda n: parser.unrecognized("x", n),
    "and_more": lambda n: words.and_more(n),
    "plan_note": lambda n: plan_note("At least 5 Poets", True, n),
    "_no_saved_game_numbered": lambda n: play._no_saved_game_numbered("'7'", n),
    "_cannot_read": lambda n: lesson._cannot_read("lesson.toml", "too big", n * 1024),
    "names_help": lambda n: words.names_help(n + 1, []),
    "_limit_refusal": lambda n: [
        notices._limit_refusal(code, n) for code in ("member_connection_limit", "spectator_limit", "address_spectator_limit")
    ],
}

#: Functions with an int that is not a count said with a noun: ids, numbers that name a
#: place or a thing ('player 2', 'decision 3', 'step 4 of 10'), ports, seeds, limits
#: said as a range or a unit ('1 to 24 characters', 'MiB'), or a count said against
#: another number ('2 of 5 judged').
NOT_COUNTS = {
    # the command line's: a port, a table size, an exit status, a count checked rather than said
    "_table_open", "listen_error", "open_web_seats", "play_own_seat", "resume_command", "check_seed", "parse_names",
    "fail", "_is_record_name", "check_record_dir", "_with_progress",
    "ngettext", "author", "waiting_now", "_against", "covering_short", "_on_card", "_at", "back_to_deck",
    "biggest_mistake", "bot_seat_name", "default_name", "_event_short",
    "games_out_of_range", "goal_progress", "hint_why", "key_card", "_lesson_suggested", "open_elsewhere", "ordinal",
    "patron_won", "replay_event", "review_phase", "score_command", "stands",
    "_bad_field", "_missing", "_unknown_field", "seat_numbers", "_side_name", "since_your_turn",
    "_table_events",
    "_int", "_list", "card_lines", "pier_lines", "section_line", "_field", "_step", "step_words",
}

#: Count nouns, singular and plural, as the sentences say them.
NOUNS = {
    "point": "points", "section": "sections", "game": "games", "decision": "decisions", "result": "results",
    "move": "moves", "Fisher": "Fishers", "world": "worlds", "seat": "seats", "level": "levels", "core": "cores",
    "name": "names", "deal": "deals", "kind": "kinds", "mistake": "mistakes", "blunder": "blunders",
    "inaccuracy": "inaccuracies", "connection": "connections", "spectator": "spectators",
}
_PLURALS = "|".join(NOUNS.values())
_SINGULARS = "|".join(NOUNS)
_NOUN = rf"(?:{_PLURALS}|{_SINGULARS})"
#: A number's noun: at most one word before it ('2 sampled worlds', '+1 Fisher point'),
#: none after it that is a noun too ('2 seat levels' counts levels).
_AFTER = r"(?:[A-Za-z-]+ )?"

#: What no sentence may say, whatever the count: each with why.
WRONG = [
    (re.compile(rf"(?<![\d.,])\b1 {_AFTER}(?:{_PLURALS})\b(?! {_NOUN}\b)"), "one of something said in the plural"),
    (re.compile(rf"(?<![\d.,])\b(?:0|[2-9]|\d\d+) {_AFTER}(?:{_SINGULARS})\b(?![-\w]| {_NOUN}\b)"), "none or several said in the singular"),
    (re.compile(rf"(?<![\d.,])\b1 {_AFTER}{_NOUN} (?:[\w-]+ ){{0,3}}?(?:are|tie|have)\b"), "one of something with a plural verb"),
    (re.compile(r"\bpts\b"), "'pts': points are said in full"),
    (re.compile(r"\w\(s\)"), "a plural glued on as '(s)'"),
    (re.compile(r"\b1 more point\b"), "a point said again beside the total that holds it"),
]


def _refusal(call: Callable[[], object]) -> str:
    """The one line a refusal says (a sentence worded where it is raised)."""
    with pytest.raises(Pier18Error) as caught:
        call()
    return str(caught.value)


def _sentences(value: object) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    return [text for item in value for text in _sentences(item)]  # type: ignore[attr-defined]


def test_every_function_with_a_number_is_checked_or_excused():
    unlisted = []
    for module in (
        words, people, scores, moves, why, keys, notices, session, savecache, say, lesson,
        stats, host, play, errors, parser, simulate_command, simulating, balance, review,
    ):
        for name, function in inspect.getmembers(module, inspect.isfunction):
            kinds = [str(p.annotation) for p in inspect.signature(function).parameters.values()]
            if function.__module__ == module.__name__ and any(re.fullmatch(r"int( \| None)?", kind) for kind in kinds):
                if name not in SENTENCES and name not in NOT_COUNTS:
                    unlisted.append(name)
    assert not unlisted, f"add each to SENTENCES (it says a count) or NOT_COUNTS (it does not): {unlisted}"


@pytest.mark.parametrize("name", sorted(SENTENCES))
@pytest.mark.parametrize("n", [0, 1, 2])
def test_a_count_is_said_with_the_right_form(name, n):
    for text in _sentences(SENTENCES[name](n)):
        for pattern, why in WRONG:
            found = pattern.search(text)
            assert found is None, f"{name}({n}): {why}: {found.group(0)!r} in {text!r}"


def test_the_checks_catch_what_they_are_for():
    """Each pattern finds the mistake it names (the sentences the issue quoted)."""
    said = [
        "1 points", "the 1 Fisher on the left are on the side with fewer", "Cy: 1 pts", "covers 2 section",
        "--jobs 3 is more than the 2 core(s) here", "You won the Patron #2: 1 more point.", "1 bot move are",
    ]
    for text in said:
        assert any(pattern.search(text) for pattern, _ in WRONG), text
    for text in ["1 point", "the Fisher on the left is", "2 points", "24.30 points", "+1 Fisher point", "-1 Poet point"]:
        assert not any(pattern.search(text) for pattern, _ in WRONG), text


def test_the_words_the_issue_quoted_are_said_right():
    assert pier_title("Cy", 1) == "Cy: 1 point"
    assert points(1) == "1 point" and points(0) == "0 points"
    assert "the Fisher on the right is on the side with fewer" in _fishers_reason(1, tie=False)
    assert "the 2 Fishers on the right are on the side with fewer" in _fishers_reason(2, tie=False)
    assert _character_points(2, FISHER) == "+2 Fisher points"  # points, not two more Fishers
    assert _character_points(-1, FISHER) == "-1 Fisher point"


# -- a number a sentence adds up is never counted twice ---------------------------------------


def _lesson_feedback() -> list[tuple[str, object]]:
    """Every feedback the lesson gives when the learner takes each suggestion: its text and
    the engine's outcome of the choice."""
    from rich.console import Console

    from pier18.persist.lesson import lesson_deck, load_script, new_lesson
    from pier18.tui.screens.lesson import feedback

    deck = lesson_deck()
    script = load_script(deck)
    session = new_lesson(deck, script)
    said = []
    while not session.game.is_terminal():
        game = session.game
        view = PlayerView.of(game, game.current_player)
        if game.current_player == 0:
            decision = script.suggestion(view) or view.legal[0]
            mine = view.outcome(decision)
            console = Console(width=400, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
            console.print(feedback(deck, mine, mine))
            said.append((console.export_text(), mine))
        else:
            decision = make_bot(script.bot, script.bot_seed).choose(view)
        session.apply(decision)
    return said


def test_the_lesson_says_each_point_once_inside_the_total():
    """'your total went from 8 to 10. You won the Patron: 1 more point' counted the
    Patron's point twice (the 10 holds it); the Plan's bonus was in the last total unsaid."""
    said = _lesson_feedback()
    patrons = plans = 0
    for text, mine in said:
        final = mine.final
        before, after = mine.sheet_before(plan=final), mine.sheet_after(plan=final)
        went = re.search(r"your total went from (\d+) to (\d+)", text)
        assert went and (int(went.group(1)), int(went.group(2))) == (before.total, after.total), text
        assert "more point" not in text, text
        if mine.patron_won is not None:
            patrons += 1
            assert f"the 1 point for winning the Patron #{mine.patron_won}" in text and "included" in text, text
            assert text.count("Patron #") == 1, text  # said once, in the total's sentence
        if after.plan != before.plan:
            plans += 1
            assert f"your Plan's bonus of {points(after.plan - before.plan)} included" in text, text
    # The designed path wins two Patrons; its Plan goal holds before the Plan is placed (the
    # totals hold the bonus while the goal holds), so no step there changes the bonus.
    assert patrons, "the lesson's path won no Patron: the test checks nothing"


# -- points named by the character: each language's own form -----------------------------------


def _card_with_patrons(*characters: Character):
    return next(card for card in DECK.values() if card.patrons == characters)


def test_points_named_by_characters_read_as_before_in_english():
    flower, poet = Character.FLOWER, Character.POET
    assert patron_points(_card_with_patrons(flower)) == "Flower Seller points"
    assert patron_points(_card_with_patrons(flower, poet)) == "Flower Seller + Poet points"
    assert _character_points(1, flower) == "+1 Flower Seller point"


def test_points_are_named_by_the_plural_category_in_dutch(monkeypatch, tmp_path, speaking):
    """Play-test nl, 11: 'punten voor Bloemenverkoper' (the singular title filled
    "{characters} points"). The points take the form the catalog gives for "points of":
    the category, plural, as the score table names it."""
    from tiny_catalog import speak_tiny

    speak_tiny(monkeypatch, tmp_path, {
        ("points of", "Flower Seller"): "Bloemenverkopers", ("points of", "Poet"): "Dichters",
        (None, "Flower Seller"): "Bloemenverkoper", (None, "Poet"): "Dichter",
        (None, "{characters} points"): "punten voor {characters}",
        (None, "{who} points:"): "punten voor {who}:",
    })
    flower, poet = Character.FLOWER, Character.POET
    assert patron_points(_card_with_patrons(flower)) == "punten voor Bloemenverkopers"
    assert patron_points(_card_with_patrons(flower, poet)) == "punten voor Bloemenverkopers + Dichters"
    most = next(goal for card in DECK.values() for goal in (card.plan.two, card.plan.three)
                if goal.kind == "most_points" and goal.category is flower)
    assert goal_progress(most, [3], 2).startswith("punten voor Bloemenverkopers: 3")


# -- decimals as the language writes them ------------------------------------------------------


def _decimal_sentences() -> list[str]:
    from pier18.engine.phase import Phase

    return [
        _behind(1.3), ahead_points(-0.38), ahead_points(0.001), expected_points(-1.3, 0.52),
        points_lost_line({Phase.SETUP: 0.0, Phase.DRAFT: 6.98}, 6.98, 5),
        words.expected_after(1.2, 18.4), words.why_lost(1.3, 6), words.why_lost(1.3, 1),
        biggest_mistake(4, "round 1", 2.31, "a", "b", "c"),
        *balance.balance_head(2, 10, 1, 4, 2, (0.25, 0.70), 0.031, 1.5, -0.25),
    ]


def test_decimals_in_english_are_written_as_before():
    said = _decimal_sentences()
    assert said[:4] == ["1.3 behind", "-0.38", "0.00", "-1.30 / +0.52"]
    assert "6.98 in the drafts" in said[4] and "; 6.98 over 5 decisions" in said[4]
    assert said[5].endswith("+1.20 (final total 18.40)") and "ended 1.30 points" in said[6] + said[7]
    assert "2.31 points" in said[8]
    assert "3.1%" in " ".join(said) and "(-0.25)" in " ".join(said)


def test_decimals_take_the_separator_the_catalog_gives(monkeypatch, tmp_path):
    """Play-test nl, 22: '1.3 achter', '6.98' in Dutch sentences. The separator is a
    message of its own ("decimal separator"), so a translator sets it."""
    from tiny_catalog import speak_tiny

    english = _decimal_sentences()
    speak_tiny(monkeypatch, tmp_path, {("decimal separator", "."): ","})
    try:
        dutch = _decimal_sentences()
    finally:
        from pier18 import i18n

        i18n.choose("en")
    assert dutch[:4] == ["1,3 behind", "-0,38", "0,00", "-1,30 / +0,52"]
    assert [re.sub(r"(\d)\.(\d)", r"\1,\2", line) for line in english] == dutch
