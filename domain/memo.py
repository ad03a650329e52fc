"""What is worked out from a table's list, kept by the list's identity.

A table's lists are never changed in place (every game's state.py): an event puts a new list where
it changes one, and the table after it shares the rest. A view's lists are read only too: a bot
reads its view and never changes it. So what a view or a bot works out from a list (a play area's
faces, its stacks by colour) holds as long as that very list does, and a search's playout, asking
it at every decision, works each list out once instead.
"""

from __future__ import annotations

from typing import Any, Callable, TypeVar

V = TypeVar("V")

KEPT = 512  # entries a memo keeps before it drops them all and starts again


def by_identity(work_out: Callable[[Any], V], kept: int = KEPT) -> Callable[[Any], V]:
    """`work_out(items)`, kept for the list `items` itself (by identity, not by value). Each entry
    holds its list, so that list's id cannot pass to another one while the entry stands; past
    `kept` entries they are dropped wholesale."""
    entries: dict[int, tuple[Any, V]] = {}

    def worked_out(items: Any) -> V:
        entry = entries.get(id(items))
        if entry is None or entry[0] is not items:
            if len(entries) >= kept:
                entries.clear()
            entry = entries[id(items)] = (items, work_out(items))
        return entry[1]

    worked_out.__doc__ = work_out.__doc__
    return worked_out
