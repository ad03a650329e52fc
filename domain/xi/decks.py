"""The decks a seat may bring by name, beside any legal list of its own (xi.house.decks-brought).

Named decks are public lists, so `legal_actions` can offer them in the deck step: a bot, a random
player or a person over REST can bring a deck without writing one out. Until the four starters of
step 8 (docs/design/xi-cards.md) the one named deck is `sampler`: one copy of every card of the
catalogue, which is a legal deck (30 or more cards, no card twice).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from domain.xi.cards import ALL_IDS

NAMED: Mapping[str, tuple[str, ...]] = MappingProxyType({"sampler": ALL_IDS})
