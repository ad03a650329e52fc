"""The schema of a live stream's query (web.api.stream): where to resume, and whether each
message carries a patch of the view or the whole of it."""

from marshmallow import Schema, fields, validate

from web.api.common_schemas import WholeNumber
from web.bodies import INT64_MAX


class StreamQuery(Schema):
    after = WholeNumber(validate=validate.Range(min=0, max=INT64_MAX), metadata={
        "description": "resume after this version (the id of the last message seen): 0 to the game's current version",
        "example": 10})
    views = fields.String(load_default="patch", validate=validate.OneOf(["patch", "full"]), metadata={
        "description": "`patch` (the default): each event message after the first carries a JSON Patch of the view; "
                       "`full`: each carries the whole view"})
