"""The schemas of playing (web.api.play): the legal actions, a move and its reply, the event log."""


from marshmallow import Schema, fields, validate

from web.api.common_schemas import NEXT_VERSIONS, next_link
from web.api.games_schemas import ToAct


class SeenEvent(Schema):
    version = fields.Integer()
    type = fields.String()
    rule = fields.String()
    description = fields.String()
    data = fields.Dict()
    hidden = fields.List(fields.String(), metadata={"description": "names of facts hidden from the asker"})
    cause = fields.Dict()
    chain = fields.String(metadata={"description": "the event's hash in the game's chain (HMAC-SHA-256 keyed by the seed)"})
    at = fields.String()


class LegalActions(Schema):
    version = fields.Integer()
    seat = fields.Integer(allow_none=True)
    to_act = fields.Integer(allow_none=True)
    actions = fields.List(fields.Dict(), metadata={"description": "each can be posted back unchanged"})
    open_actions = fields.List(fields.Dict(), metadata={
        "description": "open to the seat whoever's decision it is, e.g. {'type': 'resign'}: post one back "
                       "unchanged, with the current version"})


class ActRequest(Schema):
    action = fields.Dict(required=True, metadata={"example": {"type": "draw", "slot": 0}})
    expected_version = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))


class ActReply(Schema):
    game_id = fields.String()
    version = fields.Integer()
    receipt = fields.String(metadata={"description": "the head of the game's hash chain after this move: keep it to prove the history later"})
    status = fields.String()
    to_act = fields.Nested(ToAct, allow_none=True)
    rules_turn = fields.String(allow_none=True, metadata={
        "description": "the rival whose turn the rules play now (Tianxia's li-mu), with no seat to act; null otherwise"})
    events = fields.List(fields.Nested(SeenEvent))


class EventLog(Schema):
    version = fields.Integer(metadata={"description": "the game's last version the asker may see: the log's length"})
    events = fields.List(fields.Nested(SeenEvent))
    next = next_link(NEXT_VERSIONS)
