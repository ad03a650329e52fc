"""Collecting a decision's events while folding each into the state: every game's `decide` does
this, so that each step of a decision sees the table the steps before it left, and hands the
table after the last one over with the events (a `Decision`)."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from domain.contract import Decision, Event
from domain.rng import Rng


class Emitter:
    """The events of one decision (or deal), and the state they lead to."""

    evolve: Callable[[Any, Event], Any]  # the game's fold, set by each game's subclass

    def __init__(self, state: Any, rng: Rng | None):
        self.state = state
        self.rng = rng
        self.events: list[Event] = []

    def emit(self, type: str, rule: str, data: Mapping[str, Any], *, private: Mapping[str, Any] | None = None,
             private_to: int | None = None, secret: Mapping[str, Any] | None = None) -> None:
        """Record one event and fold it into the state."""
        event = Event(type, rule, data, private or {}, private_to, secret or {})
        self.state = self.evolve(self.state, event)
        self.events.append(event)

    def decision(self) -> Decision:
        """The events emitted, and the state they lead to."""
        return Decision(self.events, self.state)


def fold_by_type(handlers: Mapping[str, Callable[[Any, Mapping[str, Any]], Any]], game: str) -> Callable[[Any, Event], Any]:
    """A game's `evolve`: each event applied by the handler of its type, to every fact of it."""

    def evolve(state: Any, event: Event) -> Any:
        """The state after `event`; the state given is left as it was."""
        try:
            apply = handlers[event.type]
        except KeyError:
            raise ValueError(f"{game} has no event {event.type!r}") from None
        return apply(state, event.facts)

    return evolve
