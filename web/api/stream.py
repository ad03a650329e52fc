"""/api/games/{id}/stream: the game's new events as server-sent events, as the asker may see them.

Browsers cannot set an Authorization header on an EventSource; a page that holds a seat reads the
stream with fetch() instead (as the viewer does). A client reconnecting sends Last-Event-ID (or
`?after=`) and resumes after that version; once a finished game's last event has been sent the
answer is 204, which tells an EventSource to stop reconnecting. When the server stops, each stream
ends with a `retry:` that tells its client when to come back (web.shutdown). Each event message carries a
patch of the asker's table (`?views=full`: the whole table) as services.live.streams describes. Under
gunicorn's gevent worker a stream that has caught up is written to with the others of its audience
(services.live.audiences), through its socket's wire (web.http_workers).
"""

from __future__ import annotations

from threading import Event
from typing import Iterable, Iterator
from uuid import UUID

from flask import Response, current_app, request
from flask.views import MethodView

from services.errors import InvalidRequest
from services.live.streams import GameStream
from services.observe.metrics import OPEN_STREAMS
from web import shutdown
from web.api import stream_schemas as schemas
from web.api.examples import EXAMPLES
from web.auth import bearer_token
from web.blueprint import BEARER, Blueprint, chronicle
from web.bodies import INT64_MAX
from web.http_workers import WIRE
from web.openapi import SEAT_ERRORS, server_sent_event

blp = Blueprint("stream", __name__, url_prefix="/api/games", description="Live streams (server-sent events)")

RETRY_MS = 1000
GAME_EVENT = server_sent_event(
    ["game", "event"], "`game`: {version, game (the view)}; `event`: {version, event (as the asker may see it), "
                       "and either game (the asker's whole view then) or patch (an RFC 6902 JSON Patch turning the "
                       "view of the stream's message before into the view then)}", with_id=True)
STREAM_DESCRIPTION = (
    "a text/event-stream: a `game` message (the view now) unless resuming, then one `event` message per new "
    "version: {version, event, patch}, where `patch` is an RFC 6902 JSON Patch that turns the view of the "
    "message before it (in this stream) into the view at this version. The first message of a resumed stream "
    "carries the whole view as `game` instead, and so does every message with `?views=full`. Its id is the "
    "version. It ends when the game does, or after CHRONICLE_STREAM_SECONDS; a client then resumes with "
    "Last-Event-ID")
RESUME_PARAMETERS = [
    {"in": "header", "name": "Last-Event-ID", "required": False, "example": "10",
     "description": "what an EventSource sends on reconnecting: the id of the last message seen, as `after` "
                    "(and taking precedence over it)",
     "schema": {"type": "string", "pattern": "^[0-9]{0,19}$"}},
]


def event_stream(chunks: Iterable[bytes], stopping: Event) -> Iterator[bytes]:
    OPEN_STREAMS.inc()
    try:
        yield f"retry: {RETRY_MS}\n\n".encode()
        yield from chunks
        if stopping.is_set():  # ended by a shutdown, not by the game or its lifetime
            yield shutdown.farewell()
    finally:
        OPEN_STREAMS.dec()


def resume_point(query: dict) -> tuple[int | None, str]:
    """The last version the client saw, and which of Last-Event-ID (what an EventSource sends, so
    it takes precedence over `?after=`) said so."""
    raw = request.headers.get("Last-Event-ID")
    if raw:
        if not (raw.isascii() and raw.isdigit()) or len(raw) > 19 or int(raw) > INT64_MAX:
            raise InvalidRequest(f"Last-Event-ID is the version last seen, a whole number from 0 to {INT64_MAX}, "
                                 f"not {raw[:40]!r}", "Last-Event-ID")
        return int(raw), "Last-Event-ID"
    return query.get("after"), "after"


def streaming(chunks: Iterable[bytes]) -> Response:
    """A text/event-stream answer: each chunk is one or more messages, written as it comes. The
    chunks need no request context (the stream took what it needs when it opened)."""
    return Response(
        event_stream(chunks, current_app.config["CHRONICLE_STREAM_PACE"].stopping),
        mimetype="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


@blp.route("/<uuid:game_id>/stream", parameters=RESUME_PARAMETERS)
class Stream(MethodView):
    @blp.doc(security=BEARER, operationId="streamGame")
    @blp.arguments(schemas.StreamQuery, location="query")
    @blp.response(200, GAME_EVENT, content_type="text/event-stream", example=EXAMPLES["GAME_STREAM"],
                  description=STREAM_DESCRIPTION)
    @blp.alt_response(204, success=True, description="the game is over and the client has seen its last event")
    @blp.problems(*SEAT_ERRORS, 404, s429="the key, or the address, holds as many streams open as it may",
                  s400="`after` or `Last-Event-ID` is not a version the game has reached")
    def get(self, query, game_id: UUID):
        """Each new event as the asker may see it, with the version and a patch of the asker's view."""
        after, field = resume_point(query)
        stream = GameStream(chronicle().news, game_id, bearer_token(), after,
                            current_app.config["CHRONICLE_STREAM_PACE"], whole_views=query["views"] == "full",
                            wire=request.environ.get(WIRE))
        if after is not None and after > stream.start.version:
            # Refused before the stream starts: a version the game has not reached cannot be resumed.
            raise InvalidRequest(f"{field} {after} is beyond the game's version {stream.start.version}: "
                                 "send the last version you saw", field)
        if stream.already_over():
            return Response(status=204)
        return streaming(stream.chunks())
