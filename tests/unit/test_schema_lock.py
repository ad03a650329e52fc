"""Servers and workers starting together on a new SQLite file, the event store's or the read
models': one at a time sets it up. Without the lock, a server's second worker could find the new
file locked while switching it to WAL, fail to start, and take the whole server down with it."""

from __future__ import annotations

import fcntl

from projections.database import ProjectionDatabase
from services.log.first_open import first_open, lock_file_for
from services.log.store_settings import schema_lock, store_env


def held_by_another(path) -> bool:
    """Whether a process other than the one opening `path` now would have to wait for it."""
    with open(path) as other:
        try:
            fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        return False


def test_while_one_process_creates_the_event_store_tables_no_other_may_until_it_is_done(tmp_path):
    settings, _, _ = store_env({"CHRONICLE_DATA": str(tmp_path)})
    path = lock_file_for(settings["SQLITE_DBNAME"])
    assert path is not None and path.parent == tmp_path
    with schema_lock(settings):
        assert held_by_another(path)
    assert not held_by_another(path), "free once the tables are made"


def test_a_read_model_file_is_set_up_under_the_same_lock_and_frees_it_once_open(tmp_path):
    database = str(tmp_path / "projections.sqlite")
    read_models = ProjectionDatabase(database)
    try:
        assert lock_file_for(database).exists(), "the read models took the lock to set the file up"
        assert not held_by_another(lock_file_for(database)), "and let it go once open"
        assert read_models.query("PRAGMA journal_mode")[0][0] == "wal"
    finally:
        read_models.close()


def test_a_database_in_memory_takes_no_lock_and_leaves_no_file(tmp_path, monkeypatch):
    assert lock_file_for(":memory:") is None
    assert lock_file_for("file:events?mode=memory&cache=shared") is None
    monkeypatch.chdir(tmp_path)
    with schema_lock({"PERSISTENCE_MODULE": "eventsourcing.popo"}):
        pass
    ProjectionDatabase(":memory:").close()
    assert list(tmp_path.iterdir()) == []


def test_a_folder_that_does_not_exist_yet_takes_no_lock(tmp_path):
    assert lock_file_for(str(tmp_path / "later" / "events.sqlite")) is None
    with first_open(str(tmp_path / "later" / "events.sqlite")):
        assert not (tmp_path / "later").exists()
