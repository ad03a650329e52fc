"""Errors as RFC 9457 problem details, translated to HTTP in this one place.

400: the request itself is malformed (bad JSON, a missing or mistyped field).
401: no seat token where one is needed. 403: a wrong token, or a seat that is not to act.
404: no such game or step. 409: a stale expected_version. 422: the rules refuse the action.
Anything unexpected is logged and answered 500 as a problem, never as an HTML page.
"""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask, jsonify
from werkzeug.exceptions import HTTPException

from domain.errors import GameOver, IllegalAction, NotYourTurn
from services.errors import (
    Forbidden, GameNotFound, InvalidRequest, NotFinished, SeatTaken, StaleVersion, StepNotFound,
)

log = logging.getLogger(__name__)

PROBLEM_JSON = "application/problem+json"


class Unauthorized(Exception):
    """A request that needs a seat's token came without one."""


def problem(status: int, kind: str, title: str, detail: str, **extra: Any):
    body = {"type": f"/problems/{kind}", "title": title, "status": status, "detail": detail}
    body.update({key: value for key, value in extra.items() if value is not None})
    response = jsonify(body)
    response.status_code = status
    response.content_type = PROBLEM_JSON
    return response


def http_problem(error: HTTPException):
    """Werkzeug and webargs errors (routing, bad JSON, schema validation) as problems."""
    status = error.code or 500
    data = getattr(error, "data", None) or {}
    messages = data.get("messages")
    if messages:
        # webargs nests messages by location ("json", "query"); the field names are what matter.
        errors = {}
        for location, found in messages.items():
            if isinstance(found, dict):
                errors.update(found)
            else:  # a whole-body error, such as JSON that does not parse
                errors[location] = found
        if status == 422:
            status = 400  # a schema error is a malformed request; 422 is kept for the rules
        detail = "; ".join(f"{field}: {' '.join(map(str, msgs)) if isinstance(msgs, list) else msgs}" for field, msgs in errors.items())
        return problem(status, "invalid-request", "Invalid request", detail, errors=errors)
    return problem(status, error.name.lower().replace(" ", "-"), error.name, error.description or error.name)


def register(app: Flask) -> None:
    """Install the handlers that turn every error into a problem."""

    @app.errorhandler(IllegalAction)
    def illegal(error: IllegalAction):
        return problem(422, "illegal-action", "Illegal action", error.reason, rule=error.rule)

    @app.errorhandler(GameOver)
    def over(error: GameOver):
        return problem(422, "game-over", "Game over", error.reason, rule=error.rule)

    @app.errorhandler(NotYourTurn)
    def not_your_turn(error: NotYourTurn):
        return problem(403, "not-your-turn", "Not your turn", error.reason, rule=error.rule)

    @app.errorhandler(Forbidden)
    def forbidden(error: Forbidden):
        return problem(403, "forbidden", "Forbidden", error.reason, field=error.field)

    @app.errorhandler(Unauthorized)
    def unauthorized(error: Unauthorized):
        response = problem(401, "unauthorized", "Unauthorized", str(error), field="Authorization")
        response.headers["WWW-Authenticate"] = "Bearer"
        return response

    @app.errorhandler(GameNotFound)
    @app.errorhandler(StepNotFound)
    def not_found(error):
        return problem(404, "not-found", "Not found", error.reason, field=error.field)

    @app.errorhandler(StaleVersion)
    def stale(error: StaleVersion):
        return problem(409, "stale-version", "Stale version", error.reason, field=error.field, current_version=error.current)

    @app.errorhandler(SeatTaken)
    def seat_taken(error: SeatTaken):
        return problem(409, "seat-taken", "Seat taken", error.reason, field=error.field)

    @app.errorhandler(NotFinished)
    def not_finished(error: NotFinished):
        return problem(409, "not-finished", "Game not finished", error.reason, field=error.field)

    @app.errorhandler(InvalidRequest)
    def invalid(error: InvalidRequest):
        return problem(400, "invalid-request", "Invalid request", error.reason, field=error.field)

    @app.errorhandler(HTTPException)
    def http(error: HTTPException):
        return http_problem(error)

    @app.errorhandler(Exception)
    def unexpected(error: Exception):
        log.exception("unexpected error")
        return problem(500, "internal-error", "Internal error", "the server failed; the error is logged")
