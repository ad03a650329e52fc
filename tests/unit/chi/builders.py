"""Hand-made Chi tables for rule tests, and helpers to act on them through decide + evolve.

`table(...)` places the cards named and puts every other card in the deck (or the discard pile,
or nowhere, for tables that need an empty deck and discard pile), so each test states only what
its rule is about.
"""

from __future__ import annotations

from typing import Any, Sequence

from domain.chi import RULES
from domain.chi.cards import ALL_IDS
from domain.chi.state import ACTION, ROW_SLOTS, ChiState, Conflict
from domain.contract import Event
from domain.rng import Rng
from tests.unit.events import adopted

# A row that is not all Yin and uses no card the tests below care about.
QUIET_ROW = ["yin-orange-1", "yin-orange-2", "yin-yellow-1", "yin-yellow-2", "yin-green-1", "chi-4"]


def table(
    *,
    hands: Sequence[Sequence[str]] = ((), ()),
    areas: Sequence[Sequence[Sequence[str]]] = ((), ()),
    row: Sequence[str | None] | None = None,
    deck: Sequence[str] | None = None,
    discard: Sequence[str] = (),
    rest: str = "deck",
    current: int = 0,
    starter: int = 0,
    phase: str = ACTION,
    conflict: Conflict | None = None,
    turn: int = 1,
    end_triggered: bool = False,
    final_turn_for: int | None = None,
) -> ChiState:
    """A ChiState from readable card lists; unplaced cards go to `rest` ("deck", "discard", "nowhere")."""
    row = list(QUIET_ROW if row is None else row)
    row += [None] * (ROW_SLOTS - len(row))
    placed = [c for hand in hands for c in hand] + [c for stacks in areas for s in stacks for c in s]
    placed += [c for c in row if c] + list(deck or []) + list(discard)
    if conflict is not None:
        placed += [conflict.yin] + conflict.chi
    assert len(placed) == len(set(placed)), f"a card is placed twice: {sorted(placed)}"
    unknown = set(placed) - set(ALL_IDS)
    assert not unknown, f"no such cards: {unknown}"
    leftover = [card for card in ALL_IDS if card not in set(placed)]
    deck, discard = list(deck or []), list(discard)
    if rest == "deck":
        deck += leftover
    elif rest == "discard":
        discard += leftover
    return ChiState(
        seats=2,
        phase=phase,
        deck=deck,
        row=row,
        discard=discard,
        hands=[list(hand) for hand in hands],
        areas=[[list(stack) for stack in stacks] for stacks in areas],
        starter=starter,
        current=current,
        turn=turn,
        conflict=conflict,
        end_triggered=end_triggered,
        final_turn_for=final_turn_for,
    )


def fold(state: ChiState, events: Sequence[Event]) -> ChiState:
    """The state after the events."""
    for event in events:
        state = RULES.evolve(state, event)
    return state


def act(state: ChiState, action: dict[str, Any], seat: int | None = None, seed: str = "test") -> tuple[list[Event], ChiState]:
    """The events of the seat to act (or `seat`) taking `action`, and the state after them."""
    seat = RULES.to_act(state) if seat is None else seat
    return adopted(RULES, state, RULES.decide(state, seat, action, Rng(seed, "decide")))


def draw(slot: int) -> dict[str, Any]:
    return {"type": "draw", "slot": slot}


def play(card: str) -> dict[str, Any]:
    return {"type": "play_yang", "card": card}


def attack(card: str, target: str) -> dict[str, Any]:
    return {"type": "attack", "card": card, "target": target}


def chi(card: str) -> dict[str, Any]:
    return {"type": "chi", "card": card}


def discard(card: str) -> dict[str, Any]:
    return {"type": "discard", "card": card}


PASS = {"type": "pass"}


def refused(state: ChiState, action: Any, rule: str, seat: int | None = None):
    """Assert that `action` is refused citing `rule` and leaves the state as it was; the error."""
    import copy

    import pytest

    from domain.errors import IllegalAction

    before = copy.deepcopy(state)
    seat = RULES.to_act(state) if seat is None else seat
    with pytest.raises(IllegalAction) as error:
        RULES.decide(state, seat, action, Rng("test", "decide"))
    assert error.value.rule == rule, error.value.reason
    assert error.value.rule in RULES.rulebook
    assert state == before
    return error.value
