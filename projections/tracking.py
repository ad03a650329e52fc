"""Where each read model stands in the event log: the position it has processed up to, read and
moved inside the transaction that writes its rows."""

from __future__ import annotations

import sqlite3


def tracked(cursor: sqlite3.Cursor, projection: str) -> int:
    """The log position a read model has processed up to (0 before its first event), read in the
    transaction that will move it."""
    row = cursor.execute("SELECT position FROM tracking WHERE projection = ?", (projection,)).fetchone()
    return row["position"] if row else 0


def track(cursor: sqlite3.Cursor, projection: str, position: int) -> None:
    """Record that a read model has processed the log up to `position`."""
    cursor.execute("INSERT INTO tracking (projection, position) VALUES (?, ?) "
                   "ON CONFLICT (projection) DO UPDATE SET position = excluded.position", (projection, position))
