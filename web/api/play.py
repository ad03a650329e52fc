"""/api/games/{id}/actions and /events: the legal actions, taking one, and the event log."""

from __future__ import annotations

import re
from uuid import UUID

from flask import jsonify, request
from flask.views import MethodView

from services.errors import InvalidRequest
from services.log.seats import seat_of_token
from web.api import play_schemas as schemas
from web.api.common_schemas import VersionsQuery
from web.api.examples import EXAMPLES
from web.api.links import with_next_page
from web.auth import bearer_token, required_bearer_token
from web.blueprint import BEARER, Blueprint, chronicle, json_body
from web.openapi import BODY_ERRORS, SEAT_ERRORS

blp = Blueprint("play", __name__, url_prefix="/api/games", description="Play: legal actions, moves, events")

MAX_IDEMPOTENCY_KEY = 200
# A structured-field string (RFC 8941), as the Idempotency-Key draft defines the header: printable ASCII.
IDEMPOTENCY_KEY = re.compile(r"[\x20-\x7e]{1,%d}" % MAX_IDEMPOTENCY_KEY)


@blp.route("/<uuid:game_id>/actions")
class Actions(MethodView):
    @blp.doc(security=BEARER, operationId="listActions")
    @blp.response(200, schemas.LegalActions, example=EXAMPLES["LEGAL_ACTIONS"])
    @blp.problems(*SEAT_ERRORS, 404)
    def get(self, game_id: UUID):
        """The legal actions of the token's seat (empty when it is not its decision)."""
        return chronicle().queries.legal_actions(game_id, bearer_token())

    @blp.doc(
        security=[{"bearerAuth": []}],
        operationId="takeAction",
        parameters=[
            {
                "in": "header",
                "name": "Idempotency-Key",
                "required": False,
                "schema": {"type": "string", "minLength": 1, "maxLength": MAX_IDEMPOTENCY_KEY,
                           "pattern": "^[\\x20-\\x7e]*$"},
                "description": "a retried POST with the same key returns the first answer instead of acting twice",
            }
        ],
    )
    @blp.documented(
        blp.arguments(schemas.ActRequest, example={"action": {"type": "draw", "slot": 0}, "expected_version": 10}),
        blp.response(200, schemas.ActReply, example=EXAMPLES["ACT_REPLY"]),
        blp.problems(*BODY_ERRORS, 404, 429,
                     s401="no seat token",
                     s403="a wrong token, or a seat that is not to act (`not-your-turn`, naming the rule)",
                     s409="expected_version is stale: `current_version` says where the game is now",
                     s422="the rules refuse the action (`illegal-action`, naming the rule), or the game is over"),
    )
    def post(self, game_id: UUID):
        """Take the token's seat's decision, decided on `expected_version`."""
        body = act_request()
        key = request.headers.get("Idempotency-Key")
        if key is not None and not IDEMPOTENCY_KEY.fullmatch(key):
            raise InvalidRequest(f"an Idempotency-Key has 1 to {MAX_IDEMPOTENCY_KEY} printable ASCII characters",
                                 "Idempotency-Key")
        reply = chronicle().commands.act(game_id, token_seat, body["action"], body["expected_version"],
                                         idempotency_key=key)
        # The reply is already what schemas.ActReply dumps (tests/api/test_play_api.py holds it to that).
        return jsonify(reply)


def token_seat(game) -> int:
    """The seat the request's token holds in the game the move loaded: 401 without a token (once
    the game is found), 403 for a token of no seat."""
    return seat_of_token(game.seats, required_bearer_token())


def act_request() -> dict:
    """The body of a move, `{"action": {...}, "expected_version": n}`, checked directly: the one
    hot route skips building a schema for a body this small. Anything else goes through
    schemas.ActRequest, so a body the schema refuses is refused with the schema's own words."""
    body = json_body(request._get_current_object())  # the request itself: json_body reads several of its fields
    if (type(body) is dict and len(body) == 2 and type(body.get("action")) is dict
            and type(version := body.get("expected_version")) is int and version >= 1):
        return body
    return blp.ARGUMENTS_PARSER.parse(schemas.ActRequest, request, location="json")


@blp.route("/<uuid:game_id>/events")
class Events(MethodView):
    @blp.doc(security=BEARER, operationId="listEvents")
    @blp.arguments(VersionsQuery, location="query")
    @blp.response(200, schemas.EventLog, example=EXAMPLES["EVENT_LOG"])
    @blp.problems(*SEAT_ERRORS, 400, 404)
    def get(self, query, game_id: UUID):
        """The game's events, a page at a time (the first 100 unless `after` and `limit` say otherwise),
        with what the asker may not see left out; `next` links to the next page."""
        log = chronicle().queries.events(game_id, bearer_token(), **query)
        return with_next_page(log, "play.Events", query, game_id)
