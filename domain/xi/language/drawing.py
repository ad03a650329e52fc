"""Drawing a card: the opening draw, and the 3T draw of a turn (T first, then pT).

A draw from an empty deck does nothing, and its cost is still paid (xi.time.draw-empty).
"""

from __future__ import annotations

from typing import Mapping

from domain.xi.emitter import Emitter
from domain.xi.state import DRAW_COST
from domain.xi.table import pay_t_first


def draw(em: Emitter, seat: int, cost: Mapping[str, int], rule: str) -> None:
    """`seat` pays `cost` and draws its top card; from an empty deck the cost is still paid."""
    deck = em.state.players[seat].deck
    if not deck:
        em.emit("draw_missed", "xi.time.draw-empty", {"seat": seat, "cost": {**cost}})
        return
    em.emit("card_drawn", rule, {"seat": seat, "cost": {**cost}}, private={"card": deck[0]}, private_to=seat)


def paid_draw(em: Emitter, seat: int) -> None:
    """The draw of a turn: 3T, T first and pT for the rest (xi.house.pay-t-first)."""
    player = em.state.players[seat]
    from_t, from_pt = pay_t_first(DRAW_COST, player.t, player.pt)
    draw(em, seat, {"t": from_t, "pt": from_pt}, "xi.time.draw" if not from_pt else "xi.time.pt-as-t")
