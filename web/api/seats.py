"""/api/games/{id}/seats/{n}/join: a player takes an open seat of a game."""

from __future__ import annotations

from uuid import UUID

from flask.views import MethodView

from services.log.presenting import present_game
from web.api.examples import EXAMPLES
from web.api.games_schemas import MAX_SEATS, GameView
from web.api.players import PLAYER_KEY, me
from web.blueprint import Blueprint, chronicle

blp = Blueprint("seats", __name__, url_prefix="/api/games", description="Open seats")


@blp.route("/<uuid:game_id>/seats/<int(signed=True):n>/join", parameters=[{
    "in": "path", "name": "n",
    "description": f"the seat: 0 to the game's number of seats less one (at most {MAX_SEATS - 1})",
    "schema": {"type": "integer", "minimum": 0, "maximum": MAX_SEATS - 1}, "example": 1}])
class Join(MethodView):
    @blp.doc(security=PLAYER_KEY, operationId="joinSeat")
    @blp.response(200, GameView, example=EXAMPLES["JOINED"])
    @blp.problems(404, s400="the game has no seat n, or the player sits at this table already",
                  s401="no player's key", s403="a key of no player",
                  s409="the seat is not open, or was taken, or the game is over")
    def post(self, game_id: UUID, n: int):
        """Take open seat n: the player's key then plays it. Answers the table as that seat sees it."""
        player = me()
        game = chronicle().commands.join(game_id, n, player)
        return present_game(game, n)
