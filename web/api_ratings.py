"""/api/leaderboards/{game}, /api/players/{id} and /api/games/{id}/ratings: the ratings read
model (projections.ratings), which anyone may read: a rating is public, a key is not needed."""

from __future__ import annotations

from uuid import UUID

from flask.views import MethodView

from domain import registry
from services.errors import NotFound
from services.players import PlayerNotFound
from web import schemas
from web.api_rules import rules_of
from web.blueprint import Blueprint, chronicle
from web.links import next_link

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
        rules_of(game)
        page = chronicle().leaderboards.board(game, **query)
        return {"game": game, "ratings": page.rows, "total": page.total,
                "next": next_link("ratings.Leaderboard", query, {"game": game}, cursor=page.next) if page.next else None}


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
        return {"id": str(player.id), "name": player.name,
                "ratings": chronicle().leaderboards.of_player(str(player.id))}


@blp.route("/games/<uuid:game_id>/ratings")
class GameRatings(MethodView):
    @blp.doc(operationId="getGameRatings")
    @blp.response(200, schemas.GameRatings)
    @blp.problems(404)
    def get(self, game_id: UUID):
        """Each seat's rating before and after a finished game, if it counted for the ratings."""
        chronicle().store.game(game_id)  # 404 for no such game
        changes = chronicle().leaderboards.changes(str(game_id))
        return {"rated": changes is not None, "seats": changes or []}
