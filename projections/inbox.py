"""A player's games, the ones awaiting their decision first: the correspondence player's inbox.

Read from the game list's rows of the player's games (`player_games`, written with the game's
row), ordered and cut by SQLite along an index, so a page costs the same however many games the
player has. Order: the player's own decisions, the nearest deadline first (then, for games
without a clock, the longest waiting first); then running games waiting on someone else, latest
activity first; then finished games, latest first. Games of the same time follow their ids.
"""

from __future__ import annotations

from typing import Any

from projections import invitations, pages
from projections.game_list import AFTER_IN_ACTIVITY_ORDER, AWAITING, FINISHED, WAITING, GameList, entry
from projections.pages import Page, checked_page
from projections.totals import inbox_key

# Each bucket's order (an index's), and the condition "after the cursor's row" in it.
ORDERS = {
    AWAITING: ("p.undated, p.due, p.last_activity, p.game_id",
               "(p.undated, p.due, p.last_activity, p.game_id) > (?, ?, ?, ?)", (int, str, str, str)),
    WAITING: ("p.last_activity DESC, p.game_id", AFTER_IN_ACTIVITY_ORDER.format(time="p.last_activity", id="p.game_id"), (str, str)),
}
ORDERS[FINISHED] = ORDERS[WAITING]
BUCKETS_OF = {None: (AWAITING, WAITING, FINISHED), "running": (AWAITING, WAITING), "finished": (FINISHED,)}


class Inbox:
    def __init__(self, game_list: GameList):
        self.game_list = game_list

    def games_of(self, player_id: str, status: str | None = None, limit: int = 100) -> list[dict[str, Any]]:
        return self.page(player_id, status, limit).rows

    def invitations(self, player_id: str) -> list[dict[str, Any]]:
        """The games keeping a seat for the player that they have not joined yet (projections.invitations)."""
        self.game_list.catch_up_some()
        return invitations.invitations_of(self.game_list.db, player_id)

    def first_game(self, player_id: str) -> str | None:
        """What the player plays or is invited to, in words, if anything: every game saved so far
        is read first (not just a few, as a read does), so a game created a moment ago counts."""
        self.game_list.catch_up()
        if self.game_list.total(inbox_key(player_id, None)):
            return "sits in a game"
        if invitations.invitations_of(self.game_list.db, player_id, 1):
            return "has a seat kept for them in a game"
        return None

    def page(self, player_id: str, status: str | None = None, limit: int = 100, cursor: str | None = None) -> Page:
        """A page of the player's games in the inbox's order, from `cursor` (the first page without)."""
        checked_page(limit, cursor=cursor)
        self.game_list.catch_up_some()
        start = starting_row(cursor, status) if cursor is not None else None
        rows: list[Any] = []
        for bucket in BUCKETS_OF[status]:
            if start is not None and bucket < start[0]:
                continue
            after = start[1:] if start is not None and bucket == start[0] else None
            rows += self._rows(player_id, bucket, after, limit + 1 - len(rows))
            if len(rows) > limit:
                break
        more = len(rows) > limit
        rows = rows[:limit]
        return Page([inbox_entry(row) for row in rows],
                    pages.encode("inbox", [rows[-1]["bucket"], *sort_key(rows[-1])]) if more else None,
                    self.game_list.total(inbox_key(player_id, status)))

    def _rows(self, player_id: str, bucket: int, after: list | None, limit: int) -> list[Any]:
        order, after_row, _ = ORDERS[bucket]
        sql = ("SELECT g.*, p.seat AS your_seat, p.bucket, p.undated, p.due FROM player_games p"
               " JOIN game_list g ON g.game_id = p.game_id WHERE p.player_id = ? AND p.bucket = ?")
        params: list[Any] = [player_id, bucket]
        if after is not None:
            sql += " AND " + after_row
            params += after if bucket == AWAITING else [after[0], after[0], after[1]]
        return self.game_list.db.query(sql + f" ORDER BY {order} LIMIT ?", (*params, limit))


def starting_row(cursor: str, status: str | None) -> list[Any]:
    """The bucket and sort key of the row a cursor of this inbox (and status) names."""
    key = pages.decode("inbox", cursor)
    if not key or type(key[0]) is not int or key[0] not in BUCKETS_OF[status]:
        raise pages.refused()
    return [key[0], *pages.typed(key[1:], ORDERS[key[0]][2])]


def sort_key(row: Any) -> list[Any]:
    """Where a row stands in its bucket's order."""
    if row["bucket"] == AWAITING:
        return [row["undated"], row["due"], row["last_activity"], row["game_id"]]
    return [row["last_activity"], row["game_id"]]


def inbox_entry(row: Any) -> dict[str, Any]:
    game = entry(row)
    seat = row["your_seat"]
    game.update(
        seat=seat,
        your_decision=row["bucket"] == AWAITING,
        opponents=[other for other in game["seats"] if other["seat"] != seat],
    )
    return game
