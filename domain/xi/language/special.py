"""The few card rules that cannot be data, each a function named by a card's `code` (design 4.1).

Thesis, Odd Mage: "pick an odd number" for its damage. The numbers are those printed on units in
play (cost, damage, life), never a current life (L467) nor anything else on a card (L465); they
are read the moment before Thesis deals damage, so a unit that has left play gives none (L461).
Its controller picks one (xi.house.thesis-choice); with no odd number in play it is 0. It cannot be
data because it reads printed numbers of other cards, which no selector or amount reaches.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Callable

from domain.xi.cards.catalogue import CARDS


def odd_numbers(state: Any) -> list[int]:
    """The odd numbers printed on the units in play, each once, smallest first."""
    return odd_numbers_printed(unit.card for unit in state.units)


def odd_numbers_printed(cards: Iterable[str]) -> list[int]:
    """The odd numbers printed (cost, damage, life) on the unit cards `cards`, each once, smallest first."""
    printed = set()
    for card_id in cards:
        card = CARDS[card_id]
        printed.update((card.cost, card.damage, card.life))
    return sorted(number for number in printed if number % 2)


def thesis(state: Any, uid: str, chosen: Mapping[str, int]) -> int:
    """Thesis's damage: the odd number chosen for this moment, if it is one in play; else 0."""
    value = chosen.get(uid, 0)
    return value if value in odd_numbers(state) else 0


CODES: Mapping[str, Callable[[Any, str, Mapping[str, int]], int]] = {"thesis": thesis}
