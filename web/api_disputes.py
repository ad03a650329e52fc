"""/api/games/{id}/disputes: a seat's claim about a step, answered at once by the engine."""

from __future__ import annotations

from uuid import UUID

from flask.views import MethodView
from marshmallow import Schema, fields, validate

from services.disputes import MAX_CLAIM, disputes_of, file_dispute
from services.seats import seat_of_token
from web.auth import bearer_token, required_bearer_token
from web.blueprint import BEARER, Blueprint, chronicle
from web.bodies import INT64_MAX
from web.examples import EXAMPLES
from web.openapi import BODY_ERRORS, SEAT_ERRORS

blp = Blueprint("disputes", __name__, url_prefix="/api/games", description="Disputes about steps of a game")


class DisputeRequest(Schema):
    step = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=INT64_MAX),
                          metadata={"description": "the step disputed: 1 to the game's version", "example": 12})
    claim = fields.String(required=True, validate=validate.Length(min=1, max=MAX_CLAIM),
                          metadata={"example": "that attack should have been blocked"})


class Dispute(Schema):
    number = fields.Integer()
    step = fields.Integer()
    seat = fields.Integer()
    claim = fields.String()
    answer = fields.Dict(metadata={"description": "the engine's account of the step: decision, legal alternatives, rules, changes, re-run"})


class DisputeList(Schema):
    disputes = fields.List(fields.Nested(Dispute))


@blp.route("/<uuid:game_id>/disputes")
class Disputes(MethodView):
    @blp.doc(security=BEARER, operationId="listDisputes")
    @blp.response(200, DisputeList, example={"disputes": [EXAMPLES["DISPUTE"]]})
    @blp.problems(*SEAT_ERRORS, 404)
    def get(self, game_id: UUID):
        """The game's disputes with their answers, as the asker may see them."""
        services = chronicle()
        viewer = seat_of_token(services.store.game(game_id).seats, bearer_token())
        return {"disputes": disputes_of(services.store, game_id, viewer)}

    @blp.doc(security=[{"bearerAuth": []}], operationId="fileDispute")
    @blp.arguments(DisputeRequest, example={"step": 9, "claim": "that draw should have come from the deck"})
    @blp.response(201, Dispute, example=EXAMPLES["DISPUTE"])
    @blp.problems(*BODY_ERRORS, 404, s401="no seat token: only a seat of the game may file a dispute",
                  s403="a token that holds no seat of this game")
    def post(self, body, game_id: UUID):
        """File a dispute about step n, as a seat of the game; the answer comes at once."""
        services = chronicle()
        seat = seat_of_token(services.store.game(game_id).seats, required_bearer_token())
        return file_dispute(services.store, game_id, seat, body["step"], body["claim"])
