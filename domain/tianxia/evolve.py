"""Folding Tianxia's events into the table: each event type's fold is declared in the event table
(events.py), from the modules of each part of the game (fold_setup, fold_rounds, fold_rivals,
fold_actions).

Every fact is read from the event, hidden ones included (`Event.facts`). `evolve` applies one event
to a shallow copy of the table (state.copy_state); a decision's `TianxiaEmitter` copies the table
once and applies each of its events to that copy as it is emitted. Either way nothing reachable
from the table given is changed: a fold puts new lists and dicts in the fields it changes.
"""

from __future__ import annotations

from domain.contract import Decision
from domain.emitter import Emitter
from domain.tianxia.events import EVENTS
from domain.tianxia.state import TianxiaState, copy_state

evolve = EVENTS.evolve
_new_tuple = tuple.__new__  # a Decision made at once, without the argument handling of Decision(...)


class TianxiaEmitter(Emitter):
    """The events of one Tianxia deal or decision, each applied to the decision's own table as it
    is emitted, so that every step of a decision sees the table the steps before it left."""

    state: TianxiaState
    appliers = EVENTS.folds
    copy = staticmethod(copy_state)

    def decision(self) -> Decision:
        """The events emitted, and the table they lead to, handed over without what this decision
        made its own (`TianxiaState.owned`): whatever folds into it next starts from a copy."""
        state = self.state
        state.owned = None
        return _new_tuple(Decision, (self.events, state))  # made at once, as `Emitter.emit` makes an Event
