"""/api/games/{id}/disputes and /what-if: a seat's claim about a step, and a counterfactual ("what
if this action had been taken at step n?"), each answered at once by the engine and kept on record."""

from __future__ import annotations

from uuid import UUID

from flask.views import MethodView

from projections import pages
from services.disputes.dispute_log import MAX_DISPUTES, MAX_WHAT_IFS
from services.disputes.disputes import file_dispute, record_page, record_what_if
from services.disputes.what_if import what_if
from services.log.seats import seat_of_token
from web import problem_types
from web.api import disputes_schemas as schemas
from web.api.examples import EXAMPLES
from web.api.links import next_link
from web.auth import bearer_token, required_bearer_token
from web.blueprint import BEARER, Blueprint, chronicle
from web.openapi import BODY_ERRORS, SEAT_ERRORS

blp = Blueprint("disputes", __name__, url_prefix="/api/games", description="Disputes about steps of a game")


def record_list(step: int | None) -> str:
    """The name a cursor of this list holds: the whole record's, or one step's."""
    return "disputes" if step is None else f"disputes:{step}"


def record_cursor(step: int | None, key: list[int]) -> str:
    return pages.encode(record_list(step), key)


def record_link(game_id: UUID, step: int, kind: str, key: list[int]) -> str:
    """The page of one step's disputes (or what-ifs) after `key`."""
    return next_link("disputes.Disputes", {"step": step, "kind": kind}, {"game_id": game_id},
                     cursor=record_cursor(step, key))


LIMIT_REACHED = {422: problem_types.LIMIT_REACHED}


@blp.route("/<uuid:game_id>/disputes")
class Disputes(MethodView):
    @blp.doc(security=BEARER, operationId="listDisputes")
    @blp.arguments(schemas.DisputesQuery, location="query")
    @blp.response(200, schemas.DisputeList, example={"disputes": [EXAMPLES["DISPUTE"]], "what_ifs": [], "next": None})
    @blp.problems(*SEAT_ERRORS, 400, 404)
    def get(self, query, game_id: UUID):
        """The game's disputes and what-ifs with their answers, as the asker may see them, in the
        order filed (or one step's, with `step`), a page at a time: `next` links to the next page."""
        services = chronicle()
        viewer = seat_of_token(services.store.game(game_id).seats, bearer_token())
        step, cursor = query.get("step"), query.get("cursor")
        start = None
        if cursor is not None:
            start = pages.decode(record_list(step), cursor, (int,) if step is None else (int, int))
        shown, after = record_page(services.store, game_id, viewer, query["limit"], start, step, query.get("kind"))
        return {**shown, "next": None if after is None else next_link(
            "disputes.Disputes", query, {"game_id": game_id}, cursor=record_cursor(step, after))}

    @blp.doc(security=[{"bearerAuth": []}], operationId="fileDispute")
    @blp.arguments(schemas.DisputeRequest, example={"step": 9, "claim": "that draw should have come from the deck"})
    @blp.response(201, schemas.Dispute, example=EXAMPLES["DISPUTE"])
    @blp.problems(*BODY_ERRORS, 404, s401="no seat token: only a seat of the game may file a dispute",
                  s403="a token that holds no seat of this game",
                  s422=f"the seat has filed {MAX_DISPUTES} disputes about this game, as many as the record keeps "
                       "for one seat: `limit` says how many", kinds=LIMIT_REACHED)
    def post(self, body, game_id: UUID):
        """File a dispute about step n, as a seat of the game; the answer comes at once. The record
        keeps a bounded number of disputes from each seat (422 beyond, naming the limit)."""
        services = chronicle()
        seat = seat_of_token(services.store.game(game_id).seats, required_bearer_token())
        return file_dispute(services.store, game_id, seat, body["step"], body["claim"])


@blp.route("/<uuid:game_id>/what-if")
class WhatIfs(MethodView):
    @blp.doc(security=BEARER, operationId="askWhatIf")
    @blp.arguments(schemas.WhatIfRequest, example={"step": 7, "action": {"type": "draw", "slot": 2}})
    @blp.response(200, schemas.WhatIf, example=EXAMPLES["WHAT_IF"])
    @blp.problems(*BODY_ERRORS, *SEAT_ERRORS, 404, 429,
                  s403="a running game's decision asked about by anyone but the seat that took it",
                  s422=f"the asker has asked {MAX_WHAT_IFS} different what-ifs of this game (the spectators count "
                       "as one asker), as many as the record keeps: `limit` says how many", kinds=LIMIT_REACHED)
    def post(self, body, game_id: UUID):
        """What the rules would have done had `action` been taken at step n: whether it was legal (if
        not, the rule that refuses it), and the events and table after it, with the random stream the
        real game used there. On a finished game anyone may ask; on a running one, a seat about its own
        decisions (what would draw on still hidden cards is withheld until the end). The answer is
        kept with the game's disputes."""
        services = chronicle()
        game = services.store.game(game_id)
        viewer = seat_of_token(game.seats, bearer_token())
        answer = what_if(services.store, game, body["step"], body["action"], viewer)
        return record_what_if(services.store, game_id, answer)
