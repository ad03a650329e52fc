"""The challenges' requests and answers (web.api.challenges)."""

from marshmallow import Schema, fields, validate

from services.players.challenges import MAX_REASON, SEATS
from services.log.clocks import MAX_DURATION


class ChallengeRequest(Schema):
    to = fields.String(allow_none=True, validate=validate.Length(max=64), metadata={
        "description": "the id of the player challenged; without it, the challenge is open to anyone (its first taker)"})
    game = fields.String(required=True, validate=validate.Length(max=40), metadata={
        "description": "a game played by two", "example": "chi"})
    options = fields.Dict(keys=fields.String(), metadata={"description": "the game's options, as a game's creation takes them"})
    clock = fields.Dict(keys=fields.String(), allow_none=True, metadata={
        "description": "a time for each decision, as a game's creation takes it", "example": {"per_decision": "P1D"}})
    rated = fields.Boolean(load_default=True, metadata={"description": "whether the game counts for the ratings "
                                                                        "(false: a casual game)"})
    seat = fields.String(validate=validate.OneOf(SEATS), metadata={
        "description": "the challenger's seat: first, second, or random (the default: a coin drawn from the new "
                       "game's seed when the challenge is accepted, checkable once the seed is revealed at its end)"})
    expires_in = fields.String(validate=validate.Length(max=MAX_DURATION), metadata={
        "description": "how long the challenge stays open: an ISO 8601 duration from PT1H to P14D (default P3D)"})


class DeclineRequest(Schema):
    reason = fields.String(allow_none=True, validate=validate.Length(max=MAX_REASON), metadata={
        "description": f"why, in at most {MAX_REASON} characters (shown to the challenger)"})


class Party(Schema):
    id = fields.String()
    name = fields.String()
    bot = fields.Boolean(metadata={"description": "true for a bot account (absent otherwise)"})


class Challenge(Schema):
    id = fields.String()
    status = fields.String(metadata={"description": "open, accepted, declined, cancelled or expired"})
    challenger = fields.Nested(Party)
    to = fields.Nested(Party, allow_none=True, metadata={"description": "null: open to anyone"})
    game = fields.String()
    title = fields.String(metadata={"description": "the game's name, for people"})
    options = fields.Dict()
    clock = fields.Dict(allow_none=True)
    rated = fields.Boolean()
    seat = fields.String(metadata={"description": "the challenger's seat: first, second or random"})
    issued_at = fields.String()
    expires_at = fields.String()
    closed_at = fields.String(allow_none=True)
    reason = fields.String(allow_none=True, metadata={"description": "why it was declined, if the player said"})
    taker = fields.Nested(Party, allow_none=True, metadata={"description": "who accepted it"})
    game_id = fields.String(allow_none=True, metadata={"description": "the game an accepted challenge created"})


class Challenges(Schema):
    incoming = fields.List(fields.Nested(Challenge), metadata={"description": "open challenges to you, newest first"})
    outgoing = fields.List(fields.Nested(Challenge), metadata={"description": "your open challenges, newest first"})
    recent = fields.List(fields.Nested(Challenge), metadata={"description": "your last challenges closed"})
    open = fields.List(fields.Nested(Challenge), metadata={
        "description": "challenges open to anyone, others', the oldest first (at most 100)"})
