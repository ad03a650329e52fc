"""A game's events, each declared once: its type, how it folds into the table, its replay line
(and the line read against the table, where the game has one), and whether a decision made of it
may be taken back.

Every game holds one `EventTable` (`domain/<game>/events.py`); its fold (`evolve`), its replay
lines (`describe`, `describe_on`), what a takeback may undo (`reversible`) and what a move list may
fold away (`bookkeeping`) all read it, and so does the conformance suite.

A line read against the table (`describe_on`) gets `view_before`, the table as the viewer saw it
just before the event, and the event as that viewer sees it (its hidden facts left out): both are
the viewer's own, so it can say where ("places a worker on row 2 of bo's Armory") and never names
what the viewer may not see (domain.lines).

A fold changes a table *in place* from the event's facts (putting new lists in the fields it
changes, never changing a list in place: the lists are shared with earlier tables). `evolve`
applies one event to a fresh copy; a decision copies the table once and applies each of its
events to that copy as it is emitted (domain.emitter).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Generic, Mapping, Sequence, TypeVar

from domain.contract import Event, seat_name

S = TypeVar("S")
Facts = Mapping[str, Any]
Fold = Callable[[Any, Facts], None]  # applies an event's facts to a table of its own, in place
Line = Callable[..., str]  # a replay line, called the game's way (`EventTable.say`)
Names = Sequence[str]
View = Mapping[str, Any]
TableLine = Callable[[View, Facts, Callable[[int], str]], str]  # (view before, public facts, a seat's name)


def line_of_data(line: Line, event: Event, names: Names) -> str:
    """The usual way a line is read: from the event's public data, naming seats by `names`."""
    return line(event.data, names)


@dataclass(frozen=True)
class EventKind:
    """One event type of a game."""

    type: str
    fold: Fold
    line: Line
    takeback: bool = False  # a decision made only of such events may be taken back
    bookkeeping: bool = False  # its line only tells the table was kept in order: a move list may fold it
    scenario_line: Line | None = None  # its line when a scenario laid the table out, if it reads otherwise
    table_line: TableLine | None = None  # its line read against the table before it, if the game has one


class EventTable(Generic[S]):
    """Every event type of one game, in the order the game lists them."""

    def __init__(self, game: str, copy: Callable[[S], S], kinds: Sequence[EventKind], *,
                 say: Callable[[Line, Event, Names], str] = line_of_data, scenario_rule: str | None = None,
                 say_on: Callable[[Line, View, Event, Names], str] | None = None):
        self.game = game
        self.copy = copy  # the game's shallow copy of its state
        self.kinds: dict[str, EventKind] = {}
        for kind in kinds:
            if kind.type in self.kinds:
                raise ValueError(f"{game} declares the event {kind.type!r} twice")
            self.kinds[kind.type] = kind
        self.say = say
        # A game whose every line reads the table when it has one (Xi Cards: units by their labels)
        # says them its way here, rather than by a table line per event.
        self.say_on = say_on
        self.scenario_rule = scenario_rule  # the rule a scenario's events cite
        self.folds: dict[str, Fold] = {kind.type: kind.fold for kind in kinds}  # what an Emitter applies
        self.takeback = frozenset(kind.type for kind in kinds if kind.takeback)
        self.bookkeeping = frozenset(kind.type for kind in kinds if kind.bookkeeping)
        self.reads_the_table = say_on is not None or any(kind.table_line for kind in kinds)

    @property
    def types(self) -> tuple[str, ...]:
        return tuple(self.kinds)

    def evolve(self, state: S, event: Event) -> S:
        """The state after `event`; the state given is left as it was. An event this game does not
        have, or whose facts do not fit the table, raises ValueError: a tampered or mis-ordered log."""
        try:
            fold = self.folds[event.type]
        except KeyError:
            raise ValueError(f"{self.game} has no event {event.type!r}") from None
        new = self.copy(state)
        fold(new, event.facts)
        return new

    def describe(self, event: Event, names: Names) -> str:
        """The event as one line of the replay."""
        kind = self.kinds.get(event.type)
        if kind is None:
            return event.type.replace("_", " ")
        line = kind.line
        if kind.scenario_line is not None and event.rule == self.scenario_rule:
            line = kind.scenario_line
        return self.say(line, event, names)

    def describe_on(self, view_before: View, event: Event, names: Names) -> str:
        """The event's line read against the table before it: an event with no such line, or laid out
        by a scenario (whose table before is no table yet), keeps `describe`'s."""
        kind = self.kinds.get(event.type)
        if kind is not None and self.say_on is not None:
            return self.say_on(kind.line, view_before, event, names)
        if kind is None or kind.table_line is None or event.rule == self.scenario_rule:
            return self.describe(event, names)
        return kind.table_line(view_before, event.data, lambda seat: seat_name(names, seat))

    def line_reads_table(self, event: Event) -> bool:
        """Whether `describe_on` reads the table for this event: else a caller need not view it."""
        kind = self.kinds.get(event.type)
        if kind is None:
            return False
        return self.say_on is not None or (kind.table_line is not None and event.rule != self.scenario_rule)

    def reversible(self, events: Sequence[Event]) -> bool:
        """Whether a decision made of these events may be taken back: each of them may."""
        return all(event.type in self.takeback for event in events)
