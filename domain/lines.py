"""An event's line for one viewer, read against the table that viewer saw just before it.

A game's `describe(event, names)` reads the event alone, so its line can only repeat what the
event carries: "plans a worker", not where. Its event table may also give an event a line read
against the table (`describe_on(view_before, event, names)`): `view_before` is
`rules.view(state_before, viewer, reveal)`, the table as the viewer saw it just before the event,
and `event` is the event as that viewer sees it (`Event.seen_by`'s facts, hidden ones left out). Both are the viewer's own, so a
line read against them can never name what the viewer may not see. `line` is the one place that
chooses between the two; the service's own events (a clock running out, a takeback) keep their
lines (domain.clock).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from domain import clock, takeback
from domain.contract import Event
from domain.game import Game

SERVICE_EVENTS = (clock.CLOCK_RAN_OUT, takeback.TAKEN_BACK)  # no game's rules read these

View = Mapping[str, Any]
Data = Mapping[str, Any]
Who = Callable[[int], str]  # a seat's name


def reads_table(rules: Game[Any]) -> bool:
    """Whether the game's lines read the table before each event: only then need a caller view it."""
    return rules.reads_the_table


def reads_table_for(rules: Game[Any], event: Event) -> bool:
    """Whether this event's line reads the table before it: only then need a caller view it."""
    return event.type not in SERVICE_EVENTS and rules.reads_the_table and rules.line_reads_table(event)


def is_bookkeeping(rules: Game[Any], event_type: str) -> bool:
    """Whether an event of this type only keeps the table in order (its event table says so): a
    move list may fold its line away. The service's own events never are."""
    return event_type in rules.bookkeeping


def seen_event(event: Event, viewer: int | None, reveal: bool) -> Event:
    """The event with only the facts `viewer` may see, all of them public: what `describe_on` reads."""
    seen = event.seen_by(viewer, reveal=reveal)
    return Event(event.type, event.rule, seen["data"])


def line(rules: Any, view_before: Mapping[str, Any] | None, event_seen: Event, names: Sequence[str]) -> str:
    """The line `event_seen` reads as to its viewer: against `view_before` when the game reads the
    table and it is at hand, else the game's `describe` (or the service's, for its own events)."""
    if view_before is None or event_seen.type in SERVICE_EVENTS or not reads_table(rules):
        return clock.describe(rules, event_seen, names)
    return rules.describe_on(view_before, event_seen, names)
