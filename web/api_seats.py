"""/api/games/{id}/seats/{n}/join: a player takes an open seat of a game."""

from __future__ import annotations

from uuid import UUID

from flask.views import MethodView

from services.presenting import present_game
from web import schemas
from web.api_players import PLAYER_KEY, me
from web.blueprint import Blueprint, chronicle

blp = Blueprint("seats", __name__, url_prefix="/api/games", description="Open seats")


@blp.route("/<uuid:game_id>/seats/<int(signed=True):n>/join")
class Join(MethodView):
    @blp.doc(security=PLAYER_KEY)
    @blp.response(200, schemas.GameView)
    @blp.alt_response(401, description="no player's key")
    @blp.alt_response(403, description="a key of no player")
    @blp.alt_response(409, description="the seat is not open, or was taken")
    def post(self, game_id: UUID, n: int):
        """Take open seat n: the player's key then plays it. Answers the table as that seat sees it."""
        player = me()
        game = chronicle().commands.join(game_id, n, player)
        return present_game(game, n)
