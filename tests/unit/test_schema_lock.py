"""Servers and workers starting together on one SQLite store: one at a time creates the tables.
Without the lock, a server's second worker could find the new file locked while switching it to
WAL, fail to start, and take the whole server down with it."""

from __future__ import annotations

import fcntl

import pytest

from services.log.store_settings import schema_lock, sqlite_schema_lock_path, store_env


def test_while_one_process_creates_the_sqlite_tables_no_other_may_until_it_is_done(tmp_path):
    settings, _, _ = store_env({"CHRONICLE_DATA": str(tmp_path)})
    path = sqlite_schema_lock_path(settings)
    assert path is not None and path.parent == tmp_path
    with schema_lock(settings):
        with open(path) as other:
            with pytest.raises(BlockingIOError):
                fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
    with open(path) as other:
        fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)  # free once the tables are made


def test_a_store_in_memory_needs_no_lock_file():
    assert sqlite_schema_lock_path({"SQLITE_DBNAME": ":memory:"}) is None
    assert sqlite_schema_lock_path({"SQLITE_DBNAME": "file:events?mode=memory&cache=shared"}) is None
    with schema_lock({"PERSISTENCE_MODULE": "eventsourcing.popo"}):
        pass
