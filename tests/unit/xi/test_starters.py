"""The four starter decks (xi.house.starters): 200 cards sold as four decks of 50, one to a caste,
each legal, each with a few Celestial or Shadow cards, together holding every card of the
catalogue, and each keeping its caste's character from the rulebook (L216, L266, L290, L352)."""

import statistics
import tomllib
from pathlib import Path

import pytest

from domain.xi.cards.card_table import render
from domain.xi.cards.catalogue import CARDS
from domain.xi.cards.decks import NAMED, build
from domain.xi.cards.vocabulary import CardDataError
from domain.xi.engine.actions import check_deck

CASTES = ("aqua", "ember", "stone", "wind")


def units_of(caste: str) -> list:
    return [CARDS[card] for card in NAMED[caste] if CARDS[card].kind == "unit" and CARDS[card].type == caste]


def test_there_are_four_starters_of_50_cards_one_to_a_caste_and_each_is_a_legal_deck():
    assert sorted(NAMED) == list(CASTES) and sum(len(deck) for deck in NAMED.values()) == 200
    for caste, deck in NAMED.items():
        check_deck(list(deck))  # 30 or more cards, at most 3 copies, every card in the catalogue
        assert len(deck) == 50
        assert {CARDS[card].type for card in deck} - {"celestial", "shadow"} == {caste}


def test_each_starter_holds_three_to_five_celestial_or_shadow_cards():
    for caste, deck in NAMED.items():
        special = [card for card in deck if CARDS[card].type in ("celestial", "shadow")]
        assert 3 <= len(special) <= 5, (caste, special)


def test_the_four_starters_together_hold_every_card_of_the_catalogue():
    assert {card for deck in NAMED.values() for card in deck} == set(CARDS)


def test_ember_units_hit_hardest_for_their_life_and_stone_units_last_longest():
    # L216: "Ember cards tend to deal large amounts of damage, but are often short lasting";
    # L290: "Stone cards tend to be fairly defensive, and difficult to destroy"; L266: Aqua "well
    # balanced", between the two.
    hitting = {caste: statistics.mean(unit.damage / unit.life for unit in units_of(caste)) for caste in CASTES}
    lasting = {caste: statistics.mean(unit.life for unit in units_of(caste)) for caste in CASTES}
    assert max(hitting, key=hitting.get) == "ember" and max(lasting, key=lasting.get) == "stone"
    assert hitting["stone"] < hitting["aqua"] < hitting["ember"] and lasting["ember"] < lasting["aqua"] < lasting["stone"]


def test_wind_cards_are_the_cheapest_to_play():
    # L352: "Wind cards tend to be cheaper to cast than cards of the other castes, and can often
    # create unusual effects."
    cost = {caste: statistics.mean(CARDS[card].cost for card in NAMED[caste] if CARDS[card].type == caste)
            for caste in CASTES}
    assert min(cost, key=cost.get) == "wind"


def test_every_starter_has_cards_to_answer_in_the_other_players_turn():
    for caste, deck in NAMED.items():
        assert sum(CARDS[card].cost_unit == "pt" for card in deck) >= 4, caste


@pytest.mark.parametrize("text, named", [
    ('[aqua]\nflood = 50\n', "deck aqua: flood: 50 copies; 1 to 3"),
    ('[aqua]\nblack-lotus = 1\n', "deck aqua: 'black-lotus' is not a card of the catalogue"),
    ('[aqua]\nflood = 3\n', "deck aqua: 3 cards; a starter holds 50"),
])
def test_a_starter_that_breaks_the_deck_rules_is_refused_naming_the_deck_and_the_card(text, named):
    with pytest.raises(CardDataError) as refused:
        build(tomllib.loads(text))
    assert str(refused.value) == named


def test_the_card_list_page_is_the_catalogue_and_the_starters_as_they_are():
    page = (Path(__file__).parents[3] / "docs" / "xi-cards.md").read_text()
    assert page == render(), "docs/xi-cards.md is out of date: `chronicle cards xi > docs/xi-cards.md`"
    assert page.count("| house |") == 66 and "| Snow Beast | unit | 10T | 4 / 16 |" in page
