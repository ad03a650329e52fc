"""/api/games/{id}/stream: the game's new events as server-sent events, as the asker may see them.

Browsers cannot set an Authorization header on an EventSource; a page that holds a seat reads the
stream with fetch() instead (as the viewer does). A client reconnecting sends Last-Event-ID (or
`?after=`) and resumes after that version; once a finished game's last event has been sent the
answer is 204, which tells an EventSource to stop reconnecting.
"""

from __future__ import annotations

import json
from typing import Iterable, Iterator
from uuid import UUID

from flask import Response, current_app, request, stream_with_context
from flask.views import MethodView

from services.errors import InvalidRequest
from services.streams import GameStream, Message
from web.auth import bearer_token
from web.bodies import INT64_MAX
from web.blueprint import BEARER, Blueprint, chronicle

blp = Blueprint("stream", __name__, url_prefix="/api/games", description="Live streams (server-sent events)")

RETRY_MS = 1000
SSE_RESPONSES = {
    200: {"description": "a text/event-stream: a `game` message (the view now) unless resuming, then one "
                         "`event` message per new version: {version, event, game}; its id is the version",
          "content": {"text/event-stream": {"schema": {"type": "string"}}}},
    204: {"description": "the game is over and the client has seen its last event"},
}


def encode(message: Message) -> str:
    """One message in the text/event-stream format."""
    if message.data is None:
        return f": {message.comment}\n\n"
    lines = [f"event: {message.event}"] if message.event else []
    if message.id is not None:
        lines.append(f"id: {message.id}")
    lines.append("data: " + json.dumps(message.data, separators=(",", ":")))
    return "\n".join(lines) + "\n\n"


def event_stream(messages: Iterable[Message]) -> Iterator[str]:
    yield f"retry: {RETRY_MS}\n\n"
    for message in messages:
        yield encode(message)


def resume_point() -> tuple[int | None, str]:
    """The last version the client saw (the Last-Event-ID header, or `?after=`), and which of the
    two said so; a version is a whole number of at most 64 bits."""
    field = "Last-Event-ID" if request.headers.get("Last-Event-ID") else "after"
    raw = request.headers.get("Last-Event-ID") or request.args.get("after")
    if raw is None or raw == "":
        return None, field
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 19 or int(raw) > INT64_MAX:
        raise InvalidRequest(f"{field} is the version last seen, a whole number from 0 to {INT64_MAX}, "
                             f"not {raw[:40]!r}", field)
    return int(raw), field


def streaming(messages: Iterable[Message]) -> Response:
    return Response(
        stream_with_context(event_stream(messages)),
        mimetype="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


@blp.route("/<uuid:game_id>/stream")
class Stream(MethodView):
    @blp.doc(security=BEARER, responses=SSE_RESPONSES)
    def get(self, game_id: UUID):
        """Each new event as the asker may see it, with the version and the asker's whole view."""
        after, field = resume_point()
        stream = GameStream(chronicle().store, game_id, bearer_token(), after,
                            current_app.config["CHRONICLE_STREAM_PACE"])
        if after is not None and after > stream.start.version:
            # Refused before the stream starts: a version the game has not reached cannot be resumed.
            raise InvalidRequest(f"{field} {after} is beyond the game's version {stream.start.version}: "
                                 "send the last version you saw", field)
        if stream.already_over():
            return Response(status=204)
        return streaming(stream.messages())
