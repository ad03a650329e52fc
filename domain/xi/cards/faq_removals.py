"""The FAQ's advice for starter-deck battles (L431-433): take out Everwind, Endless Jet and Flame
Retardant "to keep things fair", and the Snow Beast, "very tough against non-ember decks".

Each copy removed is replaced by nothing while the deck keeps its 30 cards (xi.deck.size), as the
starters of 50 always do; a shorter list that would fall under 30 is filled back to 30 with more
copies of its own remaining cards, in the order of its list, never past 3 of a card
(xi.deck.copies).
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from domain.xi.cards.catalogue import CARDS
from domain.xi.state import COPIES_MAX, DECK_MIN

REMOVED_NAMES = ("Everwind", "Endless Jet", "Flame Retardant", "Snow Beast")
REMOVED = frozenset(card.id for card in CARDS.values() if card.name in REMOVED_NAMES)


def without_faq_removals(cards: Sequence[str]) -> list[str]:
    """The deck `cards` with the FAQ's removals, still a legal deck."""
    kept = [card for card in cards if card not in REMOVED]
    copies = Counter(kept)
    order = list(copies)
    while len(kept) < DECK_MIN and any(copies[card] < COPIES_MAX for card in order):
        for card in order:
            if len(kept) < DECK_MIN and copies[card] < COPIES_MAX:
                kept.append(card)
                copies[card] += 1
    return kept
