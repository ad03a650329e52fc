"""Reading the ratings (projections.ratings): a game's leaderboard a page at a time, a player's
rating at each game with its history, and the rating change each seat of a game got.

Every read first brings a few games up to date, as the game list's reads do; the rest of the
catching up is the runner's, off the request path.
"""

from __future__ import annotations

from typing import Any, Mapping

from domain import registry
from projections import pages, solo_boards
from projections.game_list import GameList
from projections.pages import Page, checked_page
from projections.ratings import PROVISIONAL_GAMES, changes_of, ordinal, rater_of


class Leaderboards:
    def __init__(self, game_list: GameList):
        self.game_list, self.db = game_list, game_list.db

    def board(self, game: str, limit: int = 50, cursor: str | None = None) -> Page:
        """The raters of `game`, highest rating first (ties by rater id), from `cursor`."""
        checked_page(limit, 0, cursor)
        self.game_list.catch_up_some()
        where, params = "game = ?", [game]
        if cursor is not None:
            rating, rater = pages.decode(f"leaderboard:{game}", cursor, (float, str))
            where += " AND ordinal <= ? AND (ordinal < ? OR rater > ?)"
            params += [rating, rating, rater]
        rows = self.db.query(f"SELECT * FROM ratings WHERE {where} ORDER BY ordinal DESC, rater LIMIT ?",  # noqa: S608
                             (*params, limit + 1))
        total = self.db.query("SELECT count(*) AS n FROM ratings WHERE game = ?", (game,))[0]["n"]
        last = rows[limit - 1] if len(rows) > limit else None
        return Page([standing(row) for row in rows[:limit]],
                    pages.encode(f"leaderboard:{game}", [last["ordinal"], last["rater"]]) if last else None, total)

    def solo_board(self, game: str, board: str, rival: bool, limit: int = 50, cursor: str | None = None) -> Page:
        """A solo board: against a rival, the most wins first, then the best score; else the best
        score first (ties by rater id), from `cursor`."""
        checked_page(limit, 0, cursor)
        self.game_list.catch_up_some()
        kind = f"solo:{game}:{board}"
        where, params = "game = ? AND board = ?", [game, board]
        order = "wins DESC, best DESC, rater" if rival else "best DESC, rater"
        if cursor is not None:
            wins, best, rater = pages.decode(kind, cursor, (int, int, str))
            # After the cursor's row in the board's order, spelled out so that the index can start there.
            after_best = "(best < ? OR (best = ? AND rater > ?))"
            if rival:
                where += f" AND wins <= ? AND (wins < ? OR {after_best})"
                params += [wins, wins, best, best, rater]
            else:
                where += f" AND best <= ? AND {after_best}"
                params += [best, best, best, rater]
        rows = self.db.query(f"SELECT * FROM solo_boards WHERE {where} ORDER BY {order} LIMIT ?",  # noqa: S608
                             (*params, limit + 1))
        total = self.db.query("SELECT count(*) AS n FROM solo_boards WHERE game = ? AND board = ?", (game, board))[0]["n"]
        last = rows[limit - 1] if len(rows) > limit else None
        return Page([solo_boards.standing(row, rival) for row in rows[:limit]],
                    pages.encode(kind, [last["wins"], last["best"], last["rater"]]) if last else None, total)

    def of_player(self, player_id: str) -> dict[str, dict[str, Any]]:
        """A player's rating at each game they are rated at, with its history, oldest first."""
        self.game_list.catch_up_some()
        rater = f"player:{player_id}"
        rated = {row["game"]: standing(row) for row in self.db.query("SELECT * FROM ratings WHERE rater = ?", (rater,))}
        for row in self.db.query("SELECT * FROM rating_changes WHERE rater = ? ORDER BY game, position", (rater,)):
            rated[row["game"]].setdefault("history", []).append({
                "game_id": row["game_id"], "finished_at": row["finished_at"], "place": row["place"],
                "rating": round(ordinal(row["after_mu"], row["after_sigma"]), 2)})
        return rated

    def rating(self, game: str, seat: Mapping[str, Any]) -> float | None:
        """The rating (ordinal) at `game` of a seat as a game takes it: a player ({"player": id}) or a
        built-in bot at its current version ({"bot", "strength"?}); None if not rated there yet."""
        rules = registry.GAMES.get(game)
        if rules is None or (seat.get("bot") and seat["bot"] not in rules.bots):
            return None
        version = rules.bots[seat["bot"]].version if seat.get("bot") else None
        rater = rater_of({**seat, "name": ""}, version)
        if rater is None:
            return None
        self.game_list.catch_up_some()
        rows = self.db.query("SELECT ordinal FROM ratings WHERE game = ? AND rater = ?", (game, rater[0]))
        return rows[0]["ordinal"] if rows else None

    def solo_of_player(self, player_id: str) -> dict[str, dict[str, dict[str, Any]]]:
        """A player's rows on the solo boards: game -> board -> row."""
        found: dict[str, dict[str, dict[str, Any]]] = {}
        for row in self.db.query("SELECT * FROM solo_boards WHERE rater = ? ORDER BY game, board", (f"player:{player_id}",)):
            found.setdefault(row["game"], {})[row["board"]] = solo_boards.standing(row, solo_boards.has_rival(registry.get(row["game"])))
        return found

    def changes(self, game_id: str) -> list[dict[str, Any]] | None:
        """Each seat's rating before and after the game, if it counted for the ratings."""
        self.game_list.catch_up_some()
        return changes_of(self.db, [game_id]).get(game_id)


def standing(row: Any) -> dict[str, Any]:
    """One rater on a leaderboard."""
    return {
        **solo_boards.rater_fields(row),
        "rating": round(row["ordinal"], 2), "mu": round(row["mu"], 3), "sigma": round(row["sigma"], 3),
        "games": row["games"], "wins": row["wins"], "provisional": row["games"] < PROVISIONAL_GAMES,
    }

