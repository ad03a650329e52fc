"""A player's games, the ones awaiting their decision first: the correspondence player's inbox.

Read from the game list (which also records which player sits where), so it costs one query.
Order: the player's own decisions, the nearest deadline first (then, for games without a clock,
the longest waiting first); then running games waiting on someone else, latest activity first;
then finished games, latest first.
"""

from __future__ import annotations

from typing import Any

from projections.game_list import GameList, entry


class Inbox:
    def __init__(self, game_list: GameList):
        self.game_list = game_list

    def games_of(self, player_id: str, status: str | None = None, limit: int = 100) -> list[dict[str, Any]]:
        self.game_list.catch_up()
        sql = ("SELECT g.*, s.seat AS your_seat FROM seat_players s JOIN game_list g ON g.game_id = s.game_id"
               " WHERE s.player_id = ?")
        params: tuple = (player_id,)
        if status:
            sql += " AND g.status = ?"
            params += (status,)
        games = [inbox_entry(row) for row in self.game_list.db.query(sql, params)]
        mine = sorted((g for g in games if g["your_decision"]),
                      key=lambda g: (g["deadline"] is None, g["deadline"] or "", g["last_activity"]))
        waiting = sorted((g for g in games if g["status"] == "running" and not g["your_decision"]),
                         key=lambda g: g["last_activity"], reverse=True)
        finished = sorted((g for g in games if g["status"] != "running"), key=lambda g: g["last_activity"], reverse=True)
        return (mine + waiting + finished)[:limit]


def inbox_entry(row: Any) -> dict[str, Any]:
    game = entry(row)
    seat = row["your_seat"]
    to_act = game["to_act"]
    game.update(
        seat=seat,
        your_decision=game["status"] == "running" and to_act is not None and to_act["seat"] == seat,
        opponents=[other for other in game["seats"] if other["seat"] != seat],
    )
    return game
