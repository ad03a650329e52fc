"""/api/games: create games, list them, and show one as the asker may see it."""

from __future__ import annotations

from uuid import UUID

from flask import url_for
from flask.views import MethodView

from web import schemas
from web.auth import bearer_token
from web.blueprint import BEARER, Blueprint, chronicle

blp = Blueprint("games", __name__, url_prefix="/api", description="Create, list and look at games")


@blp.route("/games")
class Games(MethodView):
    @blp.arguments(schemas.GameListQuery, location="query")
    @blp.response(200, schemas.GameList)
    def get(self, query):
        """The games, most recently active first (from the game-list read model)."""
        return {"games": chronicle().game_list.games(**query)}

    @blp.arguments(schemas.CreateGameRequest)
    @blp.response(201, schemas.CreatedGame)
    def post(self, body):
        """Create a game; the answer holds one secret token per person's seat, shown only once."""
        created = chronicle().commands.create(
            body["game"], body["seats"], seed=body.get("seed"), options=body.get("options")
        )
        game_id = str(created.id)
        return {
            "id": game_id,
            "version": created.version,
            "seed_commitment": created.seed_commitment,
            "tokens": created.tokens,
            "links": {
                "self": url_for("games.Game", game_id=created.id),
                "actions": url_for("play.Actions", game_id=created.id),
                "replay": url_for("replay.Replay", game_id=created.id),
            },
        }


@blp.route("/games/<uuid:game_id>")
class Game(MethodView):
    @blp.doc(security=BEARER)
    @blp.response(200, schemas.GameView)
    def get(self, game_id: UUID):
        """The table as the token's seat sees it; without a token, as a spectator."""
        return chronicle().queries.table(game_id, bearer_token())


@blp.route("/results")
class Results(MethodView):
    @blp.arguments(schemas.GameListQuery(only=("game", "limit", "offset")), location="query")
    @blp.response(200, schemas.ResultList)
    def get(self, query):
        """Final results of finished games, most recent first (from the results read model)."""
        return {"results": chronicle().game_list.results(**query)}
