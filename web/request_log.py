"""One log line per request (method, route template, status, milliseconds) under its request id:
the client's X-Request-Id if sane, else a new one, echoed in the response's X-Request-Id and
carried into the jobs the request causes (services.observe.logs). The route template, not the
path: no query string (where a token might be) is ever logged."""

from __future__ import annotations

import logging
import time

from flask import Flask, g, request

from services.observe.logs import REQUEST_ID, accepted_or_new

log = logging.getLogger("chronicle.requests")
HEADER = "X-Request-Id"


def register(app: Flask) -> None:
    @app.before_request
    def take_request_id() -> None:
        g.request_id_token = REQUEST_ID.set(accepted_or_new(request.headers.get(HEADER)))
        g.request_log_started = time.perf_counter()

    @app.after_request
    def log_request(response):
        request_id = REQUEST_ID.get()
        if request_id is not None:
            response.headers[HEADER] = request_id
        began = g.get("request_log_started")
        ms = (time.perf_counter() - began) * 1000 if began is not None else 0.0
        asked = request._get_current_object()  # the request itself: each read through the proxy costs a lookup
        route = asked.url_rule.rule if asked.url_rule is not None else "unmatched"
        method, status = asked.method, response.status_code
        log.info("%s %s %s %.1f ms", method, route, status, ms,
                 extra={"method": method, "route": route, "status": status, "ms": round(ms, 1)})
        return response

    @app.teardown_request
    def forget_request_id(_error) -> None:
        token = g.pop("request_id_token", None)
        if token is not None:
            REQUEST_ID.reset(token)
