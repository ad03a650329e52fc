"""Folding Tianxia's events into the table: one applier per event type, gathered from the modules
of each part of the game (fold_setup, fold_rounds, fold_rivals, fold_actions).

Every fact is read from the event, hidden ones included (`Event.facts`). `evolve` applies one event
to a shallow copy of the table (state.copy_state); a decision's `TianxiaEmitter` copies the table
once and applies each of its events to that copy as it is emitted. Either way nothing reachable
from the table given is changed: an applier puts new lists and dicts in the fields it changes.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from domain.emitter import Emitter, fold_by_type
from domain.tianxia import fold_actions, fold_rivals, fold_rounds, fold_setup
from domain.tianxia.state import TianxiaState, copy_state

Apply = Callable[[TianxiaState, Mapping[str, Any]], None]


APPLIERS: dict[str, Apply] = {**fold_setup.APPLIERS, **fold_rounds.APPLIERS, **fold_rivals.APPLIERS,
                              **fold_actions.APPLIERS}
EVENT_TYPES = tuple(APPLIERS)
evolve = fold_by_type(APPLIERS, copy_state, "tianxia")


class TianxiaEmitter(Emitter):
    """The events of one Tianxia deal or decision, each applied to the decision's own table as it
    is emitted, so that every step of a decision sees the table the steps before it left."""

    state: TianxiaState
    appliers = APPLIERS
    copy = staticmethod(copy_state)
