"""Players by name, for finding one to challenge: a row per player, written as players register
(and marked when one becomes a bot account).

Names are compared as services.log.names' `likeness` folds them ("Ana" finds "ana" and "ANA"); a
search matches the start of a name. Two players may bear one name: each row has the id that tells
them apart.
"""

from __future__ import annotations

from typing import Any

from services.log.names import likeness

SCHEMA = """
CREATE TABLE IF NOT EXISTS player_names (
    player_id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    folded TEXT NOT NULL,
    bot INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS player_names_by_name ON player_names (folded, player_id);
"""
TABLES = ("player_names",)
MAX_FOUND = 20


def write(cursor: Any, player_id: str, name: str) -> None:
    cursor.execute("INSERT INTO player_names (player_id, name, folded) VALUES (?, ?, ?) ON CONFLICT (player_id) "
                   "DO UPDATE SET name = excluded.name, folded = excluded.folded", (player_id, name, likeness(name)))


def mark_bot(cursor: Any, player_id: str) -> None:
    """The player became a bot account (for good)."""
    cursor.execute("UPDATE player_names SET bot = 1 WHERE player_id = ?", (player_id,))


def starting_with(db: Any, text: str, limit: int = MAX_FOUND) -> list[dict[str, str]]:
    """The players whose name starts with `text` (as names are compared), in the order of their names."""
    folded = likeness(text)
    if not folded:
        return []
    rows = db.query("SELECT player_id, name, bot FROM player_names WHERE folded >= ? AND folded < ? "
                    "ORDER BY folded, player_id LIMIT ?", (folded, folded + "\U0010ffff", limit))
    return [{"id": row["player_id"], "name": row["name"], **({"bot": True} if row["bot"] else {})} for row in rows]
