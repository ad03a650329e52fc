"""A player's games as their public page lists them: running and finished, the latest first,
each finished one with its scores, its winners and the rating change it brought the player.

Read from the game list's rows of the player's games (`player_games`), the results and the
rating changes, a page at most; a running game shows no more than its spectators may see.
"""

from __future__ import annotations

import json
from typing import Any

from projections import ratings
from projections.game_list import GameList, entry, public

MOST_GAMES = 50


def recent_games(game_list: GameList, player_id: str, limit: int = MOST_GAMES) -> list[dict[str, Any]]:
    """The player's latest games (at most `limit`), each with the player's seat, its result once
    finished (scores, winners, tie) and the player's rating change (None: it counted for none)."""
    game_list.catch_up_some()
    rows = game_list.db.query(
        "SELECT g.*, p.seat AS your_seat, r.scores, r.winners, r.tie FROM player_games p"
        " JOIN game_list g ON g.game_id = p.game_id LEFT JOIN results r ON r.game_id = p.game_id"
        " WHERE p.player_id = ? ORDER BY p.last_activity DESC, p.game_id LIMIT ?", (player_id, min(limit, MOST_GAMES)))
    changes = ratings.changes_of(game_list.db, [row["game_id"] for row in rows])
    games = []
    for row in rows:
        game = public(entry(row), row["spectator_delay"])
        seat = row["your_seat"]
        game["seat"] = seat
        if row["scores"] is not None:
            game["result"] = {"scores": json.loads(row["scores"]), "winners": json.loads(row["winners"]),
                              "tie": bool(row["tie"])}
        game["rating"] = next((change for change in changes.get(row["game_id"], []) if change["seat"] == seat), None)
        games.append(game)
    return games
