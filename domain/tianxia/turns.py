"""Whose turn it is in the Action phase: the owners in turn order, round and round, skipping those
who have passed, until everyone has (tianxia.action.turns). In solo this is the seed's alternating
order (L176), and once the player has passed Li Mu plays out his turns one after another
(`tianxia.house.alternate`); the Bot, last in turn order, takes its turns in its place (L62)."""

from __future__ import annotations

from domain.tianxia.evolve import TianxiaEmitter
from domain.tianxia.state import SOLO


def next_turn(em: TianxiaEmitter) -> None:
    """The events giving the turn to the next owner who has not passed, or ending the Action phase."""
    state = em.state
    order, active, seats = state.order, state.active, state.seats
    start = order.index(active) if active in order else -1
    rival = len(seats) if state.rival is not None else None  # `rival_owner`, without its call
    count = len(order)
    for step in range(1, count + 1):
        owner = order[(start + step) % count]
        if not (state.rival.passed if owner == rival else seats[owner].passed):  # `has_passed`, inlined
            rule = "tianxia.action.turns"
            if state.mode == SOLO:
                rule = "tianxia.house.alternate" if owner == active else "tianxia.limu.alternate"
            em.emit("turn_began", rule, {"owner": owner, "round": state.round})
            return
    em.emit("actions_ended", "tianxia.action.turns", {"round": state.round})
