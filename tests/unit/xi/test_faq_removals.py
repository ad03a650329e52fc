"""The FAQ's removals for starter-deck battles (L431-433): Everwind, Endless Jet, Flame Retardant
and Snow Beast leave each named deck, which stays a legal deck."""

from collections import Counter

from domain.xi.cards.catalogue import ALL_IDS
from domain.xi.cards.decks import NAMED
from domain.xi.cards.faq_removals import REMOVED, without_faq_removals
from domain.xi.engine.actions import check_deck
from domain.xi.state import DECK_MIN


def test_the_four_cards_the_faq_names_are_the_ones_removed():
    assert REMOVED == {"everwind", "endless-jet", "flame-retardant", "snow-beast"}


def test_every_named_deck_loses_them_and_stays_legal():
    for name, cards in NAMED.items():
        kept = without_faq_removals(cards)
        check_deck(kept)
        assert not REMOVED & set(kept), name
        removed = sum(card in REMOVED for card in cards)
        if len(cards) - removed >= DECK_MIN:
            assert Counter(kept) == Counter(card for card in cards if card not in REMOVED), name


def test_a_deck_that_would_fall_under_30_is_filled_back_with_its_own_cards():
    others = [card for card in ALL_IDS if card not in REMOVED][:27]
    deck = [*others, *sorted(REMOVED)]  # one copy of each of 31 cards, 4 of them removed
    kept = without_faq_removals(deck)
    assert kept == [*others, *others[:3]]  # 30 cards: the first three of the list again
