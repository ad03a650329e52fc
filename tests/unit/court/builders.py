"""Hand-made Court tables for rule tests, and helpers to act on them through decide + evolve.

`table(...)` places the cards named and puts every other card in the deck (after the named deck),
so each test states only what its rule is about.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from domain.contract import Event
from domain.court import RULES
from domain.court.cards import ALL_IDS
from domain.court.state import BUY, CourtState, new_state
from domain.rng import Rng
from tests.unit.events import adopted

# Court cards the tests use for padding the deck's top: no Daemon Prince among them.
QUIET_DECK = ["courtesan-sun-1", "courtesan-moon-1", "courtesan-earth-1", "minister-sun-1", "minister-moon-1"]


def table(*, row: Sequence[str | None] = (), court: Mapping[int, Sequence[str]] | None = None,
          deck: Sequence[str] | None = None, rest: bool = True, cp: int = 10, vp: int = 0, turn: int = 2,
          phase: str = BUY, placed_on: Mapping[int, int] | None = None, pending: dict | None = None,
          daemon_court: Sequence[str] = (), drawn_daemons: int = 0, advanced: bool = False) -> CourtState:
    state = new_state(advanced)
    row = list(row) + [None] * (4 - len(row))
    stacks = [list((court or {}).get(space, [])) for space in range(state.spaces)]
    named = [c for c in row if c] + [c for stack in stacks for c in stack] + list(daemon_court)
    deck = [c for c in QUIET_DECK if c not in named] if deck is None else list(deck)
    placed = named + deck
    assert len(placed) == len(set(placed)), f"a card is placed twice: {sorted(placed)}"
    if rest:
        deck += [card for card in ALL_IDS if card not in set(placed)]
    on = [0] * state.spaces
    for space, when in (placed_on or {}).items():
        on[space] = when
    state.phase, state.row, state.court, state.deck = phase, row, stacks, deck
    state.cp, state.vp, state.turn, state.placed_on, state.pending = cp, vp, turn, on, pending
    state.daemon_court, state.drawn_daemons = list(daemon_court), drawn_daemons
    return state


def act(state: CourtState, action: dict[str, Any], seed: str = "test") -> tuple[list[Event], CourtState]:
    return adopted(RULES, state, RULES.decide(state, 0, action, Rng(seed, "decide")))


def refused(state: CourtState, action: Any, rule: str):
    """Assert the action is refused citing `rule` (a rule of the index) and changes nothing."""
    import copy

    import pytest

    from domain.errors import IllegalAction

    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as error:
        RULES.decide(state, 0, action, Rng("test", "decide"))
    assert error.value.rule == rule, error.value.reason
    assert error.value.rule in RULES.rulebook
    assert state == before
    return error.value


def all_cards(state: CourtState) -> list[str]:
    """Every card on the table, wherever it lies."""
    return ([c for c in state.row if c] + [c for stack in state.court for c in stack] + state.deck + state.set_aside
            + state.discard + state.daemon_court + state.defeated)


def buy(slot: int, space: int) -> dict[str, Any]:
    return {"type": "buy", "slot": slot, "space": space}


SKIP = {"type": "skip"}
DECLINE = {"type": "decline"}
