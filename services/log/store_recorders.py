"""The event store's recorders: a game's new events and its snapshot, stored in one transaction.

`eventsourcing` keeps snapshots in a recorder of their own (their own table) and puts each one
in a transaction of its own, after the events. These recorders take the snapshots a save
carries (`snapshots=`, a keyword argument of `Application.save`, which the library hands to
the recorder with the events, as it does a process's tracking record) and insert them in the
events' transaction, on the same connection: a move and its snapshot are stored together or
not at all, and for one commit.
"""

from __future__ import annotations

from typing import Any, Sequence

from eventsourcing.persistence import ApplicationRecorder, InfrastructureFactory, StoredEvent
from eventsourcing.popo import POPOAggregateRecorder, POPOApplicationRecorder, POPOFactory
from eventsourcing.postgres import PostgresApplicationRecorder, PostgresFactory
from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteFactory
from eventsourcing.utils import get_topic


class SQLiteGameRecorder(SQLiteApplicationRecorder):
    snapshot_recorder: Any = None  # the snapshot store's recorder, on the same database

    def _insert_events(self, c, stored_events: Sequence[StoredEvent], *,
                       snapshots: Sequence[StoredEvent] = (), **kwargs: Any):
        notification_ids = super()._insert_events(c, stored_events, **kwargs)
        if snapshots:
            self.snapshot_recorder._insert_events(c, snapshots)
        return notification_ids


class PostgresGameRecorder(PostgresApplicationRecorder):
    snapshot_recorder: Any = None

    def __init__(self, datastore, **kwargs: Any):
        if datastore.enable_db_functions:
            # Events would then go through a database function that knows nothing of snapshots.
            raise ValueError("POSTGRES_ENABLE_DB_FUNCTIONS would store moves without their snapshots: leave it unset")
        super().__init__(datastore, **kwargs)

    def _insert_events(self, curs, stored_events: Sequence[StoredEvent], *,
                       snapshots: Sequence[StoredEvent] = (), **kwargs: Any) -> None:
        # Run inside the events' transaction, before they are inserted (where a process's
        # tracking record goes): a snapshot already stored fails the whole transaction.
        super()._insert_events(curs, stored_events, **kwargs)
        if snapshots:
            self.snapshot_recorder._insert_stored_events(curs, snapshots)


class POPOGameRecorder(POPOApplicationRecorder):
    snapshot_recorder: Any = None

    def _insert_events(self, stored_events: Sequence[StoredEvent], *,
                       snapshots: Sequence[StoredEvent] = (), **kwargs: Any):
        if not snapshots:
            return super()._insert_events(stored_events, **kwargs)
        snapshot_recorder: POPOAggregateRecorder = self.snapshot_recorder
        with self._database_lock, snapshot_recorder._database_lock:
            # Both checked before either is changed: memory has no rollback.
            snapshot_recorder._assert_uniqueness(snapshots)
            notification_ids = super()._insert_events(stored_events, **kwargs)
            snapshot_recorder._update_table(snapshots)
            return notification_ids


SQL_RECORDERS = {SQLiteFactory: SQLiteGameRecorder, PostgresFactory: PostgresGameRecorder}


def game_recorder(factory: InfrastructureFactory) -> ApplicationRecorder:
    """The application recorder of `factory`'s kind that stores snapshots with events."""
    if isinstance(factory, POPOFactory):
        return POPOGameRecorder()
    for kind, recorder_class in SQL_RECORDERS.items():
        if isinstance(factory, kind):
            # The factories' own way to choose the class (they make the tables and name them).
            factory.env[factory.APPLICATION_RECORDER_TOPIC] = get_topic(recorder_class)
            return factory.application_recorder()
    raise ValueError(f"the event store cannot keep snapshots with events in {type(factory).__name__}")
