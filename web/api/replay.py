"""/api/games/{id}/replay: the steps of a game, and the table after any one of them."""

from __future__ import annotations

from uuid import UUID

from flask.views import MethodView

from services.analysis.answers import step_entry
from services.disputes.dispute_log import KINDS
from services.log.seats import seat_of_token
from web.api import replay_schemas as schemas
from web.api.common_schemas import VersionsQuery
from web.api.disputes import record_link
from web.api.examples import EXAMPLES
from web.api.links import with_next_page
from web.auth import bearer_token
from web.blueprint import BEARER, Blueprint, chronicle
from web.bodies import INT64_MAX
from web.openapi import SEAT_ERRORS

blp = Blueprint("replay", __name__, url_prefix="/api/games", description="Replays, step by step")


@blp.route("/<uuid:game_id>/replay")
class Replay(MethodView):
    @blp.doc(security=BEARER, operationId="getReplay")
    @blp.arguments(VersionsQuery, location="query")
    @blp.response(200, schemas.Replay, example=EXAMPLES["REPLAY"])
    @blp.problems(*SEAT_ERRORS, 400, 404)
    def get(self, query, game_id: UUID):
        """The steps, a page at a time (the first 100 unless `after` and `limit` say otherwise): step n is
        game version n; step 1 is the creation. `next` links to the next page."""
        steps = chronicle().queries.replay(game_id, bearer_token(), **query)
        return with_next_page(steps, "replay.Replay", query, game_id)


@blp.route("/<uuid:game_id>/replay/<int(signed=True):n>", parameters=[{
    "in": "path", "name": "n", "description": "the step: 1 (the creation) to the game's version",
    "schema": {"type": "integer", "minimum": 1, "maximum": INT64_MAX}, "example": 9}])
class ReplayStep(MethodView):
    @blp.doc(security=BEARER, operationId="getReplayStep")
    @blp.response(200, schemas.ReplayStep, example=EXAMPLES["REPLAY_STEP"])
    @blp.problems(*SEAT_ERRORS, s404="no game has this id, or it has no step n (steps run from 1 to its version; "
                                     "spectators of a game with a delay see fewer)")
    def get(self, game_id: UUID, n: int):
        """Step n: its event, description and rule, the table right after it, and the first disputes
        about it and what-ifs about its decision (`disputes_next` and `what_ifs_next` link to the rest)."""
        services = chronicle()
        step = services.queries.replay_step(game_id, n, bearer_token())
        # The decision taken on this step's table, as a done analysis judged it (a running game's to
        # its own seat alone, as its action is).
        game = services.store.game(game_id)
        step["analysis"] = step_entry(services.store, game, n, seat_of_token(game.seats, bearer_token()))
        for kind in KINDS:
            rest = step.pop(f"{kind}_after")
            step[f"{kind}_next"] = None if rest is None else record_link(game_id, rest["step"], kind, rest["after"])
        return step


@blp.route("/<uuid:game_id>/since")
class SinceLastMove(MethodView):
    @blp.doc(security=BEARER, operationId="getSinceLastMove")
    @blp.response(200, schemas.SinceLastMove)
    @blp.problems(*SEAT_ERRORS, 400, 404)
    def get(self, game_id: UUID):
        """What happened since the asking seat's last own decision: each step's line (bookkeeping
        left out), each change to its own score and hand with the rule that made it, and the places
        of its table changed. A seat's token is required."""
        return chronicle().queries.since_last_move(game_id, bearer_token())


@blp.route("/<uuid:game_id>/scores")
class Scores(MethodView):
    @blp.doc(operationId="getScoreChart")
    @blp.response(200, schemas.ScoreChart, example=EXAMPLES["SCORE_CHART"])
    @blp.problems(404, s409="the game is still running: its chart is drawn once it is over")
    def get(self, game_id: UUID):
        """A finished game's score chart: each seat's score at the end of every turn, as the rules count it."""
        return chronicle().queries.score_chart(game_id)
