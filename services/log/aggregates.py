"""Loading one aggregate of a known kind by its id, as every part of the service does it.

`loaded` answers None for an id that names nothing, names an aggregate of another kind, or is no
UUID at all (a path's id as a client typed it); `required` turns that None into the caller's own
error, so that each resource says "there is no <thing> <id>" in its words.
"""

from __future__ import annotations

from typing import Any, TypeVar
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError

from services.errors import ServiceError

A = TypeVar("A")


def loaded(repository: Any, aggregate_id: UUID | str, kind: type[A]) -> A | None:
    """The aggregate of that id if it is a `kind`, else None."""
    try:
        found = repository.get(aggregate_id if isinstance(aggregate_id, UUID) else UUID(str(aggregate_id)))
    except (ValueError, AggregateNotFoundError):
        return None
    return found if isinstance(found, kind) else None


def required(repository: Any, aggregate_id: UUID | str, kind: type[A], missing: ServiceError) -> A:
    """The aggregate of that id if it is a `kind`; raises `missing` (a NotFound, say) otherwise."""
    found = loaded(repository, aggregate_id, kind)
    if found is None:
        raise missing
    return found
