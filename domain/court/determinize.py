"""A whole table consistent with what the player sees: a solitaire hides only the deck's order,
so the deck is the cards not in view, shuffled (the deck is shuffled uniformly at set-up, the
Daemon Princes set aside then shuffled back in with it)."""

from __future__ import annotations

from typing import Any, Mapping

from domain.court.cards import ALL_IDS
from domain.court.state import CourtState
from domain.rng import Rng


def _ids(cards: list[Mapping[str, Any] | None]) -> list[str]:
    return [card["id"] for card in cards if card]


def determinize(view: Mapping[str, Any], rng: Rng) -> CourtState:
    """A table whose view is `view`, the deck's order drawn by `rng`."""
    row = [slot["card"]["id"] if slot["card"] else None for slot in view["row"]]
    court = [_ids(stack) for stack in view["court"]]
    piles = {name: _ids(view[name]) for name in ("discard", "daemon_court", "defeated", "set_aside")}
    seen = {card for card in row if card} | {card for stack in court for card in stack}
    seen |= {card for pile in piles.values() for card in pile}
    deck = rng.shuffle([card for card in ALL_IDS if card not in seen])
    if len(deck) != view["deck_count"]:
        raise ValueError(f"the view shows {view['deck_count']} cards in the deck, but {len(deck)} are unseen")
    return CourtState(spaces=view["spaces"], phase=view["phase"], deck=deck, row=row, court=court,
                      placed_on=list(view["placed_on"]), cp=view["cp"], vp=view["vp"], drawn_daemons=view["drawn_daemons"],
                      turn=view["turn"], pending=dict(view["pending"]) if view["pending"] else None,
                      exchanged=view["exchanged"], **piles)
