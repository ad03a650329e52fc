"""The API's blueprint class: schema errors answered 400 (422 is kept for the rules)."""

from flask_smorest import Blueprint as SmorestBlueprint
from webargs.flaskparser import FlaskParser


class Parser(FlaskParser):
    DEFAULT_VALIDATION_STATUS = 400


class Blueprint(SmorestBlueprint):
    ARGUMENTS_PARSER = Parser()


BEARER = [{"bearerAuth": []}, {}]
