"""The schemas of a player's email settings (web.api.email)."""

from marshmallow import Schema, fields, validate

from services.email.addresses import MAX_LENGTH
from services.email.settings import YOUR_TURN

EXAMPLE_SETTINGS = {"address": "ana@example.org", "confirmed": False, "your_turn": "each", "challenges": True}


class EmailRequest(Schema):
    address = fields.String(required=True, validate=validate.Length(min=3, max=MAX_LENGTH),
                            metadata={"description": "where to write; a new or changed address is sent a link to "
                                                     "confirm it, and gets nothing else until it is followed",
                                      "example": "ana@example.org"})
    your_turn = fields.String(load_default="each", validate=validate.OneOf(YOUR_TURN),
                              metadata={"description": "`each`: an email whenever a game comes to await you; "
                                                       "`digest`: one a day listing the games awaiting you, the "
                                                       "nearest deadline first; `off`: none"})
    challenges = fields.Boolean(load_default=True, metadata={"description": "an email when a player challenges you"})


class EmailSettings(Schema):
    address = fields.String(allow_none=True, metadata={"description": "the address (null: none given); "
                                                                       "shown to this player only"})
    confirmed = fields.Boolean(metadata={"description": "whether the link sent to the address was followed"})
    your_turn = fields.String(validate=validate.OneOf(YOUR_TURN))
    challenges = fields.Boolean()
    confirmation = fields.String(metadata={"description": "present when a link to confirm the address was just sent"})
