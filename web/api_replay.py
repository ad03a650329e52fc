"""/api/games/{id}/replay: the steps of a game, and the table after any one of them."""

from __future__ import annotations

from uuid import UUID

from flask.views import MethodView

from web import schemas
from web.auth import bearer_token
from web.blueprint import BEARER, Blueprint, chronicle

blp = Blueprint("replay", __name__, url_prefix="/api/games", description="Replays, step by step")


@blp.route("/<uuid:game_id>/replay")
class Replay(MethodView):
    @blp.doc(security=BEARER)
    @blp.response(200, schemas.Replay)
    def get(self, game_id: UUID):
        """Every step: step n is game version n; step 1 is the creation."""
        return chronicle().queries.replay(game_id, bearer_token())


@blp.route("/<uuid:game_id>/replay/<int(signed=True):n>")
class ReplayStep(MethodView):
    @blp.doc(security=BEARER)
    @blp.response(200, schemas.ReplayStep)
    def get(self, game_id: UUID, n: int):
        """Step n: its event, description and rule, and the table right after it."""
        return chronicle().queries.replay_step(game_id, n, bearer_token())
