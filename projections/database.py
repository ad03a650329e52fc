"""The read-model database: a SQLite file (or memory) holding view rows and tracking rows.

Every catch-up writes its view rows and its tracking position in one transaction, so a crash
between the two cannot make a read model skip or repeat an event. A database written under an
older SCHEMA_VERSION is emptied when opened: read models are rebuilt from the first event.
"""

from __future__ import annotations

import sqlite3
import threading
from contextlib import contextmanager
from typing import Iterator

SCHEMA = """
CREATE TABLE IF NOT EXISTS tracking (
    projection TEXT PRIMARY KEY,
    position INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS game_list (
    game_id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    title TEXT NOT NULL,
    status TEXT NOT NULL,
    sandbox INTEGER NOT NULL DEFAULT 0,
    seats TEXT NOT NULL,
    to_act TEXT,
    version INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    last_activity TEXT NOT NULL,
    last_move TEXT,
    deadline TEXT,
    spectator_delay INTEGER NOT NULL DEFAULT 0,
    open_seats INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS game_list_by_activity ON game_list (last_activity DESC);
CREATE TABLE IF NOT EXISTS results (
    game_id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    seats TEXT NOT NULL,
    scores TEXT NOT NULL,
    winners TEXT NOT NULL,
    tie INTEGER NOT NULL,
    reason TEXT NOT NULL,
    finished_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS seat_players (
    player_id TEXT NOT NULL,
    game_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    PRIMARY KEY (player_id, game_id)
);
"""

TABLES = ("tracking", "game_list", "results", "seat_players")
SCHEMA_VERSION = 4  # 2: players' seats and each game's last move; 3: deadlines; 4: spectator delays, open seats


class ProjectionDatabase:
    """A SQLite database for read models; `path` may be ':memory:' for tests."""

    def __init__(self, path: str):
        self.path = path
        self._lock = threading.Lock()
        self._conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=30)
        self._conn.row_factory = sqlite3.Row
        if path != ":memory:":
            self._conn.execute("PRAGMA journal_mode=WAL")
        self._migrate()

    def _migrate(self) -> None:
        """Create the tables; drop those of an older schema first (processes opening the file at
        once take turns: the check and the change are one transaction)."""
        with self.transaction() as cursor:
            if cursor.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION:
                return
            for table in TABLES:
                cursor.execute(f"DROP TABLE IF EXISTS {table}")  # noqa: S608 - fixed table names
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    cursor.execute(statement)
            cursor.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Cursor]:
        """A write transaction that holds the database's write lock from its start."""
        with self._lock:
            cursor = self._conn.cursor()
            cursor.execute("BEGIN IMMEDIATE")
            try:
                yield cursor
            except BaseException:
                cursor.execute("ROLLBACK")
                raise
            cursor.execute("COMMIT")

    def query(self, sql: str, params: tuple = ()) -> list[sqlite3.Row]:
        with self._lock:
            return self._conn.execute(sql, params).fetchall()

    def drop_all(self) -> None:
        """Forget every read model and position (a rebuild starts from the first event)."""
        with self.transaction() as cursor:
            for table in TABLES:
                cursor.execute(f"DELETE FROM {table}")  # noqa: S608 - fixed table names

    def close(self) -> None:
        self._conn.close()
