"""The read-model database: a SQLite file (or memory) holding view rows and tracking rows.

Every catch-up writes its view rows and its tracking position in one transaction, so a crash
between the two cannot make a read model skip or repeat an event. A database written under an
older SCHEMA_VERSION is emptied when opened: read models are rebuilt from the first event.

A file is opened twice: one connection writes (catch-ups take turns on it, and across processes
on SQLite's write lock), the other reads, so in WAL mode a read never waits for a catch-up.
Every list is read in the order of an index, so a page costs the same wherever it starts; the
`totals` table counts the rows of each list (and each filter of it) as rows come and go.
"""

from __future__ import annotations

import sqlite3
import threading
from contextlib import contextmanager
from typing import Iterator

from projections import invitations, player_names, ratings, tournament_list
from services.log.first_open import first_open

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
CREATE INDEX IF NOT EXISTS game_list_by_activity ON game_list (last_activity DESC, game_id);
CREATE INDEX IF NOT EXISTS game_list_by_status ON game_list (status, last_activity DESC, game_id);
CREATE INDEX IF NOT EXISTS game_list_by_game ON game_list (game, last_activity DESC, game_id);
CREATE INDEX IF NOT EXISTS game_list_open ON game_list (last_activity DESC, game_id)
    WHERE status = 'running' AND open_seats > 0;
CREATE TABLE IF NOT EXISTS results (
    game_id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    seats TEXT NOT NULL,
    scores TEXT NOT NULL,
    winners TEXT NOT NULL,
    tie INTEGER NOT NULL,
    reason TEXT NOT NULL,
    headline TEXT NOT NULL DEFAULT '',
    finished_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS results_by_time ON results (finished_at DESC, game_id);
CREATE INDEX IF NOT EXISTS results_by_game ON results (game, finished_at DESC, game_id);
CREATE TABLE IF NOT EXISTS player_games (
    player_id TEXT NOT NULL,
    game_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    bucket INTEGER NOT NULL,
    undated INTEGER NOT NULL,
    due TEXT NOT NULL,
    last_activity TEXT NOT NULL,
    PRIMARY KEY (player_id, game_id)
);
CREATE INDEX IF NOT EXISTS player_games_awaiting ON player_games (player_id, bucket, undated, due, last_activity, game_id);
CREATE INDEX IF NOT EXISTS player_games_by_activity ON player_games (player_id, bucket, last_activity DESC, game_id);
CREATE TABLE IF NOT EXISTS totals (
    list TEXT PRIMARY KEY,
    count INTEGER NOT NULL
);
"""

TABLES = (("tracking", "game_list", "results", "player_games", "totals") + ratings.TABLES + player_names.TABLES
          + invitations.TABLES + tournament_list.TABLES)
FORMER_TABLES = ("seat_players",)  # of older schemas: dropped with the rest
# 2: players' seats and each game's last move; 3: deadlines; 4: spectator delays, open seats;
# 5: the inbox's order in the player_games rows, list totals, indexes for keyset pages; 6: ratings;
# 7: players by name; 8: a result's headline in words; 9: invitations, bot accounts; 10: the tournament list
SCHEMA_VERSION = 10


class ProjectionDatabase:
    """A SQLite database for read models; `path` may be ':memory:' for tests."""

    def __init__(self, path: str):
        self.path = path
        with first_open(path):  # servers and workers starting together on a new file take turns
            self._open()

    def _open(self) -> None:
        self._writer = self._connect()
        if self.path == ":memory:":  # one connection is the whole database: reads take turns with writes
            self._reader, self._write_lock = self._writer, threading.RLock()
            self._read_lock = self._write_lock
        else:
            self._writer.execute("PRAGMA journal_mode=WAL")
            self._writer.execute("PRAGMA synchronous=NORMAL")  # a read model lost in a crash is caught up again
            # The ratings' history index takes each game's rows at its players' places, all over
            # the file: a cache that holds the index keeps a game's cost flat as the history grows.
            self._writer.execute("PRAGMA cache_size=-65536")  # 64 MiB
            self._reader = self._connect()
            self._write_lock, self._read_lock = threading.Lock(), threading.Lock()
        self._migrate()

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=30)
        conn.row_factory = sqlite3.Row
        return conn

    def _migrate(self) -> None:
        """Create the tables; drop those of an older schema first (processes opening the file at
        once take turns: the check and the change are one transaction)."""
        with self.transaction() as cursor:
            if cursor.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION:
                return
            for table in TABLES + FORMER_TABLES:
                cursor.execute(f"DROP TABLE IF EXISTS {table}")  # noqa: S608 - fixed table names
            for statement in (SCHEMA + ratings.SCHEMA + player_names.SCHEMA + invitations.SCHEMA
                              + tournament_list.SCHEMA).split(";"):
                if statement.strip():
                    cursor.execute(statement)
            cursor.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Cursor]:
        """A write transaction that holds the database's write lock from its start."""
        with self._write_lock:
            cursor = self._writer.cursor()
            cursor.execute("BEGIN IMMEDIATE")
            try:
                yield cursor
            except BaseException:
                cursor.execute("ROLLBACK")
                raise
            cursor.execute("COMMIT")

    def position(self, projection: str) -> int:
        """The log position `projection` has processed up to, as a read sees it."""
        rows = self.query("SELECT position FROM tracking WHERE projection = ?", (projection,))
        return rows[0]["position"] if rows else 0

    def query(self, sql: str, params: tuple = ()) -> list[sqlite3.Row]:
        with self._read_lock:
            return self._reader.execute(sql, params).fetchall()

    def drop_all(self) -> None:
        """Forget every read model and position (a rebuild starts from the first event)."""
        with self.transaction() as cursor:
            for table in TABLES:
                cursor.execute(f"DELETE FROM {table}")  # noqa: S608 - fixed table names

    def close(self) -> None:
        self._writer.close()
        if self._reader is not self._writer:
            self._reader.close()
