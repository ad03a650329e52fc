"""Hand-made Xanadu tables for rule tests, and acting on them through decide + evolve."""

from __future__ import annotations

from typing import Any, Sequence

from domain.rng import Rng
from domain.xanadu import RULES
from domain.xanadu.cards import ALL_IDS
from domain.xanadu.state import SELL, XanaduState, new_plan, new_state
from tests.unit.events import adopted


def table(*, hands: Sequence[Sequence[str]], buildings: Sequence[Sequence[Any]], deck: Sequence[str] | None = None,
          discard: Sequence[str] = (), phase: str = SELL, current: int = 0, reshuffled: bool = False,
          scores: Sequence[int] | None = None, edition: int = 1) -> XanaduState:
    """Buildings are card ids, or (card id, [worker card ids]); every card not named goes to the
    deck. The deck's edition is the first unless named."""
    seats = len(hands)
    state = new_state(seats, edition)
    owned = [[{"card": b, "workers": []} if isinstance(b, str) else {"card": b[0], "workers": list(b[1])} for b in mine]
             for mine in buildings]
    named = [c for hand in hands for c in hand] + [b["card"] for mine in owned for b in mine] + [
        w for mine in owned for b in mine for w in b["workers"]] + list(discard) + list(deck or [])
    assert len(named) == len(set(named)), f"a card is named twice: {sorted(named)}"
    state.hands = [list(hand) for hand in hands]
    state.buildings = owned
    state.deck = list(deck) if deck is not None else [card for card in ALL_IDS if card not in set(named)]
    state.discard = list(discard)
    state.phase, state.current, state.turn, state.reshuffled = phase, current, 5, reshuffled
    state.scores = list(scores or [0] * seats)
    state.plan = new_plan()
    return state


def act(state: XanaduState, action: dict[str, Any], seed: str = "test") -> tuple[list, XanaduState]:
    return adopted(RULES, state, RULES.decide(state, RULES.to_act(state), action, Rng(seed, "decide")))


def run(state: XanaduState, *actions: dict[str, Any]) -> tuple[list, XanaduState]:
    """Several decisions in a row; all their events and the state after them."""
    events: list = []
    for action in actions:
        more, state = act(state, action)
        events += more
    return events, state


def refused(state: XanaduState, action: Any, rule: str):
    import copy

    import pytest

    from domain.errors import IllegalAction

    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as error:
        RULES.decide(state, RULES.to_act(state), action, Rng("test", "decide"))
    assert error.value.rule == rule, error.value.reason
    assert error.value.rule in RULES.rulebook
    assert state == before
    return error.value


END_SELL = {"type": "end_sell"}
SKIP_BUILD = {"type": "skip_build"}
DONE = {"type": "done_covering"}
END_TURN = {"type": "end_turn"}
UNDO = {"type": "undo"}


def cover(owner: int, building: int) -> dict[str, Any]:
    return {"type": "cover", "owner": owner, "building": building}


def worker(card: str) -> dict[str, Any]:
    return {"type": "worker", "card": card}
