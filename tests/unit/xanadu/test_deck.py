"""The building deck (Xanadu house rule 1): the rulebook's colour counts, colour tracking rarity."""

from collections import Counter

import pytest

from domain.xanadu.cards import DECKS, COMMON, RARE, UNCOMMON

EDITIONS = pytest.mark.parametrize("CARDS", list(DECKS.values()), ids=[f"edition-{e}" for e in DECKS])


@EDITIONS
def test_the_deck_has_the_colour_counts_the_rulebook_lists_75_buildings(CARDS):
    colours = Counter(card.colour for card in CARDS.values())
    assert colours == {"brown": 24, "blue": 24, "yellow": 12, "green": 11, "magenta": 4}
    assert len(CARDS) == 75


@EDITIONS
def test_colour_tracks_the_rarity_of_what_a_building_costs(CARDS):
    for card in CARDS.values():
        cost = set(card.cost)
        if card.colour == "brown":
            assert cost <= set(COMMON), card.name
        elif card.colour == "blue":
            assert cost & set(UNCOMMON) and not cost & set(RARE + ("jade",)), card.name
        elif card.colour == "yellow":
            assert cost & set(RARE) and "jade" not in cost, card.name
        else:
            assert "jade" in cost, card.name


@EDITIONS
def test_every_building_has_a_value_circle_per_row_and_one_on_top(CARDS):
    assert all(len(card.values) == len(card.rows) + 1 for card in CARDS.values())
