"""/api/leaderboards/{game}, /api/players/{id} and /api/games/{id}/ratings: the ratings read
model (projections.ratings), which anyone may read: a rating is public, a key is not needed."""

from __future__ import annotations

from uuid import UUID

from flask import url_for
from flask.views import MethodView

from domain import registry
from projections.ratings import rated_entry
from projections.solo_boards import has_rival
from services.errors import NotFound
from services.players.players import PlayerNotFound
from web.api import ratings_schemas as schemas
from web.api.links import next_link
from web.api.rules import rules_of
from web.blueprint import Blueprint, chronicle

blp = Blueprint("ratings", __name__, url_prefix="/api", description="Ratings and leaderboards")

GAME_PARAMETER = [{"in": "path", "name": "game", "description": "the game's name", "example": "chi",
                   "schema": {"type": "string", "enum": sorted(registry.GAMES)}}]


@blp.route("/leaderboards/<string:game>", parameters=GAME_PARAMETER)
class Leaderboard(MethodView):
    @blp.doc(operationId="getLeaderboard")
    @blp.arguments(schemas.LeaderboardQuery, location="query")
    @blp.response(200, schemas.Leaderboard)
    @blp.problems(400, s404="no game has this name: `field` is `game`")
    def get(self, query, game: str):
        """The players and bots rated at a game, highest rating first, a page at a time. Ratings
        come from finished games of two seats or more between players and bots (no sandbox): a
        game with an unregistered person counts for nobody."""
        rules = rules_of(game)
        page = chronicle().leaderboards.board(game, **query)
        return {"game": game, "ratings": page.rows, "total": page.total,
                "next": next_link("ratings.Leaderboard", query, {"game": game}, cursor=page.next) if page.next else None,
                "solo_boards": {board: url_for("ratings.SoloBoard", game=game, board=board)
                                for board in (rules.solo.boards if rules.solo else ())}}


@blp.route("/leaderboards/<string:game>/solo/<string:board>", parameters=GAME_PARAMETER + [
    {"in": "path", "name": "board", "description": "the board: the Court's standard or advanced, Tianxia's difficulty",
     "example": "hard", "schema": {"type": "string"}}])
class SoloBoard(MethodView):
    @blp.doc(operationId="getSoloBoard")
    @blp.arguments(schemas.LeaderboardQuery, location="query")
    @blp.response(200, schemas.SoloBoard)
    @blp.problems(400, s404="no game has this name, or the game has no such board (`field` says which)")
    def get(self, query, game: str, board: str):
        """A solo game's board: each player's and bot's best score on it (with the title earned),
        and against a rival (Li Mu) the games won and lost, the most wins first."""
        rules = rules_of(game)
        boards = (rules.solo.boards if rules.solo else ())
        if board not in boards:
            offered = f"its boards are {', '.join(boards)}" if boards else "it has no solo game"
            raise NotFound(f"{rules.title} has no board {board[:40]!r}: {offered}", "board")
        rival = has_rival(rules)
        page = chronicle().leaderboards.solo_board(game, board, rival, **query)
        return {"game": game, "board": board, "against_rival": rival, "entries": page.rows, "total": page.total,
                "next": next_link("ratings.SoloBoard", query, {"game": game, "board": board}, cursor=page.next)
                if page.next else None}


@blp.route("/players/<uuid:player_id>")
class PublicPlayer(MethodView):
    @blp.doc(operationId="getPlayer")
    @blp.response(200, schemas.PublicPlayer)
    @blp.problems(s404="no player has this id")
    def get(self, player_id: UUID):
        """A player as anyone sees them: the name, and the rating at each game with its history."""
        try:
            player = chronicle().commands.players.get(player_id)
        except PlayerNotFound:
            raise NotFound(f"there is no player {player_id}", "player_id") from None
        return {"id": str(player.id), "name": player.name, "bot": player.bot,
                "ratings": chronicle().leaderboards.of_player(str(player.id)),
                "solo": chronicle().leaderboards.solo_of_player(str(player.id))}


@blp.route("/games/<uuid:game_id>/ratings")
class GameRatings(MethodView):
    @blp.doc(operationId="getGameRatings")
    @blp.response(200, schemas.GameRatings)
    @blp.problems(404)
    def get(self, game_id: UUID):
        """Each seat's rating before and after a finished game, if it counts for the ratings
        (`seats` stays empty for a moment after the game ends, until the ratings catch up)."""
        game = chronicle().store.game(game_id)  # 404 for no such game
        outcome = game.rules.outcome(game.state)
        entry = None if outcome is None else rated_entry(game.game, game.rules, game.seats, game.options, outcome, "")
        changes = chronicle().leaderboards.changes(str(game_id))
        return {"rated": entry is not None and "solo" not in entry, "seats": changes or []}
