"""The Flask application factory: the API, its OpenAPI document, the docs page, and the viewer."""

from __future__ import annotations

import gc
import json
import logging
import os
from pathlib import Path
from types import FunctionType
from typing import Mapping

import swagger_ui_bundle
from flask import Flask, send_from_directory
from flask.json.provider import DefaultJSONProvider

from projections.database import ProjectionDatabase
from services.compose import Services, build
from services.log.store_place import StorePlace
from services.live.streams import LIFETIME_SECONDS, SAFETY_SECONDS, Pace
from web.api import (
    analysis as api_analysis, audit as api_audit, challenges as api_challenges, disputes as api_disputes, email as api_email, games as api_games,
    play as api_play,
    players as api_players, ratings as api_ratings, replay as api_replay, rules as api_rules, seats as api_seats,
    stream as api_stream, tournaments as api_tournaments,
)
from services.observe import logs
from web import health, limits, metrics, problems, request_log
from web.pages import email_pages, problem_pages, rating_pages, tournament_pages, viewer
from web.bodies import MAX_BODY_BYTES
from web.chronicle import Chronicle
from web.openapi import DESCRIPTION, ProblemApi

SWAGGER_UI = "/static/swagger-ui/"
PROJECTIONS_FILE = "projections.sqlite"  # this host's read models, in its data folder


def projection_path(services: Services) -> str:
    if services.data_dir is None:
        return ":memory:"
    return str(Path(services.data_dir) / PROJECTIONS_FILE)


class OneEncoderJSON(DefaultJSONProvider):
    """Flask's JSON, its compact answers written by one encoder made once: `json.dumps`, given
    arguments, makes a new encoder for every answer. The same settings, so the same text."""

    COMPACT = {"separators": (",", ":")}  # what Flask's `response` asks of `dumps` out of debug mode

    def __init__(self, app: Flask) -> None:
        super().__init__(app)
        self._compact: tuple[tuple, json.JSONEncoder] | None = None

    def dumps(self, obj, **kwargs) -> str:
        if kwargs != self.COMPACT:
            return super().dumps(obj, **kwargs)
        settings = (self.default, self.ensure_ascii, self.sort_keys)  # as `dumps` would read them now
        if self._compact is None or self._compact[0] != settings:
            self._compact = settings, json.JSONEncoder(default=self.default, ensure_ascii=self.ensure_ascii,
                                                       sort_keys=self.sort_keys, **self.COMPACT)
        return self._compact[1].encode(obj)


class ChronicleFlask(Flask):
    """Flask, asking once per function whether it is a coroutine function (Flask asks for every
    view and every hook of every request: a tenth of a move's calls, for an answer that never
    changes); its JSON written by one encoder."""

    json_provider_class = OneEncoderJSON

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.sync_functions: dict = {}  # plain functions, by themselves: the program's own, so bounded

    def ensure_sync(self, func):
        plain = getattr(func, "__func__", func)  # a bound method (a view's, made per request): its function
        if type(plain) is not FunctionType:
            return super().ensure_sync(func)
        if (known := self.sync_functions.get(plain)) is None:
            known = self.sync_functions[plain] = super().ensure_sync(plain) is plain
        return func if known else super().ensure_sync(func)


def create_app(env: Mapping[str, str] | None = None, services: Services | None = None) -> Flask:
    """Build the app; `env` overrides the process environment (see services.compose)."""
    settings = os.environ if env is None else env
    logs.configure(settings)
    services = services or build(env)
    app = ChronicleFlask(__name__)
    app.config.update(
        API_TITLE="Tabletop Chronicle",
        API_VERSION="1",
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
        OPENAPI_SWAGGER_UI_PATH="/docs",
        OPENAPI_SWAGGER_UI_URL=SWAGGER_UI,
        JSON_SORT_KEYS=False,
        MAX_CONTENT_LENGTH=MAX_BODY_BYTES,  # a larger body is refused 413 before it is read
        CHRONICLE_STREAM_PACE=Pace(lifetime=float(settings.get("CHRONICLE_STREAM_SECONDS", LIFETIME_SECONDS)),
                                   safety=float(settings.get("CHRONICLE_STREAM_SAFETY_SECONDS", SAFETY_SECONDS))),
    )
    api = ProblemApi(app, spec_kwargs={"info": {"description": DESCRIPTION}})
    api.spec.components.security_scheme("bearerAuth", {"type": "http", "scheme": "bearer"})
    for module in (api_games, api_play, api_replay, api_stream, api_audit, api_disputes, api_players, api_seats,
                   api_rules, api_ratings, api_challenges, api_email, api_analysis, api_tournaments):
        api.register_blueprint(module.blp)
    problems.register(app)
    app.extensions["chronicle"] = Chronicle.over(services, ProjectionDatabase(projection_path(services)))

    @app.get(SWAGGER_UI + "<path:filename>")
    def swagger_ui(filename: str):
        return send_from_directory(swagger_ui_bundle.swagger_ui_path, filename)

    app.register_blueprint(viewer.blp)  # "/" (the game list) and /games/{id} (the table viewer)
    app.register_blueprint(rating_pages.blp)  # /leaderboards/{game} and /players/{id}
    app.register_blueprint(tournament_pages.blp)  # /tournaments and /tournaments/{id}
    app.register_blueprint(email_pages.blp)  # /email/confirm/<token> and /email/unsubscribe/<token>
    app.register_blueprint(problem_pages.blp)  # /problems/<kind>: what each problem's `type` explains
    limits.install(app, services, settings)  # rate limits and open streams per key and per address

    health.register(app, settings, services.bots)  # /healthz, /readyz
    request_log.register(app)  # a line per request, under its X-Request-Id
    metrics.register(app)  # requests counted for /metrics, served on a port of its own (services.observe.exposition)
    logging.getLogger(__name__).info("event store: %s", StorePlace(dict(services.store.env), services.persistence).describe())
    return app


def settle_heap() -> None:
    """Once a serving process has loaded everything (modules, schemas, the app), move what it
    holds out of the garbage collector's sight: it lives as long as the process, and a full
    collection during a request would otherwise walk all of it (66 ms, once every few hundred
    moves, in bench.move_instructions' process) rather than what requests made since."""
    gc.freeze()
