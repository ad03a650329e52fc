"""gunicorn's workers as the API runs them, answering even the refusals gunicorn makes by itself
as problems (application/problem+json), like every other error of the service.

gunicorn reads a request line of at most LIMIT_REQUEST_LINE bytes, and at most LIMIT_REQUEST_FIELDS
header fields of LIMIT_REQUEST_FIELD_SIZE bytes each (web.request_limits states them,
cli.server_process passes them to gunicorn). Past them it stops reading, and answers 414 or 431
before the app sees the request, with an HTML page of its own; these workers answer the same statuses as problems instead. The limits stay gunicorn's, so
an over-long request is never read further than they allow.

The gevent worker also hands the app each GET's socket as a wire (`environ["chronicle.wire"]`), framed
as gunicorn frames the answer's body: the live streams that have caught up with their game share
each move's bytes through it (services.live.audiences), written once per audience, not once per
stream through the app's iterator.

This module is loaded by gunicorn's arbiter before the gevent worker patches the standard library:
it imports no more than gunicorn's own workers, web.problem_types and web.request_limits.
"""

from __future__ import annotations

import json
import os
import threading

import gevent
from http import HTTPStatus

from gunicorn.http import wsgi as gunicorn_wsgi
from gunicorn.http.errors import LimitRequestHeaders, LimitRequestLine
from gunicorn.util import write_nonblock
from gunicorn.workers.ggevent import GeventWorker
from gunicorn.workers.gthread import ThreadWorker

from web import problem_types as kinds
from web.request_limits import LIMIT_REQUEST_FIELD_SIZE, LIMIT_REQUEST_FIELDS, LIMIT_REQUEST_LINE


def limit_problem(error: Exception) -> tuple[kinds.Kind, str, str] | None:
    """The problem answering a request gunicorn refused for its size: kind, detail, field."""
    if isinstance(error, LimitRequestLine):
        return (kinds.URI_TOO_LONG, f"the request line (method, path and query) is longer than the "
                f"{LIMIT_REQUEST_LINE} bytes the service reads", "request line")
    if isinstance(error, LimitRequestHeaders):
        return (kinds.HEADERS_TOO_LARGE, f"the request's headers are more than the service reads: at most "
                f"{LIMIT_REQUEST_FIELDS} fields of {LIMIT_REQUEST_FIELD_SIZE} bytes each", "headers")
    return None


def problem_bytes(kind: kinds.Kind, detail: str, field: str) -> bytes:
    """A whole HTTP response carrying the problem; the connection closes after it, as gunicorn's does."""
    body = json.dumps({"type": kind.type, "title": kind.title, "status": kind.status, "detail": detail,
                       "field": field}).encode()
    head = (f"HTTP/1.1 {kind.status} {HTTPStatus(kind.status).phrase}\r\nConnection: close\r\n"
            f"Content-Type: application/problem+json\r\nContent-Length: {len(body)}\r\n\r\n")
    return head.encode("latin-1") + body


class ProblemAnswers:
    """A worker's error handling, with gunicorn's refusals of an over-long request as problems."""

    def handle_error(self, req, client, addr, exc):
        refused = limit_problem(exc)
        if refused is None:
            return super().handle_error(req, client, addr, exc)
        self.log.warning("Invalid request from ip=%s: %s", (addr or ("",))[0], exc)
        try:
            write_nonblock(client, problem_bytes(*refused))
        except OSError:
            self.log.debug("Failed to send error message.")


class StopsStreams:
    """A worker that, on SIGTERM, tells the app's live streams to end (web.shutdown) before it
    stops accepting connections and waits for those open to finish."""

    def handle_exit(self, sig, frame):
        super().handle_exit(sig, frame)
        from web.shutdown import begin  # loaded with the app, after the worker patched the library

        app = getattr(self.wsgi, "app", self.wsgi)
        if hasattr(app, "extensions"):
            self.soon(begin, app)

    def soon(self, work, *args) -> None:
        """Run `work` out of the signal handler, which must not block."""
        threading.Thread(target=work, args=args, daemon=True, name="shutdown").start()


WIRE = "chronicle.wire"  # the environ's key for a request's SocketWire


class SocketWire:
    """The socket of an HTTP/1 answer, for messages that many live streams share
    (services.live.audiences): framed as gunicorn frames what the app yields, once the headers
    are out, and written straight to the socket, without waiting when asked to."""

    def __init__(self, response: gunicorn_wsgi.Response):
        self.response = response
        self.fd = response.sock.fileno()

    @property
    def framing(self) -> bool:
        return self.response.chunked

    def frame(self, payload: bytes) -> bytes:
        return b"%X\r\n%s\r\n" % (len(payload), payload) if self.response.chunked else payload

    def send_now(self, data: bytes) -> int:
        # gevent keeps the socket non-blocking: a plain write never waits, and costs no more than
        # the system call (the path of ten thousand writes a move).
        try:
            return os.write(self.fd, data)
        except BlockingIOError:
            return 0

    def send_all(self, data: bytes) -> None:
        self.response.sock.sendall(data)


class WithWire:
    """The app, given each HTTP/1 GET's SocketWire in its environ (HTTP/2 frames differ, and the
    answer to a HEAD carries no body: none)."""

    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        response = getattr(start_response, "__self__", None)
        if type(response) is gunicorn_wsgi.Response and environ.get("REQUEST_METHOD") == "GET":
            environ[WIRE] = SocketWire(response)
        return self.app(environ, start_response)


class ProblemGeventWorker(StopsStreams, ProblemAnswers, GeventWorker):
    """gunicorn's gevent worker (the API's): each request and each open stream a greenlet; a
    stream's socket is there for the writes its audience shares (WithWire)."""

    def load_wsgi(self):
        super().load_wsgi()
        self.wsgi = WithWire(self.wsgi)

    def soon(self, work, *args) -> None:
        # gevent runs a signal handler as a callback of its loop, where starting a thread (which
        # waits for it to start) may not block: a greenlet of its own instead.
        gevent.spawn(work, *args)


class ProblemThreadWorker(StopsStreams, ProblemAnswers, ThreadWorker):
    """gunicorn's gthread worker, for the benchmarks that compare it."""
