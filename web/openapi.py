"""The OpenAPI document's shared parts: the Problem schema every error response uses, the API's
description with the limits the service enforces, and the Api class that answers errors as
problems.

Each operation lists its own error statuses (`Blueprint.problems` in web.blueprint) with what
they mean there; every one is documented as a `Problem` in `application/problem+json`, the 500
included, so the document says exactly what a client can meet.
"""

from __future__ import annotations

import http

from flask_smorest import Api
from flask_smorest.utils import prepare_response
from marshmallow import Schema, fields

from projections.pages import MAX_CURSOR
from services.play.commands import MAX_SEED_LENGTH
from services.disputes.dispute_log import MAX_DISPUTES, MAX_WHAT_IFS
from services.disputes.disputes import MAX_PAGE as MAX_DISPUTE_PAGE, PAGE as DISPUTE_PAGE
from services.play.queries import MAX_PAGE, PAGE
from web import problem_types as kinds
from web import problems
from web.bodies import INT64_MAX, MAX_BODY_BYTES, MAX_DEPTH
from web.problems import PROBLEM_JSON
from web.request_limits import LIMIT_REQUEST_FIELD_SIZE, LIMIT_REQUEST_FIELDS, LIMIT_REQUEST_LINE

DESCRIPTION = f"""Play, replay and audit turn-based games.

Every error is a problem (RFC 9457) in `application/problem+json`: `type` (a page at that path
explains the kind of problem), `title`, `status`, `detail`, and where they apply `field` (the part
of the request at fault), `rule` (the rule that refused a move), `current_version` (after a
stale `expected_version`) and `errors` (every field the schema refused).

Limits the service enforces on every request:

- a request line (method, path and query) of at most {LIMIT_REQUEST_LINE} bytes (414 beyond), and at most
  {LIMIT_REQUEST_FIELDS} header fields of at most {LIMIT_REQUEST_FIELD_SIZE} bytes each (431 beyond);
- a body is JSON in UTF-8, at most {MAX_BODY_BYTES // 1024} KiB (413 beyond), nested at most {MAX_DEPTH} levels
  of arrays and objects, its integers within 64 bits and its strings free of lone surrogates (400);
- a body sent as anything but `application/json` is refused (415);
- names (of seats and players) are at most 40 characters, kept composed (NFC) and trimmed, with
  at least one visible character and no control or format character (bidirectional controls
  included); names alike (case and width aside) may not sit at one table; a seed has 1 to {MAX_SEED_LENGTH} characters; an `Idempotency-Key` 1 to 200 printable ASCII
  characters;
- `limit` 1 to 500 and `offset` 0 to 1,000,000 in lists; a list's `cursor` at most {MAX_CURSOR}
  characters, and one that list gave in a `next` link; the event log's and the replay's `after`
  (a version, 0 on) and `limit` (1 to {MAX_PAGE} versions, {PAGE} unless asked); a stream's
  `after` (or `Last-Event-ID`) from 0 to the game's current version; replay steps, fork's `at`, a
  dispute's `step` and a seat's `n` within the game (400 or 404 beyond, never more than {INT64_MAX});
- the disputes' list pages {DISPUTE_PAGE} entries unless asked, at most {MAX_DISPUTE_PAGE}; a seat files at most
  {MAX_DISPUTES} disputes about a game, and an asker (a seat, or the spectators together) asks at most
  {MAX_WHAT_IFS} different what-ifs of it (422 `limit-reached` beyond, with the `limit`);
- registering players, creating games (accepting a challenge creates one), issuing challenges,
  organising and joining tournaments, moves, what-ifs, analyses and streams held open at once are
  limited per player key (or seat token) and per client address, far above what a person does
  (429 `rate-limited` beyond, with `Retry-After`).

Lists, the event log and the replay come a page at a time: each answer's `next` is the link to
the next page (null on the last), and a list's `total` counts all its rows.
"""

# What each status means when an operation does not say more.
USUAL = {
    400: "the request is malformed: `field` names the part at fault and `detail` says why",
    401: "no token where one is needed, or an Authorization header that is not 'Bearer <token>'",
    403: "a token or key that opens nothing here",
    404: "no game has this id",
    409: "the request conflicts with the game's state",
    413: f"the body is larger than {MAX_BODY_BYTES // 1024} KiB",
    414: f"the request line (method, path and query) is longer than {LIMIT_REQUEST_LINE} bytes",
    415: "the body is not sent as application/json",
    422: "the rules refuse it: `rule` names the rule and `detail` says why",
    429: "too many such requests from one player key or one client address: wait the seconds `Retry-After` "
         "says (`rate_limit` names the limit met)",
    431: f"more than {LIMIT_REQUEST_FIELDS} header fields, or one longer than {LIMIT_REQUEST_FIELD_SIZE} bytes",
    500: "the server failed; the error is logged",
}
# What any request may meet, whatever the operation: documented on every one (web.blueprint).
EVERY_OPERATION = (414, 431, 500)
BODY_ERRORS = (400, 413, 415)
SEAT_ERRORS = (401, 403)


class Problem(Schema):
    """An error, as RFC 9457 problem details."""

    type = fields.String(required=True, metadata={
        "description": "what kind of problem: a page at this path explains it (HTML, or JSON if asked)",
        "example": "/problems/invalid-request"})
    title = fields.String(required=True, metadata={"description": "the kind's short name",
                                                   "example": "Invalid request"})
    status = fields.Integer(required=True, metadata={"description": "the HTTP status", "example": 400})
    detail = fields.String(required=True, metadata={"description": "what went wrong here, in plain words",
                                                    "example": "a seat's name has 1 to 40 characters"})
    field = fields.String(metadata={"description": "the part of the request at fault: a body path such as "
                                                   "`seats[1].name`, a parameter or a header",
                                    "example": "seats[0].name"})
    rule = fields.String(metadata={"description": "the rule that refused the move or the request (422, and 403 not-your-turn)",
                                   "example": "chi.draw.from-row"})
    current_version = fields.Integer(metadata={"description": "the game's version now (409 stale-version)"})
    limit = fields.Integer(metadata={"description": "how many entries the record keeps (422 limit-reached), or "
                                                   "how many requests the limit met allows (429 rate-limited)"})
    rate_limit = fields.String(metadata={"description": "the limit met (429 rate-limited)",
                                         "example": "20 moves from one player key per 1 second"})
    retry_after = fields.Integer(metadata={"description": "seconds to wait before asking again, as the "
                                                          "Retry-After header says (429 rate-limited)"})
    errors = fields.Dict(metadata={"description": "every field the schema refused, with why"})
    challenge_status = fields.String(metadata={"description": "what closed the challenge (409 challenge-closed): "
                                                              "accepted, declined, cancelled or expired"})


def server_sent_event(kinds: list[str], data: str, with_id: bool) -> dict:
    """The schema of one message of a text/event-stream (a keep-alive comment is no message)."""
    properties = {"event": {"type": "string", "enum": kinds},
                  "data": {"type": "string", "description": f"a JSON object: {data}"}}
    if with_id:
        properties["id"] = {"type": "string", "pattern": "^[0-9]+$", "description": "the game's version it brings"}
    return {"type": "object", "required": ["event", "data"], "properties": properties}


# The kind of problem each status shows in the document's examples.
EXAMPLE_KINDS = {400: kinds.INVALID_REQUEST, 401: kinds.UNAUTHORIZED, 403: kinds.FORBIDDEN, 404: kinds.NOT_FOUND,
                 409: kinds.STALE_VERSION, 413: kinds.TOO_LARGE, 414: kinds.URI_TOO_LONG,
                 415: kinds.UNSUPPORTED_MEDIA_TYPE, 422: kinds.ILLEGAL_ACTION, 429: kinds.RATE_LIMITED, 431: kinds.HEADERS_TOO_LARGE,
                 500: kinds.INTERNAL_ERROR}


def problem_response(status: int, description: str | None = None, kind: kinds.Kind | None = None) -> dict:
    """The keyword arguments of `alt_response` documenting a problem answer (of `kind`, or the
    status' usual one)."""
    description = description or USUAL[status]
    kind = kind or EXAMPLE_KINDS[status]
    example = {"type": kind.type, "title": kind.title, "status": status, "detail": description.replace("`", "")}
    return {"schema": Problem, "content_type": PROBLEM_JSON, "description": description, "example": example}


class ProblemApi(Api):
    """flask-smorest's Api, answering errors as problem details and documenting them so."""

    ERROR_SCHEMA = Problem
    DEFAULT_ERROR_RESPONSE_NAME = None  # each operation lists its errors instead of a catch-all

    def handle_http_exception(self, error):
        return problems.http_problem(error)

    def _register_responses(self):
        # The components flask-smorest refers to (a schema error's BAD_REQUEST), as problems.
        for status in http.HTTPStatus:
            if status < 400:
                continue
            response = {"description": USUAL.get(status, status.phrase), "schema": self.ERROR_SCHEMA}
            prepare_response(response, self.spec, PROBLEM_JSON)
            self.spec.components.response(status.name, response, lazy=True)
