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


def lines_seen(rules, state, events: Sequence[Event], viewer: int | None, names: Sequence[str]) -> list[str]:
    """Each event's line as `viewer` reads it (domain.lines): against its own table just before the
    event, from the event as it sees it; `state` is the table the events were decided on."""
    from domain import lines

    shown = []
    for event in events:
        shown.append(lines.line(rules, rules.view(state, viewer), lines.seen_event(event, viewer, False), names))
        state = rules.evolve(state, event)
    return shown


def names_hidden_from(rules, state, events: Sequence[Event], viewer: int | None,
                      words=lambda card: card.get("name")) -> list[set[str]]:
    """For each event, the names of the cards `viewer`'s table hides both just before and just
    after it: what no line shown to `viewer` may name. `words(card)` is how a line names a card
    of a view (a dict with an "id"); None for a name every card of its kind shares."""
    def hidden(table_state) -> set[str]:
        return (_names(rules.view(table_state, viewer, reveal=True), words)
                - _names(rules.view(table_state, viewer), words))

    kept = []
    for event in events:
        before = hidden(state)
        state = rules.evolve(state, event)
        kept.append(before & hidden(state))
    return kept


def _names(value, words) -> set[str]:
    """The names of the cards (dicts with an "id") anywhere in a view."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if isinstance(item.get("id"), str) and (named := words(item)):
                found.add(named)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found
