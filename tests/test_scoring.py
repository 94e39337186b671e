"""Scoring rules, including the rulebook FAQ cases, the pier ends and the two sides."""

from __future__ import annotations

from pier18.engine import Character, Side, score_sections
from helpers import pier

F, P, L, A = Character.FLOWER, Character.POET, Character.LOVERS, Character.FISHER


def score(text: str, **kwargs):
    return score_sections(pier(text), **kwargs)


# -- Flower Sellers ------------------------------------------------------------


def test_faq_flower_seller_with_two_below_and_one_above_scores_three():
    sheet = score("P .\nA .\nF .\nL .\n")
    assert sheet.flower == 3


def test_faq_two_flower_sellers_and_two_others_score_three():
    sheet = score("F .\nP .\nF .\nA .\n")
    assert sheet.flower == 3


def test_lone_flower_seller_scores_nothing():
    assert score("F .\n. .\nP .\n").flower == 0


def test_flower_group_stops_at_an_empty_slot():
    # F P | gap | A A : only the F-P pair is a Flower group.
    sheet = score("F .\nP .\n. .\nA .\nA .\n")
    assert sheet.flower == 1
    assert sheet.scoring[F] == {(0, Side.LEFT), (1, Side.LEFT)}


def test_flower_groups_do_not_cross_the_pier():
    # Flower on the left with characters only on the right: no group.
    assert score("F P\n. A\n. L\n").flower == 0


def test_group_without_flower_scores_nothing_and_two_groups_both_score():
    sheet = score("P .\nA .\n. .\nF .\nP .\n. .\nL .\nF .\n")
    assert sheet.flower == 2  # F-P and L-F; the P-A group has no Flower Seller
    assert sheet.largest_group == 2


def test_flower_groups_at_both_pier_ends():
    sheet = score("F F\nP .\n. .\n. P\nA F\n")
    assert sheet.flower == 1 + 1
    assert (0, Side.RIGHT) not in sheet.scoring[F]  # a lone Flower Seller at the land end


# -- Poets -----------------------------------------------------------------------


def test_poets_pool_both_sides_and_round_down():
    assert score("P .\n. P\n. .\nP .\n").poet == 1
    assert score("P P\n. .\nP P\n").poet == 2
    assert score("P .\n").poet == 0


# -- Lovers -----------------------------------------------------------------------


def test_lovers_need_two_empty_slots_each_way_on_their_side():
    assert score(". .\n. .\nL .\n. .\n. .\n").lovers == 2
    assert score("A .\n. .\n. .\nL .\n. .\n. .\n").lovers == 2  # three away does not count
    assert score("A .\n. .\nL .\n. .\n. .\n").lovers == 0  # two away does
    assert score(". .\nA .\nL .\n. .\n. .\n").lovers == 0
    assert score(". .\n. .\nL .\n. .\nP .\n").lovers == 0


def test_faq_pier_ends_count_as_empty_for_lovers():
    assert score("L .\n. .\n. .\n").lovers == 2  # land end
    assert score(". .\n. .\nL .\n").lovers == 2  # sea end
    assert score("L .\n").lovers == 2


def test_faq_characters_on_the_other_side_do_not_stop_lovers():
    sheet = score(". A\n. P\nL A\n. P\n. F\n")
    assert sheet.lovers == 2
    assert sheet.scoring[L] == {(2, Side.LEFT)}


def test_two_lovers_next_to_each_other_both_fail():
    assert score("L .\nL .\n. .\n. .\n").lovers == 0
    assert score("L .\n. .\n. .\nL .\n").lovers == 4


# -- Fishers ----------------------------------------------------------------------


def test_fishers_score_on_the_side_with_more():
    sheet = score("A A\nA .\n. A\nA .\n")
    assert sheet.fisher == 3
    assert sheet.scoring[A] == {(0, Side.LEFT), (1, Side.LEFT), (3, Side.LEFT)}


def test_fishers_on_the_right_side():
    sheet = score(". A\n. A\nA .\n")
    assert sheet.fisher == 2
    assert all(side is Side.RIGHT for _, side in sheet.scoring[A])


def test_fisher_tie_scores_the_count_of_one_side():
    assert score("A A\n. .\n").fisher == 1
    assert score(". .\n").fisher == 0


# -- totals ----------------------------------------------------------------------


def test_total_is_the_sum_of_categories_plus_patrons_and_plan():
    sheet = score("F P\nP A\n. A\nL .\n", patrons=2, plan=4)
    parts = sheet.flower + sheet.poet + sheet.lovers + sheet.fisher + sheet.patrons + sheet.plan
    assert sheet.total == parts
    assert sheet.as_dict() == {
        "flower": 1, "poet": 1, "lovers": 0, "fisher": 2, "patrons": 2, "plan": 4, "total": 10, "characters": 6,
    }


def test_counts_and_side_counts_are_what_goals_read():
    sheet = score("F P\nP A\n. A\nL .\n. .\n. .\n")
    assert sheet.counts[P] == 2 and sheet.counts[A] == 2
    assert sheet.side_counts[Side.RIGHT][A] == 2 and sheet.side_counts[Side.LEFT][A] == 0
    assert sheet.longest_empty_run == 3  # the right side: rows 4 to 6
    assert sheet.sections == 6
    assert sheet.characters == 6


def test_patron_score_sums_the_patron_characters():
    sheet = score("F P\nP A\n. A\nL .\n")
    assert sheet.patron_score((F,)) == 1
    assert sheet.patron_score((P, A)) == 1 + 2


def test_flower_scoring_slots_are_the_group_itself_even_away_from_the_land_end():
    # Killed mutmut survivors: the highlighted slots started at the land end, not the group.
    sheet = score_sections(pier(". P\n. .\nF P\nP .\n"))
    assert sheet.flower == 1
    assert sheet.scoring[F] == {(2, Side.LEFT), (3, Side.LEFT)}


def test_patrons_and_plan_are_zero_unless_given():
    sheet = score_sections(pier("F P\n"))
    assert (sheet.patrons, sheet.plan) == (0, 0)
    assert sheet.total == sheet.flower + sheet.poet + sheet.lovers + sheet.fisher


def test_scoring_slots_in_the_middle_of_a_side():
    # Hand-worked cases that killed mutmut survivors in the highlight slots.
    sheet = score_sections(pier(". .\nF .\nP .\n. .\n"))  # a group between empty slots
    assert sheet.flower == 1 and sheet.scoring[F] == {(1, Side.LEFT), (2, Side.LEFT)}
    sheet = score_sections(pier(". .\nF .\n. .\n"))  # a lone Flower Seller scores nothing
    assert sheet.flower == 0 and sheet.scoring[F] == frozenset()
    sheet = score_sections(pier("L .\n. .\n. .\nL .\n"))  # two lone Lovers, one at the sea end
    assert sheet.lovers == 4 and sheet.scoring[L] == {(0, Side.LEFT), (3, Side.LEFT)}
    sheet = score_sections(pier("L L\n. .\n. .\nP P\n"))  # one on each side, both scoring
    assert sheet.lovers == 4
    sheet = score_sections(pier(". .\nF .\n"))  # a lone Flower Seller at the sea end
    assert sheet.flower == 0 and sheet.scoring[F] == frozenset()


def test_poet_slots_are_the_pairs_that_score():
    sheet = score_sections(pier("P P\nP .\nF P\n. P\n"))  # five Poets: two pairs score
    assert sheet.poet == 2
    assert len(sheet.scoring[P]) == 4
    assert all(sheet_slot in {(0, Side.LEFT), (0, Side.RIGHT), (1, Side.LEFT), (2, Side.RIGHT), (3, Side.RIGHT)}
               for sheet_slot in sheet.scoring[P])


def test_sheets_are_equal_when_every_figure_is():
    first, second = score_sections(pier("F F\nP .\n")), score_sections(pier("F F\nP .\n"))
    assert first == second and not (first != second)
    assert first != score_sections(pier("F F\nL .\n"))  # the same points (none from the Poet or the Lovers), other counts
    assert first != first.with_plan(3) and first.with_plan(3) == second.with_plan(3)
    assert first != "F F\nP .\n" and first != None  # noqa: E711


def test_a_sheet_with_plan_or_patron_points_highlights_the_same_slots():
    sections = pier("F F\nF .\nP P\n")
    expected = score_sections(sections).scoring
    assert expected  # the Flower Sellers' group and the Poets score
    assert score_sections(sections).with_plan(4).scoring == expected
    assert score_sections(sections).with_patrons(2).scoring == expected
