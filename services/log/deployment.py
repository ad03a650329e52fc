"""The deployment's name, which every Redis key of the service carries (queues, jobs, workers), so
that two services sharing one Redis never take each other's jobs.

By default the name is kept in the event store itself, written there by the first process that
needs it: every API server and worker sharing a store shares its name, however each of them
addresses the database, and two services with stores of their own never do. CHRONICLE_NAMESPACE
sets it instead (letters, digits, `_` and `-`, at most 40).
"""

from __future__ import annotations

import re
import secrets
from typing import Mapping
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import Aggregate, event
from eventsourcing.persistence import IntegrityError

from services.log.store import GameStore

# The store names these classes as the module they were first defined in did (explicit topics of
# the eventsourcing library), so that every store, written before the services were grouped by
# concern or after, reads alike and holds the same names.
STORED_AS = "services.deployment"


SETTING = "CHRONICLE_NAMESPACE"
VALID = re.compile(r"[A-Za-z0-9_-]{1,40}")  # what RQ accepts in a job id
DEPLOYMENT_ID = uuid5(NAMESPACE_URL, "chronicle:deployment")


class Deployment(Aggregate):
    """The store's record of the deployment it belongs to."""

    TOPIC = f"{STORED_AS}:Deployment"

    class Created(Aggregate.Created):
        TOPIC = f"{STORED_AS}:Deployment.Created"

    @staticmethod
    def create_id(name: str) -> UUID:
        return DEPLOYMENT_ID

    @event("Named", topic=f"{STORED_AS}:Deployment.Named")
    def __init__(self, name: str):
        self.name = name


def namespace(store: GameStore, env: Mapping[str, str]) -> str:
    """The deployment's name: the setting if given, else the store's (created on first use)."""
    if chosen := env.get(SETTING):
        if not VALID.fullmatch(chosen):
            raise ValueError(f"{SETTING} is 1 to 40 letters, digits, '_' or '-', not {chosen!r}")
        return chosen
    try:
        return store.repository.get(DEPLOYMENT_ID).name
    except AggregateNotFoundError:
        pass
    deployment = Deployment(secrets.token_hex(6))
    try:
        store.save(deployment)
    except IntegrityError:  # another process of the deployment named it first
        return store.repository.get(DEPLOYMENT_ID).name
    return deployment.name
