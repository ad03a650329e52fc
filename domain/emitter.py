"""Collecting a decision's events while applying each to the table: every game's `decide` does
this, so that each step of a decision sees the table the steps before it left, and hands the
table after the last one over with the events (a `Decision`).

A game's fold is a table of appliers, one per event type (its event table's `folds`,
domain.event_table), each changing a table *in place* from the event's facts; a decision copies
the table once and applies each of its events to that copy as it is emitted.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, NamedTuple

from domain.contract import NO_FACTS, Decision, Event
from domain.rng import Rng

Apply = Callable[[Any, Mapping[str, Any]], None]
_new_tuple = tuple.__new__  # an Event made at once, without the argument handling of Event(...)


class Emitter:
    """The events of one decision (or deal), and the table they lead to."""

    appliers: Mapping[str, Apply]  # the game's appliers by event type, set by each game's subclass
    copy: Callable[[Any], Any]  # the game's shallow copy of its state

    def __init__(self, state: Any, rng: Rng | None):
        self.state = type(self).copy(state)  # this decision's own table, changed event by event
        self.rng = rng
        self.events: list[Event] = []

    def emit(self, type: str, rule: str, data: Mapping[str, Any], *, private: Mapping[str, Any] | None = None,
             private_to: int | None = None, secret: Mapping[str, Any] | None = None) -> None:
        """Record one event and apply it to the table."""
        if private or secret:
            event = Event(type, rule, data, private or NO_FACTS, private_to, secret or NO_FACTS)
            self.appliers[type](self.state, event.facts)
        else:
            event = _new_tuple(Event, (type, rule, data, NO_FACTS, private_to, NO_FACTS))
            self.appliers[type](self.state, data)
        self.events.append(event)

    def decision(self) -> Decision:
        """The events emitted, and the table they lead to."""
        return _new_tuple(Decision, (self.events, self.state))  # a named tuple's __new__ is a call of its own


Perform = Callable[["Emitter", int, Mapping[str, Any]], None]
Decide = Callable[[Any, int, Any, Rng], Decision]


class Deciders(NamedTuple):
    """A game's two ways to decide (domain.game.Game's `decide` and `decide_trusted`)."""

    checked: Decide  # every action: checked (or refused), then performed
    trusted: Decide  # an action taken from the game's own legal list for that table: performed only


def decide_by_type(check: Callable[[Any, int, Any], None], emitter: type[Emitter],
                   performers: Mapping[str, Perform]) -> Deciders:
    """A game's `decide`: the action checked (or refused), then performed by the performer of its
    type on the decision's own copy of the table; and its trusted path, the same events without the
    check, for an action taken straight from `legal_actions(state, seat)` by the rules' own players
    (a random or search playout). Anything a client sends goes through the checked one."""

    def decide(state: Any, seat: int, action: Any, rng: Rng) -> Decision:
        """The events of `seat` taking `action` and the table after them, or the error saying why it may not."""
        check(state, seat, action)
        em = emitter(state, rng)
        performers[action["type"]](em, seat, action)
        return em.decision()

    def decide_trusted(state: Any, seat: int, action: Any, rng: Rng) -> Decision:
        """`decide` for an action from the seat's own legal list, which it does not check again."""
        em = emitter(state, rng)
        performers[action["type"]](em, seat, action)
        return em.decision()

    return Deciders(decide, decide_trusted)


def _apply_only(self: Emitter, type: str, rule: str, data: Mapping[str, Any], *, private: Mapping[str, Any] | None = None,
                private_to: int | None = None, secret: Mapping[str, Any] | None = None) -> None:
    """`Emitter.emit`, the event applied to the table and not kept."""
    if private or secret:
        data = Event(type, rule, data, private or NO_FACTS, private_to, secret or NO_FACTS).facts
    self.appliers[type](self.state, data)


def advance_by_type(emitter: type[Emitter], performers: Mapping[str, Perform]) -> Decide:
    """A game's `advance` (domain.game.Game): the trusted path's table alone, each event applied
    to it and none kept, for a search's playouts, which read only the table. Only for a game whose
    performers never read the events emitted before (Xi's do: it declares none)."""
    quiet = type(f"Quiet{emitter.__name__}", (emitter,), {"emit": _apply_only})

    def advance(state: Any, seat: int, action: Any, rng: Rng) -> Any:
        """The table after `seat` takes `action` from its own legal list, with no events made."""
        em = quiet(state, rng)
        performers[action["type"]](em, seat, action)
        return em.state

    return advance
