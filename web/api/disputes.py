"""/api/games/{id}/disputes and /what-if: a seat's claim about a step, and a counterfactual ("what
if this action had been taken at step n?"), each answered at once by the engine and kept on record."""

from __future__ import annotations

from uuid import UUID

from flask.views import MethodView
from marshmallow import Schema, fields, validate

from projections import pages
from services.dispute_log import KINDS, MAX_DISPUTES, MAX_WHAT_IFS
from services.disputes import MAX_CLAIM, MAX_PAGE, PAGE, file_dispute, record_page, record_what_if
from services.what_if import what_if
from services.seats import seat_of_token
from web import problem_types
from web.auth import bearer_token, required_bearer_token
from web.blueprint import BEARER, Blueprint, chronicle
from web.bodies import INT64_MAX
from web.api.examples import EXAMPLES
from web.api.links import next_link
from web.openapi import BODY_ERRORS, SEAT_ERRORS
from web.api.common_schemas import NEXT_PAGE, WholeNumber, cursor_field

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


class WhatIfRequest(Schema):
    step = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=INT64_MAX),
                          metadata={"description": "the step whose decision is asked about: the table the other "
                                                   "action would have been taken on", "example": 7})
    action = fields.Dict(required=True, metadata={"description": "the other action, as the step's legal "
                                                                "actions list them", "example": {"type": "draw", "slot": 2}})


class WhatIf(Schema):
    number = fields.Integer(metadata={"description": "its number in the game's record of what-ifs"})
    step = fields.Integer()
    seat = fields.Integer(metadata={"description": "the seat whose decision it was"})
    asked_by = fields.Integer(allow_none=True, metadata={"description": "the seat that asked; null for a spectator"})
    action = fields.Dict()
    taken = fields.Dict(metadata={"description": "the action the game really took at that step"})
    same_as_taken = fields.Boolean()
    legal = fields.Boolean(metadata={"description": "whether the rules allowed the action at that step"})
    legal_actions = fields.List(fields.Dict(), metadata={"description": "every action the seat could have taken there"})
    refused = fields.Dict(metadata={"description": "when not legal: the rule (id, section, text) and the reason, in plain words"})
    withheld = fields.String(metadata={"description": "in a running game, why the rules' answer is not shown yet"})
    events = fields.List(fields.Dict(), metadata={"description": "the events the rules would have recorded, described"})
    rules = fields.List(fields.Dict(), metadata={"description": "the rules those events cite"})
    table = fields.Dict(metadata={"description": "the table after them, as the asker may see it"})
    to_act = fields.Dict(allow_none=True, metadata={"description": "whose decision would have been next"})
    rules_turn = fields.String(allow_none=True, metadata={
        "description": "the rival whose turn the rules would have played next (Tianxia's li-mu), if any"})
    outcome = fields.Dict(allow_none=True, metadata={"description": "how the game would have ended there, if it would"})
    fork = fields.Dict(allow_none=True, metadata={"description": "`at`: fork the game there "
                                                                 "(POST /api/games/{id}/fork?at=...) to play the action on"})
    fork_refused = fields.String(metadata={"description": "why the step cannot be forked, if it cannot"})


class DisputesQuery(Schema):
    step = WholeNumber(validate=validate.Range(min=1, max=INT64_MAX), metadata={
        "description": "only the entries about step n: the disputes about it, and the what-ifs about the "
                       "decision taken on it (their `step`); disputes first"})
    kind = fields.String(validate=validate.OneOf(KINDS), metadata={"description": "only disputes, or only what-ifs"})
    limit = WholeNumber(load_default=PAGE, validate=validate.Range(min=1, max=MAX_PAGE), metadata={
        "description": f"how many entries a page covers at most (default {PAGE})"})
    cursor = cursor_field()


class DisputeList(Schema):
    disputes = fields.List(fields.Nested(Dispute))
    what_ifs = fields.List(fields.Nested(WhatIf), metadata={
        "description": "the what-ifs asked, as answered: all of them once the game is over, a seat's own before"})
    next = fields.String(allow_none=True, metadata={"description": NEXT_PAGE + (
        "; entries the asker may not see are passed over, so a page may hold fewer than `limit`")})


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
    @blp.arguments(DisputesQuery, location="query")
    @blp.response(200, DisputeList, example={"disputes": [EXAMPLES["DISPUTE"]], "what_ifs": [], "next": None})
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
    @blp.arguments(DisputeRequest, example={"step": 9, "claim": "that draw should have come from the deck"})
    @blp.response(201, Dispute, example=EXAMPLES["DISPUTE"])
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
    @blp.arguments(WhatIfRequest, example={"step": 7, "action": {"type": "draw", "slot": 2}})
    @blp.response(200, WhatIf, example=EXAMPLES["WHAT_IF"])
    @blp.problems(*BODY_ERRORS, *SEAT_ERRORS, 404,
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
