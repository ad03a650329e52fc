"""The deck: 52 cards as the rulebook counts them, with the house split of Yang points."""

from collections import Counter

import pytest

from domain.chi.cards import ALL_IDS, CARDS, COLOURS, YANG_POINTS, CardDataError, _build, _check, name_of


def test_the_deck_has_52_cards_24_yin_24_yang_and_4_chi():
    kinds = Counter(card.kind for card in CARDS.values())
    assert len(CARDS) == 52
    assert kinds == {"yin": 24, "yang": 24, "chi": 4}


def test_each_of_the_12_colours_has_two_yin_and_two_yang():
    assert len(COLOURS) == 12
    for colour in COLOURS:
        kinds = Counter(card.kind for card in CARDS.values() if card.colour == colour)
        assert kinds == {"yin": 2, "yang": 2}, colour


def test_six_colours_have_two_3_point_yang_and_six_colours_two_6_point_yang():
    """House rule 1: a colour's two Yang are worth the same, so both Yang rules can bite."""
    assert Counter(YANG_POINTS.values()) == {3: 6, 6: 6}
    assert {c for c, p in YANG_POINTS.items() if p == 3} == {"red", "orange", "yellow", "green", "blue", "purple"}
    for colour, points in YANG_POINTS.items():
        yang = [card for card in CARDS.values() if card.kind == "yang" and card.colour == colour]
        assert [card.points for card in yang] == [points, points]


def test_yin_and_chi_cards_carry_no_points_and_chi_no_colour():
    assert all(card.points == 0 for card in CARDS.values() if card.kind != "yang")
    assert all(card.colour is None for card in CARDS.values() if card.kind == "chi")


def test_card_ids_are_readable_and_unique():
    assert len(set(ALL_IDS)) == 52
    assert {"yin-red-1", "yin-red-2", "yang-red-1", "yang-red-2", "chi-1", "chi-4", "yang-gold-2"} <= set(ALL_IDS)
    assert name_of("yang-gold-1") == "the gold Yang (6)" and name_of("chi-2") == "a Chi"


def test_the_card_table_cannot_be_changed():
    with pytest.raises(TypeError):
        CARDS["yin-red-1"] = CARDS["chi-1"]
    with pytest.raises(AttributeError):
        CARDS["chi-1"].points = 9


def test_card_data_that_breaks_the_rulebook_counts_is_refused():
    colours = [{"name": colour, "yang_points": points} for colour, points in YANG_POINTS.items()]
    cards, by_colour = _build({"colours": colours[:11], "yin_per_colour": 2, "yang_per_colour": 2, "chi_cards": 4})
    with pytest.raises(CardDataError):
        _check(cards, by_colour)
    cards, by_colour = _build({"colours": colours, "yin_per_colour": 2, "yang_per_colour": 2, "chi_cards": 3})
    with pytest.raises(CardDataError):
        _check(cards, by_colour)
    with pytest.raises(CardDataError):
        _build({"colours": [{"name": "red", "yang_points": 4}], "yin_per_colour": 2, "yang_per_colour": 2, "chi_cards": 4})
