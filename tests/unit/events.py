"""Reading the events a decision produced, for the rule tests of every game."""

from __future__ import annotations

from typing import Sequence

from domain.contract import Event


def types(events: Sequence[Event]) -> list[str]:
    """The event types, in order."""
    return [event.type for event in events]


def only(events: Sequence[Event], kind: str) -> Event:
    """The one event of type `kind`."""
    found = [event for event in events if event.type == kind]
    assert len(found) == 1, f"expected one {kind}, got {types(events)}"
    return found[0]


def adopted(rules, state, decision) -> tuple[list[Event], object]:
    """A decision's events and the table after them, checking that the table the rules handed over
    is the one folding its events into `state` gives."""
    folded = state
    for event in decision.events:
        folded = rules.evolve(folded, event)
    assert decision.state == folded, "the decision's state is not its events folded"
    return decision.events, folded
