"""Checks that a seat learns nothing a spectator does not, beyond its own cards.

The rule under test: every string in an answer to seat A is either public (in an answer a
spectator gets, or in the public event log so far) or among the facts the store sent privately to
A (its own dealt and drawn cards). Seat B's privately dealt or drawn cards fail this check.
"""

from __future__ import annotations

from typing import Any, Iterable


def leaves(value: Any) -> set[str]:
    """Every string value inside a JSON value, but names of kinds (`type`, a damage `step`) and places
    on the table (`path`), which hide nothing."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            stack.extend(v for k, v in item.items() if k not in ("type", "step", "path"))
        elif isinstance(item, list):
            stack.extend(item)
    return found


def private_facts_of(seat: int, stored_events: Iterable[Any]) -> set[str]:
    """The strings the store ever sent privately to `seat`, and the actions it took itself and
    when (the time of an answer to an interrupt is hidden from the other seats, never its own)."""
    mine: set[str] = set()
    for stored in stored_events:
        event = getattr(stored, "domain_event", None)
        if event and event.get("private_to") == seat:
            mine |= leaves(event.get("private"))
        cause = getattr(stored, "cause", None) or {}
        if cause.get("seat") == seat:
            mine |= leaves(cause.get("action")) | leaves(cause.get("at"))
            if getattr(stored, "timestamp", None) is not None:
                mine.add(stored.timestamp.isoformat())
    return mine


def without_lines(answer):
    """An answer without its events' lines: a line is read against the asker's own table
    (domain.lines), so it is a sentence no other seat is shown; what it names is checked against
    that table by the conformance suite's
    test_no_line_names_what_its_viewers_table_hides_before_and_after_its_event and, step by step,
    by test_every_step_replays_and_streams_as_every_seat_and_a_spectator."""
    if isinstance(answer, dict):
        return {key: without_lines(value) for key, value in answer.items() if key != "description"}
    if isinstance(answer, list):
        return [without_lines(item) for item in answer]
    return answer


def assert_learns_nothing_secret(answer: Any, public: set[str], own: set[str]) -> None:
    extra = leaves(answer) - public - own
    assert not extra, f"the seat was shown what is neither public nor its own: {sorted(extra)[:10]}"


def hidden_from(rules: Any, state: Any, viewer: int | None) -> set[str]:
    """What the table holds that `viewer` (a seat, or None for a spectator) may not see: the strings
    of the whole table, every hidden card shown, that its own view leaves out."""
    return leaves(rules.view(state, viewer, reveal=True)) - leaves(rules.view(state, viewer))


def assert_names_nothing_kept_hidden(answer: Any, hidden_before: set[str], kept_hidden: set[str], where: str) -> None:
    """An answer about one step names nothing the table hid from its asker before the step and
    keeps hidden after it (`kept_hidden`: hidden after the step, and shown on the asker's table at
    no point of the decision the step belongs to). What a decision turns up or uses up shows on
    the table as it happens; a card named while it stays face down throughout is a leak (a deck's
    unseen cards listed as they go back, say), even where every seat is told alike."""
    named = leaves(answer) & hidden_before & kept_hidden
    assert not named, f"{where} names what the table hides before and after it: {sorted(named)[:10]}"
