"""A player's invitations: the running games that keep a seat for them which they have not joined yet.

A row per kept seat, written with the game's row (projections.game_list) and dropped when the
seat is taken or the game ends, so the player's stream can list them (projections.notices) and a
player who holds one is known to have a game waiting (services.players: a bot account is made
only before its first game).
"""

from __future__ import annotations

from typing import Any

from services.log.seating import is_open

SCHEMA = """
CREATE TABLE IF NOT EXISTS player_invitations (
    player_id TEXT NOT NULL,
    game_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (player_id, game_id)
);
CREATE INDEX IF NOT EXISTS player_invitations_by_time ON player_invitations (player_id, created_at, game_id);
CREATE INDEX IF NOT EXISTS player_invitations_by_game ON player_invitations (game_id);
"""
TABLES = ("player_invitations",)
MAX_INVITATIONS = 100  # listed at once: a client joins some and sees the next ones


def write(cursor: Any, game: Any) -> None:
    """The game's kept seats not taken yet, while it runs (none once it is over)."""
    game_id = str(game.id)
    cursor.execute("DELETE FROM player_invitations WHERE game_id = ?", (game_id,))
    if game.finished:
        return
    for seat, record in enumerate(game.seats):
        if is_open(record) and record.get("reserved_for"):
            cursor.execute("INSERT INTO player_invitations (player_id, game_id, seat, created_at) VALUES (?, ?, ?, ?)"
                           " ON CONFLICT (player_id, game_id) DO NOTHING",
                           (record["reserved_for"], game_id, seat, game.created_on.isoformat()))


def invitations_of(db: Any, player_id: str, limit: int = MAX_INVITATIONS) -> list[dict[str, Any]]:
    """The player's invitations, the oldest first: {id, game, title, seat}."""
    rows = db.query("SELECT i.game_id, i.seat, g.game, g.title FROM player_invitations i"
                    " JOIN game_list g ON g.game_id = i.game_id WHERE i.player_id = ?"
                    " ORDER BY i.created_at, i.game_id LIMIT ?", (player_id, limit))
    return [{"id": row["game_id"], "game": row["game"], "title": row["title"], "seat": row["seat"]} for row in rows]
