"""Stopping the API gracefully: on SIGTERM, the requests in flight finish, and every live stream
sends what it has, tells its client to come back (an SSE `retry:`) and ends, so that the server
is idle before its graceful timeout and each client resumes, with Last-Event-ID, on the server
started next (or another API host).

gunicorn's worker (web.http_workers) calls `begin` when SIGTERM reaches it, then stops accepting
connections and waits for those open to finish; the streams' pace carries the `stopping` event
they end on (services.live.streams), and the news wakes them all at once.
"""

from __future__ import annotations

import logging

from flask import Flask

log = logging.getLogger(__name__)

# What a stream ended by a shutdown says last: come back after this many milliseconds, about as
# long as a restart takes (an EventSource waits that long before it reconnects).
RETRY_AFTER_SHUTDOWN_MS = 2000


def begin(app: Flask) -> None:
    """Tell every live stream of the app to end: at once, from any thread or greenlet."""
    pace = app.config["CHRONICLE_STREAM_PACE"]
    if pace.stopping.is_set():
        return
    pace.stopping.set()
    chronicle = app.extensions["chronicle"]
    log.info("stopping: %s live streams are told to come back", chronicle.news.open_watches())
    chronicle.news.wake_every_stream()


def farewell() -> bytes:
    """The last message of a stream ended by a shutdown: when to reconnect, and why."""
    return f": the server is stopping; reconnect and resume\nretry: {RETRY_AFTER_SHUTDOWN_MS}\n\n".encode()
