"""Folding Tianxia's events into the table: each event type's fold is declared in the event table
(events.py), from the modules of each part of the game (fold_setup, fold_rounds, fold_rivals,
fold_actions).

Every fact is read from the event, hidden ones included (`Event.facts`). `evolve` applies one event
to a shallow copy of the table (state.copy_state); a decision's `TianxiaEmitter` copies the table
once and applies each of its events to that copy as it is emitted. Either way nothing reachable
from the table given is changed: a fold puts new lists and dicts in the fields it changes (a dict
field copied with `.copy()` and its one item set: fewer instructions than `{**field, key: value}`).
"""

from __future__ import annotations

from typing import Any, Mapping

from domain.contract import NO_FACTS, Decision, Event
from domain.emitter import Emitter
from domain.rng import Rng
from domain.tianxia.events import EVENTS
from domain.tianxia.state import TianxiaState, copy_state

evolve = EVENTS.evolve
FOLDS = EVENTS.folds
_new_tuple = tuple.__new__  # an Event or a Decision made at once, without the argument handling of Event(...)


class TianxiaEmitter(Emitter):
    """The events of one Tianxia deal or decision, each applied to the decision's own table as it
    is emitted, so that every step of a decision sees the table the steps before it left."""

    state: TianxiaState
    appliers = EVENTS.folds
    copy = staticmethod(copy_state)

    # `Emitter`'s own, with the table's copy and the folds read from this module rather than looked
    # up on the class through the instance (an attribute lookup CPython 3.11 does not specialise),
    # in every decision and for every event.
    def __init__(self, state: TianxiaState, rng: Rng | None):
        self.state = copy_state(state)  # this decision's own table, changed event by event
        self.rng = rng
        self.events: list[Event] = []

    # The hidden facts are positional parameters with defaults, not keyword-only ones: CPython 3.11
    # fills a missing keyword-only parameter by looking its name up in a dict, at every call.
    def emit(self, type: str, rule: str, data: Mapping[str, Any], private: Mapping[str, Any] | None = None,
             private_to: int | None = None, secret: Mapping[str, Any] | None = None) -> None:
        """Record one event and apply it to the table (an event with hidden facts as `Emitter.emit` does)."""
        if private or secret:
            Emitter.emit(self, type, rule, data, private=private, private_to=private_to, secret=secret)
            return
        event = _new_tuple(Event, (type, rule, data, NO_FACTS, private_to, NO_FACTS))
        FOLDS[type](self.state, data)
        self.events.append(event)

    def decision(self) -> Decision:
        """The events emitted, and the table they lead to, handed over without what this decision
        made its own (`TianxiaState.owned`): whatever folds into it next starts from a copy."""
        state = self.state
        state.owned = None
        return _new_tuple(Decision, (self.events, state))  # made at once, as `Emitter.emit` makes an Event
