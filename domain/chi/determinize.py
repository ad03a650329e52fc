"""A whole table consistent with what one seat sees: the cards it cannot see (the other hand and
the deck) dealt at random from those not in view, for a bot that searches from its seat's view
alone.

Every card of the deck is public (the view's legend); the row, the discard pile, both play
areas, a conflict's cards and the seat's own hand are in view; the rest are the other hand
(its size is in view) and the deck.
"""

from __future__ import annotations

from typing import Any, Mapping

from domain.chi.cards import CARDS
from domain.chi.state import ChiState, Conflict
from domain.rng import Rng


def _ids(cards: list[Mapping[str, Any]] | None) -> list[str]:
    return [card["id"] for card in cards or []]


def determinize(view: Mapping[str, Any], rng: Rng) -> ChiState:
    """A table whose view for `view["viewer"]` is `view`, the unseen cards shuffled by `rng`."""
    seat = view["viewer"]
    if seat is None:
        raise ValueError("a spectator's view has no seat to search for")
    hands: list[list[str]] = [[] for _ in view["hand_sizes"]]
    hands[seat] = _ids(view["hand"])
    areas = [[_ids(stack) for stack in stacks] for stacks in view["areas"]]
    conflict = None
    if view["conflict"] is not None:
        shown = view["conflict"]
        conflict = Conflict(attacker=shown["attacker"], defender=shown["defender"], yin=shown["yin"]["id"],
                            target=shown["target"]["id"], chi=_ids(shown["chi"]), to_decide=shown["to_decide"],
                            last_played=shown["last_played"])
    row = [card["id"] if card else None for card in view["row"]]
    seen = set(hands[seat]) | {card for card in row if card} | set(_ids(view["discard"]))
    seen |= {card for stacks in areas for stack in stacks for card in stack}
    if conflict is not None:
        seen |= {conflict.yin, *conflict.chi}
    unseen = [card for card in CARDS if card not in seen]
    unseen = rng.shuffle(unseen)
    for other, size in enumerate(view["hand_sizes"]):
        if other != seat:
            hands[other], unseen = unseen[:size], unseen[size:]
    if len(unseen) != view["deck_count"]:
        raise ValueError(f"the view shows {view['deck_count']} cards in the deck, but {len(unseen)} are unseen")
    return ChiState(seats=len(hands), phase=view["phase"], deck=unseen, row=row, discard=_ids(view["discard"]),
                    hands=hands, areas=areas, starter=view["starter"], current=view["current"], turn=view["turn"],
                    conflict=conflict, end_triggered=view["end_triggered"], final_turn_for=view["final_turn_for"])
