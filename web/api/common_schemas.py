"""The pieces the API's schemas share: a person's name, a whole number in a query string, and the
fields and query of a page (a cursor, the link to the next page, a page of versions)."""

import re

from marshmallow import Schema, ValidationError, fields, validate

from projections.pages import MAX_CURSOR
from services.errors import InvalidRequest
from services.log.names import MAX_NAME, checked_name
from services.play.queries import MAX_PAGE, PAGE
from web.bodies import INT64_MAX


class Name(fields.String):
    """A person's name, composed (NFC) and trimmed, then checked as services.log.names says."""

    def __init__(self, **kwargs):
        kwargs.setdefault("metadata", {}).update(minLength=1, maxLength=MAX_NAME)
        kwargs["metadata"]["description"] = kwargs["metadata"].get("description", "a name") + (
            f": at most {MAX_NAME} characters, at least one of them visible, none a control or format character "
            "(no bidirectional control, no zero-width space); kept in Unicode's composed form (NFC)")
        super().__init__(**kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        try:
            return checked_name(super()._deserialize(value, attr, data, **kwargs), attr)
        except InvalidRequest as error:
            raise ValidationError(error.reason) from None


class WholeNumber(fields.Integer):
    """An integer in a query string: ASCII digits, perhaps after a minus sign, within 64 bits (not
    what Python's int() also reads: "1_000", " 5", "٣")."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, str) and not WHOLE_NUMBER.fullmatch(value):
            raise ValidationError(f"a whole number in digits, within 64 bits, not {value[:40]!r}")
        return super()._deserialize(value, attr, data, **kwargs)


WHOLE_NUMBER = re.compile(r"-?[0-9]{1,19}")


def cursor_field() -> fields.String:
    return fields.String(validate=validate.Length(min=1, max=MAX_CURSOR), metadata={
        "description": "where the page starts: the cursor in the `next` link of the page before; opaque, "
                       "refused (400) if it is not one this list gave"})


def next_link(description: str) -> fields.String:
    return fields.String(allow_none=True, metadata={"description": description})


NEXT_PAGE = "the link to the next page (the same filters and limit, from a cursor); null on the last page"


class VersionsQuery(Schema):
    after = WholeNumber(load_default=0, validate=validate.Range(min=0, max=INT64_MAX), metadata={
        "description": "the page starts after this version (0: from the first)"})
    limit = WholeNumber(load_default=PAGE, validate=validate.Range(min=1, max=MAX_PAGE), metadata={
        "description": f"how many versions the page holds at most (default {PAGE})"})


NEXT_VERSIONS = ("the link to the page of the versions after this one's (`after` and the same `limit`); null when "
                 "this page reaches `version`, the last the asker may see")
