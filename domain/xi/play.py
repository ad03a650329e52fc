"""Playing a unit from your hand: its price, its refusals, and its events.

A unit enters play with its printed damage and life (xi.unit.stats); everything else about it is
derived by layers.py. A T cost takes T first, then pT (xi.house.pay-t-first), less the cost
modifications of cards in play (Quickwind Sage), never below 0 and never on a pT cost
(xi.time.cost-reduction); a pT cost is paid from pT only (xi.time.pt-cost). Responses, and so pT
cards in an opponent's turn, come in step 5; point spells, lasting spells and statements in step 4.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.contract import Action
from domain.errors import IllegalAction
from domain.xi.cards import CARDS, NAME
from domain.xi.layers import derive_all
from domain.xi.state import XiState
from domain.xi.table import pay_t_first

# The "cost" list of section 4.2: how much each card in play changes its controller's T costs.
COST_CHANGE = {card.id: sum(dict(entry)["value"] for entry in card.static
                            if dict(entry).get("list") == "cost" and dict(entry)["to"] == "controller")
               for card in CARDS.values()}


def price(state: XiState, seat: int, card_id: str) -> tuple[int, int] | None:
    """What playing `card_id` takes from `seat` now, (from T, from pT); None if it cannot pay."""
    card, player = CARDS[card_id], state.players[seat]
    if card.cost_unit == "pt":
        return (0, card.cost) if player.pt >= card.cost else None
    change = sum(COST_CHANGE[unit.card] for unit in derive_all(state).values() if unit.controller == seat)
    return pay_t_first(max(0, card.cost + change), player.t, player.pt)


def play_actions(state: XiState, seat: int) -> list[Action]:
    """One play per unit card in hand that `seat` can pay for, in the order of the hand."""
    actions, seen = [], set()
    for card_id in state.players[seat].hand:
        if card_id not in seen and CARDS[card_id].kind == "unit" and price(state, seat, card_id) is not None:
            actions.append({"type": "play", "card": card_id})
        seen.add(card_id)
    return actions


def check_play(state: XiState, seat: int, card_id: str) -> None:
    """Raise IllegalAction, naming the field, unless `seat` may play `card_id` now."""
    player = state.players[seat]
    if card_id not in player.hand:
        raise IllegalAction(f"card: {NAME.get(card_id, repr(card_id))} is not in your hand", rule="xi.play.from-hand")
    card = CARDS[card_id]
    if card.kind != "unit":
        raise IllegalAction(f"card: {card.name} is a {card.kind} spell; only units can be played so far",
                            rule="xi.spell.all-cards")
    if price(state, seat, card_id) is None:
        unit = "pT" if card.cost_unit == "pt" else "T"
        raise IllegalAction(f"card: {card.name} costs {card.cost}{unit}; you have {player.t}T and {player.pt}pT",
                            rule="xi.time.pt-cost" if unit == "pT" else "xi.time.pt-as-t")


def play(em: Any, seat: int, action: Mapping[str, Any]) -> None:
    """Pay, show the card, and put the unit into play with a fresh timestamp."""
    card_id = action["card"]
    from_t, from_pt = price(em.state, seat, card_id)
    em.emit("card_declared", "xi.spell.all-cards", {"seat": seat, "card": card_id, "paid": {"t": from_t, "pt": from_pt}})
    since = em.state.clock + 1
    em.emit("unit_entered", "xi.unit.stats",
            {"uid": f"u{since}", "card": card_id, "owner": seat, "controller": seat, "since": since})
