"""What became of each webhook delivery, kept in the store: sent, or given up once its retries
were spent.

A job's own result lives in Redis for minutes; this record stays. The sweeper (workers.sweeper)
enqueues a notice again only when it finds neither a record nor a live job, so a notice whose job
was lost (Redis restarted, the process died between its save and the enqueue) still goes, and one
sent or given up does not go twice. A record is an aggregate whose id is derived from the
delivery's id (the `webhook-id` the receiver sees, services.players.webhooks), so two workers
recording one delivery race on the store's optimistic concurrency and the first record stands.
"""

from __future__ import annotations

from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, event
from eventsourcing.persistence import IntegrityError

from services.log.aggregates import loaded

STORED_AS = "services.webhook_deliveries"
SENT, GIVEN_UP = "sent", "given up"


def record_id(delivery: str) -> UUID:
    return uuid5(NAMESPACE_URL, f"chronicle:webhook-delivery:{delivery}")


class DeliveryRecord(Aggregate):
    """One webhook delivery's outcome, for good."""

    TOPIC = f"{STORED_AS}:DeliveryRecord"

    class Created(Aggregate.Created):
        TOPIC = f"{STORED_AS}:DeliveryRecord.Created"

    @staticmethod
    def create_id(delivery: str, outcome: str) -> UUID:
        return record_id(delivery)

    @event("Recorded", topic=f"{STORED_AS}:DeliveryRecord.Recorded")
    def __init__(self, delivery: str, outcome: str):
        self.delivery = delivery
        self.outcome = outcome


def outcome_of(store: Any, delivery: str) -> str | None:
    """SENT or GIVEN_UP once recorded; None while the delivery is still to be made."""
    found = loaded(store.repository, record_id(delivery), DeliveryRecord)
    return None if found is None else found.outcome


def record(store: Any, delivery: str, outcome: str) -> None:
    """Keep the delivery's outcome; one recorded already (by another worker) stands."""
    try:
        store.save(DeliveryRecord(delivery, outcome))
    except IntegrityError:
        pass
