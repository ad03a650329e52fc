"""The schemas of disputes and what-ifs (web.api.disputes): filing one, asking one, their
answers, and the record of a game's disputes a page at a time."""

from marshmallow import Schema, fields, validate

from services.disputes.dispute_log import KINDS
from services.disputes.disputes import MAX_CLAIM, MAX_PAGE, PAGE
from web.api.common_schemas import NEXT_PAGE, WholeNumber, cursor_field
from web.bodies import INT64_MAX


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
