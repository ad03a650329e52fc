"""The event store's settings from the environment: the data folder, the persistence module, and
the lock under which one process at a time creates the tables.

CHRONICLE_DATA (default `var`) is the data folder. PERSISTENCE_MODULE chooses the event store:
`eventsourcing.sqlite` (the default, `events.sqlite` in the data folder unless SQLITE_DBNAME is
set), `eventsourcing.popo` (in memory, for tests) or `eventsourcing.postgres` (POSTGRES_* vars).
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, Mapping

import psycopg

from services.log.first_open import first_open


def store_settings(env: Mapping[str, str]) -> tuple[dict[str, str], Path | None, str]:
    """The event store's settings, the data folder (None in memory) and the persistence module,
    without touching the disk."""
    settings = dict(env)
    module = settings.setdefault("PERSISTENCE_MODULE", "eventsourcing.sqlite")
    # The data folder also holds this host's read models, whatever the event store.
    data_dir = None if module == "eventsourcing.popo" else Path(settings.get("CHRONICLE_DATA") or "var")
    if module == "eventsourcing.sqlite":
        settings.setdefault("SQLITE_DBNAME", str(data_dir / "events.sqlite"))
    return settings, data_dir, module


def store_env(env: Mapping[str, str]) -> tuple[dict[str, str], Path | None, str]:
    """The store's settings as `store_settings`, with the data folder made if need be."""
    settings, data_dir, module = store_settings(env)
    if data_dir is not None:
        data_dir.mkdir(parents=True, exist_ok=True)
    return settings, data_dir, module


SCHEMA_LOCK = 0x43484E43  # the advisory lock held while a process creates the store's tables


@contextmanager
def schema_lock(settings: Mapping[str, str]) -> Iterator[None]:
    """One process at a time creates the tables: API servers and workers starting together would
    otherwise race in CREATE TABLE IF NOT EXISTS, and all but one die of it (on SQLite, see
    `first_open`)."""
    module = settings.get("PERSISTENCE_MODULE")
    if module == "eventsourcing.sqlite":
        with first_open(settings.get("SQLITE_DBNAME")):
            yield
        return
    if module != "eventsourcing.postgres":
        yield
        return
    with psycopg.connect(
        host=settings.get("POSTGRES_HOST", "127.0.0.1"),
        port=settings.get("POSTGRES_PORT", "5432"),
        dbname=settings.get("POSTGRES_DBNAME"),
        user=settings.get("POSTGRES_USER"),
        password=settings.get("POSTGRES_PASSWORD") or None,
        autocommit=True,
    ) as connection:
        connection.execute("SELECT pg_advisory_lock(%s)", (SCHEMA_LOCK,))
        try:
            yield
        finally:
            connection.execute("SELECT pg_advisory_unlock(%s)", (SCHEMA_LOCK,))
