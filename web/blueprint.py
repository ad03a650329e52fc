"""The API's blueprint class (schema errors answered 400; 422 is kept for the rules), and the
services every view reaches."""

from flask import current_app
from flask_smorest import Blueprint as SmorestBlueprint
from webargs.flaskparser import FlaskParser


class Parser(FlaskParser):
    DEFAULT_VALIDATION_STATUS = 400


class Blueprint(SmorestBlueprint):
    ARGUMENTS_PARSER = Parser()


BEARER = [{"bearerAuth": []}, {}]


def chronicle():
    """The services of the running app (see web.app.Chronicle)."""
    return current_app.extensions["chronicle"]
