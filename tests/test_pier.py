"""Overlap placement, visible sections and the two pier notations."""

from __future__ import annotations

import pytest

from pier18.engine import (
    Character,
    IllegalOverlap,
    NotationError,
    Pier,
    Placement,
    format_sections,
    parse_sections,
)
from pier18.engine.deck import load_deck
from reference import pier_rows, reference_total


def test_a_card_may_cover_all_but_one_section_of_the_card_before(deck):
    first, second = deck[1], deck[2]
    pier = Pier().place(first)
    assert list(pier.covers()) == list(range(len(first)))
    covered = pier.place(second, len(first) - 1)
    assert covered.visible_sections() == (first.sections[0],) + second.sections
    with pytest.raises(IllegalOverlap):
        pier.place(second, len(first))
    with pytest.raises(IllegalOverlap):
        pier.place(second, -1)


def test_the_first_card_covers_nothing(deck):
    with pytest.raises(IllegalOverlap):
        Pier().place(deck[1], 1)


def test_illegal_overlap_changes_nothing(deck):
    pier = Pier().place(deck[1])
    with pytest.raises(IllegalOverlap):
        pier.place(deck[2], 9)
    assert pier.visible_sections() == deck[1].sections


def test_covered_sections_are_the_sea_end_of_the_card_before(deck):
    a, b, c = deck[3], deck[4], deck[5]
    pier = Pier().place(a).place(b, 1).place(c, 2)
    expected = a.sections[:-1] + b.sections[:-2] + c.sections
    assert pier.visible_sections() == expected
    owners = [(v.card.id, v.index) for v in pier.visible()]
    assert owners == [(3, i) for i in range(len(a) - 1)] + [(4, i) for i in range(len(b) - 2)] + [
        (5, i) for i in range(len(c))
    ]


def test_card_notation_round_trips(deck):
    pier = Pier.from_notation("7 12:1 3:2 9", deck)
    assert [p.card.id for p in pier] == [7, 12, 3, 9]
    assert [p.cover for p in pier] == [0, 1, 2, 0]
    assert pier.notation() == "7 12:1 3:2 9"
    assert Pier.from_notation(pier.notation(), deck) == pier


@pytest.mark.parametrize(
    "text, message",
    [
        ("7 99", "card 99 is not in the deck"),
        ("7 7", "card 7 appears twice"),
        ("7 x", "'x' is not a card id"),
        ("7 12:4", "cannot cover 4 sections"),
        ("7:1", "first card"),
        ("", "no cards"),
    ],
)
def test_card_notation_errors_name_the_problem(deck, text, message):
    with pytest.raises(NotationError, match=message):
        Pier.from_notation(text, deck)


def test_text_notation_reads_letters_names_case_comments_and_blank_lines():
    text = "# my pier\n\nf .\nPOET anchor\n  lovers   Fisher  # sea end\n"
    with pytest.raises(NotationError):
        parse_sections(text)  # 'anchor' is not a token
    sections = parse_sections("# my pier\n\nf .\nPOET a\n  lovers   Fisher  # sea end\n")
    F, P, L, A = Character.FLOWER, Character.POET, Character.LOVERS, Character.FISHER
    assert sections == ((F, None), (P, A), (L, A))
    assert format_sections(sections) == "F .\nP A\nL A\n"
    assert parse_sections(format_sections(sections)) == sections


@pytest.mark.parametrize(
    "text, message",
    [
        ("F .\nQ .\n", "line 2: unknown token 'Q'"),
        ("F .\n\nP\n", "line 3: expected two tokens LEFT RIGHT, found one token"),
        ("F . P\n", "line 1: expected two tokens LEFT RIGHT, found 3 tokens"),
        ("# nothing\n\n", "the pier is empty: write one section per line, land end first"),
        ("F . # a comment # with a second hash\nQ P\n", "line 2: unknown token 'Q' (use . F P L A or flower poet lovers fisher)"),
    ],
)
def test_text_notation_errors_name_the_line(text, message):
    with pytest.raises(NotationError) as info:
        parse_sections(text)
    assert str(info.value).startswith(message)


def test_everything_after_the_first_hash_is_a_comment():
    assert parse_sections("F P # one # two # three\n. A\n") == (("flower", "poet"), (None, "fisher"))


def test_visible_sections_extended_step_by_step_match_a_fresh_walk(deck):
    import random

    rng = random.Random(3)
    for _ in range(50):
        pier = Pier()
        for card_id in rng.sample(sorted(deck), 6):
            pier.visible_sections()  # known before placing: the new pier extends it
            pier = pier.place(deck[card_id], rng.choice(list(pier.covers())))
            assert pier.visible_sections() == Pier(pier.placements).visible_sections()
            assert pier.visible_sections() == tuple(v.section for v in pier.visible())


def test_piers_are_equal_only_when_their_placements_are(deck):
    pier = Pier().place(deck[7]).place(deck[12], 1)
    assert pier == Pier.from_notation("7 12:1", deck)
    assert pier != Pier.from_notation("7 12", deck)
    assert pier != Pier.from_notation("7 12:1 3", deck)
    assert pier != pier.placements  # a tuple of the same placements is not a pier


def test_one_pier_extended_in_several_ways_gives_each_its_own_pier(deck):
    """Placing from the same pier again (bots try many placements) must never hand back
    an earlier, different result, whatever the engine remembers between calls."""
    base = Pier().place(deck[7])
    for cover in (0, 1, 2, 0, 1):
        extended = base.place(deck[12], cover)
        assert [(p.card.id, p.cover) for p in extended] == [(7, 0), (12, cover)]
        assert extended.visible_sections() == deck[7].sections[: len(deck[7]) - cover] + deck[12].sections
    assert base.place(deck[3]).placements[-1].card is deck[3]
    assert [p.card.id for p in base] == [7]


def test_a_pier_extended_with_another_decks_card_holds_that_card(deck):
    """Two decks may share card ids; a pier holds the very card object it was given."""
    other_deck = load_deck()
    assert other_deck[12] is not deck[12] and other_deck[12] == deck[12]
    base = Pier().place(deck[7])
    assert base.place(deck[12]).placements[-1].card is deck[12]
    assert base.place(other_deck[12]).placements[-1].card is other_deck[12]


def test_placements_shared_per_card_and_cover_hold_each_decks_own_card(deck):
    """Placements are made once per card id and cover, but never hand out another deck's card."""
    other_deck = load_deck()
    for first, second in ((deck, other_deck), (other_deck, deck), (deck, deck)):
        one, two = Pier().place(first[7]), Pier().place(second[7])
        assert one.placements[0].card is first[7] and two.placements[0].card is second[7]
        for cover in (2, 0, 2):
            assert one.place(first[12], cover).placements[-1].card is first[12]
            assert two.place(second[12], cover).placements[-1].card is second[12]
            assert two.place(second[12], cover).placements[-1].cover == cover
    assert Pier().place(deck[7]).place(deck[12], 1).placements[-1] == Placement(deck[12], 1)


def test_foundations_are_shared_only_inside_shared_foundations_and_only_in_its_thread(deck):
    """Look-ahead shares each Foundation's pier (and what was built on it) for a batch of
    play-outs; outside it, or in another thread, every Foundation is a pier of its own,
    so nothing built on one outlives its game. The piers are equal either way."""
    import threading

    from pier18.engine.pier import shared_foundations

    other_deck = load_deck()
    assert Pier().place(deck[7]) is not Pier().place(deck[7])
    with shared_foundations():
        shared = Pier().place(deck[7])
        assert Pier().place(deck[7]) is shared
        assert shared.place(deck[12], 1) is Pier().place(deck[7]).place(deck[12], 1)
        assert Pier().place(other_deck[7]).placements[0].card is other_deck[7]  # never another deck's card
        assert Pier().place(deck[7]).placements[0].card is deck[7]
        with shared_foundations():  # within another: the same piers
            assert Pier().place(deck[7]).placements[0].card is deck[7]
            inner = Pier().place(deck[7])
        assert Pier().place(deck[7]) is inner
        elsewhere = []
        thread = threading.Thread(target=lambda: elsewhere.append((Pier().place(deck[7]), Pier().place(deck[7]))))
        thread.start()
        thread.join(timeout=60)
        (one, two), = elsewhere
        assert one is not two and one is not inner and one == inner
    assert Pier().place(deck[7]) is not inner and Pier().place(deck[7]) == inner


@pytest.mark.parametrize("text", ["7 12:1 3:2 9", "7", "7 12 3"])
def test_a_piers_sheet_counts_exactly_the_patron_points_asked_for(deck, text):
    pier = Pier.from_notation(text, deck)
    rows = pier_rows(pier)
    for patrons in (0, 1, 2, 1, 0, 3):
        sheet = pier.sheet(patrons)
        expected = reference_total(rows, patrons=patrons)
        assert (sheet.patrons, sheet.total) == (patrons, expected["total"])
    assert pier.sheet().patrons == 0 and pier.sheet().total == reference_total(rows)["total"]


def test_card_notation_may_separate_cards_with_commas(deck):
    assert Pier.from_notation("7, 12:1,3:2", deck) == Pier.from_notation("7 12:1 3:2", deck)


def test_an_empty_card_notation_says_so_in_one_plain_line(deck):
    with pytest.raises(NotationError) as raised:
        Pier.from_notation(" , ", deck)
    assert str(raised.value) == "the pier has no cards"
