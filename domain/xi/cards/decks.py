"""The decks a seat may bring by name, beside any legal list of its own (xi.house.decks-brought).

Named decks are public lists, so `legal_actions` can offer them in the deck step: a bot, a random
player or a person over REST can bring a deck without writing one out. They are the four starter
decks of decks.toml (xi.house.starters), one to a caste, loaded and checked at import: every card
in the catalogue, 50 cards each, at most 3 copies of a card. A deck reads in the catalogue's order.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from domain.xi.cards.catalogue import CARDS
from domain.xi.cards.vocabulary import CardDataError
from domain.xi.state import COPIES_MAX

STARTER_SIZE = 50  # xi.house.starters: 200 cards sold as four decks


def build(data: Mapping[str, Any]) -> dict[str, tuple[str, ...]]:
    """The decks a parsed decks.toml describes, or CardDataError naming the deck and the card."""
    decks = {}
    for name, counts in data.items():
        for card, copies in counts.items():
            if card not in CARDS:
                raise CardDataError(f"deck {name}: {card!r} is not a card of the catalogue")
            if type(copies) is not int or not 1 <= copies <= COPIES_MAX:
                raise CardDataError(f"deck {name}: {card}: {copies!r} copies; 1 to {COPIES_MAX}")
        if sum(counts.values()) != STARTER_SIZE:
            raise CardDataError(f"deck {name}: {sum(counts.values())} cards; a starter holds {STARTER_SIZE}")
        decks[name] = tuple(card for card in CARDS for _ in range(counts.get(card, 0)))
    return decks


def load(path: Path = Path(__file__).parent / "decks.toml") -> Mapping[str, tuple[str, ...]]:
    with path.open("rb") as file:
        return MappingProxyType(build(tomllib.load(file)))


NAMED: Mapping[str, tuple[str, ...]] = load()
