"""At most one email per turn, per challenge, per player's day: a claim stored before sending.

A claim is an aggregate whose id is derived from what it claims (`turn-<player>-<game>-<version>`,
`digest-<player>-<day>`, ...), so two jobs (a retry, a second worker, a duplicate enqueue) that
claim the same email race on the store's optimistic concurrency, and one wins. The winner sends,
then records it sent; a send that fails releases the claim, so that a retry may claim it again. A
worker killed between its claim and the send leaves the claim held: that email is lost rather than
risked twice.
"""

from __future__ import annotations

from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import Aggregate, event
from eventsourcing.persistence import IntegrityError

from services.email.settings import STORED_AS

CLAIM_NAMESPACE = uuid5(NAMESPACE_URL, "https://tabletop-chronicle/email-claims")


def claim_id(key: str) -> UUID:
    return uuid5(CLAIM_NAMESPACE, key)


class SendClaim(Aggregate):
    """One email's claim: held while it is being sent, then sent (or released when sending failed)."""

    TOPIC = f"{STORED_AS}:SendClaim"

    class Created(Aggregate.Created):
        TOPIC = f"{STORED_AS}:SendClaim.Created"

    @staticmethod
    def create_id(key: str) -> UUID:
        return claim_id(key)

    @event("Claimed", topic=f"{STORED_AS}:SendClaim.Claimed")
    def __init__(self, key: str):
        self.key = key
        self.held = True
        self.sent = False

    @event("ClaimedAgain", topic=f"{STORED_AS}:SendClaim.ClaimedAgain")
    def claim_again(self) -> None:
        self.held = True

    @event("Released", topic=f"{STORED_AS}:SendClaim.Released")
    def release(self) -> None:
        self.held = False

    @event("Sent", topic=f"{STORED_AS}:SendClaim.Sent")
    def mark_sent(self) -> None:
        self.held = False
        self.sent = True


def claim(store: Any, key: str) -> SendClaim | None:
    """The claim of the email `key`, now held by the caller; None if it is sent or held elsewhere."""
    try:
        held = store.repository.get(claim_id(key))
    except AggregateNotFoundError:
        held = SendClaim(key)
    else:
        if held.held or held.sent:
            return None
        held.claim_again()
    try:
        store.save(held)
    except IntegrityError:
        return None
    return held


def settle(store: Any, held: SendClaim, sent: bool) -> None:
    """Record the claimed email sent, or release the claim for a retry."""
    if sent:
        held.mark_sent()
    else:
        held.release()
    store.save(held)
