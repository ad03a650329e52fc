"""Solo boards: a solo game is scored, not rated. Each player and bot has a row per board: the
games finished, the best score (and the title it earned, where the game gives titles), and,
against a rival the rules play (a game declaring `levels`: Tianxia's Li Mu), the games won.

A game's boards are its variants: the rules name a finished game's (`solo_board(options)`: the
Court's Standard and Advanced Games, Tianxia's difficulties); a game that declares none has one.
Sandbox games never count. Recording a game reads and writes one row: O(1); the rows follow the
ratings' order (projections.ratings), so a rebuild gives the same boards.
"""

from __future__ import annotations

from typing import Any, Mapping

from domain.contract import Outcome

SCHEMA = """
CREATE TABLE IF NOT EXISTS solo_boards (
    game TEXT NOT NULL,
    board TEXT NOT NULL,
    rater TEXT NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    best INTEGER NOT NULL,
    best_title TEXT,
    best_game TEXT NOT NULL,
    PRIMARY KEY (game, board, rater)
);
CREATE INDEX IF NOT EXISTS solo_boards_by_best ON solo_boards (game, board, best DESC, rater);
CREATE INDEX IF NOT EXISTS solo_boards_by_wins ON solo_boards (game, board, wins DESC, best DESC, rater);
"""
TABLES = ("solo_boards",)


def board_of(rules: Any, options: Mapping[str, Any]) -> str:
    """The board a solo game of these options counts on."""
    return rules.solo.board(options) if rules.solo else ""


def has_rival(rules: Any) -> bool:
    """Whether a solo game is played against a rival the rules play, won or lost."""
    return rules.options is not None and rules.options.levels is not None


def solo_entry(game: str, rules: Any, rater: list[str], options: Mapping[str, Any], outcome: Outcome,
               finished_at: str) -> dict[str, Any]:
    """What a board takes from a finished solo game."""
    return {"game": game, "solo": board_of(rules, options), "rater": rater, "score": outcome.scores[0],
            "title": outcome.detail.get("title"), "won": bool(outcome.winners) and outcome.beaten_by is None,
            "finished_at": finished_at}


def record(cursor: Any, game_id: str, entry: Mapping[str, Any]) -> None:
    """One finished solo game on its board: a game more, a win more if won, a better best if it is."""
    game, board, (rater, kind, name) = entry["game"], entry["solo"], entry["rater"]
    row = cursor.execute("SELECT * FROM solo_boards WHERE game = ? AND board = ? AND rater = ?",
                         (game, board, rater)).fetchone()
    better = row is None or entry["score"] > row["best"]
    cursor.execute(
        "INSERT INTO solo_boards (game, board, rater, kind, name, games, wins, best, best_title, best_game)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game, board, rater) DO UPDATE SET name = excluded.name,"
        " games = excluded.games, wins = excluded.wins, best = excluded.best, best_title = excluded.best_title,"
        " best_game = excluded.best_game",
        (game, board, rater, kind, name, (row["games"] if row else 0) + 1, (row["wins"] if row else 0) + entry["won"],
         entry["score"] if better else row["best"], entry["title"] if better else row["best_title"],
         game_id if better else row["best_game"]))


def standing(row: Any, rival: bool) -> dict[str, Any]:
    """One player or bot on a solo board."""
    shown = {**rater_fields(row), "games": row["games"], "best_score": row["best"], "best_game": row["best_game"]}
    if row["best_title"] is not None:
        shown["best_title"] = row["best_title"]
    if rival:
        shown.update(wins=row["wins"], losses=row["games"] - row["wins"])
    return shown


def rater_fields(row: Any) -> dict[str, Any]:
    """Who a board's row is: the rater id, player or bot, the name, and a player's id."""
    rater = row["rater"]
    return {"rater": rater, "kind": row["kind"], "name": row["name"], "bot": row["kind"] != "player",
            "player": rater.removeprefix("player:") if rater.startswith("player:") else None}
