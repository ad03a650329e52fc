"""Errors as RFC 9457 problem details, translated to HTTP in this one place.

400: the request itself is malformed (bad JSON, a missing or mistyped field, a value out of range).
401: no seat token where one is needed. 403: a wrong token, or a seat that is not to act.
404: no such game or step. 409: a stale expected_version, a seat taken, a game not yet over.
413: a body over the size limit. 415: a body that is not JSON. 422: the rules refuse the action,
or a record (of disputes, of what-ifs) holds no more.
Anything unexpected is logged and answered 500 as a problem, never as an HTML page. Each kind of
problem is explained at its `type` URL (web.problem_types, web.pages.problem_pages).
"""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask, jsonify
from werkzeug.exceptions import HTTPException, MethodNotAllowed, RequestEntityTooLarge

from domain.errors import GameOver, IllegalAction, NotYourTurn
from services.errors import (
    AnalysisRefused, BotAccountRule, ChallengeClosed, Forbidden, GameNotFound, InvalidRequest, LimitReached, NotFinished, NotFound, SeatTaken, StaleVersion,
    TournamentRefused,
    StepNotFound,
)
from web import problem_types as kinds
from web.bodies import MAX_BODY_BYTES

log = logging.getLogger(__name__)

PROBLEM_JSON = "application/problem+json"


class Unauthorized(Exception):
    """A request that needs a seat's token came without one."""


def problem(kind: kinds.Kind, detail: str, status: int | None = None, **extra: Any):
    status = status or kind.status
    body = {"type": kind.type, "title": kind.title, "status": status, "detail": detail}
    body.update({key: value for key, value in extra.items() if value is not None})
    response = jsonify(body)
    response.status_code = status
    response.content_type = PROBLEM_JSON
    return response


def field_paths(messages: Any, prefix: str = "") -> dict[str, str]:
    """Marshmallow's nested messages as `{"seats[1].bot": "Not a valid string."}`."""
    if not isinstance(messages, dict):
        text = " ".join(map(str, messages)) if isinstance(messages, list) else str(messages)
        return {prefix or "body": text}
    paths: dict[str, str] = {}
    for key, found in messages.items():
        if key == "_schema":
            where = prefix or "body"
        elif isinstance(key, int) or str(key).isdigit():
            where = f"{prefix}[{key}]"
        else:
            where = f"{prefix}.{key}" if prefix else str(key)
        paths.update(field_paths(found, where))
    return paths


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
            else:  # a whole-body error
                errors[location] = found
        paths = field_paths(errors)
        detail = "; ".join(f"{field}: {why}" for field, why in paths.items())
        return problem(kinds.INVALID_REQUEST, detail, field=next(iter(paths)), errors=errors)
    if isinstance(error, RequestEntityTooLarge):
        return problem(kinds.TOO_LARGE, f"a request body holds at most {MAX_BODY_BYTES // 1024} KiB", field="body")
    kind = kinds.BY_STATUS.get(status, kinds.HTTP_ERROR)
    response = problem(kind, error.description or error.name, status=status)
    if isinstance(error, MethodNotAllowed) and error.valid_methods:
        response.headers["Allow"] = ", ".join(error.valid_methods)
    return response


def register(app: Flask) -> None:
    """Install the handlers that turn every error into a problem."""

    @app.errorhandler(IllegalAction)
    def illegal(error: IllegalAction):
        return problem(kinds.ILLEGAL_ACTION, error.reason, rule=error.rule)

    @app.errorhandler(GameOver)
    def over(error: GameOver):
        return problem(kinds.GAME_OVER, error.reason, rule=error.rule)

    @app.errorhandler(NotYourTurn)
    def not_your_turn(error: NotYourTurn):
        return problem(kinds.NOT_YOUR_TURN, error.reason, rule=error.rule)

    @app.errorhandler(Forbidden)
    def forbidden(error: Forbidden):
        return problem(kinds.FORBIDDEN, error.reason, field=error.field)

    @app.errorhandler(Unauthorized)
    def unauthorized(error: Unauthorized):
        response = problem(kinds.UNAUTHORIZED, str(error), field="Authorization")
        response.headers["WWW-Authenticate"] = "Bearer"
        return response

    @app.errorhandler(GameNotFound)
    @app.errorhandler(StepNotFound)
    @app.errorhandler(NotFound)
    def not_found(error):
        return problem(kinds.NOT_FOUND, error.reason, field=error.field)

    @app.errorhandler(StaleVersion)
    def stale(error: StaleVersion):
        return problem(kinds.STALE_VERSION, error.reason, field=error.field, current_version=error.current)

    @app.errorhandler(SeatTaken)
    def seat_taken(error: SeatTaken):
        return problem(kinds.SEAT_TAKEN, error.reason, field=error.field)

    @app.errorhandler(NotFinished)
    def not_finished(error: NotFinished):
        return problem(kinds.NOT_FINISHED, error.reason, field=error.field)

    @app.errorhandler(LimitReached)
    def limit_reached(error: LimitReached):
        return problem(kinds.LIMIT_REACHED, error.reason, field=error.field, limit=error.limit)

    @app.errorhandler(ChallengeClosed)
    def challenge_closed(error: ChallengeClosed):
        return problem(kinds.CHALLENGE_CLOSED, error.reason, field=error.field, challenge_status=error.status)

    @app.errorhandler(BotAccountRule)
    def bot_account(error: BotAccountRule):
        return problem(kinds.BOT_ACCOUNT, error.reason, field=error.field, rule=error.rule)

    @app.errorhandler(AnalysisRefused)
    def analysis_refused(error: AnalysisRefused):
        return problem(kinds.ANALYSIS_REFUSED, error.reason, field=error.field, rule=error.rule)

    @app.errorhandler(TournamentRefused)
    def tournament_refused(error: TournamentRefused):
        return problem(kinds.TOURNAMENT_REFUSED, error.reason, field=error.field, rule=error.rule)

    @app.errorhandler(InvalidRequest)
    def invalid(error: InvalidRequest):
        return problem(kinds.INVALID_REQUEST, error.reason, field=error.field)

    @app.errorhandler(HTTPException)
    def http(error: HTTPException):
        return http_problem(error)

    @app.errorhandler(Exception)
    def unexpected(error: Exception):
        log.exception("unexpected error")
        return problem(kinds.INTERNAL_ERROR, "the server failed; the error is logged")
