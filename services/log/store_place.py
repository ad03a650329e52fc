"""Where the environment's event store is, and opening it only to read it (the command line's
export, replay and projections).

The settings are the service's (see services/log/store_settings.py: CHRONICLE_DATA, PERSISTENCE_MODULE,
SQLITE_DBNAME, POSTGRES_*), read the way the eventsourcing library reads them, so a
`CHRONICLE_`-prefixed variable wins as it does in the store. The commands that only read a store
(export, replay, projections) look for it first: looking must never leave an empty database or
data folder behind, and a missing store is named in the error rather than taken for an empty one.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping
from urllib.parse import quote

import psycopg
from eventsourcing.utils import Environment

from services.log.store import GameStore
from services.log.store_settings import store_settings

SQLITE = "eventsourcing.sqlite"
POSTGRES = "eventsourcing.postgres"
IN_MEMORY = "eventsourcing.popo"
SQLITE_EVENTS_TABLE = "stored_events"  # the library's SQLite table of an application's events


class StoreMissing(Exception):
    """There is no event store where the settings point."""


@dataclass(frozen=True)
class StorePlace:
    """The event store the environment names: its settings and, in words, where it is."""

    settings: dict[str, str]
    persistence: str

    @property
    def _env(self) -> Environment:
        return Environment(GameStore.name, self.settings)

    @property
    def sqlite_path(self) -> Path:
        return Path(self._env.get("SQLITE_DBNAME") or "").absolute()

    def describe(self) -> str:
        """Where the store is, e.g. "the SQLite file /srv/var/events.sqlite"."""
        env = self._env
        if self.persistence == SQLITE:
            return f"the SQLite file {self.sqlite_path}"
        if self.persistence == POSTGRES:
            schema = env.get("POSTGRES_SCHEMA")
            where = f"{env.get('POSTGRES_HOST') or '?'}:{env.get('POSTGRES_PORT') or '5432'}"
            return (f"the PostgreSQL database {env.get('POSTGRES_DBNAME')!r} on {where}"
                    + (f", schema {schema!r}" if schema else ""))
        if self.persistence == IN_MEMORY:
            return "memory (eventsourcing.popo: nothing is kept when the process ends)"
        return f"the {self.persistence} store (PERSISTENCE_MODULE)"

    def check_exists(self) -> None:
        """StoreMissing, saying why, unless the store is there and holds an events table.

        Opens nothing for writing: SQLite read-only, PostgreSQL by a catalogue lookup.
        """
        reason = self._why_missing()
        if reason:
            raise StoreMissing(f"no event store in {self.describe()}: {reason}; nothing was created. {self._hint()}")

    def _hint(self) -> str:
        if self.persistence == SQLITE:
            return ("Set CHRONICLE_DATA to the service's data folder (`make run` keeps it in var/ in the project "
                    "folder) or SQLITE_DBNAME to its file.")
        if self.persistence == POSTGRES:
            return "Set the POSTGRES_* variables to the service's database."
        return "Set PERSISTENCE_MODULE and its settings to the service's store."

    def _why_missing(self) -> str | None:
        if self.persistence == SQLITE:
            return self._why_sqlite_missing()
        if self.persistence == POSTGRES:
            return self._why_postgres_missing()
        if self.persistence == IN_MEMORY:
            return "an in-memory store keeps no games once its process ends"
        return None  # another module: the library opens it, and its own errors say what is wrong

    def _why_sqlite_missing(self) -> str | None:
        path = self.sqlite_path
        if not path.is_file():
            return "the file does not exist"
        try:
            with sqlite3.connect(f"file:{quote(str(path))}?mode=ro", uri=True) as connection:
                found = connection.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                                           (SQLITE_EVENTS_TABLE,)).fetchone()
        except sqlite3.Error as error:
            return f"it cannot be read as SQLite ({error})"
        return None if found else "the file holds no events"

    def _why_postgres_missing(self) -> str | None:
        env = self._env
        table = f"{GameStore.name.lower()}_events"
        schema = env.get("POSTGRES_SCHEMA")
        try:
            with psycopg.connect(
                host=env.get("POSTGRES_HOST"), port=env.get("POSTGRES_PORT") or "5432",
                dbname=env.get("POSTGRES_DBNAME"), user=env.get("POSTGRES_USER"),
                password=env.get("POSTGRES_PASSWORD") or None, connect_timeout=10,
            ) as connection:
                found = connection.execute("SELECT to_regclass(%s)", (f"{schema}.{table}" if schema else table,)).fetchone()
        except psycopg.Error as error:
            return f"cannot connect ({str(error).strip().splitlines()[0]})"
        return None if found and found[0] else f"the database has no table {table}"

    def open_to_read(self) -> GameStore:
        """The store, once it is known to be there, without the data folder `build()` would make."""
        self.check_exists()
        return GameStore(env=self.settings)


def store_place(environ: Mapping[str, str]) -> StorePlace:
    """The store `services.compose.build(environ)` would open, with the same defaults."""
    settings, _, _ = store_settings(environ)
    persistence = Environment(GameStore.name, settings).get("PERSISTENCE_MODULE") or SQLITE
    return StorePlace(settings, persistence)
