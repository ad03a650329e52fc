"""The API's blueprint class (schema errors answered 400; 422 is kept for the rules; every JSON
body read through web.bodies; every operation's errors documented as problems), and the services
every view reaches."""

import marshmallow as ma
from flask import current_app
from flask_smorest import Blueprint as SmorestBlueprint
from webargs import core
from webargs.flaskparser import FlaskParser, is_json_request
from werkzeug.exceptions import RequestEntityTooLarge, UnsupportedMediaType

from web import bodies
from web.chronicle import Chronicle
from web.openapi import EVERY_OPERATION, Problem, problem_response


def json_body(req):
    """The request's JSON body, read through web.bodies' checks; `core.missing` when there is none."""
    if not is_json_request(req):
        if req.content_length or req.content_type:
            # A body in another form would otherwise be ignored, and answered as if missing.
            raise UnsupportedMediaType(f"send the body as application/json, not {req.mimetype or 'untyped'}")
        return core.missing
    raw = req.get_data(cache=True)
    if not req.content_length and len(raw) >= bodies.MAX_BODY_BYTES:
        # A body of no stated length (chunked) is read up to the limit and no further, so one
        # that fills it may be longer: refused as one that says it is.
        raise RequestEntityTooLarge()
    return bodies.load_json(raw)


class Parser(FlaskParser):
    DEFAULT_VALIDATION_STATUS = 400
    # A query parameter the operation does not know (a typo: `?stauts=`) is refused, naming it.
    DEFAULT_UNKNOWN_BY_LOCATION = {**FlaskParser.DEFAULT_UNKNOWN_BY_LOCATION,
                                   "query": ma.RAISE, "querystring": ma.RAISE}

    def _raw_load_json(self, req):
        return json_body(req)


class Blueprint(SmorestBlueprint):
    ARGUMENTS_PARSER = Parser()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._prepare_doc_cbks.append(self._prepare_server_error_doc)

    def problems(self, *statuses: int, kinds: dict | None = None, **described: str):
        """Document the problems an operation answers with: each status in `statuses` with its usual
        meaning (web.openapi.USUAL), and `s404="..."` (and so on) with a meaning of its own;
        `kinds` names a status' kind of problem where it is not the usual one (its example's)."""
        meanings = {status: None for status in statuses}
        meanings.update({int(name.lstrip("s")): text for name, text in described.items()})

        def decorator(func):
            for status, text in sorted(meanings.items(), reverse=True):
                func = self.alt_response(status, **problem_response(status, text, (kinds or {}).get(status)))(func)
            return func

        return decorator

    @staticmethod
    def documented(*decorators):
        """Document an operation as `decorators` (arguments, response, problems) would, without
        their work at run time: for a hot route that reads its body and answers by itself."""

        def decorator(func):
            shadow = func
            for documenting in reversed(decorators):
                shadow = documenting(shadow)
            func._apidoc = shadow._apidoc
            return func

        return decorator

    @staticmethod
    def _prepare_server_error_doc(doc, doc_info, **kwargs):
        """Every operation may fail (500), and any request may be too long (414, 431): problems too."""
        responses = doc.setdefault("responses", {})
        for status in EVERY_OPERATION:
            if status not in responses and str(status) not in responses:
                response = problem_response(status)
                responses[status] = {"description": response["description"], "content": {
                    response["content_type"]: {"schema": Problem, "example": response["example"]}}}
        return doc


BEARER = [{"bearerAuth": []}, {}]


def chronicle() -> Chronicle:
    """The services and read models of the running app."""
    return current_app.extensions["chronicle"]
